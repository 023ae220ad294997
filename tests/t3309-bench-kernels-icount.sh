#!/bin/sh
# bench/kernels-icount.sh still works: its repeat part, two boots of a
# Debian kernel (fetched with apt-get download, never installed; given
# with -k), without busy loops (-b 0) beside other tests, prints each
# boot's elapsed time and transactions/s with their coefficient of
# variation and the VM's clock, and leaves nothing under $TMPDIR; a part
# that does not exist is a usage error.  (The benchmark itself is run by
# hand.)
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
bench=$srcdir/bench/kernels-icount.sh

sh "$bench" -p nothing >out 2>err
is "$?:$(sed -n 1p err)" "2:kernels-icount.sh: -p: 'nothing' is none of $(:
    )repeat, host, dirindex, gate, same" "-p nothing: a usage error"

need_kernel
TMPDIR=$T/tmp sh "$bench" -p repeat -n 2 -b 0 -k "$KIMAGE:$KMODS" \
    "$POSTMARK" >out 2>err
is "$?" 0 "the repeat part: exit 0"
[ -s err ] && diag "stderr:" "$(cat err)"
num='[0-9.]+(e[-+][0-9]+)?'
is "$(grep -Ec "^  (elapsed_s|transactions_per_s) +same +n 2  mean $num  $(:
    )CV $num %  values $num $num$" out)" 2 \
    "each measure's two values and their coefficient of variation"
grep -Eq "^  clock (icount, shift [0-9]+|host, shift ), [12] processor" out
ok $? "... and the VM's clock"
is "$(ls -A "$T/tmp")" "" "nothing left under TMPDIR"
done_testing
