#!/bin/sh
# t2017: records are never written through a symbolic link, and never in
# a directory where another user could put a file of theirs in place of
# the record file.  A report file or interval series file that is a link
# is refused before anything runs (whatever set strictmodes says), naming
# it; one that a link replaced during the run fails the record, and the
# link's target is untouched.  With set strictmodes (the default), the
# report file's directory is held to the rule of the locations: one that
# group or others may write and that is not sticky, one that belongs to
# another user, and one that is a symbolic link are refused before
# anything runs (set strictmodes false writes there); in a sticky one that
# others may write, a file of another user's, or one with a second name
# (a hard link), is refused.  show FILE follows the same rules.

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/report/reclib.sh"

cd "$T" || exit 99
mkdir L d


# The links' targets, files that another user would like us to write:
# records of each format and a series (which a run would append to) and
# other text (which a classic report goes into).
rec_run victim "$T/victim.csv" "set report csv" "set interval 5"
[ "$rc" -eq 0 ] || exit 99
rec_run victim "$T/victim.json" "set report json"
[ "$rc" -eq 0 ] || exit 99
printf 'precious, not a report\n' >victim.verbose
for v in victim.*; do
	cp "$v" "$v.before"
done

# untouched DESC: the links' targets and the location as they were (and
# put back, for the next case).
untouched() {
	for ut_v in victim.csv victim.csv.intervals.csv victim.json \
	    victim.verbose; do
		same_file "$ut_v" "$ut_v.before" "$1: $ut_v is untouched"
		cp "$ut_v.before" "$ut_v"
	done
	is "$(ls -A L)" "" "$1: nothing left in the location"
}

LINK="is a symbolic link, and records are never written through one: name \
the file itself"

# A link in place of the report file, before the run: refused, whatever
# the format (a classic report goes into any text, so the victim's would
# be appended to) and whatever set strictmodes says.
for fmt in csv json verbose; do
	ln -s "$T/victim.$fmt" "d/r.$fmt"
	rec_run link-$fmt "$T/d/r.$fmt" "set report $fmt"
	is "$rc:$msg" "1:link-$fmt.pm:5: run: report file\
 '$T/d/r.$fmt' $LINK" "$fmt: a link as the report file is refused"
	untouched "$fmt"
done
rec_run link-loose "$T/d/r.csv" 'set report csv' 'set strictmodes false'
is "$rc:$msg" "1:link-loose.pm:6: run: report file '$T/d/r.csv'\
 $LINK" "strictmodes false: a link is refused all the same"
untouched "strictmodes false"
rm d/r.*

# The interval series file is held to the same rule; the report file
# made for the run is removed again.
ln -s "$T/victim.csv.intervals.csv" d/s.csv.intervals.csv
rec_run link-series "$T/d/s.csv" 'set report csv' 'set interval 5'
is "$rc:$msg" "1:link-series.pm:6: run: interval series file\
 '$T/d/s.csv.intervals.csv' $LINK" "a link as the series file is refused"
