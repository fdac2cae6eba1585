/*
 * nothread.c - linked into bigchess-nothread (see the Makefile) with
 * -Wl,--wrap=pthread_create: every thread the program asks for is
 * refused with EAGAIN, as under a process limit (RLIMIT_NPROC, which
 * root does not feel, so the tests cannot simply set it).  Each call
 * appends one line to the file named by BIGCHESS_THREAD_LOG, if set, so
 * that suite nothread can count the attempts.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* The linker's name for the wrapped call (ld --wrap). */
/* NOLINTBEGIN(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
int __wrap_pthread_create(pthread_t *thread, const pthread_attr_t *attr,
    void *(*start)(void *), void *arg);

int
__wrap_pthread_create(pthread_t *thread, const pthread_attr_t *attr,
    void *(*start)(void *), void *arg)
/* NOLINTEND(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
{
	const char *log = getenv("BIGCHESS_THREAD_LOG");

	(void)thread;
	(void)attr;
	(void)start;
	(void)arg;
	if (log && *log) {
		FILE *f = fopen(log, "a");

		if (f) {
			fputs("pthread_create\n", f);
			fclose(f);
		}
	}
	return EAGAIN;
}
