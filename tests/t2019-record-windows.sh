#!/bin/sh
# t2019: the report file that a run command makes, and removes again when
# it recorded nothing, is never left behind and never takes another
# run's record with it.  A stopping signal that comes right after the
# file was made (before the run) finds the handlers in place: the file
# is removed, exit 128+signal.  The removal of a file that recorded
# nothing happens under the file's lock, only while it is still the
# empty file this command made; a run that opened the file before it was
# removed writes its record to the file made again, not to the one
# removed.  The moments come from tests/report/recfault.so: a signal
# raised right after the file is made, a removal held back until another
# run has reached its record.

. "$srcdir/tests/tap.sh"

RECFAULT=$builddir/tests/report/recfault.so
need_built "$RECFAULT"
skip_sanitized "the sanitizers' runtime must come first in LD_PRELOAD"
need_sigdfl
cd "$T" || exit 99
mkdir L LA LB

# SIGTERM right after the report file was made: nothing left.
printf '%s\n' 'set location L' 'set number 10' 'set report csv' \
    "run $T/r.csv" >early.pm
rc=0
$SIGDFL env LD_PRELOAD="$RECFAULT" PMREC_NAME=r.csv PMREC_ACT=signal-create \
    PMREC_SIGNAL=15 $GUARD "$POSTMARK" early.pm >early.out 2>early.err || rc=$?
is "$rc" 143 "a signal right after the file was made: exit 128+SIGTERM"
ok "$([ ! -e r.csv ]; echo $?)" "a signal right after the file was made:\
 the file is removed"
is "$(cat early.err)" "postmark: interrupted by SIGTERM after 0 of 1 runs\
 (warm-up runs included); each of them was complete and is reported" \
    "a signal right after the file was made: the interruption is said"
is "$(ls -A L)" "" "a signal right after the file was made: nothing in L"

# Run A makes the file, records nothing (its hook fails before the run,
# and a classic report has no record of a failed run) and removes the
# file; its removal is held back until run B, which started meanwhile,
# has reached its record.
printf '%s\n' 'set location LA' 'set number 10' 'set hook before run false' \
    "run $T/r.txt" >a.pm
printf '%s\n' 'set location LB' 'set number 10' 'set transactions 20' \
    "set hook after run touch $T/b.ran" "run $T/r.txt" >b.pm
env LD_PRELOAD="$RECFAULT" PMREC_NAME=r.txt PMREC_ACT=pause-unlink \
    PMREC_READY="$T/a.ready" PMREC_GO="$T/a.go" \
    $GUARD "$POSTMARK" a.pm >a.out 2>a.err &
a=$!
cleanup="touch '$T/a.go'; kill $a 2>/dev/null; $cleanup"
await "[ -e '$T/a.ready' ]" $a ||
    diag "run A never came to remove the file"
$GUARD "$POSTMARK" b.pm >b.out 2>b.err &
b=$!
cleanup="kill $b 2>/dev/null; $cleanup"
# B has its record to write: it ended, or (postmark, the guard's child)
# it has the file open after its hook after the run.
await "! kill -0 $b 2>/dev/null || { [ -e '$T/b.ran' ] &&
    ls -l /proc/\$(pgrep -P $b | head -n 1)/fd 2>/dev/null |
    grep -q '$T/r.txt'; }" ||
    diag "run B never came to its record"
touch a.go
wait $a
is "$?" 1 "run A fails (its hook)"
wait $b
is "$?" 0 "run B succeeds"
is "$(grep -c '^Time:$' r.txt 2>/dev/null)" 1 \
    "run B's report is in the file, whatever run A removed"
is "$(ls -A LA LB)" "LA:

LB:" "nothing left in the locations"
done_testing
