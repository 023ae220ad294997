#!/bin/sh
# The run works relative to directory handles, never by path: a location
# or subdirectory renamed during the run is followed where it went, a
# symbolic link put in its place is never entered (the directory it
# points to, holding files named as PostMark names them, is left exactly
# as it was), the clean-up removes the run's files and subdirectories
# where they really are, and a file deleted under the run is never
# created again by an append.  Each scenario changes the tree once the
# transactions are under way.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/data/engine.sh"

work_dir w 256m

# scenario NAME CONFIG ACTION [GO]: in $W/NAME, with a location L holding
# a few files of its own and a directory victim/ holding files 1..40, run
# CONFIG (set lines joined by `;', the location is $W/NAME/L); once the
# transactions are under way stop it (SIGSTOP), run the shell command
# ACTION in $W/NAME and let it go on (SIGCONT).  With GO, let the run
# make a thousand more files (wherever ACTION moved its directories) and
# stop it with SIGTERM.  Sets $rc, and snapshots victim before and after.
scenario() {
	d=$W/$1
	mkdir -p "$d/L" "$d/victim"
	printf 'keep\n' >"$d/L/keep"
	i=1
	while [ $i -le 40 ]; do
		printf 'victim %d\n' $i >"$d/victim/$i"
		i=$((i + 1))
	done
	snapshot "$d/victim" >"$d/victim.before"
	snapshot "$d/L" >"$d/L.before"
	printf 'set location %s\n%s\nrun\nquit\n' "$d/L" "$2" |
	    tr ';' '\n' >"$d/cfg"
	spawn "$d" "$d/pid" "$POSTMARK" cfg >"$d/out" 2>"$d/err"
	await 'grep -q "Performing transactions" "$d/out"' "$job" ||
	    diag "$1: the transactions never started"
	pid=$(cat "$d/pid")
	kill -STOP "$pid"
	(cd "$d" && eval "$3")
	top=$(newest "$d")
	kill -CONT "$pid"
	if [ -n "${4:-}" ]; then
		await '[ "$(newest "$d")" -ge $((top + 1000)) ]' "$job" ||
		    diag "$1: the run made no more files after the change"
		kill -TERM "$pid"
	fi
	wait "$job"
	rc=$?
	snapshot "$d/victim" >"$d/victim.after"
	same_file "$d/victim.after" "$d/victim.before" \
	    "$1: the directory behind the link is untouched"
}

# newest DIR: the highest number a file of the run has below DIR (links
# not followed, victim/ left out): the run names its files in order.
newest() {
	find "$1" -path "$1/victim" -prune -o -type f -name '[0-9]*' -print |
	    sed 's|.*/||' | sort -n | tail -n 1
}

long='set number 2000;set size 1 200;set transactions 3000000;set seed 3'

# The location renamed, a link to victim in its place: the run goes on in
# the renamed directory and leaves it as it was.
scenario loc-renamed "$long" 'mv L L.moved && ln -s victim L' go
is "$rc" 143 "loc-renamed: the run went on until stopped"
snapshot "$W/loc-renamed/L.moved" >"$W/loc-renamed/L.after"
same_file "$W/loc-renamed/L.after" "$W/loc-renamed/L.before" \
    "loc-renamed: the renamed location holds only what it held"
test -L "$W/loc-renamed/L"
ok $? "loc-renamed: the link put in its place is left alone"

# A subdirectory renamed within the location, a link in its place: it is
# followed, and removed at the end under its new name.
scenario sub-renamed "$long;set subdirectories 3;set buffering false" \
    'mv L/s1 L/s1.moved && ln -s ../victim L/s1' go
is "$rc" 143 "sub-renamed: the run went on until stopped"
rm "$W/sub-renamed/L/s1"
snapshot "$W/sub-renamed/L" >"$W/sub-renamed/L.after"
same_file "$W/sub-renamed/L.after" "$W/sub-renamed/L.before" \
    "sub-renamed: the renamed subdirectory was removed, nothing else left"

# A shorter run whose subdirectory is moved out of the location: its
# files are still removed through the handle, but the directory cannot be
# found to remove it: that is said, and the exit status is 1.
scenario sub-moved-out 'set number 2000;set size 1 200;set transactions 40000;set subdirectories 2' \
    'mv L/s0 moved-s0'
is "$rc" 1 "sub-moved-out: exit status 1"
grep -q "rmdir $W/sub-moved-out/L/s0: the subdirectory was moved out" \
    "$W/sub-moved-out/err"
ok $? "sub-moved-out: the message names the subdirectory"
is "$(ls -A "$W/sub-moved-out/moved-s0")" "" \
    "sub-moved-out: its files were removed where it went"
snapshot "$W/sub-moved-out/L" >"$W/sub-moved-out/L.after"
same_file "$W/sub-moved-out/L.after" "$W/sub-moved-out/L.before" \
    "sub-moved-out: the location holds only what it held"

# Appends only, and the pool deleted from under the run (stopped
# meanwhile, so that files still below HIGH are left to append to): the
# next append fails (fopen's "a" created the file again and went on).
vanish='find L -name "[0-9]*" -exec rm -f {} +'
for mode in true false; do
	scenario "vanished-$mode" "set number 20000;set size 1 200;set transactions 3000000;set bias read 0;set bias create -1;set buffering $mode" \
	    "$vanish"
	is "$rc" 1 "vanished-$mode: the run fails"
	if grep -Eq "postmark: cfg:[0-9]+: open $W/vanished-$mode/L/[0-9]+: No such file or directory" \
	    "$W/vanished-$mode/err"; then
		ok 0 "vanished-$mode: the append's open names the vanished file"
	else
		ok 1 "vanished-$mode: the append's open names the vanished file"
		diag "stderr: $(cat "$W/vanished-$mode/err")"
	fi
	snapshot "$W/vanished-$mode/L" >"$W/vanished-$mode/L.after"
	same_file "$W/vanished-$mode/L.after" "$W/vanished-$mode/L.before" \
	    "vanished-$mode: no file was created again"
done

# Two spellings of one directory, and a location inside another's s0.
mkdir -p "$W/twice/A"
printf '%s\n' "set location $W/twice/A" "set location +$W/twice/A/ 2" \
    'set number 200' 'set transactions 400' 'set subdirectories 3' run quit \
    >"$W/twice/cfg"
(cd "$W/twice" && "$POSTMARK" cfg >out 2>err)
is "$?:$(errors "$W/twice/err")" "0:" "one directory given twice: the run works"
is "$(ls -A "$W/twice/A")" "" "one directory given twice: nothing left"
mkdir -p "$W/nested/A"
printf '%s\n' "set location $W/nested/A" "set location +$W/nested/A/s0" \
    'set number 200' 'set transactions 400' 'set subdirectories 2' run quit \
    >"$W/nested/cfg"
(cd "$W/nested" && "$POSTMARK" cfg >out 2>err)
is "$?:$(errors "$W/nested/err")" "0:" "a location inside another's s0: works"
is "$(ls -A "$W/nested/A")" "" "a location inside another's s0: nothing left"
done_testing
