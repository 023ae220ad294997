#
# Copyright (c) 2026 The postmark developers.
#
# Permission to use, copy, modify, and distribute this software for any
# purpose with or without fee is hereby granted, provided that the above
# copyright notice and this permission notice appear in all copies.
#
# THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
# WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
# MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
# ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
# WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
# ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
# OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.

# scripts/lib.sh: the helpers of postmark's shell scripts, sourced (never
# run) by scripts/dirindex-demo.sh and, through bench/lib.sh, the bench
# scripts.  POSIX sh.  (compare.sh is a front of the Python package
# scripts/postmark_compare, which has its own.)
#
# Messages start with $prog, the script's file name unless the script sets
# it after sourcing this file.  The script defines usage (printed by its
# --help; a usage error prints one line and where the usage is) and
# cleanup (called on exit once catch_signals has set the traps).  Helpers
# keep their working variables in names that start with their own, so
# that they do not clobber the script's.

prog=${0##*/}
child=		# the background command wait_child waits for

# die MSG...: print "PROG: MSG" on stderr and exit 1.
die() {
	printf '%s: %s\n' "$prog" "$*" >&2
	exit 1
}

# note MSG...: print "PROG: MSG" on stderr.
note() {
	printf '%s: %s\n' "$prog" "$*" >&2
}

# usage_error MSG...: print "PROG: MSG" and where the usage is on
# stderr, exit 2.
usage_error() {
	printf '%s: %s\n' "$prog" "$*" >&2
	try_help
}

# try_help: say on stderr where the usage is; exit 2.
try_help() {
	printf "Try '%s --help' for more information.\n" "$prog" >&2
	exit 2
}

# catch_signals: call cleanup whenever the script exits; on a hangup, an
# interrupt or a termination say so and exit 129, 130 or 143 (through
# cleanup); when the reader of standard output has gone (bench/clients.sh
# | head), exit 141 through cleanup, silently, instead of dying with a
# mount or a scratch directory left behind.
catch_signals() {
	trap cleanup EXIT
	trap 'note hangup; exit 129' HUP
	trap 'note interrupted; exit 130' INT
	trap 'exit 141' PIPE
	trap 'note terminated; exit 143' TERM
}

# posint VALUE: true when VALUE is a positive decimal integer of at most
# ten digits.
posint() {
	case $1 in
	''|0*|*[!0-9]*)
		return 1 ;;
	esac
	[ ${#1} -le 10 ]
}

# need_posint OPTION VALUE: a usage error unless VALUE, given with OPTION,
# is a positive integer.
need_posint() {
	posint "$2" || usage_error "$1: '$2' is not a positive integer"
}

# need_arg N OPTION WHAT: a usage error "OPTION needs WHAT" unless OPTION,
# followed by N - 1 more arguments, has its value (N is at least 2).
need_arg() {
	[ "$1" -ge 2 ] || usage_error "$2 needs $3"
}

# absdir DIR: print the absolute physical path of the directory DIR, or
# fail when it cannot be entered.  A relative DIR gets "./", which keeps it
# from CDPATH and "-" from meaning $OLDPWD.
absdir() {
	case $1 in
	/*)	CDPATH='' cd -- "$1" && pwd -P ;;
	*)	CDPATH='' cd -- "./$1" && pwd -P ;;
	esac
}

# mkscratch VAR NAME: create a new private directory NAME.XXXXXX in
# $TMPDIR (default /tmp) and set the variable VAR to its absolute physical
# path (postmark may run in another directory); die when it cannot.  The
# caller's cleanup removes it.
mkscratch() {
	mkscratch_base=$(absdir "${TMPDIR:-/tmp}") ||
	    die "${TMPDIR:-/tmp}: cannot enter the temporary directory"
	mkscratch_dir=$(mktemp -d "$mkscratch_base/$2.XXXXXX") ||
	    die "cannot create a temporary directory in $mkscratch_base"
	eval "$1=\$mkscratch_dir"
}

# find_prog VAR NAME HINT: set the variable VAR to the absolute path of the
# program NAME: a NAME with a slash is a path, any other is looked up in
# PATH.  Die unless it is an executable file; HINT says what to do when
# NAME is not in PATH.
find_prog() {
	find_prog_p=$2
	case $find_prog_p in
	*/*)	;;
	*)	find_prog_p=$(command -v "$2") ||
		    die "$2 not found in PATH: $3" ;;
	esac
	[ -x "$find_prog_p" ] && [ -f "$find_prog_p" ] ||
	    die "$find_prog_p: not an executable file"
	case $find_prog_p in
	/*)	;;
	*)	find_prog_p=$(pwd)/$find_prog_p ;;
	esac
	eval "$1=\$find_prog_p"
}

# wait_child: wait for the command just started in the background ($!),
# which stop_child (called by cleanup) stops if we are interrupted
# meanwhile; $st is its exit status.
wait_child() {
	child=$!
	wait "$child"
	st=$?
	child=
}

# stop_child: stop the command wait_child is waiting for, if any.
stop_child() {
	if [ -n "$child" ]; then
		kill -TERM "$child" 2>/dev/null
		wait "$child" 2>/dev/null
		child=
	fi
}
