#!/bin/sh
# t6020-compare-usage: a usage error says what is wrong in one line, then
# where the usage is, "Try 'PROG --help' for more information.", and
# exits 2: the full usage (60 lines) is for --help.  The same
# for every script of scripts/lib.sh's usage_error: compare.sh (its
# Python program), dirindex-demo.sh and the bench scripts (getopts's own
# message, then the same line); without any argument compare.sh prints
# its synopsis instead of the one line.

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"

# usage WANT DESC -- COMMAND...: COMMAND exits 2 and its stderr is WANT,
# then the line that points to --help (PROG: the script's name).
usage() {
	want=$1 desc=$2
	shift 3
	prog=$(basename -- "$2")
	"$@" >"$T/out" 2>"$T/err" </dev/null
	st=$?
	is "$st:$(cat "$T/out")" 2: "$desc: exit 2, nothing on stdout"
	is "$(cat "$T/err")" "$want
Try '$prog --help' for more information." \
	    "$desc: one line and where the usage is"
}

usage "compare.sh: unknown option -x" "compare.sh -x" -- sh "$compare" -x
usage "compare.sh: report: no CSV file given" "report without files" \
    -- sh "$compare" report --no-plot
usage "compare.sh: --clients needs a list" "an option without its value" \
    -- sh "$compare" --clients
usage "compare.sh: -n: '0' is not a positive integer" "a bad value" \
    -- sh "$compare" -n 0 x.pmrc A=.
usage "compare.sh: need a config file and at least one LABEL=DIRECTORY target" \
    "a config without targets" -- sh "$compare" x.pmrc
usage "compare.sh: --series needs --by" "report --series without --by" \
    -- sh "$compare" report --series label x.csv
usage "dirindex-demo.sh: unknown argument --bogus" "dirindex-demo.sh --bogus" \
    -- sh "$srcdir/scripts/dirindex-demo.sh" --bogus
usage "repeatability.sh: -n: '0' is not a positive integer" \
    "bench/repeatability.sh -n 0" -- sh "$srcdir/bench/repeatability.sh" -n 0

# getopts names the option itself, then the line that points to --help.
sh "$srcdir/bench/repeatability.sh" -x >"$T/out" 2>"$T/err" </dev/null
is "$?:$(wc -l <"$T/err" | tr -d ' '):$(sed -n '$p' "$T/err")" \
    "2:2:Try 'repeatability.sh --help' for more information." \
    "bench/repeatability.sh -x: getopts's message and where the usage is"

# Without arguments: the synopsis, which names the three modes.
sh "$compare" >"$T/out" 2>"$T/err" </dev/null
is "$?" 2 "no arguments: exit 2"
is "$(sed -n 1p "$T/err" | cut -d' ' -f1-2)" "usage: compare.sh" \
    "no arguments: the synopsis on stderr"
grep -q '^       compare.sh report ' "$T/err" &&
    grep -q '^       compare.sh kernels ' "$T/err" &&
    [ "$(wc -l <"$T/err")" -le 16 ] &&
    [ "$(sed -n '$p' "$T/err")" = \
    "Try 'compare.sh --help' for more information." ]
ok $? "... of the three modes, and where the rest is ($(wc -l <"$T/err") lines)"

# --help is the whole usage, on stdout.
sh "$compare" --help >"$T/out" 2>"$T/err"
is "$?:$(cat "$T/err")" 0: "--help: exit 0, nothing on stderr"
ok "$(test "$(wc -l <"$T/out")" -gt 40; echo $?)" \
    "--help: the whole usage ($(wc -l <"$T/out") lines)"

done_testing
