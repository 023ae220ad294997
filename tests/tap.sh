# tests/tap.sh: a tiny TAP library sourced by every tests/tNNNN-*.sh.
#
# Provides: plan N, ok COND-STATUS DESC, is GOT WANT DESC, skip_all REASON,
# skip DESC REASON, skip_sanitized WHY, need_built FILE (a helper of this
# build, else an error), diag TEXT, done_testing, is_png
# FILE DESC and png FILE WIDTH HEIGHT DESC (plots),
# snapshot DIR (to check that a directory is left exactly as it was),
# await COND [PID] (wait for an event), own_tmpdir (a TMPDIR in $T for
# what the test starts), $GUARD (a hang guard), $SIGDFL
# (the default action for the signals a test sends) and spawn DIR PIDFILE
# COMMAND... (a program to signal, in the background).  Each script gets a
# scratch directory in $T (mktemp -d) that is removed on exit by a trap;
# scripts that need more cleanup set $cleanup to a command run first.
#
# A test waits for events, never for time: a line on stdout, a file made,
# a hook that ran.  What it waits for and every program it starts are
# bounded by PM_HANG seconds (default 300), which only a hang reaches:
# the wait then fails, the program is killed, and the test fails quickly.

set -u
: "${POSTMARK:?POSTMARK must name the postmark binary under test}"
: "${srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
export LC_ALL=C

# tap_memfs DIR: whether DIR is on a file system that keeps its files
# in memory (tmpfs, ramfs), not on a disk.
tap_memfs() {
	case $(stat -f -c %T "$1" 2>/dev/null) in
	tmpfs|ramfs) return 0 ;;
	esac
	return 1
}

# tap_scratch_parent: where $T is made.  A script whose subject is the
# disk (the page cache, writeback) sets scratch=disk before sourcing this
# file and gets the first of $PM_TEST_TMPDIR, $TMPDIR, /var/tmp and /tmp
# that is a writable directory on a disk's file system, whatever
# $PM_TEST_TMPDIR says; nothing when there is none (the script is then
# skipped).  Any other gets $PM_TEST_TMPDIR if set; else /dev/shm when it
# is a tmpfs with at least 1 GiB free, so that runs measure postmark and
# not the disk of the machine that builds it; else $TMPDIR, else /tmp.
tap_scratch_parent() {
	if [ "${scratch:-}" = disk ]; then
		for sp_d in "${PM_TEST_TMPDIR:-}" "${TMPDIR:-}" /var/tmp /tmp; do
			if [ -n "$sp_d" ] && [ -d "$sp_d" ] && [ -w "$sp_d" ] &&
			    ! tap_memfs "$sp_d"; then
				echo "$sp_d"
				return
			fi
		done
	elif [ -n "${PM_TEST_TMPDIR:-}" ]; then
		echo "$PM_TEST_TMPDIR"
	elif [ -d /dev/shm ] && [ -w /dev/shm ] &&
	    [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] &&
	    [ "$(df -Pk /dev/shm 2>/dev/null |
	    awk 'NR == 2 { print $4 }')" -ge 1048576 ] 2>/dev/null; then
		echo /dev/shm
	else
		echo "${TMPDIR:-/tmp}"
	fi
}

tap_n=0
tap_failed=0
cleanup=:

# PM_LIBEDIT: yes when postmark reads its prompt with libedit, which puts
# the terminal in raw mode once the prompt is printed (the pseudo-terminal
# drivers tests/shell/keys.py and tests/golden/ptyrun.py wait for it
# before they type).
if grep -q '^#define HAVE_LIBEDIT 1' "${builddir:-.}/config.h" 2>/dev/null
then
	PM_LIBEDIT=yes
else
	PM_LIBEDIT=no
fi
export PM_LIBEDIT

