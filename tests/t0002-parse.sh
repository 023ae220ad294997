#!/bin/sh
#
# Our fixes to PostMark's parser, as plain assertions: strict numbers,
# sizes with k, m and g, words instead of line prefixes, unique-prefix
# abbreviations and the ambiguity message, a plural key with a warning,
# the aliases.  Each case is a one-line startup file, so a rejected line
# also checks the batch "FILE:1: message" form, which names the value and
# the rule it breaks (the prompt keeps PostMark's texts: t0001).

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
rejects 'set number 12abc' "set number: '12abc' is not a whole number"
rejects 'set number 3000000000' 'set number: 3000000000 is outside 1..1073741823'
rejects 'set number 4294967338' 'set number: 4294967338 is outside 1..1073741823'
rejects 'set number 1k' "set number: '1k' is not a whole number"
rejects 'set number 0x100' "set number: '0x100' is not a whole number"
rejects 'set number 1073741824' 'set number: 1073741824 is outside 1..1073741823'
shows 'set number 1073741823' 'The base number of files is 1073741823'
rejects 'set seed 2147483648' 'set seed: 2147483648 is outside 1..2147483647'
shows 'set seed 2147483647' 'Random number generator seed is 2147483647'
rejects 'set transactions 5x' "set transactions: '5x' is not a whole number"
rejects 'set subdirectories 3.5' \
    "set subdirectories: '3.5' is not a whole number"
rejects 'set read 512b' "set read: '512b' is not a whole number of bytes\
 (a k, m or g after it counts 1024s)"
rejects 'set write 99999999999999999999' \
    'set write: 99999999999999999999 is outside 1..2147483647 bytes'
rejects 'set number 5 6' 'set number takes one value, got 2 (set number N)'
rejects 'set iterations 0' 'set iterations: 0 is outside 1..1000000'
rejects 'set iterations 1000001' 'set iterations: 1000001 is outside 1..1000000'
shows 'set iterations 1000000' 'Iterations: 1000000'

# Size: HIGH below LOW, a third number, a bad HIGH are errors now, each
# message naming the value and the rule (PostMark's text named none).
rejects 'set size 2000 1000' 'set size: low bound 2000 is above high bound 1000'
rejects 'set size 500 1' 'set size: low bound 500 is above high bound 1'
rejects 'set size 100 200 300' \
    'set size takes one or two values, got 3 (set size LOW [HIGH])'
rejects 'set size 100 2x' "set size: high bound '2x' is not a whole number\
 of bytes (a k, m or g after it counts 1024s)"
rejects 'set size 1073741824' \
    'set size: low bound 1073741824 is outside 1..1073741823 bytes'
rejects 'set size 1g' 'set size: low bound 1g is outside 1..1073741823 bytes'
shows 'set size 100' 'Files are 100 bytes in size'
shows 'set size 300 400' 'Files range between 300 bytes and 400 bytes in size'
shows 'set size  300   400' 'Files range between 300 bytes and 400 bytes'

# Sizes and blocks take k, m and g (1024-based, either case), as configs
# in the wild write them; PostMark's atoi read "1k" as 1 byte.
shows 'set size 1k 10k' \
    'Files range between 1.00 kilobytes and 10.00 kilobytes in size'
shows 'set size 1K 1M' \
    'Files range between 1.00 kilobytes and 1.00 megabytes in size'
shows 'set read 4k' 'Block sizes are: read=4.00 kilobytes'
shows 'set write 1m' 'write=1.00 megabytes'
rejects 'set read 4kb' "set read: '4kb' is not a whole number of bytes\
 (a k, m or g after it counts 1024s)"

# Numbers are digits: no sign (but bias's -1), no white space but blanks.
rejects 'set number +7' "set number: '+7' is not a whole number"
rejects 'set bias read +1' "set bias read: '+1' is not a whole number"
rejects 'set number -5' "set number: '-5' is not a whole number"
rejects "$(printf 'set number \f9')" \
    'control character 0x0c at column 12: only spaces and tabs separate words'
rejects "$(printf 'set number \r9')" \
    'control character 0x0d at column 12: only spaces and tabs separate words'
