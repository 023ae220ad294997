#!/bin/sh
# t0030-option-text: a key given as text (pm_option_set_text, which sets
# the table's defaults and the engine test driver's key=value) has its
# value split into words by the tokenizer of the command line
# (pm_value_split), so that it is read and counted as the same value
# typed after "set KEY" is (one tokenizer).  Before,
# the text had a strtok of its own that stopped counting at three words,
# and "set hook" another, which passed NULL on for an empty value and
# crashed.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/data/engine.sh"

work_dir w

# typed LINE: the message of LINE typed in a file, without "-:1: ".
typed() {
	printf '%s\n' "$1" | "$POSTMARK" 2>&1 >/dev/null | sed -n 's/^-:1: //p'
}

# engine ARG: run the engine driver with one key=value, the status in $rc
# and its message (without "pm_enginetest: ") in $msg.
engine() {
	(cd "$W" && "$ENGINE" "$1") >"$T/out" 2>"$T/err"
	rc=$?
	msg=$(sed 's/^pm_enginetest: //' "$T/err")
}

engine hook=
is "$rc" 2 "hook= (an empty hook): refused with status 2, no crash"
is "$msg" "set hook: '' is neither before nor after" \
    "hook=: the message names the rule"

engine hook=before
is "$rc" 2 "hook=before: refused"
is "$msg" "set hook: '' is not one of run, creation, transactions, deletion" \
    "hook=before: the phase is missing"

for v in 1,2,3 1,2,3,4 1,2,3,4,5; do
	engine "size=$v"
	words=$(printf '%s' "$v" | tr ',' ' ')
	is "$rc" 2 "size=$v: refused"
	is "$msg" "$(typed "set size $words")" \
	    "size=$v: counted as the line 'set size $words' is"
done

(cd "$W" && "$ENGINE" number=,7, transactions=10 bias_create=-1) \
    >"$T/out" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:" "number=,7,: blanks around a value are no words"
is "$(sed 's/ .*//' "$T/out")" 7 "number=,7,: the run created 7 files"
is_empty "$W" "nothing left in the run's directory"

done_testing
