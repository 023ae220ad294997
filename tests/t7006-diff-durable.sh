#!/bin/sh
# t7006-diff-durable: no durability or cache setting changes the
# workload.  Generated configs (tests/diff/gen.list) run through the
# reference and through our postmark with, added to ours only:
#  - set sync fsync, set dirsync true, hooks (true) around the run and
#    the phases, and on the first config set cache cold when root (and
#    drop_caches writable: each drop writes back and empties the whole
#    machine's page cache, which one config shows as well as five);
#  - set sync dsync and set sync fdatasync with set dirsync true;
#  - set direct true on an ext4 image (root, loop device; both runs made
#    unbuffered with 4k blocks, the reference's on a tmpfs or in $T);
# stdout must match the reference's (timing masked: the counts, the
# progress and the report), the Data totals too, and our locations must
# be left empty.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/diff/difflib.sh"
. "$srcdir/tests/durability/durlib.sh"
need_reference

# Both runs on a tmpfs when root: fsync costs nothing there.
if [ "$(id -u)" -eq 0 ]; then
	mount_tmpfs "$T/ref" "size=256m,mode=0755"
	mount_tmpfs "$T/our" "size=256m,mode=0755"
fi

# spec NAME: the config of NAME in gen.list (its locations are relative
# to the directory of each run), with the verbose report.
spec() {
	awk -F '\t' -v n="$1" '$1 == n { print $NF ";set report verbose" }' \
	    "$srcdir/tests/diff/gen.list"
}

hooks='set hook before run true;set hook after creation true'
hooks="$hooks;set hook before transactions true;set hook after run true"
durable="set sync fsync;set dirsync true;$hooks"
cold=
if [ "$(id -u)" -eq 0 ] && [ -w /proc/sys/vm/drop_caches ]; then
	cold=";set cache cold"
else
	diag "set cache cold left out: not root, or drop_caches not writable"
fi
for n in g06 g08 g13 g22 g43; do
	dl_compare "$n-durable" "$(spec "$n")" "$durable$cold"
	cold=
done
dl_compare g42-dsync "$(spec g42)" "set sync dsync;set dirsync true"
dl_compare g28-fdatasync "$(spec g28)" "set sync fdatasync;set dirsync true"

if [ "$(id -u)" -ne 0 ]; then
	skip "direct: the same workload" "not root (needs an ext4 image)"
elif ! losetup -f >/dev/null 2>&1; then
	skip "direct: the same workload" "no free loop device"
else
	ext4_location "$T/ext4" 512
	raw='set buffering false;set read 4096;set write 4096'
	for n in g08 g13 g22 g43; do
		DL_OUR=$T/ext4 dl_compare "$n-direct" "$(spec "$n");$raw" \
		    "set direct true"
	done
fi

done_testing
