#!/bin/sh
#
# What a person sees at the pm> prompt on a terminal (standard error a
# terminal too): PostMark's message where it had one, then the precise
# reason and the nearest name of the command table or the option table
# (Eh? (unknown key 'numbr' after 'set'; did you mean number?)); a
# location that does not exist is said at set time, and a run line with
# several problems reports each, before anything runs.  A NUL byte typed
# is an error, as in a file; Ctrl-L clears the screen.  When standard
# error is not a terminal (a script driving the prompt), the messages
# stay PostMark's bare ones.  Driven on a pseudo-terminal by
# tests/shell/keys.py and tests/golden/ptyrun.py.

. "$srcdir/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed for a pty"
keys=$srcdir/tests/shell/keys.py
pty=$srcdir/tests/golden/ptyrun.py
HOME=$T
export HOME
mkdir "$T/w"
cd "$T/w" || exit 99

# session: type the lines of stdin at postmark on a terminal, each after
# its prompt, then quit; what the terminal showed goes to $T/out.
session() {
	{
		while IFS= read -r line; do
			printf 'prompt\ntype %s\\r\n' "$line"
		done
		printf 'prompt\ntype quit\\r\n'
	} >"$T/keys"
	python3 "$keys" "$T/w" "$POSTMARK" <"$T/keys" >"$T/out"
}

# shows LINE DESC: the terminal showed LINE, whole.
shows() {
	grep -Fqx -- "$1" "$T/out"
	st=$?
	ok $st "$2"
	[ $st -eq 0 ] || diag "$(cat "$T/out")"
}

session <<EOF
set numbr 100
set number 12abc
shw
set bias raed 5
set zzzzzz 1
set s 1
show
EOF
shows "Eh? (unknown key 'numbr' after 'set'; did you mean number?)" \
    "a misspelt key: PostMark's Eh?, the reason and the nearest key"
shows "Error: invalid number of files (set number: '12abc' is not a whole \
number)" "a bad value: PostMark's message and the reason"
shows "Eh? (unknown command 'shw'; did you mean show?)" \
    "a misspelt command: the nearest command"
shows "Eh? (unknown key 'raed' after 'set bias'; did you mean read?)" \
    "a misspelt second word: the nearest word at its place"
shows "Eh? (unknown key 'zzzzzz' after 'set')" \
    "nothing near: the reason alone"
shows "ambiguous command: set s, could be: set size, set seed, set \
subdirectories, set sync, set shared, set strictmodes" \
    "ambiguous: the candidates, as before"
shows "The base number of files is 500" "the bad values changed nothing"

# A missing location: said at set time, and the run line's every
# problem before anything runs.
session <<EOF
set location $T/none
set location +$T/w
set location +$T/none2
run
run $T/none/r.csv
EOF
shows "postmark: warning: location '$T/none': No such file or directory; \
run checks it again" "set location: a missing location is said at once"
grep -q "warning: location '$T/w'" "$T/out"
ok $((! $?)) "set location: an existing location is not warned about"
is "$(grep -c "^run: location '$T/none': No such file or directory\$" \
    "$T/out")" 2 "run: a missing location is found before anything runs"
shows "Error: Cannot direct output to file '$T/none/r.csv' (run: cannot \
write '$T/none/r.csv': No such file or directory)" \
    "run: the report file's problem"
shows "run: location '$T/none2': No such file or directory" \
    "run: and the second's"
grep -q 'Creating' "$T/out"
ok $((! $?)) "run: nothing started"
is "$(ls -A "$T/w")" "" "run: nothing made"

# A NUL byte typed is an error (a file's is): the line does nothing.
printf 'prompt\ntype set lab\\x00el x\\r\nprompt\ntype show\\r\n%s\n' \
    'prompt' >"$T/keys"
printf 'type quit\\r\n' >>"$T/keys"
python3 "$keys" "$T/w" "$POSTMARK" <"$T/keys" >"$T/out"
if [ "$PM_LIBEDIT" = yes ]; then
	shows "a NUL byte at column 8" "a NUL byte typed: an error naming it"
else
	skip "a NUL byte typed (line editor)" "built without libedit"
fi
grep -q '^Label:' "$T/out"
ok $((! $?)) "a NUL byte typed: the line did nothing"
tail -n 1 "$T/out" | grep -q '^STATUS 1$'
ok $? "a NUL byte typed: exit status 1"

# Ctrl-L clears the screen (libedit's ed-clear-screen) and redraws the
# line being typed.  xterm's clear (its terminfo) is ESC [ H ESC [ 2 J.
if [ "$PM_LIBEDIT" = yes ] && infocmp -1 xterm 2>/dev/null |
    grep -q '^[[:space:]]*clear=\\E\[H\\E\[2J,$'; then
	clear=$(printf '\033[H\033[2J')
	printf 'prompt\ntype show\\x0c\nuntil %s\nprompt\n%s\n' "$clear" \
	    'type \r' >"$T/keys"
	printf 'prompt\ntype quit\\r\n' >>"$T/keys"
	TERM=xterm python3 "$keys" "$T/w" "$POSTMARK" <"$T/keys" >"$T/out"
	grep -Fq "${clear}pm>show" "$T/out"
	ok $? "Ctrl-L: the screen cleared, the prompt and the line redrawn"
	grep -q '^Current configuration is:$' "$T/out"
	ok $? "Ctrl-L: the line typed is kept"
else
	skip "Ctrl-L clears the screen" "no libedit or no xterm terminfo"
	skip "Ctrl-L keeps the line" "the same"
fi

# Standard error not a terminal: PostMark's bare messages, no warning;
# a NUL byte read by a plain read is an error too.
printf '%s\n' 'set numbr 100' 'set number 12abc' "set location $T/none" \
    >"$T/in"
printf 'set lab\000el x\nshow\n' >>"$T/in"
python3 "$pty" "$T/in" "$T/o" "$T/e" "$POSTMARK" || :
is "$(cat "$T/e")" "Eh?
Error: invalid number of files
a NUL byte at column 8" "stderr not a terminal: PostMark's messages alone"
grep -q '^Label:' "$T/o"
ok $((! $?)) "stderr not a terminal: the NUL line did nothing"

done_testing
