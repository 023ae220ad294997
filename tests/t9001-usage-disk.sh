#!/bin/sh
# t9001: where the time went, disk side.  On an ext4 loop image with set
# sync fsync, the transaction phase records the device's writes and
# flushes, under its name, and the metadata names the device and the
# file system's features from its superblock (dir_index, or not when the
# image is made without it).  On a tmpfs the record has no device and
# says why, and the verbose report says so instead of inventing figures.
# Root only (loop devices, mounts).
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/explain/explainlib.sh"
need_tools
need_root "mount loop images and tmpfs"

CFG="set number 300;set transactions 1000;set size 500 10000;set seed 3"

ext4_image "$T/ext4"
mkdir "$T/ext4/w"
jrun ext4 "$CFG;set location $T/ext4/w;set sync fsync"
is "$rc" 0 "ext4, fsync: exit 0"
is "$(jq_last ext4 '.locations[0].device')" "$loopdev" \
    "the location's device is the loop device"
is "$(jq_last ext4 '[.phases.transactions.devices[] | select(.device == "'"$loopdev"'")] | length')" 1 \
    "the transaction phase has that device's figures"
ok "$(jq_last ext4 '.phases.transactions.devices[0] | if .writes > 0 and .written_bytes > 0 then 0 else 1 end')" \
    "the transaction phase wrote to the disk"
ok "$(jq_last ext4 '.phases.transactions.devices[0] | if .flushes > 0 then 0 else 1 end')" \
    "fsync sent flushes in the transaction phase"
ok "$(jq_last ext4 'if .phases.transactions.vmstat.nr_written > 0 then 0 else 1 end')" \
    "pages were written back (vmstat)"
case " $(jq_last ext4 '.locations[0].fs_features') " in
*" dir_index "*" extent "*) ok 0 "the superblock's features are read: dir_index, extent" ;;
*) ok 1 "the superblock's features are read: dir_index, extent"
   diag "$(jq_last ext4 '.locations[0].fs_features')" ;;
esac
is "$(errors "$T/ext4.err")" "" "nothing on stderr but warnings"

# The verbose report: a line per phase for the device, its bytes as a
# whole count under a kilobyte, else in PostMark's units.
printf '%s;set report verbose;run;quit\n' "$CFG;set location $T/ext4/w;set sync fsync" |
    tr ';' '\n' >"$T/ev.cfg"
pm_run ev
b='([0-9]+ bytes|[0-9]+\.[0-9][0-9] (kilo|mega)bytes)'
is "$(grep -cE "^		$loopdev: [0-9]+ reads \($b\), [0-9]+ writes \($b\), [0-9]+ flushes, busy [0-9]+\.[0-9][0-9] s$" \
    "$T/ev.out") $(grep -c "^		$loopdev:" "$T/ev.out")" "3 3" \
    "verbose: a device line per phase, sizes as counts or scaled"
grep -q '0\.000000' "$T/ev.out"
ok $((! $?)) "verbose: no byte count printed as 0.000000"

umount "$T/ext4" && losetup -d "/dev/$loopdev" 2>/dev/null
ext4_image "$T/linear" -O ^dir_index
mkdir "$T/linear/w"
jrun linear "$CFG;set location $T/linear/w"
case " $(jq_last linear '.locations[0].fs_features') " in
*" dir_index "*) ok 1 "an image without dir_index says so" ;;
*" extent "*) ok 0 "an image without dir_index says so" ;;
*) ok 1 "an image without dir_index says so"
   diag "$(jq_last linear '.locations[0].fs_features')" ;;
esac

mount_tmpfs "$T/tmp" size=64m
jrun tmpfs "$CFG;set location $T/tmp;set sync fsync"
is "$rc" 0 "tmpfs: exit 0"
is "$(jq_last tmpfs '.locations[0].device')" "null" "tmpfs: no device"
is "$(jq_last tmpfs '.locations[0].no_device')" "tmpfs has no block device" \
    "tmpfs: the record says why"
is "$(jq_last tmpfs '.phases.transactions.devices | length')" 0 \
    "tmpfs: no device figures, not zeros"
is "$(jq_last tmpfs '.phases.transactions.no_device[0]')" \
    "tmpfs has no block device" "tmpfs: the phase says why"
printf '%s;set report verbose;run;quit\n' "$CFG;set location $T/tmp" |
    tr ';' '\n' >"$T/v.cfg"
pm_run v
grep -q "tmpfs has no block device: no disk I/O to show" "$T/v.out"
ok $? "tmpfs: the verbose report says there is no disk I/O to show"
grep -q "^Where the time went:" "$T/v.out"
ok $? "the verbose report has its Where the time went section"
done_testing
