/*
 * replay.c - runs a fuzz harness over files without libFuzzer: each
 * argument (a file, or a directory whose files are taken) is one input.
 * make test replays the seed corpora this way, with or without sanitizers.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int
replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t size = 0, cap = 0, n;

	if (!f) {
		perror(path);
		return -1;
	}
	for (;;) {
		if (size == cap) {
			uint8_t *grown;

			cap = cap ? cap * 2 : 4096;
			grown = realloc(data, cap);
			if (!grown) {
				fclose(f);
				free(data);
				return -1;
			}
			data = grown;
		}
		n = fread(data + size, 1, cap - size, f);
		if (n == 0)
			break;
		size += n;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(data, size);
	free(data);
	return 1;
}

static int
replay(const char *path)
{
	struct stat st;
	DIR *dir;
	struct dirent *e;
	int count = 0;

	if (stat(path, &st) != 0) {
		perror(path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return replay_file(path);
	dir = opendir(path);
	if (!dir) {
		perror(path);
		return -1;
	}
	while ((e = readdir(dir)) != NULL) {
		char file[4096];
		int n;

		if (e->d_name[0] == '.')
			continue;
		snprintf(file, sizeof file, "%s/%s", path, e->d_name);
		n = replay(file);
		if (n < 0) {
			closedir(dir);
			return -1;
		}
		count += n;
	}
	closedir(dir);
	return count;
}

int
main(int argc, char **argv)
{
	int total = 0;

	for (int i = 1; i < argc; i++) {
		int n = replay(argv[i]);

		if (n < 0)
			return 1;
		total += n;
	}
	if (total == 0) {
		fprintf(stderr, "%s: no input replayed\n", argv[0]);
		return 1;
	}
	printf("%s: %d inputs replayed\n", argv[0], total);
	return 0;
}
