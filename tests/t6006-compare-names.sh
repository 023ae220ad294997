#!/bin/sh
# t6006-compare-names: scripts/compare.sh takes any file name as a name
#.  CSV files, report prefixes and configs named -x.csv,
# --help.csv, -, -fevil.csv (awk: "-f evil.csv", a program), "a b.csv",
# with quotes, a backquote, $(...), a line feed, or |command (gnuplot:
# "set output '|command'" pipes) are read and written as files: nothing
# runs, and the report and plots land under those names.

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
plot=
command -v gnuplot >/dev/null 2>&1 || plot=--no-plot
nl='
'

# report_as PLOT NAME DESC ARGS...: copy the fixture to $T/NAME, run
# report mode in $T with ARGS (the last naming the file), and check exit
# 0, PREFIX.txt and .md and, when PLOT is 1 and gnuplot is installed, the
# plots PREFIX-bars.png and PREFIX-latency.svg (PREFIX: NAME without .csv).
report_as() {
	p=--no-plot
	[ "$1" = 1 ] && p=$plot
	want=$1 name=$2 desc=$3
	shift 3
	cp "$srcdir/tests/fixtures/compare-ab.csv" "$T/$name"
	(cd "$T" && sh "$compare" report $p "$@") >"$T/out" 2>"$T/err"
	st=$?
	is "$st" 0 "$desc: exit 0"
	[ "$st" -eq 0 ] || diag "$(cat "$T/err")"
	base=$T/${name%.csv}
	ok "$(test -s "$base.txt" && test -s "$base.md"; echo $?)" \
	    "$desc: the reports are PREFIX.txt and .md"
	if [ -z "$p" ]; then
		ok "$(test -s "$base-bars.png" && test -s "$base-latency.svg"
		    echo $?)" "$desc: the plots are PREFIX-bars.png ..."
	elif [ "$want" = 1 ]; then
		skip "$desc: plots" "gnuplot not installed"
	fi
}

# An awk program that marks $T if a file name makes awk load it.
printf 'BEGIN { system("touch pwned-awk") }\n' >"$T/evil.csv"

report_as 1 -x.csv "-x.csv" -- -x.csv
report_as 0 --help.csv "--help.csv" -- --help.csv
report_as 0 -fevil.csv "-fevil.csv (awk's -f evil.csv)" -- -fevil.csv
report_as 0 - "a CSV file named -, not stdin" -- - </dev/null
report_as 0 x=1.csv "x=1.csv (an awk assignment)" x=1.csv
report_as 1 "a b.csv" "a name with a blank" "a b.csv"
report_as 1 "q'\"\`touch pwned-gp\`\$(touch pwned-sh).csv" \
    "quotes, a backquote and \$(...)" \
    "q'\"\`touch pwned-gp\`\$(touch pwned-sh).csv"
report_as 1 "|touch pwned-pipe;x.csv" "|command (a gnuplot output pipe)" \
    "|touch pwned-pipe;x.csv"
report_as 1 "line${nl}feed.csv" "a line feed" "line${nl}feed.csv"
is "$(sed -n 's/^source: //p' "$T/line${nl}feed.txt")" "line feed.csv" \
    "the source line shows the line feed as a blank"

# -o PREFIX starting with - or |.
cp "$srcdir/tests/fixtures/compare-ab.csv" "$T/ab.csv"
(cd "$T" && sh "$compare" report $plot -o -r ab.csv) >/dev/null 2>"$T/err"
ok "$(test $? -eq 0 && test -s "$T/-r.txt"; echo $?)" "-o -r writes -r.txt"
(cd "$T" && sh "$compare" report $plot -o '|touch pwned-o;' ab.csv) \
    >/dev/null 2>"$T/err"
ok "$(test $? -eq 0 && test -s "$T/|touch pwned-o;.txt"; echo $?)" \
    "-o '|touch pwned-o;' writes '|touch pwned-o;.txt'"

# Configs named -x.pmrc and a=b.pmrc in run mode pass the config check
# and get to the run (of a postmark that answers --version as ours, since
# compare.sh checks it, and is /bin/true otherwise: it writes no row).
mkdir "$T/a"
printf 'set number 10\n' >"$T/-x.pmrc"
printf 'set number 10\n' >"$T/a=b.pmrc"
printf '#!/bin/sh\n[ "${1-}" != --version ] ||\n    echo "postmark 0.1.0 (PostMark v1.53 compatible)"\n' >"$T/true"
chmod +x "$T/true"
for c in -x.pmrc a=b.pmrc; do
	(cd "$T" && sh "$compare" -n 1 -p "$T/true" --no-plot -o "$T/c.csv" \
	    -- "$c" A=a) >/dev/null 2>"$T/err"
	grep -q 'wrote no CSV row' "$T/err"
	st=$?
	ok "$st" "a config named $c is read as a config (got to the run)"
	[ "$st" -eq 0 ] || diag "$(cat "$T/err")"
done

is "$(cd "$T" && ls -d pwned-* 2>/dev/null | tr '\n' ' ')" "" \
    "nothing ran: no pwned-* marker (awk, gnuplot, shell)"

done_testing
