#!/bin/sh
# t1016: the engine's calls point down (HACKING.md, "What calls what";
# bench/calls.sh draws the graph from the build's objects): no engine file
# is in a circle of calls, and none calls into the run driver or the
# command language.  Before the split of pm_workload.c, pm_workload.c,
# pm_dirs.c, pm_names.c and pm_interval.c called one another round.
# What the engine still calls of the reporters (pm_merge.c's pm_latstat)
# is listed, for the split of pm_report.c.
. "$srcdir/tests/tap.sh"

command -v nm >/dev/null 2>&1 || skip_all "nm(1) not installed"
[ -r "${builddir:-.}/src/pm_main.o" ] || skip_all "no objects in src/"

ENGINE='pm_engine.c pm_client.c pm_workload.c pm_dirs.c pm_dirtab.c
pm_strict.c pm_direct.c pm_names.c pm_group.c pm_merge.c pm_interval.c
pm_io.c'
ABOVE='pm_main.c pm_shell.c pm_cli.c pm_option.c pm_value.c pm_show.c pm_config.c
pm_run.c pm_hook.c pm_output.c pm_warn.c'

sh "$srcdir/bench/calls.sh" "${builddir:-.}" >"$T/calls.txt"
status=$?
ok "$([ $status -le 1 ] && [ -s "$T/calls.txt" ]; echo $?)" \
    "bench/calls.sh drew the graph"

circles=$(sed -n 's/^circle: //p' "$T/calls.txt")
for f in $ENGINE; do
	in=$(printf '%s\n' "$circles" | tr ' ' '\n' | grep -Fx "$f")
	is "$in" "" "$f is in no circle of calls"
done

up=
for f in $ENGINE; do
	for a in $ABOVE; do
		up="$up$(grep -F "$f -> $a:" "$T/calls.txt")"
	done
done
is "$up" "" "no engine file calls into the driver or the command language"
diag "the engine's calls into the reporters:" \
    "$(grep -E "^pm_[a-z]+\.c -> pm_report\.c:" "$T/calls.txt" |
    grep -E "^($(echo $ENGINE | sed 's/ /|/g' | sed 's/\./\\./g')) ")"
done_testing
