#!/bin/sh
# t7002-direct: set direct true on an ext4 image whose loop device has
# 4096-byte logical blocks (so the direct-I/O alignment is 4096, not the
# usual 512: postmark must find it, not assume it):
#  - with set buffering false and 4k blocks the run works, and its counts
#    and bytes are those of the same run without O_DIRECT (the padding of
#    each transfer is not counted), leaving the location as it was;
#  - refused, exit 1, one message and nothing created (the location's
#    snapshot, and no mkdir/create in the strace), on a tmpfs (the
#    message names the location), with set buffering true, and with block
#    sizes that are not multiples of the alignment (the message gives
#    4096), also when another location or subdirectories come first;
#  - a location inside another's sK is probed when it is opened.
# Needs root, a loop device and mkfs.ext4; the tmpfs part needs root.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/durability/durlib.sh"

need_loop
E=$T/ext4
ext4_location "$E" 4096
mkdir "$E/loc"
populate "$E/loc"
snapshot "$E/loc" >"$T/loc.before"
mount_tmpfs "$T/tmpfs" "size=64m,mode=0755"
populate "$T/tmpfs"
snapshot "$T/tmpfs" >"$T/tmpfs.before"

work='set number 60;set transactions 400;set size 500 20000;set seed 11'
raw="$work;set buffering false;set read 4k;set write 4k"

# The run, with and without O_DIRECT.
pm_config plain "set location $E/loc;$raw"
pm_run plain
is "$rc $(csv_get "$T/plain.csv" status)" "0 ok" "without direct: exit 0, ok"
pm_config direct "set location $E/loc;$raw;set direct true"
pm_run direct
is "$rc $(csv_get "$T/direct.csv" status)" "0 ok" "direct: exit 0, ok"
[ "$rc" -eq 0 ] || diag "$(cat "$T/direct.err")"
is "$(csv_get "$T/direct.csv" direct) $(csv_get "$T/plain.csv" direct)" \
    "1 0" "the CSV column direct says which run was which"
is "$(du_counts direct)" "$(du_counts plain)" \
    "direct: the counts and bytes of the run without O_DIRECT"
same_as_before "$E/loc" "$T/loc.before" "direct: the location as before"

# refused NAME LOC CONFIG MESSAGE [WHY]: CONFIG on location LOC must stop
# with exit 1 and the one line MESSAGE (an ERE after "-:N: ", itself
# after "postmark: " for a run's error), making nothing: LOC as before,
# no mkdir and no O_CREAT in LOC in its strace (a TODO test, known bug
# WHY, when given).
refused() {
	pm_config "$1" "$3"
	if [ -n "${STRACE:-}" ] && [ -x "$STRACE" ]; then
		# LeakSanitizer cannot run under ptrace (a sanitized build);
		# ASan still checks.
		pm_run "$1" env "ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0" \
		    "$STRACE" -f -y -qq \
		    -e trace=mkdir,mkdirat,open,openat -o "$T/$1.tr"
	else
		pm_run "$1"
	fi
	is "$rc" 1 "$1: exit 1"
	one_message "$1" "(postmark: )?-:[0-9]+: $4" "$1: the message says why"
	same_as_before "$2" "$T/${2##*/}.before" "$1: the location as before"
	if [ ! -f "$T/$1.tr" ]; then
		skip "$1: nothing created" "strace not installed"
		return
	fi
	made=$(grep -E "mkdir|O_CREAT" "$T/$1.tr" |
	    grep -F -e "<$2>" -e "<$2/" -e "\"$2/" | head -3)
	if [ -n "${5:-}" ]; then
		todo_is "$made" "" "$1: nothing created, not even for a moment" \
		    "$5"
	else
		is "$made" "" "$1: nothing created, not even for a moment"
	fi
}

tl=$(ere_quote "$T/tmpfs")
notmpfs="direct $tl: the file system (refuses O_DIRECT|gives no direct-I/O \
alignment \(tmpfs has none\))"
refused tmpfs "$T/tmpfs" "set location $T/tmpfs;$raw;set direct true" \
    "$notmpfs"
refused buffered "$E/loc" "set location $E/loc;$work;set direct true" \
    "$(ere_quote "run: set direct true needs set buffering false (O_DIRECT \
is for unbuffered I/O)")"
is "$(cat "$T/buffered.csv" 2>/dev/null)" "" \
    "buffered: refused before the run (no CSV row)"
blocks="block sizes must be multiples of 4096 bytes, the file system's \
direct-I/O alignment (set read 4096, set write 4096)"
m=$(ere_quote "$blocks")
d="set location $E/loc;$raw;set direct true"
refused read512 "$E/loc" "$d;set read 512" "direct read 512 and write 4096: $m"
refused write6k "$E/loc" "$d;set write 6k" "direct read 4096 and write 6144: $m"
is "$(csv_get "$T/write6k.csv" status)" \
    "error: direct read 4096 and write 6144: $blocks" \
    "write6k: the CSV row says the same"

# Every location is probed before anything is made: a location before
# the one refused, with subdirectories, does not get its sK made first.
refused tmpfs-second "$E/loc" \
    "$d;set location +$T/tmpfs;set subdirectories 3" "$notmpfs"
refused read512-subdirs "$E/loc" "$d;set read 512;set subdirectories 3" \
    "direct read 512 and write 4096: $m"

# A location inside another's sK does not exist before the run: the
# locations are probed again as they are opened (O_TMPFILE|O_DIRECT: the
# first before anything is made, then both), and the run works.
pm_config nested "$d;set location +$E/loc/s0;set subdirectories 2"
if [ -n "${STRACE:-}" ] && [ -x "$STRACE" ]; then
	pm_run nested env "ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0" \
	    "$STRACE" -f -y -qq -e trace=openat -o "$T/nested.tr"
	is "$(grep -F O_TMPFILE "$T/nested.tr" | grep -c O_DIRECT)" 3 \
	    "nested: the first location probed, then both as they are opened"
else
	pm_run nested
	skip "nested: the probes" "strace not installed"
fi
is "$rc $(csv_get "$T/nested.csv" status)" "0 ok" "nested: exit 0, ok"
same_as_before "$E/loc" "$T/loc.before" "nested: the location as before"

done_testing
