#!/bin/sh
# Real faults: too many open files (EMFILE), from `ulimit -n' in a
# subshell.  postmark needs descriptors 0-2, with `postmark FILE' one for
# FILE while it is read, one for the directory of the report file of
# `run FILE' (held from before the run to the end of the command) and one
# for the file while it is opened before the run and again for each
# record (not during the run), and one handle for the location and for
# each sK it makes; one more and its first file open fails.  So with the
# configuration on stdin a limit of 5 makes the first file open of the
# run fail (8 with 3 subdirectories), and with it in a file 6 does; one
# less and an sK's handle cannot be opened (the location's, with the
# records on standard output and a limit of 3), which the message
# explains.  Those runs must stop with `postmark: FILE:N: open PATH: Too
# many open files', exit 1, write an `error:' row and leave the location
# as it was (the sK directories made before the open removed).  With the
# configuration in a file and a limit of 5 the report file cannot be
# opened: nothing runs, nothing is created, exit 1.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"

# limited NAME LIMIT HOW CONFIG: make a location $T/NAME.loc with a few
# entries of its own and run CONFIG (set lines joined by `;', the location
# prepended) with at most LIMIT open descriptors, the configuration on
# stdin (HOW `stdin') or named as the argument (HOW `file').  Descriptors
# 3-9 that the test harness may have passed down are closed first.
limited() {
	L=$T/$1.loc
	mkdir "$L" || exit 99
	populate "$L"
	snapshot "$L" >"$T/$1.before"
	pm_config "$1" "set location $L;set seed 42;$4"
	if [ "$3" = stdin ]; then
		in=$T/$1.cfg arg=
	else
		in=/dev/null arg=$T/$1.cfg
	fi
	(
		cd "$T" || exit 99
		exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
		exec <"$in" >"$T/$1.out" 2>"$T/$1.err"
		ulimit -n "$2" || exit 99
		exec $GUARD "$POSTMARK" $arg
	)
	rc=$?
}

# emfile NAME LIMIT HOW PATH CONFIG [MESSAGE]: limited, and the run must
# fail opening PATH (an ERE below the location; empty: the location) in
# the creation phase, with MESSAGE (default: strerror's).
emfile() {
	limited "$1" "$2" "$3" "$5"
	expect_fault "$1" open "$(ere_quote "$L")${4:+/$4}" \
	    "${6:-Too many open files}"
	is "$(phase_of "$T/$1.csv")" creation \
	    "$1: stopped in the creation phase"
	same_as_before "$L" "$T/$1.before" "$1: location exactly as before"
}

c='set number 20;set size 500 10000'
emfile stdin-buffered 5 stdin 1 "$c"
emfile stdin-raw 5 stdin 1 "$c;set buffering false"
emfile stdin-subdirs 8 stdin 's[0-2]/1' "$c;set subdirectories 3"
emfile file-buffered 6 file 1 "$c"
m='Too many open files (the run holds a handle per location and'
m="$m subdirectory; raise ulimit -n or use fewer subdirectories)"
emfile handle-subdir 6 stdin s1 "$c;set subdirectories 3" "$m"

# The location's handle: with a report file, its descriptor is free again
# when the run opens the location; so the records go to standard output,
# and standard input is closed, the configuration named as the argument
# (it takes descriptor 0): a limit of 3, too few for the sanitizers' own
# start.
handle_location() {
	L=$T/handle-location.loc
	mkdir "$L" || exit 99
	populate "$L"
	snapshot "$L" >"$T/handle-location.before"
	printf '%s\n' "set location $L" 'set seed 42' 'set number 20' \
	    'set size 500 10000' 'set report csv' run quit \
	    >"$T/handle-location.cfg"
	(
		cd "$T" || exit 99
		exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&- 0<&-
		exec >"$T/handle-location.csv" 2>"$T/handle-location.all"
		ulimit -n 3 || exit 99
		exec $GUARD "$POSTMARK" "$T/handle-location.cfg"
	)
	rc=$?
	grep '^postmark: ' "$T/handle-location.all" >"$T/handle-location.err"
	expect_fault handle-location open "$(ere_quote "$L")" "$m"
	same_as_before "$L" "$T/handle-location.before" \
	    "handle-location: location exactly as before"
}
if [ "${PM_SANITIZED:-0}" = 1 ]; then
	skip "handle-location" "sanitized build: 3 descriptors are too few"
else
	handle_location
fi

# One descriptor fewer: the report file cannot be opened, so the run does
# not start (the message names the file and the reason).
limited report 5 file "$c"
is "$rc" 1 "report: exit status 1"
re="$(ere_quote "$T/report.cfg"):[0-9]+: run: cannot open"
re="$re '$(ere_quote "$T/report.csv")': Too many open files"
if [ "$(wc -l <"$T/report.err")" -eq 1 ] && grep -Eqx "$re" "$T/report.err"
then
	ok 0 "report: message names the report file"
else
	ok 1 "report: message names the report file"
	diag "stderr:" "$(head -5 "$T/report.err")" "want: $re"
fi
ok "$([ ! -e "$T/report.csv" ]; echo $?)" "report: no report file made"
if grep -q 'Creating files' "$T/report.out"; then
	ok 1 "report: the run did not start"
else
	ok 0 "report: the run did not start"
fi
same_as_before "$L" "$T/report.before" "report: location exactly as before"

done_testing
