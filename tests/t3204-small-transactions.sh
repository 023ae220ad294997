#!/bin/sh
# transactions 1..9: the reference dies of SIGFPE after transaction 0
# (reference section 4.4); ours completes with a report, exit status 0,
# one progress dot per transaction (step max(1, transactions / 10)) and
# nothing left behind.
. "$srcdir/tests/tap.sh"

for t in 1 2 3 4 5 6 7 8 9; do
	d=$T/t$t
	mkdir -p "$d/L"
	(cd "$d" && printf 'set location L\nset number 5\n%s\nrun\nquit\n' \
	    "set transactions $t" | $GUARD "$POSTMARK" >out 2>err)
	is "$?" 0 "transactions $t: exit status 0"
	dots=$(printf '%*s' "$t" '' | tr ' ' .)
	is "$(grep -c "^Performing transactions${dots}Done\$" "$d/out")" 1 \
	    "transactions $t: $t progress dots"
	created=$(sed -n 's/^	\([0-9]*\) created (.*/\1/p' "$d/out")
	deleted=$(sed -n 's/^	\([0-9]*\) deleted (.*/\1/p' "$d/out")
	alone=$(sed -n 's/^		Creation alone: \([0-9]*\) files.*/\1/p' "$d/out")
	if [ -n "$created" ] && [ "$created" = "$deleted" ] &&
	    [ "$alone" = 5 ] && grep -q '^Data:$' "$d/out"; then
		ok 0 "transactions $t: verbose report"
	else
		ok 1 "transactions $t: verbose report"
		diag "stdout:" "$(cat "$d/out")" "stderr:" "$(cat "$d/err")"
	fi
	is "$(find "$d/L" -mindepth 1 | head -3)" "" \
	    "transactions $t: location empty"
done
done_testing
