#!/bin/sh
# Real faults: the location is removed during the run, by `rm -rf' or by
# moving it away and removing the moved copy, with postmark stopped
# (SIGSTOP) meanwhile so that the removal does not race its creates.  The run must stop with
# `postmark: -:N: open PATH: No such file or directory' (the next create
# in the creation phase), exit 1 and write an `error:' row; nothing may be
# made again at the location's path (no directory, no file) nor anywhere
# else in the scratch directory.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"

# vanish NAME HOW PATH CONFIG: start CONFIG (set lines joined by `;', the
# location $T/NAME.loc prepended) on a location with a few entries of its
# own, 200000 small files so that the creation phase lasts; once file 50
# exists (in an sK with subdirectories) stop postmark, check that it is
# still creating files, remove the location as HOW says (rm, or mv then
# rm), let it go on and wait for the end.  The run must fail opening PATH
# (an ERE below the location).
vanish() {
	L=$T/$1.loc
	mkdir "$L" || exit 99
	populate "$L"
	pm_config "$1" \
	    "set location $L;set seed 42;set number 200000;set size 10 100;$4"
	pm_start "$1"
	wait_for "$L/50" "$L/s0/50" "$L/s1/50" "$L/s2/50" "$L/s3/50"
	ok $? "$1: file 50 made while the run went on"
	pid=$(cat "$T/$1.pid")
	kill -STOP "$pid" 2>/dev/null
	still_in "$1" '^Creating files'
	ok $? "$1: stopped while creating files"
	if [ "$2" = mv ]; then
		mv "$L" "$T/$1.gone"
		gone=$T/$1.gone
	else
		gone=$L
	fi
	rm -rf "$gone"
	kill -CONT "$pid" 2>/dev/null
	pm_wait
	expect_fault "$1" open "$(ere_quote "$L")/$3" \
	    'No such file or directory'
	is "$(phase_of "$T/$1.csv")" creation \
	    "$1: stopped in the creation phase"
	ok "$([ ! -e "$L" ] && [ ! -e "$gone" ]; echo $?)" \
	    "$1: nothing made again at the location's path"
	known="$known $1.cfg $1.csv $1.err $1.out $1.pid $1.rc"
	is "$(cd "$T" && find . -mindepth 1 | sed 's,^\./,,' | sort |
	    tr '\n' ' ')" "$(printf '%s\n' $known | sort | tr '\n' ' ')" \
	    "$1: nothing else anywhere in the scratch directory"
}

known=

vanish rm-buffered rm '[0-9]+' ''
vanish rm-raw rm '[0-9]+' 'set buffering false'
vanish rm-subdirs rm 's[0-3]/[0-9]+' 'set subdirectories 4'
vanish mv-buffered mv '[0-9]+' ''
done_testing
