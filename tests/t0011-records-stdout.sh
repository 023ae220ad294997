#!/bin/sh
#
# Machine-readable output is clean: with `set report csv' or `json' and
# the report on standard output, standard output carries the records and
# nothing else (the banner, "Reading configuration", progress text and
# messages go to standard error), so `postmark cfg > r.csv', `postmark
# cfg | jq' and CSV readers work.  The verbose and terse reports keep
# PostMark's layout on standard output, and a report written to a file
# leaves the progress text on standard output.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99
mkdir L
base='set location L
set number 30
set transactions 60'

printf '%s\nset report csv\nset iterations 2\nrun\n' "$base" >csv.pm
"$POSTMARK" csv.pm >out.csv 2>err
is "$?" 0 "csv to stdout: exit 0"
is "$(cut -d, -f1 out.csv | tr '\n' ' ')" "schema_version 6 6 " \
    "csv to stdout: a header and two rows, nothing else"
grep -q '^postmark .*PostMark v1.53 compatible' err
ok $? "csv to stdout: the banner is on stderr"
grep -q "^Reading configuration from file 'csv.pm'" err
ok $? "csv to stdout: the Reading line is on stderr"
grep -q '^Performing transactions\.*Done$' err
ok $? "csv to stdout: the progress text is on stderr"
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
assert len(rows) == 3 and all(len(r) == len(rows[0]) for r in rows)
assert [r[2] for r in rows[1:]] == ["ok", "ok"]' out.csv
	ok $? "csv to stdout: a CSV reader takes it as is"
else
	skip "csv to stdout: a CSV reader" "python3 not installed"
fi

printf '%s\nset report json\nrun\n' "$base" >json.pm
"$POSTMARK" <json.pm >out.json 2>err
is "$?" 0 "json piped: exit 0"
if command -v jq >/dev/null 2>&1; then
	is "$(jq -r .status out.json)" ok "json piped: jq reads stdout as is"
else
	skip "json piped: jq" "jq not installed"
fi
is "$(wc -l <out.json | tr -d ' ')" 1 "json piped: one line on stdout"

# A failing run: the message on stderr, stdout still only records.
printf '%s\nset report csv\nset size 60000 100000\nrun\n' "$base" >fail.pm
(ulimit -f 50; "$POSTMARK" fail.pm >out.fail 2>err)
is "$?" 1 "failed run: exit 1"
is "$(cut -d, -f3 out.fail | cut -d: -f1 | tr '\n' ' ')" "status error " \
    "failed run: stdout holds the header and the error row"
grep -q 'File too large' err
ok $? "failed run: the message is on stderr"

# Classic reports keep PostMark's stdout.
printf '%s\nset report terse\nrun\n' "$base" >terse.pm
"$POSTMARK" terse.pm >out.terse 2>err
is "$(head -1 out.terse | cut -d' ' -f1)" postmark "terse: banner on stdout"
grep -q '^Performing transactions\.*Done$' out.terse
ok $? "terse: progress on stdout"
is "$(errors err)" "" "terse: nothing on stderr but warnings"

# Records to a file: stdout keeps the progress text.
printf '%s\nset report csv\nrun r.csv\n' "$base" >file.pm
"$POSTMARK" file.pm >out.file 2>err
grep -q '^Performing transactions\.*Done$' out.file
ok $? "csv to a file: progress stays on stdout"
is "$(wc -l <r.csv | tr -d ' ')" 2 "csv to a file: header and row there"
is "$(ls -A L)" "" "nothing left in the location"
done_testing
