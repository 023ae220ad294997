#!/bin/sh
# t6520-kernels-paths: the paths and messages between postmark-compare
# kernels and QEMU, with a kernel that QEMU boots in a moment (a few
# real-mode instructions: a console line, an error frame on the record
# port, then QEMU ends; tests/kernels/fake_kernel.py).  A comma in TMPDIR
# reaches QEMU whole in -drive file= and -chardev path= (QEMU's option
# lists end a value at a single comma): the boot runs, and the error
# frame comes back from the record port's file there (-kernel and
# -initrd take a comma as it is).  A kernel image whose path holds a ':'
# is given with --modules LABEL=DIR (the image is then taken whole).
# When QEMU refuses, its own message, which names the option and the
# path, is in the error; a guest that ends without a record and without
# a word on the console says so.  A CSV file cut short (its last line,
# or all of it within the header's start) is taken and cut off, as
# postmark does.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_python
need_init
need_qemu

cd "$T" || exit 99
mkdir tmp 'tmp,x' 'k:1,2' mods bin
export TMPDIR="$T/tmp"
fake_kernel "$T/k:1,2/vmlinuz" 6.1.0-98-test "fake kernel: up" \
    "fake kernel: the record port works"
printf 'kernel/%s.ko\n' virtio_pci virtio_blk ext4 >mods/modules.builtin
cp "k:1,2/vmlinuz" vmlinuz
printf 'set number 10\nset transactions 20\n' >c.pm

# kernels ARGS...: a boot of each target, under TCG, on a small disk.
kernels() {
	sh "$compare" kernels -n 1 --seed 1 --accel tcg --no-plot \
	    --disk-size 64M -p "$POSTMARK" "$@" >out 2>err </dev/null
}

TMPDIR="$T/tmp,x" kernels -o "$T/comma.csv" c.pm a="$T/vmlinuz:$T/mods"
is "$?:$(first_status comma.csv)" "1:error: kernel $T/vmlinuz: guest: fake $(:
    )kernel: the record port works; console: fake kernel: up" \
    "a comma in TMPDIR: QEMU takes the disk and the record port's file"
[ -s comma.csv ] || diag "$(cat err)"
is "$(ls -A 'tmp,x')" "" "... and nothing is left there"

kernels --modules "a=$T/mods" -o "$T/colon.csv" c.pm a="$T/k:1,2/vmlinuz"
is "$?:$(first_status colon.csv)" "1:error: kernel $T/k:1,2/vmlinuz: $(:
    )guest: fake kernel: the record port works; console: fake kernel: up" \
    "an image path with ':' and --modules LABEL=DIR: the image taken whole"
kernels --modules "a=" -o "$T/colon2.csv" c.pm a="$T/k:1,2/vmlinuz"
grep -q "^compare.sh: warning: no modules for 6.1.0-98-test" err
is "$?:$(first_status colon2.csv | sed 's/;.*//')" "0:error: kernel $(:
    )$T/k:1,2/vmlinuz: guest: fake kernel: the record port works" \
    "... and --modules LABEL= : the default modules directory"
kernels --modules "b=$T/mods" c.pm a="$T/k:1,2/vmlinuz"
is "$?:$(sed -n 1p err)" "2:compare.sh: --modules 'b=$T/mods': write $(:
    )LABEL=DIR, LABEL a target's label" "--modules of no target: a usage error"

# A CSV file whose last line a killed writer cut short: taken, as
# postmark takes it, and the cut line cut off under the lock with a
# note before the row is appended.
"$POSTMARK" --columns | awk -F '\t' 'NR > 1 { printf("%s%s", n++ ? "," : "", \
    $1) } END { print "" }' >cut.csv
printf '6,a,cut' >>cut.csv
kernels -o "$T/cut.csv" c.pm a="$T/vmlinuz:$T/mods"
grep -q "^compare.sh: $T/cut.csv: its last line was cut short (a writer $(:
    )that died while writing): cut back by 7 bytes to its last whole line$" err
ok $? "a CSV file ending in a cut line: cut off, saying so"
is "$(first_status cut.csv | sed 's/;.*//'):$(grep -c ',cut' cut.csv)" \
    "error: kernel $T/vmlinuz: guest: fake kernel: the record port works:0" \
    "... and the row follows the header whole"

# A file that holds only the start of the header (a writer killed in its
# first write): postmark takes it and cuts it off; so does this.
printf 'schema_version,lab' >start.csv
printf 'set report csv\nset number 10\nset transactions 20\nrun %s\n' \
    "$T/start.pm.csv" >start.pm
mkdir start.d
cp start.csv start.pm.csv
(cd start.d && "$POSTMARK" ../start.pm) >/dev/null 2>&1
is "$?:$(sed -n 1p start.pm.csv | cut -d, -f1-3)" \
    "0:schema_version,label,status" \
    "postmark takes a file holding the start of its header"
kernels -o "$T/start.csv" c.pm a="$T/vmlinuz:$T/mods"
grep -q "^compare.sh: $T/start.csv: its last line was cut short (a writer $(:
    )that died while writing): cut back by 18 bytes to its last whole line$" err
ok $? "... and so does the kernels mode, saying so"
is "$(sed -n 1p start.csv | cut -d, -f1-3):$(first_status start.csv | $(:
    )sed 's/;.*//')" "schema_version,label,status:error: kernel $T/vmlinuz: $(:
    )guest: fake kernel: the record port works" \
    "... the header, then the row"

# A kernel that writes nothing and gives no record.
fake_kernel "$T/silent" 6.1.0-98-test
kernels -o "$T/silent.csv" c.pm a="$T/silent:$T/mods"
is "$?:$(first_status silent.csv)" "1:error: kernel $T/silent: the $(:
    )guest powered off without a record (QEMU exited with status 0; $(:
    )nothing came on the console: the kernel did not start, or wrote $(:
    )nothing to ttyS0)" \
    "a guest that ends without a word: the error says so"

# A QEMU that refuses an option: its message (with the path) is the
# error's.
cat >bin/qemu-system-x86_64 <<'SH'
#!/bin/sh
[ "$1" = --version ] && { echo "QEMU emulator version 7.2.99"; exit 0; }
while [ $# -gt 0 ]; do
	[ "$1" = -drive ] && drive=$2
	shift
done
echo "qemu-system-x86_64: -drive $drive: Could not open 'x': Permission denied" >&2
exit 1
SH
chmod +x bin/qemu-system-x86_64
kernels --qemu "$T/bin/qemu-system-x86_64" -o "$T/refused.csv" c.pm \
    a="$T/vmlinuz:$T/mods"
case $(first_status refused.csv) in
"error: kernel $T/vmlinuz: QEMU exited with status 1: qemu-system-x86_64: $(:
    )-drive file=$T/tmp/"*"/disk.img,format=raw,"*": Could not open 'x': $(:
    )Permission denied; console: qemu-system-x86_64: "*) r=0 ;;
*)	r=1; diag "$(first_status refused.csv)" ;;
esac
ok $r "QEMU refuses: its message, naming the option and the path, is the error"
is "$(ls -A tmp)" "" "nothing is left in TMPDIR"

done_testing
