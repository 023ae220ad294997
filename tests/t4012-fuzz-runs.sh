#!/bin/sh
# t4012: fuzz/runs.py on 30 random configurations with a fixed seed, each
# ending in a small run: no crash or sanitizer report, exit 0 or 1 with
# a message, nothing left in the scratch directory, nothing touched
# beside it (fuzz/runs.py says how).  "make fuzz" runs it on more, with
# a new seed each time.

. "$srcdir/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 not installed"

# Each run is bounded by the hang guard's PM_HANG seconds, not by a
# time a slow machine can reach.
TMPDIR=$T python3 "$srcdir/fuzz/runs.py" --tap -n 30 -s 4012 -t "$PM_HANG" \
    -k "$T/keep" "$POSTMARK"
