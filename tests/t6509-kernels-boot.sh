#!/bin/sh
# t6509-kernels-boot: postmark-compare kernels end to end with real boots
# under whatever accelerator there is: a
# Debian kernel fetched with apt-get download (never installed) under
# two labels, a third label whose kernel panics (--cmdline LABEL=TEXT:
# no init, no root), a fourth whose modules directory lacks the disk's
# modules, and a fifth whose config cannot end within --time-limit 2 is
# not there: that is a second command.  The good boots give a row each
# with the package's release in the kernel column, the VM's columns
# filled, the host column qemu-ACCEL@HOST, and the counts of a host run
# of the same config and seed; the panic and the missing module are
# error rows naming the kernel (and the panic the console's last lines),
# found well within the time limit; the other labels go on; a boot past
# the time limit is an error row; no disk image, initramfs or QEMU is
# left.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_kernel
cd "$T" || exit 99

printf 'set number 100\nset transactions 300\nset size 500 5000\n' >c.pm
printf 'set seed 42\n' >>c.pm
TMPDIR=$T/tmp sh "$compare" kernels -n 1 --seed 11 --no-plot -o "$T/k.csv" \
    --cmdline 'P=rdinit=/nonexistent root=/dev/nonexistent' c.pm \
    A="$KIMAGE:$KMODS" B="$KIMAGE:$KMODS" P="$KIMAGE:$KMODS" \
    M="$KIMAGE:$T/nomods" >k.out 2>k.err
st=$?
is "$st" 1 "two boots failed: exit 1"
[ "$st" -eq 1 ] || diag "$(cat k.err)"

# get LABEL COLUMN: that column of LABEL's row.
get() {
	py - k.csv "$1" "$2" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline="")):
    if r["label"] == sys.argv[2]:
        print(r[sys.argv[3]])
PY
}
is "$(grep -c '^schema_version,' k.csv):$(py -c 'import csv, sys
print(sum(1 for _ in csv.DictReader(open("k.csv", newline=""))))')" "1:4" \
    "one header and a row per boot"
is "$(get A status):$(get B status)" "ok:ok" "the two good boots ran postmark"
is "$(get A kernel):$(get B kernel)" "$KRELEASE:$KRELEASE" \
    "their kernel column is the guest's uname -r, the package's release"
accel=$(get A vm_accelerator)
# Under TCG the default clock counts instructions, on one processor.
if [ "$accel" = tcg ]; then vm="1:icount:0"; else vm="2:host:"; fi
is "$(get A vm_cpus):$(get A vm_clock):$(get A vm_icount_shift)" "$vm" \
    "the VM's processors and clock: $vm under $accel"
is "$(get A vm_memory_mib):$(get A vm_machine)" \
    "1024:pc" "the record's VM columns describe the VM ($accel)"
case $(get A vm_disk):$(get A vm_cache) in
raw-file-on-*,virtio-blk:none|raw-file-on-*,virtio-blk:writeback) r=0 ;;
*)	r=1 ;;
esac
ok $r "... its disk and cache mode ($(get A vm_disk), $(get A vm_cache))"
is "$(get A host)" "$(printf %s "qemu-$accel@$(uname -n)" | head -c 64)" \
    "... and the host column names the VM and the machine it ran on"
if [ "$accel" = tcg ]; then
	case $(get A warnings) in
	*"QEMU emulated the processor (TCG): the times are the emulator's"*)
		r=0 ;;
	*)	r=1 ;;
	esac
	ok $r "under TCG the rows say the times are the emulator's"
else
	skip "the TCG warning" "KVM works here"
fi

# The same config and seed on the host: the same operations.
mkdir host
{ cat c.pm; echo "set location $T/host"; echo "set report csv"
  echo "run $T/host.csv"; echo quit; } >host.in
"$POSTMARK" host.in >/dev/null 2>&1
counts() {
	py - "$1" "$2" <<'PY'
import csv, sys
cols = ("created created_alone created_mixed read appended deleted "
        "deleted_alone deleted_mixed bytes_read bytes_written "
        "transactions_done").split()
for r in csv.DictReader(open(sys.argv[1], newline="")):
    if sys.argv[2] in ("", r["label"]):
        print(" ".join(r[c] for c in cols))
PY
}
is "$(counts k.csv A)" "$(counts host.csv '')" \
    "the guest's counts equal a host run of the same config and seed"

pat="error: kernel $KIMAGE: kernel panic: *Kernel panic - not syncing*"
case $(get P status) in
$pat"; console: "*" | "*) r=0 ;;
*)	r=1; diag "$(get P status)" ;;
esac
ok $r "a panicking kernel: an error row naming it, with the console's lines"
is "$(get P kernel)" "$KRELEASE" "... and its release"
case $(get M status) in
"error: kernel $KIMAGE: module virtio_pci is neither built into $KRELEASE $(:
    )(modules.builtin) nor in $T/nomods"*) r=0 ;;
*)	r=1; diag "$(get M status)" ;;
esac
ok $r "a missing module: an error row naming the module and the kernel"
limit=$(sed -n 's/^compare.sh: time limit of a boot: \([0-9]*\) s .*/\1/p' \
    k.err)
is "$limit" 135 "the time limit is 120 s and 30 ms per operation (500)"
grep -q "^compare.sh: P: error: kernel $KIMAGE: kernel panic" k.err
ok $? "the panic is said when it happens, not at the time limit"
grep -q '^rows: 2 used (status ok), 2 skipped (status not ok: 2 error)' k.out
ok $? "the report counts the error rows"

# Past the time limit: a config that cannot end in 2 s.
printf 'set number 1000\nset transactions 100000000\n' >long.pm
TMPDIR=$T/tmp sh "$compare" kernels -n 1 --time-limit 2 --no-plot \
    -o "$T/l.csv" long.pm L="$KIMAGE:$KMODS" >l.out 2>l.err
is "$?" 1 "a boot past the time limit: exit 1"
is "$(first_status l.csv | sed 's/;.*//')" "error: kernel $KIMAGE: no $(:
    )record within the time limit of 2 s (QEMU stopped)" \
    "... an error row saying so"

is "$(ls -A "$T/tmp")" "" "no disk image or initramfs is left in TMPDIR"
pgrep -f -- "$T/tmp/" >/dev/null
is $? 1 "no QEMU is left running"

done_testing
