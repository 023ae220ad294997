#!/bin/sh
#
# Our fixes to PostMark's parser, as plain assertions: strict numbers,
# words instead of line prefixes, unique-prefix abbreviations and the
# ambiguity message, the aliases.  Each case is a one-line startup file, so
# a rejected line also checks the batch "FILE:1: message" form.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99

# pm LINE...: run the lines as startup file "cfg" then "show"; sets $out
# (stdout without the banner and the "Reading" line), $err and $rc.
pm() {
	printf '%s\n' "$@" show >cfg
	rc=0
	"$POSTMARK" cfg </dev/null >out 2>err || rc=$?
	out=$(sed 1,2d out)
	err=$(cat err)
}

# rejects LINE MESSAGE: the line fails with MESSAGE, exit 1, show not run.
rejects() {
	pm "$1"
	is "$rc:$err" "1:cfg:1: $2" "'$1' is rejected"
	is "$out" "" "'$1': nothing after it runs"
}

# shows LINE TEXT: the line succeeds and show prints a line TEXT.
shows() {
	pm "$1"
	is "$rc:$err" "0:" "'$1' is accepted"
	case $out in
	*"$2"*)	ok 0 "'$1' shows '$2'" ;;
	*)	ok 1 "'$1' shows '$2'"; diag "show printed:" "$out" ;;
	esac
}

# Strict numbers: atoi took the leading digits or wrapped.
rejects 'set number 12abc' 'Error: invalid number of files'
rejects 'set number 3000000000' 'Error: invalid number of files'
rejects 'set number 4294967338' 'Error: invalid number of files'
rejects 'set number 1k' 'Error: invalid number of files'
rejects 'set number 0x100' 'Error: invalid number of files'
rejects 'set number 1073741824' 'Error: invalid number of files'
shows 'set number 1073741823' 'The base number of files is 1073741823'
rejects 'set seed 2147483648' 'Error: invalid seed for random numbers'
shows 'set seed 2147483647' 'Random number generator seed is 2147483647'
rejects 'set transactions 5x' 'Error: no transactions specified'
rejects 'set subdirectories 3.5' 'Error: invalid number of subdirectories'
rejects 'set read 512b' 'Error: invalid read block size'
rejects 'set write 99999999999999999999' 'Error: invalid write block size'
rejects 'set number 5 6' 'Error: invalid number of files'
rejects 'set iterations 0' 'Error: invalid number of iterations'
rejects 'set iterations 1000001' 'Error: invalid number of iterations'
shows 'set iterations 1000000' 'Iterations: 1000000'

# Size: HIGH below LOW, a third number, a bad HIGH are errors now.
e='Error: no file size low or high bounds specified'
rejects 'set size 2000 1000' "$e"
rejects 'set size 100 200 300' "$e"
rejects 'set size 100 2x' "$e"
rejects 'set size 1073741824' "$e"
shows 'set size 100' 'Files are 100 bytes in size'
shows 'set size 300 400' 'Files range between 300 bytes and 400 bytes in size'
shows 'set size  300   400' 'Files range between 300 bytes and 400 bytes'

# Bias: text was silently 0.
e='Error: no bias specified (0-10 for greater chance,-1 to disable)'
rejects 'set bias read x' "$e"
rejects 'set bias create 5x' "$e"
shows 'set bias read -1' 'Biases are: read/append=-1, create/delete=5'
shows 'set bias create 0' 'Biases are: read/append=5, create/delete=0'

# Location weights: bad weight reported, weight 1 used, command fails.
pm 'set location /tmp/pm-x 2x'
is "$rc:$err" "1:cfg:1: Error: ignoring invalid weight '2x'" \
    'a bad weight fails the command'
rejects 'set location /a 1 2' 'Error: no directory name specified'
rejects 'set location +' 'Error: no directory name specified'
shows 'set location /tmp/pm-y 3' '	/tmp/pm-y (weight=3)'

# Words, not line prefixes: PostMark ran "run > way", "help" and so on.
rejects 'runaway' 'Eh?'
rejects 'helpx' 'Eh?'
rejects 'set size100' 'Eh?'
rejects 'set bias read5' 'Eh?'
rejects 'set' 'Eh?'
rejects 'set bias' 'Eh?'
rejects 'Show' 'Eh?'
rejects 'quit now' 'usage: quit'
rejects 'show a b' 'usage: show [FILE]'
rejects 'run a b' 'usage: run [FILE]'
is "$(ls)" "cfg
err
out" "a rejected run creates no file"

# Unique prefixes, each word on its own.
shows 'set num 100' 'The base number of files is 100'
shows 'se n 101' 'The base number of files is 101'
shows 'set tr 7' 'Transactions: 7'
shows 'set bi r 3' 'Biases are: read/append=3'
shows 'set bias c 2' 'create/delete=2'
shows 'set bu false' 'Not using Unix buffered file I/O'
shows 'set rep terse' 'Report format is terse.'
shows 'set rea 100' 'Block sizes are: read=100 bytes'
shows 'set w 100' 'write=100 bytes'
shows 'set it 4' 'Iterations: 4'
shows 'set la a b' 'Label: a b'
shows '	set	number	102  ' 'The base number of files is 102'

# Ambiguous prefixes list the candidates in table order.
a='ambiguous command:'
rejects 'set s 1' "$a set s, could be: set size, set seed, set subdirectories"
rejects 'set b 1' \
    "$a set b, could be: set buffering, set bias read, set bias create"
rejects 'set re 1' "$a set re, could be: set read, set report"
rejects 'set l x' "$a set l, could be: set location, set label"
rejects 's' "$a s, could be: set size, set number, set seed,\
 set transactions, set location, set subdirectories, set read, set write,\
 set buffering, set bias read, set bias create, set report, show,\
 set label, set iterations"
shows 'sh' 'Current configuration is:'
pm 'e'
is "$rc:$err" "0:" "'e' is exit (the alias matches by prefix)"
is "$out" "" "'e' quits before show"

# Aliases are commands everywhere, also in files.
pm '?'
is "$(printf '%s\n' "$out" | head -1)" \
    'set size - Sets low and high bounds of files' "'?' is help in a file"
pm '? set bias'
is "$(printf '%s\n' "$out" | sed -n '1,2p')" \
    'set bias read - Sets the chance of choosing read over append
set bias create - Sets the chance of choosing create over delete' \
    "'? set bias' lists by prefix"
pm 'exit'
is "$rc:$out" "0:" "'exit' quits in a file"

# Labels take the rest of the line; an empty label removes it.
shows 'set label  two  spaces  kept ' 'Label: two  spaces  kept'
pm 'set label x' 'set label'
case $out in
*Label:*) ok 1 "'set label' alone removes the label" ;;
*)	ok 0 "'set label' alone removes the label" ;;
esac

# Reports and additions in show.
shows 'set report csv' 'Report format is csv.'
shows 'set report json' 'Report format is json.'
rejects 'set report JSON' "Error: either 'verbose' or 'terse' required"
pm 'set iterations 1'
case $out in
*Iterations*) ok 1 'show: no Iterations line for 1' ;;
*)	ok 0 'show: no Iterations line for 1' ;;
esac

done_testing
