#!/bin/sh
# t6036-compare-machine: a report says on what machine its times were
# measured, where a kernels report said TCG only in its warnings: the
# first table has a column "virtual machine" with each label's QEMU
# accelerator and clock ("tcg, icount clock (shift 5)"; "host clock" for
# the rows of schema 5, which have no vm_clock column), none when no row
# ran in a VM; every plot's title says it too; and a report with rows of
# the icount clock says what such a time is.
#
# tests/fixtures/compare-vm.csv is kernels mode's own output (schema 5,
# four labels, TCG); its schema 6 variants are made here by appending the
# columns vm_clock and vm_icount_shift.

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
cp "$srcdir/tests/fixtures/compare-vm.csv" "$T/s5.csv"

# schema6 OUT CLOCK SHIFT [LABEL CLOCK SHIFT]: compare-vm.csv as schema 6,
# its rows of CLOCK and SHIFT, those of LABEL of the second pair.
schema6() {
	awk -F, -v OFS=, -v c="$2" -v s="$3" -v l="${4:-}" -v c2="${5:-}" \
	    -v s2="${6:-}" 'NR == 1 { print $0 ",vm_clock,vm_icount_shift"
		next }
	{ sub(/^5,/, "6,")
	  if ($2 == l) print $0 "," c2 "," s2; else print $0 "," c "," s }' \
	    "$srcdir/tests/fixtures/compare-vm.csv" >"$T/$1"
}
schema6 ic.csv icount 5
schema6 mixed.csv icount 5 6.1.0-57-nodx host ""

# machine FILE: the first table's rows as "LABEL: VIRTUAL MACHINE".
machine() {
	awk '/^label / { on = 1; next } on && /^$/ { exit }
	    on { n = split($0, f, /  +/); print f[1] ": " f[n] }' "$1"
}

(cd "$T" && sh "$compare" report -o s5 s5.csv &&
    sh "$compare" report -o ic ic.csv &&
    sh "$compare" report --no-plot -o mixed mixed.csv) >/dev/null \
    2>"$T/err"
is "$?" 0 "reports of schema 5 and 6 rows exit 0"
grep -q '^label .*  virtual machine$' "$T/s5.txt"
ok $? "schema 5: the first table has a column 'virtual machine'"
is "$(machine "$T/s5.txt" | sort | uniq -c | sed 's/^ *//')" \
    "1 6.1.0-56-dx: tcg, host clock
1 6.1.0-56-nodx: tcg, host clock
1 6.1.0-57-dx: tcg, host clock
1 6.1.0-57-nodx: tcg, host clock" \
    "... each label's accelerator, and the host's clock (no vm_clock)"
is "$(machine "$T/ic.txt" | sed 's/^[^:]*: //' | sort -u)" \
    "tcg, icount clock (shift 5)" \
    "schema 6: the icount clock and its shift"
is "$(machine "$T/mixed.txt" | grep 57-nodx)" \
    "6.1.0-57-nodx: tcg, host clock" \
    "... a label of the host clock beside them"
grep -q '| virtual machine |' "$T/ic.md"
ok $? "... in the Markdown report too"

# The plots' titles (their first line, in the SVG).
for p in bars latency; do
	grep -q '<text>6.1.0-57-nodx vs .* - s5.csv - QEMU: tcg, host clock</text>' \
	    "$T/s5-$p.svg"
	ok $? "-$p: the title says the accelerator and the clock"
done
grep -q '<text>6.1.0-57-nodx vs .* - ic.csv - QEMU: tcg, icount clock (shift 5)</text>' \
    "$T/ic-bars.svg"
ok $? "-bars: ... the icount clock"

# What an icount time is, once, in the reports with icount rows.
grep -c 'instructions the guest executed' "$T/s5.txt" "$T/ic.txt" \
    "$T/mixed.txt" | sed 's/.*://' | tr '\n' ' ' >"$T/n"
is "$(cat "$T/n")" "0 1 1 " \
    "the reports of icount rows say what such a time is, once"
waits="the time the guest waited for its disk with nothing to run, $(:
    )which passes as the host.s time does (QEMU models no device time)"
tr '\n' ' ' <"$T/ic.txt" | grep -q "$waits"
ok $? "... that a wait for the disk passes at the host's pace"
tr '\n' ' ' <"$T/ic.txt" |
    grep -q 'not see cache misses, lock contention or a real device.s latency'
ok $? "... and what it does not see"

cp "$srcdir/tests/fixtures/compare-ab.csv" "$T/ab.csv"
(cd "$T" && sh "$compare" report --no-plot -o ab ab.csv) >/dev/null 2>&1
is "$(grep -c 'virtual machine\|clock' "$T/ab.txt")" 0 \
    "rows not in a VM: no such column, no clock"

done_testing
