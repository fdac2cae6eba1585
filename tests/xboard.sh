#!/bin/sh
# xboard.sh - the real XBoard (Debian's xboard, on a virtual X server from
# xvfb-run) drives `bigchess --xboard`, in every variant.
#
#   BIGCHESS=build/check/bigchess sh tests/xboard.sh
#
# For each variant XBoard first starts one engine and shows its board (a
# screenshot goes to $XBOARD_SHOTS, if set, as VARIANT.png), then plays a
# match of one game between two bigchess engines with Test Legality on,
# at depth 2, adjudicated a draw after a few moves.  XBoard's debug log
# of what it sent and what the engines answered must show: our features
# and our setup line accepted (a 22-letter piece table, two-digit counts
# in the FEN, a 12x12 board), every engine move taken by XBoard and
# passed on to the other engine, no illegal move, no error, no forfeit,
# and the game played to XBoard's adjudication.  The game that XBoard
# saved, in its own notation, is then read back by bigchess --load: the
# moves XBoard understood are ours.  In Grand Chess XBoard counts ranks
# from 0 (engine-intf), in its saved game too, so there they are shifted
# up by one before they are read back.
#
# Then, in Chad, a person's mouse picks up a rook: XBoard must send "lift",
# show our highlight answer and send the move when the rook is put down.
# Then, in Grand Chess, two engines play again with XBoard's Ponder Next
# Move on: XBoard sends "hard", each engine's thinking after its move
# (its ponder search) starts with the reply it expects, and the game
# goes as before.
# There, too, XBoard analyses with our MultiPV option at 3 and shows three
# lines a ply.
# Last, in Hadean, a person's moves are typed into XBoard (xdotool), with
# Test Legality off as XBoard cannot know flexible castling: the moves
# that clear the king's side, then g1j1, which must reach the engine as
# that and come back from XBoard's saved game as hadean.md's O-O-3 (king
# j1, rook i1).  $XBOARD_SHOTS also gets that board, hadean-castled.png.
#
# Every wait polls for a line in the log, or for a screen that no longer
# changes, and is bounded.  XBoard reads the person's ~/.xboardrc, so
# every setting the test relies on is given on its command line, and it
# saves nothing.  Skipped, saying why, only where xboard or xvfb-run is
# missing or X cannot start; under CI=true that is a failure.
set -u

