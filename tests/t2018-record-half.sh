#!/bin/sh
# t2018: a record that a writer killed in the middle of its write left
# half written does not lose the next run's record.  Records are written
# whole under the file's lock, so under that lock a file of records
# whose last line has no newline can only hold what a dead writer left:
# the next writer cuts it back to its last whole line, says so on
# standard error (how many bytes, from which byte), and appends its
# record.  CSV records, JSON records and interval series alike; a file
# holding nothing but the start of the header is cut back to empty and
# gets the header.  What is not a file of such records (other text, a
# classic report) is not cut.  Where the file system has no locks, a cut
# line may be a record another run is writing: it is refused before
# anything runs, not cut.  The halves come from files made here and from
# postmark itself, killed with SIGKILL halfway through its write(2)
# (tests/report/recfault.so).

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/report/reclib.sh"

RECFAULT=$builddir/tests/report/recfault.so
need_built "$RECFAULT"
skip_sanitized "the sanitizers' runtime must come first in LD_PRELOAD"
cd "$T" || exit 99
mkdir L


# whole FILE: "N lines, whole" when FILE's last line ends with a newline.
whole() {
	if [ -s "$1" ] &&
	    [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" != '\n' ]; then
		echo "the last line has no newline"
	else
		echo "$(wc -l <"$1" | tr -d ' ') lines, whole"
	fi
}

# cut WHAT PATH N FROM: the message of a cut.
cut_msg() {
	echo "postmark: $1 '$2' ended in a record cut short (a writer killed\
 while writing it): its last $3 bytes, from byte $4 on, were cut off"
}

# A CSV file with a half row: cut, then the row appended.
rec_run first "$T/r.csv" 'set report csv'
cp r.csv r.whole
printf '5,half a row of a run that was killed' >>r.csv
rec_run csv "$T/r.csv" 'set report csv'
is "$rc:$msg" "0:$(cut_msg "report file" "$T/r.csv" 37 \
    "$(wc -c <r.whole | tr -d ' ')")" "CSV: the half row is cut off, and said"
is "$(whole r.csv)" "3 lines, whole" "CSV: the file holds whole rows"
is "$(head -2 r.csv)" "$(cat r.whole)" "CSV: the rows before are kept"

# JSON: the same.
rec_run first "$T/r.json" 'set report json'
size=$(wc -c <r.json | tr -d ' ')
printf '{"schema_version":6,"half' >>r.json
rec_run json "$T/r.json" 'set report json'
is "$rc:$msg" "0:$(cut_msg "report file" "$T/r.json" 25 "$size")" \
    "JSON: the half record is cut off, and said"
is "$(grep -c '^{"schema_version":.*}$' r.json):$(whole r.json | cut -d, -f1)" \
    "2:2 lines" "JSON: two whole records"

# An interval series, after its whole report: the same.
rec_run first "$T/s.csv" 'set report csv' 'set interval 5'
size=$(wc -c <s.csv.intervals.csv | tr -d ' ')
printf '5,1,,0,transactions,3,0.0' >>s.csv.intervals.csv
rec_run series "$T/s.csv" 'set report csv' 'set interval 5'
is "$rc:$msg" "0:$(cut_msg "interval series file" \
    "$T/s.csv.intervals.csv" 25 "$size")" \
    "series: the half row is cut off, and said"
is "$(whole s.csv.intervals.csv | cut -d' ' -f2-)" "lines, whole" \
    "series: the file holds whole rows"
is "$(whole s.csv)" "3 lines, whole" "series: the report has both rows"

# Nothing but the start of the header (a first record killed early):
# cut back to empty, and the header goes first.
printf 'schema_version,label,sta' >h.csv
rec_run head "$T/h.csv" 'set report csv'
is "$rc:$msg" "0:$(cut_msg "report file" "$T/h.csv" 24 0)" \
    "the start of the header alone: cut back to empty, and said"
is "$(whole h.csv)" "2 lines, whole" "the start of the header: header and row"

# Text that is not a file of records is not cut: refused as before.
printf 'notes, not records' >n.csv
cp n.csv n.before
rec_run notes "$T/n.csv" 'set report csv'
is "$rc:$msg" "1:notes.pm:5: run: report file '$T/n.csv' is not a file of\
 postmark CSV records (its first line is not their header): give another\
 file" "other text without a newline: refused, not cut"
same_file n.csv n.before "other text: untouched"

# A classic report goes into any text: nothing is cut.
printf 'a note' >t.txt
rec_run text "$T/t.txt"
is "$rc:$msg:$(head -c 6 t.txt)" "0::a note" \
    "a classic report after text without a newline: nothing cut"

# postmark killed with SIGKILL halfway through the write of its record
# (a JSON record, whose file already holds one): half a line is left,
# and the next run cuts it off.
rec_run first "$T/k.json" 'set report json'
size=$(wc -c <k.json | tr -d ' ')
env="LD_PRELOAD=$RECFAULT PMREC_NAME=k.json PMREC_ACT=kill-write"
rec_run killed "$T/k.json" 'set report json'
env=
is "$rc:$(whole k.json)" "137:the last line has no newline" \
    "killed with SIGKILL in its write: half a record is left"
half=$(($(wc -c <k.json) - size))
rec_run after-kill "$T/k.json" 'set report json'
is "$rc:$msg" "0:$(cut_msg "report file" "$T/k.json" $half "$size")" \
    "after the kill: the half cut off, and said"
is "$(grep -c '^{"schema_version":.*}$' k.json):$(whole k.json | cut -d, -f1)" \
    "2:2 lines" "after the kill: two whole records"

# Killed while writing the series, its report written whole: the next
# run cuts the series back.
rec_run first "$T/ks.csv" 'set report csv' 'set interval 5'
env="LD_PRELOAD=$RECFAULT PMREC_NAME=ks.csv.intervals.csv PMREC_ACT=kill-write"
rec_run killed "$T/ks.csv" 'set report csv' 'set interval 5'
env=
is "$rc:$(whole ks.csv.intervals.csv)" "137:the last line has no newline" \
    "killed in the series' write: half a series is left"
rec_run after-kill "$T/ks.csv" 'set report csv' 'set interval 5'
is "$rc:$(whole ks.csv.intervals.csv | cut -d' ' -f2-)" "0:lines, whole" \
    "after the kill: the series is cut back and appended to"
case $msg in
"postmark: interval series file '$T/ks.csv.intervals.csv' ended in a record\
 cut short (a writer killed while writing it): its last "*" bytes, from byte "*\
" on, were cut off")
	ok 0 "after the kill: the cut is said" ;;
*)	ok 1 "after the kill: the cut is said"
	diag "got: $msg" ;;
esac

# No locks on the file system (flock fails with ENOLCK): a cut line may
# be another run's record being written; refused before anything runs.
rec_run first "$T/u.csv" 'set report csv'
printf '5,half' >>u.csv
cp u.csv u.before
env="LD_PRELOAD=$RECFAULT PMREC_NAME=u.csv PMREC_ACT=no-flock"
rec_run nolock "$T/u.csv" 'set report csv'
env=
is "$rc:$msg" "1:nolock.pm:5: run: report file '$T/u.csv' ends in the middle\
 of a line (a record cut short), and this file system has no locks\
 (flock: No locks available), so it may be a record another run is still\
 writing: repair it or give another file" \
    "no locks: a cut line is refused, and why"
same_file u.csv u.before "no locks: the file is untouched"
is "$(ls -A L)" "" "nothing left in the location"
done_testing
