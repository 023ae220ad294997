#!/bin/sh
# bench/scale.sh still works: two tiny pools (1000 and 2000 files, one run
# each) give a row each, with every column, in the text and the Markdown
# table, and the three goal lines; and the script cleans up after itself:
# nothing left under $TMPDIR, no mount, no loop device.  As root it uses
# its ext4 image, else a directory.  (The measurement is run by hand.)
. "$srcdir/tests/tap.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"
[ -x /usr/bin/time ] || skip_all "GNU time not installed (apt-get install time)"

set -- -s "1000 2000" -m 0 -p "$POSTMARK"
if [ -n "${REFERENCE_POSTMARK:-}" ] && [ -x "$REFERENCE_POSTMARK" ]; then
	set -- "$@" -r "$REFERENCE_POSTMARK"
	ref=yes
else
	set -- "$@" --no-reference
	ref=no
fi
TMPDIR=$T sh "$srcdir/bench/scale.sh" "$@" >"$T/out" 2>"$T/err"
is "$?" 0 "scale.sh exits 0"

cols='files runs ours_user_ns_per_op ours_peak_rss_MiB ours_bytes_per_slot'
cols="$cols ref_user_ns_per_op ref_peak_rss_MiB ref_bytes_per_slot"
cols="$cols ratio_user_ours_ref"
is "$(awk '$1 == "files" { $1 = $1; print }' "$T/out")" "$cols" \
    "the table has its columns"
# A row: files, 1 run, the three figures of ours, and those of the
# reference and the ratio (or "-" without it).
awk -v ref="$ref" '
	function num(v) { return v ~ /^-?[0-9]+(\.[0-9]+)?$/ }
	($1 == 1000 || $1 == 2000) && NF == 9 && $2 == 1 {
		ok = num($3) && num($4) && num($5)
		for (i = 6; i <= 9; i++)
			ok = ok && (ref == "yes" ? num($i) || $i == "-" : $i == "-")
		if (ok)
			print $1
	}' "$T/out" >"$T/rows"
is "$(tr '\n' ' ' <"$T/rows")" "1000 2000 " \
    "a row with every column for 1000 and 2000 files"
is "$(grep -c '^| \(1000\|2000\) | 1 |\( [^|]* |\)\{7\}$' "$T/out")" 2 \
    "a Markdown row for each size"
is "$(grep -c '^goal: ' "$T/out")" 3 "three goal lines"
grep -q '^goal: 2000 files complete: met$' "$T/out"
ok $? "the largest pool completed"

is "$(ls -A "$T" | grep -v '^\(out\|err\|rows\)$')" "" \
    "scale.sh leaves nothing under TMPDIR"
m=$(grep -c " $T/" /proc/mounts 2>/dev/null)
is "${m:-0}" 0 "no mount left"
if command -v losetup >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
	is "$(losetup -n -O BACK-FILE 2>/dev/null | grep -c "^$T/")" 0 \
	    "no loop device left"
else
	skip "no loop device left" "not root"
fi
[ -s "$T/err" ] && diag "stderr:" "$(cat "$T/err")"
done_testing
