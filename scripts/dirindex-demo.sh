#!/bin/sh
#
# Copyright (c) 2026 The postmark developers.
#
# Permission to use, copy, modify, and distribute this software for any
# purpose with or without fee is hereby granted, provided that the above
# copyright notice and this permission notice appear in all copies.
#
# THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
# WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
# MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
# ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
# WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
# ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
# OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.

# dirindex-demo.sh: the dir_index experiment.  Creates two ext4 images in a
# scratch directory, one with the hashed directory index (dir_index) and one
# without (-O ^dir_index), loop-mounts them, runs PostMark's classic
# configuration (bench/classic.pm: 20000 files, 50000 transactions,
# 500-10000 bytes, seed 42), with the lines of --extra appended (set sync
# fsync, set cache cold ...), through compare.sh on both, and unmounts and
# removes everything, also when interrupted.  The CSV, the report and the
# plots are left where compare.sh puts them (results/ under the current
# directory, or -o FILE.csv).
#
# Needs root (mount), free loop devices, mkfs.ext4, losetup and mountpoint
# (util-linux), and the dependencies of compare.sh.  Exit status: 0
# success, 1 failure, 2 usage, 77 cannot run here (not root, no loop device
# or a missing tool: the test suite's "skip"), 129/130/143 hangup,
# interrupt, termination.
#
# Test hook: with DIRINDEX_DEMO_PAUSE=FS:attached or FS:mounted (FS is
# dir_index or no_dir_index) the script says "test hook: paused ..." on
# stderr and sleeps once that file system's loop device is attached or
# mounted, so that tests/t6009 can send a signal at that moment.

set -u

scriptdir=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd) || exit 1
. "$scriptdir/lib.sh"
classic=$scriptdir/../bench/classic.pm
scratch=
fslist=		# file systems set up, in part or whole: dir_index ...

# usage: print the usage on stdout.
usage() {
	cat <<EOF
usage: $prog [-n N] [--number N] [--transactions N] [--file-counts LIST]
           [--interval N|Nms] [--size-mb MB] [--extra LINE]...
           [--label-suffix TEXT] [-o FILE.csv] [-p POSTMARK] [--no-plot]

Runs postmark with the classic configuration, bench/classic.pm (20000
files, 50000 transactions, 500-10000 bytes, seed 42; --number and
--transactions change the first two), N times (default 3) on an ext4 file
system with dir_index and on one without, through compare.sh.
--file-counts "1000 2000 ..." sweeps the number of files; --interval 1000
records an interval series every 1000 files, from which the report draws
the create rate against the files alive (-growth).  Each --extra LINE is
appended to the configuration, after those options (for example --extra
'set sync fsync' --extra 'set dirsync true' --extra 'set cache cold');
--label-suffix TEXT (letters, digits, '.', '_', '-') is added to both
labels, dir_index and no_dir_index, and so to the name of the CSV
(--label-suffix -fsync: dir_index-fsync, no_dir_index-fsync).  The images
(default 1024 MB each, sparse) live in a temporary directory that is
removed at the end.  Must run as root.
EOF
}

# cannot MSG: this machine cannot run the demo; exit 77.
cannot() {
	printf '%s: %s; not run\n' "$prog" "$*" >&2
	exit 77
}

# cleanup: stop compare.sh; for each file system of $fslist unmount
# $scratch/FS if it is mounted and detach every loop device backed by
# $scratch/FS.img (losetup -j: also one that an interrupted losetup
# attached); remove the scratch directory, unless something in it is still
# mounted.  A file system of $fslist may be in any state of its set-up.
cleanup() {
	stop_child
	keep=
	for fs in $fslist; do
		m=$scratch/$fs
		if mountpoint -q -- "$m"; then
			umount -- "$m" 2>/dev/null ||
			    umount -l -- "$m" 2>/dev/null || {
				note "warning: cannot unmount $m"
				keep=1
			}
		fi
		for dev in $(losetup -j "$m.img" 2>/dev/null | cut -d: -f1); do
			losetup -d "$dev" 2>/dev/null ||
			    note "warning: cannot detach $dev ($m.img)"
		done
	done
	fslist=
	if [ -n "$keep" ]; then
		note "warning: left $scratch in place"
	elif [ -n "$scratch" ]; then
		rm -rf -- "$scratch"
	fi
	scratch=
}

catch_signals

