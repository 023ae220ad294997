#!/bin/sh
# t1016: calls go down the layers.  Each layer is a convenience library
# (Makefile.am's PM_LAYERS, top first: command language, run driver,
# records, configuration, engine, MPI transport, ground), and from the
# libraries' own symbols (nm) no library uses a symbol that a library
# above it defines.  The engine's files are in no circle of calls
# (bench/calls.sh draws the graph between files): before the split of
# pm_workload.c, pm_workload.c, pm_dirs.c, pm_names.c and pm_interval.c
# called one another round.
. "$srcdir/tests/tap.sh"

command -v nm >/dev/null 2>&1 || skip_all "nm(1) not installed"
b=${builddir:-.}
: "${PM_LAYERS:?PM_LAYERS must list the layers libraries, top first}"

# The libraries, in order, each with its symbols (bench/calls.sh -s):
# "U LIB FILE SYMBOL" for what it uses, "D LIB FILE SYMBOL" for what it
# defines.
n=0
for lib in $PM_LAYERS; do
	n=$((n + 1))
	ok "$([ -r "$b/$lib" ]; echo $?)" "layer $n is $lib"
done
sh "$srcdir/bench/calls.sh" -s "$b" | awk -v layers="$PM_LAYERS" '
BEGIN { k = split(layers, l, " "); for (i = 1; i <= k; i++) layer[l[i]] = 1 }
$2 in layer' >"$T/symbols"
ok "$([ -s "$T/symbols" ]; echo $?)" "nm read the libraries' symbols"

# Every use of a symbol that a library above defines, as
# "LIB (FILE) calls up into LIB (FILE): SYMBOL".
awk -v layers="$PM_LAYERS" '
BEGIN { k = split(layers, l, " "); for (i = 1; i <= k; i++) rank[l[i]] = i }
$1 == "D" { def[$4] = $2; deffile[$4] = $3; next }
$1 == "U" { use[++nu] = $2 " " $3 " " $4 }
END {
	for (i = 1; i <= nu; i++) {
		split(use[i], u, " ")
		if (!(u[3] in def))
			continue
		if (rank[def[u[3]]] < rank[u[1]])
			printf "%s (%s) calls up into %s (%s): %s\n", u[1],
			    u[2], def[u[3]], deffile[u[3]], u[3]
		else if (def[u[3]] != u[1])
			down[u[1] " -> " def[u[3]]]++
	}
	for (e in down)
		printf "down: %s: %d uses\n", e, down[e]
}' "$T/symbols" >"$T/calls"
up=$(grep -v '^down: ' "$T/calls")
is "$up" "" "no library calls one above it"
diag "the layers' calls down:" "$(sed -n 's/^down: //p' "$T/calls" | sort)"

# The engine's files: those of its library.
sh "$srcdir/bench/calls.sh" "$b" >"$T/graph.txt"
status=$?
ok "$([ $status -le 1 ] && [ -s "$T/graph.txt" ]; echo $?)" \
    "bench/calls.sh drew the graph"
engine=$(awk '$1 == "D" && $2 == "libpm_engine.a" { print $3 }' \
    "$T/symbols" | sort -u)
ok "$([ -n "$engine" ]; echo $?)" "the engine library has files"
circles=$(sed -n 's/^circle: //p' "$T/graph.txt")
for f in $engine; do
	in=$(printf '%s\n' "$circles" | tr ' ' '\n' | grep -Fx "$f")
	is "$in" "" "$f is in no circle of calls"
done
done_testing
