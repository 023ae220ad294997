#!/bin/sh
# t2011: a file holds one kind of record.  run FILE
# refuses, before anything runs and with the file left as it was, a
# file it would make unreadable: CSV records of an earlier schema
# (version 1, 79 columns; version 4, 146 columns, before the VM columns;
# version 5, 153 columns, before the VM's clock) or a later one, JSON records given to a CSV
# report and CSV records to a JSON one, an interval series given as the
# report, a file that is not postmark's at all, an interval series file
# of other columns, and a verbose report (or show FILE) into a file of
# records.  (A file of records whose last line was cut is taken, and cut
# back: t2018.)  An empty file
# gets the header; a verbose report still goes into any text file
# (PostMark's run FILE).  Refused in the check pass of a batch file
# (nothing runs) and again when the run comes: a file that the previous
# command filled with CSV is refused to a JSON run.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99
unit=$builddir/tests/unit_report
mkdir L
base='set location L
set number 10
set transactions 20
set size 100 200'

# pm FILE REPORT CMD: a batch file of the base, set report REPORT and
# CMD (with $T/FILE); status in $rc, stderr without warnings in $msg;
# whether anything ran (progress text) in $ran.
pm() {
	printf '%s\nset report %s\n%s %s\n' "$base" "$2" "$3" "$T/$1" >b.pm
	rc=0
	"$POSTMARK" b.pm >out 2>err || rc=$?
	msg=$(errors err)
	ran=$(grep -c '^Creating files' out)
}

# refused FILE REPORT WHY [CMD]: the command is refused with "CMD:
# report file 'FILE' WHY", nothing runs and FILE is unchanged.
refused() {
	cp "$T/$1" before
	pm "$1" "$2" "${4:-run}"
	w="report file"
	[ "${4:-run}" = show ] && w=file
	is "$rc:$ran:$msg" \
	    "1:0:b.pm:6: ${4:-run}: $w '$T/$1' $3" \
	    "$1 to ${4:-run} ($2): refused"
	cmp -s "$T/$1" before
	ok $? "$1 to ${4:-run} ($2): the file is as it was"
}

"$unit" emit csv-header >head.csv || exit 99
cols=$(tr ',' '\n' <head.csv | wc -l | tr -d ' ')

# Schema 1: its 79 columns, a row of version 1.
cut -d, -f1-79 head.csv >old.csv
printf '1' >>old.csv
i=1
while [ $i -lt 79 ]; do printf ',x' >>old.csv; i=$((i + 1)); done
echo >>old.csv
one="and a file holds one schema: give another file"
refused old.csv csv "holds CSV records of schema version 1 (79 columns); this\
 postmark writes schema version 6 ($cols columns), $one"

# Schema 4: its 146 columns, a row of version 4 (postmark before the VM
# columns).
cut -d, -f1-146 head.csv >four.csv
echo "4$(cut -d, -f1-146 head.csv | sed 's/[^,]//g')" >>four.csv
refused four.csv csv "holds CSV records of schema version 4 (146 columns);\
 this postmark writes schema version 6 ($cols columns), $one"

# Schema 5: its 153 columns, a row of version 5 (postmark before the
# VM's clock columns).
cut -d, -f1-153 head.csv >five.csv
echo "5$(cut -d, -f1-153 head.csv | sed 's/[^,]//g')" >>five.csv
refused five.csv csv "holds CSV records of schema version 5 (153 columns);\
 this postmark writes schema version 6 ($cols columns), $one"

# A later schema: our header and more, a row of version 7.
{ sed 's/$/,later/' head.csv; echo "7$(sed 's/[^,]//g' head.csv),x"; } >new.csv
refused new.csv csv "holds CSV records of schema version 7\
 ($((cols + 1)) columns); this postmark writes schema version 6 ($cols\
 columns), $one"

# Records of each kind, written by this postmark.
pm good.csv csv run
pm good.json json run
printf '%s\nset interval 5\nset report csv\nrun %s\n' "$base" "$T/iv.csv" >iv.pm
"$POSTMARK" iv.pm >/dev/null 2>&1 || exit 99
cp iv.csv.intervals.csv series.csv
ivcols=$(head -n 1 series.csv | tr ',' '\n' | wc -l | tr -d ' ')
printf 'not a postmark file\n' >notes.txt

refused good.json csv "holds JSON records (set report json), not CSV records:\
 give another file"
refused good.csv json "holds CSV records (set report csv), not JSON records:\
 give another file"
refused series.csv csv "holds an interval series, not CSV records: give\
 another file"
refused notes.txt csv "is not a file of postmark CSV records (its first line\
 is not their header): give another file"
refused notes.txt json "is not a file of postmark JSON records (its first\
 line is not one): give another file"
refused good.csv verbose "holds CSV records (set report csv): a verbose\
 report would make it unreadable; give another file"
refused good.json terse "holds JSON records (set report json): a terse report\
 would make it unreadable; give another file"
refused good.csv "verbose" "holds CSV records (set report csv): show would\
 make it unreadable; give another file" show

# The interval series file of other columns, beside a good report.
cp good.csv ivr.csv
cut -d, -f1-20 series.csv >ivr.csv.intervals.csv
cp ivr.csv before
cp ivr.csv.intervals.csv before.iv
printf '%s\nset interval 5\nset report csv\nrun %s\n' "$base" "$T/ivr.csv" >b.pm
rc=0
"$POSTMARK" b.pm >out 2>err || rc=$?
is "$rc:$(grep -c '^Creating files' out):$(errors err)" \
    "1:0:b.pm:7: run: interval series file '$T/ivr.csv.intervals.csv' holds\
 an interval series of other columns (20, not $ivcols): give another file" \
    "an interval series file of other columns: refused"
cmp -s ivr.csv before && cmp -s ivr.csv.intervals.csv before.iv
ok $? "an interval series file of other columns: both files as they were"

# Accepted: an empty file gets the header, a text file a verbose report.
: >empty.csv
pm empty.csv csv run
is "$rc:$ran:$(head -c 15 empty.csv):$(wc -l <empty.csv | tr -d ' ')" \
    "0:1:schema_version,:2" "an empty file: the header and a row"
cp notes.txt v.txt
pm v.txt verbose run
is "$rc:$(head -n 1 v.txt):$(grep -c 'seconds total' v.txt)" \
    "0:not a postmark file:1" "a verbose report goes into a text file"

# Checked again when the run comes: the first run fills the file with
# CSV, the second (JSON) is refused, after the check pass let it be.
printf '%s\nset report csv\nrun %s\nset report json\nrun %s\n' "$base" \
    "$T/two" "$T/two" >b.pm
rc=0
"$POSTMARK" b.pm >out 2>err || rc=$?
is "$rc:$(grep -c '^Creating files' out):$(errors err)" \
    "1:1:b.pm:8: run: report file '$T/two' holds CSV records (set report\
 csv), not JSON records: give another file" \
    "a file filled by the previous run: refused when the run comes"
is "$(wc -l <two | tr -d ' ')" 2 "that file holds the first run's header and\
 row"
is "$(ls -A L)" "" "nothing left in the location"
done_testing
