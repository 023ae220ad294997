#!/bin/sh
# t6031-python-lint: every Python file of the tree (the package
# scripts/postmark_compare, its unit tests, the tests' and the
# benchmarks' helpers) passes pyflakes: no unused or undefined name, no
# import that shadows another.  Without pyflakes (Debian: apt-get install
# pyflakes3), each is at least compiled (compileall, in memory).

. "$srcdir/tests/tap.sh"

py=${PYTHON:-python3}
command -v "$py" >/dev/null 2>&1 || skip_all "python3 not installed"

files=$(cd "$srcdir" && find scripts tests bench fuzz -name '*.py' | sort)
is "$(echo "$files" | grep -c '^scripts/postmark_compare/')" \
    "$(cd "$srcdir" && ls scripts/postmark_compare/*.py | wc -l | tr -d ' ')" \
    "the package's modules are among the files checked"

# pyflakes from $PYTHON, else Debian's python3 (pyflakes3 installs it
# there, not into another python3 that may be first in PATH).
flakes=
for p in "$py" /usr/bin/python3; do
	if "$p" -m pyflakes --version >/dev/null 2>&1; then
		flakes=$p
		break
	fi
done
if [ -n "$flakes" ]; then
	(cd "$srcdir" && "$flakes" -m pyflakes $files) >"$T/out" 2>&1
	st=$?
	is "$st:$(cat "$T/out")" 0: "pyflakes finds nothing in $(echo "$files" |
	    wc -l | tr -d ' ') files"
else
	diag "pyflakes not installed (apt-get install pyflakes3): compiling"
	(cd "$srcdir" && "$py" -B -c 'import sys
bad = 0
for path in sys.argv[1:]:
    try:
        compile(open(path, "rb").read(), path, "exec")
    except SyntaxError as e:
        print(e)
        bad += 1
sys.exit(1 if bad else 0)' $files) >"$T/out" 2>&1
	is "$?:$(cat "$T/out")" 0: "every Python file compiles"
fi

done_testing
