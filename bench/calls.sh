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
#
# Which file of src/ calls which: from the layers' libraries of a build
# directory and the program's main (nm(1): the symbols each object
# defines and those it uses), one line "CALLER -> CALLEE: SYMBOL ..." per
# pair of files, then the circles, each
# a set of files that reach one another through calls (the strongly
# connected components of that graph with more than one file), one a line.
# A data symbol (pm_signal) counts as a call: it couples the files as
# much.  With -c only the circles are printed; the status is 1 when there
# is one.  With -s the symbols the graph is drawn from are printed
# instead, one a line: "D LIB FILE SYMBOL" for one that FILE defines,
# "U LIB FILE SYMBOL" for one it uses, LIB being its layer's library
# (libpm_cli.a) or pm_main.o (t1016 checks the layers from them).
#
# Usage: bench/calls.sh [-c | -s] [BUILDDIR]   (default: the current
#        directory)

set -u
export LC_ALL=C

circles=0
symbols=0
case ${1-} in
-c)	circles=1
	shift ;;
-s)	symbols=1
	shift ;;
esac
build=${1-.}
libs=$(ls "$build"/libpm_*.a 2>/dev/null)
if [ -z "$libs" ] || [ ! -r "$build/src/pm_main.o" ]; then
	echo "calls.sh: no libpm_*.a or src/pm_main.o in $build (build first)" >&2
	exit 2
fi

# symbols: the lines of -s.  Each member of an archive
# (libpm_cli_a-pm_shell.o, or pm_rng.o) is named after its source file.
symbols() {
	for symbols_o in "$build/src/pm_main.o" $libs; do
		nm "$symbols_o" 2>/dev/null | awk -v lib="${symbols_o##*/}" '
		BEGIN { f = lib; sub(/\.o$/, ".c", f) }
		/:$/ {
			f = $0
			sub(/:$/, "", f)
			sub(/^lib[a-z_]*_a-/, "", f)
			sub(/\.o$/, ".c", f)
			next
		}
		$1 == "U" { print "U", lib, f, $2 }
		NF == 3 && $2 ~ /^[TDBRCVW]$/ { print "D", lib, f, $3 }'
	done
}

if [ "$symbols" -eq 1 ]; then
	symbols
	exit 0
fi
symbols | awk -v circles="$circles" '
$1 == "D" { def[$4] = $3; next }
$1 == "U" { use[++n] = $3 " " $4 }
END {
	for (i = 1; i <= n; i++) {
		split(use[i], u, " ")
		if (!(u[2] in def) || def[u[2]] == u[1])
			continue
		e = u[1] " -> " def[u[2]]
		if (!(e in syms)) {
			edge[++ne] = e
			adj[u[1]] = adj[u[1]] " " def[u[2]]
			node[u[1]] = node[def[u[2]]] = 1
		}
		syms[e] = syms[e] " " u[2]
	}
	if (!circles)
		for (i = 1; i <= ne; i++)
			print edge[i] ":" syms[edge[i]]
	# Reachability by a search from every file (a few dozen files).
	for (a in node) {
		delete seen
		top = 0
		stack[++top] = a
		while (top > 0) {
			x = stack[top--]
			k = split(adj[x], nb, " ")
			for (j = 1; j <= k; j++)
				if (!(nb[j] in seen)) {
					seen[nb[j]] = 1
					stack[++top] = nb[j]
				}
		}
		for (b in seen)
			reach[a, b] = 1
	}
	found = 0
	for (a in node) {
		if (a in done || !((a, a) in reach))
			continue
		line = a
		done[a] = 1
		for (b in node)
			if (b != a && ((a, b) in reach) && ((b, a) in reach)) {
				line = line " " b
				done[b] = 1
			}
		print "circle: " line
		found = 1
	}
	exit found
}'
