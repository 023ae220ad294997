#!/bin/sh
# t4005-man-render: man/postmark.1 and man/postmark-compare.1 render
# without the breakage that lint does not see (the set precision example
# came out as (‘2, ‘2.5%, ‘0.25’’’), and the measures of --gate as
# (‘transactions/s, ‘creates/s alone, ...’’’): an enclosure macro
# swallowed the next).
# Rendered by mandoc -Tutf8 and by groff -mandoc -Tutf8, each paragraph
# must have
#  - no quote opened inside a quote of the same kind (‘...‘ or “...“);
#  - every quote and bracket closed, in order, within the paragraph;
#  - no empty quotes (‘’, “”);
#  - no mdoc macro name left in the text (`Ql', `Ns', `Pq', ...);
#  - no blank before a comma, a semicolon or a closing parenthesis.
. "$srcdir/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 not installed"
have() { [ -n "$1" ] && [ -x "$1" ]; }

cat >"$T/check.py" <<'EOF'
import re
import sys

MACROS = ("Ar Bq Cm Dq Dv Ev Fl Ic Li Nm Ns Op Pa Pc Po Pq Ql Sq Sx Va Xo "
          "Xc Xr").split()
PAIRS = {"\u2019": "\u2018", "\u201d": "\u201c", ")": "(", "]": "["}
OPENS = set(PAIRS.values())


def problems(para):
    stack = []
    for ch in para:
        if ch in OPENS:
            if ch in "\u2018\u201c" and ch in stack:
                return "a quote opened inside another: %r" % ch
            stack.append(ch)
        elif ch in PAIRS:
            if not stack or stack[-1] != PAIRS[ch]:
                return "%r closes nothing open" % ch
            stack.pop()
    if stack:
        return "left open: %s" % "".join(stack)
    if "\u2018\u2019" in para or "\u201c\u201d" in para:
        return "an empty quote"
    words = set(re.findall(r"(?<![\w./-])([A-Z][a-z])(?![\w./-])", para))
    left = sorted(words & set(MACROS))
    if left:
        return "macro names in the text: %s" % " ".join(left)
    if re.search(r"\w [,;)]", para):
        return "a blank before a comma, semicolon or parenthesis"
    return None


text = re.sub(".\b", "", sys.stdin.read())
bad = 0
for para in re.split(r"\n\s*\n", text):
    why = problems(para)
    if why:
        bad += 1
        print("# %s:" % why)
        for line in para.splitlines():
            print("#   " + line.rstrip())
sys.exit(1 if bad else 0)
EOF

for page in postmark.1 postmark-compare.1; do
	man=$srcdir/man/$page
	if have "${MANDOC:-}"; then
		"$MANDOC" -Tutf8 "$man" 2>/dev/null |
		    python3 "$T/check.py" >"$T/m"
		ok $? "$page, mandoc -Tutf8: every paragraph renders whole"
		cat "$T/m"
	else
		skip "$page, mandoc -Tutf8: every paragraph renders whole" \
		    "no mandoc"
	fi
	if have "${GROFF:-}"; then
		"$GROFF" -mandoc -Tutf8 "$man" 2>/dev/null |
		    python3 "$T/check.py" >"$T/g"
		ok $? "$page, groff -mandoc -Tutf8: every paragraph renders whole"
		cat "$T/g"
	else
		skip "$page, groff -mandoc -Tutf8: every paragraph renders" \
		    "whole" "no groff"
	fi
done
done_testing
