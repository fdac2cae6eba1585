#!/bin/sh
# cli.sh - drives the real bigchess binary: options, exit codes, messages
# and the perft output contract of DESIGN.md.
set -u
BIGCHESS=${BIGCHESS:-build/bigchess}
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect STATUS PATTERN -- ARGS: exit status and a pattern in stdout+stderr.
expect() {
	want=$1 pattern=$2
	shift 3
	out=$("$BIGCHESS" "$@" 2>&1 </dev/null)
	got=$?
	if [ "$got" -ne "$want" ]; then
		bad "bigchess $*: exit $got, expected $want"
	elif ! printf '%s\n' "$out" | grep -q -- "$pattern"; then
		bad "bigchess $*: output lacks '$pattern': $out"
	else
		ok
	fi
}

expect 0 '^Usage: bigchess' -- --help
expect 0 '^bigchess [0-9]' -- --version
expect 0 '^Nodes searched: 65$' -- --perft 1
expect 0 '^Nodes searched: 4225$' -- --perft 2 --variant grand
expect 0 '^Nodes searched: 54$' -- --perft 1 --variant CHAD
expect 0 '^Nodes searched: 44$' -- --perft 1 --variant Hadean
expect 0 '^e3e5: 1$' -- --perft 1 --divide
expect 0 '^Nodes searched: 15$' -- --perft 1 --fen '4k5/10/10/1P8/10/10/10/10/5K4/10 w - - 0 1'
expect 2 'unknown variant' -- --variant shogi --perft 1
# The variants of DESIGN.md, as --help and usage errors list them.
expect 0 '^  chad  *Chad$' -- --help
expect 0 '^  grand  *Grand Chess (the default)$' -- --help
expect 0 '^  hadean  *Hadean Chess$' -- --help
expect 2 "use chad, grand, hadean, hadean-ninja or hexchad" -- --variant shogi --perft 1
expect 2 "for --learn: use chad, grand, hadean, hadean-ninja or hexchad" -- --learn shogi
# hadean.md, "Option: flying ninja pieces": the variant hadean-ninja.
expect 0 '^  hadean-ninja  *Hadean Chess (flying ninjas)$' -- --help
expect 0 '^Nodes searched: 90644$' -- --perft 3 --variant hadean-ninja
expect 0 '^Nodes searched: 44$' -- --perft 1 --variant 'Hadean Chess (flying ninjas)'
expect 0 '^a5d5: 1$' -- --perft 1 --divide --variant hadean-ninja --fen '12/11k/12/12/12/12/12/Tpp9/12/12/12/K11 w - - 0 1'
expect 1 "'E' is not a piece of Hadean Chess (flying ninjas)" -- --perft 1 --variant hadean-ninja --fen '6k5/12/12/12/3E8/12/12/12/12/12/12/6K5 w - - 0 1'
expect 2 'depth from 1 to 20' -- --perft 0
expect 2 'depth from 1 to 20' -- --perft x
expect 2 'unknown option' -- --bogus
expect 2 'needs a value' -- --perft
expect 2 'goes with --perft' -- --divide
expect 1 'bad FEN' -- --perft 1 --fen 'garbage'
expect 1 'kings' -- --perft 1 --fen '10/10/10/10/10/10/10/10/10/10 w - - 0 1'
# The interactive game needs a terminal; these run with no tty.
expect 1 'needs a terminal' --
expect 1 'needs a terminal' -- --variant chad --ascii --no-color
expect 1 'needs a terminal' -- --white computer --level 3
expect 1 'needs a terminal' -- --black Computer
expect 2 'human or computer' -- --white robot
expect 2 'MINUTES' -- --clock fast
expect 2 'MINUTES' -- --clock 5+x
expect 1 'bad FEN' -- --fen 'garbage'

# A 100,000-character FEN: a clear error, no crash, wherever
# a FEN goes in.  Rank 10 of a Grand board overflows at byte 11.
long=$(printf '%0100000d' 0 | tr 0 p)
expect 1 'bad FEN at byte 11' -- --fen "$long"
expect 1 'bad FEN at byte 11' -- --perft 1 --fen "$long"
expect 1 'bad FEN at byte 1: .p. is not a piece of Chad' -- --perft 1 --variant chad --fen "$long"
# A good FEN (41 characters), 100,000 spaces and a word after them.
padded="4k5/10/10/10/10/10/10/10/5K4/10 w - - 0 1$(printf '%100000s' '')x"
expect 1 'bad FEN at byte 100042: unexpected text' -- --perft 1 --fen "$padded"
expect 1 'bad FEN at byte 100042' -- --fen "$padded"
# UCI: one short error line, and the engine goes on answering.
out=$(printf 'position fen %s\nisready\nposition fen %s\nisready\nquit\n' \
    "$long" "$padded" | "$BIGCHESS" --uci 2>&1)
