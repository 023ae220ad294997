#!/bin/sh
# t1015: a failure of the directories the clients share (the locations'
# sK of a shared run, made and removed by the group, not by a client) is
# the run's: its message names no client and no client's row holds it;
# a client's own failure still names that client (t8003).  The group's
# directory work has a context of its own (pm_dirctx), so that it no
# longer borrows client 0 and moves its error back.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/clients/clientlib.sh"
need_python

BASE="set size 500 2000;set number 50;set transactions 100;set seed 3;\
set location L;set subdirectories 2;set clients 2;set shared true"
mkdir -p "$T/L"

# client_errors NAME: the clients' rows of $T/NAME.csv whose status is an
# error, "ID STATUS" a line (none when the run's error is the run's own).
client_errors() {
	csv_rows "$T/$1.csv" "client status" | awk '$1 != "all" &&
	    $2 ~ /^error/'
}

# The sK to be made is there already: mkdir fails in the group's work.
mkdir "$T/L/s1"
pm_config made "$BASE"
pm_run made
is "$rc" 1 "an sK that exists: exit 1"
if grep -Eq '^postmark: [^ ]+: mkdir L/s1: File exists$' "$T/made.err"; then
	ok 0 "mkdir L/s1 fails, and the message names no client"
else
	ok 1 "mkdir L/s1 fails, and the message names no client"
	diag "stderr: $(cat "$T/made.err")"
fi
is "$(client_errors made)" "" "no client's row holds the run's error"
is "$(ls "$T/L" | tr '\n' ' ')" "s1 " "the run's s0 removed, L/s1 left alone"
rmdir "$T/L/s1"

# An entry put into L/s0 after the deletion phase: its rmdir fails.
pm_config kept "$BASE;set hook after deletion touch L/s0/other"
pm_run kept
is "$rc" 1 "an sK not empty at the end: exit 1"
if grep -Eq '^postmark: [^ ]+: rmdir L/s0: Directory not empty$' \
    "$T/kept.err"; then
	ok 0 "rmdir L/s0 fails, and the message names no client"
else
	ok 1 "rmdir L/s0 fails, and the message names no client"
	diag "stderr: $(cat "$T/kept.err")"
fi
is "$(client_errors kept)" "" "no client's row holds the run's error"
is "$(cd "$T/L" && find . | sort | tr '\n' ' ')" ". ./s0 ./s0/other " \
    "L/s1 removed, L/s0 and the other entry left"
done_testing
