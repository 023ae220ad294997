#!/bin/sh
# Real faults: a location postmark may not write.  Run as an unprivileged
# user (setpriv to uid 65534) on a directory of root's with mode 0755, the
# first create fails at open and the first sK at mkdir with `Permission
# denied' (EACCES); on a read-only bind mount, even as root, with
# `Read-only file system' (EROFS).  With a second, writable location the
# files made there before the failure are removed.  Each run must stop
# with `postmark: -:N: OP PATH: STRERROR', exit 1, write an `error:' row,
# and leave every location exactly as it was.  Needs root (to change user
# and to mount).
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"

need_root "run as another user and to bind-mount read-only"
command -v setpriv >/dev/null 2>&1 || skip_all "setpriv(1) not installed"
NOBODY=65534

# The unprivileged user must reach $T (0700 from mktemp), run a copy of the
# binary and append to the report file (made for it beforehand); the
# configuration files are root's, mode 0644.
chmod 0755 "$T"
mkdir "$T/bin" "$T/home"
cp "$POSTMARK" "$T/bin/postmark" && chmod 0755 "$T/bin/postmark" || exit 99
chown "$NOBODY:$NOBODY" "$T/home"
setpriv --reuid=$NOBODY --regid=$NOBODY --clear-groups \
    "$T/bin/postmark" --version >/dev/null 2>&1 ||
    skip_all "cannot run postmark as uid $NOBODY here"

# denied NAME WHO OP PATH STRERROR CONFIG: run CONFIG (set lines joined by
# `;'; $L is the location) as WHO (nobody or root); it must fail with OP
# on PATH (an ERE) and STRERROR in the creation phase, and the locations
# $L and $W must be as they were ($NAME.before, $NAME.w.before).
denied() {
	pm_config "$1" "set seed 42;set size 500 10000;$6"
	chmod 0644 "$T/$1.cfg"
	: >"$T/$1.csv"
	if [ "$2" = nobody ]; then
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

# location NAME: a location $L with a few entries of its own, root's.
location() {
	L=$T/$1.loc
	mkdir "$L" || exit 99
	populate "$L"
	chmod -R go-w "$L"
	snapshot "$L" >"$T/$1.before"
	LQ=$(ere_quote "$L")
}

# writable NAME: a second location $W with entries of its own, the user's.
writable() {
	W=$T/$1.w
	mkdir "$W" || exit 99
	populate "$W"
	chown -R "$NOBODY:$NOBODY" "$W"
	snapshot "$W" >"$T/$1.w.before"
}

c='set number 20'
location eacces-buffered
denied eacces-buffered nobody open "$LQ/1" 'Permission denied' \
    "set location $L;$c"
location eacces-raw
denied eacces-raw nobody open "$LQ/1" 'Permission denied' \
    "set location $L;$c;set buffering false"
location eacces-mkdir
denied eacces-mkdir nobody mkdir "$LQ/s0" 'Permission denied' \
    "set location $L;$c;set subdirectories 3"

# Files go to the writable location 5 times in 6: some are made there
# before the first one that goes to $L fails.
location eacces-two
writable eacces-two
denied eacces-two nobody open "$LQ/[0-9]+" 'Permission denied' \
    "set location $W 5;set location +$L 1;$c"
n=$(csv_get "$T/eacces-two.csv" created)
ok "$([ "${n:-0}" -gt 0 ]; echo $?)" \
    "eacces-two: files were made in the writable location first"
same_as_before "$W" "$T/eacces-two.w.before" \
    "eacces-two: writable location exactly as before"

# A read-only bind mount of a directory on itself: root gets EROFS.
# rofs NAME: location NAME, then mounted read-only on itself.
rofs() {
	location "$1"
	fault_mount "$L" --bind "$L" &&
	    mount -o remount,ro,bind "$L" 2>/dev/null ||
	    skip_all "cannot make a read-only bind mount here"
}

rofs erofs-buffered
denied erofs-buffered root open "$LQ/1" 'Read-only file system' \
    "set location $L;$c"
rofs erofs-raw
denied erofs-raw root open "$LQ/1" 'Read-only file system' \
    "set location $L;$c;set buffering false"
rofs erofs-mkdir
denied erofs-mkdir root mkdir "$LQ/s0" 'Read-only file system' \
    "set location $L;$c;set subdirectories 3"
# second NAME: a second location $W with entries of its own, root's.
second() {
	W=$T/$1.w
	mkdir "$W" || exit 99
	populate "$W"
	snapshot "$W" >"$T/$1.w.before"
}

rofs erofs-two
second erofs-two
denied erofs-two root open "$LQ/[0-9]+" 'Read-only file system' \
    "set location $W 5;set location +$L 1;$c"
n=$(csv_get "$T/erofs-two.csv" created)
ok "$([ "${n:-0}" -gt 0 ]; echo $?)" \
    "erofs-two: files were made in the writable location first"
same_as_before "$W" "$T/erofs-two.w.before" \
    "erofs-two: writable location exactly as before"

# The sK of every location are made first, in list order: s0 and s1 of the
# writable one, then the read-only one's s0 fails; those two are removed.
rofs erofs-two-mkdir
second erofs-two-mkdir
denied erofs-two-mkdir root mkdir "$LQ/s0" 'Read-only file system' \
    "set location $W;set location +$L;$c;set subdirectories 2"
same_as_before "$W" "$T/erofs-two-mkdir.w.before" \
    "erofs-two-mkdir: writable location exactly as before"

done_testing
