#!/bin/sh
# t6523-kernels-diskfull-boot: a host file system that fills during a
# real boot: TMPDIR is a small tmpfs mounted here (root), the guest (a
# Debian kernel fetched with apt-get download, never installed) mounts
# its disk with -o sync, so that postmark's writes reach the disk image
# at once and make it grow until the host file system is full.  QEMU
# then reports the error to the guest (werror=report) instead of
# stopping the VM until the time limit: the boot ends by the guest's own
# failure, and the error row names the full file system first.  t6522
# does the same in a moment with a stand-in for QEMU.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
[ "$(id -u)" -eq 0 ] || skip_all "mounting a small tmpfs needs root"
need_kernel
cd "$T" || exit 99

mkdir small
mount -t tmpfs -o size=24m pmtest "$T/small" ||
    skip_all "cannot mount a tmpfs on $T/small"
cleanup="umount '$T/small' 2>/dev/null; $cleanup"
# About 15 MB of files, where the image (8 MB after mkfs) and the
# initramfs (5 MB) leave about 10 MB.
printf 'set number 100\nset size 100000 200000\nset transactions 100\n' >c.pm

TMPDIR=$T/small sh "$compare" kernels -n 1 --no-plot --disk-size 256M \
    --mount-options sync --time-limit 900 -o "$T/k.csv" c.pm \
    A="$KIMAGE:$KMODS" >out 2>err
st=$?
is "$st" 1 "a boot on a full host file system: exit 1"
[ "$st" -eq 1 ] || diag "$(tail -n 20 err)"
status=$(first_status k.csv)
case $status in
"error: kernel $KIMAGE: the disk image's host file system is full $(:
    )(tmpfs mounted on $T/small has "*" bytes left: free some, or give $(:
    )TMPDIR another place); "*) r=0 ;;
*)	r=1 ;;
esac
ok $r "the error row names the full file system"
case $status in
*"time limit"*)	r=1 ;;
*)		r=0 ;;
esac
ok $r "... and the boot ended by the guest's failure, not the time limit"
[ $r -eq 0 ] || diag "$status"
case $status in
*"I/O error"*"dev vda"*) r=0 ;;
*)	r=1 ;;
esac
ok $r "... whose kernel saw I/O errors on its disk"
is "$(ls -A small)" "" "the disk image and the initramfs are removed"
pgrep -f -- "$T/small/" >/dev/null
is $? 1 "QEMU is stopped"

done_testing
