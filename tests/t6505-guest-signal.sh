#!/bin/sh
# t6505: SIGTERM or SIGINT (Ctrl-C) while a kernel boots stops QEMU and
# removes the disk image and the initramfs before
# scripts/postmark_compare/pm_vm.py
# exits with 128 + the signal; nothing is left in TMPDIR.  The signal is
# sent once the console shows the kernel running (read from a FIFO, no
# sleep); TCG is asked for, which every host has.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_python
need_init
need_qemu
mkdir "$T/k" "$T/tmp"
fetch_kernel "$T/k"
printf 'set number 1000\nset transactions 100000000\n' >"$T/long.pm"

# stop SIGNAL STATUS: boot, wait for the kernel's first line, send SIGNAL
# to the runner (exec'd, so that $! is python), expect STATUS.  The
# runner starts with Python's SIGINT handler, which a background job of
# a non-interactive shell would not have.
stop() {
	rm -f "$T/fifo"
	mkfifo "$T/fifo"
	(TMPDIR=$T/tmp PYTHONPATH=$srcdir/scripts PYTHONDONTWRITEBYTECODE=1 \
	    exec python3 -c 'import runpy, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)
sys.argv = sys.argv[1:]
runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)' \
	    postmark_compare.pm_vm -v --accel tcg --time-limit 300 \
	    --postmark "$POSTMARK" --init "$PM_INIT" "$T/long.pm" \
	    "$KIMAGE:$KMODS" 2>"$T/fifo" >/dev/null) &
	pid=$!
	exec 3<"$T/fifo"
	seen=no
	while IFS= read -r line <&3; do
		case $line in
		*"Linux version"*) seen=yes; break ;;
		esac
	done
	pgrep -f -- "$T/tmp/" >/dev/null
	running=$?
	kill -s "$1" "$pid"
	cat <&3 >"$T/rest"
	exec 3<&-
	wait "$pid"
	st=$?
	is "$seen:$running" yes:0 "$1: the kernel was running under QEMU"
	is "$st" "$2" "$1: pm_vm.py exits with $2"
	is "$(ls -A "$T/tmp")" "" "$1: the image and initramfs are removed"
	pgrep -f -- "$T/tmp/" >/dev/null
	is $? 1 "$1: QEMU is stopped"
}

stop TERM 143
stop INT 130

done_testing
