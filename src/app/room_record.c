/*
 * room_record.c - the room's record: the game with the room's tags
 * (room_record.h).  The tags go after the ones savegame_format writes,
 * before the moves; reading takes them back with the PGN reader, and
 * whatever a tag holds is checked as the protocol checks a peer's line,
 * since the file may have been edited by anyone who can write it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "room_record.h"

static const char guest_tag[] = "BigchessRoomGuest";
static const char chat_tag[] = "BigchessRoomChat";

void
room_chat_add(struct room_chat *c, const char *login, const char *text)
{
	struct room_said *s;
	size_t n;

	if (c->count == ROOM_CHAT_BACKLOG) {
		c->first = (c->first + 1) % ROOM_CHAT_BACKLOG;
		c->count--;
	}
	s = &c->line[(c->first + c->count++) % ROOM_CHAT_BACKLOG];
	/* Copied by hand: the caller's strings may live in the same
	 * struct as `c` (a server's peer), which GCC's -Wrestrict cannot
	 * tell from an overlap. */
	n = strnlen(login, ROOM_LOGIN_MAX);
	memmove(s->login, login, n);
	s->login[n] = '\0';
	n = strnlen(text, ROOM_TEXT_MAX);
	memmove(s->text, text, n);
	s->text[n] = '\0';
}

const struct room_said *
room_chat_at(const struct room_chat *c, int i)
{
	return &c->line[(c->first + i) % ROOM_CHAT_BACKLOG];
}

/* A login as room_sock_login makes them: letters, digits, . - _. */
static bool
login_valid(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n > ROOM_LOGIN_MAX)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		    (*s >= '0' && *s <= '9') || *s == '.' || *s == '-' ||
		    *s == '_'))
			return false;
	return true;
}

/* Appends [name "value"] and a newline, PGN's escapes in the value. */
static size_t
put_tag(char *out, const char *name, const char *a, const char *b)
{
	size_t n = 0;

	n += (size_t)sprintf(out + n, "[%s \"", name);
	for (int part = 0; part < 2; part++) {
		const char *p = part ? b : a;

		if (!p)
			continue;
		if (part)
			out[n++] = ' ';
		for (; *p; p++) {
			if (*p == '"' || *p == '\\')
				out[n++] = '\\';
			out[n++] = *p;
		}
	}
	n += (size_t)sprintf(out + n, "\"]\n");
	return n;
}

int
room_record_format(const struct ui_saved *sv, const char *guest,
    const struct room_chat *c, char **out)
{
	/* A tag line: its name, two quotes and the brackets, a space, and
	 * every byte of a login and a chat line escaped. */
	enum { TAG_MAX = 32 + 2 * (ROOM_LOGIN_MAX + 1 + ROOM_TEXT_MAX) + 8 };
	char *game, *text, *at;
	size_t len, head, n = 0;
	int rc = savegame_format(sv, 1, &game);

	if (rc != BC_OK)
		return rc;
	len = strlen(game);
	/* The tags end at the first blank line (bc_pgn_write's layout). */
	at = strstr(game, "\n\n");
	head = at ? (size_t)(at - game) + 1 : len;
	text = malloc(len + (size_t)(1 + ROOM_CHAT_BACKLOG) * TAG_MAX + 1);
	if (!text) {
		free(game);
		return BC_ENOMEM;
	}
	memcpy(text, game, head);
	n = head;
	if (guest && login_valid(guest))
		n += put_tag(text + n, guest_tag, guest, NULL);
	for (int i = 0; c && i < c->count; i++) {
		const struct room_said *s = room_chat_at(c, i);

		if (login_valid(s->login) && room_text_valid(s->text))
			n += put_tag(text + n, chat_tag, s->login, s->text);
	}
	memcpy(text + n, game + head, len - head + 1);
	free(game);
	*out = text;
	return BC_OK;
}

/* Takes the room's tags from the PGN `data`. */
static void
read_tags(const char *data, size_t len, char *guest, size_t guestsize,
    struct room_chat *c)
{
	bc_pgn_game g;
	bc_error e;

	if (bc_pgn_read_nth(data, len, NULL, 1, &g, &e) != BC_OK)
		return;
	for (int i = 0; i < g.tag_count; i++) {
		const char *v = g.tags[i].value;

		if (!strcmp(g.tags[i].name, guest_tag) && login_valid(v)) {
			snprintf(guest, guestsize, "%s", v);
		} else if (!strcmp(g.tags[i].name, chat_tag)) {
			char login[ROOM_LOGIN_MAX + 1];
			const char *sp = strchr(v, ' ');
			size_t n = sp ? (size_t)(sp - v) : 0;

			if (!sp || n > ROOM_LOGIN_MAX)
				continue;
			memcpy(login, v, n);
			login[n] = '\0';
			if (login_valid(login) && room_text_valid(sp + 1))
				room_chat_add(c, login, sp + 1);
		}
	}
	bc_pgn_game_free(&g);
}

int
room_record_read(const char *dir, const char *file, struct savegame *g,
    char *guest, size_t guestsize, struct room_chat *c, char *err,
    size_t errsize)
{
	char path[SAVEGAME_PATH_MAX + ROOM_NAME_MAX + 16];
	int rc, fd;
	size_t len;
	char *data;

	guest[0] = '\0';
	memset(c, 0, sizeof *c);
	rc = savegame_read_autosave_as(dir, file, g, err, errsize);
	if (rc != 0)
		return rc;
	/* Read again for the tags savegame.c does not keep: the file was
	 * just found good, and a save in between replaces it whole. */
	snprintf(path, sizeof path, "%s/%s", dir, file);
	if ((fd = savegame_open(dir, file, err, errsize)) < 0)
		return 0;
	data = fileio_read_fd(fd, path, SAVEGAME_AUTOSAVE_MAX, &len, err,
	    errsize);
	if (data) {
		read_tags(data, len, guest, guestsize, c);
		free(data);
	}
	err[0] = '\0';
	return 0;
}
