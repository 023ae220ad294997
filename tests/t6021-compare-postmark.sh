#!/bin/sh
# t6021-compare-postmark: which postmark run mode runs.  The
# installed postmark-compare runs the postmark installed beside it (the
# same prefix, here a `make install' into $T with DESTDIR), not the one
# first in PATH; whatever it runs must be this project's postmark: its
# --version must print "postmark VERSION (PostMark v1.53 compatible)",
# else run mode stops before anything runs or is written, saying so.
# Debian's PostMark 1.51 prints its banner to any argument and reads
# commands: the reference binary when installed, else a stand-in that
# answers the same way, is put first in PATH and named with -p.  Before,
# run mode ran it and then failed on its output ("not a postmark CSV
# header (first column 'Time:')").

. "$srcdir/tests/tap.sh"

command -v make >/dev/null 2>&1 || skip_all "make not installed"
[ -f "$builddir/Makefile" ] || skip_all "no Makefile in $builddir"

compare="$srcdir/scripts/compare.sh"
mkdir "$T/a" "$T/fake"
printf 'set number 20\nset transactions 40\n' >"$T/small.pmrc"

# $T/fake/postmark: Debian's PostMark, or a stand-in that prints its
# banner and prompt and reads the commands; either leaves $T/fake/ran when
# it is given a run.
if [ -n "${REFERENCE_POSTMARK:-}" ] && [ -x "$REFERENCE_POSTMARK" ]; then
	ref=$REFERENCE_POSTMARK
else
	ref=$T/fake/standin
	cat >"$ref" <<'EOS'
#!/bin/sh
printf 'PostMark v1.51 : 8/14/01\npm>'
cat >/dev/null
EOS
	chmod +x "$ref"
fi
cat >"$T/fake/postmark" <<EOS
#!/bin/sh
tee "$T/fake/input" | "$ref" "\$@"
grep -q '^run' "$T/fake/input" && : >"$T/fake/ran"
exit 0
EOS
chmod +x "$T/fake/postmark"

# refused DESC ARGS...: run mode with ARGS stops with exit 1 and the
# message, before anything ran or was written.
refused() {
	desc=$1
	shift
	rm -f "$T/fake/ran"
	"$@" -n 1 --no-plot -o "$T/no.csv" "$T/small.pmrc" A="$T/a" \
	    >/dev/null 2>"$T/err"
	st=$?
	is "$st" 1 "$desc: exit 1"
	grep -q "^compare.sh: $T/fake/postmark is not this project's postmark: its --version printed 'PostMark v1.51 : 8/14/01', not 'postmark VERSION (PostMark v1.53 compatible)'" \
	    "$T/err"
	st=$?
	ok "$st" "$desc: says that it is not this project's postmark"
	[ "$st" -eq 0 ] || diag "$(cat "$T/err")"
	is "$(ls -A "$T/a"; test -e "$T/no.csv" && echo csv
	    test -e "$T/fake/ran" && echo ran)" "" \
	    "$desc: nothing ran, nothing was written"
}
refused "-p Debian's postmark" sh "$compare" -p "$T/fake/postmark"
refused "Debian's postmark first in PATH" \
    env -u POSTMARK PATH="$T/fake:$PATH" sh "$compare"

# The installed program runs the postmark beside it.
(unset MAKEFLAGS MFLAGS MAKELEVEL
exec make -s -C "$builddir" install DESTDIR="$T/root") >"$T/make.out" 2>&1
st=$?
is "$st" 0 "make install DESTDIR=\$T/root exits 0"
[ "$st" -eq 0 ] || diag "$(tail -20 "$T/make.out")"
pc=$(find "$T/root" -path '*/bin/postmark-compare' -type f | sed 1q)
ok "$(test -x "$pc" && test -x "$(dirname -- "$pc")/postmark"; echo $?)" \
    "postmark-compare and postmark are installed in one bin"
rm -f "$T/fake/ran"
(cd "$T" && env -u POSTMARK PATH="$T/fake:$PATH" "$pc" -n 1 --no-plot \
    -o "$T/i.csv" "$T/small.pmrc" A="$T/a") >/dev/null 2>"$T/err"
st=$?
is "$st" 0 "installed, Debian's postmark first in PATH: exit 0"
[ "$st" -eq 0 ] || diag "$(cat "$T/err")"
is "$(cut -d, -f1-3 "$T/i.csv" 2>/dev/null)" "schema_version,label,status
6,A,ok" "... the postmark beside it wrote the row"
ok "$(test ! -e "$T/fake/ran"; echo $?)" "... the one in PATH never ran"
is "$(ls -A "$T/a")" "" "... and the target is left empty"

(unset MAKEFLAGS MFLAGS MAKELEVEL
exec make -s -C "$builddir" uninstall DESTDIR="$T/root") >/dev/null 2>&1

done_testing
