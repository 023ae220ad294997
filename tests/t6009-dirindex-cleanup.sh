#!/bin/sh
# t6009-dirindex-cleanup: scripts/dirindex-demo.sh stops with a
# message when it cannot write its config, and leaves no mount, loop device
# or scratch directory behind when a signal arrives while a file system is
# attached to a loop device but not mounted, or just mounted: the moments
# between set-up and bookkeeping, reached through the script's test hook
# DIRINDEX_DEMO_PAUSE.  (SIGINT is not sent: a background job of a
# non-interactive shell ignores it and cannot trap it.)  Needs root, free
# loop devices, mkfs.ext4, losetup, mountpoint and tmpfs (skipped
# otherwise); t6004 checks the non-root exit.

. "$srcdir/tests/tap.sh"

demo="$srcdir/scripts/dirindex-demo.sh"

[ "$(id -u)" -eq 0 ] || skip_all "not root"
for t in mkfs.ext4 losetup mountpoint; do
	command -v "$t" >/dev/null 2>&1 || skip_all "$t not installed"
done
losetup -f >/dev/null 2>&1 || skip_all "no free loop device (losetup -f)"

# leftovers DIR: the mounts below DIR and the loop devices backed by files
# below DIR, one per line.
leftovers() {
	grep -F " $1/" /proc/mounts | cut -d' ' -f2
	losetup -a | grep -F "$1/"
}

# The demo's options: small and quick.
small="-n 1 --number 200 --transactions 400 --size-mb 32 --no-plot"

# A full tmpfs as TMPDIR: the scratch directory can be made, the config
# cannot be written.
mkdir "$T/full"
mount -t tmpfs -o size=4k tmpfs "$T/full" 2>/dev/null ||
    skip_all "cannot mount a tmpfs"
cleanup='umount "$T/full"'
dd if=/dev/zero of="$T/full/fill" bs=4096 count=4 2>/dev/null
TMPDIR=$T/full POSTMARK=$POSTMARK sh "$demo" $small -o "$T/demo.csv" \
    >/dev/null 2>"$T/err"
is "$?" 1 "the config cannot be written: exit 1"
grep -q "^dirindex-demo.sh: cannot write $T/full/dirindex\.[^/]*/classic\.pmrc$" \
    "$T/err"
st=$?
ok "$st" "... with a message naming it"
[ "$st" -eq 0 ] || diag "$(cat "$T/err")"
is "$(ls -A "$T/full")" fill "... and the scratch directory is removed"
is "$(leftovers "$T/full")" "" "... before anything was attached or mounted"
umount "$T/full"
cleanup=:

# signal SIG WHERE STATUS: run the demo with DIRINDEX_DEMO_PAUSE=WHERE;
# when it pauses, check that WHERE holds, send SIG, and check the exit
# STATUS and that nothing is left.
signal() {
	sig=$1 where=$2 want=$3
	fs=${where%%:*}
	mkdir "$T/tmp"
	# The last run's messages go first: the background shell truncates
	# $T/err only once it runs, and await must not find the last pause.
	rm -f "$T/err"
	DIRINDEX_DEMO_PAUSE=$where TMPDIR=$T/tmp POSTMARK=$POSTMARK \
	    $SIGDFL sh "$demo" $small -o "$T/demo.csv" \
	    >/dev/null 2>"$T/err" &
	pid=$!
	cleanup='kill -TERM "$pid" 2>/dev/null; wait "$pid"'
	await 'grep -q "test hook: paused" "$T/err"' "$pid"
	m=$(ls -d "$T"/tmp/dirindex.*/"$fs" 2>/dev/null)
	case $where in
	*:attached)
		[ -n "$m" ] && [ -n "$(losetup -j "$m.img")" ] &&
		    ! mountpoint -q "$m" ;;
	*:mounted)
		[ -n "$m" ] && mountpoint -q "$m" ;;
	esac
	st=$?
	ok "$st" "$sig at $where: the demo paused there"
	[ "$st" -eq 0 ] || diag "$(tail -5 "$T/err")" "m=$m" \
	    "$(find "$T/tmp" -maxdepth 2)" "$(grep " $T/tmp" /proc/mounts)"
	kill -"$sig" "$pid" 2>/dev/null
	wait "$pid"
	is "$?" "$want" "$sig at $where: exit $want"
	cleanup=:
	is "$(leftovers "$T/tmp")" "" "$sig at $where: no mount or loop device left"
	is "$(ls -A "$T/tmp")" "" "$sig at $where: the scratch directory is removed"
	rm -rf "$T/tmp"
}

signal TERM dir_index:attached 143
signal HUP no_dir_index:mounted 129

done_testing
