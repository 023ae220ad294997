#!/bin/sh
# t7008-location-modes: a run never works in a directory where another
# user could replace its files.  Whoever can write in
# a directory can rename or link a file of their own in place of one of
# the run's, which the run would then append to, read and remove; the
# directory handles and O_NOFOLLOW stop symbolic links, not that.  So:
#  - a location that group or others may write and that is not sticky is
#    refused before anything is created, with a message that names its
#    mode and how to run anyway (set strictmodes false): by the check of
#    a file before anything runs, and by the run itself when there is no
#    such check (a hook may make the locations);
#  - so is a location that belongs to another user (root excepted);
#  - a sticky one (/tmp's 1777), one whose group is the user's private
#    group (umask 002), and one in a world-writable parent are fine;
#  - set strictmodes false runs in such a directory.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"

# loc NAME MODE: a location $T/NAME of MODE with a file that is not ours,
# its snapshot in $T/NAME.before.
loc() {
	mkdir "$T/$1" || exit 99
	populate "$T/$1"
	chmod "$2" "$T/$1" || exit 99
	snapshot "$T/$1" >"$T/$1.before"
}

# runs NAME EXTRA: run 20 files in location $T/NAME (with the set lines
# EXTRA, joined by ';'), a CSV report to $T/NAME.csv.
runs() {
	pm_config "$1" "set location $T/$1;set number 20;set transactions 50;$2"
	pm_run "$1"
}

# refused NAME WHY: the check of the file refused location $T/NAME before
# anything ran: status 1, one line `-:N: run: location 'L': WHY' on stderr,
# no record, the location as it was.
refused() {
	is "$rc" 1 "$1: exit status 1"
	one_message "$1" "[-]:[0-9]+: $(ere_quote "run: location '$T/$1': $2")" \
	    "$1: the message names the location and why"
	is "$(cat "$T/$1.csv" 2>/dev/null)" "" "$1: nothing ran, no record"
	same_as_before "$T/$1" "$T/$1.before" "$1: the location as it was"
}

# accepted NAME: the run in $T/NAME completed; the location as it was.
accepted() {
	is "$rc $(csv_get "$T/$1.csv" status)" "0 ok" "$1: the run completes"
	same_as_before "$T/$1" "$T/$1.before" "$1: the location as it was"
}

# Who may write in a directory of mode 0777 made here: group and others,
# or only others when the group is the user's private group (the name of
# the user, nobody else in it, as with umask 002): then the group is the
# user.
me=$(id -un)
if [ "$(id -gn)" = "$me" ] && [ -z "$(getent group "$me" | cut -d: -f4)" ]
then
	private=1
	GO=others
else
	private=0
	GO="group and others"
fi
WHY="so they could put a link to a file of theirs in place of one of the \
run's files, which the run would then write, read and remove"
HOW='or set strictmodes false to run anyway)'
loc open 0777
runs open ""
refused open "mode 0777 lets $GO write in it and it is not \
sticky, $WHY (chmod go-w or +t it, $HOW"

loc other-w 0757
runs other-w ""
refused other-w "mode 0757 lets others write in it and it is not sticky, \
$WHY (chmod go-w or +t it, $HOW"

# Without the check of the file (a hook may make the locations), the run
# itself refuses at the start: an error record, nothing made.
loc hooked 0777
runs hooked "set hook before run true"
expect_fault hooked directory "$(ere_quote "$T/hooked")" "mode 0777 lets \
$GO write in it and it is not sticky, $WHY (chmod go-w or +t \
it, $HOW"
same_as_before "$T/hooked" "$T/hooked.before" "hooked: the location as it was"

# A second location, after a good one: refused before the first gets
# anything.
loc good 0755
loc second 0777
pm_config second-run "set location $T/good;set location +$T/second;\
set number 20;set hook before run true"
pm_run second-run
is "$rc $(csv_get "$T/second-run.csv" status | cut -d' ' -f1-4)" \
    "1 error: directory $T/second: mode" "a second location: refused at start"
same_as_before "$T/good" "$T/good.before" \
    "a second location: the first as it was"

loc sticky 1777
runs sticky ""
accepted sticky

# (Its report beside pub, not in it: a report file's directory is held
# to the same rule, t2017.)
mkdir -m 0777 "$T/pub" || exit 99
loc pub/mine 0755
pm_config pub-mine "set location $T/pub/mine;set number 20;set transactions 50"
pm_run pub-mine
is "$rc $(csv_get "$T/pub-mine.csv" status)" "0 ok" \
    "pub/mine: the run completes"
same_as_before "$T/pub/mine" "$T/pub/mine.before" \
    "pub/mine: the location as it was"

loc strict-off 0777
runs strict-off "set strictmodes false"
accepted strict-off

# The user's private group may write: that is the user.
if [ $private -eq 1 ]; then
	loc private 0775
	runs private ""
	accepted private
else
	skip "private group" "the primary group of $me is not its own"
	skip "private group: as it was" "the same"
fi

if [ "$(id -u)" -eq 0 ]; then
	loc group-w 0775
	chgrp 100 "$T/group-w" && snapshot "$T/group-w" >"$T/group-w.before"
	runs group-w ""
	g=$(getent group 100 | cut -d: -f1)
	refused group-w "mode 0775 lets group ${g:-100} write in it and it is not \
sticky, $WHY (chmod go-w or +t it, $HOW"

	loc theirs 0755
	chown 65534 "$T/theirs" && snapshot "$T/theirs" >"$T/theirs.before"
	runs theirs ""
	u=$(getent passwd 65534 | cut -d: -f1)
	refused theirs "owned by user ${u:-65534}, who could put a link to a file of \
theirs in place of one of the run's files, which the run would then write, \
read and remove (use a directory of your own, $HOW"
else
	for t in "a shared group may write" "another user's directory"; do
		for d in "exit status 1" "the message" "no record" "as it was"
		do
			skip "$t: $d" "needs root to chgrp and chown"
		done
	done
fi
done_testing
