#!/bin/sh
# t6027-compare-signature: the workload signature is every column whose
# role is config in postmark's column table (postmark --columns), not a
# copy written by hand that lacked shared, rankshift and interval:
# rows of two labels that differ in one such column (and nothing
# else) give the warning "the rows ran 2 different workloads (COLUMN
# differs)", naming it; a column of another role (precision: how runs
# are repeated) does not; nor does one the groups are made of (number,
# clients, the field of --by); a column that one file lacks (an older
# schema) is not compared.  The workload line names the settings that
# are not the defaults.  The CSV files are tests/fixtures/compare-tmpfs.csv
# (postmark's own rows of schema 4) and compare-clients.csv, with a column
# changed in label disk's rows.

. "$srcdir/tests/tap.sh"

py=${PYTHON:-python3}
command -v "$py" >/dev/null 2>&1 || skip_all "python3 not installed"
compare="$srcdir/scripts/compare.sh"
fix="$srcdir/tests/fixtures"

# variant NAME COLUMN VALUE: compare-tmpfs.csv with COLUMN set to VALUE in
# label disk's rows, as $T/NAME.csv.
variant() {
	"$py" "$srcdir/tests/compare/csvset.py" "$fix/compare-tmpfs.csv" \
	    "$T/$1.csv" "disk=:$2=$3"
}

# warns NAME ARGS...: report mode on $T/NAME.csv; print its "different
# workloads" warnings.
warns() {
	name=$1
	shift
	sh "$compare" report --no-plot "$@" -o "$T/$name" "$T/$name.csv" \
	    >/dev/null 2>"$T/err" || diag "$(cat "$T/err")"
	sed -n 's/^compare.sh: warning: \(the rows ran .*\)/\1/p' "$T/err"
}

variant same seed 42
is "$(warns same)" "" "the fixture's labels ran one workload"
for spec in shared:1 rankshift:1 interval:100 warmup:1 hooks:x ranks:2 \
    sync:fsync cache:cold transactions:301; do
	col=${spec%%:*}
	variant "$col" "$col" "${spec#*:}"
	is "$(warns "$col")" \
	    "the rows ran 2 different workloads ($col differs)" \
	    "labels that differ in $col ran different workloads"
done
variant precision precision 5
is "$(warns precision)" "" "precision (how runs are repeated) is no workload"
variant number number 301
is "$(warns number)" "" "the number of files makes groups, not workloads"
variant seed seed 7
is "$(warns seed --by seed)" "" "nor does the field of --by"
grep -q '^workload: ' "$T/seed.txt"
ok $? "... and the workload line is written"

# The workload line names what is not the default.
variant both shared 1
is "$(sh "$compare" report --no-plot -l disk -o "$T/d" "$T/both.csv" \
    2>/dev/null | sed -n 's/^workload: //p')" \
    "300 transactions, 500-10000 bytes, blocks 512/512, buffered, bias 5/5, seed 42, shared" \
    "the workload line names set shared true"

# Schema 2 beside schema 3: shared, which schema 2 lacks, is not compared.
awk -F, 'NR == 1 || /,private,/' "$fix/compare-clients.csv" >"$T/private.csv"
cp "$fix/compare-schema2.csv" "$T/old.csv"
sh "$compare" report --no-plot -o "$T/m" "$T/old.csv" "$T/private.csv" \
    >/dev/null 2>"$T/err"
is "$(grep -c 'different workloads' "$T/err")" 0 \
    "a column of a later schema is compared only where every file has it"

done_testing
