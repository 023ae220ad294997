#!/bin/sh
# bench/repeatability.sh still works: two tiny iterations give two rows and
# a coefficient of variation.  (The benchmark itself is run by hand.)
. "$srcdir/tests/tap.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"

TMPDIR=$T "$srcdir/bench/repeatability.sh" -n 2 -f 50 -t 100 "$POSTMARK" \
    >"$T/out" 2>"$T/err"
is "$?" 0 "repeatability.sh exits 0"
is "$(grep -c '^iteration [12]: ok, ' "$T/out")" 2 \
    "repeatability.sh prints one ok row per iteration"
grep -q '^mean .* coefficient of variation [0-9.]* %$' "$T/out"
ok $? "repeatability.sh prints the coefficient of variation"
is "$(ls -A "$T" | grep -c pm-repeat)" 0 "repeatability.sh cleans up"
[ -s "$T/err" ] && diag "stderr:" "$(cat "$T/err")"
done_testing
