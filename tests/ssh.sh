#!/bin/sh
# ssh.sh - a game played over a real SSH connection survives the client
# being killed.
#
# Starts sshd (Debian's openssh-server) on a free loopback port with a
# throw-away host key, user key and config in a temp folder, runs bigchess
# through `ssh -tt` inside a detached tmux session, plays five plies with
# a clock, kills the ssh client with SIGKILL, and checks that sshd's
# hang-up made bigchess save (Black's running clock in the file) and
# exit; then resumes the game over ssh again and checks the position and
# the move list; then two ssh sessions play in a game room, and a third
# player joins it through ssh -L forwarding.  Skipped, with the reason, only where
# sshd cannot run (not installed, or it cannot start here).
#
# The expected FEN after 1. e5 e6 2. Nc4 Nc7 3. Nd6 in Grand Chess is the
# one tests/cli.sh checks for the same moves, worked out from grand.md.
set -u
BIGCHESS=${BIGCHESS:-build/bigchess}
SSHD=${SSHD:-/usr/sbin/sshd}
WAIT=${WAIT:-20}   # seconds any one step may take
FEN='r8r/2bqkcabn1/pppp1ppppp/2n7/3Np5/4P5/10/PPPP1PPPPP/2BQKCABN1/R8R b - - 3 3'

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# Under CI (CI=true) the test must run: a skip is a failure there.
skip() {
	if [ "${CI:-}" = true ]; then
		echo "FAIL: ssh: cannot run under CI: $*"
		exit 1
	fi
	echo "ssh: SKIP: $*"; echo "ssh: 0 passed, 0 failed, 1 skipped"; exit 0
}

