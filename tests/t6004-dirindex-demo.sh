#!/bin/sh
# t6004-dirindex-demo: scripts/dirindex-demo.sh with a tiny config (one
# iteration, 200 files, 400 transactions, 32 MB images): it runs both
# targets on ext4 (one with dir_index, one without), writes the CSV and the
# report, and leaves no mount, loop device or scratch directory behind;
# with --extra lines (set sync fsync, set dirsync true) and a
# --label-suffix the runs use those lines and labels, and the report says
# so.  Needs root, a free loop device and mkfs.ext4 (skipped otherwise);
# as a non-root user the script exits 77 with a clear message.  The usage
# errors of --extra and --label-suffix are checked by everyone.

. "$srcdir/tests/tap.sh"

demo="$srcdir/scripts/dirindex-demo.sh"

# usage DESC MESSAGE ARGS...: the demo with ARGS exits 2 with MESSAGE.
usage() {
	u_desc=$1 u_msg=$2
	shift 2
	sh "$demo" "$@" >/dev/null 2>"$T/err"
	is "$? $(head -1 "$T/err")" "2 dirindex-demo.sh: $u_msg" "$u_desc"
}
usage "--extra needs its line" "--extra needs a configuration line" \
    -n 1 --extra
usage "--extra takes one line" \
    "--extra: one line, without a line feed" --extra "set sync fsync
run"
usage "--label-suffix takes no slash" \
    "--label-suffix: 'a/b' is not letters, digits, '.', '_' and '-'" \
    --label-suffix a/b

if [ "$(id -u)" -ne 0 ]; then
	sh "$demo" -n 1 >"$T/out" 2>"$T/err"
	st=$?
	if [ "$st" -eq 77 ] && grep -q 'must run as root' "$T/err"; then
		skip "as root: the demo" \
		    "not root (dirindex-demo.sh exits 77 as it should)"
		done_testing
	fi
	ok 1 "as non-root: exit 77 and 'must run as root'"
	diag "exit $st" "$(cat "$T/err")"
	done_testing
fi
command -v mkfs.ext4 >/dev/null 2>&1 || skip_all "mkfs.ext4 not installed"
losetup -f >/dev/null 2>&1 || skip_all "no free loop device (losetup -f)"

mkdir "$T/tmp"
TMPDIR=$T/tmp POSTMARK=$POSTMARK sh "$demo" -n 1 --number 200 \
    --transactions 400 --size-mb 32 --no-plot -o "$T/demo.csv" \
    >"$T/out" 2>"$T/err"
st=$?
is "$st" 0 "the demo exits 0"
[ "$st" -eq 0 ] || diag "$(tail -20 "$T/err")"
# Columns 2, 3 and 9 of schema 1 (results/README.md) come before any
# quoted field.
is "$(awk -F, 'NR > 1 { printf("%s %s %s ", $2, $3, $9) }' "$T/demo.csv")" \
    "dir_index ok ext4 no_dir_index ok ext4 " \
    "one ok row per file system: label, status, fs_types"
grep -q '^200 files (set number)' "$T/demo.txt"
ok $? "the runs used --number 200"
grep -q '^postmark comparison: dir_index vs no_dir_index$' "$T/demo.txt"
ok $? "the report compares dir_index with no_dir_index"
grep -q 'no_dir_index: .*filetype' "$T/err" &&
    ! grep -q 'no_dir_index: .*dir_index' "$T/err" &&
    grep -q ' dir_index: .*dir_index' "$T/err"
ok $? "the images have and lack the dir_index feature (dumpe2fs)"
is "$(grep -c "$T/tmp" /proc/mounts)" 0 "nothing is left mounted"
is "$(ls -A "$T/tmp")" "" "the scratch directory is removed"

# --extra and --label-suffix: the lines reach postmark (the sync and
# dirsync columns, which the report's workload line shows) and the
# labels carry the suffix.
TMPDIR=$T/tmp POSTMARK=$POSTMARK sh "$demo" -n 1 --number 200 \
    --transactions 400 --size-mb 32 --no-plot -o "$T/sync.csv" \
    --extra 'set sync fsync' --extra 'set dirsync true' \
    --label-suffix -fsync >"$T/out" 2>"$T/err"
st=$?
is "$st" 0 "--extra, --label-suffix: the demo exits 0"
[ "$st" -eq 0 ] || diag "$(tail -20 "$T/err")"
is "$(awk -F, 'NR > 1 { printf("%s %s ", $2, $3) }' "$T/sync.csv")" \
    "dir_index-fsync ok no_dir_index-fsync ok " \
    "--label-suffix -fsync: the labels dir_index-fsync, no_dir_index-fsync"
grep -q '^workload: 400 transactions, .*, seed 42, sync fsync, dirsync$' \
    "$T/sync.txt"
st=$?
ok "$st" "--extra: the runs used set sync fsync and set dirsync true"
[ "$st" -eq 0 ] || diag "$(grep '^workload' "$T/sync.txt")"
is "$(ls -A "$T/tmp")" "" "--extra: the scratch directory is removed"

# Interrupted: TERM while postmark runs (its files are there) still
# unmounts and cleans up.
TMPDIR=$T/tmp POSTMARK=$POSTMARK $SIGDFL sh "$demo" -n 1 \
    --number 3000 --transactions 1000000 --size-mb 64 --no-plot \
    -o "$T/int.csv" >/dev/null 2>"$T/int.err" &
pid=$!
await 'grep -q "iteration 1" "$T/int.err" &&
    [ -n "$(find "$T/tmp" -type f -name "[0-9]*" 2>/dev/null | head -n 1)" ]' \
    "$pid" || diag "TERM: postmark never made its files"
kill -TERM "$pid"
wait "$pid"
is "$?" 143 "TERM: exit 143"
is "$(grep -c "$T/tmp" /proc/mounts)" 0 "TERM: nothing is left mounted"
is "$(ls -A "$T/tmp")" "" "TERM: the scratch directory is removed"

done_testing
