#!/bin/sh
# bench/memory.sh still works: on a tiny pool it prints both peak RSS
# figures and the bytes per slot, exits 0 and leaves nothing (its
# scratch directory and tmpfs removed).  (The benchmark itself is run by
# hand: at this size the figure is noise.)
. "$srcdir/tests/tap.sh"
[ -x /usr/bin/time ] || skip_all "GNU time not installed (/usr/bin/time)"

TMPDIR=$T "$srcdir/bench/memory.sh" -n 1 -f 500 "$POSTMARK" \
    >"$T/out" 2>"$T/err"
is "$?" 0 "memory.sh exits 0"
grep -q '^peak RSS, one file (KiB) *[0-9][0-9]*$' "$T/out"
ok $? "memory.sh prints the start-up's peak RSS"
grep -q '^peak RSS, the pool (KiB) *[0-9][0-9]*$' "$T/out"
ok $? "memory.sh prints the pool's peak RSS"
grep -q '^bytes per slot *-*[0-9][0-9.]*$' "$T/out"
ok $? "memory.sh prints the bytes per slot"
is "$(ls -A "$T" | grep -c pm-memory)" 0 "memory.sh cleans up"
[ -s "$T/err" ] && diag "stderr:" "$(cat "$T/err")"
done_testing
