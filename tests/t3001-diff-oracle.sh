#!/bin/sh
# Differential test, reference section 8 oracle (odd rows): each config
# runs through our postmark and the reference; stdout (timing masked),
# Data totals, exit status and leftovers are compared, and the reference's
# counts are checked against the document so that the configs are known to
# be section 8's.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/diff/difflib.sh"
need_reference

dl_oracle "$srcdir/tests/diff/oracle.list" 1 2
done_testing