n=$(printf '%s\n' "$out" | grep -c '^info string error: bad FEN')
longest=$(printf '%s\n' "$out" | awk '{ if (length($0) > m) m = length($0) } END { print m }')
ready=$(printf '%s\n' "$out" | grep -c '^readyok$')
[ "$n" -eq 2 ] && [ "$ready" -eq 2 ] && [ "$longest" -le 2048 ] && ok ||
    bad "uci long FEN: $n errors, $ready readyok, longest line $longest"

# --load FILE --print fen|pgn
pgn=${TMPDIR:-/tmp}/bigchess-cli-$$.pgn
trap 'rm -f "$pgn"; [ -n "${conf:-}" ] && rm -rf "$conf"' EXIT
cat >"$pgn" <<'PGN'
[Event "cli test"]
[Variant "Grand Chess"]

1. e5 {double step} e6 2. Nc4 $1 (2. Nd4 Nc7) Nc7 3. Nd6 1-0

[Variant "Chad"]
1. Rc3c1 Rj10j12 *
PGN
expect 0 '^r8r/2bqkcabn1/pppp1ppppp/2n7/3Np5/4P5/10/PPPP1PPPPP/2BQKCABN1/R8R b - - 3 3$' -- --load "$pgn" --print fen
expect 0 '^1\. e5 e6 2\. Nc4 Nc7 3\. Nd6 1-0$' -- --load "$pgn" --print pgn
expect 0 '^\[Variant "Chad"\]$' -- --load "$pgn" --game 2 --print pgn
expect 1 'holds 2 games, not 3' -- --load "$pgn" --game 3 --print fen
expect 1 'cannot open' -- --load /nonexistent/x.pgn --print fen
expect 2 'goes with --load' -- --print fen
expect 2 'wants fen or pgn' -- --load "$pgn" --print xml
# Without --print the game opens in the curses client, which needs a tty.
expect 1 'needs a terminal' -- --load "$pgn"
expect 2 '--resume does not go with' -- --resume --load "$pgn"

