#!/bin/sh
# I/O errors stop the run instead of being counted as work done (PostMark
# ignored every write result and reported bytes it never wrote): a write
# beyond RLIMIT_FSIZE (EFBIG) and a full file system (ENOSPC, on a small
# tmpfs when root), buffered and unbuffered.  The cause names the
# operation and the path; the partly written file, which is ours, and
# everything else the run made are removed; exit status 1.

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/data/engine.sh"

# expect CASE DIR CAUSE: check the run that just wrote $T/out and $T/err;
# CAUSE is a case pattern.
expect() {
	is "$rc" 1 "$1: exit status 1"
	case $(cat "$T/err") in
	"pm_enginetest: "$3)
		ok 0 "$1: the cause" ;;
	*)
		ok 1 "$1: the cause"
		diag "got:  $(cat "$T/err")" "want: pm_enginetest: $3" ;;
	esac
	is "$(sed 's/.* //' "$T/out")" error "$1: status error"
	is "$(find "$2" -mindepth 1)" "" "$1: everything removed"
}

for b in true false; do
	D="$T/fsize$b"
	mkdir "$D"
	(
		cd "$D" || exit 99
		trap '' XFSZ
		ulimit -f 8 || exit 99
		exec "$ENGINE" number=5 size=20000,20000  \
		    buffering=$b subdirectories=2 >"$T/out" 2>"$T/err"
	)
	rc=$?
	expect "file size limit, buffering $b" "$D" \
	    "write s[01]/1: File too large"
done

work_dir full 64k
if [ "$W_TMPFS" -eq 1 ]; then
	for b in true false; do
		(cd "$W" && "$ENGINE" number=100 size=10000,10000 \
		     buffering=$b >"$T/out" 2>"$T/err")
		rc=$?
		expect "full file system, buffering $b" "$W" \
		    "write [1-9]*: No space left on device"
	done
else
	skip "full file system" "needs root to mount a small tmpfs"
fi

done_testing
