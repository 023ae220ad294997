#!/bin/sh
# t6015-compare-warnings: the validity warnings of scripts/compare.sh
#.  A label on tmpfs is warned about, in the report and on
# stderr, in report mode when other labels ran on another file system
# (not when it is alone), and in run mode always; the report lists the
# runs' own warnings (the `warnings` column), each kind once (the text
# with its quoted names, paths and figures masked), shown as first seen,
# with the number of runs that had it of all the report's and, unless
# every run had it, the labels of those runs.  A tmpfs warning that names
# each run's scratch directory was listed once per run, each "1 of 3
# runs"; the TCG warning of four kernels four times.
#
# The fixture tests/fixtures/compare-tmpfs.csv is postmark's own output
# (engine of commit d213fac): label mem, two runs (set
# iterations 2) of set number 300 and set transactions 300 on a tmpfs
# (/dev/shm), then label disk, two such runs on ext4.  The expected counts
# were read off its warnings column by hand: mem's runs both warn that the
# pool fits in memory and that the creation, transaction and deletion
# phases took under 100 ms; disk's both of the pool and of the deletion
# phase, one of the transaction phase.  Run mode needs a tmpfs: one
# mounted in $T as root, else /dev/shm when it is one (skipped otherwise).

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
cp "$srcdir/tests/fixtures/compare-tmpfs.csv" "$T/t.csv"
want="mem is on tmpfs: tmpfs measures memory, not a file system on a disk; its rates are the page cache's and compare with no disk file system's"

(cd "$T" && sh "$compare" report --no-plot -o r t.csv) >/dev/null 2>"$T/err"
is "$?" 0 "report on tmpfs and ext4 rows: exit 0"
grep -qxF "compare.sh: warning: $want" "$T/err"
ok $? "the tmpfs label is warned about on stderr"
grep -qxF "warning: $want" "$T/r.txt"
ok $? "... and in the text report"
grep -qxF "**Warning: $want**" "$T/r.md"
ok $? "... and in the Markdown report"
is "$(grep -c 'is on tmpfs' "$T/r.txt")" 1 "the ext4 label is not"

(cd "$T" && sh "$compare" report --no-plot -l mem -o m t.csv) >/dev/null \
    2>"$T/err"
is "$(grep -c 'is on tmpfs' "$T/err" "$T/m.txt" | sed 's/.*://' |
    tr '\n' ' ')" \
    "0 0 " "report mode, tmpfs alone: no warning (tmpfs against tmpfs)"

# The runs' own warnings, each kind once.
is "$(sed -n 's/^\* \([^:]*\): .*/\1/p' "$T/r.md" | tr '\n' '/')" \
    "4 of 4 runs/2 of 4 runs (mem)/3 of 4 runs (mem, disk 1 of 2)/4 of 4 runs/" \
    "the runs' warnings: each kind once, with its count and labels"
grep -qxF '* 3 of 4 runs (mem, disk 1 of 2): the transaction phase took 7 ms, under 100 ms: its rates are mostly timer and scheduling noise. Raise set transactions' \
    "$T/r.md"
ok $? "... shown as the first run gave it"
grep -qF '4 of 4 runs: the pool of about 2 MiB fits in the 22954 MiB' \
    "$T/r.txt"
ok $? "... numbers that differ between runs count as one kind"

# Three runs on a tmpfs, each warning with its own scratch directory,
# beside six on disks: one kind, "3 of 9 runs (mem)".
python3 - "$srcdir/tests/fixtures/compare-tmpfs.csv" "$T/scratch.csv" <<'EOF'
import csv
import sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
mem = [r for r in rows if r["label"] == "mem"]
disk = [r for r in rows if r["label"] == "disk"]
out = []
for i, name in enumerate(("Xa81Qz", "b0Ty7e", "mm2k9P")):
    w = ("location '/mnt/mem/compare.%s/run' is on tmpfs, which keeps its "
         "files in memory" % name)
    out.append(dict(mem[i % 2], iteration=str(i + 1), warnings=w))
for i in range(6):
    out.append(dict(disk[i % 2], iteration=str(i + 1), warnings=""))
with open(sys.argv[2], "w", newline="") as f:
    wr = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
    wr.writeheader()
    wr.writerows(out)
EOF
(cd "$T" && sh "$compare" report --no-plot -o s scratch.csv) >/dev/null \
    2>"$T/err"
is "$(grep -c 'is on tmpfs, which keeps' "$T/s.md")" 1 \
    "three runs' tmpfs warnings naming three scratch directories: one line"
grep -q "^\* 3 of 9 runs (mem): location '/mnt/mem/compare.Xa81Qz/run' is" \
    "$T/s.md"
ok $? "... counted 3 of 9 runs, of mem, as the first run gave it"

# Four kernels under TCG: the emulator's warning once.
cp "$srcdir/tests/fixtures/compare-vm.csv" "$T/vm.csv"
(cd "$T" && sh "$compare" report --no-plot -o vm vm.csv) >/dev/null \
    2>"$T/err"
is "$(grep -c 'QEMU emulated the processor (TCG)' "$T/vm.md")" 1 \
    "four kernels under TCG: the emulator's warning once"
grep -qxF '* 20 of 20 runs: QEMU emulated the processor (TCG): the times are the emulator'"'"'s, not the kernel'"'"'s, and only ratios between kernels on the same emulator mean something' \
    "$T/vm.md"
ok $? "... of all 20 runs"
grep -qxF 'compare.sh: the runs have validity warnings, listed in the report' \
    "$T/err"
ok $? "stderr says that the report lists them"
(cd "$T" && cp "$srcdir/tests/fixtures/compare-ab.csv" ab.csv &&
    sh "$compare" report --no-plot ab.csv) >/dev/null 2>"$T/err"
is "$(grep -c 'warnings' "$T/ab.txt" "$T/err" | sed 's/.*://' |
    tr '\n' ' ')" "0 0 " "rows without a warnings column: no section"

# Run mode: a tmpfs target is warned about even alone.
mnt=
if [ "$(id -u)" -eq 0 ] && mkdir "$T/mem" &&
    mount -t tmpfs -o size=64m tmpfs "$T/mem" 2>/dev/null; then
	cleanup='umount "$T/mem"'
	mnt=$T/mem
elif [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] &&
    mnt=$(mktemp -d /dev/shm/pmtest.XXXXXX); then
	cleanup='rm -rf "$mnt"'
fi
if [ -n "$mnt" ]; then
	printf 'set number 50\nset transactions 50\n' >"$T/small.pmrc"
	sh "$compare" -n 1 -p "$POSTMARK" --no-plot -o "$T/run.csv" \
	    "$T/small.pmrc" ram="$mnt" >/dev/null 2>"$T/err"
	is "$?" 0 "run mode on a tmpfs target: exit 0"
	grep -qxF "compare.sh: warning: ram is on tmpfs: tmpfs measures memory, not a file system on a disk; its rates are the page cache's and compare with no disk file system's" \
	    "$T/err"
	ok $? "... and the target is warned about"
	grep -q 'warning: ram is on tmpfs' "$T/run.txt"
	ok $? "... in the report too"
else
	skip "run mode on tmpfs" "no tmpfs to run on"
	skip "run mode on tmpfs" "no tmpfs to run on"
	skip "run mode on tmpfs" "no tmpfs to run on"
fi

done_testing
