#!/bin/sh
# t6508-kernels-gate: postmark-compare kernels --gate 'MEASURE P%' GOOD=
# TEST= exits as git bisect run wants, three ways: 1 (bad) when the whole
# interval of the ratio of the geometric means, TEST over GOOD (a t test
# on the logarithms), lies past the margin (below 1 - P/100 for a rate,
# above 1 + P/100 for a latency or a time), 0 (good) when it lies wholly
# on the good side of it, and while it holds the margin another round of
# boots, up to --max-rounds (default twice -n), then 125 (cannot tell).
# The gate looks after each round from -n to --max-rounds, each look's
# interval at 1 - 5 %/looks (99.17 % for -n 5, 6 looks), so that each
# wrong verdict has a chance of at most 2.5 % over all of them
# (tests/python/simulate.py measures it).  125 also for a boot that
# failed and a kernel image that is not there (a bisect step that did
# not build); once TEST did not boot, nothing more boots.  Before, a
# 30 % slower kernel with noisy runs (good 1000, 700, 1300; test 700,
# 490, 910) was "good" (exit 0), as was a create
# p50 whose every test run was slower than every good one, and the
# margin's test took the wrong variance.  The boots are the test hook's
# rows (COMPARE_KERNELS_ROWS), host runs whose measures are set here to
# known values, a label's k-th boot its k-th row (a boot past the last
# row fails), so that the verdicts are certain: this tests the gate and
# its wiring, not QEMU (t6509 boots).
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_fake_kernel
printf 'set number 20\nset transactions 50\n' >c.pm
host_rows "$T/base.csv" good 8 c.pm
host_rows "$T/base.csv" test 8 c.pm

# rows OUT COLUMN 'GOOD VALUES' 'TEST VALUES' [STATUS]: base.csv with
# as many rows of each label as values, COLUMN set to them (and test's
# first status to STATUS).
rows() {
	py - "$@" <<'PY'
import csv, sys
out, col, good, test = sys.argv[1:5]
rows = list(csv.reader(open("base.csv", newline="")))
h = rows[0]
vals = {"good": good.split(), "test": test.split()}
keep = [h]
first = True
for r in rows[1:]:
    lab = r[h.index("label")]
    if not vals[lab]:
        continue
    r[h.index(col)] = vals[lab].pop(0)
    if lab == "test" and first and len(sys.argv) > 5:
        r[h.index("status")] = sys.argv[5]
        first = False
    keep.append(r)
csv.writer(open(out, "w", newline=""), lineterminator="\n").writerows(keep)
PY
}

# gate ROWS SPEC [OPTION...] [-- TEST_IMAGE]: the gate on the hook's
# rows, -n 5 unless an option says otherwise; status in $st, the
# verdict line in $v, the boots made in $boots, the report in g.report.
gate() {
	g_rows=$1 g_spec=$2
	shift 2
	g_img=$T/vmlinuz
	g_opts=
	while [ $# -gt 0 ]; do
		case $1 in
		--)	g_img=$2; break ;;
		*)	g_opts="$g_opts $1" ;;
		esac
		shift
	done
	# shellcheck disable=SC2086
	COMPARE_KERNELS_ROWS=$T/$g_rows sh "$compare" kernels --no-plot \
	    -n 5 $g_opts --seed 1 -o "$T/g.csv" --gate "$g_spec" c.pm \
	    good="$T/vmlinuz" test="$g_img" >g.out 2>g.err
	st=$?
	v=$(sed -n 's/^compare.sh: gate: //p' g.err)
	boots=$(($(grep -c . g.csv 2>/dev/null || echo 1) - 1))
	cp g.txt g.report 2>/dev/null || : >g.report
	rm -f g.csv g.txt g.md
}

# first REPORT: the first line after a group's title, up to its figures.
first() {
	sed -n '/ratios and tests against good$/{n;s/ [0-9].*//;p;q;}' "$1"
}

t=transactions_per_s
rows worse.csv $t "100 101 99 100 102" "90 91 89 90 92"
gate worse.csv 'transactions/s -5%'
is "$st" 1 "10% fewer transactions/s, gate -5%: exit 1 (bad)"
is "$boots" 10 "... decided after the 5 rounds of -n 5"
# The verdict's ratio is that of the geometric means, inside its
# interval at 1 - 5%/6 (-n 5 and --max-rounds 10: 6 looks), all of which
# is below 0.95.
py - "$v" <<'PY' >verdict
import math, re, sys
m = re.fullmatch(r"test against good: transactions/s: ratio ([0-9.]+) "
                 r"\[([0-9.]+), ([0-9.]+)\] \(99\.17% interval, 5 runs "
                 r"each, p [0-9.e-]+\); all of it below 0.95: worse by "
                 r"more than 5% \(bad\): exit 1", sys.argv[1])
geo = math.exp((sum(map(math.log, (90, 91, 89, 90, 92))) -
                sum(map(math.log, (100, 101, 99, 100, 102)))) / 5)
