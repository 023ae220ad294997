#!/bin/sh
# Safety: SIGINT, SIGTERM, SIGHUP (a closed terminal) or SIGQUIT (^\)
# during a run stops it at the next operation boundary, in any phase,
# removes everything the run created (files and sK directories), leaves
# what was there before untouched, reports what was measured on stderr
# (marked interrupted) and exits 128 + the signal.
. "$srcdir/tests/tap.sh"

need_sigdfl

# interrupt NAME SIGNAL STATUS PATTERN CONFIG: run CONFIG (set lines
# joined by `;') in a location L holding a few files of its own, with the
# default action for SIGNAL whatever the suite inherited; once stdout
# matches PATTERN (grep -E) and the run has created something in L, stop
# it (SIGSTOP), check that it is still in that phase (the last line of
# stdout is PATTERN's, not yet Done), send SIGNAL and let it go on
# (SIGCONT); check the exit status, the report on stderr and that L is
# exactly as before.
interrupt() {
	d=${base:-$T}/$1
	mkdir -p "$d/L/notes"
	printf 'keep me\n' >"$d/L/keep"
	printf 'a run never reaches this name\n' >"$d/L/999999999"
	printf 'nested\n' >"$d/L/notes/1"
	snapshot "$d/L" >"$d/before"
	printf '%s\nrun\nquit\n' "$5" | tr ';' '\n' >"$d/cfg"
	spawn "$d" "$d/pid" "$POSTMARK" cfg </dev/null >"$d/out" 2>"$d/err"
	pat=$4
	await 'grep -Eq "$pat" "$d/out" &&
	    [ "$(find "$d/L" -mindepth 1 | head -n 5 | wc -l)" -gt 4 ]' \
	    "$job" || diag "$1: stdout never matched '$4' with files" \
	    "of the run present:" "$(cat "$d/out")"
	pid=$(cat "$d/pid")
	kill -s STOP "$pid"
	tail -n 1 "$d/out" | grep -Ev 'Done$' | grep -Eq "$4"
	ok $? "$1: stopped in the phase of '$4'"
	kill -s "$2" "$pid"
	kill -s CONT "$pid"
	wait "$job"
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
# The deletion phase: many tiny files, so that it lasts beyond the
# watcher's poll, on a tmpfs of our own when we may mount one (a disk
# makes creating them slow; a tmpfs file takes a page: 100000 of them
# 400 MB).
c='set location L;set size 1 10;set transactions 1;set number 100000'
if [ "$(id -u)" -eq 0 ] && mkdir "$T/fast" &&
    mount -t tmpfs -o size=1g,nr_inodes=1m pmtest "$T/fast" 2>/dev/null; then
	cleanup="umount '$T/fast'; $cleanup"
	base=$T/fast
fi
interrupt hup-deletion HUP 129 'Deleting files' "$c"
interrupt quit-deletion QUIT 131 'Deleting files' "$c;set subdirectories 7"
base=
done_testing
