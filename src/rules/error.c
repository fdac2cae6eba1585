/*
 * error.c - descriptions of the status codes.
 */
#include <string.h>

#include "bigchess/error.h"
#include "bigchess/text.h"
#include "internal.h"

const char *
bc_strerror(int code)
{
	switch (code) {
	case BC_OK:
		return "success";
	case BC_ESYNTAX:
		return "syntax error";
	case BC_EINVALID:
		return "invalid position";
	case BC_EILLEGAL:
		return "illegal move";
	case BC_EAMBIGUOUS:
		return "ambiguous move";
	case BC_ERANGE:
		return "value out of range";
	case BC_ENOMEM:
		return "out of memory";
	case BC_EVARIANT:
		return "unknown variant";
	case BC_EGAMEOVER:
		return "the game is over";
	case BC_ENOTFOUND:
		return "nothing there";
	}
	return "unknown error";
}

void
error_clean(bc_error *err)
{
	char raw[sizeof err->message];

	memcpy(raw, err->message, sizeof raw);
	bc_text_sanitise(err->message, sizeof err->message, raw,
	    strnlen(raw, sizeof raw), 0);
}