r, lo, hi = map(float, m.groups()) if m else (0, 0, 0)
print(m is not None and abs(r - geo) < 5e-5 and lo < r < hi < 0.95)
PY
is "$(cat verdict)" True "... saying the ratio, its interval and why"
[ "$(cat verdict)" = True ] || diag "$v"
is "$(first g.report)" "test: transactions/s" \
    "the report says the gated measure's verdict first"

gate worse.csv 'transactions/s -15%'
is "$st" 0 "the same, gate -15%: exit 0 (good)"
case $v in
*"all of it above 0.85: not worse by more than 15% (good): exit 0")
	r=0 ;;
*)	r=1 ;;
esac
ok $r "... saying so"

rows near.csv $t "100 101 99 100 102" "97 99 95 96 98"
gate near.csv 'transactions/s -5%' --max-rounds 5
is "$st" 125 "3% fewer, within noise of a -5% margin: exit 125 (was 0)"
case $v in
*"it holds 0.95: cannot tell (changes within a factor of "*" either way $(:
    )are not seen 4 times in 5 at this spread: more rounds, --max-rounds, $(:
    )or less noise): exit 125")
	r=0 ;;
*)	r=1 ;;
esac
ok $r "... saying why"
[ $r -eq 0 ] || diag "$v"
gate near.csv 'transactions/s 0%' --max-rounds 5
is "$st" 1 "... but significantly worse at all (0%): exit 1"

rows better.csv $t "100 101 99 100 102" "120 121 119 120 122"
gate better.csv 'transactions_per_s -5%'
is "$st" 0 "better (a column name as the measure): exit 0"

rows lat.csv create_p99_us "10 11 10 9 10" "20 21 19 20 22"
gate lat.csv 'create p99 us +10%'
is "$st" 1 "a latency twice as long, gate +10%: exit 1"
is "$(first g.report)" "test: create p99 us" \
    "... the report says create p99 us's verdict first"
gate lat.csv 'create p99 us 150%'
is "$st" 0 "... gate 150% (no sign: the worse way): exit 0"

# A 30% slower kernel with noisy runs is no longer good.
rows noisy.csv $t "1000 700 1300" "700 490 910"
gate noisy.csv 'transactions/s -5%' -n 3 --max-rounds 3
is "$st" 125 "30% slower, noisy, 3 rounds at most: exit 125 (was 0)"
# With more rounds the gate boots them, and tells.
rows noisy8.csv $t "1000 700 1300 1000 950 1050 1000 980" \
    "700 490 910 700 665 735 700 686"
gate noisy8.csv 'transactions/s -5%' -n 3 --max-rounds 8
is "$st:$boots" 1:16 "... up to 8 rounds: 16 boots, then exit 1 (bad)"
pat='^compare.sh: gate after round [3-7]: .*: another round (at most 8,'
is "$(grep -c "$pat --max-rounds)\$" g.err)" 5 \
    "... after rounds 3 to 7 another round, saying why"

# Every test run's create p50 slower than every good one's is not good.
rows create.csv create_p50_us "226 301 264" "444 561 995"
gate create.csv 'create p50 us +5%' -n 3 --max-rounds 3
is "$st" 1 "create p50 226-301 us against 444-995 us, +5%: exit 1 (was 0)"

# Equal percentiles are a histogram's resolution, not certainty: one
# bucket (1/64) apart is no difference, a fifth apart is one.
rows same.csv create_p50_us "100 100 100" "101.6 101.6 101.6"
gate same.csv 'create p50 us 0%' -n 3 --max-rounds 3
is "$st" 125 "three equal percentiles against three one bucket up: 125"
rows fifth.csv create_p50_us "100 100 100" "120 120 120"
gate fifth.csv 'create p50 us 0%' -n 3 --max-rounds 3
is "$st" 1 "... and against three a fifth higher: exit 1"

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

gate worse.csv 'transactions/s -5%' -- "$T/missing"
is "$st" 125 "a kernel image that is not there (no build): exit 125"
grep -qx "compare.sh: $T/missing: no such file (the kernel image of target $(:
    )test)" g.err
ok $? "... saying which"

# --max-rounds bounds the gate's rounds.
gate worse.csv 'transactions/s -5%' --max-rounds 4
is "$st:$(sed -n 1p g.err)" "2:compare.sh: --max-rounds: 4 is fewer than $(:
    )the 5 rounds of -n" "--max-rounds below -n: a usage error"
COMPARE_KERNELS_ROWS=$T/worse.csv sh "$compare" kernels --no-plot -n 2 \
    --max-rounds 4 -o "$T/g.csv" c.pm good="$T/vmlinuz" >g.out 2>g.err
is "$?:$(sed -n 1p g.err)" "2:compare.sh: --max-rounds needs --gate (it $(:
    )bounds the rounds the gate may add)" "--max-rounds without --gate: too"

is "$(ls -A tmp)" "" "nothing left in TMPDIR"
done_testing
