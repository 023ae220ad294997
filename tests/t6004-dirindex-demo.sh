#!/bin/sh
# t6004-dirindex-demo: scripts/dirindex-demo.sh with a tiny config (one
# iteration, 200 files, 400 transactions, 32 MB images): it runs both
# targets on ext4 (one with dir_index, one without), writes the CSV and the
# report, and leaves no mount, loop device or scratch directory behind.
# Needs root, a free loop device and mkfs.ext4 (skipped otherwise); as a
# non-root user the script exits 77 with a clear message.

. "$srcdir/tests/tap.sh"

demo="$srcdir/scripts/dirindex-demo.sh"

if [ "$(id -u)" -ne 0 ]; then
	sh "$demo" -n 1 >"$T/out" 2>"$T/err"
	st=$?
	if [ "$st" -eq 77 ] && grep -q 'must run as root' "$T/err"; then
		skip_all "not root (dirindex-demo.sh exits 77 as it should)"
	fi
	echo "1..1"
	echo "not ok 1 - as non-root: exit 77 and 'must run as root'"
	diag "exit $st" "$(cat "$T/err")"
	exit 1
fi
command -v mkfs.ext4 >/dev/null 2>&1 || skip_all "mkfs.ext4 not installed"
losetup -f >/dev/null 2>&1 || skip_all "no free loop device (losetup -f)"
mkdir "$T/probe"
(cd "$T/probe" && printf 'set report csv\nrun\n' | "$POSTMARK") \
    >"$T/probe.out" 2>&1 && grep -q '^schema_version,' "$T/probe.out" ||
    skip_all "postmark cannot run with set report csv yet"
rm -rf "$T/probe"

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

# Interrupted: TERM while postmark runs still unmounts and cleans up.
TMPDIR=$T/tmp POSTMARK=$POSTMARK sh "$demo" -n 1 --number 3000 \
    --transactions 1000000 --size-mb 64 --no-plot -o "$T/int.csv" \
    >/dev/null 2>"$T/int.err" &
pid=$!
i=0
while [ "$i" -lt 30 ] && ! grep -q 'iteration 1' "$T/int.err"; do
	sleep 1
	i=$((i + 1))
done
sleep 1
kill -TERM "$pid"
wait "$pid"
is "$?" 143 "TERM: exit 143"
is "$(grep -c "$T/tmp" /proc/mounts)" 0 "TERM: nothing is left mounted"
is "$(ls -A "$T/tmp")" "" "TERM: the scratch directory is removed"

done_testing
