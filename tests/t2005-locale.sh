#!/bin/sh
# t2005: reports are the same bytes whatever the locale.
#
# unit_report's emit mode calls setlocale(LC_ALL, ""), as a program
# using the environment's locale would.  Under a locale whose decimal
# point is a comma (an installed one, or de_DE.UTF-8 compiled with
# localedef into the scratch directory), every report must be identical
# to its C-locale output: no "6,00 seconds", no "1666,667" splitting a CSV
# field, no invalid JSON number.  Skips when no comma locale is available.

. "$srcdir/tests/tap.sh"

unit=$builddir/tests/unit_report

# A locale whose decimal point is a comma, or nothing.
find_comma_locale() {
	for l in $(locale -a 2>/dev/null | grep -E '^(de_DE|fr_FR|nl_NL|es_ES|it_IT|ru_RU|pt_BR)'); do
		if [ "$(LC_ALL=$l "$unit" emit decimal-point)" = "," ]; then
			echo "$l"
			return
		fi
	done
	if command -v localedef >/dev/null 2>&1; then
		mkdir "$T/loc"
		if localedef -i de_DE -f UTF-8 "$T/loc/de_DE.UTF-8" \
		    >/dev/null 2>&1 || [ -d "$T/loc/de_DE.UTF-8" ]; then
			LOCPATH=$T/loc; export LOCPATH
			if [ "$(LC_ALL=de_DE.UTF-8 "$unit" emit decimal-point)" = "," ]; then
				echo de_DE.UTF-8
				return
			fi
		fi
	fi
}

loc=$(find_comma_locale)
[ -d "$T/loc/de_DE.UTF-8" ] && { LOCPATH=$T/loc; export LOCPATH; }
[ -n "$loc" ] || skip_all "no locale with a comma decimal point"
diag "comma locale: $loc"

for fmt in verbose terse csv json summary; do
	for c in frac strings latency; do
		LC_ALL=C "$unit" emit "$fmt" "$c" >"$T/c.$fmt.$c"
		LC_ALL=$loc "$unit" emit "$fmt" "$c" >"$T/l.$fmt.$c"
		same_file "$T/l.$fmt.$c" "$T/c.$fmt.$c" \
		    "$fmt $c: same output under $loc"
	done
done
grep -q '5\.84 seconds total' "$T/l.verbose.frac"
ok $? "verbose under $loc: 5.84 seconds total"

done_testing