# Restricted mode and the settings.  A path from the person is
# bad usage in restricted mode: exit 2, whichever way the mode is asked
# for.  The settings file given by --config stands in for the
# administrator's; a bad line is a warning naming file:line, never a
# failure, and a FIFO is refused at once instead of waited on.
conf=${TMPDIR:-/tmp}/bigchess-cli-conf-$$
mkdir "$conf"
expect 2 'idle wants minutes' -- --idle soon
expect 2 'idle wants minutes' -- --idle -1
expect 2 'idle wants minutes' -- --idle 100000
expect 2 'needs a value' -- --idle
expect 2 'config wants a file name' -- --config ''
expect 2 'unexpected argument' -- --restricted now
expect 2 '^bigchess: --load is refused in restricted mode' -- --restricted --load "$pgn"
expect 2 '^bigchess: --load --print is refused in restricted mode' -- --restricted --load "$pgn" --print fen
out=$(BIGCHESS_RESTRICTED=1 "$BIGCHESS" --load "$pgn" --print fen 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q 'refused in restricted mode' && ok ||
    bad "BIGCHESS_RESTRICTED=1 --load: $out"
out=$(BIGCHESS_RESTRICTED=0 "$BIGCHESS" --load "$pgn" --print fen 2>&1)
[ $? -eq 0 ] && ok || bad "BIGCHESS_RESTRICTED=0 should not restrict: $out"
out=$(BIGCHESS_RESTRICTED= "$BIGCHESS" --load "$pgn" --print fen 2>&1)
[ $? -eq 0 ] && ok || bad "an empty BIGCHESS_RESTRICTED should not restrict: $out"
printf 'restricted = yes\n' >"$conf/restricted"
expect 2 'refused in restricted mode' -- --config "$conf/restricted" --load "$pgn" --print fen
printf '# settings\nidle = 10\nflavour = blue\nidle = later\nhistory-keep = 5\n' >"$conf/bad"
expect 0 "^bigchess: $conf/bad:3: unknown setting (line ignored)\$" -- --config "$conf/bad" --perft 1
expect 0 "^bigchess: $conf/bad:4: bad value for 'idle' (line ignored)\$" -- --config "$conf/bad" --perft 1
expect 0 '^Nodes searched: 65$' -- --config "$conf/bad" --perft 1
mkfifo "$conf/fifo"
expect 0 "^bigchess: $conf/fifo is not a regular file" -- --config "$conf/fifo" --perft 1
expect 0 '^Nodes searched: 65$' -- --config "$conf/nonexistent" --perft 1
# The person's file: read from XDG_CONFIG_HOME, never for what only the
# administrator may set, and not at all in restricted mode.
mkdir -p "$conf/xdg/bigchess"
printf 'restricted = yes\nstate-dir = /tmp\nidle = 1\n' >"$conf/xdg/bigchess/config"
out=$(XDG_CONFIG_HOME=$conf/xdg "$BIGCHESS" --config "$conf/nonexistent" --load "$pgn" --print fen 2>&1)
st=$?
if [ $st -eq 0 ] && printf '%s\n' "$out" | grep -q "config:1: only the administrator's file may set 'restricted'" &&
    printf '%s\n' "$out" | grep -q "config:2: only the administrator's file may set 'state-dir'"; then ok; else
	bad "the person's settings: exit $st: $out"
fi
out=$(XDG_CONFIG_HOME=$conf/xdg "$BIGCHESS" --restricted --config "$conf/nonexistent" --perft 1 2>&1)
printf '%s\n' "$out" | grep -q 'only the administrator' &&
    bad "restricted mode read the person's settings: $out" || ok
rm -rf "$conf"

# Game rooms (issue #15): the options' usage errors, and which rooms
# folder is used.  A private folder must be ours, not a link and closed
# to others; a shared one not writable by all; restricted mode reads
# neither BIGCHESS_ROOMS nor XDG_RUNTIME_DIR.
rooms=${TMPDIR:-/tmp}/bigchess-cli-rooms-$$
mkdir -m 700 "$rooms" "$rooms/run" "$rooms/open"
chmod 777 "$rooms/open"
expect 2 "a room's name is letters" -- --host 'a/b'
expect 2 "a room's name is letters" -- --join abcdefghijklmnopqrstuvwxyz0123456
expect 2 'do not go together' -- --host a --join b
expect 2 'side wants white, black or random' -- --host a --side red
expect 2 'side and --wait go with --host' -- --join a --wait 5
expect 2 'wait wants minutes' -- --host a --wait soon
expect 2 "take the room's game" -- --join a --variant chad
expect 2 "take the room's game" -- --watch a --clock 5
expect 2 'host does not go with --load' -- --host a --load "$pgn"
expect 2 'rooms does not go with' -- --rooms --host a
expect 2 "host --resume goes on with the room's game" -- --host a --resume --fen x
expect 1 'needs a terminal' -- --join a
out=$(XDG_RUNTIME_DIR=$rooms/run BIGCHESS_ROOMS= "$BIGCHESS" --rooms 2>&1)
[ $? -eq 0 ] && printf '%s' "$out" | grep -q "no rooms folder $rooms/run/bigchess yet" &&
    ok || bad "--rooms without a folder: $out"
mkdir -m 755 "$rooms/run/bigchess"
out=$(XDG_RUNTIME_DIR=$rooms/run BIGCHESS_ROOMS= "$BIGCHESS" --rooms 2>&1)
printf '%s' "$out" | grep -q 'is not used: it must be a folder of our own' &&
    ok || bad "--rooms in a folder open to others: $out"
rmdir "$rooms/run/bigchess"
ln -s "$rooms/open" "$rooms/run/bigchess"
out=$(XDG_RUNTIME_DIR=$rooms/run BIGCHESS_ROOMS= "$BIGCHESS" --rooms 2>&1)
printf '%s' "$out" | grep -q 'not a link' && ok ||
    bad "--rooms in a linked folder: $out"
out=$(BIGCHESS_ROOMS=$rooms/open "$BIGCHESS" --rooms 2>&1)
printf '%s' "$out" | grep -q 'only its group can write to' && ok ||
    bad "--rooms in a folder anyone may write: $out"
out=$(BIGCHESS_ROOMS=$rooms "$BIGCHESS" --rooms 2>&1)
[ $? -eq 0 ] && [ "$out" = "No open rooms in $rooms." ] && ok ||
    bad "--rooms in an empty shared folder: $out"
out=$(BIGCHESS_ROOMS=$rooms/open XDG_RUNTIME_DIR=$rooms/run "$BIGCHESS" \
    --restricted --rooms 2>&1)
printf '%s' "$out" | grep -q "$rooms" && bad "restricted mode read the environment's rooms folder: $out" || ok
printf 'rooms = %s\n' "$rooms" >"$rooms/conf"
out=$(BIGCHESS_ROOMS= "$BIGCHESS" --restricted --config "$rooms/conf" --rooms 2>&1)
[ "$out" = "No open rooms in $rooms." ] && ok ||
    bad "the rooms setting in restricted mode: $out"
rm -rf "$rooms"
# Restricted mode starts no program.  The proof has two halves: the
# binary's only way to start one is posix_spawnp (src/app/manual.c, man for
# the R key), and tests/check_hosted.c and tests/ssh.sh show that
# restricted mode never gets there.
if command -v nm >/dev/null 2>&1; then
	starters=$(nm -D --undefined-only "$BIGCHESS" | awk '{ print $NF }' |
	    sed 's/@.*//' | grep -xE 'fork|vfork|_Fork|clone|clone3|execl|execlp|execle|execv|execve|execvp|execvpe|fexecve|posix_spawn|posix_spawnp|system|popen' |
	    sort | tr '\n' ' ')
	[ "$starters" = "posix_spawnp " ] && ok ||
	    bad "the binary can start programs through: $starters"
fi
expect 2 '--resume does not go with' -- --resume --variant chad

# --level, --bench and --uci (the engine).
expect 2 'level.*from 1 to 10' -- --level 0
expect 2 'level.*from 1 to 10' -- --level 11
expect 2 'level.*from 1 to 10' -- --level 3x
expect 2 'needs a value' -- --level
expect 2 'do not go together' -- --bench --uci
expect 2 'do not go together' -- --perft 1 --bench
expect 2 'does not go with --bench' -- --bench --fen '4k5/10/10/10/10/10/10/10/5K4/10 w - - 0 1'
expect 0 '^$' -- --uci --level 3
expect 2 'do not go together' -- --uci --xboard
expect 2 'does not go with --xboard' -- --xboard --fen '4k5/10/10/10/10/10/10/10/5K4/10 w - - 0 1'
expect 2 '--resume does not go with' -- --resume --xboard
expect 0 '^$' -- --xboard --level 3
bench=$("$BIGCHESS" --bench --variant hadean 2>&1)
printf '%s\n' "$bench" | tail -n 2 | head -n 1 | grep -q '^Nodes searched: [1-9][0-9]*$' &&
    printf '%s\n' "$bench" | tail -n 1 | grep -q '^Nodes/second: [0-9][0-9]*$' &&
    ! printf '%s\n' "$bench" | grep -q '^grand\|^chad' && ok ||
    bad "bench output: $bench"

# The last line of perft output is always the node count.
last=$("$BIGCHESS" --perft 2 --divide --variant chad 2>/dev/null | tail -n 1)
[ "$last" = "Nodes searched: 2844" ] && ok || bad "divide last line: $last"
lines=$("$BIGCHESS" --perft 1 --divide --variant hadean 2>/dev/null | grep -c ': 1$')
[ "$lines" -eq 44 ] && ok || bad "hadean divide lines: $lines"

# --- Elo arithmetic of build/arena and tools/match (the engine's matches).
# Expected figures worked out by hand from p = (W + D/2) / n,
# Elo = -400 log10(1/p - 1), per-game variance v = (W(1-p)^2 + D(1/2-p)^2
# + L p^2) / n, interval p +- 1.959964 sqrt(v/n):
#  15-1-4: p = .775, Elo 214.85; v = 3.2375/20 = .161875, half-width
#    .176328, ends .598672 -> 69.5 and .951328 -> 516.4, so +-223.5.
#  5 wins, 10 draws, 5 losses: p = .5, v = .125, half .154949, ends
#    +-111.3.  19-1-0: p = .975 -> 636.4; v = .011875, lo .927241 -> 442.1,
#    hi > 1 -> infinite.  20-0-0: exact bound p > .025^(1/20) = .831565
#    -> 277.4.
elo_check() {
	tool=$1 want=$2
	shift 2
	got=$("$@" 2>&1)
	[ "$got" = "$want" ] && ok || bad "$tool elo $*: '$got', expected '$want'"
}
ARENA=$(dirname "$BIGCHESS")/arena
for elo in "$ARENA" tools/match; do
	case $elo in tools/match) command -v python3 >/dev/null || continue ;; esac
	[ -x "$elo" ] || { bad "$elo missing"; continue; }
	elo_check "$elo" '+15 =1 -4: 77.5%, Elo +215 ± 223 (95 %: +69 to +516)' \
	    "$elo" --elo 15 1 4
	elo_check "$elo" '+5 =10 -5: 50.0%, Elo +0 ± 111 (95 %: -111 to +111)' \
	    "$elo" --elo 5 10 5
	elo_check "$elo" '+19 =1 -0: 97.5%, Elo +636 (95 %: +442 to +inf)' \
	    "$elo" --elo 19 1 0
	elo_check "$elo" '+0 =1 -19: 2.5%, Elo -636 (95 %: -inf to -442)' \
	    "$elo" --elo 0 1 19
	elo_check "$elo" '+20 =0 -0: 100.0%, Elo > +277 (95 %)' \
	    "$elo" --elo 20 0 0
	elo_check "$elo" '+0 =0 -20: 0.0%, Elo < -277 (95 %)' \
	    "$elo" --elo 0 0 20
