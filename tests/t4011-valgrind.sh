#!/bin/sh
# t4011: valgrind finds nothing in whole sessions: a file of commands on
# standard input (several tiny runs in a scratch location, iterations,
# load of a good file, show, help, every report format, the CSV and
# JSON ones to files, a shell escape, quit), one with every kind of error
# (bad values, unknown and ambiguous commands, a bad load: refused by the
# check pass), and an interactive session on a pseudo-terminal with
# libedit active, where errors and runs alternate.
#
# Memcheck reports invalid reads and writes, uses of uninitialised
# values, bad frees and fd misuse as errors; of the leaks only
# "definite" (no pointer to the block left) and "indirect" (reachable
# only from such a block) count: "possible" leaks are interior pointers
# that libraries keep on purpose, and "reachable" blocks are still
# referenced at exit (stdio buffers, libedit's state, the command list
# built once), so neither is a bug.  tests/valgrind.supp hides libedit's
# own leak.  Errors exit with 42, a status postmark never uses, so that
# a session that fails on purpose (status 1) is told apart.

. "$srcdir/tests/tap.sh"

command -v valgrind >/dev/null 2>&1 ||
    skip_all "valgrind not installed (apt-get install valgrind)"
skip_sanitized "valgrind cannot run AddressSanitizer's binaries"

HOME=$T
export HOME
mkdir "$T/w" "$T/w/loc"
cd "$T/w" || exit 99

# vg NAME CMD...: run CMD (postmark under memcheck) with its log in
# $T/NAME.vg; the exit status in $rc.
vg() {
	name=$1
	shift
	rc=0
	"$@" valgrind -q --leak-check=full --error-exitcode=42 \
	    --errors-for-leak-kinds=definite,indirect \
	    --show-leak-kinds=definite,indirect \
	    --suppressions="$srcdir/tests/valgrind.supp" \
	    --log-file="$T/$name.vg" "$POSTMARK" || rc=$?
}

# clean NAME WANT: valgrind's log is empty and the status is WANT.
clean() {
	is "$rc" "$2" "$1: exit status $2 (42: valgrind found errors)"
	test ! -s "$T/$1.vg"
	ok $? "$1: valgrind reports nothing"
	[ -s "$T/$1.vg" ] && diag "$(head -n 40 "$T/$1.vg")"
	is "$(ls -A loc)" "" "$1: the location is empty"
}

printf '%s\n' 'set number 20' 'set transactions 50' 'set seed 7' >good.pm
printf '%s\n' 'set number 0' 'bogus' >bad.pm

# A file of commands on standard input: everything that works.
cat >session.pm <<'EOF'
set location loc
load good.pm
set size 100 2k
set subdirectories 2
run
set buffering false
set bias read -1
set report terse
run
set iterations 3
set report verbose
run
set iterations 1
set report csv
set label valgrind, "csv"
run report.csv
set report json
run report.json
show
show shown.txt
help
help set b
!true
quit
EOF
vg stdin env <session.pm >"$T/out" 2>"$T/err"
clean stdin 0
is "$(sed 1d report.csv | wc -l | tr -d ' ')" 1 \
    "stdin: the CSV record was written, after its header"
rm -f report.csv report.json shown.txt

# Every kind of error: the check pass refuses the file.
cat >errors.pm <<'EOF'
set location loc
set number 0
set number 12abc
set size 9 3
set bias read 11
set buffering maybe
set report xml
set location +nowhere x
set s 1
bogus
load
load missing.pm
load bad.pm
load /dev/zero
show a b
run a b
EOF
vg errors env <errors.pm >"$T/out" 2>"$T/err"
clean errors 1
grep -q "unknown command 'bogus'" "$T/err"
ok $? "errors: the errors were reported"

# A terminal session: libedit reads the lines, errors do not stop it.
if command -v python3 >/dev/null 2>&1; then
	cat >tty.in <<'EOF'
set location loc
set number 0
load good.pm
load bad.pm
bogus
set report terse
run
set iterations 2
set report verbose
run
set report csv
run report.csv
show
help
quit
EOF
	vg tty python3 "$srcdir/tests/golden/ptyrun.py" -t tty.in "$T/tty.out"
	clean tty 1
	grep -q 'Performing transactions' "$T/tty.out"
	ok $? "tty: the runs ran"
	rm -f report.csv
else
	skip "tty: valgrind on a terminal" "python3 not installed"
fi
done_testing
