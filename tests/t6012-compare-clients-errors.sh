#!/bin/sh
# t6012-compare-clients-errors: scripts/compare.sh refuses what it cannot
# use of schema 3 (issue 10): a bad --clients list is a usage error (2)
# before anything runs, --clients is no option of report mode, a client
# or clients column that is not a number is named with its line (1), and
# a number of clients that postmark refuses, or a postmark without set
# clients, stops run mode with postmark's message, naming the line that
# compare.sh added, before any run or CSV file.

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
clients="$srcdir/tests/fixtures/compare-clients.csv"

# refused WANT_STATUS PATTERN DESC -- ARGS...: compare.sh with ARGS, run
# in $T, exits WANT_STATUS and its stderr matches PATTERN (grep -E).
refused() {
	want=$1 pat=$2 desc=$3
	shift 4
	(cd "$T" && sh "$compare" "$@") >"$T/out" 2>"$T/err"
	st=$?
	if [ "$st" -eq "$want" ] && grep -Eq -- "$pat" "$T/err"; then
		ok 0 "$desc"
	else
		ok 1 "$desc"
		diag "exit status $st, want $want; stderr:" "$(cat "$T/err")" \
		    "want a match of: $pat"
	fi
}

mkdir "$T/a"
printf 'set number 10\nset transactions 20\n' >"$T/small.pmrc"
run="-n 1 --no-plot -o $T/x.csv"

refused 2 "^compare.sh: --clients: 'x' is not a valid number of clients$" \
    "--clients with a word that is no number" \
    -- $run -p "$POSTMARK" --clients "2 x" small.pmrc A=a
refused 2 "^compare.sh: --clients: '0' is not a valid number of clients$" \
    "--clients 0" -- $run -p "$POSTMARK" --clients 0 small.pmrc A=a
refused 2 '^compare.sh: --clients needs a list$' "--clients without a list" \
    -- --clients
refused 2 '^compare.sh: unknown option --clients$' \
    "report mode has no --clients" -- report --clients 2 "$clients"
is "$(ls -A "$T/a")$(test -e "$T/x.csv" && echo csv)" "" \
    "nothing ran and nothing was written"

# Bad client and clients fields (line 4 is a run row of 3 clients).
sed '5s/,ok,\(.*\),0,,,,,,,$/,ok,\1,x,,,,,,,/' "$clients" >"$T/client.csv"
refused 1 "client.csv:5: column client: 'x' is neither all nor a client number" \
    "a client field that is neither all nor a number" \
    -- report --no-plot client.csv
refused 1 "client.csv:5: column client: 'x'" \
    "... also with --per-client" -- report --no-plot --per-client client.csv
sed '4s/,3,0,0,all,/,three,0,0,all,/' "$clients" >"$T/nclients.csv"
refused 1 "nclients.csv:4: column clients: 'three' is not a number of clients" \
    "a clients field that is not a number" -- report --no-plot nclients.csv
is "$(cd "$T" && ls client.* nclients.*)" "client.csv
nclients.csv" "no report is written for them"

# A postmark without set clients, as the engine before issue 10 answers;
# it keeps every input it is given in oldpm.in.
cat >"$T/oldpm" <<'EOF'
#!/bin/sh
tee -a "$0.in" | awk -v q="'" '/^set clients/ {
	printf("-:%d: unknown key %sclients%s after %sset%s\n", NR, q, q, q, q)
	bad = 1
} END { exit bad }' >&2
EOF
chmod +x "$T/oldpm"
refused 1 "^compare.sh: --clients: $T/oldpm refused a number of clients$" \
    "a postmark without set clients stops run mode" \
    -- $run -p "$T/oldpm" --clients "1 2" small.pmrc A=a
grep -qxF "postmark: line added by compare.sh, \"set clients 2\": unknown key 'clients' after 'set'" \
    "$T/err"
ok $? "... with postmark's message about the line compare.sh added"
is "$(grep -c '^run' "$T/oldpm.in")$(ls -A "$T/a")$(test -e "$T/x.csv" &&
    echo csv)" 0 "... before any run, and no CSV file is written"

# The real postmark refuses a number of clients it cannot run (or set
# clients altogether, before issue 10).
refused 1 "^compare.sh: --clients: .*postmark refused a number of clients$" \
    "postmark refuses --clients 4000000000" \
    -- $run -p "$POSTMARK" --clients "1 4000000000" small.pmrc A=a
grep -q '^postmark: line added by compare.sh, "set clients 4000000000": ' \
    "$T/err"
ok $? "... with its message naming the line"
is "$(ls -A "$T/a")$(test -e "$T/x.csv" && echo csv)" "" \
    "... before any run"

done_testing
