#!/bin/sh
# t6502: the fresh disk image of each boot
# (scripts/postmark_compare/pm_disk.py): two ext4
# images made with the same options are identical byte for byte (fixed
# UUID, directory-hash seed and mke2fs clock), the caller's options
# apply (-O ^dir_index) and its -E options join the fixed ones instead of
# replacing them, a failing mkfs is an error with its message, and sizes
# are checked.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_python
command -v mkfs.ext4 >/dev/null && command -v dumpe2fs >/dev/null ||
    skip_all "no mkfs.ext4 or dumpe2fs (apt-get install e2fsprogs)"

# disk PATH OPTIONS: make an ext4 image of 64 MiB; prints the command.
disk() {
	py - "$@" <<'PY'
import sys
from postmark_compare import pm_disk
try:
    print(pm_disk.make_disk(sys.argv[1], "ext4", sys.argv[2], 64 << 20))
except pm_disk.DiskError as e:
    print("error:", e)
PY
}
field() { dumpe2fs -h "$1" 2>/dev/null | sed -n "s/^$2: *//p"; }

disk "$T/a.img" "" >"$T/a.cmd"
disk "$T/b.img" "" >"$T/b.cmd"
cmp -s "$T/a.img" "$T/b.img"
ok $? "two ext4 images made the same way are identical"
is "$(field "$T/a.img" "Filesystem UUID")" \
    "$(py -c 'from postmark_compare import pm_disk
print(pm_disk.FS_UUID)')" "the UUID is fixed"
is "$(field "$T/a.img" "Directory Hash Seed")" \
    "$(py -c 'from postmark_compare import pm_disk
print(pm_disk.HASH_SEED)')" \
    "the directory-hash seed is fixed"
case " $(field "$T/a.img" "Filesystem features") " in
*" dir_index "*) r=0 ;;
*) r=1 ;;
esac
ok $r "the default image has dir_index"

disk "$T/c.img" "-O ^dir_index -E stride=4" >"$T/c.cmd"
disk "$T/d.img" "-O ^dir_index -Estride=4" >/dev/null
cmp -s "$T/c.img" "$T/d.img"
ok $? "with options too, the same options make the same image"
case " $(field "$T/c.img" "Filesystem features") " in
*" dir_index "*) r=1 ;;
*) r=0 ;;
esac
ok $r "-O ^dir_index applies"
is "$(field "$T/c.img" "RAID stride")" 4 "the caller's -E stride=4 applies"
is "$(field "$T/c.img" "Directory Hash Seed")" \
    "$(field "$T/a.img" "Directory Hash Seed")" \
    "and the fixed hash seed is still there (one -E, merged)"
is "$(cat "$T/c.cmd")" "mkfs.ext4 -q -F -U $(field "$T/a.img" \
    "Filesystem UUID") -E hash_seed=$(field "$T/a.img" \
    "Directory Hash Seed"),lazy_itable_init=0,lazy_journal_init=0,$(:
    )stride=4 -O '^dir_index' c.img" "the command says what was run"

is "$(disk "$T/e.img" "-O no_such_feature" |
    sed 's/(exit [0-9]*).*/(exit N)/')" \
    "error: mkfs.ext4 -q -F -U $(field "$T/a.img" "Filesystem UUID") -E $(:
    )hash_seed=$(field "$T/a.img" "Directory Hash Seed"),$(:
    )lazy_itable_init=0,lazy_journal_init=0 -O no_such_feature $T/e.img $(:
    )failed (exit N)" "a failing mkfs is an error naming the command"
disk "$T/a.img" "" | grep -q '^error: .*a.img: File exists'
ok $? "an existing image is never overwritten"

is "$(py -c 'from postmark_compare import pm_disk
print(pm_disk.parse_size("1G", "x"), pm_disk.parse_size("512m", "x"),
      pm_disk.parse_size("4096", "x"), pm_disk.parse_size("2KiB", "x"))')" \
    "1073741824 536870912 4096 2048" "sizes take K, M, G (1024-based)"
is "$(py -c 'from postmark_compare import pm_disk
for s in ("0", "1X", "-1G", ""):
    try:
        pm_disk.parse_size(s, "disk size")
    except ValueError as e:
        print(e)')" "disk size '0' is not a size (digits and K, M, G or T, more than 0)
disk size '1X' is not a size (digits and K, M, G or T, more than 0)
disk size '-1G' is not a size (digits and K, M, G or T, more than 0)
disk size '' is not a size (digits and K, M, G or T, more than 0)" \
    "a bad size is refused, naming the value and the rule"

done_testing
