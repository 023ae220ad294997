#!/bin/sh
# t2014: set interval never records into nothing.
# The series goes to FILE.intervals.csv beside the report file of
# "run FILE", and JSON records hold it: so "run" without FILE and with
# a verbose, terse or CSV report on standard output is refused with a
# message that says where the series goes, before anything runs (in the
# check pass of a batch file and at the prompt); a JSON record on
# standard output holds the series; set interval 0 runs as before.
# At the prompt, the other refusals of run FILE come at run time too:
# a name the run makes (c0 with two clients), a file of another kind.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99
mkdir L
base='set location L
set number 10
set transactions 20
set interval 5'

for fmt in verbose terse csv; do
	printf '%s\nset report %s\nrun\n' "$base" $fmt >i.pm
	rc=0
	"$POSTMARK" i.pm >out 2>err || rc=$?
	is "$rc:$(grep -c '^Creating files' out err | tr '\n' ' ')" \
	    "1:out:0 err:0 " "$fmt to standard output: nothing runs"
	is "$(errors err | grep -v '^postmark ' | grep -v '^Reading ')" \
	    "i.pm:6: run: set interval writes its series to FILE.intervals.csv\
 beside the report file of run FILE, and this run has none: give run a\
 FILE, or set report json (its records hold the series)" \
	    "$fmt to standard output: the message says where the series goes"
done

printf '%s\nset report json\nrun\n' "$base" >j.pm
rc=0
"$POSTMARK" j.pm >out.json 2>err || rc=$?
is "$rc:$(errors err | grep '^postmark: ')" 0: "json to standard output: runs"
if command -v jq >/dev/null 2>&1; then
	n=$(jq '.intervals | length' out.json)
	[ "${n:-0}" -gt 0 ]
	ok $? "json to standard output: the record holds the series ($n rows)"
else
	skip "json to standard output: the series" "jq not installed"
fi
printf '%s\nset interval 0\nrun\n' "$base" >z.pm
"$POSTMARK" z.pm >out 2>err
is "$?:$(errors err)" 0: "set interval 0 without FILE: runs"

# At the prompt (a pseudo-terminal), the same refusals at run time.
command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed for a pty"
HOME=$T
export HOME
echo 'not a postmark file' >notes.csv
python3 "$srcdir/tests/shell/keys.py" "$T" "$POSTMARK" >tty.out <<KEYS
until pm>
type set location L\r
type set number 10\r
type set transactions 20\r
type set interval 5\r
type run\r
until pm>
type set interval 0\r
type set clients 2\r
type run L/c0\r
until pm>
type set report csv\r
type run notes.csv\r
until pm>
type quit\r
KEYS
tr -d '\r' <tty.out >tty.txt
grep -q '^run: set interval writes its series to FILE.intervals.csv' tty.txt
ok $? "prompt: run without FILE and set interval is refused"
grep -q "^run: report file 'L/c0' is the name of a directory the run makes in\
 location 'L': choose another name" tty.txt
ok $? "prompt: run L/c0 with two clients is refused"
grep -q "^run: report file 'notes.csv' is not a file of postmark CSV\
 records" tty.txt
ok $? "prompt: a CSV report into a text file is refused"
is "$(grep -c '^Creating files' tty.txt):$(tail -n 1 tty.txt)" "0:STATUS 1" \
    "prompt: nothing ran; exit status 1 at the end"
is "$(ls -A L):$(cat notes.csv)" ":not a postmark file" \
    "prompt: the location and the file as they were"
done_testing
