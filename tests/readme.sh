#!/bin/sh
# readme.sh - keeps the tests' own map true: tests/README names every
# suite file and every source file under src/, each suite file has its
# suite in the runner (tests/check_main.c) under the file's name, and
# tests/ssh.sh fails rather than skips under CI=true.  Run from the top
# of the tree (tests/cli.sh runs it); BIGCHESS names a built binary,
# which ssh.sh wants before it looks for sshd.
set -u
BIGCHESS=${BIGCHESS:-build/bigchess}
README=tests/README
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

[ -f "$README" ] || { echo "readme: no $README (run from the top)"; exit 1; }

# Every suite file is named in the README, and registered in the runner
# as the suite of its name ("ui_engine" for check_ui_engine.c).
for f in tests/check_*.c; do
	base=${f#tests/}
	grep -qF "$base" "$README" && ok || bad "$README does not name $base"
	[ "$base" = check_main.c ] && continue
	name=${base#check_}
	name=${name%.c}
	grep -q "{ \"$name\", ${name}_suite }" tests/check_main.c && ok ||
	    bad "tests/check_main.c does not run suite $name ($base)"
done
# And every suite the runner knows has its file.
for name in $(sed -n 's/^	{ "\([a-z_0-9]*\)", [a-z_0-9]*_suite },$/\1/p' \
    tests/check_main.c); do
	[ -f "tests/check_$name.c" ] && ok ||
	    bad "suite $name has no tests/check_$name.c"
done

# Every module of the program is mapped to what tests it.
for f in src/*/*.c; do
	grep -qF "$f" "$README" && ok || bad "$README does not map $f"
done

# ssh.sh under CI=true: a reason to skip is a failure.  A missing sshd
# is the first reason it checks; all of them go through one skip().
out=$(CI=true SSHD=/nonexistent-sshd BIGCHESS=$BIGCHESS sh tests/ssh.sh 2>&1)
st=$?
[ $st -eq 1 ] &&
    printf '%s\n' "$out" | grep -q '^FAIL: ssh: cannot run under CI' &&
    ok || bad "ssh.sh without sshd under CI=true: exit $st: $out"
out=$(CI= SSHD=/nonexistent-sshd BIGCHESS=$BIGCHESS sh tests/ssh.sh 2>&1)
st=$?
[ $st -eq 0 ] && printf '%s\n' "$out" | grep -q '^ssh: SKIP: ' &&
    ok || bad "ssh.sh without sshd: exit $st: $out"
# No way out with status 0 but skip() and the end (a skip that bypassed
# skip() would pass under CI).
n=$(grep -c 'exit 0' tests/ssh.sh)
[ "$n" -eq 1 ] && ok || bad "tests/ssh.sh has $n 'exit 0', expected 1 (in skip)"

echo "readme: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
