#!/bin/sh
# Safety: SIGINT, SIGTERM, SIGHUP (a closed terminal) or SIGQUIT (^\)
# during a run stops it at the next operation boundary, in any phase,
# removes everything the run created (files and sK directories), leaves
# what was there before untouched, reports what was measured on stderr
# (marked interrupted) and exits 128 + the signal.
. "$srcdir/tests/tap.sh"

# The program is started in the background of a non-interactive shell,
# where SIGINT and SIGQUIT are ignored: env --default-signal restores them.
env --default-signal=INT,QUIT true 2>/dev/null ||
    skip_all "env --default-signal not supported (coreutils < 8.31)"

# interrupt NAME SIGNAL STATUS PATTERN CONFIG: run CONFIG (set lines
# joined by `;') in a location L holding a few files of its own; once
# stdout matches PATTERN (grep -E) and the run has created something in L,
# send SIGNAL; check the exit status, the report on stderr and that L is
# exactly as before.
interrupt() {
	d=${base:-$T}/$1
	mkdir -p "$d/L/notes"
	printf 'keep me\n' >"$d/L/keep"
	printf 'a run never reaches this name\n' >"$d/L/999999999"
	printf 'nested\n' >"$d/L/notes/1"
	snapshot "$d/L" >"$d/before"
	printf '%s\nrun\nquit\n' "$5" | tr ';' '\n' >"$d/cfg"
	(cd "$d" && exec env --default-signal=INT,QUIT "$POSTMARK" cfg \
	    </dev/null >out 2>err) &
	pid=$!
	n=0
	until grep -Eq "$4" "$d/out" 2>/dev/null &&
	    [ "$(find "$d/L" -mindepth 1 | wc -l)" -gt 4 ]; do
		n=$((n + 1))
		if [ $n -gt 1500 ] || ! kill -0 $pid 2>/dev/null; then
			diag "$1: stdout never matched '$4' with files" \
			    "of the run present:" "$(cat "$d/out")"
			break
		fi
		sleep 0.02
	done
	kill -s "$2" $pid 2>/dev/null
	n=0
	while kill -0 $pid 2>/dev/null && [ $n -lt 300 ]; do
		n=$((n + 1))
		sleep 0.1
	done
	if kill -0 $pid 2>/dev/null; then
		diag "$1: still running 30 s after SIG$2, killed"
		kill -s KILL $pid
	fi
	wait $pid
	is "$?" "$3" "$1: exit status $3 after SIG$2"
	if grep -qi interrupt "$d/err"; then
		ok 0 "$1: stderr reports the interrupted run"
	else
		ok 1 "$1: stderr reports the interrupted run"
		diag "stderr:" "$(head -5 "$d/err")"
	fi
	snapshot "$d/L" >"$d/after"
	same_file "$d/after" "$d/before" "$1: location exactly as before"
}

c='set location L;set seed 42;set size 100 1000;set number 1000'
c="$c;set transactions 2000000"
interrupt int-transactions INT 130 'Performing transactions\.' "$c"
interrupt term-transactions TERM 143 'Performing transactions\.' "$c"
interrupt int-raw-subdirs INT 130 'Performing transactions\.' \
    "$c;set buffering false;set subdirectories 5"
interrupt int-creation INT 130 'Creating files' \
    'set location L;set size 1 100;set number 1000000;set subdirectories 3'
interrupt term-creation TERM 143 'Creating files' \
    'set location L;set size 1 100;set number 1000000'
interrupt hup-creation HUP 129 'Creating files' \
    'set location L;set size 1 100;set number 1000000;set subdirectories 3'
interrupt quit-transactions QUIT 131 'Performing transactions\.' "$c"
# The deletion phase: many tiny files, on a tmpfs when we may mount one
# (a disk makes creating them slow, deleting them fast enough to miss;
# a tmpfs file takes a page: 300000 of them 1.2 GB).
c='set location L;set size 1 10;set transactions 1'
if [ "$(id -u)" -eq 0 ] && mkdir "$T/fast" &&
    mount -t tmpfs -o size=2g,nr_inodes=1m pmtest "$T/fast" 2>/dev/null; then
	cleanup="umount '$T/fast'; $cleanup"
	base=$T/fast
	interrupt hup-deletion HUP 129 'Deleting files' "$c;set number 300000"
	interrupt quit-deletion QUIT 131 'Deleting files' \
	    "$c;set number 300000;set subdirectories 7"
	base=
else
	interrupt hup-deletion HUP 129 'Deleting files' "$c;set number 100000"
	interrupt quit-deletion QUIT 131 'Deleting files' \
	    "$c;set number 100000;set subdirectories 7"
fi
done_testing
