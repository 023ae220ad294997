#!/bin/sh
# t6022-compare-config-check: run mode has postmark check the whole input
# of the runs (the config and every line compare.sh adds to it) before the
# first run: a config error stops it with postmark's message,
# naming the config's line, and leaves nothing behind: no CSV file (not
# even an empty one, as before), no results/ directory, no run started,
# the targets empty.  The check runs nothing itself: a shell escape of
# the config runs once per run, not once more for the check.

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
mkdir "$T/a" "$T/b" "$T/cwd"
printf '# three lines\nset transactions 20\nset number abc\n' >"$T/bad.pmrc"

# bad ARGS...: run mode in $T/cwd with ARGS on the bad config.
bad() {
	(cd "$T/cwd" && sh "$compare" -n 3 -p "$POSTMARK" --no-plot "$@" \
	    "$T/bad.pmrc" A="$T/a" B="$T/b") >"$T/out" 2>"$T/err"
	st=$?
}

bad -o "$T/x.csv"
is "$st" 1 "a config error: exit 1"
grep -qxF "postmark: $T/bad.pmrc:3: set number: 'abc' is not a whole number" \
    "$T/err"
ok $? "postmark's message names the config's line"
grep -qxF \
    "compare.sh: $T/bad.pmrc: $POSTMARK refused the config; nothing was run" \
    "$T/err"
ok $? "... and says that nothing was run"
is "$(grep -c 'iteration' "$T/err")" 0 "no run was started"
is "$(grep -c 'PostMark v1.53 compatible' "$T/err")" 0 \
    "postmark's banner is not among the messages"
is "$(wc -l <"$T/err" | tr -d ' ')" 2 "... which are the error and the verdict"
ok "$(test ! -e "$T/x.csv"; echo $?)" "-o x.csv: no CSV file, not even empty"
is "$(ls -A "$T/a" "$T/b" "$T/cwd" | tr -d '\n')" "$T/a:$T/b:$T/cwd:" \
    "the targets and the current directory are left empty"

bad
is "$st" 1 "the default CSV file: exit 1"
ok "$(test ! -e "$T/cwd/results"; echo $?)" "... no results/ directory"

# A config that passes: its shell escape runs once per run, none for the
# check.
printf 'set number 10\nset transactions 20\n!echo x >>%s/escapes\n' "$T" \
    >"$T/ok.pmrc"
sh "$compare" -n 2 -p "$POSTMARK" --no-plot -o "$T/ok.csv" "$T/ok.pmrc" \
    A="$T/a" >/dev/null 2>"$T/err"
st=$?
is "$st" 0 "a config with a shell escape: exit 0"
[ "$st" -eq 0 ] || diag "$(cat "$T/err")"
is "$(wc -l <"$T/escapes" | tr -d ' ')" 2 \
    "the shell escape ran once per run (2), not for the check"

done_testing
