#!/bin/sh
# bench/overhead.sh still works: one tiny run of each binary prints the
# table with a ratio line.  (The benchmark itself is run by hand.)
. "$srcdir/tests/tap.sh"
need_reference
[ -x /usr/bin/time ] || skip_all "GNU time not installed (apt-get install time)"

TMPDIR=$T "$srcdir/bench/overhead.sh" -n 1 -c tiny "$POSTMARK" \
    "$REFERENCE_POSTMARK" >"$T/out" 2>"$T/err"
is "$?" 0 "overhead.sh exits 0"
is "$(grep -c '^tiny  *\(reference\|ours\|ours/ref\) ' "$T/out")" 3 \
    "overhead.sh prints the reference, ours and ratio rows"
is "$(ls -A "$T" | grep -c pm-overhead)" 0 "overhead.sh cleans up"
[ -s "$T/err" ] && diag "stderr:" "$(cat "$T/err")"
done_testing
