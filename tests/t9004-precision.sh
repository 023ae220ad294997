#!/bin/sh
# t9004: set iterations MIN-MAX with set precision P%.  A quiet set of
# runs stops before MAX, as soon as the 95 % confidence interval of
# transactions/s is within P % of its mean, and says so; a noisy one runs
# to MAX and says the precision was not reached.  Never fewer than MIN
# runs.  A test machine is never quiet, so the quiet and the noisy sets
# are made: a hook stops the process during each transaction phase for
# a fixed time (quiet) or a random one (noisy).
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/explain/explainlib.sh"
need_tools

if [ "$(id -u)" -eq 0 ]; then
	mount_tmpfs "$T/L" size=256m
else
	mkdir "$T/L"
fi
CFG="set location $T/L;set number 500;set transactions 20000;set seed 5"

# A quiet set: a hook stops postmark for exactly 2 s 10 ms into each
# transaction phase, so that whatever else the machine does the phase's
# time varies by a few percent at most: 3 to 20 runs with precision 10 %
# stop early.  The phase (5000 transactions, about 100 ms on tmpfs) is
# long enough that the stop lands in it on a fast machine too.
STEADY='(sleep 0.01 && kill -STOP $PPID && sleep 2 && kill -CONT $PPID) >/dev/null 2>&1 &'
{
	printf 'set hook before transactions %s\n' "$STEADY"
	printf '%s;set transactions 5000;set iterations 3-20;set precision 10%%;set report csv;run %s;quit\n' \
	    "$CFG" "$T/q.csv" | tr ';' '\n'
} >"$T/q.cfg"
pm_run q
n=$(($(wc -l <"$T/q.csv") - 1))
is "$rc" 0 "quiet: exit 0"
ok "$([ "$n" -ge 3 ] && [ "$n" -lt 20 ]; echo $?)" \
    "quiet: stops after at least 3 and fewer than 20 runs ($n)"
grep -q "^Stopped after $n runs: the 95% confidence interval of transactions/s is within [0-9.]*% of the mean (asked: 10.00%)$" \
    "$T/q.out" "$T/q.err"
ok $? "quiet: it says why it stopped"

# The hook stops postmark (its parent) for 0 to 0.6 s, 50 ms into the
# transactions, from the background.
HOOK='d=$(od -An -N1 -tu1 /dev/urandom | tr -d " ") && (sleep 0.05 && kill -STOP $PPID && sleep 0.$((d % 7)) && kill -CONT $PPID) >/dev/null 2>&1 &'
{
	printf 'set hook before transactions %s\n' "$HOOK"
	printf '%s;set iterations 3-5;set precision 1%%;set report csv;run %s;quit\n' \
	    "$CFG" "$T/noisy.csv" | tr ';' '\n'
} >"$T/noisy.cfg"
pm_run noisy
is "$rc" 0 "noisy: exit 0"
is "$(($(wc -l <"$T/noisy.csv") - 1))" 5 "noisy: runs to MAX, 5 runs"
grep -q "^Reached 5 runs: the 95% confidence interval of transactions/s is within [0-9.]*% of the mean, not the 1.00% asked$" \
    "$T/noisy.out" "$T/noisy.err"
ok $? "noisy: it says the precision was not reached"

printf '%s;set transactions 2000;set iterations 4-6;set report csv;run %s;quit\n' \
    "$CFG" "$T/max.csv" | tr ';' '\n' >"$T/max.cfg"
pm_run max
is "$(($(wc -l <"$T/max.csv") - 1)) $(grep -c '^Reached 6 runs (no set precision' "$T/max.out" "$T/max.err" | awk -F: '{ s += $2 } END { print s }')" \
    "6 1" "a range without precision runs MAX, and says so"
done_testing
