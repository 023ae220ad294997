#!/bin/sh
# t6507-kernels-rows: the kernels mode's rounds, rows and report, with
# the test hook COMPARE_KERNELS_ROWS standing for the boots (each boot of
# a label gives that label's next row of a CSV file that host runs
# wrote), so that no QEMU runs: -n rounds of
# every target, each round in the order that run mode draws from the
# same seed; one CSV file with one header and a row per boot; under TCG
# each run row carries the emulator warning, which the report lists;
# the report is run mode's, by label, and report --by kernel groups the
# rows by the kernel column; named --mkfs-options cross the kernels with
# the disks as labels LABEL-NAME; the time limit derived from the
# config; a boot that failed is an error row
# naming the kernel, the report counts it, the others go on, and the
# exit status is 1.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_fake_kernel
mkdir a b
printf 'set number 20\nset transactions 50\nset seed 7\n' >c.pm
for lab in a b; do host_rows "$T/rows.csv" $lab 3 c.pm; done
# A kernel column per label, as two kernels' guests would write it.
py - rows.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
h = rows[0]
for r in rows[1:]:
    r[h.index("kernel")] = {"a": "6.1.0-56-cloud-amd64",
                            "b": "6.1.0-57-cloud-amd64"}[r[h.index("label")]]
w = csv.writer(open(sys.argv[1], "w", newline=""), lineterminator="\n")
w.writerows(rows)
PY

# The order run mode draws from seed 7 for two targets, three rounds.
sh "$compare" -n 3 --seed 7 --no-plot -o "$T/run.csv" c.pm a="$T/a" \
    b="$T/b" >/dev/null 2>run.err
sed -n 's/^compare.sh: \[[0-9]*\/6\] round \([0-9]\): \(.\)$/\1 \2/p' \
    run.err >run.order

COMPARE_KERNELS_ROWS=$T/rows.csv sh "$compare" kernels -n 3 --seed 7 \
    --no-plot -o "$T/k.csv" c.pm a="$T/vmlinuz" b="$T/vmlinuz" \
    >k.out 2>k.err
is "$?" 0 "three rounds of two kernels: exit 0"
sed -n 's/^compare.sh: \[[0-9]*\/6\] round \([0-9]\): \(.\) (.*)$/\1 \2/p' \
    k.err >k.order
is "$(tr '\n' ' ' <k.order)" "$(tr '\n' ' ' <run.order)" \
    "the boots go in rounds, in run mode's order for the same seed"
is "$(wc -l <k.order | tr -d ' ')" 6 "... six boots"
limit=$(sed -n 's/^compare.sh: time limit of a boot: \([0-9]*\) s .*/\1/p' \
    k.err)
is "$limit" 123 "the time limit under TCG: 120 s and 30 ms for each of the $(:
    )config's 2 x 20 + 50 operations, rounded up"

# col FILE NAME...: those columns of every row after the header.
col() {
	py - "$@" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
for r in rows:
    print(" ".join(r[c] for c in sys.argv[2:]))
PY
}
is "$(grep -c '^schema_version,' k.csv)" 1 "the CSV file has one header"
is "$(col k.csv label | tr '\n' ' ')" \
    "$(awk '{ printf("%s ", $2) }' k.order)" \
    "a row per boot, in the order of the boots"
is "$(col k.csv label kernel | sort -u | tr '\n' ' ')" \
    "a 6.1.0-56-cloud-amd64 b 6.1.0-57-cloud-amd64 " \
    "each row has its guest's kernel"
is "$(col rows.csv label created transactions_per_s | sort)" \
    "$(col k.csv label created transactions_per_s | sort)" \
    "the rows are the boots' records"
tcg="QEMU emulated the processor (TCG): the times are the emulator's, $(:
    )not the kernel's, and only ratios between kernels on the same $(:
    )emulator mean something"
is "$(col k.csv warnings | sed 's/.*; //' | sort -u)" "$tcg" \
    "under TCG every row's warnings end with whose times they are"
grep -q "^6 of 6 runs: QEMU emulated the processor (TCG): the times" k.out
ok $? "... and the report lists it once, for the 6 runs"
grep -q '^label  *runs  *host  *kernel' k.out &&
    grep -q '^a  *3 .* 6\.1\.0-56-cloud-amd64' k.out
ok $? "the report is run mode's, by label, with the kernels"
is "$(ls k.md k.txt 2>&1 | tr '\n' ' ')" "k.md k.txt " \
    "the report's files are written beside the CSV file"

sh "$compare" report --by kernel --no-plot -o "$T/by" k.csv >by.out 2>&1
is "$?" 0 "report --by kernel reads the result"
grep -q '^6\.1\.0-57-cloud-amd64  *3 ' by.out
ok $? "... and groups by the guests' kernels"

# Files of schema 4 (146 columns, no VM columns) are read beside them.
py - k.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
for r in rows[1:]:
    r[0] = "4"
    r[1] += "-old"
w = csv.writer(open("four.csv", "w", newline=""), lineterminator="\n")
w.writerows(r[:146] for r in rows)
PY
sh "$compare" report --no-plot -o "$T/both" k.csv four.csv >both.out 2>&1
is "$?:$(sed -n 's/^\([ab]\(-old\)*\)  *3 .*/\1/p' both.out | sort |
    tr '\n' ' ')" "0:a a-old b b-old " \
    "report reads records of schema 4 beside those of 5"

# Named --mkfs-options: each kernel with each disk.
for lab in a-dx a-nodx b-dx b-nodx; do host_rows "$T/rows2.csv" $lab 1 c.pm
done
COMPARE_KERNELS_ROWS=$T/rows2.csv sh "$compare" kernels -n 1 --seed 2 \
    --no-plot -o "$T/x.csv" --mkfs-options 'dx=-O dir_index' \
    --mkfs-options 'nodx=-O ^dir_index' c.pm a="$T/vmlinuz" \
    b="$T/vmlinuz" >x.out 2>x.err
is "$?:$(col x.csv label | sort | tr '\n' ' ')" "0:a-dx a-nodx b-dx b-nodx " \
    "named --mkfs-options cross the kernels with the disks"

# A boot that fails: its error row, and the other kernel goes on.
host_rows "$T/rows3.csv" a 2 c.pm
host_rows "$T/rows3.csv" b 2 c.pm
py - rows3.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
h = rows[0]
bs = [r for r in rows[1:] if r[h.index("label")] == "b"]
bs[0][h.index("status")] = "error: kernel /k/b: kernel panic: VFS"
w = csv.writer(open(sys.argv[1], "w", newline=""), lineterminator="\n")
w.writerows(rows)
PY
COMPARE_KERNELS_ROWS=$T/rows3.csv sh "$compare" kernels -n 2 --seed 5 \
    --no-plot -o "$T/e.csv" c.pm a="$T/vmlinuz" b="$T/vmlinuz" \
    >e.out 2>e.err
is "$?" 1 "a boot failed: exit 1"
is "$(col e.csv label status | sort | tr '\n' '/')" "a ok/a ok/b error: $(:
    )kernel /k/b: kernel panic: VFS; console: (the test hook's row)/b ok/" \
    "its error row names the kernel and the console; the others go on"
is "$(grep "^rows:" e.out)" \
    "rows: 3 used (status ok), 1 skipped (status not ok: 1 error)" \
    "the report counts it"
grep -qx "compare.sh: 1 of 4 boots failed: their rows in $T/e.csv have $(:
    )status error" e.err
ok $? "... and so does the end"

is "$(ls -A tmp)" "" "nothing left in TMPDIR"
done_testing
