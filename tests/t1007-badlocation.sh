#!/bin/sh
# An unusable location is a clear error, not PostMark's stream of
# "cannot open" messages followed by a report of work never done: a
# missing directory, a regular file, a symbolic link (never followed), a
# read-only directory (when not root; as root, a read-only tmpfs), with
# and without subdirectories.  The location is opened once before
# anything is created, so the cause names the location itself.  Nothing
# is created anywhere; exit status 1.

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/data/engine.sh"

# expect CASE CAUSE ARGS...: the run fails with CAUSE.
expect() {
	c=$1 cause=$2
	shift 2
	(cd "$T/cwd" && "$ENGINE" "$@" >"$T/out" 2>"$T/err")
	is $? 1 "$c: exit status 1"
	is "$(cat "$T/err")" "pm_enginetest: $cause" "$c: the cause"
	is "$(ls -A "$T/cwd")" "" "$c: nothing created in the cwd"
}

mkdir "$T/cwd"
expect "missing location" "open $T/nope: No such file or directory" \
    location="$T/nope:1" number=10
expect "missing location, subdirectories" \
    "open $T/nope: No such file or directory" \
    location="$T/nope:1" number=10 subdirectories=4
printf 'x\n' >"$T/file"
expect "a file as location" "open $T/file: Not a directory" \
    location="$T/file:1" number=10 buffering=false
is "$(cat "$T/file")" x "a file as location: the file is untouched"
mkdir "$T/target"
ln -s target "$T/link"
expect "a symbolic link as location" "open $T/link: the location is a \
symbolic link; name the directory itself" location="$T/link:1" number=10
is "$(ls -A "$T/target")" "" "a symbolic link as location: never entered"

# Two locations, the second missing: it is opened (and fails) after
# the first one's subdirectories were made, which are removed.
mkdir "$T/ok"
(cd "$T/cwd" && "$ENGINE" location="$T/ok:1" location="$T/nope:5" \
    number=10 subdirectories=3 >"$T/out" 2>"$T/err")
is $? 1 "second location missing: exit status 1"
is "$(cat "$T/err")" "pm_enginetest: open $T/nope: No such file or \
directory" "second location missing: the cause"
is "$(find "$T/ok" "$T/cwd" -mindepth 1)" "" \
    "second location missing: nothing left in the good one"

if [ "$(id -u)" -ne 0 ]; then
	mkdir "$T/ro"
	chmod 555 "$T/ro"
	expect "read-only location" "open $T/ro/1: Permission denied" \
	    location="$T/ro:1" number=10
elif mkdir "$T/ro" && mount -t tmpfs -o ro,size=1m pmtest "$T/ro" \
    2>/dev/null; then
	# Root bypasses permissions, not a read-only file system.
	cleanup="umount '$T/ro' 2>/dev/null; $cleanup"
	expect "read-only location" "open $T/ro/1: Read-only file system" \
	    location="$T/ro:1" number=10
else
	skip "read-only location" "root bypasses permissions, mount failed"
fi

done_testing
