/*
 * fuzz_room.c - the game rooms' line protocol (room_proto.c).  The input
 * is what a peer sends, cut into lines by the same assembler the room
 * uses; every line either is refused with a reason or reads as a
 * message that room_format writes back and that reads back the same.
 */
#include <string.h>

#include "app/room_proto.h"
#include "fuzz.h"

static void
check_line(const char *line, size_t len)
{
	struct room_msg m, again;
	char err[160], out[ROOM_LINE_MAX + 2], out2[ROOM_LINE_MAX + 2];
	int n, n2;

	err[0] = '\0';
	if (room_parse(line, len, &m, err, sizeof err) != 0) {
		FUZZ_ASSERT(err[0] != '\0' && !strchr(err, '\n'));
		return;
	}
	n = room_format(&m, out, sizeof out);
	FUZZ_ASSERT(n > 0 && out[n - 1] == '\n');
	FUZZ_ASSERT(room_parse(out, (size_t)n - 1, &again, err,
	    sizeof err) == 0);
	n2 = room_format(&again, out2, sizeof out2);
	FUZZ_ASSERT(n2 == n && memcmp(out, out2, (size_t)n) == 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct room_in in = { 0 };
	struct room_rate rate;
	size_t at = 0;
	int64_t now = 0;

	room_rate_init(&rate, now);
	while (at < size) {
		size_t took = room_in_feed(&in, (const char *)data + at,
		    size - at);

		FUZZ_ASSERT(took <= size - at);
		at += took;
		if (in.too_long)
			break;
		if (!room_in_line(&in))
			continue;
		FUZZ_ASSERT(in.len <= ROOM_LINE_MAX);
		check_line(in.line, in.len);
		/* Each line costs a token; the bucket never goes below 0. */
		(void)room_rate_take(&rate, now);
		FUZZ_ASSERT(rate.tokens >= 0 && rate.tokens <= ROOM_RATE_BURST);
		now += 7;
		room_in_next(&in);
	}
	return 0;
}
