#!/bin/sh
#
# Copyright (c) 2026 The postmark developers.
#
# Permission to use, copy, modify, and distribute this software for any
# purpose with or without fee is hereby granted, provided that the above
# copyright notice and this permission notice appear in all copies.
#
# THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
# WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
# MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
# ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
# WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
# ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
# OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.

# compare.sh: compare file systems, kernels or mount options with postmark.
#
# The program is the Python package scripts/postmark_compare (Python 3,
# standard library only; its entry is postmark_compare/compare.py), which
# this POSIX sh front runs: it finds the package data directory (the
# package, the gnuplot scripts plot-*.gp and columns.tsv, the column table
# that make writes from postmark --columns) and python3, and execs it with
# the arguments, in isolated mode (-I: no PYTHON* variables, no user site,
# neither the current directory nor a script's on the module path, so
# nothing beside the caller's files is imported; -S: no site module
# either) with the data directory first on the path.  make install installs this
# file as postmark-compare, documented in man/postmark-compare.1.
#
# Dependencies: python3 (3.8 or later: $PYTHON, else python3 in PATH, else
# /usr/bin/python3), gnuplot 5 (not needed with --no-plot), and in run mode
# this project's postmark.
#
# Exit status: 0 success, 1 failure (a failed run, a bad CSV, a missing
# dependency), 2 usage error, 129/130/143 hangup, interrupt, termination.

set -u

# The package data directory: in the source tree the directory of this
# script.  make install writes postmark-compare from this file with the
# four values below set (scripts/scripts.am): reldata, the data directory
# relative to the installed script, found first so that a prefix staged
# with DESTDIR or moved elsewhere works; instdata, the directory it was
# installed for; pmname, the name postmark was installed under beside it,
# the postmark that run mode runs unless told otherwise; and pminit, the
# guest's init that the kernels mode boots ($(pkglibexecdir)/pm_init).
reldata=
instdata=
pmname=
pminit=
prog=${0##*/}
here=$(CDPATH='' cd -P -- "$(dirname -- "$0")" && pwd -P) || exit 1
datadir=$here
beside=
if [ -n "$instdata" ]; then
	datadir=$instdata
	if [ -n "$reldata" ] && [ -r "$here/$reldata/postmark_compare/compare.py" ]; then
		datadir=$(CDPATH='' cd -P -- "$here/$reldata" && pwd -P) ||
		    exit 1
	fi
	beside=$here/$pmname
fi
if [ ! -r "$datadir/postmark_compare/compare.py" ]; then
	printf '%s: %s\n' "$prog" \
	    "$datadir/postmark_compare/compare.py: missing" >&2
	exit 1
fi
python=${PYTHON:-python3}
if ! py=$(command -v "$python"); then
	py=/usr/bin/python3
	if [ "$python" != python3 ] || [ ! -x "$py" ]; then
		printf '%s: %s\n' "$prog" "$python not found in PATH: install" \
		    "python3 (Debian: apt-get install python3) or name it" \
		    "with \$PYTHON" >&2
		exit 1
	fi
fi
# The first statement of the Python program puts the handler of an
# interrupt in place, before the imports (of the package and its modules,
# most of the start-up's time): Ctrl-C then ends it with
# "PROG: interrupted" and status 130, as it does later in compare.main
# (which puts its own handlers in place), not with a traceback.  -S: no
# site module (the program needs nothing outside the standard library),
# so that the start-up before that statement is as short as it can be.
COMPARE_PROG=$prog COMPARE_DATADIR=$datadir COMPARE_POSTMARK=$beside \
    COMPARE_PM_INIT=$pminit exec "$py" -I -S -B -c 'import os, signal, sys
def interrupted(signo, frame):
    sys.stderr.write(os.environ["COMPARE_PROG"] + ": interrupted\n")
    raise SystemExit(130)
signal.signal(signal.SIGINT, interrupted)
sys.path.insert(0, sys.argv.pop(1))
from postmark_compare import compare
sys.exit(compare.main(sys.argv[1:]))' "$datadir" "$@"