done
# --- SPRT log-likelihood ratios (--llr W D L ELO0 ELO1), worked by hand
# from LLR = n (s1 - s0) (2s - s0 - s1) / (2v), s0 and s1 the scores of
# ELO0 and ELO1 (s = 1 / (1 + 10^(-Elo/400))), v as above; bounds
# ln(beta / (1 - alpha)) and ln((1 - beta) / alpha):
#  alpha = beta = .05: ln(.05/.95) = -2.944, ln(.95/.05) = +2.944.
#  Elo 0 and 10: s0 = .5, s1 = 1 / (1 + 10^-.025) = 1 / 1.944061 = .514387.
#  30-40-20: n = 90, s = 50/90 = 5/9; v = (30 (4/9)^2 + 40 (1/18)^2
#    + 20 (5/9)^2) / 90 = (480 + 10 + 500) / 81 / 90 = 11/81 = .135802;
#    LLR = 90 (.014387) (1.111111 - 1.014387) / .271605 = +0.461.
#  20-40-30: s = 4/9, the same v; 2s - s0 - s1 = -.125498, LLR = -0.598.
#  400-300-200: n = 900, s = 550/900 = .611111; v = (400 (.388889)^2 +
#    300 (.111111)^2 + 200 (.611111)^2) / 900 = .154321; LLR = 900
#    (.014387) (.207835) / .308642 = +8.72 > 2.944: H1.
#  200-300-400: s = .388889, the same v, LLR = 900 (.014387) (-.236609)
#    / .308642 = -9.93 < -2.944: H0.
#  alpha .1, beta .2: ln(.2/.9) = -1.504, ln(.8/.1) = +2.079.
for elo in "$ARENA" tools/match; do
	case $elo in tools/match) command -v python3 >/dev/null || continue ;; esac
	[ -x "$elo" ] || continue
	elo_check "$elo" 'LLR 0.46 (-2.94, 2.94) for Elo 0 to 10: continue' \
	    "$elo" --llr 30 40 20 0 10
	elo_check "$elo" 'LLR -0.60 (-2.94, 2.94) for Elo 0 to 10: continue' \
	    "$elo" --llr 20 40 30 0 10
	elo_check "$elo" 'LLR 8.72 (-2.94, 2.94) for Elo 0 to 10: H1 accepted' \
	    "$elo" --llr 400 300 200 0 10
	elo_check "$elo" 'LLR -9.93 (-2.94, 2.94) for Elo 0 to 10: H0 accepted' \
	    "$elo" --llr 200 300 400 0 10
	elo_check "$elo" 'LLR 0.46 (-1.50, 2.08) for Elo 0 to 10: continue' \
	    "$elo" --llr 30 40 20 0 10 --alpha 0.1 --beta 0.2
	# No decision before a win, a draw and a loss have all occurred.
	elo_check "$elo" 'LLR 0.00 (-2.94, 2.94) for Elo 0 to 10: continue' \
	    "$elo" --llr 20 0 0 0 10
	"$elo" --llr 1 2 0 10 0 >/dev/null 2>&1 && bad "$elo --llr 10 0 taken" || ok
