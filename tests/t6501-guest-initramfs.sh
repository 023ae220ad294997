#!/bin/sh
# t6501: the guest's initramfs (scripts/postmark_compare/pm_initramfs.py): a
# newc archive
# that GNU cpio lists, with /init static, postmark and the libraries ldd
# names for it (found by reading the ELF files, not by running them),
# the modules of the virtio disk and the file system from modules.dep,
# each after what it depends on, none that modules.builtin lists, and
# from the modules' own .modinfo where there is no modules.dep; the
# release from the bzImage header; the same bytes from the same inputs;
# and errors that name what is missing.  guest/pm_init refuses to run
# as anything but process 1.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_python
need_init

# A bzImage header: "HdrS" at 0x202, protocol 2.15, version string at
# 0x200 + 0x100.
py - "$T/bzImage" <<'PY'
import struct, sys
img = bytearray(0x1000)
img[0x202:0x206] = b"HdrS"
struct.pack_into("<H", img, 0x206, 0x020f)
struct.pack_into("<H", img, 0x20e, 0x100)
img[0x300:0x300 + 40] = b"9.9.9-pmtest (t6501@test) #1 SMP\0".ljust(40, b"\0")
open(sys.argv[1], "wb").write(img)
PY

# A modules tree with modules.dep: virtio_ring is gzip-compressed, ext4 is
# built in, xfs needs libcrc32c.
M=$T/lib/modules/9.9.9-pmtest
mkdir -p "$M"
cat >"$M/modules.dep" <<'DEP'
kernel/drivers/block/virtio_blk.ko: kernel/drivers/virtio/virtio_ring.ko.gz kernel/drivers/virtio/virtio.ko
kernel/drivers/virtio/virtio_pci.ko: kernel/drivers/virtio/virtio_pci_modern_dev.ko kernel/drivers/virtio/virtio_ring.ko.gz kernel/drivers/virtio/virtio.ko
kernel/drivers/virtio/virtio_pci_modern_dev.ko: kernel/drivers/virtio/virtio.ko
kernel/drivers/virtio/virtio.ko:
kernel/drivers/virtio/virtio_ring.ko.gz:
kernel/fs/xfs/xfs.ko: kernel/lib/libcrc32c.ko
kernel/lib/libcrc32c.ko:
DEP
echo kernel/fs/ext4/ext4.ko >"$M/modules.builtin"
for m in $(sed 's/:.*//' "$M/modules.dep"); do
	mkdir -p "$M/$(dirname "$m")"
	echo "module $(basename "$m")" >"$M/$m"
done
echo "module virtio_ring.ko" | gzip -n \
    >"$M/kernel/drivers/virtio/virtio_ring.ko.gz"
printf 'set number 50\nset transactions 100\n' >"$T/small.pm"

# build OUT FS [ARGS]: the initramfs and its --list.
build() {
	out=$1 fs=$2
	shift 2
	py -m postmark_compare.pm_initramfs --list -o "$T/$out" --fs "$fs" \
	    --postmark "$POSTMARK" --init "$PM_INIT" "$@" "$T/bzImage" \
	    "$T/small.pm" >"$T/$out.list" 2>"$T/$out.err"
}
# order LIST: the module names of a --list, in order.
order() {
	sed -n 's|^module .*/||p' "$1" | sed 's/\.ko.*//' | tr '\n' ' '
}
# before LIST A B: A comes before B in the list.
before() {
	awk -v a="$2" -v b="$3" '{ sub(/\.ko.*/, ""); sub(/.*\//, "") }
	    $0 == a { ia = NR } $0 == b { ib = NR }
	    END { exit !(ia && ib && ia < ib) }' "$1"
}

build ext4.cpio ext4 --modules-dir "$M" --label "k 1" \
    --mount-options noatime,commit=30
ok $? "the initramfs builds"
is "$(sed -n 's/^release //p' "$T/ext4.cpio.list")" 9.9.9-pmtest \
    "the release comes from the bzImage's version string"
