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
#
# Claims about the program rather than a position write '-' for VARIANT and
# FEN, and CLAIM is one of
#
#   exit N [ARG...]      bigchess ARG... (no terminal) exits with status N
#   uci LINE;... => TEXT  bigchess --uci, given the LINEs, answers a line
#                        starting with TEXT
#   xboard LINE;... => TEXT  likewise for bigchess --xboard
#   bench                --bench (on Chad, the quickest) ends with the two
#                        lines 'Nodes searched: N' and 'Nodes/second: N'
#   keys                 the .TP items from here to the next .SS or .SH
#                        list the game's keys and their help, in the order
#                        of the key table (src/ui/keys.c) that '?' shows
#   words                likewise the ':' prompt's command words
set -u
BIGCHESS=${BIGCHESS:-build/bigchess}
MANDIR=${MANDIR:-man}
pass=0
fail=0
where=""

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $where: $*"; }

# run ARGS...: bigchess on the claim's variant and position.
run() {
	if [ "$fen" = start ]; then
		"$BIGCHESS" --variant "$variant" "$@" </dev/null
	else
		"$BIGCHESS" --variant "$variant" --fen "$fen" "$@" </dev/null
	fi
}

# The key table, as the help screen shows it: "KEYS|HELP" lines (at most
# four key names, as screen_help.c asks for), or "WORD|HELP" lines.
key_table() {
	awk -v want="$1" '
	/^static const struct command_info commands\[\]/ { in_c = 1; next }
	/^static const struct binding bindings\[\]/ { in_b = 1; next }
	/^};/ { in_c = in_b = 0 }
	in_c { text = text $0 }
	in_b && match($0, /CMD_[A-Z_]+, "[^"]*"/) {
		b = substr($0, RSTART, RLENGTH)
		cmd = b; sub(/,.*/, "", cmd)
		name = b; sub(/^[^"]*"/, "", name); sub(/"$/, "", name)
		if (nk[cmd] < 4)
			keys[cmd] = keys[cmd] (nk[cmd]++ ? " " : "") name
	}
	END {
		n = split(text, entry, /\{ CMD_/)
		for (i = 2; i <= n; i++) {
			e = entry[i]
			cmd = "CMD_" e; sub(/,.*/, "", cmd)
			sub(/^[A-Z_]+,[ \t]*/, "", e)
			word = e; sub(/,.*/, "", word); gsub(/"/, "", word)
			help = e; sub(/"[ \t]*\}.*/, "", help)
			sub(/.*"/, "", help)
			if (want == "keys" && cmd in keys)
				print keys[cmd] "|" help
			if (want == "words" && word != "NULL")
				print word "|" help
		}
	}' "${KEYS_C:-src/ui/keys.c}"
}

# The .TP items of $page after line $1 up to the next .SS or .SH, as
# "TAG|TEXT" lines with the fonts, quotes and separating commas gone.
man_items() {
	awk -v from="$1" '
	NR <= from { next }
	/^\.S[SH]/ { exit }
	/^\.\\"/ { next }
	tp == 1 {
		tag = $0
		sub(/^\.[BI]R? /, "", tag)
		gsub(/", "/, " ", tag); gsub(/"/, "", tag)
		gsub(/\\-/, "-", tag); gsub(/\\&/, "", tag)
		gsub(/  +/, " ", tag); sub(/^ /, "", tag); sub(/ $/, "", tag)
		tp = 2; next
	}
	tp == 2 { t = $0; gsub(/\\-/, "-", t); print tag "|" t; tp = 0; next }
	/^\.TP/ { tp = 1 }' "$page"
}

check() {
	if [ "$variant" = - ]; then
		check_program
		return
	fi
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
		# One line per move, "MOVE: N"; looked up without a process
		# per move (a fork is the dearest thing here).
		list="$nl$(run --perft 1 --divide 2>/dev/null)$nl"
		for m in "$@"; do
			case $list in
			*"$nl$m: "*)
				[ "$kind" = moves ] && ok || bad "$m is legal" ;;
			*)
				[ "$kind" = no ] && ok || bad "$m is not legal" ;;
			esac
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

check_program() {
	set -- $claim
	kind=$1
	shift
	case $kind in
	exit)
		[ "$#" -ge 1 ] || { bad "bad claim: $claim"; return; }
		want=$1
		shift
		"$BIGCHESS" "$@" </dev/null >/dev/null 2>&1
		status=$?
		[ "$status" -eq "$want" ] && ok ||
		    bad "bigchess $*: exit $status, the page says $want" ;;
	uci)
		input=$(printf '%s\n' "${claim#uci }" | sed 's/ => .*//' |
		    tr ';' '\n')
		want=${claim#* => }
		if printf '%s\nquit\n' "$input" | "$BIGCHESS" --uci 2>/dev/null |
		    awk -v w="$want" 'index($0, w) == 1 { f = 1 }
		    END { exit !f }'; then
			ok
		else
			bad "no answer starting '$want'"
		fi ;;
	xboard)
		input=$(printf '%s\n' "${claim#xboard }" | sed 's/ => .*//' |
		    tr ';' '\n')
		want=${claim#* => }
		if printf '%s\nquit\n' "$input" |
		    "$BIGCHESS" --xboard 2>/dev/null |
		    awk -v w="$want" 'index($0, w) == 1 { f = 1 }
		    END { exit !f }'; then
			ok
		else
			bad "no answer starting '$want'"
		fi ;;
	bench)
		got=$("$BIGCHESS" --bench --variant chad 2>/dev/null | tail -n 2)
		if printf '%s\n' "$got" | sed -n 1p |
		    grep -qx 'Nodes searched: [0-9][0-9]*' &&
		    printf '%s\n' "$got" | sed -n 2p |
		    grep -qx 'Nodes/second: [0-9][0-9]*'; then
			ok
		else
			bad "--bench ends with '$got'"
		fi ;;
	keys|words)
		want=$(key_table "$kind")
		got=$(man_items "${where##*:}")
		if [ -z "$want" ]; then
			bad "no $kind found in the key table"
		elif [ "$want" = "$got" ]; then
			ok
		else
			bad "the page's $kind differ from the key table:
$(printf '%s\n' "$want" > "${TMPDIR:-/tmp}/man.want.$$"
			  printf '%s\n' "$got" | diff "${TMPDIR:-/tmp}/man.want.$$" -
			  rm -f "${TMPDIR:-/tmp}/man.want.$$")"
		fi ;;
	*)
		bad "unknown claim '$kind'" ;;
	esac
}

# The claims of every page, one a line: "PAGE:LINE|VARIANT|FEN|CLAIM",
# each field trimmed, read by one awk rather than a few processes a claim.
claims() {
	awk '/^\.\\" verify:/ {
		rest = $0
		sub(/^[^:]*verify:/, "", rest)
		n = split(rest, f, "|")
		claim = f[3]
		for (i = 4; i <= n; i++)
			claim = claim "|" f[i]
		line = FILENAME ":" FNR
		for (i = 1; i <= 2; i++) {
			gsub(/^[ \t]+|[ \t]+$/, "", f[i])
			line = line "|" f[i]
		}
		gsub(/^[ \t]+|[ \t]+$/, "", claim)
		print line "|" claim
	}' "$@"
}

nl='
'
claims "$MANDIR"/*.6 > "${TMPDIR:-/tmp}/man.sh.$$"
while IFS='|' read -r where variant fen claim; do
	page=${where%:*}
	check
done < "${TMPDIR:-/tmp}/man.sh.$$"
rm -f "${TMPDIR:-/tmp}/man.sh.$$"

echo "man: $pass claims verified, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
