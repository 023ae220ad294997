#!/bin/sh
# t6506-kernels-usage: postmark-compare kernels refuses what it cannot
# do before the first boot: a usage error is one line
# and exit 2; a target, kernel image, modules directory or config that
# will not do, or a CSV file of another schema, is exit 1 naming it,
# and nothing is booted, created or left (no CSV file, nothing in
# TMPDIR).  The CSV file is judged whole as postmark judges a record
# file (its first line, its last): each file postmark refuses is refused
# here with postmark's own reason, before anything boots.  A kernel image
# cut short (shorter than its header says), and a kernel given without
# modules whose config (config-RELEASE beside it) has the disk's driver
# or the file system as a module, are refused with what the guest would
# say; an over-long label makes no results directory.  The clock: none
# but icount or host, and icount (TCG's default) neither under KVM nor
# with several processors, which Linux cannot bring up there.  The gate:
# a measure that is not one, a margin of the wrong way, other than two
# kernels, and -n 1 (no test: 125, which git bisect run takes for
# "cannot tell").  No QEMU is needed: the kernel is a file with a
# bzImage header only, which nothing here boots.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_fake_kernel
printf 'set number 10\nset transactions 20\n' >c.pm
printf 'not a kernel\n' >text

# usage WANT DESC ARGS...: exit 2, WANT then the line about --help.
usage() {
	want=$1 desc=$2
	shift 2
	sh "$compare" kernels "$@" >out 2>err </dev/null
	is "$?:$(sed -n 1p err):$(sed -n '2,$p' err)" \
	    "2:compare.sh: $want:Try 'compare.sh --help' for more information." \
	    "$desc: a usage error"
}

# fails STATUS WANT DESC ARGS...: exit STATUS and WANT among the lines
# on stderr.
fails() {
	st=$1 want=$2 desc=$3
	shift 3
	sh "$compare" kernels "$@" >out 2>err </dev/null
	got=$?
	grep -qxF -- "$want" err
	r=$?
	[ "$got" = "$st" ] || r=1
	ok $r "$desc: exit $st and '$want'"
	[ $r -eq 0 ] || diag "exit $got" "$(cat err)"
}

usage "need a config file and at least one LABEL=IMAGE[:MODULES_DIR] target" \
    "no target" c.pm
usage "-n: '0' is not a positive integer" "-n 0" -n 0 c.pm a="$T/vmlinuz"
usage "--cpus: 'two' is not a positive integer" "--cpus two" --cpus two \
    c.pm a="$T/vmlinuz"
usage "--memory: 1M is less than 64M, too little for a kernel" \
    "--memory 1M" --memory 1M c.pm a="$T/vmlinuz"
usage "--disk-size '4X' is not a size (digits and K, M, G or T, more than 0)" \
    "--disk-size 4X" --disk-size 4X c.pm a="$T/vmlinuz"
usage "--accel: 'xen' is none of auto, kvm, tcg" "--accel xen" --accel xen \
    c.pm a="$T/vmlinuz"
usage "--time-limit: '1.5' is not a positive integer" "--time-limit 1.5" \
    --time-limit 1.5 c.pm a="$T/vmlinuz"
usage "--clock: 'sundial' is neither icount nor host" "--clock sundial" \
    --clock sundial c.pm a="$T/vmlinuz"
usage "--clock icount with --accel kvm: QEMU counts instructions only $(:
    )when it emulates the processor (TCG); give --accel tcg (or auto), or $(:
    )--clock host" "--clock icount --accel kvm" --clock icount --accel kvm \
    c.pm a="$T/vmlinuz"
icpus="under icount QEMU runs the processors in turn on one host thread, $(:
    )and Linux 6.1 in QEMU 7.2 hangs there bringing up its second $(:
    )processor; give --cpus 1, or --clock host for several processors on $(:
    )the host's clock"
usage "--clock icount with --cpus 2: $icpus" "--clock icount --cpus 2" \
    --clock icount --cpus 2 c.pm a="$T/vmlinuz"
# (said once TCG is known, after its warning)
fails 2 "compare.sh: --cpus 3 under TCG, whose clock is icount unless $(:
    )--clock host: $icpus" "--cpus 3 under TCG without --clock" \
    -p "$POSTMARK" --init "$T/vmlinuz" --qemu sh --accel tcg --cpus 3 c.pm \
    a="$T/vmlinuz"
