#!/bin/sh
# t6504: a Debian kernel, fetched with apt-get download and unpacked with
# dpkg-deb -x (never installed), boots under whatever accelerator there
# is (scripts/postmark_compare/pm_vm.py) and runs postmark: the row's kernel is
# the
# package's release, its counts equal a host run of the same config and
# seed, the VM's description reaches the record (and its host column:
# qemu-ACCEL@HOST, not Linux's "(none)"), and the disk image and
# the initramfs are gone.  A kernel that panics, a guest whose postmark
# fails, a module that is missing and a run past the time limit are each
# an error naming the kernel, in time, with nothing left behind.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_python
need_init
need_qemu
mkdir "$T/k" "$T/tmp" "$T/nomods"
fetch_kernel "$T/k"
diag "kernel: $KPKG ($KRELEASE)"

printf 'set number 200\nset transactions 1000\n' >"$T/small.pm"
printf 'set size 500 5000\nset seed 42\n' >>"$T/small.pm"
printf 'set size 5000 500\n' >"$T/bad.pm"
printf 'set number 1000\nset transactions 100000000\n' >"$T/long.pm"
cp "$KMODS/modules.builtin" "$T/nomods/"

# The boots, in one process as the kernels mode makes them (the KVM probe
# runs once): each result in $T/NAME.json.
TMPDIR=$T/tmp py - "$T" "$KIMAGE" "$KMODS" "$POSTMARK" <<'PY'
import json, sys
from postmark_compare import pm_vm
t, kernel, mods, postmark = sys.argv[1:]
boots = [
    ("good", mods, "small.pm", dict(label="debian-6.1", time_limit=300)),
    ("panic", mods, "small.pm", dict(time_limit=120, append="rdinit=/none"
                                     "xistent root=/dev/nonexistent")),
    ("badcfg", mods, "bad.pm", dict(time_limit=300)),
    ("nomods", t + "/nomods", "small.pm", dict(time_limit=300)),
    ("long", mods, "long.pm", dict(time_limit=2)),
]
for name, m, cfg, kw in boots:
    r = pm_vm.run_once(kernel, m, open(t + "/" + cfg).read(),
                       postmark=postmark, **kw)
    json.dump(r, open("%s/%s.json" % (t, name), "w"))
PY

# get NAME EXPR: a Python expression of the result r and its row d.
get() {
	py - "$T/$1.json" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
d = dict(zip(r["header"], r["rows"][0])) if r["rows"] else {}
print(eval(sys.argv[2]))
PY
}

is "$(get good 'r["ok"]'):$(get good 'r["error"]')" "True:None" \
    "the kernel boots and postmark runs in it"
is "$(get good 'd.get("kernel")')" "$KRELEASE" \
    "the row's kernel is the package's release"
is "$(get good 'd.get("label")'):$(get good 'd.get("status")')" \
    "debian-6.1:ok" "the row has the label and status ok"
is "$(get good 'r["release"]')" "$KRELEASE" \
    "the bzImage header gave the same release"

# The same config and seed on the host: the same operations.
mkdir "$T/host"
{ cat "$T/small.pm"; echo "set location $T/host"; echo "set report csv"
  echo "run $T/host.csv"; echo quit; } >"$T/host.in"
"$POSTMARK" "$T/host.in" >/dev/null 2>&1
cols='created created_alone created_mixed read appended deleted'
cols="$cols deleted_alone deleted_mixed bytes_read bytes_written"
cols="$cols transactions_done"
counts() {
	py - "$1" "$cols" <<'PY'
import csv, io, json, sys
text = open(sys.argv[1]).read()
if sys.argv[1].endswith(".json"):
    text = json.loads(text)["csv"]
rows = list(csv.DictReader(io.StringIO(text)))
print(" ".join(rows[0].get(c, "-") if rows else "-"
               for c in sys.argv[2].split()))
PY
}
is "$(counts "$T/good.json")" "$(counts "$T/host.csv")" \
    "its counts and bytes equal a host run of the same config and seed"

accel=$(get good 'r["vm"]["accel"]')
# Under TCG the default clock counts instructions, on one processor.
if [ "$accel" = tcg ]; then
	cpus=1 clock=" pm.clock=icount pm.icount_shift=0" want=icount:0
else
	cpus=2 clock=" pm.clock=host" want=host:
fi
case " $(get good 'd.get("kernel_cmdline")') " in
*" pm.accel=$accel pm.cpus=$cpus pm.memory_mib=1024 "*" pm.cache="*$(:
    )" pm.qemu="*"$clock "*)
	r=0 ;;
*)	r=1; diag "$(get good 'd.get("kernel_cmdline")')" ;;
esac
ok $r "the record's kernel_cmdline carries the VM's description ($accel)"
get good '"\n".join(r["console_tail"])' | grep -qx "pm_init: PM_VM_ACCEL=$accel"
ok $? "and postmark's environment has it as PM_VM_ACCEL=$accel"
is "$(get good 'd.get("host")')" "$(printf %s "qemu-$accel@$(uname -n)" |
    head -c 64)" "the record's host is the VM and the machine it ran on"
is "$(get good 'd.get("vm_clock")'):$(get good 'd.get("vm_icount_shift")')" \
    "$want" "and the record's vm_clock and vm_icount_shift ($want)"
if [ "$accel" = tcg ]; then
	case $(get good '" ".join(r["warnings"])') in
	*"QEMU emulates the processor (TCG)"*) r=0 ;;
	*) r=1 ;;
	esac
	ok $r "under TCG the result warns that the times are the emulator's"
else
	skip "the TCG warning" "KVM works here"
fi
is "$(get good 'd.get("devices")'):$(get good 'd.get("fs_types")')" \
    "vda:ext4" "postmark ran on the virtio disk's ext4"
diag "boot and run: $(get good 'r["seconds"]') s, postmark's own $(:
    )elapsed_s $(get good 'd.get("elapsed_s")') s, under $accel"

# A kernel that panics: no initramfs init and no root.
is "$(get panic 'r["ok"]')" False "a panicking kernel is a failure"
case $(get panic 'r["error"]') in
"kernel $KIMAGE: kernel panic: "*) r=0 ;;
*) r=1; diag "$(get panic 'r["error"]')" ;;
esac
ok $r "its error names the kernel and the panic, not the time limit"
get panic '"\n".join(r["console_tail"])' | grep -q 'Kernel panic'
ok $? "the result holds the console's last lines"
diag "panic after $(get panic 'r["seconds"]') s"

# postmark fails in the guest: its status and stderr come back framed.
case $(get badcfg 'r["error"]') in
"kernel $KIMAGE: guest: postmark exited with status 1; its stderr: "*"size"*)
	r=0 ;;
*)	r=1; diag "$(get badcfg 'r["error"]')" ;;
esac
ok $r "postmark's exit status and stderr from the guest are the error"

# A module that is not there: no boot, an error naming it.
is "$(get nomods 'r["error"]')" "kernel $KIMAGE: module virtio_pci is $(:
    )neither built into $KRELEASE (modules.builtin) nor in $T/nomods" \
    "a missing module is an error naming the module and the kernel"

# The time limit: a run that cannot end in 2 s is stopped.
is "$(get long 'r["error"]')" "kernel $KIMAGE: no record within the time $(:
    )limit of 2 s (QEMU stopped)" "a boot past its time limit is stopped"

# Nothing left behind by any of them.
is "$(ls -A "$T/tmp")" "" "nothing is left in TMPDIR"
pgrep -f -- "$T/tmp/" >/dev/null
is $? 1 "no QEMU is left running"

done_testing
