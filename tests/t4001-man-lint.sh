#!/bin/sh
# t4001: the manual pages, man/postmark.1 and man/postmark-compare.1, are
# clean under mandoc -Tlint and groff -ww and have the required sections.
#
# Guards against mdoc mistakes that render wrongly (a macro name swallowed
# as text, a delimiter eating a space, sections out of order).  mandoc's
# messages about manuals of other pages that the machine lacks (`referenced
# manual not found', `outdated mandoc.db') depend on what is installed, not
# on this page, and are the only ones ignored.

. "$srcdir/tests/tap.sh"

have() { [ -n "$1" ] && [ -x "$1" ]; }
have "${MANDOC:-}" || have "${GROFF:-}" ||
    skip_all "neither mandoc nor groff is installed"

# lint PAGE SECTIONS: man/PAGE is clean under mandoc -Tlint and groff -ww,
# and its .Sh sections are SECTIONS, in that order.
lint() {
	man=$srcdir/man/$1
	if have "${MANDOC:-}"; then
		"$MANDOC" -Tlint "$man" >"$T/lint.out" 2>&1
		grep -v -e 'referenced manual not found' \
		    -e 'outdated mandoc\.db' "$T/lint.out" >"$T/lint" || :
		is "$(cat "$T/lint")" "" "$1: mandoc -Tlint reports nothing"
	else
		skip "$1: mandoc -Tlint" "mandoc not installed"
	fi
	if have "${GROFF:-}"; then
		"$GROFF" -mandoc -ww -z "$man" >"$T/groff" 2>&1
		ok $? "$1: groff -mandoc -ww -z exits 0"
		is "$(cat "$T/groff")" "" \
		    "$1: groff -mandoc -ww -z prints no warning"
	else
		skip "$1: groff -mandoc -ww -z" "groff not installed"
	fi
	got=$(sed -n 's/^\.Sh //p' "$man" | tr '\n' ' ')
	is "$got" "$(echo $2) " "$1: sections present and in order"
}

# The sections the project requires (STYLE.md 14), in
# mdoc order.
lint postmark.1 'NAME SYNOPSIS DESCRIPTION REPORT FORMATS ENVIRONMENT FILES
EXIT STATUS EXAMPLES COMPATIBILITY SEE ALSO HISTORY AUTHORS CAVEATS'
lint postmark-compare.1 'NAME SYNOPSIS DESCRIPTION ENVIRONMENT FILES
EXIT STATUS EXAMPLES SEE ALSO AUTHORS CAVEATS'
done_testing