# test_pause WHAT: the test hook (see the top of the file): sleep when
# $DIRINDEX_DEMO_PAUSE is $fs:WHAT, until a signal ends the script.
test_pause() {
	[ "${DIRINDEX_DEMO_PAUSE-}" = "$fs:$1" ] || return 0
	note "test hook: paused with $fs $1"
	sleep 60 &
	wait_child
}

# The options: ours are taken out, those for compare.sh go to the end of
# "$@" and stay there when the $n arguments given have been read.
iters=3
number=
transactions=
sizemb=1024
extra=		# the --extra lines, each followed by a line feed
suffix=
nl='
'
n=$#
while [ "$n" -gt 0 ]; do
	case $1 in
	--no-plot)
		set -- "$@" "$1"
		shift
		n=$((n - 1))
		continue ;;
	-h|--help)
		usage
		exit 0 ;;
	-n|--number|--transactions|--size-mb)
		need_arg "$n" "$1" "a value"
		need_posint "$1" "$2" ;;
	--file-counts|--interval|-o|-p)
		need_arg "$n" "$1" "a value"
		set -- "$@" "$1" "$2" ;;
	--extra)
		need_arg "$n" "$1" "a configuration line"
		case $2 in
		*"$nl"*)
			usage_error "--extra: one line, without a line feed" ;;
		esac
		extra=$extra$2$nl ;;
	--label-suffix)
		need_arg "$n" "$1" "a text"
		case $2 in
		''|*[!A-Za-z0-9._-]*)
			usage_error "--label-suffix: '$2' is not letters," \
			    "digits, '.', '_' and '-'" ;;
		esac
		suffix=$2 ;;
	*)	usage_error "unknown argument $1" ;;
	esac
	case $1 in
	-n)	iters=$2 ;;
	--number)
		number=$2 ;;
	--transactions)
		transactions=$2 ;;
	--size-mb)
		sizemb=$2 ;;
	esac
	shift 2
	n=$((n - 2))
done

[ -r "$classic" ] || die "$classic: missing (the source tree is incomplete)"
[ "$(id -u)" -eq 0 ] ||
    cannot "must run as root (it creates loop-mounted ext4 file systems)"
for t in mkfs.ext4 mount umount losetup mountpoint; do
	command -v "$t" >/dev/null 2>&1 || cannot "$t not found"
done
losetup -f >/dev/null 2>&1 || cannot "no free loop device (losetup -f)"

mkscratch scratch dirindex
case $scratch in
*[[:space:]]*)
	die "$scratch: postmark locations cannot contain blanks (set TMPDIR)" ;;
esac
note "scratch directory $scratch"

# The classic configuration, with --number, --transactions and the
# --extra lines last.
config=$scratch/classic.pmrc
{
	cat -- "$classic" &&
	    { [ -z "$number" ] || echo "set number $number"; } &&
	    { [ -z "$transactions" ] || echo "set transactions $transactions"; } &&
	    printf '%s' "$extra"
} >"$config" || die "cannot write $config"

# Each file system is in $fslist before its loop device is attached and
# before it is mounted: an interrupt at any moment leaves cleanup what to
# undo.
for fs in dir_index no_dir_index; do
	img=$scratch/$fs.img
	mnt=$scratch/$fs
	if [ "$fs" = dir_index ]; then
		feature=dir_index
	else
		feature=^dir_index
	fi
	dd if=/dev/zero of="$img" bs=1048576 count=0 seek="$sizemb" \
	    2>/dev/null || die "cannot create $img"
	# Initialise inode tables and journal now, so that no background
	# ext4lazyinit thread writes during the runs; one inode per 4 kB.
	mkfs.ext4 -q -F -O "$feature" -i 4096 \
	    -E lazy_itable_init=0,lazy_journal_init=0 "$img" ||
	    die "mkfs.ext4 $img failed"
	mkdir -- "$mnt" || exit 1
	fslist="$fslist $fs"
	dev=$(losetup -f --show -- "$img") ||
	    die "cannot attach $img to a loop device"
	test_pause attached
	mount -- "$dev" "$mnt" || die "cannot mount $img ($dev on $mnt)"
	test_pause mounted
	if command -v dumpe2fs >/dev/null 2>&1; then
		note "$fs: $(dumpe2fs -h "$img" 2>/dev/null |
		    sed -n 's/^Filesystem features: *//p')"
	fi
done

sh "$scriptdir/compare.sh" -n "$iters" "$@" "$config" \
    "dir_index$suffix=$scratch/dir_index" \
    "no_dir_index$suffix=$scratch/no_dir_index" &
wait_child
exit "$st"
