#!/bin/sh
# Real faults: I/O errors (EIO) from the kernel, on ext4 over loop devices.
# Device-mapper (dm-error, dm-flakey) is the usual tool but kernels may
# lack it; these two need only loop devices and ext4:
#
# shutdown  the file system is shut down (EXT4_IOC_SHUTDOWN, xfstests'
#           godown) before the run: every later operation on it fails with
#           EIO, so the first create does;
# device    the device under the file system fails: the location is an ext4
#           (no journal, mounted dirsync) in an image file on another ext4,
#           through a loop device; shutting down the outer file system makes
#           every read and write of that loop device fail with EIO, as
#           dm-error would.  dirsync makes a create write its directory
#           block at once, so the open that creates sees the error (file
#           data stays in the page cache and would only fail at writeback).
#           The device fails before the run, or during it once file 50
#           exists.
#
# Each run must stop with `postmark: -:N: OP PATH: Input/output error',
# exit 1 and write an `error:' row.  What is on the disk afterwards (the
# file systems mounted again) must be the location as it was before; after
# a failure during the run only the entries that were there before are
# checked, since files made before the failure may have reached the disk
# and cannot be removed from a dead device.  Needs root.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"

need_root "attach loop devices and mount ext4"
for c in losetup mkfs.ext4 truncate; do
	command -v $c >/dev/null 2>&1 || skip_all "$c not installed"
done
command -v xfs_io >/dev/null 2>&1 || command -v python3 >/dev/null 2>&1 ||
    skip_all "xfs_io or python3 is needed to shut down a file system"

# The loop devices and mounts live at a time, each recorded before it is
# made and torn down in reverse order by teardown (also from the trap):
# the inner (location) file system and its device, the outer ones.
m_in= d_in= m_out= d_out=
teardown() {
	if [ -n "$m_in" ]; then
		umount "$m_in" 2>/dev/null || umount -l "$m_in" 2>/dev/null
		m_in=
	fi
	[ -z "$d_in" ] || losetup -d "$d_in" 2>/dev/null
	d_in=
	if [ -n "$m_out" ]; then
		umount "$m_out" 2>/dev/null || umount -l "$m_out" 2>/dev/null
		m_out=
	fi
	[ -z "$d_out" ] || losetup -d "$d_out" 2>/dev/null
	d_out=
}
cleanup="teardown; $cleanup"

# attach IMAGE: attach IMAGE to a free loop device and print its name.
attach() {
	losetup -f --show "$1" 2>/dev/null
}

# shutdown DIR: shut down the file system of DIR (EXT4_IOC_SHUTDOWN, log
# flushed) with xfs_io, or with python3 where xfs_io is not installed.
shutdown() {
	if command -v xfs_io >/dev/null 2>&1; then
		xfs_io -x -c 'shutdown -f' "$1"
		return
	fi
	python3 - "$1" <<'PY'
import fcntl, os, struct, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.ioctl(fd, 0x8004587d, struct.pack("I", 1))
PY
}

# mkimage IMAGE MKFS-OPTIONS...: a fresh 32 MiB ext4 image.
mkimage() {
	mi_img=$1
	shift
	truncate -s 32m "$mi_img" && mkfs.ext4 -q -F "$@" "$mi_img" \
	    >/dev/null 2>&1
}

# stack NAME KIND: the location $L for KIND (shutdown or device), mounted,
# with entries of its own, written to the disk; $T/NAME.before its
# snapshot.  Fails with the reason in $why.
stack() {
	L=$T/$1.loc
	mkdir "$L" || exit 99
	why="mkfs.ext4 failed"
	if [ "$2" = device ]; then
		mkimage "$T/$1.outer.img" || return 1
		why="no free loop device"
		d_out=$(attach "$T/$1.outer.img") || return 1
		why="cannot mount ext4 on a loop device"
		m_out=$T/$1.outer
		mkdir "$m_out" && mount "$d_out" "$m_out" 2>/dev/null ||
		    return 1
		img=$m_out/inner.img
		why="mkfs.ext4 failed"
		mkimage "$img" -O ^has_journal || return 1
		opt=dirsync
	else
		img=$T/$1.img
		mkimage "$img" || return 1
		opt=defaults
	fi
	why="no free loop device"
	d_in=$(attach "$img") || return 1
	why="cannot mount ext4 on a loop device"
	m_in=$L
	mount -o $opt "$d_in" "$L" 2>/dev/null || return 1
	populate "$L"
	snapshot "$L" >"$T/$1.before"
	why="sync failed"
	sync -f "$L" && { [ -z "$m_out" ] || sync -f "$m_out"; }
}

