#!/bin/sh
# set number 1000000 works: a 2,000,000-slot table (8 bytes a slot, its
# directory beside it), names up to seven digits, and the whole pool
# created and deleted.  With a fixed size of 1 byte every append is
# skipped, so appended is 0, bytes written = files created and bytes
# read = files read.  A million files need a fast file system and about
# 5 GB of memory (a page per file on a tmpfs): the test runs as root on a
# tmpfs of its own when enough memory is available, and is skipped
# otherwise.

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/data/engine.sh"

[ "$(id -u)" -eq 0 ] || skip_all "needs root to mount a tmpfs"
avail=$(awk '/^MemAvailable:/ { print int($2 / 1048576) }' /proc/meminfo \
    2>/dev/null)
[ "${avail:-0}" -ge 8 ] || skip_all "needs 8 GB of available memory"
W="$T/w"
mkdir "$W"
mount -t tmpfs -o size=6g,nr_inodes=1200000 pmtest "$W" 2>/dev/null ||
    skip_all "cannot mount a tmpfs"
cleanup="umount '$W' 2>/dev/null; $cleanup"

got=$(cd "$W" && "$ENGINE" number=1000000 size=1,1  \
    transactions=1000 buffering=false extra=1 2>&1)
ok $? "the run succeeds"
diag "$got"
printf '%s\n' "$got" | awk 'NR == 1 {
	ok = $1 == $6 && $2 == 1000000 && $5 == 0 && $9 == $4 &&
	    $10 == $1 && $11 == "ok"
	print ok ? "yes" : "no"
}' >"$T/check"
is "$(cat "$T/check")" yes \
    "1000000 created alone, all deleted, 0 appended, bytes = files"
is "$(printf '%s\n' "$got" | sed -n '2s/ .*//p')" 1000 \
    "all 1000 transactions done"
is_empty "$W" "nothing left behind"

done_testing
