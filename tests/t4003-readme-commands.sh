#!/bin/sh
# t4003: README.md starts with the two commands, and the second one (the
# test suite) is the command .ci/run runs.
#
# Guards against the README and CI drifting apart: a user who copies the
# README's test command must run what CI runs.  Only the title line and one
# sentence may stand before the two code blocks.

. "$srcdir/tests/tap.sh"

readme=$srcdir/README.md
ci=$srcdir/.ci/run

# Split the README: text before the first fence, then each fenced block.
awk -v dir="$T" '
	/^```/ {
		if (inblock) { inblock = 0; next }
		inblock = 1; n++; next
	}
	inblock { print > (dir "/block" n); next }
	n == 0 { print > (dir "/before") }
' "$readme"

# Before the blocks: the title, then one sentence (possibly wrapped).
head -n 1 "$T/before" >"$T/title"
is "$(cat "$T/title")" "# postmark" "README starts with the title"
sed 1d "$T/before" | tr '\n' ' ' | sed 's/  */ /g; s/^ //; s/ $//' \
    >"$T/intro"
n=$(grep -o '[.!?]\( \|$\)' "$T/intro" | wc -l)
is "$n" 1 "only one sentence between the title and the commands"

# The text between the first two blocks must be empty.
awk '
	/^```/ { fence++; next }
	fence == 2 && NF { print }
' "$readme" >"$T/between"
is "$(cat "$T/between")" "" "the two code blocks are adjacent"

# Each of the first two blocks is one command line.
for i in 1 2; do
	touch "$T/block$i"
	is "$(grep -c . "$T/block$i")" 1 "code block $i is one command"
done

# Block 1 sets up, builds and runs the benchmark in a scratch directory.
b1=$(cat "$T/block1")
for word in 'apt-get install' libedit-dev 'autoreconf -fi' './configure' \
    make 'mktemp -d' postmark rmdir; do
	case $b1 in
	*"$word"*) ok 0 "set-up command has '$word'" ;;
	*) ok 1 "set-up command has '$word'"; diag "got: $b1" ;;
	esac
done

# Block 2 is the test command, and .ci/run runs exactly it.
b2=$(cat "$T/block2")
case $b2 in
'autoreconf -fi && ./configure && '*check*)
	ok 0 "test command builds and checks" ;;
*)
	ok 1 "test command builds and checks"; diag "got: $b2" ;;
esac
if [ -f "$ci" ]; then
	grep -qF -- "$b2" "$ci"
	st=$?
	ok $st ".ci/run runs the README's test command"
	[ $st -eq 0 ] || diag "README: $b2" "not found in .ci/run, whose" \
	    "lines with 'check' are:" "$(grep -n 'check' "$ci")"
else
	ok 1 ".ci/run exists"
fi
done_testing