usage "--mkfs-options '-O dir_index': with several, each is NAME=OPTIONS $(:
    )(the NAME is added to the labels)" "two unnamed --mkfs-options" \
    --mkfs-options '-O dir_index' --mkfs-options '-O ^dir_index' \
    c.pm a="$T/vmlinuz"
usage "--gate compares two kernels: CONFIG GOOD=IMAGE TEST=IMAGE" \
    "--gate with one kernel" --gate 'transactions/s -5%' c.pm a="$T/vmlinuz"
usage "--gate 'fast': write 'MEASURE -P%' (a rate) or 'MEASURE +P%' (a $(:
    )latency or time), for example 'transactions/s -5%'" "--gate fast" \
    --gate fast c.pm a="$T/vmlinuz" b="$T/vmlinuz"
usage "--gate: 'speed' is neither a measure of the report (transactions/s, $(:
    )create p99 us ...) nor a column of role rate, latency, time or ratio $(:
    )(postmark --columns)" "--gate of no measure" --gate 'speed -5%' \
    c.pm a="$T/vmlinuz" b="$T/vmlinuz"
usage "--gate: transactions/s is better higher, so a regression is '-5%', $(:
    )not '+5%'" "--gate of a rate, +" --gate 'transactions/s +5%' \
    c.pm a="$T/vmlinuz" b="$T/vmlinuz"
usage "--gate: create p99 us is better lower, so a regression is '+10%', $(:
    )not '-10%'" "--gate of a latency, -" --gate 'create_p99_us -10%' \
    c.pm a="$T/vmlinuz" b="$T/vmlinuz"

fails 1 "compare.sh: target 'vmlinuz' has no label: write $(:
    )LABEL=IMAGE[:MODULES_DIR]" "a target without a label" c.pm vmlinuz
fails 1 "compare.sh: label 'a' given twice" "a label twice" \
    c.pm a="$T/vmlinuz" a="$T/vmlinuz"
fails 1 "compare.sh: $T/none: no such file (the kernel image of target a)" \
    "a kernel image that is not there" c.pm a="$T/none"
fails 1 "compare.sh: $T/text: not a bzImage (no 'HdrS' setup header at $(:
    )offset 0x202) (target a)" "a file that is no bzImage" c.pm a="$T/text"
fails 1 "compare.sh: $T/nomods: not a directory (the modules of target a)" \
    "a modules directory that is not there" c.pm a="$T/vmlinuz:$T/nomods"
fails 1 "compare.sh: label 'a-x-y' given twice (kernel a-x with disk y)" \
    "a kernel's label crossed with a disk's name is another's" \
    --mkfs-options x-y=-q --mkfs-options y=-q c.pm a="$T/vmlinuz" \
    a-x="$T/vmlinuz"
printf 'set number 10\nrun\n' >run.pm
fails 1 "compare.sh: run.pm:2: \"run\": remove it; compare.sh adds the $(:
    )run itself" \
    "a config that runs" run.pm a="$T/vmlinuz"
printf 'set number 10\nset size 5000 500\n' >bad.pm
fails 1 "compare.sh: bad.pm: $POSTMARK refused the config; nothing was run" \
    "a config postmark refuses, before any boot" -p "$POSTMARK" \
    --init "$T/vmlinuz" --qemu sh bad.pm a="$T/vmlinuz"
grep -q '^postmark: bad.pm:2: ' err
ok $? "... and postmark's message names the config's line"

# Each CSV file postmark refuses as a record file is refused here, with
# postmark's reason, before anything boots, and left as it was: one of
# schema 4 (146 columns, no VM columns), one of schema 5 (no clock
# columns), a header after a blank line,
# JSON records, an interval series, text.  (A last line cut short is
# taken and cut off under the lock, as postmark does: t6520.)
"$POSTMARK" --columns | awk -F '\t' 'NR > 1 && $2 < 5 { printf("%s%s", \
    n++ ? "," : "", $1) } END { print "" }' >four.csv
"$POSTMARK" --columns | awk -F '\t' 'NR > 1 && $2 < 6 { printf("%s%s", \
    n++ ? "," : "", $1) } END { print "" }' >five.csv
"$POSTMARK" --columns | awk -F '\t' 'NR > 1 { printf("%s%s", n++ ? "," : "", \
    $1) } END { print "" }' >header
