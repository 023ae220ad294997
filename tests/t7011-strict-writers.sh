#!/bin/sh
# t7011: set strictmodes counts every user who may write in a directory,
# not only those its mode shows.
#  - A POSIX ACL that grants another user or group write (setfacl -m
#    u:nobody:rwx on a directory of root's, mode 0755: it then shows
#    0775, which passed as root's private group) is read from the
#    directory's system.posix_acl_access attribute: the location is
#    refused, naming that user or group; so is a report file's directory.
#    Entries the ACL's mask takes write from do not count, and neither
#    does the owning group when its own entry has no write.  A report
#    file's directory that postmark's user may write in but not read is
#    opened O_PATH, and its ACL is read all the same (it was not: the
#    mode alone was judged, naming the group instead of the user).
#  - A user whose primary group (in the passwd database) is the
#    directory's group may write in it as a member would: a group that
#    is the user's own (named as the user) counts as private only when no
#    one else has it, as a member or as their primary group.  Here the
#    passwd database is a copy, in a mount namespace of the test's own,
#    where nobody's primary group is root's.
# nobody really writes in each directory refused (setpriv), and cannot in
# those accepted.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"

need_root "grant another user write and run as that user"
for t in setfacl setpriv; do
	command -v $t >/dev/null 2>&1 ||
	    skip_all "$t not installed (apt-get install acl util-linux)"
done
NOBODY=65534
u=$(getent passwd $NOBODY | cut -d: -f1)
g=$(getent group $NOBODY | cut -d: -f1)
[ "$(id -un)" = root ] && [ "$(id -gn)" = root ] &&
    [ -z "$(getent group root | cut -d: -f4)" ] ||
    skip_all "root's group is not its private group here"
chmod 0711 "$T"
mkdir "$T/probe"
setfacl -m u:$NOBODY:rwx "$T/probe" 2>/dev/null ||
    skip_all "the file system of $T has no POSIX ACLs"

# writes DIR [GID]: nobody (with group GID, default nogroup) can make a
# file in DIR.
writes() {
	setpriv --reuid=$NOBODY --regid="${2:-$NOBODY}" --clear-groups \
	    sh -c ": >'$1/nobody-was-here'" 2>/dev/null &&
	    rm -f "$1/nobody-was-here"
}

# loc NAME ACL: a location $T/NAME of mode 0755 with the ACL entries ACL
# added (setfacl -m).
loc() {
	mkdir -m 0755 "$T/$1" || exit 99
	setfacl -m "$2" "$T/$1" || exit 99
}

# runs NAME: 10 files in location $T/NAME, a CSV report to
# $T/NAME.csv; status in $rc, stderr in $T/NAME.err.
runs() {
	pm_config "$1" "set location $T/$1;set number 10;set transactions 20"
	pm_run "$1"
}

WHY="so they could put a link to a file of theirs in place of one of the \
run's files, which the run would then write, read and remove (chmod go-w or \
+t it, or set strictmodes false to run anyway)"

# refused NAME WHY: the check refused location $T/NAME: status 1, one
# line naming it and why, no record.
refused() {
	is "$rc" 1 "$1: exit status 1"
	one_message "$1" \
	    "[-]:[0-9]+: $(ere_quote "run: location '$T/$1': $2")" \
	    "$1: the message names the location and why"
	is "$(cat "$T/$1.csv" 2>/dev/null)" "" "$1: nothing ran"
}

loc acl-user "u:$NOBODY:rwx"
writes "$T/acl-user"
ok $? "acl-user: nobody can write in it (mode $(stat -c %04a "$T/acl-user"))"
runs acl-user
refused acl-user "its ACL lets user ${u:-$NOBODY} write in it (mode 0775) and\
 it is not sticky, $WHY"

loc acl-group "g:$NOBODY:rwx"
writes "$T/acl-group"
ok $? "acl-group: group ${g:-$NOBODY} can write in it"
runs acl-group
refused acl-group "its ACL lets group ${g:-$NOBODY} write in it (mode 0775)\
 and it is not sticky, $WHY"

# The report file's directory: the same rule.
loc acl-rec "u:$NOBODY:rwx"
mkdir "$T/L"
printf '%s\n' "set location $T/L" 'set number 10' 'set transactions 20' \
    'set report csv' "run $T/acl-rec/r.csv" >"$T/acl-rec.cfg"
