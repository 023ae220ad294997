# tests/kernels/lib.sh: what the t65xx tests share, sourced after
# tests/tap.sh.  py runs python3 with scripts/ on its path (no bytecode
# written into the source tree); need_python, need_init and need_qemu
# skip the script without them; fetch_kernel DIR downloads the newest
# linux-image-6.1.0-N-cloud-amd64-unsigned that apt knows into DIR and
# unpacks it there with dpkg-deb -x, never installing it, and sets KPKG,
# KRELEASE (its uname -r), KIMAGE and KMODS; need_kernel, compare,
# fake_kernel, need_fake_kernel, host_rows and first_status serve the
# tests of the kernels mode (below).

PM_INIT=$builddir/guest/pm_init
FRAMETEST=$builddir/guest/pm_frametest
export PM_INIT

py() {
	PYTHONPATH=$srcdir/scripts PYTHONDONTWRITEBYTECODE=1 python3 "$@"
}

need_python() {
	command -v python3 >/dev/null || skip_all "no python3"
}

need_init() {
	[ -x "$PM_INIT" ] ||
	    skip_all "no guest/pm_init (configure found no static link)"
}

need_qemu() {
	command -v qemu-system-x86_64 >/dev/null ||
	    skip_all "no qemu-system-x86_64 (apt-get install qemu-system-x86)"
}

fetch_kernel() {
	for tool in apt-get apt-cache dpkg-deb; do
		command -v $tool >/dev/null ||
		    skip_all "no $tool: cannot fetch a Debian kernel"
	done
	KPKG=$(apt-cache search --names-only \
	    '^linux-image-6\.1\.0-[0-9]+-cloud-amd64-unsigned$' 2>/dev/null |
	    awk '{ print $1 }' | sort -V | tail -n 1)
	[ -n "$KPKG" ] || skip_all "apt knows no linux-image-6.1.0-N-cloud-$(:
	    )amd64-unsigned (run apt-get update)"
	if ! (cd "$1" && apt-get download -q "$KPKG") >"$1/download.log" 2>&1
	then
		skip_all "apt-get download $KPKG failed: $(tail -n 1 \
		    "$1/download.log")"
	fi
	dpkg-deb -x "$1"/*.deb "$1/x" || skip_all "dpkg-deb -x $KPKG failed"
	rm -f "$1"/*.deb
	KRELEASE=${KPKG#linux-image-}
	KRELEASE=${KRELEASE%-unsigned}
	KIMAGE=$1/x/boot/vmlinuz-$KRELEASE
	KMODS=$1/x/lib/modules/$KRELEASE
	[ -f "$KIMAGE" ] || skip_all "$KPKG has no boot/vmlinuz-$KRELEASE"
}

# The kernels mode (t6506-t6510): compare.sh and a kernel that is no
# kernel.
compare=$srcdir/scripts/compare.sh

# fake_kernel FILE RELEASE [CONSOLE [ERROR [hang]]]: a file that passes
# for a bzImage of RELEASE, and that QEMU boots in a moment into a few
# instructions: CONSOLE on the console, an error frame of ERROR on the
# record port, then QEMU ends (or, with hang, waits for good).  See
# tests/kernels/fake_kernel.py.
fake_kernel() {
	py "$srcdir/tests/kernels/fake_kernel.py" "$@"
}

# need_fake_kernel: what a test of the kernels mode that boots nothing
# needs: python3, $T as the current directory, $T/tmp as TMPDIR, and
# $T/vmlinuz, a fake kernel of release 6.1.0-99-test.
need_fake_kernel() {
	need_python
	cd "$T" || exit 99
	mkdir tmp || exit 99
	export TMPDIR="$T/tmp"
	fake_kernel "$T/vmlinuz" 6.1.0-99-test
}

# first_status FILE: the status column of the first row of the CSV file
# FILE.
first_status() {
	py - "$1" <<'PY'
import csv, sys
print([r["status"] for r in csv.DictReader(open(sys.argv[1], newline=""))][0])
PY
}

# host_rows FILE LABEL N CONFIG: N runs of CONFIG on the host, labelled
# LABEL, appended to the CSV file FILE (the test hook's rows).
host_rows() {
	rm -rf "$T/hostrun" && mkdir "$T/hostrun" || return 1
	{ cat "$4"; printf '%s\n' "set location $T/hostrun" "set label $2" \
	    "set iterations $3" "set report csv" "run $1" quit; } |
	    "$POSTMARK" >/dev/null 2>&1
}

# need_kernel: what a test that boots needs (python3, the init, QEMU), a
# fetched kernel (fetch_kernel into $T/k), $T/tmp for TMPDIR, and
# $T/nomods, a modules directory without the disk's modules.
need_kernel() {
	need_python
	need_init
	need_qemu
	mkdir "$T/k" "$T/tmp" "$T/nomods" || exit 99
	fetch_kernel "$T/k"
	diag "kernel: $KPKG ($KRELEASE)"
	cp "$KMODS/modules.builtin" "$T/nomods/"
}
