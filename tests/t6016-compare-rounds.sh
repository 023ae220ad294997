#!/bin/sh
# t6016-compare-rounds: scripts/compare.sh run mode with --seed, -n
# MIN-MAX --precision and --interval, with our postmark on
# scratch directories of $T: --seed S runs in rounds, each a random order
# of the targets that the seed fixes (printed, and in the report), the
# same again with the same seed; without --seed the seed comes from the
# clock and is printed too; --precision stops a target once the 95% CI
# of its transactions/s is within P% of the mean, else at MAX runs, and
# the report and stderr say which reached it; --interval adds set
# interval, so that the runs' interval series land beside the CSV and
# the report has the growth table; bad values are usage errors.
#
# The expected orders were computed independently with python3, from the
# documented generator (Park and Miller's 16807 x mod 2^31 - 1, started at
# S mod 2147483646 + 1, Fisher-Yates from the last place down, j = 1 +
# int(x / (2^31 - 1) * i)): seed 12345 and targets A B C give C B A in
# the first round and B A C in the second.

. "$srcdir/tests/tap.sh"


compare="$srcdir/scripts/compare.sh"
mkdir "$T/a" "$T/b" "$T/c"
printf 'set number 50\nset transactions 50\n' >"$T/small.pmrc"

# labels FILE: the label of each row of the CSV FILE, blank-separated: the
# runs have one client, so each row is a run's (and the first columns
# hold no quotes).
labels() {
	awk -F, 'NR > 1 { printf("%s ", $2) }' "$1"
}

# run NAME ARGS...: run mode with ARGS writing $T/NAME.csv; $st is the exit
# status, stderr in $T/NAME.err.
run() {
	name=$1
	shift
	sh "$compare" -p "$POSTMARK" --no-plot -o "$T/$name.csv" "$@" \
	    >/dev/null 2>"$T/$name.err"
	st=$?
}

run s1 -n 2 --seed 12345 "$T/small.pmrc" A="$T/a" B="$T/b" C="$T/c"
is "$st" 0 "--seed 12345 -n 2: exit 0"
is "$(labels "$T/s1.csv")" "C B A B A C " \
    "the rounds run in the order the seed gives"
grep -qxF \
    'compare.sh: run order: random, seed 12345 (--seed 12345 repeats it)' \
    "$T/s1.err"
ok $? "the seed is printed"
grep -q '^runs: 2 per target, in random order (seed 12345)$' "$T/s1.txt"
ok $? "... and in the report"
is "$(sed -n 1p "$T/s1.txt")" "postmark comparison: A vs B vs C" \
    "the report keeps the order of the targets"
is "$(grep -c 'compare.sh: \[[1-6]/6\] round [12]: [ABC]$' "$T/s1.err")" 6 \
    "the progress counts runs and rounds"
run s2 -n 2 --seed 12345 "$T/small.pmrc" A="$T/a" B="$T/b" C="$T/c"
is "$(labels "$T/s2.csv")" "C B A B A C " "the same seed, the same order"

run p0 -n 2-4 --precision 0.0001 "$T/small.pmrc" A="$T/a" B="$T/b"
is "$st" 0 "-n 2-4 --precision 0.0001: exit 0"
is "$(labels "$T/p0.csv" | tr ' ' '\n' | sort | uniq -c | tr -s ' \n' ' ')" \
    " 4 A 4 B " "a precision out of reach: MAX runs of each target"
seed=$(sed -n 's/^compare.sh: run order: random, seed \([0-9]*\) .*/\1/p' \
    "$T/p0.err")
ok "$(test -n "$seed"; echo $?)" \
    "without --seed: a seed from the clock, printed"
grep -q "^runs: 2-4 per target, until the 95% CI of transactions/s is within 0.0001% of its mean, in random order (seed $seed)$" \
    "$T/p0.txt"
ok $? "the report says what was asked, and the seed"
is "$(awk 'BEGIN { FS = "  +" } /^precision: /, /^$/ {
    if ($1 ~ /^[AB]$/) printf("%s %s %s/", $1, $3, $6) }' "$T/p0.txt")" \
    "A 4 no/B 4 no/" "the precision table: runs and not reached"
grep -qxF \
    'compare.sh: warning: precision of 0.0001% not reached after 4 runs: A; B' \
    "$T/p0.err"
ok $? "stderr names the targets that did not reach it"

# Two positive runs a and b have a 95% half-width of t(0.975, 1) |a - b| /
# (a + b) < 12.71 times their mean, however far apart a loaded machine
# puts them: 1300% is reached after the first two rounds.
run p1 -n 2-6 --precision 1300 "$T/small.pmrc" A="$T/a" B="$T/b"
is "$(labels "$T/p1.csv" | tr ' ' '\n' | sort | uniq -c | tr -s ' \n' ' ')" \
    " 2 A 2 B " "a precision reached at once: MIN runs of each"
is "$(awk 'BEGIN { FS = "  +" } /^precision: /, /^$/ {
    if ($1 ~ /^[AB]$/) printf("%s %s %s/", $1, $3, $6) }' "$T/p1.txt")" \
    "A 2 yes/B 2 yes/" "... which the precision table says"
grep -qxF 'compare.sh: every target reached the precision of 1300%' \
    "$T/p1.err"
ok $? "... and stderr"

run iv -n 2 --interval 20 "$T/small.pmrc" A="$T/a"
is "$st" 0 "--interval 20: exit 0"
is "$(sed -n 1p "$T/iv.csv.intervals.csv" | cut -d, -f1-9)" \
    "schema_version,iteration,label,client,phase,interval,start_s,end_s,\
files_alive" "the runs' interval series are in FILE.csv.intervals.csv"
is "$(awk 'BEGIN { FS = "  +" } /^growth: /, /^$/ {
    if ($1 == "A") printf("%s %s %s", $2, $3, $4) }' "$T/iv.txt")" \
    "2 3 20" "the report has the growth of the creation phase"
run ms -n 1 --interval 5ms "$T/small.pmrc" A="$T/a"
is "$st" 0 "--interval 5ms: exit 0"
is "$(ls -A "$T/a" "$T/b" "$T/c" | tr -d '\n')" "$T/a:$T/b:$T/c:" \
    "the targets are left empty"

# usage VALUE... -- DESC: run mode with these options is a usage error.
usage() {
	desc=$1
	shift
	sh "$compare" -p "$POSTMARK" --no-plot -o "$T/u.csv" "$@" \
	    "$T/small.pmrc" A="$T/a" >/dev/null 2>"$T/err"
	st=$?
	if [ "$st" -eq 2 ] && [ ! -e "$T/u.csv" ]; then
		ok 0 "$desc"
	else
		ok 1 "$desc"
		diag "exit $st, want 2" "$(cat "$T/err")"
	fi
	rm -f "$T/u.csv"
}
usage "-n MIN-MAX without --precision" -n 2-4
usage "-n MIN-MAX with MIN above MAX" -n 4-2 --precision 5
usage "--precision with MIN 1" -n 1-3 --precision 5
usage "--precision 0" -n 2-3 --precision 0
usage "--precision abc" -n 2-3 --precision abc
usage "--seed 1x" --seed 1x
usage "--interval 5x" --interval 5x
usage "--interval ms" --interval ms

done_testing
