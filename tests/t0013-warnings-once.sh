#!/bin/sh
# t0013-warnings-once: each validity warning is said once per run command,
# where the person reads it: on a terminal it was
# printed as `postmark: warning:' and again in the report's Warnings
# section, and with set iterations N the runs' warnings N times.
#  - verbose report on the terminal: in the report's Warnings section
#    (of the first run that has it; the summary's after the summary),
#    not on standard error;
#  - report elsewhere (run FILE, standard output redirected, CSV): on
#    standard error, once; the reports in the file keep each run's
#    section, and CSV records their warnings column (data);
#  - a warning is the same whatever its figures (`the creation phase
#    took 3 ms' and `... 4 ms').
# The terminal is a pseudo-terminal (tests/golden/ptyrun.py -t).
. "$srcdir/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed for a pty"
ptyrun=$srcdir/tests/golden/ptyrun.py
HOME=$T
export HOME
mkdir "$T/L"

# Small runs: every phase under 100 ms, three runs: fewer than 5 behind
# the confidence intervals.
work="set location $T/L
set number 200
set transactions 20
set seed 6
set iterations 3"

# warnings FILE: the warnings FILE holds, one a line, their figures
# masked: the lines of Warnings sections, `postmark: warning: ...' and
# `Warning: ...' (after a summary).
warnings() {
	tr -d '\r' <"$1" | awk '
	/^Warnings:$/ { sect = 1; next }
	sect && /^\t/ { sub(/^\t/, ""); print; next }
	{ sect = 0 }
	/^postmark: warning: / { sub(/^postmark: warning: /, ""); print }
	/^Warning: / { sub(/^Warning: /, ""); print }' |
	    sed -E 's/[0-9]+(\.[0-9]+)?/N/g'
}

# once NAME FILE WHAT: each warning of FILE appears once, and there are
# some (the runs do have warnings).
once() {
	warnings "$2" >"$T/$1.w"
	is "$(sort "$T/$1.w" | uniq -d)" "" "$1: each warning once $3"
	[ -s "$T/$1.w" ]
	ok $? "$1: and there were warnings to say"
	[ ! -s "$T/$1.w" ] || [ -z "$(sort "$T/$1.w" | uniq -d)" ] ||
	    diag "$(cat "$T/$1.w")"
}

# tty NAME LINES: type $work and LINES (joined by ';') at postmark on a
# terminal (standard input, output and error); what it showed in
# $T/NAME.tty.
tty() {
	{
		printf '%s\n' "$work"
		printf '%s\n' "$2" | tr ';' '\n'
		echo quit
	} >"$T/$1.in"
	python3 "$ptyrun" -t "$T/$1.in" "$T/$1.tty" "$POSTMARK"
	rc=$?
}

# The verbose report on the terminal: in its Warnings section.
tty verbose "run"
is "$rc" 0 "verbose on the terminal: exit 0"
is "$(tr -d '\r' <"$T/verbose.tty" | grep -c '^Time:')" 3 \
    "verbose on the terminal: three reports"
once verbose "$T/verbose.tty" "on the terminal, over 3 runs and the summary"
is "$(tr -d '\r' <"$T/verbose.tty" | grep -c '^postmark: warning: ')" 0 \
    "verbose on the terminal: none on standard error, all in the report"

# The report in a file, the person at the terminal: standard error once;
# the file has each run's warnings (3 sections).
tty file "run $T/file.txt"
is "$rc" 0 "report to a file: exit 0"
once file "$T/file.tty" "on the terminal"
is "$(grep -c '^Warnings:$' "$T/file.txt")" 3 \
    "report to a file: each of the 3 reports keeps its Warnings section"

# CSV records on the terminal: standard error once; the records keep
# their warnings column.
tty csv "set report csv;run"
is "$rc" 0 "CSV on the terminal: exit 0"
once csv "$T/csv.tty" "on the terminal"
is "$(tr -d '\r' <"$T/csv.tty" | grep -c '^[0-9]*,.*,ok,.*phase took')" 3 \
    "CSV on the terminal: each record has its warnings column"

# No terminal: the reports to standard output (a file), standard error
# once.
printf '%s\nrun\nquit\n' "$work" >"$T/batch.cfg"
"$POSTMARK" <"$T/batch.cfg" >"$T/batch.out" 2>"$T/batch.err"
is "$?" 0 "batch: exit 0"
once batch "$T/batch.err" "on standard error"
is "$(grep -c '^Warnings:$' "$T/batch.out")" 3 \
    "batch: each report on standard output keeps its Warnings section"
done_testing
