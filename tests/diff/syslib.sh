# tests/diff/syslib.sh: system-call comparison against the reference
# PostMark, sourced by tests/t31*.sh after tests/tap.sh.
#
# sl_compare NAME SPEC runs SPEC (as in difflib.sh, with the location
# names made absolute under $T/sys) through the reference and then through
# our postmark, both under `strace -f -y' in the same directory with the
# same absolute locations and the same stdout/stderr file names, and
# compares:
#
#   - the per-system-call counts of the I/O calls (open, openat, read,
#     write, lseek, close, unlink, unlinkat, mkdir, mkdirat, rmdir) whose
#     path argument or `-y' fd decoration lies inside a location;
#   - the exact sequence of those calls with their arguments, sizes, data
#     prefixes and results;
#   - every system call of any kind from the first creation of a file or
#     directory in a location to the last call that touches a location
#     (the creation phase to the deletion phase),
#     memory management excepted (brk, mmap, munmap, mremap, madvise:
#     they follow heap layout, not the workload, and are listed apart),
#     including the progress writes to fd 1, and the samples of where
#     the time goes taken between two phases (src/pm_usage.c: getrusage
#     and the reads of /proc/vmstat and /proc/diskstats, listed apart);
#   - the number of writes to fd 1 in that window (progress dots).
#
# Normalised before comparison: the pid column, fd numbers from 3 up
# (`3</path>' becomes `FD</path>'; 0-2 stay), the padding before ` = ',
# and `|O_EXCL' in open flags (we create with O_EXCL on purpose:
# compat-policy.md, "Never touch what is not ours"); our calls relative to
# directory handles are written as paths first (handles.awk).

SL_IO='open openat read write lseek close unlink unlinkat mkdir mkdirat rmdir'
SL_MEM='brk|mmap|munmap|mremap|madvise'
SL_SAMPLE='^getrusage\(|/proc/vmstat|/proc/diskstats'

# sl_need_strace: skip the whole script unless strace is there and works.
sl_need_strace() {
	if [ -z "${STRACE:-}" ] || [ ! -x "$STRACE" ]; then
		skip_all "strace not installed (apt-get install strace)"
	fi
	if ! "$STRACE" -f -o /dev/null true >/dev/null 2>&1; then
		skip_all "strace cannot trace here (ptrace not permitted)"
	fi
	skip_sanitized "ASan adds system calls, LSan fails under strace"
}

# sl_run BIN TAG NAME: run BIN on NAME.cfg in $T/sys under strace; the
# trace goes to $T/sys/NAME.TAG.trace, stdout and stderr to
# $T/sys/NAME.TAG.out and .err (written as $T/sys/out and err, the same
# paths for both binaries, so that fd 1 and 2 decorate alike).
sl_run() {
	(cd "$T/sys" && exec $GUARD "$STRACE" -f -y -qq \
	    -o "$T/sys/trace" "$1" "$3.cfg" </dev/null >"$T/sys/out" \
	    2>"$T/sys/err")
	echo $? >"$T/sys/$3.$2.rc"
	mv "$T/sys/trace" "$T/sys/$3.$2.trace"
	mv "$T/sys/out" "$T/sys/$3.$2.out"
	mv "$T/sys/err" "$T/sys/$3.$2.err"
}

# sl_norm: normalise a raw trace (see above), one call a line: our
# handle-relative calls become PostMark's path-based ones
# (tests/diff/handles.awk; the reference's trace has none to rewrite).
sl_norm() {
	sed -E -e 's/^[0-9]+ +//' -e '/^(\+\+\+|---) /d' |
	    awk -f "$srcdir/tests/diff/pathof.awk" \
		-f "$srcdir/tests/diff/handles.awk" |
	    sed -E -e 's/AT_FDCWD<[^>]*>/AT_FDCWD/g' \
		-e 's/([(, =])([3-9]|[1-9][0-9]+)</\1FD</g' \
		-e 's/\|O_EXCL//g' -e 's/\) +=( |$)/) =\1/'
}

# sl_inloc ROOT: keep the lines that touch a location (below ROOT, as a
# path argument or an fd decoration).
sl_inloc() {
	grep -F -e "\"$1/" -e "\"$1\"" -e "<$1/" -e "<$1>"
}

# sl_io: keep the I/O calls listed in SL_IO.
sl_io() {
	grep -E "^($(echo $SL_IO | tr ' ' '|'))\("
}

