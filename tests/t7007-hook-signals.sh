#!/bin/sh
# t7007-hook-signals: a hook that does not end never holds a run hostage,
# and no process of a hook outlives postmark.
#  - SIGTERM sent to postmark's process id alone (as compare.sh does)
#    while a hook waits forever reaches the hook's process group: the run
#    ends as any interrupted run (exit 143, status interrupted, the
#    locations as before) and none of the hook's processes is left;
#  - a hook that ignores SIGTERM is killed once the grace period (5 s)
#    is over, and postmark says so;
#  - Ctrl-C at the terminal during a hook stops the hook and the run and
#    returns to the prompt, as before the hooks had a process group of
#    their own;
#  - job control: postmark stopped (SIGTSTP, what Ctrl-Z sends) stops its
#    hook, and continued (SIGCONT, fg) continues it;
#  - what a hook left running in the background when it ended (a tracer
#    meant to be stopped by a later hook) is ended with the run command.
# Each hook says through a FIFO that it started and writes the process
# ids of its shell and its children; the test waits for that, never for
# a time.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"

[ -r /proc/self/stat ] || skip_all "needs /proc to see the hook's processes"
command -v mkfifo >/dev/null 2>&1 || skip_all "mkfifo not installed"

# fresh NAME: a location of its own for NAME ($L, with entries that are
# not postmark's and its snapshot in $T/NAME.before) and $work, the
# configuration that uses it.
fresh() {
	L=$T/$1.loc
	mkdir "$L" || exit 99
	populate "$L"
	snapshot "$L" >"$T/$1.before"
	work="set location $L
set number 40
set transactions 200
set seed 3"
}

# alive PID: the process exists and is not a zombie.
alive() {
	[ -r "/proc/$1/stat" ] &&
	    [ "$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)" != Z ]
}

# state PID: the one-letter state of the process (R, S, T, Z...).
state() {
	sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1
}

# until_state PID STATES: wait (at most 30 s) until the process's state
# is one of STATES; fails otherwise.
until_state() {
	us_n=0
	while :; do
		case $(state "$1") in
		["$2"]) return 0 ;;
		esac
		[ $us_n -lt 3000 ] || return 1
		us_n=$((us_n + 1))
		sleep 0.01
	done
}

# started NAME: wait (bounded by $GUARD) for the hook of NAME to say on its
# FIFO that it started; fails otherwise.
started() {
	$GUARD sh -c 'read x <"$1"' sh "$T/$1.fifo"
}

# none_left NAME DESC: none of the processes the hook of NAME wrote down
# in $T/NAME.pids is alive.
none_left() {
	nl_left=
	for nl_p in $(cat "$T/$1.pids" 2>/dev/null); do
		! alive "$nl_p" || nl_left="$nl_left $nl_p"
	done
	is "$(wc -w <"$T/$1.pids" 2>/dev/null | tr -d ' ') ${nl_left:-none}" \
	    "2 none" "$2"
	for nl_p in $nl_left; do
		kill -KILL "$nl_p" 2>/dev/null
	done
}

# hooked NAME WHEN PREFIX: $T/NAME.cfg runs $work with the hook WHEN
# (before transactions, ...): the shell's commands PREFIX, then a sleep
# that would last a day in the background, both process ids written to
# $T/NAME.pids, a word on the FIFO $T/NAME.fifo, and a wait for the sleep.
hooked() {
	fresh "$1"
	rm -f "$T/$1.fifo" "$T/$1.pids"
	mkfifo "$T/$1.fifo" || exit 99
	{
		printf '%s\n' "$work"
		printf 'set hook %s %secho $$ >%s; sleep 86400 & echo $! >>%s; ' \
		    "$2" "$3" "$T/$1.pids" "$T/$1.pids"
		printf 'echo up >%s; wait\n' "$T/$1.fifo"
		printf 'set report csv\nrun %s\nquit\n' "$T/$1.csv"
	} >"$T/$1.cfg"
}

# term NAME WHEN PREFIX WHILE: SIGTERM to postmark's process id alone
# while the hook runs; postmark must end as an interrupted run while
# WHILE, with none of the hook's processes left.
term() {
	hooked "$1" "$2" "$3"
	pm_start "$1"
	started "$1"
	ok $? "$1: the hook started"
	kill -TERM "$(cat "$T/$1.pid")"
	pm_wait
	is "$rc $(csv_get "$T/$1.csv" status)" "143 interrupted" \
	    "$1: exit 143, status interrupted"
	grep -q "^postmark: interrupted by SIGTERM while $4:" "$T/$1.err"
	st=$?
	ok "$st" "$1: 'interrupted by SIGTERM while $4' on stderr"
	[ "$st" -eq 0 ] || diag "$(head -5 "$T/$1.err")"
	none_left "$1" "$1: none of the hook's processes is left"
	same_as_before "$L" "$T/$1.before" "$1: the locations as before"
}

