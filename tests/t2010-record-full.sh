#!/bin/sh
# t2010: a record that cannot be written leaves no part of itself
#.  Under a file size limit (prlimit --fsize: EFBIG)
# and, as root, on a full tmpfs (ENOSPC), a run appending to a report
# file that holds good records fails with a message naming the file and
# the error, exit 1, and leaves the file byte for byte as it was; so does
# its interval series file, whichever of the two could not be written;
# the failed record stops the remaining iterations (1 of 3 runs made);
# and a good run appends after it as if nothing had happened.  The same
# for "show FILE".

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"

command -v prlimit >/dev/null 2>&1 || skip_all "prlimit not installed"
prlimit --fsize=1000000 true 2>/dev/null || skip_all "prlimit cannot set\
 RLIMIT_FSIZE"
cd "$T" || exit 99
mkdir L
base='set location L
set number 10
set transactions 20
set size 100 200'

# pad FILE KB: copy FILE's last line until FILE holds at least KB KiB.
pad() {
	last=$(tail -n 1 "$1")
	while [ "$(wc -c <"$1")" -lt $(($2 * 1024)) ]; do
		for i in 1 2 3 4 5 6 7 8; do
			printf '%s\n' "$last"
		done >>"$1"
	done
}

# full NAME LIMIT CONFIG: run CONFIG (lines joined by ';') under a file
# size limit of LIMIT bytes; status in $rc, stdout NAME.out, stderr
# NAME.err.
full() {
	printf '%s\n' "$base" >"$1.pm"
	printf '%s\n' "$3" | tr ';' '\n' >>"$1.pm"
	rc=0
	prlimit --fsize="$2" "$POSTMARK" "$1.pm" >"$1.out" 2>"$1.err" || rc=$?
}

size() { wc -c <"$1" | tr -d ' '; }

# unchanged FILE COPY DESC: FILE is byte for byte COPY; sizes if not.
unchanged() {
	cmp -s "$1" "$2"
	ok $? "$3"
	cmp -s "$1" "$2" || diag "$(size "$2") bytes before," \
	    "$(size "$1") after: $(cmp "$2" "$1" 2>&1)"
}

for fmt in csv json; do
	f=$T/r.$fmt
	printf '%s\nset report %s\nrun %s\n' "$base" $fmt "$f" >good.pm
	"$POSTMARK" good.pm >/dev/null 2>&1 || exit 99
	pad "$f" 200
	cp "$f" before
	full $fmt $(($(size "$f") + 100)) "set report $fmt;set iterations\
 3;run $f"
	is "$rc" 1 "$fmt: the run fails"
	is "$(errors $fmt.err)" \
	    "postmark: $fmt.pm:7: cannot write the report to $f: File too\
 large" \
	    "$fmt: the message names the file and the error"
	unchanged "$f" before "$fmt: the file is as it was"
	is "$(grep -c '^Creating files' $fmt.out)" 1 \
	    "$fmt: the failed record stops the iterations"
	is "$(ls -A L)" "" "$fmt: nothing left in the location"
	"$POSTMARK" good.pm >/dev/null 2>&1
	head -c "$(size before)" "$f" | cmp -s - before &&
	    [ "$(size "$f")" -gt "$(size before)" ]
	ok $? "$fmt: a good run appends after the old records"
done

# The interval series and the report: one failing leaves both as they
# were.  First the report cannot grow, then the series cannot.
f=$T/i.csv
printf '%s\nset interval 5\nset report csv\nrun %s\n' "$base" "$f" >good.pm
"$POSTMARK" good.pm >/dev/null 2>&1 || exit 99
for big in "$f:200" "$f.intervals.csv:400"; do
	pad "${big%:*}" "${big##*:}"
	big=${big%:*}
	cp "$f" before
	cp "$f.intervals.csv" before.iv
	full iv $(($(size "$big") + 100)) "set interval 5;set report csv;run $f"
	is "$rc:$(errors iv.err | sed 's/.*: //')" "1:File too large" \
	    "${big##*/} full: the run fails"
	unchanged "$f" before "${big##*/} full: the report is as it was"
	unchanged "$f.intervals.csv" before.iv \
	    "${big##*/} full: the interval series is as it was"
done

# show FILE.
printf 'line\n' >shown
pad shown 50
cp shown before
full show $(($(size shown) + 100)) "show $T/shown"
is "$rc:$(errors show.err | sed 's/.*: //')" "1:File too large" \
    "show FILE: fails"
unchanged shown before "show FILE: the file is as it was"

# A full file system (root: a tmpfs of our own), JSON records: one is
# larger than the room left in the last page of the file.
if [ "$(id -u)" -ne 0 ]; then
	skip "a full file system" "needs root to mount a tmpfs"
	done_testing
fi
mount_tmpfs "$T/fs" size=256k
f=$T/fs/r.json
printf '%s\nset report json\nrun %s\n' "$base" "$f" >good.pm
"$POSTMARK" good.pm >/dev/null 2>&1 || exit 99
dd if=/dev/zero of="$T/fs/filler" bs=1k 2>/dev/null
cp "$f" before
full enospc 100000000 "set report json;set iterations 2;run $f"
is "$rc:$(errors enospc.err)" \
    "1:postmark: enospc.pm:7: cannot write the report to $f: No space left on\
 device" \
    "full tmpfs: the run fails, naming the file and the error"
unchanged "$f" before "full tmpfs: the file is as it was"
is "$(grep -c '^Creating files' enospc.out)" 1 \
    "full tmpfs: the failed record stops the iterations"
done_testing
