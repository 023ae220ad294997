#!/bin/sh
# bench/limit.sh works, and its replays make the traced calls: at a tiny
# size (100 files, 200 transactions, one timed run) it prints the table
# (whole process, control and run of ours, its replay, the reference and
# its replay) and a ratio row per program, and with -p (where perf
# works) the profile's shares; then, from the traces and
# lists it kept (-k), the run's window is cut here again (the first
# creation in the location w to the last call that touches it) and its
# calls counted per system call: they must be the converter's counts
# and what strace -c counts of a replay of the list less its control
# (pm-replay -L).  A list whose traced result is changed makes pm-replay
# fail, naming the line; a list missing a call no longer counts as its
# trace.  Nothing is left in TMPDIR, no mount.  Skipped without strace,
# python3 or a tmpfs (root).
. "$srcdir/tests/tap.sh"
skip_sanitized "ASan adds system calls, LSan fails under strace"
[ -n "${STRACE:-}" ] && [ -x "$STRACE" ] ||
    skip_all "strace not installed (apt-get install strace)"
"$STRACE" -f -o /dev/null true >/dev/null 2>&1 ||
    skip_all "strace cannot trace here (ptrace not permitted)"
command -v python3 >/dev/null 2>&1 || skip_all "python3 not installed"
[ "$(id -u)" -eq 0 ] || skip_all "not root: no tmpfs for the runs"
mkdir "$T/mnt"
mount -t tmpfs -o size=1m tmpfs "$T/mnt" 2>/dev/null ||
    skip_all "cannot mount a tmpfs here"
umount "$T/mnt"
rmdir "$T/mnt"
replay=$builddir/bench/pm-replay
need_built "$replay"

progs=ours
set -- -n 1 -f 100 -t 200 -k "$T/keep"
perf=no
if command -v perf >/dev/null 2>&1 &&
    perf record -q -e cpu-clock -o /dev/null true >/dev/null 2>&1; then
	perf=yes
	set -- "$@" -p 1
fi
set -- "$@" "$POSTMARK"
if [ -n "${REFERENCE_POSTMARK:-}" ] && [ -x "$REFERENCE_POSTMARK" ]; then
	progs="ours ref"
	set -- "$@" "$REFERENCE_POSTMARK"
fi
mkdir "$T/tmp"
TMPDIR=$T/tmp STRACE=$STRACE sh "$srcdir/bench/limit.sh" "$@" \
    >"$T/out" 2>"$T/err"
is "$?" 0 "limit.sh exits 0"
is "$(ls -A "$T/tmp")" "" "limit.sh leaves nothing in TMPDIR"
is "$(grep -c " $T/tmp/" /proc/mounts)" 0 "limit.sh leaves no mount"

# The table: a row of 7 figures per process, 3 ratios per program (at
# this size the run is a few milliseconds, and may come out below its
# control's noise: negative).
n='[0-9]+\.[0-9]{4}'
for p in $progs; do
	l=$([ "$p" = ours ] && echo ours || echo reference)
	is "$(grep -Ec "^$l( replay)? +-?$n( +-?$n){6}$" "$T/out")" 2 \
	    "$l: a row of figures for the run and for its replay"
	r='(-?[0-9]+\.[0-9]{3}|-)'
	grep -Eq "^$l/replay +$r +$r +$r$" "$T/out"
	ok $? "$l: the ratios of the run to its replay"
done
grep -q '^replayer: .*each replay made its trace.s calls' "$T/out"
ok $? "limit.sh says that the replays made the traced calls"
for p in $progs; do
	l=$([ "$p" = ours ] && echo ours || echo reference)
	grep -Eq "^$l/replay +median -?[0-9.]+, from -?[0-9.]+ to -?[0-9.]+$" \
	    "$T/out"
	ok $? "$l: the rounds' own ratios"
done

# The profile (-p): the kernel's and user space's shares, ours and the
# replay's, and the user-space functions.
if [ "$perf" = yes ]; then
	p='[0-9]+\.[0-9]{2}%'
	is "$(grep -Ec "^(kernel|user space) +$p +$p$" "$T/out")" 2 \
	    "-p: the kernel's and user space's shares of the run"
	sed -n '/^ours, user space by function:$/{n;p;}' "$T/out" |
	    grep -Eq "^  [^ ]+ +$p$"
	ok $? "-p: our user-space functions"
