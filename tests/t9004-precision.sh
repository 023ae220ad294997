#!/bin/sh
# t9004: set iterations MIN-MAX with set precision P%.  postmark stops
# after the first run from MIN on after which the 95 % confidence
# interval of transactions/s is within P % of its mean, and says so
# (with that figure); when no such run comes it runs MAX and says the
# precision was not reached.  The test recomputes the intervals from the
# runs' own rows (tests/explain/explainlib.sh, rates_stats), so that the
# verdict holds whatever the machine does.  To see both outcomes, a hook
# stalls each transaction phase for a fixed time (a quiet set, which
# should stop early) or for alternating times (a noisy one, which should
# run to MAX); when the machine made a set behave otherwise, that
# outcome is skipped, not failed.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/explain/explainlib.sh"
need_tools

stall_location "$T/L"
CFG="set location $T/L;set number 500;set transactions $stall_tx;set seed 5"

# precise NAME MIN MAX P OUTCOME: the runs of NAME (CSV report
# $T/NAME.csv) stopped where their rows say they must, with the message
# that says why and the interval's width; OUTCOME (early or max) is the
# one the set is made for, skipped when the machine gave the other.
precise() {
	p_n=$(($(wc -l <"$T/$1.csv") - 1))
	rates_stats "$T/$1.csv" >"$T/$1.stats"
	# The first K from MIN on within P %.
	p_want=$(awk -v min="$2" -v p="$4" '$1 >= min && $2 <= p {
		print $1
		exit
	}' "$T/$1.stats")
	p_rel=$(awk -v k="$p_n" '$1 == k { print $2 }' "$T/$1.stats")
	p_ci="the 95% confidence interval of transactions/s is within"
	if [ -n "$p_want" ] && [ "$p_want" -lt "$3" ]; then
		p_how=early
		p_ere="^Stopped after $p_n runs: $p_ci ([0-9.]+)% of the mean"
		p_ere="$p_ere \\(asked: $4\\.00%\\)$"
	else
		p_how=max p_want=$3
		p_ere="^Reached $3 runs: $p_ci ([0-9.]+)% of the mean, not the"
		p_ere="$p_ere $4\\.00% asked$"
	fi
	# Another count passes when the width after it or after the one
	# wanted is within 0.01 % of P: too close to call, the CSV's rates
	# being rounded.
	if [ "$p_n" -ne "$p_want" ] &&
	    ! awk -v a="$p_n" -v b="$p_want" -v p="$4" \
	    '($1 == a || $1 == b) && $2 - p <= 0.01 && p - $2 <= 0.01 {
		f = 1
	    } END { exit !f }' "$T/$1.stats"; then
		ok 1 "$1: stops after the runs that reach the precision"
		diag "$p_n runs; the widths after each (K, % of the mean, CV):" \
		    "$(cat "$T/$1.stats")"
	else
		ok 0 "$1: stops after the runs that reach the precision ($p_n)"
	fi
	# The message, with the width after the last run (to 0.02 %: the
	# rates in the CSV are rounded).
	p_said=$(cat "$T/$1.out" "$T/$1.err" | sed -En "s|$p_ere|\\1|p")
	if [ -n "$p_said" ] && awk -v a="$p_said" -v b="$p_rel" \
	    'BEGIN { exit !(a - b <= 0.02 && b - a <= 0.02) }'; then
		ok 0 "$1: it says why it stopped"
	else
		ok 1 "$1: it says why it stopped"
		diag "want: $p_ere (width $p_rel)" "got: $(grep -hE \
		    '^(Stopped|Reached)' "$T/$1.out" "$T/$1.err")"
	fi
	if [ "$p_how" = "$5" ]; then
		ok 0 "$1: the set was $5 as made"
	else
		skip "$1: the set was $5 as made" \
		    "the machine made it $p_how: $(tr '\n' ' ' <"$T/$1.stats")"
	fi
}

# A quiet set: each transaction phase stalled for 1 s, so that it hardly
# varies: 3 to 20 runs with precision 10 % stop early.
{
	stall_hook quiet "$T/L" 1
	printf '%s;set iterations 3-20;set precision 10%%;set report csv;run %s;quit\n' \
	    "$CFG" "$T/quiet.csv" | tr ';' '\n'
} >"$T/quiet.cfg"
pm_run quiet
is "$rc" 0 "quiet: exit 0"
ok "$([ "$(($(wc -l <"$T/quiet.csv") - 1))" -ge 3 ]; echo $?)" \
    "quiet: at least MIN (3) runs"
precise quiet 3 20 10 early

# A noisy set: stalls of 0.1 and 0.6 s in turn: precision 1 % is not
# reached in 3 to 5 runs.
{
	stall_hook noisy "$T/L" 0.1 0.6
	printf '%s;set iterations 3-5;set precision 1%%;set report csv;run %s;quit\n' \
	    "$CFG" "$T/noisy.csv" | tr ';' '\n'
} >"$T/noisy.cfg"
pm_run noisy
is "$rc" 0 "noisy: exit 0"
precise noisy 3 5 1 max

printf '%s;set transactions 2000;set iterations 4-6;set report csv;run %s;quit\n' \
    "$CFG" "$T/max.csv" | tr ';' '\n' >"$T/max.cfg"
pm_run max
is "$(($(wc -l <"$T/max.csv") - 1)) $(grep -c '^Reached 6 runs (no set precision' "$T/max.out" "$T/max.err" | awk -F: '{ s += $2 } END { print s }')" \
    "6 1" "a range without precision runs MAX, and says so"
done_testing
