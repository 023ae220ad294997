#!/bin/sh
#
# The interactive shell, on a pseudo-terminal: the "pm>" prompt (no
# trailing space, as PostMark) before every line, errors that do not stop
# the shell but make the exit status 1, and with libedit the history in
# $HOME/.postmark_history and tab completion of commands and set keys.

. "$srcdir/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed for a pty"
pty=$srcdir/tests/golden/ptyrun.py
HOME=$T
export HOME
cd "$T" || exit 99

# stdin a terminal, stdout and stderr files.
printf '%s\n' 'set number 0' 'set number 33' 'bogus' 'show' >in
rc=0
python3 "$pty" in out err "$POSTMARK" || rc=$?
is "$rc" 1 'interactive: a failed command makes the exit status 1'
is "$(cat err)" 'Error: invalid number of files
Eh?' 'interactive: errors without a location, the shell goes on'
is "$(sed -n 2p out)" 'pm>pm>pm>pm>Current configuration is:' \
    'interactive: pm> before every line'
grep -q '^The base number of files is 33$' out
ok $? 'interactive: commands after an error run'
is "$(tail -n 2 out)" 'Report format is verbose.
pm>' 'interactive: end of file ends the prompt line'

printf '%s\n' 'show' 'quit' 'show' >in
rc=0
python3 "$pty" in out err "$POSTMARK" || rc=$?
is "$rc:$(grep -c 'Current configuration is:' out)" '0:1' \
    'interactive: quit stops reading'

# A real terminal session: stdin, stdout and stderr on the pty.
printf 'set nu\t9\nset bi\tr\t3\nshow\nquit\n' >in
rc=0
python3 "$pty" -t in out "$POSTMARK" || rc=$?
is "$rc" 0 'terminal: exit 0'
grep -q 'pm>' out
ok $? 'terminal: the prompt is shown'
if [ "$PM_LIBEDIT" = yes ]; then
	tr -d '\r' <out | grep -q '^The base number of files is 9$'
	ok $? 'terminal: tab completes set keys'
	tr -d '\r' <out | grep -q '^Biases are: read/append=3,'
	ok $? 'terminal: tab completes the words of set bias read'
	test -f "$HOME/.postmark_history"
	ok $? 'terminal: history saved in $HOME/.postmark_history'
	grep -q '^show$' "$HOME/.postmark_history"
	ok $? 'terminal: history holds the commands'

	# The history comes back: two up arrows recall "show".
	printf '\033[A\033[A\nquit\n' >in
	python3 "$pty" -t in out "$POSTMARK" || :
	tr -d '\r' <out | grep -q '^Current configuration is:$'
	ok $? 'terminal: history is loaded at start'
else
	skip 'terminal: tab completion' 'built without libedit'
	skip 'terminal: history' 'built without libedit'
	test -f "$HOME/.postmark_history"
	ok $((! $?)) 'terminal: no history file without libedit'
fi

done_testing
