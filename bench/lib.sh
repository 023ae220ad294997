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
#
# bench/lib.sh: sourced by the bench scripts.
#
# bench_scratch NAME: make a scratch directory $d (removed on exit) with an
# empty file system for the runs at $d/fs: a fresh 1 GiB tmpfs when root
# and mount(8) allows it (so that the disk does not dominate), else a plain
# directory.  $fs describes which, for the report.

bench_scratch() {
	d=$(mktemp -d "${TMPDIR:-/tmp}/pm-$1.XXXXXX") || exit 1
	mounted=
	trap 'cd /; [ -z "$mounted" ] || umount "$d/fs"; rm -rf "$d"' EXIT
	trap 'exit 130' INT TERM
	mkdir "$d/fs"
	fs="disk ($(df -PT "$d/fs" | awk 'NR == 2 { print $2 }'))"
	if [ "$(id -u)" -eq 0 ] &&
	    mount -t tmpfs -o size=1g,mode=0700 tmpfs "$d/fs" 2>/dev/null; then
		mounted=yes
		fs=tmpfs
	fi
}
