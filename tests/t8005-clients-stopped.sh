#!/bin/sh
# t8005: the record of an interrupted run of several clients holds the
# same truths as one of a single client: the phase it
# stopped in, the time it really ran (the phases it never reached last
# no time), rates from that time, each phase of the run as long as its
# longest client.  Once, a run of four clients stopped in its
# transactions said "while deleting files" and recorded transactions_s
# 1e-09 and 3e14 transactions per second, since the second sequencer
# of the phases walked on through every phase after the stop.  An
# interval series runs to the stop.  SIGTERM comes on an event, not
# after a delay: a file of the creation phase, the first progress dot
# of the transactions.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/clients/clientlib.sh"
need_python

mkdir -p "$T/L"
populate "$T/L"
snapshot "$T/L" >"$T/L.before"

# stopped NAME CONFIG FILE PHASE NUMBER TRANSACTIONS: run CONFIG, send
# SIGTERM once FILE (relative to L) exists, or with FILE "." once the
# transactions' first dot is out, and check the record of a run stopped
# in PHASE (creation or transactions).
stopped() {
	pm_config "$1" "set location L;set size 500 5000;set seed 9;$2"
	pm_start "$1"
	if [ "$3" = . ]; then
		wait_text "$T/$1.out" "Performing transactions." ||
		    diag "$1: no transaction done"
	else
		wait_for "$T/L/$3" || diag "$1: $3 never appeared"
	fi
	kill -TERM "$(cat "$T/$1.pid")"
	pm_wait
	is "$rc" 143 "$1: SIGTERM: exit 143"
	case $4 in
	creation)	st_words="creating files" ;;
	*)		st_words="performing transactions" ;;
	esac
	grep -q "interrupted by SIGTERM while $st_words" "$T/$1.err"
	st=$?
	ok $st "$1: the message says it stopped while $st_words"
	[ $st -eq 0 ] || diag "stderr: $(cat "$T/$1.err")"
	is "$(python3 "$srcdir/tests/clients/stopcheck.py" "$T/$1.csv" "$4" \
	    "$5" "$6")" "" "$1: the record holds what was measured"
	snapshot "$T/L" >"$T/L.after"
	same_file "$T/L.after" "$T/L.before" "$1: nothing left"
}

# In the transaction phase, once client 0 has done one.
TR="set number 1000;set transactions 400000"
stopped one "$TR;set interval 500" . transactions 1000 400000
stopped four "$TR;set clients 4;set interval 500" . transactions 1000 400000
stopped shared "$TR;set clients 3;set shared true" . transactions 1000 400000

# In the creation phase: file 50 of 200000.
CR="set number 200000;set transactions 10"
stopped one_create "$CR" 50 creation 200000 10
stopped four_create "$CR;set clients 4" c1/50 creation 200000 10
done_testing
