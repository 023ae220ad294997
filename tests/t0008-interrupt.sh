#!/bin/sh
#
# SIGINT and SIGTERM during a run: the run stops, its files are removed,
# a line on stderr says which signal, in which phase and what was done,
# the CSV record is written (status "interrupted"), and the program exits
# 130 or 143.  PostMark died and left its files behind.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99

# interrupt SIGNAL: run a long workload in an empty directory and send
# SIGNAL once "Performing transactions" is on stdout.
interrupt() {
	rm -rf w o e pid out.csv
	mkdir w
	(
		i=0
		while ! grep -q 'Performing transactions' o 2>/dev/null; do
			i=$((i + 1))
			[ $i -gt 600 ] && break
			sleep 0.1
		done
		kill -s "$1" "$(cat pid)"
		# Never hang the suite if the signal is not honoured.
		i=0
		while kill -0 "$(cat pid)" 2>/dev/null; do
			i=$((i + 1))
			if [ $i -gt 200 ]; then
				kill -s KILL "$(cat pid)"
				break
			fi
			sleep 0.1
		done
	) &
	watcher=$!
	rc=0
	(cd w && sh -c 'echo $$ >../pid; exec "$0" "$1"' "$POSTMARK" ../cfg) \
	    >o 2>e </dev/null || rc=$?
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
ok $? 'SIGTERM: what was done, on stderr'
[ "$?" -eq 0 ] || diag "stderr: $(cat e)"
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
