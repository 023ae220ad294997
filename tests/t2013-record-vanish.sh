#!/bin/sh
# t2013: the report file is opened by name when its record is written
#.  A report file whose directory was removed or
# renamed during the run (by a hook before the transactions) fails the
# run loudly: exit 1, a message naming the file and the error, nothing
# written to the file under its old name or its new one; the same for
# an interval series file (the empty file the run made is removed,
# wherever its directory went).  A report file removed during the run
# while its directory stays is made again, header first.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99
mkdir L

# vanish FORMAT HOOK [EXTRA]: a run to $T/D/r.FORMAT, with HOOK before
# the transactions; status in $rc, stderr in $msg.
vanish() {
	rm -rf D D2
	mkdir D
	printf '%s\n' 'set location L' 'set number 10' 'set transactions 20' \
	    "set report $1" "set hook before transactions $2" ${3:+"$3"} \
	    "run $T/D/r.$1" >v.pm
	rc=0
	"$POSTMARK" v.pm >out 2>err || rc=$?
	msg=$(errors err)
}

for fmt in csv json; do
	vanish $fmt "rm -r $T/D"
	is "$rc:$msg" "1:postmark: v.pm:6: cannot write the report to\
 $T/D/r.$fmt: No such file or directory" \
	    "$fmt: directory removed: the run fails, naming the file"
	is "$(ls -A L)" "" "$fmt: directory removed: nothing left in the\
 location"
	vanish $fmt "mv $T/D $T/D2"
	is "$rc:$msg" "1:postmark: v.pm:6: cannot write the report to\
 $T/D/r.$fmt: No such file or directory" \
	    "$fmt: directory renamed: the run fails, naming the file"
	is "$(cat D2/r.$fmt 2>/dev/null | wc -c | tr -d ' ')" 0 \
	    "$fmt: directory renamed: nothing written to the file's new name"
	vanish $fmt "rm $T/D/r.$fmt"
	is "$rc:$msg" 0: "$fmt: file removed: the run succeeds"
	is "$(wc -l <D/r.$fmt | tr -d ' ')" $([ $fmt = csv ] && echo 2 || echo 1) \
	    "$fmt: file removed: made again, with its header"
done

vanish csv "mv $T/D $T/D2" "set interval 5"
is "$rc:$msg" "1:postmark: v.pm:7: cannot write the report to $T/D/r.csv: No\
 such file or directory" \
    "interval series: directory renamed: the run fails"
is "$(cat D2/r.csv D2/r.csv.intervals.csv 2>/dev/null | wc -c | tr -d ' ')" 0 \
    "interval series: nothing written to either file's new name"
done_testing
