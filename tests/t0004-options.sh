#!/bin/sh
#
# The command line: GNU-style --help and --version on stdout with status
# 0, usage errors on stderr with status 2, "--" ends the options, the
# banner, and the startup file: a missing FILE argument is an error, a
# missing .pmrc is silent (PostMark ignored both, and extra arguments).

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99

# pm ARG... <stdin: sets $rc, out and err files.
pm() {
	rc=0
	"$POSTMARK" "$@" >out 2>err || rc=$?
}

banner='postmark 0.1.0 (PostMark v1.53 compatible)'

for opt in --help -h; do
	pm "$opt" </dev/null
	is "$rc" 0 "$opt: exit 0"
	is "$(head -1 out)" 'usage: postmark [--help] [--version] [FILE]' \
	    "$opt: usage on stdout"
	grep -q -- '--version' out
	ok $? "$opt: lists --version"
	is "$(cat err)" '' "$opt: nothing on stderr"
done

for opt in --version -V; do
	pm "$opt" </dev/null
	is "$rc" 0 "$opt: exit 0"
	is "$(head -1 out)" "$banner" "$opt: name and version on stdout"
	is "$(cat err)" '' "$opt: nothing on stderr"
done

for opt in --bogus -x --help=x; do
	pm "$opt" </dev/null
	is "$rc" 2 "$opt: exit 2"
	is "$(cat out)" '' "$opt: nothing on stdout"
	grep -q '^usage: postmark' err
	ok $? "$opt: usage on stderr"
done

pm a b </dev/null
is "$rc" 2 'two arguments: exit 2'
grep -q '^usage: postmark' err
ok $? 'two arguments: usage on stderr'
is "$(cat out)" '' 'two arguments: no banner'

# "--" ends the options: "-cfg" is a file.
printf 'set seed 5\nquit\n' >-cfg
pm -- -cfg </dev/null
is "$rc" 0 '-- then a file starting with a dash'
is "$(cat out)" "$banner
Reading configuration from file '-cfg'" '-- : banner and Reading line'
rm -f ./-cfg

# The banner is the first line, on stdout.
pm </dev/null
is "$rc" 0 'no input: exit 0'
is "$(cat out)" "$banner" 'no input: only the banner'
is "$(cat err)" '' 'no input: nothing on stderr'

# A missing FILE argument is an error.
pm missing-file </dev/null
is "$rc" 1 'missing FILE: exit 1'
is "$(cat err)" 'postmark: missing-file: No such file or directory' \
    'missing FILE: message on stderr'

# A missing .pmrc is silent; an existing one is read.
mkdir rc && cd rc || exit 99
echo show >in
pm <in
is "$rc:$(cat err)" '0:' 'missing .pmrc: silent'
grep -q '^Reading configuration' out
ok $((! $?)) 'missing .pmrc: no Reading line'
grep -q '^Current configuration is:$' out
ok $? 'missing .pmrc: stdin read'
printf 'set number 42\n' >.pmrc
pm <in
is "$(sed -n 2p out)" "Reading configuration from file '.pmrc'" \
    '.pmrc: Reading line'
grep -q '^The base number of files is 42$' out
ok $? '.pmrc: its commands run before stdin'
printf 'set seed 3\nquit\n' >other
pm other <in
grep -q 'base number of files is 42' out
ok $((! $?)) 'FILE given: .pmrc is not read'
cd .. || exit 99

done_testing
