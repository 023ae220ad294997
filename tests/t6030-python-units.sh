#!/bin/sh
# t6030-python-units: the unit tests of the Python package
# scripts/postmark_compare (tests/python/test_*.py: the CSV reader and
# numbers, the statistics, the record frames, ELF and modules.dep
# reading, the QEMU command line, the disk and initramfs builders), run
# by unittest through tests/python/taprun.py, one TAP line per test.
# Their scratch files are made under this script's $T.

. "$srcdir/tests/tap.sh"

py=${PYTHON:-python3}
command -v "$py" >/dev/null 2>&1 || skip_all "python3 not installed"

TMPDIR=$T PYTHONDONTWRITEBYTECODE=1 "$py" -B \
    "$srcdir/tests/python/taprun.py" "$srcdir/scripts"
