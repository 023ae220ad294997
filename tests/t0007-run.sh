#!/bin/sh
#
# The run command's text on stdout: PostMark's progress lines and dots,
# compared with the reference binary on small configurations (report
# lines removed: timing differs); the out-of-files message with no report
# and status 1; fewer than 10 transactions (PostMark crashed); iterations;
# the CSV header once per output.  Every run is in its own empty
# directory.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99

# run_in PROGRAM CFG: run PROGRAM on the startup file CFG in a new empty
# directory; sets $rc, $dir and the files $T/o (stdout less banner and
# terse lines) and $T/e.
n=0
run_in() {
	n=$((n + 1))
	dir=$T/w$n
	mkdir "$dir"
	rc=0
	(cd "$dir" && "$1" "$T/$2") >"$T/o.raw" 2>"$T/e" </dev/null || rc=$?
	sed -e 1d -e '/^[0-9.]* [0-9.]* [0-9. ]*$/d' "$T/o.raw" >"$T/o"
}

have_ref=no
if [ -n "${REFERENCE_POSTMARK:-}" ] && [ -x "$REFERENCE_POSTMARK" ]; then
	have_ref=yes
fi

# compare NAME CFG: our progress text equals the reference's.
compare() {
	if [ "$have_ref" = no ]; then
		skip "$1: progress text as the reference" 'no reference'
		return
	fi
	run_in "$REFERENCE_POSTMARK" "$2"
	cp "$T/o" "$T/o.ref"
	run_in "$POSTMARK" "$2"
	same_file "$T/o" "$T/o.ref" "$1: progress text as the reference"
	is "$(ls -A "$dir")" '' "$1: directory empty afterwards"
}

printf '%s\n' 'set number 20' 'set transactions 25' 'set size 100 300' \
    'set subdirectories 3' 'set report terse' 'run' 'quit' >subdirs.pm
compare 'subdirectories, 25 transactions' subdirs.pm
run_in "$POSTMARK" subdirs.pm
is "$(cat "$T/o")" "Reading configuration from file '$T/subdirs.pm'
Creating subdirectories...Done
Creating files...Done
Performing transactions.............Done
Deleting files...Done
Deleting subdirectories...Done" '25 transactions: 13 dots, subdirectories'
is "$rc:$(errors "$T/e")" '0:' 'complete run: exit 0'
is "$(tail -n 1 "$T/o.raw" | wc -w | tr -d ' ')" 13 'terse: 13 fields'

printf '%s\n' 'set number 30' 'set transactions 101' 'set size 100 300' \
    'set subdirectories 1' 'set report terse' 'run' 'quit' >one.pm
compare 'one subdirectory, 101 transactions' one.pm

printf '%s\n' 'set number 5' 'set transactions 100' 'set size 100 300' \
    'set bias create 0' 'run' 'quit' >oof.pm
compare 'out of files' oof.pm
run_in "$POSTMARK" oof.pm
is "$(sed 1d "$T/o")" 'Creating files...Done
Performing transactions.out of files!
For this workload, either increase the number of files or
decrease the number of transactions.
Deleting files...Done' 'out of files: message, no report'
is "$rc" 1 'out of files: exit 1'
is "$(cat "$T/e")" "postmark: $T/oof.pm:5: out of files" \
    'out of files: batch message'

printf '%s\n' 'set number 10' 'set transactions 5' 'set size 100 300' \
    'run' 'quit' >few.pm
run_in "$POSTMARK" few.pm
is "$rc" 0 '5 transactions: exit 0 (PostMark crashed)'
grep -q '^Performing transactions\.\.\.\.\.Done$' "$T/o"
ok $? '5 transactions: one dot per transaction'
is "$(ls -A "$dir")" '' '5 transactions: directory empty afterwards'

printf '%s\n' 'set number 10' 'set transactions 20' 'set size 100 300' \
    'set report terse' 'set iterations 2' 'run' 'quit' >iter.pm
run_in "$POSTMARK" iter.pm
is "$rc" 0 'iterations: exit 0'
is "$(grep -c '^Creating files\.\.\.Done$' "$T/o")" 2 'iterations: two runs'
is "$(grep -c '^[0-9.]* [0-9.]* [0-9. ]*$' "$T/o.raw")" 2 \
    'iterations: two terse reports'

# CSV: the header once per run command on stdout, once per file.
printf '%s\n' 'set number 10' 'set transactions 20' 'set size 100 300' \
    'set report csv' 'set iterations 2' 'run' 'run' 'set iterations 1' \
    'run ../out.csv' 'run ../out.csv' 'quit' >csv.pm
run_in "$POSTMARK" csv.pm
is "$rc" 0 'csv: exit 0'
is "$(grep -c '^schema_version,' "$T/o.raw")" 2 \
    'csv on stdout: a header per run command'
is "$(grep -c '^6,' "$T/o.raw")" 4 'csv on stdout: a row per iteration'
is "$(grep -c '^schema_version,' "$T/out.csv")" 1 \
    'csv to a file: one header'
is "$(grep -c '^6,' "$T/out.csv")" 2 'csv to a file: a row per run'
is "$(cut -d, -f3 "$T/out.csv" | sed 1d | sort -u)" ok 'csv: status ok'

# A CSV record for a run that ran out of files.
printf '%s\n' 'set number 5' 'set transactions 100' 'set size 100 300' \
    'set bias create 0' 'set report csv' 'run ../oof.csv' 'quit' >oofcsv.pm
run_in "$POSTMARK" oofcsv.pm
is "$rc" 1 'csv, out of files: exit 1'
is "$(cut -d, -f3 "$T/oof.csv" | sed 1d)" out_of_files \
    'csv, out of files: the record is written'

done_testing
