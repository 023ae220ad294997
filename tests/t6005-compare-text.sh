#!/bin/sh
# t6005-compare-text: scripts/compare.sh report mode treats every field of
# a CSV as text.  Labels, host, kernel, status and workload fields
# that would run a command if they reached gnuplot, the shell or awk as
# code (a backquote, $(...), an awk statement, a gnuplot string break-out,
# printf conversions) or break a line of gnuplot code (quotes, backslashes,
# line feed, carriage return, escape and other control bytes) give a report
# and plots, run nothing, and appear in the text report as text with each
# control character replaced by a blank (results/README.md).

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
plot=
command -v gnuplot >/dev/null 2>&1 || plot=--no-plot

nl='
'
cr=$(printf '\r')
esc=$(printf '\033')
soh=$(printf '\001')

# The labels, raw; each gets a copy of label A's ok rows.  A marker file
# pwned-* in $T means that something ran.
L1="\`touch $T/pwned-gp\`"
L2="\$(touch $T/pwned-sh)"
L3="\"; system(\"touch $T/pwned-awk\"); \""
L4="x' . system('touch $T/pwned-gpq') . '"
L5="it's a \\ back\\slash\\"
L6="line${nl}feed"
L7="carriage${cr}return"
L8="esc${esc}[31mred${soh}soh"
L9="%s%d%n%% @L1"
L10="\"open quote"
export L1 L2 L3 L4 L5 L6 L7 L8 L9 L10
HOST="\`touch $T/pwned-host\`${esc}[2J"
SEED="\`touch $T/pwned-seed\`"
STATUS="\`touch $T/pwned-status\`: \$(touch $T/pwned-status2)"
export HOST SEED STATUS

# evil.csv: the fixture's header; its ok rows of label A once for each
# label above, with host and kernel replaced; the rows of label B, the
# first with a status that is text; every seed (column 21, the field after
# subdirectories 0) replaced.
# Values come in through ENVIRON, which does no escape processing, and
# are written as RFC 4180 fields.
awk '
	function q(s) {
		if (s !~ /[",\r\n]/)
			return s
		gsub(/"/, "\"\"", s)
		return "\"" s "\""
	}
	BEGIN { FS = OFS = "," }
	NR == 1 { print; next }
	{ sub(/,0,42,/, ",0," q(ENVIRON["SEED"]) ",") }
	$2 == "A" && $3 == "ok" {
		$5 = q(ENVIRON["HOST"])
		$6 = q(ENVIRON["HOST"])
		for (i = 1; i <= 10; i++) {
			$2 = q(ENVIRON["L" i])
			print
		}
	}
	$2 == "B" {
		if ($3 == "ok" && !b++)
			$3 = q(ENVIRON["STATUS"])
		print
	}
' "$srcdir/tests/fixtures/compare-ab.csv" >"$T/evil.csv"

(cd "$T" && sh "$compare" report $plot -o r evil.csv) >"$T/out" 2>"$T/err"
st=$?
is "$st" 0 "report on the CSV with hostile fields exits 0"
[ "$st" -eq 0 ] || diag "$(cat "$T/err")"
is "$(cd "$T" && ls -d pwned-* 2>/dev/null | tr '\n' ' ')" "" \
    "nothing ran: no pwned-* marker (gnuplot, shell, awk)"

# text WANT DESC: WANT is a line, or part of one, of the text report.
text() {
	grep -qF -- "$1" "$T/r.txt"
	ok $? "$2"
}
text "\`touch $T/pwned-gp\`" "a backquoted command is text"
text "\$(touch $T/pwned-sh)" "a shell command substitution is text"
text "\"; system(\"touch $T/pwned-awk\"); \"" "an awk statement is text"
text "x' . system('touch $T/pwned-gpq') . '" "a gnuplot string break-out is text"
text "it's a \\ back\\slash\\" "quotes and backslashes are kept"
text "line feed" "a line feed in a label becomes a blank"
text "carriage return" "a carriage return becomes a blank"
text "esc [31mred soh" "escape and other control bytes become blanks"
text "%s%d%n%% @L1" "printf conversions and gnuplot macros are text"
text "\"open quote" "an unbalanced double quote is text"
text "\`touch $T/pwned-host\` [2J" "the host field is text"
text "seed \`touch $T/pwned-seed\`" "the workload fields are text"
text "1 \`touch $T/pwned-status\`" "the status of a skipped row is text"
is "$(grep -c '^transactions/s ' "$T/r.txt")" 11 \
    "eleven labels, each on one line of the table"
is "$(cat "$T/r.txt" "$T/r.md" "$T/out" | tr -d '\n' |
    tr -d '\040-\176' | wc -c | tr -d ' ')" 0 \
    "the reports hold no control character but line feeds"
grep -qF -- "| it's a \\\\ back\\\\slash\\\\ |" "$T/r.md"
ok $? "Markdown escapes backslashes"

if [ -z "$plot" ]; then
	grep -qF -- "\`touch $T/pwned-gp\`" "$T/r-bars.svg"
	ok $? "the plots show a label as text"
	grep -qF -- "x' . system('touch $T/pwned-gpq') . '" \
	    "$T/r-latency.svg"
	ok $? "the plots show quotes as text"
	# gnuplot reads every row of compare.py's plot data (kept in
	# data/ by the test hook COMPARE_DATA_DIR): a label that starts
	# with a double quote is no quoted string that takes the next
	# columns (and the row's numbers) with it.
	mkdir "$T/data"
	(cd "$T" && COMPARE_DATA_DIR=$T/data sh "$compare" report \
	    --no-plot -o d evil.csv) >/dev/null 2>&1
	cat >"$T/data/count.gp" <<'EOF'
set datafile separator "\t"
stats 'stats.tsv' using 9 nooutput
print STATS_records
EOF
	is "$(cd "$T/data" && gnuplot count.gp 2>&1)" \
	    "$(wc -l <"$T/data/stats.tsv" | tr -d ' ')" \
	    "gnuplot reads every row of the plot data"
else
	skip "labels in the plots" "gnuplot not installed"
	skip "labels in the plots" "gnuplot not installed"
	skip "plot data" "gnuplot not installed"
fi

done_testing
