#!/bin/sh
# t2012: a report file is refused when it has the name of a file or
# directory the run makes in a location, before
# anything runs: cI with several clients, cI-N with set shared true, sK
# with subdirectories, N up to number + transactions, and under MPI any
# rR; names the run does not make there are accepted (c2 with two
# clients, s0 when the sK are inside cI, 1 when the files are inside
# sK).  The rule is the engine's (src/pm_names.c): for each
# configuration, every name a run really made in its location (listed by
# hooks after the creation and transaction phases) is refused as a report file.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99
mkdir L

# names CONFIG FILE...: check "run FILE" for each FILE after CONFIG
# (lines joined by ';') in one batch file; every refusal is a line of
# $msg (its "...: run: report file 'F' is" part), status in $rc.
names() {
	cfg=$1
	shift
	printf '%s\n' "$cfg" | tr ';' '\n' >b.pm
	for f in "$@"; do
		echo "run $f"
	done >>b.pm
	rc=0
	"$POSTMARK" b.pm >out 2>err || rc=$?
	q="'\\([^']*\\)'"
	msg=$(errors err | sed -n "s/^b\.pm:[0-9]*: run: report file $q is the\
 name of a \([a-z]*\) the run makes in location $q: choose another\
 name$/\1 \2 \3/p")
}

small='set number 5;set transactions 10'
names "$small;set clients 2" c0 c1
is "$rc:$msg" "1:c0 directory .
c1 directory ." "two clients: c0 and c1 are refused"
names "$small;set clients 2;set shared true" c1-3 c0-15
is "$rc:$msg" "1:c1-3 file .
c0-15 file ." "shared clients: c1-3 and c0-15 are refused"
names "$small" 7 15 ./1
is "$rc:$msg" "1:7 file .
15 file .
./1 file ." "one client: 7, 15 and ./1 are refused"
names "$small;set subdirectories 3" s0 s2
is "$rc:$msg" "1:s0 directory .
s2 directory ." "subdirectories: s0 and s2 are refused"
names "set location L;$small;set clients 2" L/c1 "$T/L/c0"
is "$rc:$msg" "1:L/c1 directory L
$T/L/c0 directory L" "a location elsewhere: its cI are refused"

# Accepted: what the run does not make there (each in a directory of
# its own, where the report file is all that is left).
n=0
for c in "$small;set clients 2:c2" "$small;set clients 2;set shared true:c2-1" \
    "$small:16" "$small:0" "$small:01" "$small;set subdirectories 3:s3" \
    "$small;set subdirectories 3:1" "$small;set clients 2;set subdirectories\
 2:s0" \
    "$small;set clients 2;set location M:c0"; do
	n=$((n + 1))
	mkdir "$T/a$n" "$T/a$n/M" && cd "$T/a$n" || exit 99
	names "${c%:*}" "${c##*:}"
	is "$rc:$(errors err):$(ls -A M | tr '\n' ' ')" 0:: \
	    "${c%:*}: run ${c##*:} is accepted"
	cd "$T" || exit 99
done

# Every name a run made, for each configuration, is refused.
for c in "$small" "$small;set subdirectories 3" "$small;set clients 3" \
    "$small;set clients 2;set shared true" \
    "$small;set clients 2;set shared true;set subdirectories 2" \
    "$small;set clients 2;set subdirectories 2"; do
	: >made
	rm -rf H && mkdir H || exit 99
	printf '%s\n' "set location H;$c" \
	    "set hook after creation ls -A H >>$T/made" \
	    "set hook after transactions ls -A H >>$T/made" run |
	    tr ';' '\n' >h.pm
	"$POSTMARK" h.pm >/dev/null 2>"h.err"
	is "$?:$(errors h.err)" 0: "$c: the run that lists its names succeeds"
	set -- $(sort -u made | sed 's|^|H/|')
	n=$#
	names "set location H;$c" "$@"
	[ "$n" -gt 0 ] && [ "$(echo "$msg" | grep -c .)" -eq "$n" ]
	ok $? "$c: the $n names made in the location are refused"
done

# MPI: any rR, and cI-N of any client of any rank.
if ! "$POSTMARK" --version | grep -q 'with MPI' ||
    ! command -v mpirun >/dev/null 2>&1; then
	skip "MPI names" "postmark built without MPI, or no mpirun"
	done_testing
fi
own_tmpdir		# Open MPI's session directories go with $T
MPIRUN="mpirun -np 2"
if mpirun --version 2>&1 | grep -q 'Open MPI'; then
	MPIRUN="mpirun --oversubscribe -np 2"
	[ "$(id -u)" -ne 0 ] || MPIRUN="$MPIRUN --allow-run-as-root"
fi
$GUARD $MPIRUN "$POSTMARK" --version >probe.out 2>&1 ||
    skip_all "mpirun cannot start two ranks here"
printf '%s\n' 'set number 5' 'set transactions 10' 'run r1' >m.pm
rc=0
$GUARD $MPIRUN "$POSTMARK" m.pm >out 2>err || rc=$?
is "$rc:$(errors err | grep -c "run: report file 'r1' is the name of a\
 directory the run makes in location '.'")" "1:1" "MPI: r1 is refused"
done_testing
