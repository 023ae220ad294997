#!/bin/sh
# t7009-memory-warning: a location whose files are in memory whatever the
# run does is warned about, with advice that helps there.  The page-cache
# warning disappeared with set sync fsync on a tmpfs,
# although the run still measured memory, and it advised set sync fsync.
#  - a tmpfs: warned, naming the location and tmpfs, with and without set
#    sync fsync, set sync osync with set dirsync, set cache cold (root);
#    the advice is a disk's file system, never set sync or set cache, and
#    the page-cache warning (whose advice would not help) is not given;
#  - a disk and a tmpfs: the tmpfs named, the page-cache warning kept for
#    the disk;
#  - an ext4 image on a loop device whose file is on that tmpfs: the same,
#    naming the loop device and the image;
#  - a directory on a disk's file system: no such warning;
#  - the warning is in the CSV row and the JSON record too;
#  - the page-cache warning advises set cache cold only to root, who may
#    drop the cache.
scratch=disk	# $T/D, a location on a disk beside the tmpfs
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/explain/explainlib.sh"
need_tools
need_root "mount a tmpfs"

mount_tmpfs "$T/mem" "size=64m,mode=0755"
mkdir "$T/mem/L"
SMALL="set number 200;set transactions 200;set seed 6"
MEM="is on tmpfs, which keeps its files in memory: the run measures memory \
and the kernel's file-system code, not a disk, whatever set sync, set cache \
and set direct say. To measure a disk, put the location on a disk's file \
system"
POOL='the pool of about [0-9]+ MiB fits in the [0-9]+ MiB of free memory'

# warned NAME TEXT: the run NAME's stderr has `postmark: warning: TEXT'.
warned() {
	grep -Fqx "postmark: warning: $2" "$T/$1.err"
}

for extra in "" "set sync fsync" "set sync osync;set dirsync true" \
    "set cache cold"; do
	if [ "$extra" = "set cache cold" ] &&
	    [ ! -w /proc/sys/vm/drop_caches ]; then
		skip "tmpfs, $extra: warned" "drop_caches is not writable"
		skip "tmpfs, $extra: no page-cache warning" "the same"
		continue
	fi
	name=tmpfs-$(printf '%s' "$extra" | tr -c 'a-z0-9' '-')
	jrun "$name" "set location $T/mem/L;$SMALL;$extra"
	warned "$name" "location '$T/mem/L' $MEM"
	ok $? "tmpfs${extra:+, $extra}: warned, naming the location and tmpfs"
	grep -Eq "^postmark: warning: $POOL" "$T/$name.err"
	ok $((! $?)) "tmpfs${extra:+, $extra}: no page-cache warning"
done
ok "$(jq_last tmpfs- "[.warnings[] | test(\"is on tmpfs, which keeps\")] |
    any | if . then 0 else 1 end")" "tmpfs: the JSON record has the warning"
printf '%s;set report csv;run %s;quit\n' "set location $T/mem/L;$SMALL" \
    "$T/csv.csv" | tr ';' '\n' >"$T/csv.cfg"
pm_run csv
ok "$(python3 -c '
import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))[0]
sys.exit(0 if "is on tmpfs, which keeps its files" in r["warnings"] else 1)
' "$T/csv.csv"; echo $?)" "tmpfs: the CSV row has the warning"

# The second of two locations on tmpfs: named; the page-cache warning
# stays, for the first, on a disk ($T is on one).
mkdir "$T/D"
jrun two "set location $T/D;set location +$T/mem/L;$SMALL"
warned two "location '$T/mem/L' $MEM"
ok $? "a disk and a tmpfs: the tmpfs location named"
grep -q "^postmark: warning: location '$T/D'" "$T/two.err"
ok $((! $?)) "a disk and a tmpfs: the disk location not"
grep -Eq "^postmark: warning: $POOL" "$T/two.err"
ok $? "a disk and a tmpfs: the page-cache warning, for the disk"
jrun disk "set location $T/D;$SMALL"
grep -q "which keeps its files in memory" "$T/disk.err"
ok $((! $?)) "a disk's file system: no memory warning"

# The page-cache warning advises set cache cold only to whom may drop the
# cache: as an unprivileged user (nobody, in a location of its own on a
# disk) it says it needs root.
if command -v setpriv >/dev/null 2>&1; then
	postmark_for_all
	mkdir "$T/nobody" && chown 65534:65534 "$T/nobody" || exit 99
	printf '%s\nquit\n' "set location $T/nobody;$SMALL;run" | tr ';' '\n' \
	    >"$T/user.cfg"
	chmod 0644 "$T/user.cfg"
	PM_BIN=$T/bin/postmark pm_run user setpriv --reuid=65534 \
	    --regid=65534 --clear-groups env HOME="$T/nobody"
	grep -Eq "^postmark: warning: $POOL .* not the disk\. Set sync \
fsync, or make the pool larger than memory \(set cache cold needs root\)$" \
	    "$T/user.err"
	st=$?
	ok $st "unprivileged: the page-cache warning does not advise set cache \
cold, which needs root"
	[ $st -eq 0 ] || diag "$(cat "$T/user.err")"
	grep -Eq "^postmark: warning: $POOL .* Set sync fsync or set cache \
cold, or make the pool larger than memory$" "$T/disk.err"
	ok $? "root: the page-cache warning advises set cache cold"
else
	skip "unprivileged: no set cache cold advice" "no setpriv"
	skip "root: set cache cold advised" "no setpriv"
fi

# An ext4 image on a loop device, the image file on the tmpfs.
if command -v mkfs.ext4 >/dev/null 2>&1 && losetup -f >/dev/null 2>&1; then
	ext4_image "$T/mem/img"
	mkdir "$T/mem/img/L"
	jrun loop "set location $T/mem/img/L;$SMALL;set sync fsync"
	warned loop "location '$T/mem/img/L' is on $loopdev, an image file in \
tmpfs, which keeps its files in memory: the run measures memory and the \
kernel's file-system code, not a disk, whatever set sync, set cache and set \
direct say. To measure a disk, put the location on a disk's file system"
	st=$?
	ok $st "ext4 on a loop device on tmpfs: warned, naming the device"
	[ $st -eq 0 ] || diag "$(cat "$T/loop.err")"
else
	skip "ext4 on a loop device on tmpfs" "no mkfs.ext4 or loop device"
fi
done_testing