pm_run acl-rec
is "$rc:$(cat "$T/acl-rec.err")" "1:-:5: run: report file '$T/acl-rec/r.csv':\
 directory '$T/acl-rec': its ACL lets user ${u:-$NOBODY} write in it (mode\
 0775) and it is not sticky, so they could put a file of theirs in place of\
 the report file, which postmark would then write to (chmod go-w or +t it,\
 or set strictmodes false to run anyway)" \
    "acl-rec: a report file's directory with such an ACL is refused"

# A report file's directory that the user running postmark may write
# in but not read (mode 0300, nobody's, opened O_PATH): its ACL is read
# all the same, and the user it lets write (daemon, uid 1) is named.
mkdir "$T/bin" "$T/Lnb" && cp "$POSTMARK" "$T/bin/postmark" || exit 99
chown $NOBODY "$T/Lnb"
mkdir -m 0300 "$T/acl-path" && chown $NOBODY "$T/acl-path" &&
    setfacl -m u:1:rwx "$T/acl-path" || exit 99
printf '%s\n' "set location $T/Lnb" 'set number 10' 'set transactions 20' \
    'set report csv' "run $T/acl-path/r.csv" >"$T/acl-path.cfg"
d=$(getent passwd 1 | cut -d: -f1)
if setpriv --reuid=$NOBODY --regid=$NOBODY --clear-groups \
    "$T/bin/postmark" --version >/dev/null 2>&1; then
	rc=0
	setpriv --reuid=$NOBODY --regid=$NOBODY --clear-groups \
	    "$T/bin/postmark" "$T/acl-path.cfg" >"$T/acl-path.out" \
	    2>"$T/acl-path.err" || rc=$?
	is "$rc:$(cat "$T/acl-path.err")" "1:$T/acl-path.cfg:5: run: report file $(:
	    )'$T/acl-path/r.csv': directory '$T/acl-path': its ACL lets user $(:
	    )${d:-1} write in it (mode 0370) and it is not sticky, so they $(:
	    )could put a file of theirs in place of the report file, which $(:
	    )postmark would then write to (chmod go-w or +t it, or set $(:
	    )strictmodes false to run anyway)" \
	    "acl-path: a directory we cannot read: its ACL is read all the same"
else
	skip "acl-path: a directory we cannot read" "nobody cannot run a copy $(:
	    )of postmark in $T"
fi

# Write that the mask takes away: nobody cannot write; accepted.
loc acl-masked "u:$NOBODY:rwx,m::r-x"
writes "$T/acl-masked"
ok $((! $?)) "acl-masked: nobody cannot write in it"
runs acl-masked
is "$rc $(csv_get "$T/acl-masked.csv" status)" "0 ok" \
    "acl-masked: write masked away: the run completes"

# A mask that allows write, entries that have none: no one else can
# write; accepted, though the mode shows 0775 and the group is not ours.
loc acl-none "u:$NOBODY:r-x,g::r-x,m::rwx"
chgrp $NOBODY "$T/acl-none"
writes "$T/acl-none"
ok $((! $?)) "acl-none: nobody cannot write in it (mode\
 $(stat -c %04a "$T/acl-none"))"
runs acl-none
is "$rc $(csv_get "$T/acl-none.csv" status)" "0 ok" \
    "acl-none: no entry with write: the run completes"

# A primary group: in a mount namespace of our own, a passwd database
# where nobody's primary group is root's, 0.  root's group, named root,
# with no members, is no longer root's alone.
command -v unshare >/dev/null 2>&1 ||
    skip_all "unshare(1) not installed (apt-get install util-linux)"
sed "s/^\([^:]*:[^:]*:$NOBODY:\)[0-9]*:/\10:/" /etc/passwd >"$T/passwd"
grep -q "^[^:]*:[^:]*:$NOBODY:0:" "$T/passwd" || exit 99
# nsrun NAME: pm_run NAME with that passwd database.
nsrun() {
	pm_run "$1" unshare -m --propagation private sh -c \
	    'mount --bind "$0" /etc/passwd && exec "$@"' "$T/passwd"
}
mkdir -m 0775 "$T/primary"
writes "$T/primary" 0
ok $? "primary: nobody, with group root, can write in it"
pm_config primary "set location $T/primary;set number 10;set transactions 20"
nsrun primary
if grep -q '^\(unshare\|mount\): ' "$T/primary.err"; then
	skip_all "cannot bind-mount a passwd database in a mount namespace here"
fi
refused primary "mode 0775 lets group root (the primary group of user\
 ${u:-$NOBODY}) write in it and it is not sticky, $WHY"
# Without that passwd database, root's group is root's alone.
runs primary
is "$rc $(csv_get "$T/primary.csv" status)" "0 ok" \
    "primary: with the usual passwd database, the run completes"
done_testing
