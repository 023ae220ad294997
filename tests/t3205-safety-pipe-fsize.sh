#!/bin/sh
# Safety: the signals a run meets through its own output and files.
# SIGPIPE (standard output is a pipe that closed: `postmark cfg | head
# -c1') and SIGXFSZ (a write past `ulimit -f') used to kill the program
# with its files left behind; they are ignored during a run, come back as
# EPIPE and EFBIG, and stop it like any I/O error: a message naming the
# operation, exit status 1, nothing left.  An interrupted run says so in
# every report format, and a signal that arrives between iterations (or
# while a report is written) stops the next one before it starts and never
# cuts a record in half.
. "$srcdir/tests/tap.sh"

mkdir "$T/L"

# SIGPIPE: the progress dots go to a pipe whose reader is gone.
printf '%s\n' 'set location L' 'set number 20000' 'set size 1 10' \
    'set transactions 400000' run quit >"$T/pipe.cfg"
(cd "$T" && { "$POSTMARK" pipe.cfg 2>pipe.err; echo $? >pipe.rc; } |
    head -c1 >/dev/null)
is "$(cat "$T/pipe.rc")" 1 "SIGPIPE: exit status 1, not death by signal"
if grep -q 'postmark: pipe.cfg:5: write standard output: Broken pipe$' \
    "$T/pipe.err"; then
	ok 0 "SIGPIPE: the message names the write to standard output"
else
	ok 1 "SIGPIPE: the message names the write to standard output"
	diag "stderr: $(cat "$T/pipe.err")"
fi
is "$(find "$T/L" -mindepth 1 | head -3)" "" "SIGPIPE: nothing left"

# SIGXFSZ: files of up to 100 kB under a 50 kB limit (ulimit -f counts
# 1024-byte blocks in bash and dash alike: 50).
printf '%s\n' 'set location L' 'set number 100' 'set size 60000 100000' \
    'set report csv' 'run fsize.csv' quit >"$T/fsize.cfg"
(cd "$T" && ulimit -f 50 && "$POSTMARK" fsize.cfg >fsize.out 2>fsize.err)
is "$?" 1 "SIGXFSZ: exit status 1, not death by signal"
if grep -Eq 'postmark: fsize.cfg:5: write L/[0-9]+: File too large$' \
    "$T/fsize.err"; then
	ok 0 "SIGXFSZ: the message names the write and the file"
else
	ok 1 "SIGXFSZ: the message names the write and the file"
	diag "stderr: $(cat "$T/fsize.err")"
fi
is "$(find "$T/L" -mindepth 1 | head -3)" "" "SIGXFSZ: nothing left"
case $(sed -n 2p "$T/fsize.csv") in
*',error: write L/'*': File too large,'*)
	ok 0 "SIGXFSZ: the CSV row holds the error" ;;
*)	ok 1 "SIGXFSZ: the CSV row holds the error"
	diag "row: $(sed -n 2p "$T/fsize.csv")" ;;
esac

need_sigdfl

# stopped FORMAT: run a long configuration in FORMAT, send SIGINT once
# transactions are under way, and leave the report in $T/FORMAT.rep.
stopped() {
	printf '%s\n' 'set location L' 'set number 1000' 'set size 1 100' \
	    'set transactions 5000000' "set report $1" "run $1.rep" quit \
	    >"$T/$1.cfg"
	spawn "$T" "$T/$1.pid" "$POSTMARK" "$1.cfg" >"$T/$1.out" 2>"$T/$1.err"
	sf=$1
	await 'grep -q "transactions\." "$T/$sf.out"' "$job" ||
	    diag "$1: the transactions never started"
	kill -s INT "$(cat "$T/$1.pid")"
	wait "$job"
	echo $? >"$T/$1.rc"
}

for f in verbose terse csv json; do
	stopped $f
	is "$(cat "$T/$f.rc")" 130 "$f: SIGINT ends with 130"
done
grep -q '^Interrupted by SIGINT while performing transactions' \
    "$T/verbose.rep"
ok $? "verbose: the report says it was interrupted"
grep -q '^Time:' "$T/verbose.rep"
ok $? "verbose: and shows what ran"
is "$(cat "$T/terse.rep")" \
    "interrupted by SIGINT while performing transactions" \
    "terse: a line says it was interrupted instead of partial rates"
is "$(sed -n 2p "$T/csv.rep" | cut -d, -f3)" interrupted \
    "csv: status interrupted"
case $(cat "$T/json.rep") in
*'"status":"interrupted"'*) ok 0 "json: status interrupted" ;;
*)	ok 1 "json: status interrupted" ;;
esac
is "$(find "$T/L" -mindepth 1 | head -3)" "" "interrupted runs: nothing left"

# Many short iterations and a signal at some moment after the first
# ones: every CSV row is whole (155 fields, a status), the last one is
# the interrupted run or an ok one, and the exit status is 130.
printf '%s\n' 'set location L' 'set number 50' 'set size 1 10' \
    'set transactions 50' 'set iterations 100000' 'set report csv' \
    'run many.csv' quit >"$T/many.cfg"
spawn "$T" "$T/many.pid" "$POSTMARK" many.cfg >"$T/many.out" 2>"$T/many.err"
await '[ -f "$T/many.csv" ] && [ "$(wc -l <"$T/many.csv")" -gt 3 ]' "$job" ||
    diag "iterations: fewer than 3 rows were written"
kill -s INT "$(cat "$T/many.pid")"
wait "$job"
is "$?" 130 "iterations: SIGINT ends with 130"
if command -v python3 >/dev/null 2>&1; then
	check=$(python3 - "$T/many.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
head, body = rows[0], rows[1:]
bad = [r for r in body if len(r) != len(head) or r[2] not in ("ok", "interrupted")]
print(len(head), len(bad), body[-1][2] if body else "none",
      sum(r[2] == "interrupted" for r in body))
PY
)
	set -- $check
	is "$1 $2" "155 0" "iterations: every row is whole"
	case $3 in
	ok|interrupted) ok 0 "iterations: the last row is ok or interrupted" ;;
	*)	ok 1 "iterations: the last row is ok or interrupted" ;;
	esac
	[ "$4" -le 1 ]
	ok $? "iterations: at most one interrupted row ($4)"
else
	skip "iterations: rows" "python3 not installed"
fi
is "$(find "$T/L" -mindepth 1 | head -3)" "" "iterations: nothing left"
done_testing
