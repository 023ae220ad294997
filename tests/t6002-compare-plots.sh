#!/bin/sh
# t6002-compare-plots: the plots of scripts/compare.sh report mode are files
# gnuplot accepted: PNG files that start with the PNG signature and an IHDR
# chunk of the expected size, SVG files with an <svg> element; the
# rate-versus-files plot only when the CSV has several file counts; and the
# fallback to the png terminal when gnuplot lacks pngcairo.

. "$srcdir/tests/tap.sh"

command -v gnuplot >/dev/null 2>&1 || skip_all "gnuplot not installed"

compare="$srcdir/scripts/compare.sh"
fix="$srcdir/tests/fixtures"

# svg FILE DESC: FILE is an SVG document.
svg() {
	grep -q '<svg' "$1" 2>/dev/null && grep -q '</svg>' "$1"
	ok $? "$2"
}

cp "$fix/compare-ab.csv" "$T/ab.csv"
sh "$compare" report "$T/ab.csv" >/dev/null 2>"$T/err"
ok $? "report mode with plots exits 0"
png "$T/ab-bars.png" 1200 900 "bars: a 1200x900 PNG"
png "$T/ab-latency.png" 1100 800 "latency ladder: a 1100x800 PNG"
svg "$T/ab-bars.svg" "bars: SVG"
svg "$T/ab-latency.svg" "latency ladder: SVG"
ok "$(test ! -e "$T/ab-files.png"; echo $?)" \
    "one file count: no rate-versus-files plot"
grep -q 'A vs B - ab.csv' "$T/ab-bars.svg"
ok $? "the title names the labels and the source"
grep -q 'MB/s (MB = 1048576 bytes)' "$T/ab-bars.svg"
ok $? "axis labels carry units"

cp "$fix/compare-sweep.csv" "$T/sweep.csv"
sh "$compare" report -o "$T/out/sw" "$T/sweep.csv" >/dev/null 2>"$T/err"
ok $? "report mode on several file counts exits 0"
png "$T/out/sw-files.png" 1100 800 "rate versus files: a PNG"
svg "$T/out/sw-files.svg" "rate versus files: SVG"
grep -q 'number of files (set number)' "$T/out/sw-files.svg"
ok $? "its x axis is the number of files"

# A gnuplot without the pngcairo terminal: compare.sh falls back to png.
real=$(command -v gnuplot)
mkdir "$T/bin"
cat >"$T/bin/gnuplot" <<EOS
#!/bin/sh
case \${1-} in --version) exec "$real" --version ;; esac
if [ \$# -eq 0 ]; then in=\$(cat); else in=\$(cat "\$1"); fi
case \$in in
*pngcairo*) echo 'unknown or ambiguous terminal type' >&2; exit 1 ;;
esac
printf '%s\n' "\$in" | "$real"
EOS
chmod +x "$T/bin/gnuplot"
PATH=$T/bin:$PATH sh "$compare" report -o "$T/nc" "$T/ab.csv" \
    >/dev/null 2>"$T/err"
ok $? "without pngcairo: exit 0"
grep -q 'no pngcairo terminal; using png' "$T/err"
ok $? "without pngcairo: says it uses png"
png "$T/nc-bars.png" 1200 900 "without pngcairo: bars are a PNG"

done_testing
