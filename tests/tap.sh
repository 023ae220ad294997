# tests/tap.sh: a tiny TAP library sourced by every tests/tNNNN-*.sh.
#
# Provides: plan N, ok COND-STATUS DESC, is GOT WANT DESC, skip_all REASON,
# skip DESC REASON, skip_sanitized WHY, diag TEXT, done_testing, is_png
# FILE DESC and png FILE WIDTH HEIGHT DESC (plots), and
# snapshot DIR (to check that a directory is left exactly as it was).  Each
# script gets a scratch directory in $T (mktemp -d) that is removed on exit
# by a trap; scripts that need more cleanup set $cleanup to a command run
# first.

set -u
: "${POSTMARK:?POSTMARK must name the postmark binary under test}"
: "${srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
export LC_ALL=C

tap_n=0
tap_failed=0
cleanup=:
T=$(mktemp -d "${TMPDIR:-/tmp}/pmtest.XXXXXX") || exit 99
trap 'eval "$cleanup"; rm -rf "$T"' EXIT
trap 'exit 130' INT TERM

plan() { echo "1..$1"; }

diag() { printf '%s\n' "$@" | sed 's/^/# /'; }

# ok STATUS DESC: pass when STATUS is 0.
ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

# is GOT WANT DESC: pass when the two strings are equal; show both if not.
is() {
	tap_n=$((tap_n + 1))
	if [ "$1" = "$2" ]; then
		echo "ok $tap_n - $3"
	else
		echo "not ok $tap_n - $3"
		diag "got:  '$1'" "want: '$2'"
		tap_failed=$((tap_failed + 1))
	fi
}

# same_file GOT WANT DESC: pass when two files are identical; show a diff.
same_file() {
	tap_n=$((tap_n + 1))
	if cmp -s "$1" "$2"; then
		echo "ok $tap_n - $3"
	else
		echo "not ok $tap_n - $3"
		diff -u "$2" "$1" | head -40 | sed 's/^/# /'
		tap_failed=$((tap_failed + 1))
	fi
}

skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}

# skip_all REASON: skip the rest of the script; before any test the
# whole script is skipped, after some it is one skipped test and the end.
skip_all() {
	if [ "$tap_n" -gt 0 ]; then
		skip "the rest of the script" "$1"
		done_testing
	fi
	echo "1..0 # SKIP $1"
	exit 0
}

# need_reference: skip the whole script when the reference binary is absent.
need_reference() {
	if [ -z "${REFERENCE_POSTMARK:-}" ] || [ ! -x "$REFERENCE_POSTMARK" ]; then
		skip_all "reference PostMark not installed (apt-get install postmark)"
	fi
}

# skip_sanitized WHY: skip the whole script in a build made with
# configure --enable-sanitizers, whose instrumentation WHY explains.
skip_sanitized() {
	if [ "${PM_SANITIZED:-0}" = 1 ]; then
		skip_all "sanitized build: $1"
	fi
}

# is_png FILE DESC: FILE starts with the PNG signature.
is_png() {
	is "$(od -An -tx1 -N8 "$1" 2>/dev/null | tr -d ' \n')" \
	    89504e470d0a1a0a "$2"
}

# png FILE WIDTH HEIGHT DESC: FILE is a PNG image of that size (the
# signature, then an IHDR chunk with the width and height).
png() {
	is "$(od -An -tx1 -N24 "$1" 2>/dev/null | tr -d ' \n')" \
	    "89504e470d0a1a0a0000000d49484452$(printf '%08x%08x' "$2" "$3")" \
	    "$4"
}

# snapshot DIR: every entry below DIR with the sha256 of regular files.
snapshot() {
	(cd "$1" && find . -mindepth 1 | LC_ALL=C sort | while read -r f; do
		if [ -f "$f" ]; then
			printf '%s %s\n' "$f" "$(sha256sum <"$f" | cut -d' ' -f1)"
		else
			printf '%s %s\n' "$f" "$(stat -c %F "$f")"
		fi
	done)
}

done_testing() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
	exit $?
}

# errors FILE: what a run wrote to stderr (FILE), less its validity
# warnings (`postmark: warning: ...', man postmark, WARNINGS).
errors() {
	grep -v '^postmark: warning: ' "$1"
}
