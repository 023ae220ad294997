#!/bin/sh
# t6024-compare-fs-features: the report's file-system column shows the ext
# features that differ between the targets: two ext4 targets,
# one with the hashed directory index and one without, read "ext4
# (OPTIONS) dir_index" and "ext4 (OPTIONS) ^dir_index" (mkfs's notation),
# where before both read "ext4 (OPTIONS)"; features that every target has
# are not repeated; a target without features (tmpfs, or an ext4 device
# that could not be read) shows none; rows of schema 1 (no fs_features
# column) are as before.  The CSV is tests/fixtures/compare-tmpfs.csv
# (postmark's own rows: two on tmpfs, two on ext4) with the ext4 rows
# copied as the labels hash and linear and their fs_features set as
# dumpe2fs -h lists them for mkfs.ext4 with and without -O ^dir_index.

. "$srcdir/tests/tap.sh"

py=${PYTHON:-python3}
command -v "$py" >/dev/null 2>&1 || skip_all "python3 not installed"
compare="$srcdir/scripts/compare.sh"
all="has_journal ext_attr resize_inode dir_index filetype extent 64bit flex_bg sparse_super large_file huge_file dir_nlink extra_isize metadata_csum"
lin=$(echo "$all" | sed 's/ dir_index//')

"$py" "$srcdir/tests/compare/csvset.py" \
    "$srcdir/tests/fixtures/compare-tmpfs.csv" "$T/f.csv" \
    "disk=hash:fs_features=$all" "disk=linear:fs_features=$lin"
opts=$(sed -n '2,$p' "$T/f.csv" | grep ',hash,' | sed 1q |
    "$py" -c 'import csv, sys; print(next(csv.reader(sys.stdin))[9])')

sh "$compare" report --no-plot -o "$T/r" "$T/f.csv" >/dev/null 2>"$T/err"
is "$?" 0 "report exits 0"

# fs LABEL: the file-system cell of LABEL's row of the first table.
fs() {
	awk -v l="$1" 'BEGIN { FS = "  +" } /^$/ && n++ { exit }
	    $1 == l { print $5 }' "$T/r.txt"
}
is "$(fs hash)" "ext4 ($opts) dir_index" "hash: ext4 with dir_index"
is "$(fs linear)" "ext4 ($opts) ^dir_index" "linear: ext4 without dir_index"
is "$(fs mem)" "tmpfs (rw,relatime,size=24683652k)" \
    "tmpfs, which has no features: as before"
grep -qF "| linear | 2 | vm | 6.18.44-fc-v857 | ext4 ($opts) ^dir_index |" \
    "$T/r.md"
ok $? "the Markdown report has it too"

# Schema 1, no fs_features: as before.
cp "$srcdir/tests/fixtures/compare-ab.csv" "$T/ab.csv"
sh "$compare" report --no-plot "$T/ab.csv" >/dev/null 2>&1
is "$(awk 'BEGIN { FS = "  +" } $1 == "B" { print $5; exit }' "$T/ab.txt")" \
    "ext4 (rw,relatime)" "schema 1: the type and options"

done_testing