done
# --- end of the Elo checks.

# --- build/arena --movetime MS: every move asked is "go movetime MS" (the
# engine's input, copied by tee, says so), never "go nodes"; the summary
# names the time; a zero time, or NODES as well, is bad usage.
if [ -x "$ARENA" ]; then
	golog=${TMPDIR:-/tmp}/bigchess-cli-arena-$$
	rm -f "$golog"
	out=$("$ARENA" --movetime 1 grand 2 random \
	    "uci:tee -a $golog | $BIGCHESS --uci" 2>&1)
	printf '%s\n' "$out" | grep -q '^random vs .*, Grand Chess, 2 games, 1 ms/move: ' &&
	    ok || bad "arena --movetime summary: $out"
	printf '%s\n' "$out" | grep -q '^longest move: [0-9]* ms, [0-9]* ms$' &&
	    ok || bad "arena --movetime longest move: $out"
	[ "$(grep -c '^go movetime 1$' "$golog")" -gt 2 ] &&
	    ! grep -q '^go nodes' "$golog" && ok ||
	    bad "arena --movetime: the engine was asked $(grep '^go' "$golog" | sort | uniq -c)"
	rm -f "$golog"
	"$ARENA" --movetime 0 grand 2 random random >/dev/null 2>&1
	[ $? -eq 2 ] && ok || bad "arena --movetime 0 taken"
	"$ARENA" --movetime 5 grand 2 random random 100 >/dev/null 2>&1
	[ $? -eq 2 ] && ok || bad "arena --movetime with NODES taken"
