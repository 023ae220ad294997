#!/bin/sh
# t2008: a record is one write(2) on an O_APPEND descriptor, made under
# an exclusive flock(2) of its file, so that runs
# appending to one file at once never interleave mid-record: a CSV
# record of two clients (header, run row, client rows) with its interval
# series in FILE.intervals.csv, a JSON record of 8 KB and more, each
# verbose report and the summary of several iterations, and what
# "show FILE" writes.  Counted with strace on the descriptors of each
# file, two iterations each.

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/report/reclib.sh"
rec_need_strace

cd "$T" || exit 99
mkdir L
base='set location L
set number 30
set transactions 60
set size 100 2000
set iterations 2'

# traced NAME CMDS FILE N DESC: the base then CMDS (joined by ';') run
# under strace and succeed, and FILE gets N writes, each locked and
# appending.
traced() {
	printf '%s\n' "$base" >"$1.pm"
	printf '%s\n' "$2" | tr ';' '\n' >>"$1.pm"
	rec_trace "$1.tr" "$POSTMARK" "$1.pm" >out 2>err
	is "$rc:$(errors err)" 0: "$1: succeeds"
	is "$(rec_writes "$1.tr" "$3")" "writes=$4 unlocked=0 unappended=0" \
	    "$1: $5"
}

traced csv "set clients 2;set interval 20;set report csv;run $T/r.csv" \
    "$T/r.csv" 2 "one locked, appending write per record of three rows"
is "$(rec_writes csv.tr "$T/r.csv.intervals.csv")" \
    "writes=2 unlocked=0 unappended=0" \
    "csv: one locked, appending write per run's interval series"
is "$(grep -c '^schema_version,' r.csv):$(wc -l <r.csv | tr -d ' ')" 1:7 \
    "csv: the header once, then three rows per run"

# A label of 9000 bytes makes each record larger than two stdio buffers
# whatever the latencies (the histograms' size depends on them).
label=$(printf '%9000s' '' | tr ' ' x)
traced json "set label $label;set report json;run $T/r.json" "$T/r.json" 2 \
    "one locked, appending write per record"
is "$(wc -l <r.json | tr -d ' ')" 2 "json: two lines"
size=$(head -n 1 r.json | wc -c | tr -d ' ')
[ "$size" -gt 8192 ]
ok $? "json: a record is larger than two stdio buffers ($size bytes)"

traced verbose "run $T/r.txt" "$T/r.txt" 3 \
    "one locked, appending write per report and for the summary"
traced show "show $T/s.txt" "$T/s.txt" 1 "one locked, appending write"
is "$(ls -A L)" "" "nothing left in the location"
done_testing
