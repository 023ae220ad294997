#!/bin/sh
# Real faults: a location postmark may not write.  As an unprivileged user
# (root runs postmark as uid 65534 with setpriv, on a directory of root's
# with mode 0755; anyone else runs it as themselves on a directory of
# theirs with mode 0555) the first create fails at open and the first sK
# at mkdir with `Permission denied' (EACCES).  On a read-only bind mount,
# even as root, they fail with `Read-only file system' (EROFS; root only,
# to mount).  With a second, writable location first, the files and sK
# made there before the failure are removed.  Each run must stop with
# `postmark: -:N: OP PATH: STRERROR', exit 1, write an `error:' row, and
# leave every location exactly as it was.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"

# As root, the unprivileged user must reach $T (0700 from mktemp), run a
# copy of the binary and append to the report file (made for it
# beforehand); the configuration files are root's, mode 0644.
NOBODY=65534
root=0
if [ "$(id -u)" -eq 0 ]; then
	root=1
	command -v setpriv >/dev/null 2>&1 ||
	    skip_all "setpriv(1) not installed"
	postmark_for_all
	chmod 0755 "$T"
	mkdir "$T/home"
	chown "$NOBODY:$NOBODY" "$T/home"
	setpriv --reuid=$NOBODY --regid=$NOBODY --clear-groups \
	    $GUARD "$T/bin/postmark" --version >/dev/null 2>&1 ||
	    skip_all "cannot run postmark as uid $NOBODY here"
fi

# denied NAME AS OP PATH STRERROR CONFIG: run CONFIG (set lines joined by
# `;'; $L is the location) AS the unprivileged user (user) or as we are
# (self); it must fail with OP on PATH (an ERE) and STRERROR in the
# creation phase, and the location $L must be as it was ($NAME.before).
denied() {
	pm_config "$1" "set seed 42;set size 500 10000;$6"
	chmod 0644 "$T/$1.cfg"
	: >"$T/$1.csv"
	if [ "$2" = user ] && [ $root -eq 1 ]; then
		chown "$NOBODY:$NOBODY" "$T/$1.csv"
		PM_BIN=$T/bin/postmark pm_run "$1" setpriv --reuid=$NOBODY \
		    --regid=$NOBODY --clear-groups env HOME="$T/home"
	else
		pm_run "$1"
	fi
	expect_fault "$1" "$3" "$4" "$5"
	is "$(phase_of "$T/$1.csv")" creation \
	    "$1: stopped in the creation phase"
	same_as_before "$L" "$T/$1.before" "$1: location exactly as before"
}

# location NAME: a location $L with a few entries of its own that the
# unprivileged user may not write: root's, or ours with mode 0555.
location() {
	L=$T/$1.loc
	mkdir "$L" || exit 99
	populate "$L"
	if [ $root -eq 1 ]; then
		chmod -R go-w "$L"
	else
		chmod 0555 "$L"
		cleanup="chmod -R u+w '$L'; $cleanup"
	fi
	snapshot "$L" >"$T/$1.before"
	LQ=$(ere_quote "$L")
}

# second NAME [USER]: a second location $W with entries of its own, which
# USER (if given) may write; $T/NAME.w.before its snapshot.
second() {
	W=$T/$1.w
	mkdir "$W" || exit 99
	populate "$W"
	[ -z "${2:-}" ] || [ $root -eq 0 ] || chown -R "$NOBODY:$NOBODY" "$W"
	snapshot "$W" >"$T/$1.w.before"
}

# made_first NAME: the run of NAME made files in $W before it failed, and
# $W is as it was.
made_first() {
	n=$(csv_get "$T/$1.csv" created)
	ok "$([ "${n:-0}" -gt 0 ]; echo $?)" \
	    "$1: files were made in the writable location first"
	same_as_before "$W" "$T/$1.w.before" \
	    "$1: writable location exactly as before"
}

c='set number 20'
location eacces-buffered
denied eacces-buffered user open "$LQ/1" 'Permission denied' \
    "set location $L;$c"
location eacces-raw
denied eacces-raw user open "$LQ/1" 'Permission denied' \
    "set location $L;$c;set buffering false"
location eacces-mkdir
denied eacces-mkdir user mkdir "$LQ/s0" 'Permission denied' \
    "set location $L;$c;set subdirectories 3"

# Files go to the writable location 5 times in 6: some are made there
# before the first one that goes to $L fails.
location eacces-two
second eacces-two user
denied eacces-two user open "$LQ/[0-9]+" 'Permission denied' \
    "set location $W 5;set location +$L 1;$c"
made_first eacces-two

# A read-only bind mount of a directory on itself: root gets EROFS.
# rofs NAME: location NAME, then mounted read-only on itself.
rofs() {
	location "$1"
	fault_mount "$L" --bind "$L" &&
	    mount -o remount,ro,bind "$L" 2>/dev/null ||
	    cannot "cannot make a read-only bind mount here"
}

rofs_why="needs root to mount"
if [ $root -eq 1 ]; then
	rofs_why="cannot make a read-only bind mount here"
	fault_mount "$T/probe" --bind "$T/probe" &&
	    mount -o remount,ro,bind "$T/probe" 2>/dev/null && rofs_why=
	umount "$T/probe" 2>/dev/null
fi
if [ -n "$rofs_why" ]; then
	skip "read-only file system" "$rofs_why"
	done_testing
fi

rofs erofs-buffered
denied erofs-buffered self open "$LQ/1" 'Read-only file system' \
    "set location $L;$c"
rofs erofs-raw
denied erofs-raw self open "$LQ/1" 'Read-only file system' \
    "set location $L;$c;set buffering false"
rofs erofs-mkdir
denied erofs-mkdir self mkdir "$LQ/s0" 'Read-only file system' \
    "set location $L;$c;set subdirectories 3"
rofs erofs-two
second erofs-two
denied erofs-two self open "$LQ/[0-9]+" 'Read-only file system' \
    "set location $W 5;set location +$L 1;$c"
made_first erofs-two

# The sK of every location are made first, in list order: s0 and s1 of the
# writable one, then the read-only one's s0 fails; those two are removed.
rofs erofs-two-mkdir
second erofs-two-mkdir
denied erofs-two-mkdir self mkdir "$LQ/s0" 'Read-only file system' \
    "set location $W;set location +$L;$c;set subdirectories 2"
same_as_before "$W" "$T/erofs-two-mkdir.w.before" \
    "erofs-two-mkdir: writable location exactly as before"

done_testing
