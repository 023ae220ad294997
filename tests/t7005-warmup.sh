#!/bin/sh
# t7005-warmup: set warmup 2 with set iterations 3 makes five runs of the
# same workload: the two warm-up runs first, recorded with status warmup
# and iterations 1 and 2 (CSV and JSON), then the measured runs, ok and
# 1 to 3; the verbose reports mark the warm-up runs and the summary
# counts 3 runs; the terse report prints 3 lines; compare.sh leaves the
# warm-up rows out.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/durability/durlib.sh"

L=$T/loc
du_location "$L"
work="set location $L;set number 30;set transactions 100;set seed 5"
work="$work;set label w;set warmup 2;set iterations 3"

# run NAME REPORT: the five runs with set report REPORT, the report on
# stdout (run without a file) in $T/NAME.out.
run() {
	printf '%s;set report %s;run;quit\n' "$work" "$2" | tr ';' '\n' \
	    >"$T/$1.cfg"
	pm_run "$1"
	is "$rc $(ls -A "$L")" "0 " "$2: exit 0, the location left empty"
}

# CSV: columns 3 and 7 (status, iteration) come before any quoted field.
run csv csv
is "$(awk -F, 'NR > 1 { printf("%s %s, ", $3, $7) }' "$T/csv.out")" \
    "warmup 1, warmup 2, ok 1, ok 2, ok 3, " \
    "csv: two warmup rows (1, 2), then ok 1 to 3"
cp "$T/csv.out" "$T/rows.csv"

# JSON: the same, the setting in config, and one workload in all five.
run json json
if ! command -v jq >/dev/null 2>&1; then
	skip "json: status, iterations, config.warmup" "jq not installed"
	skip "json: the same work" "jq not installed"
else
	f='"\(.status) \(.iteration) \(.config.warmup)"'
	is "$(jq -r "$f" "$T/json.out" | tr '\n' ,)" \
	    "warmup 1 2,warmup 2 2,ok 1 2,ok 2 2,ok 3 2," \
	    "json: status warmup, iterations, config.warmup"
	is "$(jq -c .counts "$T/json.out" | sort -u | wc -l)" 1 \
	    "json: the warm-up runs did the same work as the measured ones"
fi

# Verbose: five reports, two marked, a summary of the three measured.
run verbose verbose
is "$(grep -c '^Time:$' "$T/verbose.out")" 5 "verbose: five reports"
is "$(grep '^Warm-up run' "$T/verbose.out" | tr '\n' ,)" \
    "Warm-up run 1 of 2, not measured:,Warm-up run 2 of 2, not measured:," \
    "verbose: the first two say they are warm-up runs"
is "$(grep '^Summary of' "$T/verbose.out")" "Summary of 3 runs: 3 ok" \
    "verbose: the summary counts the 3 measured runs"

# Terse: one line per measured run.
run terse terse
is "$(grep -Ec '^[-+.0-9]+( [-+.0-9]+){12}$' "$T/terse.out") \
$(grep -c 'Deleting files\.\.\.Done' "$T/terse.out")" "3 5" \
    "terse: five runs, three lines of 13 fields"

# compare.sh takes the ok rows only.
sh "$srcdir/scripts/compare.sh" report --no-plot -o "$T/cmp" "$T/rows.csv" \
    >/dev/null 2>"$T/cmp.err"
is "$? $(grep '^rows:' "$T/cmp.txt")" \
    "0 rows: 3 used (status ok), 2 skipped (status not ok: 2 warmup)" \
    "compare.sh: the warm-up rows are left out"

done_testing
