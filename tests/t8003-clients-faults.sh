#!/bin/sh
# t8003: faults with several clients.  An error in one client (its files
# removed behind its back between two phases) stops every client, names
# the failing one in the message and the CSV, and removes what all of
# them made; SIGINT during a run of four clients leaves nothing; a
# failure of what the clients share (a location that is not there) names
# no client.  The locations hold entries that are not postmark's, which
# must be left as they were.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/clients/clientlib.sh"
need_python

BASE="set size 500 10000;set number 300;set transactions 2000;set seed 5;\
set location L"
mkdir -p "$T/L"
populate "$T/L"
snapshot "$T/L" >"$T/L.before"

# Client 2 finds its files gone: its first transaction fails.  The
# others have 400000 transactions each: that none finishes them shows
# that the failure stopped them, however the threads were scheduled (a
# busy machine may run the others for a while before client 2's first
# transaction; with 2000 transactions they once did 500 first).
pm_config vanish "$BASE;set transactions 400000;set clients 4;\
set hook after creation rm -f L/c2/*"
pm_run vanish
is "$rc" 1 "one client fails: exit 1"
is "$(wc -l <"$T/vanish.err" | tr -d ' ')" 1 "one message"
if grep -Eq '^postmark: [^:]+:[0-9]+: client 2: (read|write|open|unlink) L/c2/[0-9]+: No such file or directory$' \
    "$T/vanish.err"; then
	ok 0 "the message names client 2, the operation and its file"
else
	ok 1 "the message names client 2, the operation and its file"
	diag "stderr: $(cat "$T/vanish.err")"
fi
is "$(csv_rows "$T/vanish.csv" "client status" | sed -n 's/^all //p' |
    cut -c1-16)" "error: client 2:" "the run's CSV row names client 2"
is "$(csv_rows "$T/vanish.csv" "client status" | awk '$1 == 2 { print $2 }' |
    cut -c1-6)" "error:" "client 2's row has the error"
is "$(csv_rows "$T/vanish.csv" transactions_done | sed 1d |
    awk '$1 < 400000' | wc -l | tr -d ' ')" 4 \
    "every client stopped before its 400000 transactions"
snapshot "$T/L" >"$T/L.after"
same_file "$T/L.after" "$T/L.before" \
    "every client's files and directories removed, the rest untouched"

# SIGINT while four clients run.
pm_config int "$BASE;set number 2000;set transactions 400000;set clients 4"
pm_start int
wait_for "$T/L/c3/1999" || diag "client 3 did not make its pool"
kill -INT "$(cat "$T/int.pid")"
pm_wait
is "$rc" 130 "SIGINT: exit 130"
is "$(csv_rows "$T/int.csv" "client status" | sort -u | tr '\n' ' ')" \
    "0 interrupted 1 interrupted 2 interrupted 3 interrupted all interrupted " \
    "SIGINT: the run and every client interrupted"
snapshot "$T/L" >"$T/L.after"
same_file "$T/L.after" "$T/L.before" "SIGINT: nothing of the run left"

# A location that is not there: the run's error, no client named.
pm_config gone "set location nowhere;set clients 3"
pm_run gone
is "$rc" 1 "a missing location: exit 1"
if grep -q 'client' "$T/gone.err"; then
	ok 1 "a shared failure names no client"
	diag "stderr: $(cat "$T/gone.err")"
else
	ok 0 "a shared failure names no client"
fi
done_testing
