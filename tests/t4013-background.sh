#!/bin/sh
# t4013: the suite started in the background.  `make check &' starts the
# tests with SIGINT and SIGQUIT ignored, `nohup make check' with SIGHUP
# ignored, and postmark rightly keeps a signal ignored that it inherited
# ignored: a test that sends one of them must give the program it signals
# the default action itself ($SIGDFL, spawn and pm_start in tests/tap.sh
# and tests/fault/faultlib.sh; the pseudo-terminal drivers for Ctrl-C).
# Every test that sends a signal (kill, or Ctrl-C or Ctrl-D typed on a
# terminal) runs here with the three ignored and must pass as it does
# without, under the hang guard.  In LONG_TESTS: make check-long.
. "$srcdir/tests/tap.sh"

env --ignore-signal=HUP true 2>/dev/null ||
    skip_all "env --ignore-signal not supported (coreutils < 8.31)"

for t in $(cd "$srcdir/tests" &&
    grep -lE '(^|[^-])\<kill\>|\\x0[34]' t[0-9]*.sh | grep -v '^t4013-'); do
	(cd "$T" && exec $GUARD env --ignore-signal=HUP,INT,QUIT \
	    sh "$srcdir/tests/$t") >"$T/$t.out" 2>&1
	rc=$?
	failed=$(grep '^not ok' "$T/$t.out")
	if [ "$rc" -eq 0 ] && [ -z "$failed" ]; then
		ok 0 "$t passes with SIGHUP, SIGINT and SIGQUIT ignored"
	else
		ok 1 "$t passes with SIGHUP, SIGINT and SIGQUIT ignored"
		diag "exit status $rc" "$failed"
	fi
done
done_testing