printf '\n' | cat - header >blank.csv
printf '{"schema_version":5,"label":"a"}\n' >json.csv
printf 'schema_version,iteration,label,client,phase,interval,x\n1,1,a\n' \
    >series.csv
printf 'a report\n' >text.csv
for f in four five blank json series text; do
	cp $f.csv $f.before
	why=$(printf 'set report csv\nrun %s\nquit\n' "$T/$f.csv" |
	    "$POSTMARK" 2>&1 >/dev/null | sed -n "s/^-:2: run: report file $(:
	    )'[^']*' //p")
	[ -n "$why" ] || why="(postmark took $f.csv)"
	fails 1 "compare.sh: $T/$f.csv: $why" "a CSV file postmark refuses $(:
	    )($f): its reason" -p "$POSTMARK" --init "$T/vmlinuz" --qemu sh \
	    --accel tcg -o "$T/$f.csv" c.pm a="$T/vmlinuz"
	cmp -s $f.csv $f.before
	ok $? "... and it is left as it was"
done

# A kernel image shorter than its header says.
head -c 1000 vmlinuz >cut.img
fails 1 "compare.sh: cut.img: cut short: its bzImage header says it has $(:
    )$(wc -c <vmlinuz | tr -d ' ') bytes, the file has 1000 (target a)" \
    "a kernel image cut short" c.pm a=cut.img

# A kernel without modules whose config has the disk's driver or the file
# system as a module.
mkdir boot
cp vmlinuz boot/vmlinuz
sed 's/^/CONFIG_/' >boot/config-6.1.0-99-test <<'CONFIG'
VIRTIO_PCI=y
VIRTIO_BLK=m
EXT4_FS=y
XFS_FS=m
CONFIG
fails 1 "compare.sh: $T/boot/vmlinuz: virtio_blk is a module of $(:
    )6.1.0-99-test (CONFIG_VIRTIO_BLK=m in $T/boot/config-6.1.0-99-test), $(:
    )and it has no modules directory (none given, no $(:
    )/lib/modules/6.1.0-99-test): the guest would stop with \"no device $(:
    )/dev/vda after 30 s (is the disk's driver, virtio_blk, built in or in $(:
    )the modules list?)\" (target a)" \
    "the disk's driver a module, no modules: refused before a boot" \
    -p "$POSTMARK" --init "$T/vmlinuz" --qemu sh --accel tcg c.pm \
    a="$T/boot/vmlinuz"
sed -i 's/VIRTIO_BLK=m/VIRTIO_BLK=y/' boot/config-6.1.0-99-test
fails 1 "compare.sh: $T/boot/vmlinuz: xfs is a module of 6.1.0-99-test $(:
    )(CONFIG_XFS_FS=m in $T/boot/config-6.1.0-99-test), and it has no $(:
    )modules directory (none given, no /lib/modules/6.1.0-99-test): the $(:
    )guest would stop with \"mount /dev/vda on /mnt as xfs with options $(:
    )'noatime': No such device\" (target a)" \
    "the file system a module, no modules: refused before a boot" \
    -p "$POSTMARK" --init "$T/vmlinuz" --qemu sh --accel tcg --fs xfs \
    --mount-options noatime c.pm a="$T/boot/vmlinuz"

# A label too long for the result file's name: refused before anything
# is made (no results directory).
long=$(printf '%0200d' 0)
sh "$compare" kernels -p "$POSTMARK" --init "$T/vmlinuz" --qemu sh \
    --accel tcg c.pm "a$long=$T/vmlinuz" "b$long=$T/vmlinuz" >out 2>err \
    </dev/null
is "$?:$(ls -d results 2>/dev/null)" "1:" \
    "labels too long for a file name: exit 1, no results directory"
grep -q "File name too long" err
ok $? "... saying why"
[ -d results ] && rmdir results

# The gate needs two runs of each kernel for its test.
fails 125 "compare.sh: -n 1: the gate's test needs two runs of each kernel $(:
    )(-n 2 or more)" "--gate -n 1: cannot tell" -n 1 -p "$POSTMARK" \
    --gate 'transactions/s -5%' c.pm a="$T/vmlinuz" b="$T/vmlinuz"

is "$(ls -A "$T/tmp"):$(ls -d results 2>/dev/null)" ":" \
    "nothing left in TMPDIR, no results directory made"

done_testing
