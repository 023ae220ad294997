#!/bin/sh
#
# .pmrc in the current directory runs commands, shell escapes included,
# so it is read only when it is a regular file owned by the user (or
# root) that group and others cannot write; otherwise a warning says why
# it was skipped and the program goes on without it.  A FILE argument is
# always read: the user named it.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99
printf '%s\n' '!touch ran' 'set number 77' >.pmrc

# pm: run with .pmrc and "show" on stdin; sets $rc, $out and $err.
pm() {
	rm -f ran
	rc=0
	echo show | "$POSTMARK" >out 2>err || rc=$?
	out=$(cat out)
	err=$(cat err)
}

chmod 600 .pmrc
pm
is "$rc:$err" "0:" "our own .pmrc: read, no warning"
test -e ran
ok $? "our own .pmrc: its commands ran"

chmod 620 .pmrc
pm
is "$rc" 0 "group-writable .pmrc: the program goes on"
is "$err" "postmark: .pmrc: not read: writable by group or others; it could\
 run any command as you" "group-writable .pmrc: a warning says why"
test -e ran
ok $((! $?)) "group-writable .pmrc: nothing in it ran"
case $out in
*'base number of files is 500'*) ok 0 "group-writable .pmrc: not applied" ;;
*)	ok 1 "group-writable .pmrc: not applied" ;;
esac

chmod 606 .pmrc
pm
is "$err" "postmark: .pmrc: not read: writable by group or others; it could\
 run any command as you" "world-writable .pmrc: skipped"

chmod 600 .pmrc
if [ "$(id -u)" -eq 0 ] && chown 65534 .pmrc 2>/dev/null; then
	pm
	is "$err" "postmark: .pmrc: not read: owned by someone else (not you,\
 not root); it could run any command as you" "someone else's .pmrc: skipped"
	test -e ran
	ok $((! $?)) "someone else's .pmrc: nothing in it ran"
	chown 0 .pmrc
else
	skip "someone else's .pmrc" "needs root to chown"
	skip "someone else's .pmrc: nothing ran" "needs root to chown"
fi

rm .pmrc
mkdir .pmrc
pm
is "$err" "postmark: .pmrc: not read: not a regular file; it could run any\
 command as you" "a directory named .pmrc: skipped"
rmdir .pmrc

# A file named on the command line is read whatever its mode.
printf 'set number 88\nshow\nquit\n' >cfg
chmod 666 cfg
"$POSTMARK" cfg >out 2>err
is "$?:$(cat err)" "0:" "a FILE argument is read whatever its mode"
grep -q 'base number of files is 88' out
ok $? "a FILE argument: applied"
done_testing
