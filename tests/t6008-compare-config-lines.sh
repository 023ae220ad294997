#!/bin/sh
# t6008-compare-config-lines: postmark reads compare.sh's generated input
# on stdin and names it "-"; compare.sh maps its "-:N:" errors back to the
# user's config, CONFIG:N:, also for a last line without a line
# feed, and names the line when the error is in one that compare.sh added
# (a failed run says "postmark: -:N: ..." about the run line).

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
mkdir "$T/a" "$T/cwd"

# pm_err PROG CONFIG: run mode with postmark PROG and CONFIG (relative to
# $T/cwd) on target A; the postmark lines of stderr are in $T/err.
pm_err() {
	(cd "$T/cwd" && sh "$compare" -n 1 -p "$1" --no-plot -o "$T/x.csv" \
	    "$2" A="$T/a") >/dev/null 2>"$T/err"
	st=$?
}

# has LINE DESC: LINE is a line of $T/err.
has() {
	grep -qxF -- "$1" "$T/err"
	st=$?
	ok "$st" "$2"
	[ "$st" -eq 0 ] || diag "want the line: $1" "stderr:" "$(cat "$T/err")"
}

# The real postmark: a bad value in the config.
printf '# two lines\nset number abc\nset transactions 10\n' >"$T/cwd/mid.pmrc"
pm_err "$POSTMARK" mid.pmrc
is "$st" 1 "a bad config line: exit 1"
has "postmark: mid.pmrc:2: set number: 'abc' is not a whole number" \
    "an error on line 2 of 3 names mid.pmrc:2"
printf 'set transactions 10\nset number abc' >"$T/cwd/last.pmrc"
pm_err "$POSTMARK" last.pmrc
has "postmark: last.pmrc:2: set number: 'abc' is not a whole number" \
    "an error on a last line without a line feed names last.pmrc:2"

# A stand-in postmark whose run fails as postmark's does, with
# "postmark: -:N: MESSAGE" about the run line (N: its line on stdin);
# it answers --version as ours (compare.sh checks it), and an input
# without a run
# (compare.sh's check before the first run) with success, as postmark
# does.
cat >"$T/failrun" <<'EOF'
#!/bin/sh
case ${1-} in --version) echo 'postmark 0.1.0 (PostMark v1.53 compatible)'; exit ;; esac
awk '/^run / { printf("postmark: -:%d: write s0/1: No space left on device\n", NR); bad = 1 } END { exit bad }' >&2
EOF
chmod +x "$T/failrun"
pm_err "$T/failrun" mid.pmrc
is "$st" 1 "a failed run: exit 1"
has "postmark: line added by compare.sh, \"run $T/x.csv\": write s0/1: No space left on device" \
    "an error in the run line names that line, added by compare.sh"
pm_err "$T/failrun" last.pmrc
has "postmark: line added by compare.sh, \"run $T/x.csv\": write s0/1: No space left on device" \
    "... also after a config without a final line feed"
grep -q 'postmark failed (exit 1) on target A' "$T/err"
ok $? "the failed target is named"

done_testing
