#!/bin/sh
# t7010: nothing a hook started outlives the run command, not even what
# left the hook's process group and session (setsid, a daemon).  Such a
# process kept the hook's standard output, postmark's, open after
# postmark ended, so that `postmark h.pm | cat' waited for it.  postmark
# is the subreaper of the hook's descendants during the run command, so
# they become its children when their parent ends; at the end of the
# command it sends them SIGTERM, then SIGKILL after the grace period (5
# s), and their children as they are orphaned in turn.  Here the hook
# leaves a daemon with a child of its own, and one that ignores SIGTERM;
# each writes its process id, and the hook waits for them.
. "$srcdir/tests/tap.sh"

[ -r /proc/self/stat ] || skip_all "needs /proc to see the hook's processes"
command -v setsid >/dev/null 2>&1 || skip_all "setsid(1) not installed"
cd "$T" || exit 99
mkdir L

# alive PID: the process exists and is not a zombie.
alive() {
	[ -r "/proc/$1/stat" ] &&
	    [ "$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)" != Z ]
}

cat >hook.sh <<'EOF'
# $1: the directory for the process ids.
setsid sh -c 'sleep 86400 & echo $! >"$0/child.pid"; echo $$ >"$0/daemon.pid"
    wait' "$1" &
setsid sh -c 'trap "" TERM; echo $$ >"$0/stubborn.pid"
    while :; do sleep 86400; done' "$1" &
while [ ! -s "$1/daemon.pid" ] || [ ! -s "$1/child.pid" ] ||
    [ ! -s "$1/stubborn.pid" ]; do
	sleep 0.01
done
EOF
printf '%s\n' 'set location L' 'set number 10' 'set transactions 20' \
    "set hook before run sh $T/hook.sh $T" 'run' >h.pm

{ $GUARD "$POSTMARK" h.pm 2>err; echo $? >pm.rc; } | cat >out &
pipe=$!
# What is left is ended here (each pid is a session's and its group's).
end_left() {
	for el_p in $(cat "$T"/*.pid 2>/dev/null); do
		kill -KILL "-$el_p" 2>/dev/null
		kill -KILL "$el_p" 2>/dev/null
	done
}
cleanup="end_left; $cleanup"
await "[ -s '$T/pm.rc' ]"
is "$(cat pm.rc)" 0 "the run command succeeds"
left=
for p in daemon child stubborn; do
	! alive "$(cat "$p.pid" 2>/dev/null)" || left="$left $p"
done
is "${left:-none}" none "when postmark ends, none of the hook's processes\
 is left: the daemon, its child, the one that ignores SIGTERM"
end_left
await "! kill -0 $pipe 2>/dev/null"
ok $? "the pipe's reader ends"
grep -q '^Time:' out
ok $? "the report went through the pipe"
is "$(errors err)" "" "nothing said on stderr"
done_testing
