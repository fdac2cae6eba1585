/*
 * rules_text.h - the built-in rules of each variant, shown by the rules
 * key (R) when man(1) or the variant's manual page is not there.  The
 * texts are assets/rules/<key>.txt, plain text in our own words, embedded
 * at build time by tools/embed-rules.
 */
#ifndef BIGCHESS_UI_RULES_TEXT_H
#define BIGCHESS_UI_RULES_TEXT_H

struct rules_text {
	const char *variant; /* the variant's key: "grand" */
	const char *text;    /* lines ending in '\n' */
};

extern const struct rules_text rules_texts[];
extern const int rules_text_count;

#endif