fi
# --- end of arena --movetime.

# --- build/arena with two engines, the first a wrapper that ends only at
# the end of its input (cat): the arena ends too, with its summary (each
# player's pipe ends were inherited by the other, which kept the input
# open; timeout stands guard against that hang, it is no wait).
if [ -x "$ARENA" ]; then
	out=$(timeout 120 "$ARENA" --movetime 1 grand 2 \
	    "uci:cat | $BIGCHESS --uci" "uci:$BIGCHESS --uci" 2>&1)
	status=$?
	[ $status -eq 0 ] &&
	    printf '%s\n' "$out" | grep -q '^+[0-9]* =[0-9]* -[0-9]*: ' &&
	    ok || bad "arena with a wrapped engine: status $status, $out"
fi
# --- end of arena with a wrapped engine.

# --- build/arena --from N: the games numbered from N are the very games
# (openings, colours, moves) a match from 1 plays as its Nth and on; an
# even, zero or malformed N is bad usage (a pair's two games share one
# opening).
if [ -x "$ARENA" ]; then
	whole=$("$ARENA" chad 4 level1 greedy 100 2>&1 | grep '^game [34]:')
	later=$("$ARENA" --from 3 chad 2 level1 greedy 100 2>&1 | grep '^game ')
	[ -n "$whole" ] && [ "$whole" = "$later" ] && ok ||
	    bad "arena --from 3: '$later', the whole match's: '$whole'"
	for n in 0 2 3x; do
		"$ARENA" --from $n chad 2 level1 greedy 100 >/dev/null 2>&1
		[ $? -eq 2 ] && ok || bad "arena --from $n taken"
	done
	# A good option after a bad one does not make the bad one good.
	for opt in "--from 3" "--adjudicate 10"; do
		"$ARENA" --movetime 0 $opt grand 2 random random >/dev/null 2>&1
		[ $? -eq 2 ] && ok || bad "arena --movetime 0 $opt taken"
	done
fi
# --- end of arena --from.

# --- tools/match --deadline: an engine that never answers a `go` loses
# each game it hangs in, is started again, and the match goes on to its
# end and counts those games (Fairy-Stockfish referees).  The deadline
# holds for bigchess too, so it is long enough for a loaded ASan build.
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
if command -v python3 >/dev/null && [ -x "$fsf" ]; then
	silent=${TMPDIR:-/tmp}/bigchess-cli-silent-$$
	cat >"$silent" <<'EOS'
while read -r line; do
	case $line in
	uci) echo "id name silent"; echo uciok ;;
	isready) echo readyok ;;
	go*) echo "$line" >>"$0.go" ;;
	quit) exit 0 ;;
	esac
