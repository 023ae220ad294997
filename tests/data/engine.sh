# tests/data/engine.sh: helpers for the engine tests (t1xxx), sourced after
# tests/tap.sh.
#
# ENGINE names the tests/pm_enginetest driver.  work_dir NAME [SIZE] makes
# $T/NAME and, when we are root and mount(8) allows it, mounts a tmpfs of
# SIZE (default 512m) on it: runs are then fast and independent of the
# disk under $TMPDIR.  The trap of tap.sh unmounts it.  $W is the
# directory; $W_TMPFS is 1 when it is a tmpfs of our own.

ENGINE="${builddir:?}/tests/pm_enginetest"
need_built "$ENGINE"

work_dir() {
	W="$T/$1"
	W_TMPFS=0
	mkdir "$W" || exit 99
	if [ "$(id -u)" -eq 0 ] &&
	    mount -t tmpfs -o "size=${2:-512m},mode=0755" pmtest "$W" \
	    2>/dev/null; then
		W_TMPFS=1
		cleanup="umount '$W' 2>/dev/null; $cleanup"
	fi
}

# is_empty DIR DESC: pass when DIR holds nothing; list what is left if not.
is_empty() {
	left=$(ls -A "$1")
	is "$left" "" "$2"
}