# sl_window ROOT: every line from the first file or directory creation
# below ROOT (the creation phase starts) to the last line that touches
# ROOT (the deletion phase ends).
sl_window() {
	SL_ROOT=$1 awk 'BEGIN { r = ENVIRON["SL_ROOT"] }
	    { l[NR] = $0 }
	    index($0, "\"" r "/") || index($0, "<" r "/") ||
	    index($0, "\"" r "\"") || index($0, "<" r ">") {
		if (!first && ($0 ~ /^mkdir/ || $0 ~ /O_CREAT/)) first = NR
		last = NR }
	    END { for (i = first; first && i <= last; i++) print l[i] }'
}

# sl_counts: `call count' per system call name, sorted by name.
sl_counts() {
	sed -E 's/\(.*//' | sort | uniq -c | awk '{ print $2, $1 }'
}

# sl_table REF OURS: a `strace -c'-like side-by-side table of two
# sl_counts outputs, for diagnostics.
sl_table() {
	printf '%-12s %10s %10s\n' syscall reference ours
	join -a 1 -a 2 -e 0 -o 0,1.2,2.2 "$1" "$2" |
	    awk '{ printf "%-12s %10d %10d\n", $1, $2, $3; r += $2; o += $3 }
		END { printf "%-12s %10d %10d\n", "total", r, o }'
}

# sl_compare NAME SPEC: trace both binaries on SPEC and emit the checks.
sl_compare() {
	sl_d=$T/sys
	rm -rf "$sl_d/loc"
	mkdir -p "$sl_d/loc"
	printf '%s\n' "$2" | tr ';' '\n' |
	    sed -E "s#^set location (\\+?)#set location \\1$sl_d/loc/#" \
	    >"$sl_d/$1.cfg"
	printf 'run\nquit\n' >>"$sl_d/$1.cfg"
	dl_locations "$sl_d/$1.cfg" | while read -r sl_loc; do
		mkdir -p "$sl_loc"
	done

	sl_run "$REFERENCE_POSTMARK" ref "$1"
	sl_left=$(find "$sl_d/loc" -mindepth 2 | head -5)
	is "$(cat "$sl_d/$1.ref.rc") $sl_left" "0 " \
	    "$1: reference ran and left its locations empty"
	sl_run "$POSTMARK" our "$1"
	sl_left=$(find "$sl_d/loc" -mindepth 2 | head -5)
	is "$(cat "$sl_d/$1.our.rc") $sl_left" "0 " \
	    "$1: our run exited 0 and left its locations empty"

	for sl_t in ref our; do
		sl_norm <"$sl_d/$1.$sl_t.trace" >"$sl_d/$1.$sl_t.norm"
		sl_inloc "$sl_d/loc" <"$sl_d/$1.$sl_t.norm" | sl_io \
		    >"$sl_d/$1.$sl_t.io"
		sl_counts <"$sl_d/$1.$sl_t.io" >"$sl_d/$1.$sl_t.count"
		sl_window "$sl_d/loc" <"$sl_d/$1.$sl_t.norm" \
		    >"$sl_d/$1.$sl_t.win"
		grep -Ev "^($SL_MEM)\(" "$sl_d/$1.$sl_t.win" |
		    grep -Ev "$SL_SAMPLE" >"$sl_d/$1.$sl_t.winx"
		grep -Ec "$SL_SAMPLE" "$sl_d/$1.$sl_t.win" \
		    >"$sl_d/$1.$sl_t.samples"
		grep -Ec "^($SL_MEM)\(" "$sl_d/$1.$sl_t.win" \
		    >"$sl_d/$1.$sl_t.mem"
		grep -Ec '^write\(1[<,]' "$sl_d/$1.$sl_t.winx" \
		    >"$sl_d/$1.$sl_t.dots"
	done

	same_file "$sl_d/$1.our.count" "$sl_d/$1.ref.count" \
	    "$1: per-syscall counts inside the locations"
	sl_table "$sl_d/$1.ref.count" "$sl_d/$1.our.count" |
	    sed "s/^/$1: /" | diag "$(cat)"
	same_file "$sl_d/$1.our.io" "$sl_d/$1.ref.io" \
	    "$1: sequence of I/O calls inside the locations"
	same_file "$sl_d/$1.our.winx" "$sl_d/$1.ref.winx" \
	    "$1: every system call from creation to deletion"
	is "$(cat "$sl_d/$1.our.dots")" "$(cat "$sl_d/$1.ref.dots")" \
	    "$1: writes to fd 1 from creation to deletion"
	diag "$1: memory calls in the window: reference $(cat \
	    "$sl_d/$1.ref.mem"), ours $(cat "$sl_d/$1.our.mem")" \
	    "$1: sampling calls between phases: ours $(cat \
	    "$sl_d/$1.our.samples")"
}
