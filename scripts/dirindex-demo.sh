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
# configuration (20000 files, 50000 transactions, 500-10000 bytes, seed 42)
# through compare.sh on both, and unmounts and removes everything, also when
# interrupted.  The CSV, the report and the plots are left where compare.sh
# puts them (results/ under the current directory, or -o FILE.csv).
#
# Needs root (mount), a free loop device, mkfs.ext4, and the dependencies of
# compare.sh.  Exit status: 0 success, 1 failure, 2 usage, 77 cannot run
# here (not root, no loop device or no mkfs.ext4: the test suite's "skip"),
# 130/143 interrupted.

set -u

scriptdir=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd) || exit 1
# compare.sh's helpers (die, usage_error, note, posint, wait_child,
# stop_child) and its traps, which call the cleanup below.
compare_sh_sourced=1
. "$scriptdir/compare.sh"
prog=dirindex-demo.sh
scratch=
mounted=

usage() {
	cat <<EOF
usage: $prog [-n N] [--number N] [--transactions N] [--file-counts LIST]
           [--size-mb MB] [-o FILE.csv] [-p POSTMARK] [--no-plot]

Runs postmark (default: 20000 files, 50000 transactions, 500-10000 bytes,
seed 42) N times (default 3) on an ext4 file system with dir_index and on
one without, through compare.sh.  --file-counts "1000 2000 ..." sweeps the
number of files.  The images (default 1024 MB each, sparse) live in a
temporary directory that is removed at the end.  Must run as root.
EOF
}

# cannot MSG: this machine cannot run the demo; exit 77.
cannot() {
	printf '%s: %s; not run\n' "$prog" "$*" >&2
	exit 77
}

# cleanup: stop compare.sh, unmount both file systems, remove the scratch
# directory with the images.
cleanup() {
	stop_child
	for m in $mounted; do
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null ||
		    note "warning: cannot unmount $m"
	done
	mounted=
	[ -z "$scratch" ] || rm -rf -- "$scratch"
	scratch=
}

iters=3
number=20000
transactions=50000
sizemb=1024
set --  "$@" --end--
pass=
while [ "$1" != --end-- ]; do
	case $1 in
	-n|--number|--transactions|--size-mb|--file-counts|-o|-p)
		[ "$2" != --end-- ] || usage_error "$1 needs a value" ;;
	esac
	case $1 in
	-n)	iters=$2
		shift 2 ;;
	--number)
		number=$2
		shift 2 ;;
	--transactions)
		transactions=$2
		shift 2 ;;
	--size-mb)
		sizemb=$2
		shift 2 ;;
	--file-counts|-o|-p)
		set -- "$@" "$1" "$2"
		shift 2 ;;
	--no-plot)
		set -- "$@" "$1"
		shift ;;
	-h|--help)
		usage
		exit 0 ;;
	*)	usage_error "unknown argument $1" ;;
	esac
done
shift	# --end--; "$@" now holds the options passed on to compare.sh
for v in "$iters" "$number" "$transactions" "$sizemb"; do
	posint "$v" || usage_error "'$v' is not a positive integer"
done

[ "$(id -u)" -eq 0 ] ||
    cannot "must run as root (it creates loop-mounted ext4 file systems)"
for t in mkfs.ext4 mount umount losetup; do
	command -v "$t" >/dev/null 2>&1 || cannot "$t not found"
done
losetup -f >/dev/null 2>&1 || cannot "no free loop device (losetup -f)"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/dirindex.XXXXXX") ||
    die "cannot create a scratch directory"
case $scratch in
*[[:space:]]*)
	die "$scratch: postmark locations cannot contain blanks (set TMPDIR)" ;;
esac
note "scratch directory $scratch"
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
	mkdir "$mnt" || exit 1
	mount -o loop "$img" "$mnt" || die "cannot mount $img"
	mounted="$mounted $mnt"
	if command -v dumpe2fs >/dev/null 2>&1; then
		note "$fs: $(dumpe2fs -h "$img" 2>/dev/null |
		    sed -n 's/^Filesystem features: *//p')"
	fi
done

config=$scratch/classic.pmrc
cat >"$config" <<EOF
# PostMark's classic configuration (dir_index experiment).
set number $number
set transactions $transactions
set size 500 10000
set seed 42
EOF

sh "$scriptdir/compare.sh" -n "$iters" "$@" "$config" \
    dir_index="$scratch/dir_index" no_dir_index="$scratch/no_dir_index" &
wait_child
exit "$st"
