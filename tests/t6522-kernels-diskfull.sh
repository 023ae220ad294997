#!/bin/sh
# t6522-kernels-diskfull: a host file system that fills during a boot
# (the disk image is sparse and grows as the guest writes) is an error
# row that names it, when the guest's writes fail, not a guest paused
# until the time limit.  TMPDIR is a small tmpfs mounted here (root), so
# that the image cannot grow.  QEMU is a stand-in that does to the
# image what a guest's writes make QEMU do: it writes into it until the
# host file system is full; then, with -drive werror=report (QEMU's
# default is to stop the VM on ENOSPC, which it does here too: it waits
# until it is killed), the guest's kernel says "I/O error, dev vda" and
# the init says postmark's failure on the console and the record port
# (whose file cannot take it: the guest's error comes from the console).
# t6523 does the same with a real kernel and QEMU.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_python
need_init
[ "$(id -u)" -eq 0 ] || skip_all "mounting a small tmpfs needs root"

cd "$T" || exit 99
mkdir small mods bin
mount -t tmpfs -o size=24m pmtest "$T/small" ||
    skip_all "cannot mount a tmpfs on $T/small"
cleanup="umount '$T/small' 2>/dev/null; $cleanup"
fake_kernel "$T/vmlinuz" 6.1.0-98-test
printf 'kernel/%s.ko\n' virtio_pci virtio_blk ext4 >mods/modules.builtin
printf 'set number 10\nset transactions 20\n' >c.pm

cat >bin/qemu <<'PY'
import base64, os, sys, time, zlib
if sys.argv[1:] == ["--version"]:
    print("QEMU emulator version 7.2.99")
    sys.exit(0)


def opts(text):
    """A QEMU option list: ',,' is a comma in a value."""
    out = {}
    for w in text.replace(",,", "\0").split(","):
        k, eq, v = w.partition("=")
        out[k] = v.replace("\0", ",") if eq else "on"
    return out


a = sys.argv
drive = opts(a[a.index("-drive") + 1])
rec = [opts(a[i + 1]) for i, w in enumerate(a) if w == "-chardev" and
       a[i + 1].startswith("file,")][0]["path"]
fd = os.open(drive["file"], os.O_WRONLY)
off = 32 << 20
try:
    while True:
        os.pwrite(fd, b"\1" * 65536, off)
        off += 65536
except OSError as e:
    if drive.get("werror", "enospc") != "report":
        time.sleep(3600)            # the VM stopped: nothing more happens
print("[    5.000000] I/O error, dev vda, sector %d op 0x1:(WRITE) flags "
      "0x800 phys_seg 16 prio class 2" % (off // 512), flush=True)
# The init says its error on the console and sends it on the record
# port, whose file is on the full file system too (QEMU drops what it
# cannot write).
cause = b"postmark exited with status 1; its stderr: postmark: write: " \
    b"Input/output error"
print("pm_init: error: " + cause.decode(), flush=True)
try:
    with open(rec, "w") as f:
        f.write("@@PM-BEGIN v1 error %d %08x@@\n%s\n@@PM-END v1 error@@\n"
                % (len(cause), zlib.crc32(cause),
                   base64.b64encode(cause).decode()))
except OSError:
    pass
PY
printf '#!/bin/sh\nexec python3 "%s" "$@"\n' "$T/bin/qemu" \
    >bin/qemu-system-x86_64
chmod +x bin/qemu-system-x86_64

TMPDIR=$T/small $GUARD sh "$compare" kernels -n 1 --accel tcg --no-plot \
    --disk-size 64M --time-limit 60 -p "$POSTMARK" \
    --qemu "$T/bin/qemu-system-x86_64" -o "$T/k.csv" c.pm \
    a="$T/vmlinuz:$T/mods" >out 2>err
is "$?" 1 "a boot on a full host file system: exit 1"
st=$(first_status k.csv)
case $st in
"error: kernel $T/vmlinuz: the disk image's host file system is full $(:
    )(tmpfs mounted on $T/small has "*" bytes left: free some, or give $(:
    )TMPDIR another place); guest: postmark exited with status 1; "*$(:
    )"; console: [    5.000000] I/O error, dev vda, "*) r=0 ;;
*)	r=1; diag "$st" ;;
esac
ok $r "the error row names the full file system, then the guest's error"
is "$(ls -A small)" "" "the disk image is removed"

done_testing