untouched "series"
is "$(ls d)" s.csv.intervals.csv "series: the report file made is removed"
rm d/*

# A link put in place of the file during the run (by a hook before the
# transactions): the record fails, naming the file.
for f in csv csv.intervals.csv; do
	rec_run during-$f "$T/d/r.csv" 'set report csv' 'set interval 5' \
	    "set hook before transactions rm $T/d/r.$f &&\
 ln -s $T/victim.$f $T/d/r.$f"
	case $f in
	csv)	what="the report" ;;
	*)	what="the interval series" ;;
	esac
	is "$rc:$msg" "1:postmark: during-$f.pm:7: cannot write $what to\
 $T/d/r.$f: $LINK" "r.$f: a link put in its place during the run: refused"
	untouched "$f during the run"
	rm -f d/*
done

# show FILE: the same.
ln -s "$T/victim.verbose" d/shown
printf '%s\n' "show $T/d/shown" >show.pm
rc=0
"$POSTMARK" show.pm >show.out 2>show.err || rc=$?
is "$rc:$(cat show.err)" "1:show.pm:1: show: file '$T/d/shown'\
 $LINK" "show FILE: a link is refused"
untouched "show FILE"
rm d/shown

# The report file's directory, as a location.  Who may write in a
# directory of mode 0777 made here: group and others, or only others
# when the group is the user's private group (as t7008 says).
me=$(id -un)
if [ "$(id -gn)" = "$me" ] && [ -z "$(getent group "$me" | cut -d: -f4)" ] &&
    [ -z "$(getent passwd | awk -F: -v g="$(id -g)" -v me="$me" \
    '$4 == g && $1 != me')" ]; then
	GO=others
else
	GO="group and others"
fi
HARM="so they could put a file of theirs in place of the report file, which \
postmark would then write to"
HOW="(chmod go-w or +t it, or set strictmodes false to run anyway)"
mkdir -m 0777 pub
rec_run open "$T/pub/r.csv" 'set report csv'
is "$rc:$msg" "1:open.pm:5: run: report file '$T/pub/r.csv':\
 directory '$T/pub': mode 0777 lets $GO write in it and it is not sticky,\
 $HARM $HOW" "a directory others may write: refused before the run"
is "$(ls -A pub L)" "L:

pub:" "a directory others may write: nothing made"
rec_run open-hook "$T/pub/r.csv" 'set report csv' 'set hook before run true'
is "$rc:$msg" "1:open-hook.pm:6: run: report file '$T/pub/r.csv':\
 directory '$T/pub': mode 0777 lets $GO write in it and it is not sticky,\
 $HARM $HOW" "with a hook (no check first): refused when it is opened"
rm -f pub/r.csv
rec_run open-loose "$T/pub/r.csv" 'set report csv' 'set strictmodes false'
is "$rc:$(wc -l <pub/r.csv | tr -d ' ')" 0:2 \
    "strictmodes false: the record is written there"
rm pub/r.csv

chmod 1777 pub
rm -f pub/r.csv
rec_run sticky "$T/pub/r.csv" 'set report csv'
is "$rc:$msg:$(wc -l <pub/r.csv | tr -d ' ')" 0::2 \
    "a sticky directory: a file of our own is written"
rm pub/r.csv

rm -f d/*
ln -s d dlink
rec_run dirlink "$T/dlink/r.csv" 'set report csv'
is "$rc:$msg" "1:dirlink.pm:5: run: report file '$T/dlink/r.csv':\
 directory '$T/dlink' is a symbolic link: name the directory itself" \
    "a directory that is a link: refused"
is "$(ls -A d)" "" "a directory that is a link: nothing made"

if [ "$(id -u)" -ne 0 ] || ! command -v setpriv >/dev/null 2>&1; then
	skip_all "needs root and setpriv(1) to make files of another user"
fi
NOBODY=65534
u=$(getent passwd $NOBODY | cut -d: -f1)
mkdir theirs
chown $NOBODY theirs
rec_run theirs "$T/theirs/r.csv" 'set report csv'
is "$rc:$msg" "1:theirs.pm:5: run: report file '$T/theirs/r.csv':\
 directory '$T/theirs': owned by user ${u:-$NOBODY}, who could put a file of\
 theirs in place of the report file, which postmark would then write to (use\
 a directory of your own, or set strictmodes false to run anyway)" \
    "another user's directory: refused"

# In the sticky directory, another user makes the file first (as
# fs.protected_regular would refuse to open it): refused.
chmod 0711 "$T"
setpriv --reuid=$NOBODY --regid=$NOBODY --clear-groups \
    sh -c "umask 0; : >'$T/pub/r.csv'" || exit 99
rec_run foreign "$T/pub/r.csv" 'set report csv'
is "$rc:$msg" "1:foreign.pm:5: run: report file '$T/pub/r.csv'\
 belongs to user ${u:-$NOBODY}, and its directory lets others write in it:\
 it may be theirs; remove it or give another file (or set strictmodes false\
 to write it anyway)" "a sticky directory: another user's file is refused"
is "$(wc -c <pub/r.csv | tr -d ' ')" 0 "another user's file: untouched"
rm pub/r.csv

# A second name of another file (made by root here; another user could
# where fs.protected_hardlinks is 0): refused.
ln victim.verbose pub/r.csv
rec_run hardlink "$T/pub/r.csv" 'set report verbose'
is "$rc:$msg" "1:hardlink.pm:5: run: report file '$T/pub/r.csv'\
 has 2 names (hard links), and its directory lets others write in it:\
 it may be another file's; remove it or give another file (or set strictmodes\
 false to write it anyway)" "a sticky directory: a file with two names is\
 refused"
untouched "a file with two names"
done_testing