printf 'set number 7\0000\nshow\n' >cfg
rc=0
"$POSTMARK" cfg </dev/null >out 2>err || rc=$?
is "$rc:$(cat err)" '1:cfg:1: a NUL byte at column 13' \
    'a NUL byte is an error, not the end of the line'

# Bias: text was silently 0.
rejects 'set bias read x' "set bias read: 'x' is not a whole number"
rejects 'set bias create 5x' "set bias create: '5x' is not a whole number"
rejects 'set bias read 40' 'set bias read: 40 is outside -1..10'
shows 'set bias read -1' 'Biases are: read/append=-1, create/delete=5'
shows 'set bias create 0' 'Biases are: read/append=5, create/delete=0'

# Location weights: bad weight reported, weight 1 used, command fails.
pm 'set location /tmp/pm-x 2x'
is "$rc:$err" "1:cfg:1: set location: weight '2x' is not a whole number;\
 weight 1 is used" 'a bad weight fails the command'
rejects 'set location /a 1 2' "set location takes one or two values, got 3\
 (set location [+|-]PATH [WEIGHT])"
rejects 'set location +' "set location: '+' names no directory"
shows 'set location /tmp/pm-y 3' '	/tmp/pm-y (weight=3)'
pm 'set location /a 2000000000' 'set location +/b 147483647' \
    'set location +/c 1'
is "$rc:$err" "1:cfg:3: set location: the weights would add up to\
 2147483648, above 2147483647" 'the weights must fit an int'

# A key with a plural s, which PostMark's prefix compare accepted, is
# taken with a warning that says how it was read.
pm 'set numbers 100'
is "$rc:$err" "0:postmark: cfg:1: warning: read 'numbers' as 'set number',\
 as PostMark did" "'set numbers' is set number, with a warning"
case $out in
*'The base number of files is 100'*) ok 0 "'set numbers 100' sets 100" ;;
*)	ok 1 "'set numbers 100' sets 100" ;;
esac
rejects 'set numbrs 100' "unknown key 'numbrs' after 'set'"

# Words, not line prefixes: PostMark ran "run > way", "help" and so on.
rejects 'runaway' "unknown command 'runaway'"
rejects 'helpx' "unknown command 'helpx'"
rejects 'set size100' "unknown key 'size100' after 'set'"
rejects 'set bias read5' "unknown key 'read5' after 'set bias'"
# The names help lists, in its order, joined by ", ": PREFIX only.
names() {
	printf 'help %s\n' "$1" | "$POSTMARK" 2>/dev/null | sed -n 's/ - .*//p' |
	    grep "^$1" | paste -sd, - | sed 's/,/, /g'
}
rejects 'set' "'set' is not a whole command: $(names set)"
rejects 'set bias' "'set bias' is not a whole command: set bias read,\
 set bias create"
rejects 'Show' "unknown command 'Show'"
rejects 'quit now' 'quit takes no argument, got 1 (usage: quit)'
rejects 'show a b' \
    'show takes at most one argument, got 2 (usage: show [FILE])'
rejects 'run a b' \
    'run takes at most one argument, got 2 (usage: run [FILE])'
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
rejects 'set s 1' "$a set s, could be: set size, set seed, set subdirectories,\
 set sync, set shared, set strictmodes"
rejects 'set b 1' \
    "$a set b, could be: set buffering, set bias read, set bias create"
rejects 'set re 1' "$a set re, could be: set read, set report"
# Between one of PostMark's keys and ours, PostMark's wins.
shows 'set l x' '	x (weight=1)'
shows 'set w 100' 'write=100 bytes'
rejects 'set d true' "$a set d, could be: set dirsync, set direct"
rejects 's' "$a s, could be: $(names s)"
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
rejects 'set report JSON' \
    "set report: 'JSON' is not one of verbose, terse, csv, json"
pm 'set iterations 1'
case $out in
*Iterations*) ok 1 'show: no Iterations line for 1' ;;
*)	ok 0 'show: no Iterations line for 1' ;;
esac

done_testing
