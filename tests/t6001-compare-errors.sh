#!/bin/sh
# t6001-compare-errors: scripts/compare.sh refuses bad input with a clear
# message and a non-zero exit: usage errors (2), malformed CSV, missing
# columns, missing or empty labels, client and clients fields that are not
# numbers, bad targets and configs, a number of clients that postmark
# refuses, a missing or too old gnuplot (1).  Nothing is written when the
# input is rejected.

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
good="$srcdir/tests/fixtures/compare-ab.csv"

# fails WANT_STATUS PATTERN DESC -- ARGS...: run compare.sh with ARGS and
# check its exit status and that stderr matches PATTERN (grep -E).
fails() {
	want=$1 pat=$2 desc=$3
	shift 4
	sh "$compare" "$@" >"$T/out" 2>"$T/err"
	st=$?
	if [ "$st" -eq "$want" ] && grep -Eq -- "$pat" "$T/err"; then
		ok 0 "$desc"
	else
		ok 1 "$desc"
		diag "exit status $st, want $want; stderr:" "$(cat "$T/err")" \
		    "want a match of: $pat"
	fi
}

# bad_csv NAME AWK-PROGRAM PATTERN DESC: make NAME.csv, a variant of the
# good fixture, with the awk program, and check that report mode refuses
# it with status 1 and a message matching PATTERN.
bad_csv() {
	awk "$2" "$good" >"$T/$1.csv"
	fails 1 "$3" "$4" -- report --no-plot "$T/$1.csv"
}

fails 2 '^usage: ' "no arguments: usage, exit 2" --
fails 2 'unknown option -x' "unknown option: exit 2" -- -x
fails 2 'report: no CSV file given' "report without files: exit 2" \
    -- report --no-plot
fails 1 'nonexistent.csv: cannot read the CSV file' "unreadable CSV" \
    -- report --no-plot "$T/nonexistent.csv"

bad_csv short 'NR == 3 { sub(/,[^,]*$/, "") } { print }' \
    'short.csv:3: malformed CSV: 78 fields, the header has 79' \
    "a row with a missing field"
ok "$(test ! -e "$T/short.txt"; echo $?)" "no report is written for it"
bad_csv quote '{ print } END { print "1,A,\"ok" }' \
    'quote.csv:11: unterminated quoted field' "an unterminated quoted field"
bad_csv stray 'NR == 2 { sub(/,ok,/, ",o\"k,") } { print }' \
    'stray.csv:2: malformed CSV: a quote inside' \
    "a quote inside an unquoted field"
bad_csv nocol 'NR == 1 { sub(/,transactions_per_s,/, ",tps,") } { print }' \
    "nocol.csv: missing column 'transactions_per_s'" \
    "a missing column is named"
bad_csv nohdr 'NR > 1' "not a postmark CSV header" "a file without the header"

: >"$T/empty.csv"
fails 1 'empty.csv: empty file' "an empty file" \
    -- report --no-plot "$T/empty.csv"

bad_csv nan 'NR == 2 { sub(/,10\.000,/, ",fast,") } { print }' \
    "nan.csv:2: column transactions_per_s: 'fast' is not a number" \
    "a value that is not a number"
bad_csv schema 'NR == 2 { sub(/^1,/, "x,") } { print }' \
    "schema.csv:2: bad schema_version 'x'" "a bad schema version"
bad_csv nolabel 'NR == 2 { sub(/^1,A,/, "1,,") } { print }' \
    'nolabel.csv:2: empty label' "an ok row without a label"
bad_csv noneok 'NR == 1 || !/,ok,/' \
    'no rows with status ok \(3 skipped' "no row with status ok"

fails 1 "label 'C' not found in the ok rows \(labels present: A, B\)" \
    "-l names a label that is not there" \
    -- report --no-plot -l A,C "$good"

# Schema 3: client and clients fields that are not numbers
# (line 4 of compare-clients.csv is the row of a run of 3 clients, line 5
# the row of its client 0); --clients is no option of report mode.
clients="$srcdir/tests/fixtures/compare-clients.csv"
sed '5s/,0,,,,,,,$/,x,,,,,,,/' "$clients" >"$T/client.csv"
fails 1 "client.csv:5: column client: 'x' is neither all nor a client number" \
    "a client field that is neither all nor a number" \
    -- report --no-plot "$T/client.csv"
fails 1 "client.csv:5: column client: 'x'" "... also with --per-client" \
    -- report --no-plot --per-client "$T/client.csv"
sed '4s/,3,0,0,all,/,three,0,0,all,/' "$clients" >"$T/nclients.csv"
fails 1 "nclients.csv:4: column clients: 'three' is not a number of clients" \
    "a clients field that is not a number" \
    -- report --no-plot "$T/nclients.csv"
fails 2 '^compare.sh: unknown option --clients$' \
    "report mode has no --clients" -- report --clients 2 "$clients"
is "$(cd "$T" && ls client.* nclients.*)" "client.csv
nclients.csv" "no report is written for them"

# Run mode: bad targets and configs are refused before anything runs.
mkdir "$T/a" "$T/b"
printf 'set number 10\n' >"$T/ok.pmrc"
fails 1 "target '$T/a' has no label: write LABEL=DIRECTORY" \
    "a target without a label" -- --no-plot "$T/ok.pmrc" "$T/a" B="$T/b"
fails 1 "target '=$T/a' has no label" "a target with an empty label" \
    -- --no-plot "$T/ok.pmrc" ="$T/a" B="$T/b"
