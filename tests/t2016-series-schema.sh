#!/bin/sh
# t2016: the interval series names its version in its first column
#, as CSV records do: FILE.intervals.csv starts with
# schema_version, every row holds the series' version (the newest
# schema of `postmark --columns intervals`), and the rest of a row is the
# JSON record's interval object, column for member (one table writes
# both).  The record writer tells the two kinds of files apart although
# both now start with "schema_version,": a series given as the report, or
# records given as the series, is refused; a series of the version
# before (no schema_version column) is refused with both versions named,
# before anything runs, the files left as they were.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99
mkdir L
base='set location L
set number 20
set transactions 40
set clients 2
set interval 5'

"$POSTMARK" --columns intervals >ivcols || exit 99
ver=$(awk -F '\t' 'NR > 1 && $2 > v { v = $2 } END { print v }' ivcols)
ncols=$(awk 'END { print NR - 1 }' ivcols)

printf '%s\nset report json\nrun %s\n' "$base" "$T/r.json" >j.pm
"$POSTMARK" j.pm >out 2>err
is "$?:$(errors err)" 0: "a run of 2 clients with a series, JSON records"
is "$(head -n 1 r.json.intervals.csv | cut -d, -f1-3)" \
    "schema_version,iteration,label" \
    "the series' header starts with schema_version"
is "$(awk -F, 'NR > 1 { print $1 }' r.json.intervals.csv | sort -u)" "$ver" \
    "every row holds the series' version ($ver), the newest of its columns"

if command -v python3 >/dev/null 2>&1; then
	is "$(python3 - r.json r.json.intervals.csv <<'EOF'
import csv, json, sys
rec = json.loads(open(sys.argv[1]).readline())
rows = list(csv.DictReader(open(sys.argv[2], newline="")))
bad = []
if len(rows) != len(rec["intervals"]) or not rows:
    bad.append("%d rows, %d objects" % (len(rows), len(rec["intervals"])))
for row, obj in zip(rows, rec["intervals"]):
    if row.pop("iteration") != str(rec["iteration"]):
        bad.append("iteration")
    row.pop("schema_version")
    row.pop("label")
    got = {k: ("" if v is None else str(v)) for k, v in obj.items()}
    if list(row) != list(got):
        bad.append("columns %s, members %s" % (list(row), list(got)))
        break
    for k in row:
        same = row[k] == got[k] or (row[k] and got[k] and
                                    float(row[k]) == float(got[k]))
        if not same:
            bad.append("%s: %s, %s" % (k, row[k], got[k]))
if bad:
    print("; ".join(bad[:3]))
EOF
	echo "$?")" 0 "each row is the JSON record's interval, column for member"
else
	skip "each row is the JSON record's interval" "no python3"
fi

# refused FILE REPORT WHY: run FILE is refused with "FILE:LINE: run:
# WHY", nothing runs, the report and its series are as they were.
refused() {
	printf '%s\nset report %s\nrun %s\n' "$base" "$2" "$T/$1" >b.pm
	cp "$1" before.r
	cp "$1.intervals.csv" before.iv 2>/dev/null || : >before.iv
	rc=0
	"$POSTMARK" b.pm >out 2>err || rc=$?
	is "$rc:$(grep -c '^Creating files' out):$(errors err)" \
	    "1:0:b.pm:7: run: $3" "$4: refused"
	cmp -s "$1" before.r && { [ ! -s before.iv ] ||
	    cmp -s "$1.intervals.csv" before.iv; }
	ok $? "$4: the files are as they were"
}

# The series of the version before: the same columns without the first.
: >old.csv
cut -d, -f2- r.json.intervals.csv >old.csv.intervals.csv
refused old.csv csv "interval series file '$T/old.csv.intervals.csv' holds\
 an interval series of version $((ver - 1)) ($((ncols - 1)) columns); this\
 postmark writes version $ver ($ncols columns), and a file holds one\
 version: give another file" "a series of the version before"

# A series as the report, records as the series.
cp r.json.intervals.csv series.csv
refused series.csv csv "report file '$T/series.csv' holds an interval\
 series, not CSV records: give another file" "a series as the CSV report"
printf '%s\nset report csv\nrun %s\n' "$base" "$T/c.csv" >c.pm
"$POSTMARK" c.pm >/dev/null 2>&1 || exit 99
: >rec.csv
cp c.csv rec.csv.intervals.csv
refused rec.csv csv "interval series file '$T/rec.csv.intervals.csv' holds\
 CSV records (set report csv), not an interval series: give another file" \
    "CSV records as the series"
is "$(ls -A L)" "" "nothing left in the location"
done_testing
