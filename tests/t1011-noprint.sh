#!/bin/sh
# The engine prints nothing (STYLE.md §6): output belongs to the CLI's
# hooks and reporters, errors go back as a cause.  Guards against a
# stray printf, puts, perror, warn or err call in the engine's files
# (pm_engine.c, pm_client.c, pm_workload.c, pm_dirs.c and the files
# beside it, pm_names.c, pm_group.c, pm_merge.c, pm_interval.c) and its
# MPI transport.

. "$srcdir/tests/tap.sh"

for name in pm_engine.c pm_client.c pm_workload.c pm_dirs.c pm_dirtab.c \
    pm_strict.c pm_direct.c pm_names.c pm_group.c pm_merge.c \
    pm_interval.c pm_mpi.c; do
	f="$srcdir/src/$name"
	if [ ! -r "$f" ]; then
		ok 1 "src/$name is there"
		continue
	fi
	found=$(grep -nE '\<(f?printf|puts|putchar|perror|warnx?|errx?)\(' "$f")
	is "$found" "" "no printing call in src/$name"
done

done_testing
