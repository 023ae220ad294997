#!/bin/sh
# t2002: the terse report is PostMark 1.53's 13 space-separated fields.
#
# One line, exactly 13 fields, each "%.2f" with a '.' decimal point, no
# trailing space.  Field values are computed here with awk from the counts
# and intervals of unit_report's cases, in the order of the reference
# document (section 6.3, 1.53 semantics: field 9 is deleted / elapsed,
# field 10 deleted_alone / deletion interval).  Guards against a field
# swapped, dropped or added, or the 1.5/1.51 bugs coming back.

. "$srcdir/tests/tap.sh"

unit=$builddir/tests/unit_report

# expect ELAPSED CREATE TRANS DELETE TRANSACTIONS CALONE CMIXED READ APPEND
#     DALONE DMIXED BREAD BWRITTEN: the 13 fields, hand formula per field.
expect() {
	awk -v e="$1" -v c="$2" -v t="$3" -v d="$4" -v x="$5" -v ca="$6" \
	    -v cm="$7" -v r="$8" -v a="$9" -v da="${10}" -v dm="${11}" \
	    -v br="${12}" -v bw="${13}" 'BEGIN {
		printf "%.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f\n",
		    e, t, x / t, (ca + cm) / e, ca / c, cm / t, r / t, a / t,
		    (da + dm) / e, da / d, dm / t, br / e, bw / e
	}'
}

"$unit" emit terse ref62 >"$T/ref62"
ok $? "emit terse ref62 exits 0"
is "$(wc -l <"$T/ref62" | tr -d ' ')" 1 "one line"
is "$(awk '{ print NF }' "$T/ref62")" 13 "13 fields"
ok "$(grep -c ' $' "$T/ref62")" "no trailing space"
is "$(tr ' ' '\n' <"$T/ref62" | grep -cv '^[0-9][0-9]*\.[0-9][0-9]$')" 0 \
    "every field is %.2f"
is "$(cat "$T/ref62")" \
    "$(expect 6 2 3 1 5000 2000 2508 2444 2555 2016 2492 15093547 28824847)" \
    "section 6.2 counts over 2 + 3 + 1 s"
is "$(cat "$T/ref62")" \
    "6.00 3.00 1666.67 751.33 1000.00 836.00 814.67 851.67 751.33 2016.00 830.67 2515591.17 4804141.17" \
    "section 6.2 counts, values worked out by hand"

"$unit" emit terse frac >"$T/frac"
is "$(cat "$T/frac")" \
    "$(expect 5.84 1.8 3.02 1.02 5000 2000 2508 2444 2555 2016 2492 15093547 28824847)" \
    "fractional intervals 1.80 + 3.02 + 1.02 s"

# Deletion-alone rate uses the deletion interval (1.52 fix), not creation.
is "$(awk '{ print $10 }' "$T/frac")" 1976.47 "field 10: 2016 / 1.02 s"

done_testing