# The hang guard: PM_HANG seconds, then TERM, then KILL 10 s later.
# Prefix every program a test starts and waits for: exec $GUARD prog.
# The program stays in the test's process group (--foreground), so that
# a Ctrl-C typed at make check reaches it too.
PM_HANG=${PM_HANG:-300}
export PM_HANG
GUARD="timeout --foreground -k 10 $PM_HANG"

# SIGDFL: prefix of a program that a test signals (exec $SIGDFL prog):
# it starts with the default action for SIGHUP, SIGINT, SIGQUIT and
# SIGTERM, whatever the suite inherited (`make check &' ignores SIGINT
# and SIGQUIT, `nohup make check' SIGHUP) and whatever sh does to a
# background job (dash ignores SIGINT and SIGQUIT there).  postmark keeps
# an ignored signal ignored, as it should, so without it the test would
# wait for a stop that never comes.  need_sigdfl skips without it.
SIGDFL="env --default-signal=HUP,INT,QUIT,TERM"
need_sigdfl() {
	$SIGDFL true 2>/dev/null ||
	    skip_all "env --default-signal not supported (coreutils < 8.31)"
}

# await COND [PID]: wait until the shell command COND succeeds (an
# event: a line in a file, a file made), polling every 20 ms.  Fails
# when process PID ended without COND coming true, and after PM_HANG
# seconds (counted in polls, so a slow machine only waits longer).
await() {
	aw_n=0
	while ! eval "$1"; do
		if [ -n "${2:-}" ] && ! kill -0 "$2" 2>/dev/null; then
			eval "$1"
			return
		fi
		aw_n=$((aw_n + 1))
		[ "$aw_n" -le $((PM_HANG * 50)) ] || return 1
		sleep 0.02
	done
}

plan() { echo "1..$1"; }

diag() { printf '%s\n' "$@" | sed 's/^/# /'; }

# ok STATUS DESC: pass when STATUS is 0.
ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

# is GOT WANT DESC: pass when the two strings are equal; show both if not.
is() {
	tap_n=$((tap_n + 1))
	if [ "$1" = "$2" ]; then
		echo "ok $tap_n - $3"
	else
		echo "not ok $tap_n - $3"
		diag "got:  '$1'" "want: '$2'"
		tap_failed=$((tap_failed + 1))
	fi
}

# same_file GOT WANT DESC: pass when two files are identical; show a diff.
same_file() {
	tap_n=$((tap_n + 1))
	if cmp -s "$1" "$2"; then
		echo "ok $tap_n - $3"
	else
		echo "not ok $tap_n - $3"
		diff -u "$2" "$1" | head -40 | sed 's/^/# /'
		tap_failed=$((tap_failed + 1))
	fi
}

skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}

# skip_all REASON: skip the rest of the script; before any test the
# whole script is skipped, after some it is one skipped test and the end.
skip_all() {
	if [ "$tap_n" -gt 0 ]; then
		skip "the rest of the script" "$1"
		done_testing
	fi
	echo "1..0 # SKIP $1"
	exit 0
}

# need_built FILE: FILE, a program or library of this build that make
# check makes, is there; else the script is an error (Bail out!, exit
# 99), never a skip: a helper of ours that is missing is a broken build.
need_built() {
	[ -e "$1" ] && return 0
	echo "Bail out! $1 not built (make check builds it)"
	exit 99
}

# need_reference: skip the whole script when the reference binary is absent.
need_reference() {
	if [ -z "${REFERENCE_POSTMARK:-}" ] || [ ! -x "$REFERENCE_POSTMARK" ]; then
		skip_all "reference PostMark not installed (apt-get install postmark)"
	fi
}

# skip_sanitized WHY: skip the whole script in a build made with
# configure --enable-sanitizers, whose instrumentation WHY explains.
skip_sanitized() {
	if [ "${PM_SANITIZED:-0}" = 1 ]; then
		skip_all "sanitized build: $1"
	fi
}

