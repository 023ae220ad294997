#!/bin/sh
# t9002: where the time went, CPU side, and the environment.  The
# process's user and system CPU of the three phases add up to its CPU
# from the start of creation to the end of deletion within 10 % (only
# the samples between phases are outside the phases); each phase's CPU
# is its process's, and its wait is its time less its CPU; a phase that
# computes (buffered I/O in pieces of one byte: a loop in postmark for
# each byte) has user CPU; with several clients each client's
# thread CPU is in its row and the threads' sum is at most the process's.
# The environment matches the machine's.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/explain/explainlib.sh"
need_tools

mkdir "$T/L"
# 10000 files: the shortest phase (deletion) lasts tens of ms even on a fast
# machine, so a CPU whose system time is counted by the clock tick sees it.
CFG="set location $T/L;set number 10000;set transactions 20000;set seed 9"
jrun one "$CFG"
is "$rc" 0 "a run: exit 0"
sum=$(jq_last one '[.phases[] | .process.user_s + .process.system_s] | add')
tot=$(jq_last one '.run_usage.process.user_s + .run_usage.process.system_s')
ok "$(awk -v s="$sum" -v t="$tot" 'BEGIN { d = s - t; if (d < 0) d = -d;
    exit !(t > 0 && d <= 0.1 * t) }'; echo $?)" \
    "the phases' CPU adds up to the run's within 10% ($sum s of $tot s)"
ok "$(jq_last one '[.phases[] | (.wall_s - .user_s - .system_s - .wait_s)
    | if . < 0 then -. else . end] | if max < 0.05 then 0 else 1 end')" \
    "each phase's wait is its time less its CPU"
ok "$(jq_last one '[.phases[] | .system_s > 0] | all |
    if . then 0 else 1 end')" "every phase used system CPU"
ok "$(jq_last one '[.phases[] | .user_s == .process.user_s and
    .system_s == .process.system_s] | all | if . then 0 else 1 end')" \
    "each phase's user and system CPU are its process's"

# Some 30 MB written and read a byte at a time through the buffer: tens
# of millions of turns of postmark's own loop, user CPU in both phases.
jrun bytes "set location $T/L;set number 2000;set transactions 2000;\
set size 10000 20000;set read 1;set write 1;set buffering true;set seed 9"
is "$rc" 0 "bytes one at a time: exit 0"
ok "$(jq_last bytes '[.phases.creation, .phases.transactions | .user_s > 0]
    | all | if . then 0 else 1 end')" \
    "bytes one at a time: creation and transactions used user CPU"

jrun four "$CFG;set number 2000;set transactions 20000;set clients 4"
is "$rc" 0 "four clients: exit 0"
ok "$(jq_last four '[.clients[] | .phases.transactions.system_s > 0] | all |
    if . then 0 else 1 end')" "each client's row has its thread's CPU"
ok "$(jq_last four '.phases.transactions as $p |
    ($p.threads.user_s + $p.threads.system_s) <=
    ($p.process.user_s + $p.process.system_s) + 0.02 |
    if . then 0 else 1 end')" "the threads' CPU is within the process's"

is "$(jq_last one '.environment.cpus')" "$(getconf _NPROCESSORS_ONLN)" \
    "environment: processors online"
is "$(jq_last one '.environment.mem_total_kb')" \
    "$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)" \
    "environment: memory total"
is "$(jq_last one '.environment.kernel_cmdline')" "$(cat /proc/cmdline)" \
    "environment: the kernel command line"
ok "$(jq_last one 'if .environment.mem_available_kb > 0 and
    .environment.mem_available_kb <= .environment.mem_total_kb then 0
    else 1 end')" "environment: memory available at the start"
done_testing