# What the tests need, tried once: skip them all where it is missing.
stack probe shutdown || skip_all "$why"
shutdown "$L" >/dev/null 2>&1 ||
    skip_all "cannot shut down an ext4 file system (EXT4_IOC_SHUTDOWN)"
teardown

# recover NAME KIND: tear the stack down, attach and mount it again, and
# write the location's snapshot to $T/NAME.disk; then tear it down.
recover() {
	teardown
	if [ "$2" = device ]; then
		d_out=$(attach "$T/$1.outer.img") &&
		    m_out=$T/$1.outer && mount "$d_out" "$m_out" || return 1
		img=$m_out/inner.img
	else
		img=$T/$1.img
	fi
	d_in=$(attach "$img") && m_in=$L && mount -o ro "$d_in" "$L" ||
	    return 1
	snapshot "$L" >"$T/$1.disk" 2>/dev/null
	teardown
}

# eio NAME KIND WHEN OP PATH CONFIG: build the stack for KIND, make it
# fail (WHEN `before' the run, or `during' it, once file 50 exists, in an
# sK with subdirectories, postmark stopped meanwhile so that the failure
# lands in the creation phase), run CONFIG (set lines joined by `;', the
# location prepended); it must fail with OP on PATH (an ERE below the
# location) in the creation phase.
eio() {
	if ! stack "$1" "$2"; then
		teardown
		skip "$1" "$why"
		return
	fi
	pm_config "$1" "set location $L;set seed 42;$6"
	fault="the file system shut down"
	[ "$2" = shutdown ] || fault="the device failed"
	if [ "$3" = before ]; then
		shutdown "${m_out:-$L}"
		ok $? "$1: $fault before the run"
		pm_run "$1"
	else
		pm_start "$1"
		wait_for "$L/50" "$L/s0/50" "$L/s1/50" "$L/s2/50" "$L/s3/50"
		ok $? "$1: file 50 made while the run went on"
		pid=$(cat "$T/$1.pid")
		kill -STOP "$pid"
		still_in "$1" '^Creating files'
		ok $? "$1: stopped while creating files"
		shutdown "$m_out"
		ok $? "$1: $fault during the run"
		kill -CONT "$pid"
		pm_wait
	fi
	expect_fault "$1" "$4" "$(ere_quote "$L")/$5" 'Input/output error'
	is "$(phase_of "$T/$1.csv")" creation \
	    "$1: stopped in the creation phase"
	recover "$1" "$2"
	ok $? "$1: file systems mounted again after the failure"
	if [ "$3" = before ]; then
		same_file "$T/$1.disk" "$T/$1.before" \
		    "$1: location on the disk exactly as before"
	else
		sort "$T/$1.disk" >"$T/$1.disk.sorted"
		is "$(sort "$T/$1.before" | comm -23 - "$T/$1.disk.sorted")" \
		    "" "$1: the entries that were there before, as they were"
	fi
}

c='set size 500 10000;set number 20'
eio shutdown-buffered shutdown before open 1 "$c"
eio shutdown-raw shutdown before open 1 "$c;set buffering false"
eio shutdown-mkdir shutdown before mkdir s0 "$c;set subdirectories 3"
eio device-buffered device before open 1 "$c"
eio device-raw device before open 1 "$c;set buffering false"
c='set size 500 10000;set number 20000'
eio device-mid-raw device during open '[0-9]+' "$c;set buffering false"
eio device-mid-subdirs device during open 's[0-3]/[0-9]+' \
    "$c;set subdirectories 4"

done_testing
