#!/bin/sh
# t6511-kernels-clock: the kernels mode on QEMU's icount clock, without
# booting.  A config that makes the guest wait for its disk in a timed
# phase (set sync, dirsync, direct, cache cold or cold-phases) is refused
# on the icount clock before the first boot, naming the settings and
# --clock host (with --gate: 125, cannot tell); the host's clock takes it.
# With the test hook COMPARE_KERNELS_ROWS standing for the boots: the
# clock of the rows is said before them, the time limit is one of the
# host's clock, and on the icount clock a run row whose phases waited
# for more than a tenth of its elapsed time gets a warning saying that
# such a wait is not the device's time, the other rows not, nor any
# row of the host's clock.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_python

cd "$T" || exit 99
mkdir tmp
export TMPDIR="$T/tmp"
fake_kernel "$T/vmlinuz" 6.1.0-99-test
printf 'set number 20\nset transactions 50\nset seed 7\n' >c.pm

# The settings that wait for the disk, refused on the icount clock
# (--accel tcg: no KVM probe; --qemu sh: nothing boots).
k="-p $POSTMARK --init $T/vmlinuz --qemu sh --accel tcg --no-plot"
printf 'set number 20\nset sync fsync\nset direct true\n' >sync.pm
sh "$compare" kernels $k sync.pm a="$T/vmlinuz" >out 2>err
st=$?
grep -qxF "compare.sh: sync.pm: Sync: fsync; Direct I/O: true: the guest $(:
    )would wait for its disk, and on the icount clock such a wait lasts $(:
    )until the guest's next timer, not the device's time (2000 fsyncs $(:
    )took 6 to 9 hours of guest time), so the times would mean nothing: $(:
    )give --clock host" err
is "$st:$?" 1:0 "set sync and set direct on the icount clock: refused, $(:
    )naming both and --clock host"
# (set cache cold needs root, which postmark's check of the config asks)
cold="'cache cold:Cache: cold' 'cache cold-phases:Cache: cold-phases'"
[ "$(id -u)" -eq 0 ] || cold=
eval "set -- 'dirsync true:Directory sync: true' $cold"
[ -n "$cold" ] || skip "set cache cold and cold-phases" "not root"
for s; do
	printf 'set number 20\nset %s\n' "${s%%:*}" >w.pm
	sh "$compare" kernels $k --clock icount w.pm a="$T/vmlinuz" >out 2>err
	st=$?
	grep -q "^compare.sh: w.pm: ${s#*:}: the guest would wait" err
	is "$st:$?" 1:0 "set ${s%%:*} on the icount clock: refused"
done
sh "$compare" kernels $k --gate 'transactions/s -5%' sync.pm \
    a="$T/vmlinuz" b="$T/vmlinuz" >out 2>err
st=$?
grep -q "^compare.sh: gate: cannot tell: exit 125$" err
is "$st:$?" 125:0 "... with --gate: cannot tell (125)"
is "$(ls -A tmp):$(ls -d results 2>/dev/null)" ":" \
    "refused before the first boot: nothing made"

# Rows of the icount clock: a's runs waited a fifth of their time, b's a
# hundredth; h's are of the host's clock and waited half of theirs.
for lab in a b h; do host_rows "$T/rows.csv" $lab 2 c.pm; done
py - rows.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
h = {name: i for i, name in enumerate(rows[0])}
share = {"a": 0.2, "b": 0.01, "h": 0.5}
for r in rows[1:]:
    lab = r[h["label"]]
    r[h["vm_accelerator"]] = "tcg"
    r[h["vm_clock"]] = "host" if lab == "h" else "icount"
    r[h["vm_icount_shift"]] = "" if lab == "h" else "0"
    e = float(r[h["elapsed_s"]])
    r[h["creation_wait_s"]] = "%.9f" % (share[lab] * e / 2)
    r[h["transactions_wait_s"]] = "%.9f" % (share[lab] * e / 2)
    r[h["deletion_wait_s"]] = "0.000000000"
w = csv.writer(open(sys.argv[1], "w", newline=""), lineterminator="\n")
w.writerows(rows)
PY
# hook ARGS...: the kernels mode on the hook's rows, into $T/k.csv.
hook() {
	rm -f k.csv
	COMPARE_KERNELS_ROWS=$T/rows.csv sh "$compare" kernels -n 2 --seed 3 \
	    --no-plot -o "$T/k.csv" "$@" >k.out 2>k.err
}
hook c.pm a="$T/vmlinuz" b="$T/vmlinuz"
is "$?" 0 "the icount rows: exit 0"
grep -qxF "compare.sh: clock: icount (QEMU's -icount shift=0,sleep=off, $(:
    )one processor): the guest's times are its instructions, 1 ns each, $(:
    )whatever the host's load; --clock host uses the host's clock" k.err
ok $? "the clock is said before the boots"
grep -q "^compare.sh: time limit of a boot: [0-9]* s of the host's clock $(:
    )(120 s and [0-9.]* ms under icount for each" k.err
ok $? "the time limit is of the host's clock, derived for icount"
# waits LABEL: for each row of LABEL, 1 when its warnings say it waited.
waits() {
	py - k.csv "$1" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline="")):
    if r["label"] == sys.argv[2]:
        print(int("on the icount clock a wait for the disk lasts until "
                  "the guest's next timer" in r["warnings"]), end=" ")
PY
}
is "$(waits a):$(waits b)" "1 1 :0 0 " \
    "icount: the runs that waited a fifth of their time are told, $(:
    )those that waited a hundredth not"
w=$(py -c 'import csv
print([r["warnings"] for r in csv.DictReader(open("k.csv", newline=""))
       if r["label"] == "a"][0])')
case $w in
*"the guest was off the processor for "*" s of its "*" s: on the icount $(:
    )clock a wait for the disk lasts until the guest's next timer, not the $(:
    )device's time, so these times mean little; compare such runs with $(:
    )--clock host"*) r=0 ;;
*)	r=1; diag "$w" ;;
esac
ok $r "... with the seconds and --clock host"
hook c.pm h="$T/vmlinuz"
is "$?:$(waits h)" "0:0 0 " "rows of the host's clock: no such warning"

printf 'set number 20\nset sync none\nset direct false\n' >none.pm
hook none.pm a="$T/vmlinuz"
is "$?" 0 "set sync none and set direct false are not refused"
hook --clock host sync.pm a="$T/vmlinuz"
is "$?" 0 "--clock host takes a config that waits"
grep -q "^compare.sh: clock: host (the guest's clock follows the host's $(:
    )under tcg), 2 processors$" k.err
ok $? "... and the clock said is the host's, with 2 processors"

done_testing
