#!/bin/sh
# hardening.sh - checks that the built binary carries the hardening the
# Makefile asks for, from what readelf reads in the file:
#
#   ELF type DYN                 a position-independent executable (-pie)
#   a GNU_RELRO segment          relocations made read-only (-z relro)
#   BIND_NOW / FLAGS_1 NOW       every symbol bound at start, so all of
#                                them are read-only at once (-z now)
#   __stack_chk_fail imported    the stack protector is compiled in
#   __*_chk functions imported   glibc's _FORTIFY_SOURCE size checks
#
# Skipped, with the reason, for SANITIZE builds (no _FORTIFY_SOURCE
# there) and HARDEN=0.
set -u
BIGCHESS=${BIGCHESS:-build/bigchess}
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

if [ -n "${SANITIZE:-}" ]; then
	echo "hardening: skipped: a SANITIZE build leaves _FORTIFY_SOURCE out"
	exit 0
fi
if [ "${HARDEN:-1}" = 0 ]; then
	echo "hardening: skipped: built with HARDEN=0"
	exit 0
fi
if ! command -v readelf >/dev/null 2>&1; then
	echo "hardening: FAIL: readelf (binutils) is needed" >&2
	exit 1
fi
if [ ! -f "$BIGCHESS" ]; then
	echo "hardening: FAIL: no binary at $BIGCHESS" >&2
	exit 1
fi

header=$(readelf -h "$BIGCHESS")
printf '%s\n' "$header" | grep -q '^ *Type: *DYN' && ok ||
    bad "$BIGCHESS is not a position-independent executable (ELF type: $(printf '%s\n' "$header" | grep 'Type:'))"

readelf -lW "$BIGCHESS" | grep -q '^ *GNU_RELRO ' && ok ||
    bad "$BIGCHESS has no GNU_RELRO segment (link with -z relro)"

dynamic=$(readelf -dW "$BIGCHESS")
printf '%s\n' "$dynamic" | grep -Eq '\(BIND_NOW\)|\(FLAGS\).*BIND_NOW|\(FLAGS_1\).*NOW' && ok ||
    bad "$BIGCHESS binds symbols lazily (link with -z now)"

# The imported functions, by name (versions such as @GLIBC_2.4 cut off).
symbols=$(readelf -sW --dyn-syms "$BIGCHESS" | awk '$7 == "UND" { sub(/@.*/, "", $8); print $8 }' | sort -u)
printf '%s\n' "$symbols" | grep -qx '__stack_chk_fail' && ok ||
    bad "$BIGCHESS does not import __stack_chk_fail (-fstack-protector-strong)"
checked=$(printf '%s\n' "$symbols" | grep -E '^__[a-z_]+_chk$' | tr '\n' ' ')
# snprintf and fprintf are everywhere in the program: with the sizes
# known to the compiler, fortified code calls their checking versions.
for f in __snprintf_chk __fprintf_chk; do
	printf '%s\n' "$symbols" | grep -qx "$f" && ok ||
	    bad "$BIGCHESS does not call $f (_FORTIFY_SOURCE); its checked functions: ${checked:-none}"
done

echo "hardening: $pass passed, $fail failed (checked functions: $checked)"
[ "$fail" -eq 0 ]