done
EOS
	out=$(tools/match -n 2 --movetime 20 --deadline 4000 --odds 3 \
	    --log "$silent.log" --positions "$silent.pos" \
	    "sh $silent" "$BIGCHESS --uci" 2>&1)
	printf '%s\n' "$out" | grep -q '^Lost for silence (no move within 4000 ms): 2 games$' &&
	    printf '%s\n' "$out" | grep -q '^Score of sh .*: 0 - 2 - 0 ' &&
	    ok || bad "match --deadline: $out"
	# --odds 3: the first engine was told three times the movetime.
	[ "$(sort -u "$silent.go")" = "go movetime 60" ] &&
	    ok || bad "match --odds: $(cat "$silent.go")"
	# --log: each game's header, and the one move played (bigchess's,
	# White's third ply after the two random ones) with its last
	# reported depth and score.
	grep -q '^game 1: sh (White) vs [^ ]*, opening [a-j][0-9]' \
	    "$silent.log" &&
	    grep -q '^game 2: [^ ]* (White) vs sh, opening ' "$silent.log" &&
	    [ "$(grep -cv '^game ' "$silent.log")" -eq 1 ] &&
	    grep -Eq '^3 [^ ]+ [a-j][0-9]+[a-j][0-9]+ d[0-9]+ (cp|mate) -?[0-9]+$' \
	        "$silent.log" &&
	    ok || bad "match --log: $(cat "$silent.log")"
	# --positions: the games lost for silence give none; two games of
	# 14 plies (then adjudicated, unless a mate came first) give theirs
	# from ply 10 to 14, those in check left out: 1 to 10 lines.
	[ -f "$silent.pos" ] && [ ! -s "$silent.pos" ] &&
	    ok || bad "match --positions kept a silent game: $(cat "$silent.pos")"
	tools/match -n 2 --nodes 300 --max-plies 14 --positions "$silent.pos" \
	    "$BIGCHESS --uci" "$BIGCHESS --uci" >/dev/null 2>&1
	n=$(grep -Ec '^[0-9A-Za-z/]+ [wb] [^;]* ; (1-0|0-1|1/2-1/2)$' \
	    "$silent.pos")
	[ "$n" -ge 1 ] && [ "$n" -le 10 ] &&
	    [ "$(wc -l <"$silent.pos")" -eq "$n" ] &&
	    ok || bad "match --positions: $(cat "$silent.pos")"
	# --depth 3: every `go` either engine is sent asks for depth 3 (a
	# tee records the second's); with --odds, or below 0, it is refused.
	tools/match -n 2 --depth 3 --max-plies 12 "$BIGCHESS --uci" \
	    "sh -c 'tee -a $silent.go3 | $BIGCHESS --uci'" >/dev/null 2>&1
	[ "$(grep '^go' "$silent.go3" | sort -u)" = "go depth 3" ] &&
	    ok || bad "match --depth: $(grep '^go' "$silent.go3" | sort -u)"
	out=$(tools/match --depth 3 --odds 2 a b 2>&1)
	[ $? -ne 0 ] && printf '%s\n' "$out" | grep -q 'takes no --odds' &&
	    ok || bad "match --depth --odds: $out"
	out=$(tools/match --depth -2 a b 2>&1)
	[ $? -ne 0 ] && printf '%s\n' "$out" | grep -q 'want a number above 0' &&
	    ok || bad "match --depth -2: $out"
	rm -f "$silent" "$silent.log" "$silent.pos" "$silent.go" "$silent.go3"
fi
# --- end of tools/match --deadline and --depth.

