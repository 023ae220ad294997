#!/bin/sh
# t6010-compare-installed: `make install' (into $T with DESTDIR) installs
# scripts/compare.sh as bin/postmark-compare with compare.py and its
# modules (compare.awk and lib.sh before the tool was Python), the plot scripts,
# columns.tsv and classic.pm under share/postmark and its manual, and the
# installed program finds them from its own place: run from
# another directory, `postmark-compare report' writes the same text,
# Markdown and plots as scripts/compare.sh report on the same CSV, and
# --help and its messages name it postmark-compare.  A copy away from the
# prefix falls back to the directory it was installed for.  `make
# uninstall' removes every file again.

. "$srcdir/tests/tap.sh"

command -v make >/dev/null 2>&1 || skip_all "make not installed"
[ -f "$builddir/Makefile" ] || skip_all "no Makefile in $builddir"
plot=
command -v gnuplot >/dev/null 2>&1 || plot=--no-plot

# mk TARGET: run make TARGET in the build tree with DESTDIR=$T/root, free
# of the settings of the make that runs the test suite.
mk() {
	(unset MAKEFLAGS MFLAGS MAKELEVEL
	exec make -s -C "$builddir" "$1" DESTDIR="$T/root") >"$T/make.out" 2>&1
}

mk install
st=$?
is "$st" 0 "make install DESTDIR=\$T/root exits 0"
[ "$st" -eq 0 ] || diag "$(tail -20 "$T/make.out")"
pc=$(find "$T/root" -path '*/bin/postmark-compare' -type f | sed 1q)
ok "$(test -n "$pc" && test -x "$pc"; echo $?)" \
    "postmark-compare is installed in bin: ${pc#"$T"/root}"
[ -n "$pc" ] || pc=$T/root/missing/bin/postmark-compare
share=$(dirname -- "$(dirname -- "$pc")")/share
differ=
for f in bench/classic.pm $(cd "$srcdir" && echo scripts/postmark_compare/*.py) \
    scripts/plot-bars.gp scripts/plot-clients.gp scripts/plot-common.gp \
    scripts/plot-files.gp scripts/plot-growth.gp scripts/plot-latency.gp \
    scripts/plot-series.gp; do
	cmp -s "$share/postmark/${f#*/}" "$srcdir/$f" || differ="$differ $f"
done
is "$differ" "" "its data are copies of the sources in share/postmark"
"$POSTMARK" --columns >"$T/columns.tsv"
cmp -s "$share/postmark/columns.tsv" "$T/columns.tsv"
ok $? "columns.tsv is postmark --columns"
ok "$(test -f "$share/man/man1/postmark-compare.1"; echo $?)" \
    "its manual is installed in share/man/man1"

# The installed program and the source script on copies of one CSV, each
# run from a directory of its own.
mkdir "$T/inst" "$T/src" "$T/elsewhere"
cp "$srcdir/tests/fixtures/compare-ab.csv" "$T/inst/ab.csv"
cp "$srcdir/tests/fixtures/compare-ab.csv" "$T/src/ab.csv"
(cd "$T/elsewhere" && "$pc" report $plot -o ../inst/ab ../inst/ab.csv) \
    >"$T/inst.out" 2>"$T/inst.err"
st=$?
is "$st" 0 "installed: report from another directory exits 0"
[ "$st" -eq 0 ] || diag "$(cat "$T/inst.err")"
(cd "$T/src" && sh "$srcdir/scripts/compare.sh" report $plot ab.csv) \
    >"$T/src.out" 2>"$T/src.err"
is "$?" 0 "scripts/compare.sh report exits 0"
same_file "$T/inst.out" "$T/src.out" "the same report on standard output"
for f in ab.txt ab.md; do
	same_file "$T/inst/$f" "$T/src/$f" "the same $f"
done
if [ -z "$plot" ]; then
	for f in ab-bars.png ab-bars.svg ab-latency.png ab-latency.svg; do
		same_file "$T/inst/$f" "$T/src/$f" "the same plot $f"
	done
else
	skip "the same plots" "gnuplot not installed"
fi
(cd "$T/elsewhere" && "$pc" --help) >"$T/help" 2>&1
is "$?" 0 "installed: --help exits 0"
is "$(sed -n 1p "$T/help" | cut -d' ' -f1-2)" "usage: postmark-compare" \
    "--help names it postmark-compare"
(cd "$T/elsewhere" && "$pc" report --no-plot no.csv) >/dev/null 2>"$T/err"
is "$?:$(cat "$T/err")" \
    "1:postmark-compare: no.csv: cannot read the CSV file" \
    "an error names postmark-compare"

# A copy of the program outside any prefix uses the directory it was
# installed for, which this test did not install into.
inst=$(sed -n "s/^instdata='\(.*\)'$/\1/p" "$pc")
ok "$(test -n "$inst"; echo $?)" "the installed directory is set: $inst"
cp "$pc" "$T/elsewhere/pc"
(cd "$T/elsewhere" && ./pc --help) >/dev/null 2>"$T/err"
st=$?
if [ -r "$inst/postmark_compare/compare.py" ]; then
	is "$st" 0 "a copy away from the prefix uses $inst"
else
	is "$st:$(cat "$T/err")" "1:pc: $inst/postmark_compare/compare.py: missing" \
	    "a copy away from the prefix looks in $inst"
fi

mk uninstall
is "$?" 0 "make uninstall exits 0"
is "$(cd "$T/root" && find . -type f)" "" "make uninstall removes every file"

done_testing
