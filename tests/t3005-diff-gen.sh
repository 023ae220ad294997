#!/bin/sh
# Differential test, generated configs (tests/diff/gen.list, part 3 of
# 3): each config runs through our postmark and the reference; stdout
# (timing masked), Data totals, exit status and leftovers are compared.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/diff/difflib.sh"
need_reference

dl_compare_list "$srcdir/tests/diff/gen.list" 3 3
done_testing
