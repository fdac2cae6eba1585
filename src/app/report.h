/*
 * report.h - the app's messages on standard error, made safe for the
 * terminal: whatever they quote (a path, a tag of a file, an argument,
 * TERM) goes out with its control characters escaped (bigchess/text.h),
 * so a file can never send the terminal a command through a message.
 */
#ifndef BIGCHESS_REPORT_H
#define BIGCHESS_REPORT_H

#include <stdarg.h>
#include <stdio.h>

/*
 * The flags for bc_text_sanitise that suit standard error: BC_TEXT_ASCII
 * unless the locale's character set (LANG, LC_ALL, LC_CTYPE) is UTF-8,
 * since on a terminal of another set the bytes of UTF-8 can be C1
 * controls.  Leaves the program's own locale alone.
 */
unsigned report_flags(void);

/*
 * The formatted text, sanitised with `flags`, as a new string (free it);
 * NULL if there is no memory for it.
 */
char *report_vformat(unsigned flags, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* Writes the formatted text to `f`, sanitised, with nothing added. */
void report_vprint(FILE *f, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* One error line on stderr: "bigchess: " and the formatted text. */
void report_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

#endif
