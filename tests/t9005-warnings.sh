#!/bin/sh
# t9005: validity warnings, each triggered by a config that should
# trigger it and not by one that should not: a pool that fits in free
# memory without sync or a cold cache; a phase shorter than 100 ms; a
# coefficient of variation above 5 % over iterations; fewer than 5 runs
# behind a confidence interval.  A warning is in the CSV row, the JSON
# record, the verbose report and on stderr.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/explain/explainlib.sh"
need_tools

mkdir "$T/L"
SMALL="set location $T/L;set number 200;set transactions 20;set seed 6"
POOL='the pool of about [0-9]+ MiB fits in the [0-9]+ MiB of free memory'
SHORT='the transaction phase took [0-9]+ ms, under 100 ms'
CV='transactions/s varies by [0-9.]+% \(coefficient of variation\) over [0-9]+ runs, above 5%'
FEW='only [0-9]+ runs behind the confidence intervals, fewer than 5'

# has NAME ERE: whether the run's stderr has the warning.
has() {
	grep -Eq "^postmark: warning: $2" "$T/$1.err"
}

jrun small "$SMALL"
ok "$(has small "$POOL"; echo $?)" "pool in memory, no sync: warned"
ok "$(has small "$SHORT"; echo $?)" "a short transaction phase: warned"
ok "$(jq_last small '[.warnings[] | test("fits in the")] | any |
    if . then 0 else 1 end')" "the JSON record has the warning"

jrun sync "$SMALL;set sync fsync"
ok "$(! has sync "$POOL"; echo $?)" \
    "set sync fsync: no page-cache warning"
jrun long "set location $T/L;set number 200;set transactions 30000;set seed 6"
ok "$(! has long "$SHORT"; echo $?)" \
    "30000 transactions: no short-phase warning for the transactions"

if [ "$(id -u)" -eq 0 ] && [ -w /proc/sys/vm/drop_caches ]; then
	jrun cold "$SMALL;set cache cold"
	ok "$(! has cold "$POOL"; echo $?)" \
	    "set cache cold: no page-cache warning"
else
	skip "set cache cold: no page-cache warning" "needs root"
fi

printf '%s;set report csv;run %s;quit\n' "$SMALL" "$T/w.csv" |
    tr ';' '\n' >"$T/w.cfg"
pm_run w
ok "$(python3 -c '
import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))[0]
sys.exit(0 if "fits in the" in r["warnings"] and "under 100 ms" in r["warnings"] else 1)
' "$T/w.csv"; echo $?)" "the CSV row has the warnings"
printf '%s;run;quit\n' "$SMALL" | tr ';' '\n' >"$T/v.cfg"
pm_run v
grep -Eq "^	$POOL" "$T/v.out"
ok $? "the verbose report has them in its Warnings section"

# Three quiet runs: fewer than 5 behind the intervals; five: not.
jrun three "$SMALL;set iterations 3"
ok "$(has three "$FEW"; echo $?)" "3 runs: warned, fewer than 5"
jrun five "$SMALL;set iterations 5"
ok "$(! has five "$FEW"; echo $?)" \
    "5 runs: no fewer-than-5 warning"

# A hook stops postmark (its parent) 10 ms into each transaction phase
# of 10000 transactions on a tmpfs when root (about 200 ms: long enough
# for the stop to land in it on a busy machine, short beside the stop):
# for a random 0 to 1.9 s, a noisy set, warned; for 3 s every time, so
# that the phase's time hardly varies whatever else the machine does, a
# steady one, not warned.
if [ "$(id -u)" -eq 0 ]; then
	mount_tmpfs "$T/S" size=256m
else
	mkdir "$T/S"
fi
stopping() {
	printf 'set hook before transactions %s%s%s\n' \
	    'd=$(od -An -N1 -tu1 /dev/urandom | tr -d " ") && (sleep 0.01 && kill -STOP $PPID && sleep ' \
	    "$2" ' && kill -CONT $PPID) >/dev/null 2>&1 &'
	printf '%s;set transactions 10000;set iterations 5;set report csv;run %s;quit\n' \
	    "$SMALL;set location $T/S" "$T/$1.csv" | tr ';' '\n'
}
stopping noisy '$((d % 2)).$((d % 10))' >"$T/noisy.cfg"
pm_run noisy
ok "$(has noisy "$CV"; echo $?)" "a noisy set: warned, variation above 5%"
stopping quiet 3 >"$T/quiet.cfg"
pm_run quiet
ok "$(! has quiet "$CV"; echo $?)" \
    "a set of steady runs: no variation warning"
has quiet "$CV" && diag "transaction phases (s): $(for i in 1 2 3 4 5; do
	csv_get "$T/quiet.csv" transactions_s $i; done | tr '\n' ' ')"
done_testing
