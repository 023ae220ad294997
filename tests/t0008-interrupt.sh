#!/bin/sh
#
# SIGINT and SIGTERM during a run: the run stops, its files are removed,
# a line on stderr says which signal, in which phase and what was done,
# the CSV record is written (status "interrupted"), and the program exits
# 130 or 143.  PostMark died and left its files behind.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99

need_sigdfl

# interrupt SIGNAL: run a long workload in an empty directory, with the
# default action for SIGNAL whatever the suite inherited, and send SIGNAL
# once "Performing transactions" is on stdout (the watcher goes when the
# run ends, in case it never said so).
interrupt() {
	rm -rf w o e pid out.csv
	mkdir w
	(
		await 'grep -q "Performing transactions" o 2>/dev/null'
		kill -s "$1" "$(cat pid)"
	) &
	watcher=$!
	rc=0
	(cd w && exec $GUARD $SIGDFL sh -c 'echo $$ >../pid; exec "$0" "$1"' \
	    "$POSTMARK" ../cfg) >o 2>e </dev/null || rc=$?
	kill "$watcher" 2>/dev/null
	wait "$watcher"
}

printf '%s\n' 'set number 200' 'set transactions 2000000000' \
    'set size 100 200' 'set subdirectories 3' 'set report csv' \
    'run ../out.csv' '!touch ../after' >cfg

interrupt TERM
is "$rc" 143 'SIGTERM: exit 143'
n='[0-9][0-9]*'
grep -q "^postmark: interrupted by SIGTERM while performing transactions:\
 $n files created, $n read, $n appended, $n deleted,\
 $n of 2000000000 transactions done; the files of the run were removed\$" e
st=$?
ok "$st" 'SIGTERM: what was done, on stderr'
[ "$st" -eq 0 ] || diag "stderr: $(cat e)"
is "$(ls -A w)" '' 'SIGTERM: files and subdirectories removed'
is "$(cut -d, -f3 out.csv | sed 1d)" interrupted 'SIGTERM: CSV record'
test -e after
ok $((! $?)) 'SIGTERM: nothing runs after'

interrupt INT
is "$rc" 130 'SIGINT: exit 130'
grep -q '^postmark: interrupted by SIGINT while performing transactions' e
ok $? 'SIGINT: message on stderr'
is "$(ls -A w)" '' 'SIGINT: files and subdirectories removed'

done_testing
