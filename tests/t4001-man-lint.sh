#!/bin/sh
# t4001: man/postmark.1 is clean under mandoc -Tlint and groff -ww and has
# the required sections.
#
# Guards against mdoc mistakes that render wrongly (a macro name swallowed
# as text, a delimiter eating a space, sections out of order).  mandoc's
# messages about manuals of other pages that the machine lacks (`referenced
# manual not found', `outdated mandoc.db') depend on what is installed, not
# on this page, and are the only ones ignored.

. "$srcdir/tests/tap.sh"

man=$srcdir/man/postmark.1
have() { [ -n "$1" ] && [ -x "$1" ]; }
have "${MANDOC:-}" || have "${GROFF:-}" ||
    skip_all "neither mandoc nor groff is installed"

if have "${MANDOC:-}"; then
	"$MANDOC" -Tlint "$man" >"$T/lint.out" 2>&1
	grep -v -e 'referenced manual not found' -e 'outdated mandoc\.db' \
	    "$T/lint.out" >"$T/lint" || :
	is "$(cat "$T/lint")" "" "mandoc -Tlint reports nothing"
else
	skip "mandoc -Tlint" "mandoc not installed"
fi

if have "${GROFF:-}"; then
	"$GROFF" -mandoc -ww -z "$man" >"$T/groff" 2>&1
	ok $? "groff -mandoc -ww -z exits 0"
	is "$(cat "$T/groff")" "" "groff -mandoc -ww -z prints no warning"
else
	skip "groff -mandoc -ww -z" "groff not installed"
fi

# The sections the project requires (STYLE.md 14, issue 2), in mdoc order.
want='NAME SYNOPSIS DESCRIPTION REPORT FORMATS ENVIRONMENT FILES EXIT STATUS
EXAMPLES COMPATIBILITY SEE ALSO HISTORY AUTHORS CAVEATS'
got=$(sed -n 's/^\.Sh //p' "$man" | tr '\n' ' ')
is "$got" "$(echo $want) " "sections present and in order"
done_testing
