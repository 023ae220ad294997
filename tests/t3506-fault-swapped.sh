#!/bin/sh
# Real faults: the location is renamed during the run (mv loc loc.moved)
# and a symbolic link to another directory, victim/, holding files with
# PostMark's names (1, 2, 3, ..., or s0/1 ... with subdirectories), takes
# its place.  Whatever the run then does, finish in loc.moved or stop with
# an error, it must not touch victim/ (same snapshot), must leave nothing
# of its own in loc.moved (the location's snapshot before the run) and
# must exit 0 or 1.
#
# The engine works relative to directory handles opened once with
# O_NOFOLLOW, so it goes on in loc.moved (tests/t1012-handles.sh covers
# the same in more detail).
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"

# swap NAME DIRS CONFIG: start CONFIG (set lines joined by `;', the
# location $T/NAME.loc prepended, 100000 small files so that the creation
# phase lasts) on a location with entries of its own; once file 50 exists
# (in an sK with subdirectories), stop postmark (SIGSTOP) while it is
# still creating files, rename the location to NAME.moved, put a link to
# NAME.victim in its place and let postmark go on (SIGCONT).  The victim
# holds files 1 to 100 in each of DIRS (`.', `s0'...).
swap() {
	L=$T/$1.loc V=$T/$1.victim M=$T/$1.moved
	mkdir "$L" "$V" || exit 99
	populate "$L"
	snapshot "$L" >"$T/$1.before"
	for d in $2; do
		mkdir -p "$V/$d" || exit 99
		i=1
		while [ $i -le 100 ]; do
			printf 'victim %s/%d, not postmark'"'"'s\n' $d $i \
			    >"$V/$d/$i"
			i=$((i + 1))
		done
	done
	snapshot "$V" >"$T/$1.victim.before"
	pm_config "$1" \
	    "set location $L;set seed 42;set number 100000;set size 10 100;$3"
	pm_start "$1"
	wait_for "$L/50" "$L/s0/50" "$L/s1/50"
	ok $? "$1: file 50 made while the run went on"
	pid=$(cat "$T/$1.pid")
	if kill -STOP "$pid" 2>/dev/null && still_in "$1" '^Creating files'
	then
		mv "$L" "$M" && ln -s "$1.victim" "$L"
		ok $? "$1: location swapped for a link while the run went on"
	else
		ok 1 "$1: location swapped for a link while the run went on"
	fi
	kill -CONT "$pid" 2>/dev/null
	pm_wait
	ok "$([ "$rc" -eq 0 ] || [ "$rc" -eq 1 ]; echo $?)" \
	    "$1: exit status 0 or 1 (got $rc)"
	[ "$rc" -eq 0 ] || diag "stderr:" "$(head -3 "$T/$1.err")"
	snapshot "$V" >"$T/$1.victim.after"
	same_file "$T/$1.victim.after" "$T/$1.victim.before" \
	    "$1: victim exactly as before"
	snapshot "$M" >"$T/$1.moved.after"
	same_file "$T/$1.moved.after" "$T/$1.before" \
	    "$1: nothing of the run left in the renamed location"
}

swap buffered . ''
swap raw-subdirs 's0 s1' 'set buffering false;set subdirectories 2'
done_testing
