#!/bin/sh
# t4014: the suite's own library, tests/tap.sh, and its rules.
#  - snapshot lists a directory's entries with the sha256 of its files,
#    and reports a directory of more than PM_SNAPSHOT_MAX entries in one
#    line at once instead of hashing them;
#  - await waits for an event, and fails when the process it watches
#    ended first or after PM_HANG seconds;
#  - $SIGDFL gives a program the default action for SIGHUP, SIGINT,
#    SIGQUIT and SIGTERM, even from a background job of sh (where SIGINT
#    and SIGQUIT are ignored) in a suite started with all four ignored;
#  - spawn starts a program in the background, its pid in a file, its
#    status from wait "$job", stopped by spawn_stop;
#  - $T is where PM_TEST_TMPDIR says, but for a script of scratch=disk,
#    which gets a directory on a disk's file system whatever
#    PM_TEST_TMPDIR and TMPDIR say, or is skipped with a message when
#    there is none;
#  - no test bounds a program by a time of its own (timeout N, where only
#    $GUARD may be), and none reads $? right after ok, is and the other
#    checks (it is their own status, always 0: t0008's diagnostic of a
#    failed grep never printed).
. "$srcdir/tests/tap.sh"

# snapshot: files hashed, types of the rest, a change shows.
d=$T/snap
mkdir -p "$d/sub"
printf 'one\n' >"$d/a"
printf 'two\n' >"$d/sub/b"
ln -s a "$d/link"
is "$(snapshot "$d" | sed 's/ [0-9a-f]\{64\}$/ HASH/')" "./a HASH
./link symbolic link
./sub directory
./sub/b HASH" "snapshot: each entry, a file's hash, the others' type"
snapshot "$d" >"$T/snap.before"
printf 'three\n' >"$d/sub/b"
snapshot "$d" >"$T/snap.after"
cmp -s "$T/snap.before" "$T/snap.after"
ok $((! $?)) "snapshot: a file's new content shows"

# snapshot: many entries, one line.
mkdir "$T/many"
(cd "$T/many" && seq 1 150 | xargs touch)
is "$(PM_SNAPSHOT_MAX=100 snapshot "$T/many")" \
    "snapshot: more than 100 entries below $T/many" \
    "snapshot: more than PM_SNAPSHOT_MAX entries is one line"
is "$(PM_SNAPSHOT_MAX=150 snapshot "$T/many" | wc -l)" 150 \
    "snapshot: up to PM_SNAPSHOT_MAX entries are listed"

# await: an event, a process that ended first, the bound.
(touch "$T/event") &
await '[ -e "$T/event" ]'
ok $? "await: returns once the event happened"
wait
sh -c 'exit 0' &
gone=$!
wait "$gone"
await '[ -e "$T/never" ]' "$gone"
ok $((! $?)) "await: fails when the process watched ended without it"
PM_HANG=1 await false
ok $((! $?)) "await: fails after PM_HANG seconds"

# Where $T is: PM_TEST_TMPDIR, but a disk for scratch=disk.  probe
# [scratch=disk]: the file system type of the $T a script would get.
probe() {
	sh -c 'scratch=$1; . "$srcdir/tests/tap.sh"; stat -f -c %T "$T"' \
	    sh "${1:-}"
}
mkdir "$T/mem"
is "$(PM_TEST_TMPDIR=$T/mem TMPDIR=$T/mem probe | tr -d ' ')" \
    "$(stat -f -c %T "$T/mem" | tr -d ' ')" "\$T: in PM_TEST_TMPDIR"
if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ]; then
	fs=$(PM_TEST_TMPDIR=/dev/shm TMPDIR=/dev/shm probe disk)
	case $fs in
	tmpfs|ramfs|"") st=1 ;;
	*) st=0 ;;
	esac
	ok $st "scratch=disk: \$T on a disk ($fs) with PM_TEST_TMPDIR and \
TMPDIR on tmpfs"
else
	skip "scratch=disk: a disk, whatever PM_TEST_TMPDIR" "/dev/shm is not \
a tmpfs"
fi
# No disk at all: /tmp and /var/tmp under tmpfs in a mount namespace
# (tap.sh opened before, as the source tree may be in /tmp).
if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null 2>&1 &&
    unshare -m true 2>/dev/null; then
	out=$(PM_TEST_TMPDIR=/dev/shm TMPDIR=/dev/shm unshare -m sh -c '
		exec 3<"$srcdir/tests/tap.sh" &&
		mount --make-rprivate / &&
		mount -t tmpfs none /tmp && mount -t tmpfs none /var/tmp &&
		scratch=disk && . /dev/fd/3 && echo "T=$T"')
	is "$out" "1..0 # SKIP no writable directory on a disk's file system \
(PM_TEST_TMPDIR, TMPDIR, /var/tmp and /tmp are in memory or missing)" \
	    "scratch=disk without a disk: skipped, saying why"
else
	skip "scratch=disk without a disk" "needs root and unshare -m"
fi

# $SIGDFL: from a background job of sh, in a shell that ignores the
# four: bits 1 (HUP), 2 (INT), 3 (QUIT) and 15 (TERM) of SigIgn are 0x4007.
env --ignore-signal=HUP,INT,QUIT,TERM sh -c '
	$0 cat /proc/self/status >"$1" &
	wait' "$SIGDFL" "$T/status"
mask=$(awk '/^SigIgn:/ { print $2 }' "$T/status")
is "$(($(printf '0x%s' "${mask:-ffff}") & 0x4007))" 0 \
    "SIGDFL: SIGHUP, SIGINT, SIGQUIT and SIGTERM not ignored (SigIgn $mask)"
env --ignore-signal=HUP,INT,QUIT,TERM sh -c 'cat /proc/self/status &
	wait' >"$T/status"
mask=$(awk '/^SigIgn:/ { print $2 }' "$T/status")
is "$(($(printf '0x%s' "${mask:-0}") & 0x4007))" 16391 \
    "... which were ignored without it (SigIgn $mask)"

# spawn: pid file, status, spawn_stop.
spawn "$T" "$T/pid" sh -c 'echo $$ >"$1"; exit 3' sh "$T/self"
wait "$job"
is "$?" 3 "spawn: wait \$job gives the program's status"
is "$(cat "$T/pid")" "$(cat "$T/self")" "spawn: PIDFILE holds its pid"
spawn "$T" "$T/pid" sleep 300
await '[ -s "$T/pid" ]' "$job"
spawn_stop
kill -0 "$(cat "$T/pid")" 2>/dev/null
ok $((! $?)) "spawn_stop: the program is gone"

# The rules: no timeout of a test's own; no $? read after a check.
is "$(cd "$srcdir/tests" && grep -n '\<timeout [-0-9]' t[0-9]*.sh */*.sh)" \
    "" "no test bounds a program by a time of its own"
is "$(cd "$srcdir/tests" && for f in t[0-9]*.sh */*.sh; do
	awk -v f="$f" '
	# The command of the line before: a check, unless it goes on.
	/^[ \t]*(#|$)/ { next }
	c && /^[ \t]*([a-z_]+=|\[ |test |ok |is |case |exit |return )"?\$\?/ {
		print f ":" NR ": " $0 }
	!cont { c = $0 ~ "^[ \t]*(ok|is|same_file|skip|is_png|png|" \
	    "one_message|expect_fault|same_as_before|is_empty)[ \t]" }
	{ cont = $0 ~ /\\$/ }' "$f"
done)" "" "no test reads \$? right after a check"
done_testing