term forever "before transactions" "" "performing transactions"
term forever-run "before run" "" "starting the run"
term stubborn "before deletion" "trap '' TERM; " "deleting files"
grep -q "^postmark: hook before deletion: .* still ran 5 s after SIGTERM: \
killed$" "$T/stubborn.err"
ok $? "stubborn: killed 5 s after SIGTERM, which it ignored; postmark says so"

# Job control: SIGTSTP to postmark alone stops the hook's processes too,
# SIGCONT continues them.  postmark runs in a process group of its own
# whose parent is in this session, as a job of an interactive shell, so
# that the group is not orphaned (the kernel would discard SIGTSTP).
hooked jobs "after transactions" ""
rm -f "$T/jobs.rc" "$T/jobs.pid"
(
	cd "$T" && $GUARD python3 -c '
import os, sys
os.setpgid(0, 0)
with open(sys.argv[1], "w") as f:
    f.write("%d\n" % os.getpid())
os.execv(sys.argv[2], sys.argv[2:])' "$T/jobs.pid" "$POSTMARK" \
	    <"$T/jobs.cfg" >"$T/jobs.out" 2>"$T/jobs.err"
	echo $? >"$T/jobs.rc"
) &
job=$!
cleanup="kill -CONT \$(cat '$T/jobs.pid' 2>/dev/null) \$(cat '$T/jobs.pids' \
2>/dev/null) 2>/dev/null; kill -TERM \$(cat '$T/jobs.pid' 2>/dev/null) \
2>/dev/null; wait $job; $cleanup"
started jobs
ok $? "jobs: the hook started"
pm=$(cat "$T/jobs.pid")
sh_pid=$(sed -n 1p "$T/jobs.pids")
sleep_pid=$(sed -n 2p "$T/jobs.pids")
kill -TSTP "$pm"
until_state "$pm" T
ok $? "jobs: SIGTSTP stopped postmark"
until_state "$sleep_pid" T
st=$?
ok $st "jobs: and the hook's processes (the sleep: $(state "$sleep_pid"))"
kill -CONT "$pm"
until_state "$sleep_pid" RSD
ok $? "jobs: SIGCONT to postmark continued the hook's processes too"
kill -TERM "$pm"
wait "$job"
cleanup=${cleanup#*wait $job; }
is "$(cat "$T/jobs.rc") $(csv_get "$T/jobs.csv" status)" "143 interrupted" \
    "jobs: then SIGTERM: exit 143, status interrupted"
none_left jobs "jobs: none of the hook's processes is left"

# What a hook leaves in the background is ended with the run command: the
# run is complete and postmark exits 0, but the sleep is gone.
fresh bg
{
	printf '%s\n' "$work"
	printf 'set hook before run echo $$ >%s; sleep 86400 & echo $! >>%s\n' \
	    "$T/bg.pids" "$T/bg.pids"
	printf 'set report csv\nrun %s\nquit\n' "$T/bg.csv"
} >"$T/bg.cfg"
pm_run bg
is "$rc $(csv_get "$T/bg.csv" status)" "0 ok" "background: the run completes"
none_left bg "background: what the hook left running ended with the run"
same_as_before "$L" "$T/bg.before" "background: the locations as before"

# Ctrl-C at the terminal while a hook runs: back to the prompt, the hook
# stopped.  The hook says it started by a word that the line typed does
# not hold (the terminal echoes it).
if command -v python3 >/dev/null 2>&1; then
	HOME=$T
	export HOME
	fresh tty
	hook="echo \$\$ >$T/tty.pids; sleep 86400 & echo \$! >>$T/tty.pids"
	python3 "$srcdir/tests/shell/keys.py" "$T" "$POSTMARK" >"$T/tty.out" <<KEYS
until pm>
type set location $L\r
type set number 40\r
type set hook before transactions $hook; echo hook-\$PM_PHASE; wait\r
type run\r
until hook-transactions
type \x03
until pm>
type quit\r
KEYS
	grep -q '^postmark: interrupted by SIGINT while performing transactio' \
	    "$T/tty.out"
	st=$?
	ok $st "Ctrl-C during a hook: the run is interrupted"
	[ $st -eq 0 ] || diag "$(tail -5 "$T/tty.out")"
	tail -n 1 "$T/tty.out" | grep -q '^STATUS 1$'
	ok $? "Ctrl-C during a hook: the prompt came back (status 1 at the end)"
	none_left tty "Ctrl-C during a hook: none of its processes is left"
	same_as_before "$L" "$T/tty.before" "Ctrl-C: the locations as before"
else
	skip "Ctrl-C during a hook" "python3 is needed for a pty"
fi
done_testing
