#!/bin/sh
# t6521-kernels-leftovers: postmark-compare kernels leaves nothing that
# holds no row: interrupted (SIGINT) during its first boot, it leaves no
# -o file and no directory made for it, and with the default name no
# results directory; the CSV file is made with the first row.  The boot
# is of a kernel that QEMU starts in a moment and that then waits for
# good (tests/kernels/fake_kernel.py); with -v its console line comes on
# standard error, read here through a FIFO, and the signal goes when it
# does: QEMU is running, no row is written.  The waits are on that line,
# never on time.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_python
need_init
need_qemu
need_sigdfl

cd "$T" || exit 99
mkdir tmp mods run
export TMPDIR="$T/tmp"
fake_kernel "$T/vmlinuz" 6.1.0-98-test "fake kernel: waiting" "" hang
printf 'kernel/%s.ko\n' virtio_pci virtio_blk ext4 >mods/modules.builtin
printf 'set number 10\nset transactions 20\n' >c.pm

# interrupt ARGS...: kernels mode with ARGS in run/, SIGINT once the
# kernel's console line came; its exit status in $st.
interrupt() {
	rm -f fifo err
	mkfifo fifo
	(cd run && exec $SIGDFL sh "$compare" kernels -v -n 1 --accel tcg \
	    --no-plot --disk-size 64M -p "$POSTMARK" "$@" c.pm \
	    a="$T/vmlinuz:$T/mods" >../out 2>../fifo) &
	pid=$!
	seen=no
	while IFS= read -r line; do
		printf '%s\n' "$line" >>err
		case $line in
		*"fake kernel: waiting"*)
			[ $seen = no ] && kill -INT $pid
			seen=yes ;;
		esac
	done <fifo
	wait $pid
	st=$?
}

cp c.pm run/
interrupt -o "$T/new/k.csv"
is "$seen:$st" "yes:130" "SIGINT during the first boot: exit 130"
[ "$st" -eq 130 ] || diag "$(cat err)"
is "$(ls -A . | grep -v -e '^run$' -e '^tmp$' -e '^mods$' -e '^vmlinuz$' \
    -e '^c.pm$' -e '^err$' -e '^out$' -e '^fifo$')" "" \
    "no -o file and no directory for it"

interrupt
is "$seen:$st" "yes:130" "again, with the default file name: exit 130"
is "$(ls -A run)" "c.pm" "no results directory and no CSV file"
is "$(ls -A tmp)" "" "nothing left in TMPDIR"
pgrep -f -- "$T/tmp/" >/dev/null
is $? 1 "QEMU is stopped"

done_testing