case $BIGCHESS in
/*) ;;
*) BIGCHESS=$(pwd)/$BIGCHESS ;;
esac
[ -x "$BIGCHESS" ] || { echo "ssh: no binary $BIGCHESS"; exit 1; }
[ -x "$SSHD" ] || skip "no $SSHD (install openssh-server)"
command -v ssh >/dev/null 2>&1 || skip "no ssh (install openssh-client)"
command -v ssh-keygen >/dev/null 2>&1 || skip "no ssh-keygen"
command -v tmux >/dev/null 2>&1 || { echo "ssh: tmux is needed"; exit 1; }

started=$(date +%s)
tmp=$(mktemp -d /tmp/bigchess-ssh-XXXXXX)
sock=bigchess-ssh-$$
sshd_pid_plain=
sshd_pid_hosted=
sshd_pid_fwd=
# bigchess first: hung up later, it would save into $tmp after the rm.
cleanup() {
	for f in "$tmp"/pid*; do
		[ -f "$f" ] && kill -9 "$(cat "$f")" 2>/dev/null
	done
	tmux -L "$sock" kill-server 2>/dev/null
	[ -n "${markdir:-}" ] && rm -rf "$markdir"
	[ -n "$sshd_pid_plain" ] && kill "$sshd_pid_plain" 2>/dev/null
	[ -n "$sshd_pid_hosted" ] && kill "$sshd_pid_hosted" 2>/dev/null
	[ -n "$sshd_pid_fwd" ] && kill "$sshd_pid_fwd" 2>/dev/null
	[ -n "${KEEP:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# Keys and config.  As root, sshd wants its privilege-separation folder.
ssh-keygen -q -t ed25519 -N '' -f "$tmp/host_key" || skip "ssh-keygen failed"
ssh-keygen -q -t ed25519 -N '' -f "$tmp/user_key" || skip "ssh-keygen failed"
cp "$tmp/user_key.pub" "$tmp/authorized_keys"
user=$(id -un)
if [ "$(id -u)" -eq 0 ]; then
	mkdir -p /run/sshd 2>/dev/null
fi
mkdir "$tmp/state"

# start_sshd NAME EXTRA: an sshd with config $tmp/sshd_NAME (the common
# lines, then EXTRA) on a free port, which it leaves in $started_port
# (empty if it cannot start; the reason is in $tmp/sshd_NAME.log).  Port:
# a few candidates from a pid-dependent start, until one binds.
start_sshd() {
	name=$1 extra=$2
	started_port=
	for i in 0 1 2 3 4 5 6 7 8 9; do
		try=$((20000 + ($$ * 7 + i * 997 + ${#name} * 331) % 40000))
		# EXTRA first: sshd takes a keyword's first value.
		cat >"$tmp/sshd_$name" <<EOF
$extra
Port $try
ListenAddress 127.0.0.1
HostKey $tmp/host_key
AuthorizedKeysFile $tmp/authorized_keys
PidFile $tmp/sshd_$name.pid
StrictModes no
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
AllowUsers $user
PrintMotd no
PrintLastLog no
X11Forwarding no
AllowTcpForwarding no
EOF
		"$SSHD" -t -f "$tmp/sshd_$name" 2>"$tmp/sshd_$name.log" ||
		    skip "sshd refuses the config: $(cat "$tmp/sshd_$name.log")"
		"$SSHD" -D -e -f "$tmp/sshd_$name" 2>"$tmp/sshd_$name.log" &
		pid=$!
		eval "sshd_pid_$name=$pid"
		# Up when it says so in its log; gone if the port was taken.
		n=0
		while [ $n -lt $((WAIT * 10)) ]; do
			grep -q 'Server listening' "$tmp/sshd_$name.log" && break
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
			n=$((n + 1))
		done
		if grep -q 'Server listening' "$tmp/sshd_$name.log"; then
			started_port=$try
			return
		fi
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		eval "sshd_pid_$name="
	done
}
start_sshd plain ''
port=$started_port
[ -n "$port" ] || skip "sshd cannot start: $(tail -n 3 "$tmp/sshd_plain.log")"

printf '[127.0.0.1]:%s %s\n' "$port" "$(cut -d' ' -f1,2 "$tmp/host_key.pub")" \
    >"$tmp/known_hosts"
SSH="ssh -F /dev/null -tt -e none -p $port -i $tmp/user_key \
-o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=yes \
-o UserKnownHostsFile=$tmp/known_hosts -o LogLevel=ERROR $user@127.0.0.1"
# The remote side records bigchess's pid, then becomes bigchess.
remote() {
	echo "sh -c 'echo \$\$ >$tmp/pid$1; exec env XDG_STATE_HOME=$tmp/state \
LC_ALL=C.UTF-8 $BIGCHESS $2'"
}

if ! $SSH true </dev/null >"$tmp/ssh.log" 2>&1; then
	skip "ssh to the test sshd fails: $(cat "$tmp/ssh.log")"
fi

# screen_has TEXT: the tmux pane shows TEXT (fixed string).
screen_has() {
	tmux -L "$sock" capture-pane -p -t bc 2>/dev/null | grep -qF -- "$1"
}
# wait_screen TEXT: polls the pane for TEXT until the deadline.
wait_screen() {
	n=0
	while [ $n -lt $((WAIT * 20)) ]; do
		screen_has "$1" && return 0
		sleep 0.05
		n=$((n + 1))
	done
	bad "'$1' never appeared over ssh; screen:"
	tmux -L "$sock" capture-pane -p -t bc 2>/dev/null
	return 1
}
# wait_line ERE: polls the pane for a line matching ERE until the
# deadline.
wait_line() {
	n=0
	while [ $n -lt $((WAIT * 20)) ]; do
		tmux -L "$sock" capture-pane -p -t bc 2>/dev/null |
		    grep -qE -- "$1" && return 0
		sleep 0.05
		n=$((n + 1))
	done
	bad "no line matching '$1' over ssh; screen:"
	tmux -L "$sock" capture-pane -p -t bc 2>/dev/null
	return 1
}
# wait_gone PID: polls until PID has exited.
wait_gone() {
	n=0
	while [ $n -lt $((WAIT * 20)) ]; do
		kill -0 "$1" 2>/dev/null || return 0
		# Ended but not yet reaped by its parent (tmux): gone too.
		case $(ps -o stat= -p "$1" 2>/dev/null) in Z*) return 0 ;; esac
		sleep 0.05
		n=$((n + 1))
	done
	return 1
}
# wait_file FILE: polls until FILE holds something.
wait_file() {
	n=0
	while [ $n -lt $((WAIT * 20)) ]; do
		[ -s "$1" ] && return 0
		sleep 0.05
		n=$((n + 1))
	done
	return 1
}
# session N ARGS: a new tmux session "bc" running bigchess ARGS over ssh.
session() {
	tmux -L "$sock" kill-server 2>/dev/null
	tmux -L "$sock" -f /dev/null new-session -d -s bc -x 100 -y 30 \
	    "exec $SSH \"$(remote "$1" "$2")\"" || { bad "tmux"; exit 1; }
}
send() {
	tmux -L "$sock" send-keys -t bc -l "$1"
	tmux -L "$sock" send-keys -t bc Enter
}

# 1. Play three plies, then kill the ssh client.
session 1 '--variant grand --white human --black human --clock 10'
wait_file "$tmp/pid1" || { bad "bigchess never started over ssh"; exit 1; }
bc_pid=$(cat "$tmp/pid1")
wait_screen 'White to move' || exit 1
send ':e5'
wait_screen 'Black to move' || exit 1
send ':e6'
wait_screen '1. e5' || exit 1
send ':Nc4'
wait_screen '2. Nc4' || exit 1
send ':Nc7'
wait_screen 'Nc7' || exit 1
send ':Nd6'
wait_screen '3. Nd6' || exit 1
save="$tmp/state/bigchess/autosave.pgn"
# Black's clock as saved after 3. Nd6, then let it run to 9:57 on
# Black's own row (on a busy machine White's three moves may have taken
# three seconds too).
tag() { sed -n "s/^\[$1 \"\([0-9]*\)\"\]$/\1/p" "$save"; }
black_at_move=$(tag BigchessBlackClock)
wait_line 'Black \(human\) +9:57' || exit 1
ssh_pid=$(tmux -L "$sock" list-panes -t bc -F '#{pane_pid}')
kill -9 "$ssh_pid" && ok || bad "cannot kill the ssh client $ssh_pid"
# sshd sees the connection drop and hangs up bigchess's terminal.
if wait_gone "$bc_pid"; then ok; else
	bad "bigchess (pid $bc_pid) still runs after the client was killed"
	kill -9 "$bc_pid" 2>/dev/null
fi
if [ -f "$save" ] && tail -c 40 "$save" | grep -q '3\. Nd6 \*\s*$' &&
    grep -q '^1\. e5 e6 2\. Nc4 Nc7 3\. Nd6 \*' "$save"; then ok; else
	bad "autosave after the kill: $(cat "$save" 2>&1)"
fi
# Saved once more on the hang-up, with Black's clock as it stood.
black=$(tag BigchessBlackClock)
if [ -n "$black" ] && [ -n "$black_at_move" ] &&
    [ "$black" -le 597999 ] && [ "$black" -lt "$black_at_move" ]; then ok; else
	bad "Black's clock: $black_at_move at the move, $black after the hang-up"
fi
got=$("$BIGCHESS" --load "$save" --print fen 2>&1)
[ "$got" = "$FEN" ] && ok || bad "saved position: $got, expected $FEN"
ls -A "$tmp/state/bigchess" | grep -q '^\.save-' &&
    bad "a temp file was left: $(ls -A "$tmp/state/bigchess")" || ok

# 2. --resume over ssh: the same moves and position, and play goes on.
session 2 '--resume'
wait_screen 'Black to move' || exit 1
screen_has '1. e5' && screen_has '2. Nc4' && screen_has '3. Nd6' && ok ||
    bad "resumed move list: $(tmux -L "$sock" capture-pane -p -t bc)"
send ':fen'
wait_screen "FEN: $FEN" && ok
send ':Nb9'
wait_screen 'Nb9' && ok
tmux -L "$sock" send-keys -t bc q
wait_screen 'Leave this game' && tmux -L "$sock" send-keys -t bc y
bc_pid=$(cat "$tmp/pid2")
wait_gone "$bc_pid" && ok || bad "bigchess did not quit on q y"
grep -q '3\. Nd6 Nb9 \*' "$save" && ok || bad "after resume: $(cat "$save")"

# 3. A game room over ssh (issue #15): two ssh sessions play each other
# through a room in a folder of the test's own, a move and a line of
# chat each way; then the guest leaves, and a player on "another
# machine" takes the seat through ssh -L forwarding of the room's
# socket into a rooms folder of their own, and plays on.
mkdir -m 700 "$tmp/rooms" "$tmp/fwd" "$tmp/stateA" "$tmp/stateB" "$tmp/stateC"
# room_remote N STATE ARGS: like remote, with the rooms folder.
room_remote() {
	echo "sh -c 'echo \$\$ >$tmp/pid$1; exec env XDG_STATE_HOME=$tmp/$2 \
BIGCHESS_ROOMS=$tmp/rooms LC_ALL=C.UTF-8 $BIGCHESS $3'"
}
# in_pane NAME CMD: a tmux session NAME of its own running CMD.
in_pane() {
	tmux -L "$sock" -f /dev/null new-session -d -s "$1" -x 120 -y 34 \
	    "$2" || { bad "tmux"; exit 1; }
}
pane_has() {
	tmux -L "$sock" capture-pane -p -t "$1" 2>/dev/null | grep -qF -- "$2"
}
wait_pane() {
	n=0
	while [ $n -lt $((WAIT * 20)) ]; do
		pane_has "$1" "$2" && return 0
		sleep 0.05
		n=$((n + 1))
	done
	bad "'$2' never appeared in $1; screen:"
	tmux -L "$sock" capture-pane -p -t "$1" 2>/dev/null
	return 1
}
type_in() {
	tmux -L "$sock" send-keys -t "$1" -l "$2"
	tmux -L "$sock" send-keys -t "$1" Enter
}
tmux -L "$sock" kill-server 2>/dev/null
in_pane host "exec $SSH \"$(room_remote A stateA '--host sshroom --variant grand --clock 10')\""
wait_pane host 'bigchess --join sshroom' || exit 1
in_pane guest "exec $SSH \"$(room_remote B stateB '--join sshroom')\""
wait_pane guest 'you play Black' || exit 1
wait_pane host 'is in the room' || exit 1
type_in host ':e5'
wait_pane guest 'White played e5' && ok
type_in guest ':e6'
wait_pane host 'Black played e6' && ok
type_in guest ':say hello over ssh'
wait_pane host ': hello over ssh' && ok
type_in host ':say and back'
wait_pane guest ': and back' && ok
tmux -L "$sock" send-keys -t guest q
wait_pane guest 'Leave this game' && tmux -L "$sock" send-keys -t guest y
wait_gone "$(cat "$tmp/pidB")" && ok || bad "the guest did not leave"
wait_pane host 'has left the room' && ok
# The other machine: its own rooms folder, the host's socket forwarded
# by an sshd that allows it (sshd refuses every local forward, Unix
# sockets too, under AllowTcpForwarding no).
start_sshd fwd "AllowTcpForwarding local
AllowStreamLocalForwarding local"
port3=$started_port
[ -n "$port3" ] || skip "the forwarding sshd cannot start: $(tail -n 3 "$tmp/sshd_fwd.log")"
printf '[127.0.0.1]:%s %s\n' "$port3" "$(cut -d' ' -f1,2 "$tmp/host_key.pub")" \
    >>"$tmp/known_hosts"
ssh -F /dev/null -N -p "$port3" -i "$tmp/user_key" -o IdentitiesOnly=yes \
    -o BatchMode=yes -o StrictHostKeyChecking=yes \
    -o UserKnownHostsFile="$tmp/known_hosts" -o LogLevel=ERROR \
    -o ExitOnForwardFailure=yes \
    -L "$tmp/fwd/sshroom:$tmp/rooms/sshroom" "$user@127.0.0.1" &
echo $! >"$tmp/pidfwd"
n=0
while [ ! -S "$tmp/fwd/sshroom" ] && [ $n -lt $((WAIT * 20)) ]; do
	sleep 0.05
	n=$((n + 1))
done
[ -S "$tmp/fwd/sshroom" ] && ok || bad "ssh -L made no socket"
out=$(BIGCHESS_ROOMS=$tmp/fwd "$BIGCHESS" --rooms 2>&1)
printf '%s\n' "$out" | grep -q '^sshroom .* grand .* playing\|^sshroom .* grand .* waiting' &&
    ok || bad "--rooms through ssh -L: $out"
in_pane far "exec env BIGCHESS_ROOMS=$tmp/fwd XDG_STATE_HOME=$tmp/stateC \
LC_ALL=C.UTF-8 $BIGCHESS --join sshroom"
wait_pane far '1. e5' || exit 1
wait_pane host 'is in the room' && ok
type_in host ':Nc4'
wait_pane far 'White played Nc4' && ok
type_in far ':Nc7'
wait_pane host 'Black played Nc7' && ok
tmux -L "$sock" send-keys -t far q
wait_pane far 'Leave this game' && tmux -L "$sock" send-keys -t far y
tmux -L "$sock" send-keys -t host q
wait_pane host 'Leave this game' && tmux -L "$sock" send-keys -t host y
wait_gone "$(cat "$tmp/pidA")" && ok || bad "the host did not leave"
[ -e "$tmp/rooms/sshroom" ] && bad "the room's socket outlived the host" || ok
kill "$(cat "$tmp/pidfwd")" 2>/dev/null
rm -f "$tmp/pidfwd"
tmux -L "$sock" kill-server 2>/dev/null

# 4. A hosted game account: a second sshd whose ForceCommand
# is bigchess --restricted, as README's "Hosting" section sets it up,
# with AcceptEnv letting a careless host pass the pager variables.  The
# client sends MANPAGER, PAGER, LESS, EDITOR and VISUAL set to commands
# that would leave a marker file (and MANPATH, below); R must show the built-in text, the
# pager escapes of less(1) typed at it must do nothing, no marker may
# appear, and the game must go on.  A command the client asks for must
# run bigchess, not the command.  The forced command is a two-line script
# that records bigchess's pid and execs it, so cleanup can find it.
cat >"$tmp/host.conf" <<EOF
# The administrator's settings of the test host.
state-dir = $tmp/hosted/%u
EOF
cat >"$tmp/forced" <<EOF
#!/bin/sh
echo \$\$ >"$tmp/pidh.\$\$"
exec "$BIGCHESS" --restricted --config "$tmp/host.conf" --level 1
EOF
chmod 755 "$tmp/forced"
start_sshd hosted "PermitTTY yes
AllowAgentForwarding no
AllowStreamLocalForwarding no
PermitTunnel no
PermitUserEnvironment no
AcceptEnv LANG LC_* MANPATH MANPAGER PAGER LESS LESSOPEN EDITOR VISUAL BROWSER XDG_STATE_HOME XDG_CONFIG_HOME
ForceCommand $tmp/forced"
port2=$started_port
[ -n "$port2" ] || skip "the hosted sshd cannot start: $(tail -n 3 "$tmp/sshd_hosted.log")"
printf '[127.0.0.1]:%s %s\n' "$port2" "$(cut -d' ' -f1,2 "$tmp/host_key.pub")" \
    >>"$tmp/known_hosts"
# The markers have names without q, Q or R, the keys that close
# the rules text: the escapes typed at it below must all reach it.
markdir=/tmp/bigchess-mark-$$
rm -rf "$markdir"
mkdir "$markdir" || { bad "cannot make $markdir"; exit 1; }
marker=$markdir/mark
cat >"$tmp/client" <<EOF
#!/bin/sh
# The player's side: pager variables that would run a shell command.
MANPAGER='sh -c "touch $marker-manpager"' PAGER='sh -c "touch $marker-pager"'
LESS='+!touch $marker-less' LESSOPEN='|touch $marker-lessopen %s'
EDITOR='sh -c "touch $marker-editor"' VISUAL='sh -c "touch $marker-visual"'
BROWSER='sh -c "touch $marker-browser"' XDG_STATE_HOME=$tmp/xdg-state
XDG_CONFIG_HOME=$tmp/xdg-config LC_ALL=C.UTF-8 MANPATH=$tmp/manroot
export MANPATH MANPAGER PAGER LESS LESSOPEN EDITOR VISUAL BROWSER XDG_STATE_HOME \
    XDG_CONFIG_HOME LC_ALL
exec ssh -F /dev/null \$SSH_TTY_OPT -e none -p $port2 -i $tmp/user_key \
    -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=yes \
    -o UserKnownHostsFile=$tmp/known_hosts -o LogLevel=ERROR \
    -o SendEnv=MANPAGER -o SendEnv=PAGER -o SendEnv=LESS \
    -o SendEnv=LESSOPEN -o SendEnv=EDITOR -o SendEnv=VISUAL \
    -o SendEnv=BROWSER -o SendEnv=XDG_STATE_HOME \
    -o SendEnv=XDG_CONFIG_HOME -o SendEnv=LC_ALL -o SendEnv=MANPATH \
    $user@127.0.0.1 "\$@"
EOF
chmod 755 "$tmp/client"
# MANPATH makes the variant's manual page findable, so that without
# restricted mode R would start man(1) and its pager.
mkdir -p "$tmp/manroot/man6"
cp man/bigchess-*.6 "$tmp/manroot/man6/" 2>/dev/null ||
    cp "$(dirname "$0")"/../man/bigchess-*.6 "$tmp/manroot/man6/"
# The person's own settings file, which restricted mode must not read.
mkdir -p "$tmp/xdg-config/bigchess"
printf 'history-keep = nonsense\n' >"$tmp/xdg-config/bigchess/config"
# hosted_session ARGS: the client, in a pty, in a new tmux session "bc".
hosted_session() {
	tmux -L "$sock" kill-server 2>/dev/null
	tmux -L "$sock" -f /dev/null new-session -d -s bc -x 100 -y 30 \
	    "SSH_TTY_OPT=-tt exec $tmp/client $1" || { bad "tmux"; exit 1; }
}
no_marker() {
	if [ -n "$(ls -A "$markdir")" ]; then
		bad "$1: a command ran: $(ls -A "$markdir")"
	else ok; fi
}

hosted_session ''
wait_screen 'Enter: start' || exit 1
tmux -L "$sock" send-keys -t bc Enter
wait_screen 'White to move' || exit 1
send ':e5'
# The move list, not "White played e5": that message lasts only until
# the computer answers, which on a busy machine can come between two
# looks at the pane.
wait_screen '1. e5' || exit 1
wait_screen 'White to move' || exit 1   # the computer answered
tmux -L "$sock" send-keys -t bc R
if wait_screen '(built-in text)'; then ok; fi
# less(1)'s ways out, typed at the rules screen: a shell command, a pipe,
# the editor, saving to a file, opening a file.
for keys in "!sh -c 'touch $marker-bang'" "|a touch $marker-pipe" v \
    "s $marker-saved" ":e $marker-examined"; do
	tmux -L "$sock" send-keys -t bc -l "$keys"
	tmux -L "$sock" send-keys -t bc Enter
done
# None of those keys leaves the rules text; q goes back to the game.
wait_screen '(built-in text)' && ok
tmux -L "$sock" send-keys -t bc q
wait_screen 'White to move' || exit 1
send ':Nc4'   # legal whatever Black answered to 1. e5
wait_screen '2. Nc4' && ok
no_marker 'R and the pager escapes'
[ -e "$marker-saved" ] || [ -e "$marker-examined" ] &&
    bad "a file was written or read by name" || ok
# The person's XDG folders were not used, nor their settings read.
[ -e "$tmp/xdg-state" ] && bad "XDG_STATE_HOME was used" || ok
hosted_save=$tmp/hosted/$user/autosave.pgn
wait_file "$hosted_save" && grep -q '^1\. e5 ' "$hosted_save" &&
    grep -q ' 2\. Nc4 ' "$hosted_save" && ok ||
    bad "hosted autosave: $(cat "$hosted_save" 2>&1)"
tmux -L "$sock" send-keys -t bc q
wait_screen 'Leave this game' && tmux -L "$sock" send-keys -t bc y
for f in "$tmp"/pidh.*; do
	wait_gone "$(cat "$f")" && ok || bad "hosted bigchess did not quit"
	rm -f "$f"
done

# A command asked for by the client runs bigchess instead: with a pty it
# offers the unfinished game; without one it says it needs a terminal.
hosted_session "sh -c 'touch $marker-command'"
wait_screen 'An unfinished game' && ok
tmux -L "$sock" send-keys -t bc Escape
tmux -L "$sock" kill-server 2>/dev/null
for f in "$tmp"/pidh.*; do
	wait_gone "$(cat "$f")" && ok || bad "hosted bigchess outlived its client"
	rm -f "$f"
done
out=$(SSH_TTY_OPT=-T "$tmp/client" "sh -c 'touch $marker-notty'" </dev/null 2>&1)
st=$?
[ $st -eq 1 ] && printf '%s\n' "$out" | grep -q 'needs a terminal' && ok ||
    bad "a forced command without a pty: exit $st: $out"
no_marker 'commands asked by the client'

echo "ssh: took $(($(date +%s) - started)) s on ports $port and $port2"
echo "ssh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