else
	skip "-p: the kernel's and user space's shares" "perf does not work"
	skip "-p: our user-space functions" "perf does not work"
fi

# window TRACE: the calls of the run in TRACE, "call count" sorted: from
# the first creation in the location w (a path or -y decoration whose
# component is w) to the last line that touches it.
window() {
	awk '{ l[NR] = $0 }
	    /(<|")([^"<>]*\/)?w(\/|>|")/ {
		if (!first && ($0 ~ /O_CREAT/ || $0 ~ /^[0-9]+ +mkdir/))
			first = NR
		last = NR
	    }
	    END {
		for (i = first; first && i <= last; i++) {
			if (l[i] ~ /^[0-9]+ +(---|\+\+\+) /)
				continue
			c = l[i]
			sub(/^[0-9]+ +/, "", c)
			sub(/\(.*/, "", c)
			print c
		}
	    }' "$1" | sort | uniq -c | awk '{ print $2, $1 }'
}

# counts TAG OUT [-L]: what strace -c counts of a replay of TAG's list.
counts() {
	rm -rf "$T/r"
	mkdir -p "$T/r/w"
	"$STRACE" -f -c -U name,calls -o "$T/c.raw" "$replay" ${3:-} \
	    -C "$T/r" "$T/keep/$1.ops" >/dev/null 2>"$T/c.err"
	echo $? >"$T/c.rc"
	awk 'NR > 2 && $1 !~ /^-/ && $1 != "total" { print $1, $2 }' \
	    "$T/c.raw" | sort >"$2"
}

for p in $progs; do
	window "$T/keep/$p.trace" >"$T/$p.window"
	[ "$(awk '{ n += $2 } END { print n + 0 }' "$T/$p.window")" -gt 1000 ]
	ok $? "$p: the trace's run has its calls ($(tr '\n' ' ' \
	    <"$T/$p.window"))"
	same_file "$T/keep/$p.counts" "$T/$p.window" \
	    "$p: the converter counts the calls of the run"
	counts "$p" "$T/$p.c1"
	is "$(cat "$T/c.rc") $(ls -A "$T/r/w")" "0 " \
	    "$p: the replay gets the traced results and leaves w empty"
	counts "$p" "$T/$p.c0" -L
	join -a 1 -a 2 -e 0 -o 0,1.2,2.2 "$T/$p.c1" "$T/$p.c0" |
	    awk '$2 != $3 { print $1, $2 - $3 }' >"$T/$p.replayed"
	same_file "$T/$p.replayed" "$T/$p.window" \
	    "$p: the replay makes the calls of the trace's run (strace -c)"
done

# A result that differs stops being a replay: a write the trace says
# wrote one byte more; and a list without its last lseek makes fewer.
awk '!done && /^r write [0-9]+ [0-9]+ 0 [0-9]+$/ && $4 > 1 {
	$6 = $6 + 1; done = NR } { print }' "$T/keep/ours.ops" >"$T/bad.ops"
line=$(awk '!done && /^r write [0-9]+ [0-9]+ 0 [0-9]+$/ && $4 > 1 {
	print NR; done = 1 }' "$T/keep/ours.ops")
rm -rf "$T/r"
mkdir -p "$T/r/w"
"$replay" -C "$T/r" "$T/bad.ops" >/dev/null 2>"$T/bad.err"
is "$?" 1 "a traced result that differs: pm-replay exits 1"
grep -q "bad.ops:$line: write returned" "$T/bad.err"
ok $? "... and names the line ($(cat "$T/bad.err"))"
awk '{ l[NR] = $0 } /^r lseek / { last = NR }
    END { for (i = 1; i <= NR; i++) if (i != last) print l[i] }' \
    "$T/keep/ours.ops" >"$T/keep/short.ops"
counts short "$T/short.c1"
counts short "$T/short.c0" -L
join -a 1 -a 2 -e 0 -o 0,1.2,2.2 "$T/short.c1" "$T/short.c0" |
    awk '$2 != $3 { print $1, $2 - $3 }' >"$T/short.replayed"
cmp -s "$T/short.replayed" "$T/ours.window"
is "$?" 1 "a list without one lseek does not count as its trace"

[ -s "$T/err" ] && diag "stderr:" "$(cat "$T/err")"
done_testing