fails 1 "label 'A' given twice" "the same label twice" \
    -- --no-plot "$T/ok.pmrc" A="$T/a" A="$T/b"
fails 1 "label 'a/b': use letters" "a label with a slash" \
    -- --no-plot "$T/ok.pmrc" a/b="$T/a"
fails 1 "$T/c: no such directory \(target C\)" "a missing directory" \
    -- --no-plot "$T/ok.pmrc" A="$T/a" C="$T/c"
fails 1 "nope.pmrc: cannot read the config file" "a missing config" \
    -- --no-plot "$T/nope.pmrc" A="$T/a"
printf 'set number 10\n\n  ru\n' >"$T/run.pmrc"
fails 1 'run.pmrc:3: "  ru": remove it; compare.sh adds the run itself' \
    "a config that runs by itself" -- --no-plot "$T/run.pmrc" A="$T/a"
fails 2 "-n: '0' is not a positive integer" "-n 0" \
    -- -n 0 --no-plot "$T/ok.pmrc" A="$T/a"
fails 2 "--file-counts: 'x' is not a valid number of files" \
    "a bad file count" -- --file-counts "10 x" --no-plot "$T/ok.pmrc" \
    A="$T/a"
fails 2 "need a config file and at least one" "a config but no target" \
    -- --no-plot "$T/ok.pmrc"
fails 1 "$T/nopm: not an executable file" "a missing postmark" \
    -- -p "$T/nopm" --no-plot -o "$T/x.csv" "$T/ok.pmrc" A="$T/a"

# --clients: a bad list is a usage error; a number of clients that
# postmark refuses, or a postmark without set clients, stops run mode
# with postmark's message about the line compare.sh added, before any
# run.  The stand-in postmark answers as the engine before set clients (and
# its --version as this project's postmark, which compare.sh checks) and
# keeps every input it is given in oldpm.in.
run="-n 1 --no-plot -o $T/x.csv"
fails 2 "^compare.sh: --clients: 'x' is not a valid number of clients$" \
    "--clients with a word that is no number" \
    -- $run --clients "2 x" "$T/ok.pmrc" A="$T/a"
fails 2 "^compare.sh: --clients: '0' is not a valid number of clients$" \
    "--clients 0" -- $run --clients 0 "$T/ok.pmrc" A="$T/a"
fails 2 '^compare.sh: --clients needs a list$' "--clients without a list" \
    -- --clients
cat >"$T/oldpm" <<'EOF'
#!/bin/sh
case ${1-} in --version) echo 'postmark 0.1.0 (PostMark v1.53 compatible)'; exit ;; esac
tee -a "$0.in" | awk -v q="'" '/^set clients/ {
	printf("-:%d: unknown key %sclients%s after %sset%s\n", NR, q, q, q, q)
	bad = 1
} END { exit bad }' >&2
EOF
chmod +x "$T/oldpm"
fails 1 "^compare.sh: --clients: $T/oldpm refused a number of clients$" \
    "a postmark without set clients stops run mode" \
    -- $run -p "$T/oldpm" --clients "1 2" "$T/ok.pmrc" A="$T/a"
grep -qxF "postmark: line added by compare.sh, \"set clients 2\": unknown key 'clients' after 'set'" \
    "$T/err"
ok $? "... with postmark's message about the line compare.sh added"
is "$(grep -c '^run' "$T/oldpm.in")" 0 "... before any run"
fails 1 "^compare.sh: --clients: .*postmark refused a number of clients$" \
    "postmark refuses --clients 4000000000" \
    -- $run -p "$POSTMARK" --clients "1 4000000000" "$T/ok.pmrc" A="$T/a"
grep -q '^postmark: line added by compare.sh, "set clients 4000000000": ' \
    "$T/err"
ok $? "... with its message naming the line"
ok "$(test ! -e "$T/x.csv"; echo $?)" "no CSV file is written for them"
ok "$(test -z "$(ls -A "$T/a")$(ls -A "$T/b")"; echo $?)" \
    "the target directories are left untouched"

# gnuplot missing from PATH: a PATH with only the tools compare.sh and
# this test use.
mkdir "$T/bin"
for t in sh awk sed cat cp mkdir mktemp rm rmdir dirname basename date \
    wc tail tr grep; do
	p=$(command -v "$t") && ln -s "$p" "$T/bin/$t"
done
cp "$good" "$T/g.csv"
PATH=$T/bin fails 1 'gnuplot not found in PATH: install gnuplot 5' \
    "report without gnuplot in PATH" -- report "$T/g.csv"
ok "$(test ! -e "$T/g.txt"; echo $?)" "it fails before writing anything"
PATH=$T/bin sh "$compare" report --no-plot "$T/g.csv" >/dev/null 2>&1
ok $? "--no-plot needs no gnuplot"
PATH=$T/bin fails 1 'gnuplot not found in PATH' \
    "run mode without gnuplot" -- "$T/ok.pmrc" A="$T/a"

# A gnuplot older than 5.
printf '#!/bin/sh\necho "gnuplot 4.6 patchlevel 6"\n' >"$T/bin/gnuplot"
chmod +x "$T/bin/gnuplot"
PATH=$T/bin fails 1 'gnuplot 5 or later needed \(found: gnuplot 4.6' \
    "gnuplot 4 is refused" -- report "$T/g.csv"

done_testing
