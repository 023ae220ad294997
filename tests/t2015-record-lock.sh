#!/bin/sh
# t2015: the lock of a report file is waited for, and the wait can be
# stopped.  While another process holds flock(2) on
# the report file, a finished run waits to write its record; a stopping
# signal that arrives during that wait ends it: exit 1, a message that
# says so, the file as the other process left it, nothing in the
# location.  When the lock is released, runs append as usual.

. "$srcdir/tests/tap.sh"

command -v flock >/dev/null 2>&1 || skip_all "flock(1) not installed"
cd "$T" || exit 99
mkdir L
mkfifo held go ran || exit 99
printf '%s\n' 'set location L' 'set number 10' 'set transactions 20' \
    'set report csv' "run $T/r.csv" >first.pm
"$POSTMARK" first.pm >/dev/null 2>&1 || exit 99
printf '%s\n' 'set location L' 'set number 10' 'set transactions 20' \
    'set report csv' "set hook after run echo >$T/ran" "run $T/r.csv" >l.pm
cp r.csv before

# Another process takes the lock and keeps it until "go" is written.
flock "$T/r.csv" sh -c "echo >'$T/held'; cat '$T/go' >/dev/null" &
holder=$!
cleanup="kill $holder 2>/dev/null; $cleanup"
# wait FIFO: until a writer opens and closes FIFO (at most 2 minutes).
wait_fifo() {
	$GUARD cat "$1" >/dev/null
}
wait_fifo held

"$POSTMARK" l.pm >out 2>err &
pm=$!
cleanup="kill -KILL $pm 2>/dev/null; $cleanup"
wait_fifo ran			# the hook after the run has said it ran
# The hook's shell is gone once postmark has no child: a signal now can
# no longer interrupt the hook (and so the run), only the record's wait.
n=0
while pgrep -P $pm >/dev/null 2>&1 && [ $n -lt 6000 ]; do
	n=$((n + 1))
	sleep 0.02
done
# Signal until it gives up (the first may land before the wait begins).
n=0
while kill -TERM $pm 2>/dev/null && [ $n -lt 300 ]; do
	n=$((n + 1))
	sleep 0.1
done
wait $pm
rc=$?
is "$rc:$(errors err)" \
    "1:postmark: l.pm:6: cannot write the report to $T/r.csv: interrupted\
 while waiting for the lock another process holds on it" \
    "a signal during the wait: exit 1 and the message says why"
cmp -s r.csv before
ok $? "the report file is as the other process left it"
is "$(ls -A L)" "" "nothing left in the location"

echo >go
wait $holder
"$POSTMARK" l.pm >/dev/null 2>err &
wait_fifo ran
wait $!
is "$?:$(errors err):$(wc -l <r.csv | tr -d ' ')" 0::3 \
    "the lock released: the next run appends its record"
done_testing