# is_png FILE DESC: FILE starts with the PNG signature.
is_png() {
	is "$(od -An -tx1 -N8 "$1" 2>/dev/null | tr -d ' \n')" \
	    89504e470d0a1a0a "$2"
}

# png FILE WIDTH HEIGHT DESC: FILE is a PNG image of that size (the
# signature, then an IHDR chunk with the width and height).
png() {
	is "$(od -An -tx1 -N24 "$1" 2>/dev/null | tr -d ' \n')" \
	    "89504e470d0a1a0a0000000d49484452$(printf '%08x%08x' "$2" "$3")" \
	    "$4"
}

# spawn DIR PIDFILE COMMAND...: start COMMAND in DIR in the background,
# under the hang guard and with $SIGDFL (redirect the call as the
# command's).  Its process id goes to PIDFILE, to signal it there; $job
# is the guard's, whose status `wait "$job"' gives: the command's, or
# 124 when the guard stopped it.  A test that ends before the command
# stops it (spawn_stop, in $cleanup).
job=
spawn() {
	sp_dir=$1 sp_pid=$2
	shift 2
	rm -f "$sp_pid"
	(cd "$sp_dir" && exec $GUARD $SIGDFL \
	    sh -c 'echo $$ >"$0" && exec "$@"' "$sp_pid" "$@") &
	job=$!
	case $cleanup in
	*spawn_stop*) ;;
	*)	cleanup="spawn_stop; $cleanup" ;;
	esac
}

# spawn_stop: if the command of the last spawn still runs, stop it
# (SIGTERM through the guard, SIGCONT in case it was stopped) and wait
# for it.
spawn_stop() {
	if [ -n "$job" ] && kill -0 "$job" 2>/dev/null; then
		kill -TERM "$job"
		kill -CONT "$(cat "$sp_pid" 2>/dev/null)" 2>/dev/null
		wait "$job"
	fi
}

# snapshot DIR: every entry below DIR, a line each: a regular file's
# sha256, else its type.  A directory that holds more than
# PM_SNAPSHOT_MAX entries (default 20000) is one line that says so, and
# not read further: a run that left its files is a failure to report at
# once, not minutes of hashing.
snapshot() {
	sn_max=${PM_SNAPSHOT_MAX:-20000}
	sn_n=$(find "$1" -mindepth 1 2>/dev/null | head -n $((sn_max + 1)) |
	    wc -l)
	if [ "$sn_n" -gt "$sn_max" ]; then
		echo "snapshot: more than $sn_max entries below $1"
		return
	fi
	(cd "$1" && {
		find . -mindepth 1 -type f -exec sha256sum {} + |
		    sed 's/^\([0-9a-f]*\)  \(.*\)$/\2 \1/'
		find . -mindepth 1 ! -type f -exec stat -c '%n %F' {} +
	} | LC_ALL=C sort)
}

done_testing() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
	exit $?
}

# own_tmpdir: a TMPDIR of the test's own for what it starts, a directory
# of $T removed with it: Open MPI's mpirun leaves its session directories
# (ompi.HOST.UID) in TMPDIR, and a killed one its jobs' too.
own_tmpdir() {
	mkdir -p "$T/tmp" || exit 99
	TMPDIR=$T/tmp
	export TMPDIR
}

# errors FILE: what a run wrote to stderr (FILE), less its validity
# warnings (`postmark: warning: ...', man postmark, WARNINGS).
errors() {
	grep -v '^postmark: warning: ' "$1"
}

# The scratch directory, $T.
tap_parent=$(tap_scratch_parent)
[ -n "$tap_parent" ] || skip_all "no writable directory on a disk's file \
system (PM_TEST_TMPDIR, TMPDIR, /var/tmp and /tmp are in memory or missing)"
T=$(mktemp -d "$tap_parent/pmtest.XXXXXX") || exit 99
trap 'eval "$cleanup"; rm -rf "$T"' EXIT
trap 'exit 130' INT TERM
