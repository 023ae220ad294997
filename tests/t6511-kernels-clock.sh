#!/bin/sh
# t6511-kernels-clock: the kernels mode on QEMU's icount clock, without
# booting: the test hook COMPARE_KERNELS_ROWS stands for the boots.  The
# clock of the rows is said before them, and the time limit is one of
# the host's clock.  On the icount clock a config that makes the guest
# wait for its disk in a timed phase (set sync, dirsync, direct, cache
# cold or cold-phases) gets a warning before the first boot, naming the
# settings and saying that such a wait is the host's time, not
# instructions counted; other configs and the host's clock get none.  A
# run row of the icount clock whose phases waited for more than a tenth
# of its elapsed time gets a warning saying so, the other rows not, nor
# any row of the host's clock.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_fake_kernel
printf 'set number 20\nset transactions 50\nset seed 7\n' >c.pm

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
grep -qxF "compare.sh: clock: icount (QEMU's -icount shift=0,sleep=on, $(:
    )one processor): the guest's time is its instructions, 1 ns each, $(:
    )whatever the host's load, and its waits for the disk, which pass as $(:
    )the host's time does; --clock host uses the host's clock" k.err
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
        print(int("on the icount clock that time is the host's"
                  in r["warnings"]), end=" ")
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
    )clock that time is the host's (its disk's and its load's), not $(:
    )instructions counted, and varies as the host's clock does"*) r=0 ;;
*)	r=1; diag "$w" ;;
esac
ok $r "... with the seconds"
hook c.pm h="$T/vmlinuz"
is "$?:$(waits h)" "0:0 0 " "rows of the host's clock: no such warning"


# The settings that wait for the disk: a warning on the icount clock.
waits="the guest waits for its disk in the timed phases, and on the $(:
    )icount clock a wait is the host's time (its disk's and its load's), $(:
    )not instructions counted: these times vary as the host's clock does"
printf 'set number 20\nset sync fsync\nset direct true\n' >sync.pm
hook sync.pm a="$T/vmlinuz"
st=$?
grep -qxF "compare.sh: warning: sync.pm: Sync: fsync; Direct I/O: true: $(:
    )$waits" k.err
is "$st:$?" 0:0 "set sync and set direct on the icount clock: a warning $(:
    )naming both"
# (set cache cold needs root, which postmark's check of the config asks)
cold="'cache cold:Cache: cold' 'cache cold-phases:Cache: cold-phases'"
[ "$(id -u)" -eq 0 ] || cold=
eval "set -- 'dirsync true:Directory sync: true' $cold"
[ -n "$cold" ] || skip "set cache cold and cold-phases" "not root"
for s; do
	printf 'set number 20\nset %s\n' "${s%%:*}" >w.pm
	hook w.pm a="$T/vmlinuz"
	st=$?
	grep -qxF "compare.sh: warning: w.pm: ${s#*:}: $waits" k.err
	is "$st:$?" 0:0 "set ${s%%:*} on the icount clock: a warning"
done
printf 'set number 20\nset sync none\nset direct false\n' >none.pm
hook none.pm a="$T/vmlinuz"
st=$?
grep -q "wait for its disk\|waits for its disk" k.err
is "$st:$?" 0:1 "set sync none and set direct false: no warning"
hook --clock host sync.pm a="$T/vmlinuz"
st=$?
grep -q "waits for its disk" k.err
is "$st:$?" 0:1 "the host's clock: no warning for a config that waits"
grep -q "^compare.sh: clock: host (the guest's clock follows the host's $(:
    )under tcg), 2 processors$" k.err
ok $? "... and the clock said is the host's, with 2 processors"

done_testing
