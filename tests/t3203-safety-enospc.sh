#!/bin/sh
# Safety: on a full file system (a 1 MiB tmpfs) a run stops with
# `No space left on device' in its message, exits 1 and leaves nothing
# behind.  Needs root to mount the tmpfs; skipped otherwise.
. "$srcdir/tests/tap.sh"

[ "$(id -u)" -eq 0 ] || skip_all "needs root to mount a 1 MiB tmpfs"
mkdir "$T/small"
mount -t tmpfs -o size=1m,mode=0755 tmpfs "$T/small" 2>/dev/null ||
    skip_all "cannot mount a tmpfs here"
cleanup='umount "$T/small"'

# full NAME CONFIG: run CONFIG (set lines joined by `;') on the tmpfs.
full() {
	(cd "$T" && printf '%s\nrun\nquit\n' "$2" | tr ';' '\n' |
	    $GUARD "$POSTMARK" >"$T/$1.out" 2>"$T/$1.err")
	is "$?" 1 "$1: exit status 1"
	if grep -q 'postmark: .*: No space left on device$' "$T/$1.err"; then
		ok 0 "$1: message ends in 'No space left on device'"
	else
		ok 1 "$1: message ends in 'No space left on device'"
		diag "stderr:" "$(head -5 "$T/$1.err")"
	fi
	is "$(find "$T/small" -mindepth 1 | head -5)" "" \
	    "$1: nothing left on the file system"
}

c='set location small;set seed 42;set size 500 10000;set number 500'
full buffered "$c;set transactions 500"
full raw "$c;set transactions 500;set buffering false"
full subdirs "$c;set transactions 500;set subdirectories 4"
c='set location small;set size 1000 20000;set number 50'
full transactions "$c;set transactions 5000;set bias create 9;set bias read 0"
done_testing
