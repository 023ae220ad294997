#!/bin/sh
# t0020-error-kinds: a run's error says what kind of failure it was, by
# the error's kind (struct pm_error.kind), not by the name of the
# operation: a file of the pool cut to nothing by a hook before the
# transactions makes the first read meet the end of the file, raw or
# buffered: "read PATH: unexpected end of file", exit 1, an
# "error: read ..." record with the same cause; and the kind travels
# with the error of a client of several (the client's error is copied
# into the run's result) to the same words.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"

L=$T/loc
mkdir "$L"

# cut NAME CONFIG: run CONFIG with every pool file emptied before the
# transactions; check the message, the status and the record.
cut() {
	printf '%s\n' "set location $L" "set number 20" "set size 500 600" \
	    "set transactions 200" "set seed 5" "set bias create -1" \
	    "set report csv" \
	    "set hook before transactions find '$L' -type f -exec truncate -s 0 {} +" \
	    "$2" "run $T/$1.csv" >"$T/$1.cfg"
	rc=0
	"$POSTMARK" "$T/$1.cfg" >"$T/$1.out" 2>"$T/$1.err" </dev/null || rc=$?
	is "$rc" 1 "$1: exit 1"
	grep -Eq "^postmark: $(ere_quote "$T/$1.cfg"):[0-9]+: (client [0-9]+: )?read $(ere_quote "$L")/[^ ]*: unexpected end of file\$" \
	    "$T/$1.err"
	ok $? "$1: 'read PATH: unexpected end of file' on stderr"
	grep -q ',"error: \(client [0-9]*: \)\{0,1\}read [^"]*: unexpected end of file",\|,error: \(client [0-9]*: \)\{0,1\}read [^,]*: unexpected end of file,' \
	    "$T/$1.csv"
	ok $? "$1: the record's status has the same cause"
	[ -z "$(find "$L" -mindepth 1)" ]
	ok $? "$1: nothing left"
}

plan 12
cut raw "set buffering false"
cut buffered "set buffering true"
cut clients "set clients 2"
