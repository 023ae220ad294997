#!/bin/sh
# The engine prints nothing (STYLE.md §6): output belongs to the CLI's
# hooks and reporters, errors go back as a cause.  Guards against a
# stray printf, puts, perror, warn or err call in src/pm_workload.c.

. "$srcdir/tests/tap.sh"

f="$srcdir/src/pm_workload.c"
[ -r "$f" ] || skip_all "$f not found"
found=$(grep -nE '\<(f?printf|puts|putchar|perror|warnx?|errx?)\(' "$f")
is "$found" "" "no printing call in src/pm_workload.c"

done_testing
