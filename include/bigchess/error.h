/*
 * error.h - status codes and error details of the bigchess rules library.
 *
 * Every fallible function returns an int status: BC_OK (zero) or a negative
 * BC_E... code.  Functions that parse text also fill an optional bc_error
 * with the byte offset of the problem and a one-line message.
 */
#ifndef BIGCHESS_ERROR_H
#define BIGCHESS_ERROR_H

#include <stddef.h>

enum bc_status {
	BC_OK = 0,
	BC_ESYNTAX = -1,    /* text does not parse */
	BC_EINVALID = -2,   /* parses, but describes an impossible position */
	BC_EILLEGAL = -3,   /* a move that is not legal here */
	BC_EAMBIGUOUS = -4, /* move text that matches several legal moves */
	BC_ERANGE = -5,     /* a number or size out of range */
	BC_ENOMEM = -6,     /* out of memory */
	BC_EVARIANT = -7,   /* unknown variant name */
	BC_EGAMEOVER = -8,  /* the game has ended */
	BC_ENOTFOUND = -9   /* nothing to undo, redo or return */
};

enum { BC_ERROR_MESSAGE_MAX = 160 };

/*
 * Details of a failure: the code, where in the input, and what went
 * wrong.  The message is one line of printable text: what it quotes of
 * the input has its control characters and bad UTF-8 escaped (text.h).
 */
typedef struct bc_error {
	int code;
	size_t offset;
	char message[BC_ERROR_MESSAGE_MAX];
} bc_error;

/* Returns a static, human-readable description of status code `code`. */
const char *bc_strerror(int code);

#endif