is "$(order "$T/ext4.cpio.list" | tr ' ' '\n' | sort | tr '\n' ' ')" \
    "virtio virtio_blk virtio_pci virtio_pci_modern_dev virtio_ring " \
    "ext4: the virtio modules and their dependencies, not built-in ext4"
r=0
for pair in "virtio virtio_blk" "virtio_ring virtio_blk" \
    "virtio virtio_pci" "virtio_pci_modern_dev virtio_pci" \
    "virtio_ring virtio_pci" "virtio virtio_pci_modern_dev"; do
	before "$T/ext4.cpio.list" $pair || { r=1; diag "not $pair"; }
done
ok $r "every module comes after the modules it depends on"

build xfs.cpio xfs --modules-dir "$M"
ok $? "an xfs initramfs builds"
before "$T/xfs.cpio.list" libcrc32c xfs
ok $? "xfs: libcrc32c before xfs"

build btrfs.cpio btrfs --modules-dir "$M"
is "$?:$(cat "$T/btrfs.cpio.err")" "1:pm_initramfs.py: module btrfs is $(:
    )neither built into 9.9.9-pmtest (modules.builtin) nor in $M" \
    "a file system whose module is missing is an error naming it"
[ ! -e "$T/btrfs.cpio" ]
ok $? "and leaves no archive behind"

# The archive, as GNU cpio reads it.
if command -v cpio >/dev/null; then
	cpio -it --quiet <"$T/ext4.cpio" >"$T/names" 2>"$T/cpio.err"
	ok $? "GNU cpio reads the archive"
	r=0
	for f in init usr/bin/postmark pm/guest.conf pm/input pm/modules \
	    pm/mod/virtio_ring.ko dev/console; do
		grep -qx "$f" "$T/names" || { r=1; diag "no $f"; }
	done
	ok $r "it holds /init, postmark, the settings, the input, the modules"
	cpio -itv --quiet <"$T/ext4.cpio" | grep ' dev/console$' >"$T/con"
	case $(cat "$T/con") in
	crw-------*" 5, "*" 1 "*) r=0 ;;
	*) r=1; diag "$(cat "$T/con")" ;;
	esac
	ok $r "/dev/console is the character device 5,1"
	is "$(cd "$T" && cpio -i --quiet --to-stdout pm/mod/virtio_ring.ko \
	    <ext4.cpio)" "module virtio_ring.ko" \
	    "a gzip-compressed module is stored decompressed"
	is "$(cd "$T" && cpio -i --quiet --to-stdout pm/modules <ext4.cpio |
	    sed 's|.*/||; s/\.ko$//' | tr '\n' ' ')" \
	    "$(order "$T/ext4.cpio.list")" \
	    "pm/modules lists the modules in the order of --list"
	cpio -i --quiet --to-stdout pm/guest.conf <"$T/ext4.cpio" >"$T/conf"
	r=0
	for l in fstype=ext4 options=noatime,commit=30 device=/dev/vda \
	    port=/dev/ttyS1; do
		grep -qx "$l" "$T/conf" || { r=1; diag "no $l"; }
	done
	ok $r "guest.conf has the file system, options, disk and port"
	cpio -i --quiet --to-stdout pm/input <"$T/ext4.cpio" >"$T/input"
	is "$(cat "$T/input")" "set number 50
set transactions 100
set location /mnt/work
set label k 1
set report csv
run /pm/record.csv
quit" "the input is the config, then location, label, CSV, run and quit"

	# The libraries: those ldd names for our own (trusted) postmark.
	if command -v ldd >/dev/null; then
		ldd "$POSTMARK" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }
		    $1 ~ /^\// { print $1 }' | while read -r l; do
			readlink -f "$l"; done | sort >"$T/ldd"
		sed -n 's/^library //p' "$T/ext4.cpio.list" |
		    while read -r l; do readlink -f "$l"; done |
		    sort >"$T/ours"
		same_file "$T/ours" "$T/ldd" \
		    "the libraries are ldd's, found without running postmark"
		r=0
		for l in $(sed -n 's/^library //p' "$T/ext4.cpio.list"); do
			grep -qx "${l#/}" "$T/names" || { r=1; diag "no $l"; }
		done
		ok $r "each library is in the archive at the path it was found"
	else
		skip "libraries against ldd" "no ldd"
		skip "libraries in the archive" "no ldd"
	fi
