#!/bin/sh
# t6508-kernels-gate: postmark-compare kernels --gate 'MEASURE P%' GOOD=
# TEST= exits as git bisect run wants: 1 when the
# whole 95% interval of mean(TEST) / mean(GOOD) from the report's Welch
# test lies past the margin (below 1 - P/100 for a rate, above 1 + P/100
# for a latency or a time), 0 when it does not, 125 when it cannot tell
# (a boot that failed; a kernel image that is not there, as when a
# bisect step did not build).  Once TEST did not boot, the answer can
# only be 125: nothing more boots.  The boots are the test hook's rows
# (COMPARE_KERNELS_ROWS), host runs whose measures are then set here to
# known values, so that the verdicts are certain: this tests the gate
# and its wiring, not QEMU (t6509 boots).
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_python

cd "$T" || exit 99
mkdir tmp
export TMPDIR="$T/tmp"
fake_kernel "$T/vmlinuz" 6.1.0-99-test
printf 'set number 20\nset transactions 50\n' >c.pm
host_rows "$T/base.csv" good 5 c.pm
host_rows "$T/base.csv" test 5 c.pm

# rows OUT COLUMN 'GOOD VALUES' 'TEST VALUES' [STATUS]: base.csv with
# COLUMN set to those values (and test's first status to STATUS).
rows() {
	py - "$@" <<'PY'
import csv, sys
out, col, good, test = sys.argv[1:5]
rows = list(csv.reader(open("base.csv", newline="")))
h = rows[0]
vals = {"good": good.split(), "test": test.split()}
first = True
for r in rows[1:]:
    lab = r[h.index("label")]
    r[h.index(col)] = vals[lab].pop(0)
    if lab == "test" and first and len(sys.argv) > 5:
        r[h.index("status")] = sys.argv[5]
        first = False
csv.writer(open(out, "w", newline=""), lineterminator="\n").writerows(rows)
PY
}

# gate ROWS SPEC [TEST IMAGE]: the gate on the hook's rows; status in
# $st, the verdict line in $v.
gate() {
	COMPARE_KERNELS_ROWS=$T/$1 sh "$compare" kernels --no-plot -n 5 \
	    --seed 1 -o "$T/g.csv" --gate "$2" c.pm good="$T/vmlinuz" \
	    test="${3:-$T/vmlinuz}" >g.out 2>g.err
	st=$?
	v=$(sed -n 's/^compare.sh: gate: //p' g.err)
	rm -f g.csv g.txt g.md
}

t=transactions_per_s
rows worse.csv $t "100 101 99 100 102" "90 91 89 90 92"
gate worse.csv 'transactions/s -5%'
is "$st" 1 "10% fewer transactions/s, gate -5%: exit 1 (bad)"
# The verdict's ratio is the ratio of the means (90.4 / 100.4), inside
# its interval, all of which is below 0.95.
py - "$v" <<'PY' >verdict
import re, sys
m = re.fullmatch(r"test against good: transactions/s: ratio ([0-9.]+) "
                 r"\[([0-9.]+), ([0-9.]+)\] \(Welch's 95% interval, p "
                 r"[0-9.e-]+\); all of it below 0.95: worse by more than "
                 r"5% \(bad\): exit 1", sys.argv[1])
r, lo, hi = map(float, m.groups()) if m else (0, 0, 0)
print(m is not None and abs(r - 90.4 / 100.4) < 5e-5 and lo < r < hi < 0.95)
PY
is "$(cat verdict)" True "... saying the ratio, its interval and why"
[ "$(cat verdict)" = True ] || diag "$v"

gate worse.csv 'transactions/s -15%'
is "$st" 0 "the same, gate -15%: exit 0 (good)"
case $v in
*"not all of it below 0.85: not shown worse by more than 15% (good): exit 0")
	r=0 ;;
*)	r=1 ;;
esac
ok $r "... saying so"

rows near.csv $t "100 101 99 100 102" "97 99 95 96 98"
gate near.csv 'transactions/s -5%'
is "$st" 0 "3% fewer, within noise of a -5% margin: exit 0"
gate near.csv 'transactions/s 0%'
is "$st" 1 "... but significantly worse at all (0%): exit 1"

rows better.csv $t "100 101 99 100 102" "120 121 119 120 122"
gate better.csv 'transactions_per_s -5%'
is "$st" 0 "better (a column name as the measure): exit 0"

rows lat.csv create_p99_us "10 11 10 9 10" "20 21 19 20 22"
gate lat.csv 'create p99 us +10%'
is "$st" 1 "a latency twice as long, gate +10%: exit 1"
gate lat.csv 'create p99 us 150%'
is "$st" 0 "... gate 150% (no sign: the worse way): exit 0"

rows failed.csv $t "100 101 99 100 102" "90 91 89 90 92" \
    "error: kernel /k/test: kernel panic: VFS"
gate failed.csv 'transactions/s -5%'
is "$st" 125 "a boot that failed: exit 125 (cannot tell)"
is "$v" "test against good: 1 boots failed: cannot tell: exit 125" \
    "... saying so"
sed -n 's/^compare.sh: \[[0-9]*\/10\] round \([0-9]*\): \([a-z]*\) .*/\1 \2/p' \
    g.err >boots
is "$(tail -n 1 boots):$(grep -c . boots)" "1 test:$(grep -c . boots)" \
    "... and once test did not boot, nothing more boots (not good either)"
[ "$(grep -c . boots)" -le 2 ]
ok $? "... which was in round 1: at most 2 of the 10 boots"
grep -qx "compare.sh: test did not boot: no more boots (the gate can only $(:
    )say 'cannot tell')" g.err
ok $? "... saying so"

gate worse.csv 'transactions/s -5%' "$T/missing"
is "$st" 125 "a kernel image that is not there (no build): exit 125"
grep -qx "compare.sh: $T/missing: no such file (the kernel image of target $(:
    )test)" g.err
ok $? "... saying which"

is "$(ls -A tmp)" "" "nothing left in TMPDIR"
done_testing