# --- tools/label: Fairy-Stockfish's verdict as White's expected result.
# Black without a queen is lost whoever moves: above 0.9 for White both
# times, so the score is turned to White's side.  --every 2 keeps one
# line of two; a line without " ; " is refused by number, and an engine
# that cannot start in one line.
if command -v python3 >/dev/null && [ -x "$fsf" ]; then
	lab=${TMPDIR:-/tmp}/bigchess-cli-label-$$
	noq=r8r/1nb1kcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R
	printf '# made by hand\n%s w - - 0 1 ; 0-1\n%s b - - 0 1 ; 1/2-1/2\n' \
	    "$noq" "$noq" >"$lab.in"
	BC_FAIRY_STOCKFISH=$fsf tools/label --depth 3 -j 2 "$lab.in" \
	    "$lab.out" >/dev/null 2>&1
	awk -F' ; ' '!/^#/ { n++; if ($2 + 0 <= 0.9 || $2 !~ /^[01]\.[0-9]+$/) bad = 1 }
	    END { exit !(n == 2 && !bad) }' "$lab.out" &&
	    ok || bad "label: $(cat "$lab.out")"
	tools/label --depth 2 --every 2 "$lab.in" "$lab.out" >/dev/null 2>&1
	[ "$(grep -vc '^#' "$lab.out")" -eq 1 ] &&
	    ok || bad "label --every 2: $(cat "$lab.out")"
	printf 'garbage\n' >"$lab.in"
	out=$(tools/label "$lab.in" "$lab.out" 2>&1)
	[ $? -ne 0 ] && printf '%s\n' "$out" | grep -q "^label: $lab.in:1: no " &&
	    ok || bad "label took garbage: $out"
	printf '%s w - - 0 1 ; 1-0\n' "$noq" >"$lab.in"
	out=$(tools/label --engine /nonexistent "$lab.in" "$lab.out" 2>&1)
	[ $? -ne 0 ] &&
	    [ "$out" = "label: /nonexistent ended or could not start" ] &&
	    ok || bad "label without an engine: $out"
	rm -f "$lab.in" "$lab.out"
fi
# --- end of tools/label.

# --- HexChad (shared/rules/hexchad.md).
expect 0 '^Nodes searched: 61$' -- --perft 1 --variant hexchad
expect 0 '^Nodes searched: 3692$' -- --perft 2 --variant HexChad
expect 0 '^e5h8: 1$' -- --perft 1 --divide --variant hexchad
expect 0 '^Nodes searched: 32$' -- --perft 1 --variant hexchad \
    --fen '7/8/6k2/10/5Rr4/12/13/12/11/10/3K5/8/7 w - - 0 1'
expect 1 'rank 1 (a1-g1) has more than 7 squares' -- --perft 1 \
    --variant hexchad --fen '7/8/4rrr2/5rkr2/6rrr2/12/13/12/2RRR6/2RKR5/2RRR4/8/7R w - - 0 1'
expect 0 '^  hexchad  *HexChad$' -- --help
# The screen plays it (check_hexscreen.c) and teaches it (check_learn.c):
# without a terminal both stop at the terminal, not at the variant.
expect 1 'the interactive game needs a terminal' -- --variant hexchad
expect 1 'the interactive game needs a terminal' -- --learn hexchad
expect 1 'the interactive game needs a terminal' -- --learn --variant hexchad
expect 1 'XBoard has no hexagonal boards' -- --xboard --variant hexchad
hex=$(printf 'uci\nsetoption name UCI_Variant value hexchad\nposition startpos moves d5h9 i10h10\ngo depth 3\nquit\n' |
    "$BIGCHESS" --uci 2>&1)
# Two mates in one (hexchad.md's h9i10q, and h9j11q, also covered from
# c4 up the vertical line).
printf '%s\n' "$hex" | grep -q '^bestmove h9\(i10\|j11\)q$' && ok ||
    bad "uci hexchad mate in one: $hex"
# --- end of HexChad.

# --- --list-variants: the keys --help lists, one a line, each one that
# --variant takes (so the monkey, tools/valgrind and tools/bench can loop
# over them), among them the two newest.
keys=$("$BIGCHESS" --list-variants 2>&1) && ok ||
    bad "--list-variants: exit $?: $keys"
helpkeys=$("$BIGCHESS" --help | sed -n '/^Variants/,/^$/p' |
    sed -n 's/^  \([a-z-][a-z-]*\)  .*/\1/p')
[ "$keys" = "$helpkeys" ] && ok ||
    bad "--list-variants '$keys' is not --help's '$helpkeys'"
for k in hadean-ninja hexchad; do
	printf '%s\n' "$keys" | grep -qx "$k" && ok ||
	    bad "--list-variants lacks $k: $keys"
done
for k in $keys; do
	expect 0 '^Nodes searched: [1-9]' -- --variant "$k" --perft 1
done
# --- end of --list-variants.

# tests/README maps every suite and module (tests/readme.sh says how).
BIGCHESS=$BIGCHESS sh tests/readme.sh >/dev/null 2>&1 && ok ||
    bad "tests/readme.sh: $(BIGCHESS=$BIGCHESS sh tests/readme.sh 2>&1 | grep FAIL)"

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
