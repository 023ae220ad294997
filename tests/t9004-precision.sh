#!/bin/sh
# t9004: set iterations MIN-MAX with set precision P%.  A quiet run on
# tmpfs (or the build's file system) stops before MAX, as soon as the
# 95 % confidence interval of transactions/s is within P % of its mean,
# and says so; a noisy one (a hook stops the process for a random time
# during each transaction phase) runs to MAX and says the precision was
# not reached.  Never fewer than MIN runs.
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

# quiet NAME: a quiet run of 3 to 20 iterations, precision 10 %; retried
# once, since a machine is never perfectly quiet.
printf '%s;set iterations 3-20;set precision 10%%;set report csv;run %s;quit\n' \
    "$CFG" "$T/q.csv" | tr ';' '\n' >"$T/q.cfg"
for try in 1 2; do
	rm -f "$T/q.csv"
	pm_run q
	n=$(($(wc -l <"$T/q.csv") - 1))
	[ "$n" -ge 20 ] || break
done
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
