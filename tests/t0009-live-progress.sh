#!/bin/sh
#
# The live progress line: when standard error is a terminal, "run" shows
# the percentage, operations per second and time left there, and erases it
# so that PostMark's title, dots and "Done" are what the line ends with;
# when standard error is not a terminal, nothing of it is written.

. "$srcdir/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed for a pty"
pty=$srcdir/tests/golden/ptyrun.py
HOME=$T
export HOME
cd "$T" || exit 99
mkdir w

# Unbuffered reads only (no creates or deletes): a transaction phase of
# about a second, long enough for several refreshes 250 ms apart.
printf '%s\n' 'set location w' 'set number 100' 'set transactions 200000' \
    'set buffering false' 'set bias read 10' \
    'set size 5000 10000' 'set bias create -1' 'set report terse' 'run' >cfg

# stdin, stdout and stderr one terminal.
printf 'quit\n' >in
rc=0
python3 "$pty" -t in out "$POSTMARK" cfg || rc=$?
is "$rc" 0 'terminal: the run succeeds'
grep -Eq '\[ *[0-9]+% [0-9]+/s ETA [0-9]+:[0-9][0-9]\]' out
ok $? 'terminal: the live line shows percent, rate and time left'
grep -q 'Performing transactions\.\.\.\.\.\.\.\.\.\.Done' out
ok $? 'terminal: the live line is erased before the dots end with Done'
is "$(ls -A w)" "" 'terminal: the location is empty afterwards'

# stderr a file: no live line at all; stdout keeps PostMark's text.
"$POSTMARK" cfg </dev/null >out2 2>err2
is "$?" 0 'no terminal: the run succeeds'
is "$(errors err2)" "" 'no terminal: nothing on standard error but warnings'
grep -q '^Performing transactions\.\.\.\.\.\.\.\.\.\.Done$' out2
ok $? 'no terminal: PostMark progress text on standard output'

done_testing
