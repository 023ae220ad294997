#!/bin/sh
# Safety: a run never touches what it did not create.  A pre-existing file
# named like a run file (or an sK directory) stops the run with
# `postmark: open LOC/N: File exists' (mkdir for sK), exit status 1; the
# existing entry is untouched (same content, sha256) and everything the
# run created before the clash is removed.
. "$srcdir/tests/tap.sh"

# clash NAME CONFIG ENTRY WANT: create ENTRY in a fresh location L (a file
# with some bytes, or a directory holding one when ENTRY ends in /), run
# CONFIG (set lines joined by `;') and check the message WANT, the exit
# status, and that L is exactly as before.
clash() {
	d=$T/$1
	mkdir -p "$d/L"
	case $3 in
	*/)	mkdir "$d/L/$3"
		printf 'not ours\n' >"$d/L/$3/1" ;;
	*)	printf 'precious data %s\n' "$3" >"$d/L/$3" ;;
	esac
	snapshot "$d/L" >"$d/before"
	(cd "$d" && printf '%s\nrun\nquit\n' "$2" | tr ';' '\n' |
	    $GUARD "$POSTMARK" >out 2>err)
	rc=$?
	is "$rc" 1 "$1: exit status 1"
	if grep -q "^postmark: -:[0-9]*: $4\$" "$d/err"; then
		ok 0 "$1: message '$4'"
	else
		ok 1 "$1: message '$4'"
		diag "stderr:" "$(head -5 "$d/err")"
	fi
	snapshot "$d/L" >"$d/after"
	same_file "$d/after" "$d/before" "$1: location exactly as before"
}

c='set location L;set seed 42;set size 500 10000'
clash first-buffered "$c;set number 10;set transactions 20" 1 \
    'open L/1: File exists'
clash first-raw "$c;set number 10;set transactions 20;set buffering false" \
    1 'open L/1: File exists'
clash third-buffered "$c;set number 10;set transactions 20" 3 \
    'open L/3: File exists'
clash mixed-raw "$c;set number 20;set transactions 100;set buffering false" \
    30 'open L/30: File exists'
clash mixed-subdirs \
    "$c;set number 20;set transactions 100;set subdirectories 1" 74 \
    'open L/74: File exists'
clash sdir "$c;set number 10;set transactions 20;set subdirectories 3" s1/ \
    'mkdir L/s1: File exists'
done_testing