else
	for i in 1 2 3 4 5 6 7 8 9; do skip "archive check $i" "no cpio"; done
fi

build again.cpio ext4 --modules-dir "$M" --label "k 1" \
    --mount-options noatime,commit=30
cmp -s "$T/ext4.cpio" "$T/again.cpio"
ok $? "the same inputs make the same bytes"

# Without modules.dep (a package unpacked, never installed): the .modinfo
# sections of real ELF objects.
N=$T/nodep/lib/modules/9.9.9-pmtest
mkdir -p "$N"
cp "$M/modules.builtin" "$N/"
mod() {
	printf '%s static const char m[] = "%s";\n' \
	    '__attribute__((section(".modinfo"), used))' "$2" >"$T/m.c"
	mkdir -p "$N/$(dirname "$1")"
	${CC:-cc} -c -o "$N/$1" "$T/m.c"
}
if mod kernel/virtio.ko 'license=GPL'; then
	mod kernel/virtio_ring.ko 'depends='
	mod kernel/virtio_pci_modern_dev.ko 'depends=virtio'
	mod kernel/virtio_pci.ko \
	    'depends=virtio_ring,virtio,virtio_pci_modern_dev'
	mod kernel/virtio_blk.ko 'depends=virtio,virtio_ring'
	mod kernel/xfs.ko 'depends=libcrc32c'
	mod kernel/libcrc32c.ko 'softdep=pre: crc32c'
	mod kernel/crc32c_generic.ko 'alias=crypto-crc32c'
	build nodep.cpio xfs --modules-dir "$N"
	ok $? "without modules.dep the initramfs builds from .modinfo"
	is "$(order "$T/nodep.cpio.list" | tr ' ' '\n' | sort | tr '\n' ' ')" \
	    "crc32c_generic libcrc32c virtio virtio_blk virtio_pci $(:
	    )virtio_pci_modern_dev virtio_ring xfs " \
	    "depends= and a softdep by alias (crc32c) give every module"
	r=0
	for pair in "virtio virtio_pci_modern_dev" \
	    "virtio_pci_modern_dev virtio_pci" "virtio_ring virtio_blk" \
	    "libcrc32c xfs" "crc32c_generic libcrc32c"; do
		before "$T/nodep.cpio.list" $pair || { r=1; diag "not $pair"; }
	done
	ok $r "each after its dependencies, the soft one first"
else
	skip_all "no C compiler for the .modinfo objects"
fi

# Errors.
build bad.cpio ext4 --modules-dir "$M" --init "$POSTMARK"
is "$?:$(cat "$T/bad.cpio.err")" "1:pm_initramfs.py: $POSTMARK: the $(:
    )guest's init must be linked statically (it has an interpreter)" \
    "a dynamically linked init is refused"
cp "$T/small.pm" "$T/notkernel"
py -m postmark_compare.pm_initramfs -o "$T/nk.cpio" --postmark "$POSTMARK" \
    --init "$PM_INIT" "$T/notkernel" "$T/small.pm" 2>"$T/nk.err"
is "$?:$(cat "$T/nk.err")" "1:pm_initramfs.py: $T/notkernel: not a $(:
    )bzImage (no 'HdrS' setup header at offset 0x202)" \
    "a file that is not a bzImage is refused, naming the rule"
"$PM_INIT" 2>"$T/init.err"
is "$?:$(cat "$T/init.err")" "2:pm_init: not process 1: refusing to run $(:
    )(it mounts, loads modules and powers the machine off)" \
    "pm_init refuses to run as anything but process 1"

done_testing
