#!/bin/sh
# man.sh - checks what the manual pages claim about positions against the
# real bigchess, so that a worked example cannot silently go wrong.
#
# A claim is a roff comment next to the text it supports:
#
#   .\" verify: VARIANT | FEN or start | CLAIM
#
# where CLAIM is one of
#
#   perft D = N          --perft D counts N nodes
#   divide D MOVE = N    --perft D --divide gives MOVE: N
#   moves MOVE...        each is a legal move (coordinate notation)
#   no MOVE...           none is a legal move
#   error TEXT           the FEN is rejected (exit 1) with TEXT in the message
set -u
BIGCHESS=${BIGCHESS:-build/bigchess}
MANDIR=${MANDIR:-man}
pass=0
fail=0
where=""

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $where: $*"; }
trim() { printf '%s\n' "$1" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//'; }

# run ARGS...: bigchess on the claim's variant and position.
run() {
	if [ "$fen" = start ]; then
		"$BIGCHESS" --variant "$variant" "$@" </dev/null
	else
		"$BIGCHESS" --variant "$variant" --fen "$fen" "$@" </dev/null
	fi
}

check() {
	set -- $claim
	kind=$1
	shift
	case $kind in
	perft)
		[ "$#" -eq 3 ] && [ "$2" = "=" ] || { bad "bad claim: $claim"; return; }
		got=$(run --perft "$1" 2>/dev/null | tail -n 1)
		[ "$got" = "Nodes searched: $3" ] && ok ||
		    bad "perft $1: '$got', the page says $3" ;;
	divide)
		[ "$#" -eq 4 ] && [ "$3" = "=" ] || { bad "bad claim: $claim"; return; }
		if run --perft "$1" --divide 2>/dev/null | grep -qx -- "$2: $4"; then
			ok
		else
			bad "divide $1: no line '$2: $4'"
		fi ;;
	moves|no)
		[ "$#" -ge 1 ] || { bad "bad claim: $claim"; return; }
		list=$(run --perft 1 --divide 2>/dev/null)
		for m in "$@"; do
			if printf '%s\n' "$list" | grep -q -- "^$m: "; then
				[ "$kind" = moves ] && ok || bad "$m is legal"
			else
				[ "$kind" = no ] && ok || bad "$m is not legal"
			fi
		done ;;
	error)
		msg=$(run --perft 1 2>&1 >/dev/null)
		status=$?
		if [ "$status" -ne 1 ]; then
			bad "exit $status, expected 1 for a rejected FEN"
		elif ! printf '%s\n' "$msg" | grep -qF -- "$*"; then
			bad "message '$msg' lacks '$*'"
		else
			ok
		fi ;;
	*)
		bad "unknown claim '$kind'" ;;
	esac
}

for page in "$MANDIR"/*.6; do
	[ -f "$page" ] || continue
	grep -n '^\.\\" verify:' "$page" > "${TMPDIR:-/tmp}/man.sh.$$"
	while IFS= read -r line; do
		where="$page:${line%%:*}"
		rest=${line#*verify:}
		variant=$(trim "$(printf '%s\n' "$rest" | cut -d'|' -f1)")
		fen=$(trim "$(printf '%s\n' "$rest" | cut -d'|' -f2)")
		claim=$(trim "$(printf '%s\n' "$rest" | cut -d'|' -f3-)")
		check
	done < "${TMPDIR:-/tmp}/man.sh.$$"
	rm -f "${TMPDIR:-/tmp}/man.sh.$$"
done

echo "man: $pass claims verified, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