BIGCHESS=${BIGCHESS:-build/bigchess}
case $BIGCHESS in
/*) ;;
*) BIGCHESS=$PWD/$BIGCHESS ;;
esac
XBOARD=${XBOARD:-}
if [ -z "$XBOARD" ]; then
	XBOARD=$(command -v xboard 2>/dev/null || echo /usr/games/xboard)
fi
# XBoard adjudicates a draw after this many moves.  In Grand the game
# reaches 7.hxi7 (XBoard's ranks), a pawn that stays a pawn on its 8th
# rank: we send it in SAN, which XBoard 4.9.1 reads as the pawn's move
# (in coordinates it would make it a queen's promotion).
MOVES=6
WAIT_TENTHS=600 # the longest wait for any one marker, in 0.1 s

passed=0
failed=0

skip() {
	echo "xboard.sh: skipped: $*"
	if [ "${CI:-}" = true ]; then
		echo "xboard.sh: under CI=true a skip is a failure" >&2
		exit 1
	fi
	exit 0
}

ok() {
	passed=$((passed + 1))
}

fail() {
	echo "FAIL: $*"
	failed=$((failed + 1))
}

check() { # check WHAT COMMAND...: a check that passes if COMMAND does
	what=$1
	shift
	if "$@"; then ok; else fail "$what"; fi
}

[ -x "$BIGCHESS" ] || { echo "xboard.sh: no binary $BIGCHESS" >&2; exit 1; }
[ -x "$XBOARD" ] || skip "no xboard (Debian package xboard)"
command -v xvfb-run >/dev/null 2>&1 ||
    skip "no xvfb-run (Debian package xvfb)"

dir=$(mktemp -d "${TMPDIR:-/tmp}/bigchess-xboard.XXXXXX") || exit 1
trap '[ -n "${XBOARD_KEEP:-}" ] || rm -rf "$dir"' EXIT INT TERM
mkdir "$dir/home"

# Runs inside the X session: XBoard with the arguments given, its debug
# log in $1; for a shot ($2 a file name, not "-") it waits for the
# engine's answer to "variant" and a screen that no longer changes, saves
# it and ends XBoard; else it waits for XBoard to end by itself.
cat >"$dir/session.sh" <<'EOF'
log=$1 shot=$2 marker=$3 tenths=$4
shift 4
HOME=$XB_HOME XDG_CONFIG_HOME=$XB_HOME/.config "$@" >"$log.out" 2>&1 &
pid=$!
n=0
if [ "$marker" = - ]; then
	while kill -0 "$pid" 2>/dev/null && [ $n -lt "$tenths" ]; do
		sleep 0.1
		n=$((n + 1))
	done
	kill "$pid" 2>/dev/null
	wait "$pid"
	exit 0
fi
until grep -q -- "$marker" "$log" 2>/dev/null || [ $n -ge "$tenths" ]; do
	sleep 0.1
	n=$((n + 1))
done
# Polls the screen until two dumps in a row are the same: XBoard has
# drawn what it had to.  The last dump is left in $dump.
dump=$log.xwd
settle() {
	prev=
	k=0
	while [ $k -lt 100 ]; do
		sleep 0.1
		xwd -root -silent >"$dump" 2>/dev/null || return
		sum=$(cksum <"$dump")
		[ "$sum" = "$prev" ] && return
		prev=$sum
		k=$((k + 1))
	done
}
settle
# A person at the board: each move typed into XBoard (with the pointer
# over its window, which then has the keys), until XBoard has passed it
# on to the engine.
if [ -n "${XB_TYPE:-}" ]; then
	xdotool mousemove 100 200
	for mv in $XB_TYPE; do
		before=$(grep -c ">first : $mv\$" "$log")
		xdotool type --delay 20 "$mv"
		xdotool key Return
		n=0
		until [ "$(grep -c ">first : $mv\$" "$log")" -gt "$before" ] ||
		    [ $n -ge "$tenths" ]; do
			sleep 0.1
			n=$((n + 1))
		done
	done
	settle
fi
# A person's mouse: press on the first square, let go on the second
# (XBoard 4.9's board: 2 pixels from the window's left and bottom edges,
# square, filling the window's width; a 12x12 board, ranks from 1).
if [ -n "${XB_CLICK:-}" ]; then
	eval "$(xdotool getwindowgeometry --shell \
	    "$(xdotool search --onlyvisible --name XBoard | head -1)")"
	sq=$(((WIDTH - 3) / 12))
	button=mousedown
	for at in $XB_CLICK; do
		f=$(printf '%s' "$at" | cut -c1)
		f=$(($(printf '%d' "'$f") - 97))
		r=$(($(printf '%s' "$at" | cut -c2-) - 1))
		xdotool mousemove $((2 + f * sq + sq / 2)) \
		    $((HEIGHT - 2 - r * sq - sq / 2)) $button 1
		n=0
		until grep -q ">first : lift $at" "$log" ||
		    grep -q ">first : put $at" "$log" || [ $n -ge "$tenths" ]; do
			sleep 0.1
			n=$((n + 1))
		done
		button=mouseup
	done
	n=0
	until grep -q '<first : move ' "$log" || [ $n -ge "$tenths" ]; do
		sleep 0.1
		n=$((n + 1))
	done
	settle
fi
[ "$shot" != - ] && mv "$dump" "$shot"
kill "$pid" 2>/dev/null
wait "$pid"
EOF

# Runs session.sh under a fresh virtual X server.
# Each run gets a home of its own, as XBoard keeps its settings there on
# exit (an adjudication of one run would carry over to the next).
in_x() {
	XB_HOME=$(mktemp -d "$dir/home.XXXXXX") timeout 300 \
	    xvfb-run -a -n "$display" \
	    -s "-screen 0 1024x900x24" sh "$dir/session.sh" "$@"
}

# The first display number tried: xvfb-run -a looks for a free one from
# there, and two runs side by side (make check's builds) start apart.
display=$((100 + $$ % 800))

# Does X start at all?
if ! XB_HOME=$dir/home timeout 60 xvfb-run -a -n "$display" \
    -s "-screen 0 64x64x24" \
    true >"$dir/x.out" 2>&1; then
	skip "X cannot start: $(head -1 "$dir/x.out")"
fi

# Saved game $1 of variant $2 in our rank numbering, to stdout.
ranks_ours() {
	if [ "$2" = grand ]; then
		python3 -c '
import re, sys
text = open(sys.argv[1]).read()
head, _, moves = text.partition("\n\n")
moves = re.sub(r"\{[^}]*\}", " ", moves)
moves = re.sub(r"([a-j])([0-9])(?![0-9])",
               lambda m: m.group(1) + str(int(m.group(2)) + 1), moves)
sys.stdout.write(head + "\n\n" + moves)' "$1"
	else
		cat "$1"
	fi
}

# Every "move X" of one engine was sent to the other as "usermove X".
moves_relayed() { # moves_relayed LOG
	awk '
	# A pawn move in SAN (a Grand pawn that stays a pawn on its 8th or
	# 9th rank) is passed on in coordinates, from its file to its square.
	function same(sent, got,   sq) {
		if (sent == got) return 1
		if (sent !~ /^[a-z](x[a-z])?[0-9]+$/) return 0
		sq = sent
		sub(/^[a-z]x/, "", sq)
		return got ~ ("^" substr(sent, 1, 1) "[0-9]+" sq "$")
	}
	/<(first |second): move / { sent[++n] = $NF }
	/>(first |second): usermove / { got[++m] = $NF }
	END {
		if (n < 2) exit 1
		for (i = 1; i <= n; i++)
			if (i <= m && !same(sent[i], got[i])) exit 1
		# The last move may end the game before it is passed on.
		exit !(m >= n - 1)
	}' "$1"
}

# Thinking lines an engine sent between its move and the next move XBoard
# passed it (its ponder search), each starting with one reply; prints the
# number of such lines, of replies pondered on and of those that came
# (ponder hits); exits 1 if a ponder line lacks the reply it began with.
ponder_lines() { # ponder_lines LOG
	awk '
	function who(s) { return s ~ /first/ ? "first" : "second" }
	/<(first |second): move / { e = who($0); on[e] = 1; reply[e] = "";
		next }
	/>(first |second): usermove / { e = who($0)
		if (on[e] && reply[e] != "") { replies++
			if ($NF == reply[e]) hits++ }
		on[e] = 0; next }
	/<(first |second): [0-9]+ -?[0-9]+ [0-9]+ [0-9]+/ {
		e = who($0)
		if (!on[e]) next
		split($0, part, "\t")
		split(part[2], pv, " ")
		if (reply[e] == "") reply[e] = pv[1]
		else if (pv[1] != reply[e]) bad = 1
		lines++
	}
	END { printf "%d %d %d\n", lines, replies, hits; exit bad }' "$1"
}

engines_moves() {
	grep -c -E '<(first |second): move ' "$1"
}

variants=$(printf 'protover 2\nquit\n' | "$BIGCHESS" --xboard |
    sed -n 's/^feature variants="\(.*\)"$/\1/p' | tr , ' ')
check "the engine names its variants" test -n "$variants"
# XBOARD_VARIANTS="hadean" runs some of them only.
variants=${XBOARD_VARIANTS:-$variants}
for v in $variants; do
	echo "xboard.sh: $v"
	# XBoard reads the person's ~/.xboardrc (its system settings say
	# so) and would write it on exit: every setting the test depends on
	# is given here, and nothing is saved.
	keep="-saveSettingsOnExit false -adjudicateDrawMoves 0"
	common="-variant $v -testLegality true -depth 2 -tc 100 -xexit
	    -xponder -debug $keep"

	# 1. One engine, its board on screen.
	shot=-
	if [ -n "${XBOARD_SHOTS:-}" ]; then
		mkdir -p "$XBOARD_SHOTS"
		shot=$dir/$v.xwd
	fi
	if [ "$v" = grand ]; then
		marker='<first : pong'
	else
		marker='<first : setup ('
	fi
	if [ "$shot" != - ]; then
		# shellcheck disable=SC2086
		in_x "$dir/$v-board.log" "$shot" "$marker" "$WAIT_TENTHS" \
		    "$XBOARD" -fcp "$BIGCHESS --xboard" -fd "$dir" $common \
		    -nameOfDebugFile "$dir/$v-board.log"
		check "$v: XBoard showed a board" test -s "$shot"
		if [ -s "$shot" ]; then
			if ! convert "xwd:$shot" "$XBOARD_SHOTS/$v.png" \
			    2>/dev/null; then
				python3 "$(dirname "$0")/../tools/xwd2png" \
				    "$shot" "$XBOARD_SHOTS/$v.png"
			fi
			check "$v: screenshot $XBOARD_SHOTS/$v.png" \
			    test -s "$XBOARD_SHOTS/$v.png"
		fi
	fi

	# 2. A match of one game, engine against engine.
	log=$dir/$v.log
	# shellcheck disable=SC2086
	in_x "$log" - - "$WAIT_TENTHS" "$XBOARD" \
	    -fcp "$BIGCHESS --xboard" -fd "$dir" \
	    -scp "$BIGCHESS --xboard" -sd "$dir" $common \
	    -mg 1 -adjudicateDrawMoves $MOVES -sgf "$dir/$v.pgn" \
	    -nameOfDebugFile "$log"
	if [ ! -s "$log" ]; then
		fail "$v: XBoard wrote no debug log: $(head -3 "$log.out")"
		continue
	fi
	check "$v: XBoard accepted feature done=1 from both engines" \
	    test "$(grep -c '>.*: accepted done' "$log")" -ge 4
	check "$v: XBoard accepted our variants feature" \
	    grep -q '>first : accepted variants' "$log"
	check "$v: XBoard sent variant $v" grep -q ">first : variant $v\$" "$log"
	if [ "$v" != grand ]; then
		check "$v: we answered with a 12x12 setup line" grep -q -E \
		    '<first : setup \([A-Za-z.]{44}\) 12x12\+0_fairy ' "$log"
		check "$v: XBoard took it as variant $v" \
		    grep -q "recognized 'fairy' (-1) as variant $v" "$log"
		fen=$(sed -n 's/^[0-9]* <first : setup ([^)]*) [^ ]* //p' \
		    "$log" | head -1)
		check "$v: the second engine got that start, 12s and all" \
		    grep -q -F ">second: setboard $fen" "$log"
	fi
	check "$v: XBoard refused no size" \
	    sh -c "! grep -q 'not supported' '$log.out'"
	check "$v: no illegal move, error or forfeit" sh -c "! grep -E \
	    'Illegal move|Error \\(|Forfeit|false claim' '$log' '$log.out'"
	check "$v: at least $((2 * MOVES - 1)) engine moves" \
	    test "$(engines_moves "$log")" -ge $((2 * MOVES - 1))
	check "$v: every move passed on to the other engine" \
	    moves_relayed "$log"
	check "$v: the game ran to XBoard's adjudication" \
	    grep -q 'result 1/2-1/2 {Xboard adjudication' "$log"
	if [ "$v" = grand ]; then
		check "grand: moves in XBoard's ranks 0-9, none on a 10" sh -c \
		    "! grep -E '<(first |second): move [a-j][0-9]*10' '$log'"
	fi
	if [ -s "$dir/$v.pgn" ]; then
		ranks_ours "$dir/$v.pgn" "$v" >"$dir/$v-ours.pgn"
		check "$v: bigchess reads back the game XBoard saved" \
		    sh -c "'$BIGCHESS' --variant $v --load '$dir/$v-ours.pgn' \
		    --print fen >'$dir/$v.fen' 2>'$dir/$v.err'"
		[ -s "$dir/$v.err" ] && sed 's/^/    /' "$dir/$v.err"
	else
		fail "$v: XBoard saved no game"
	fi

	# 3. A person's mouse in Chad: pressing on the rook c5 makes XBoard
	# send "lift c5", and it marks what we answer; letting go on c11
	# sends "put c11" and the move.  chad.md, counted by hand: at the
	# start the rook c5 reaches c6-c12 up the file and b5, a5 (d5 and
	# c4 hold its own rooks).
	if [ "$v" = chad ] && command -v xdotool >/dev/null 2>&1; then
		log=$dir/$v-mouse.log
		shot=-
		[ -n "${XBOARD_SHOTS:-}" ] && shot=$dir/$v-mouse.xwd
		# shellcheck disable=SC2086
		XB_CLICK="c5 c11" in_x "$log" "$shot" '<first : setup (' \
		    "$WAIT_TENTHS" "$XBOARD" -fcp "$BIGCHESS --xboard" \
		    -fd "$dir" $common -nameOfDebugFile "$log"
		check "$v: a press on c5 sent lift c5" \
		    grep -q '>first : lift c5$' "$log"
		check "$v: we answered the rook's nine targets" grep -q -F \
		    '<first : highlight 2Y9/2Y9/2Y9/2Y9/2Y9/2Y9/2Y9/YY10/12/12/12/12' \
		    "$log"
		check "$v: letting go on c11 sent put c11 and the move" sh -c \
		    "grep -q '>first : put c11\$' '$log' &&
		    grep -q '>first : c5c11\$' '$log'"
		check "$v: the engine answered the move" \
		    grep -q '<first : move ' "$log"
		if [ "$shot" != - ] && [ -s "$shot" ]; then
			convert "xwd:$shot" "$XBOARD_SHOTS/$v-mouse.png" \
			    2>/dev/null || python3 "$(dirname "$0")/../tools/xwd2png" \
			    "$shot" "$XBOARD_SHOTS/$v-mouse.png"
		fi
	fi

	# 5. Grand Chess engine against engine with XBoard's Ponder Next
	# Move on (-ponder) and thinking shown: XBoard sends "hard", and
	# each engine, once it has moved, posts thinking lines of its ponder
	# search - lines after its move and before XBoard passes it the
	# reply - each starting with the reply it ponders on (engine-intf).
	if [ "$v" = grand ]; then
		log=$dir/$v-ponder.log
		# shellcheck disable=SC2086
		in_x "$log" - - "$WAIT_TENTHS" "$XBOARD" \
		    -fcp "$BIGCHESS --xboard" -fd "$dir" \
		    -scp "$BIGCHESS --xboard" -sd "$dir" -variant $v \
		    -testLegality true -depth 2 -tc 100 -xexit -ponder \
		    -showThinking true -debug $keep -mg 1 \
		    -adjudicateDrawMoves $MOVES -nameOfDebugFile "$log"
		check "$v: XBoard sent hard to both engines" sh -c \
		    "grep -q '>first : hard\$' '$log' &&
		    grep -q '>second: hard\$' '$log'"
		if ponder=$(ponder_lines "$log"); then ok; else
			fail "$v: a ponder line without the reply pondered on"
		fi
		echo "xboard.sh: $v: ponder lines, replies pondered on, hits:" \
		    "$ponder"
		check "$v: both engines pondered (thinking after their moves)" \
		    test "$(echo "$ponder" | cut -d' ' -f1)" -ge 2
		check "$v: pondering, no illegal move, error or forfeit" sh -c \
		    "! grep -E 'Illegal move|Error \\(|Forfeit|false claim' \
		    '$log' '$log.out'"
		check "$v: pondering, every move passed on" moves_relayed "$log"
		check "$v: pondering, the game ran to XBoard's adjudication" \
		    grep -q 'result 1/2-1/2 {Xboard adjudication' "$log"
	fi

	# 6. Grand Chess analysis with our MultiPV option at 3 (XBoard's
	# -firstOptions, as its analysis window's "more" would send it):
	# three lines of ply 2, each with another first move.
	if [ "$v" = grand ]; then
		log=$dir/$v-multipv.log
		# shellcheck disable=SC2086
		in_x "$log" - '<first : 3 ' "$WAIT_TENTHS" "$XBOARD" \
		    -fcp "$BIGCHESS --xboard" -fd "$dir" -variant $v \
		    -mode Analysis -firstOptions MultiPV=3 -xponder -debug \
		    $keep -nameOfDebugFile "$log"
		check "$v: XBoard sent option MultiPV=3 and analyze" sh -c \
		    "grep -q '>first : option MultiPV=3\$' '$log' &&
		    grep -q '>first : analyze\$' '$log'"
		check "$v: three lines of ply 2 with three first moves" test \
		    "$(awk -F '\t' '/<first : 2 / { split($2, pv, " ");
		    first[pv[1]] = 1 } END { print length(first) }' "$log")" \
		    -eq 3
	fi

	# 4. A person typing moves, with Test Legality off: Hadean's
	# flexible castling as XBoard enters it, the king's move.
	case $v in
	hadean)
		# hadean.md: clear h1 to k1, then O-O-3 (g1j1): the king to
		# j1, the rook from l1 to i1.  Black's moves are typed too
		# (pawn steps far from White's king), so that no reply of
		# the engine's, which changes with its levels, can stop the
		# castling.
		typed="j3j5 a10a9 j2j3 b10b9 h1j2 c10c9 k1i4 d10d9 i1l4 e10e9 \
j1j4 f10f9 g1j1" ;;
	*)
		continue ;;
	esac
	if ! command -v xdotool >/dev/null 2>&1; then
		if [ "${CI:-}" = true ]; then
			fail "$v: no xdotool to type moves (Debian package xdotool)"
		else
			echo "xboard.sh: $v: typed moves skipped: no xdotool"
		fi
		continue
	fi
	log=$dir/$v-typed.log
	shot=-
	[ -n "${XBOARD_SHOTS:-}" ] && shot=$dir/$v-castled.xwd
	# shellcheck disable=SC2086
	XB_TYPE=$typed in_x "$log" "$shot" '<first : setup (' "$WAIT_TENTHS" \
	    "$XBOARD" -fcp "$BIGCHESS --xboard" -fd "$dir" \
	    -variant $v -testLegality false -mode EditGame -xexit -xponder \
	    -debug $keep -sgf "$dir/$v-typed.pgn" -nameOfDebugFile "$log"
	last=${typed##* }
	check "$v: XBoard sent the typed castle as usermove $last" \
	    grep -q ">first : $last\$" "$log"
	check "$v: XBoard kept the engine in force mode" \
	    grep -q '>first : force$' "$log"
	check "$v: no typed move refused" sh -c "! grep -q -E \
	    'Illegal move|Error \\(' '$log'"
	# XBoard saves no game from Edit Game mode; how it writes this
	# castle in its saved games (Kj1) is read back by suite notation.
	if [ "$shot" != - ] && [ -s "$shot" ]; then
		convert "xwd:$shot" "$XBOARD_SHOTS/$v-castled.png" 2>/dev/null ||
		    python3 "$(dirname "$0")/../tools/xwd2png" "$shot" \
		    "$XBOARD_SHOTS/$v-castled.png"
	fi
done

echo "xboard.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
