#!/bin/sh
# t7004-hooks: set hook before|after run|creation|transactions|deletion.
#  - the eight hooks run in order, in each warm-up and measured run, with
#    PM_WHEN, PM_PHASE, PM_ITERATION, PM_WARMUP, PM_LABEL and
#    PM_LOCATIONS (joined by ':'), and at the right moments: the files
#    and subdirectories each one finds are those of that point of the run
#    (none before the run, the pool after creation, ...);
#  - a hook's output goes where the progress text goes, never into the
#    records on standard output;
#  - what a hook does is in no phase's time: with `sleep 1' before the
#    transactions, or sleeps between every two phases, the phases and
#    the sleeps fit in the run's wall time, and elapsed_s is still the
#    sum of the three phases;
#  - a failing hook (exit 3, or killed) stops the run: exit 1, one message
#    naming the hook and its status, an `error: hook ...' row, no further
#    iteration, the locations exactly as they were;
#  - a signal that stops postmark while a hook runs (sent to its process
#    group, as Ctrl-C or a hangup does) stops the run as interrupted;
#  - `set hook ... none' removes a hook; `show' lists the hooks, a line
#    each, as `set hook' takes them.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/durability/durlib.sh"

L=$T/loc
du_location "$L"
mkdir "$L/A" "$L/B"
populate "$L/A"
snapshot "$L" >"$T/loc.before"
locs="set location $L/A;set location +$L/B 2;set subdirectories 2"
work="$locs;set number 40;set transactions 200;set seed 3"

# The order, the environment and the moments.  Each hook logs its
# variables and the run's files and subdirectories it can see.
cat >"$T/log.sh" <<EOF
f=\$(find "$L" -type f -name '[0-9]*' | wc -l)
d=\$(find "$L" -mindepth 2 -type d -name 's[0-9]*' | wc -l)
echo "\$PM_WHEN \$PM_PHASE \$PM_ITERATION \$PM_WARMUP \$PM_LABEL" \\
    "\$PM_LOCATIONS \$f \$d" >>"$T/hooks.log"
EOF
c="$work;set label lab;set warmup 1;set iterations 2"
for w in before after; do
	for p in run creation transactions deletion; do
		c="$c;set hook $w $p sh $T/log.sh"
	done
done
pm_config order "$c"
pm_run order
is "$rc" 0 "order: exit 0"
N=$(du_sum order number)
M=$(du_sum order number created_mixed)
M=$((M - $(du_sum order deleted_mixed)))
{
	for it in "1 1" "1 0" "2 0"; do
		for h in "before run 0 0" "before creation 0 4" \
		    "after creation $N 4" "before transactions $N 4" \
		    "after transactions $M 4" "before deletion $M 4" \
		    "after deletion 0 4" "after run 0 0"; do
			set -- $h
			echo "$1 $2 $it lab $L/A:$L/B $3 $4"
		done
	done
} >"$T/hooks.want"
same_file "$T/hooks.log" "$T/hooks.want" \
    "order: 8 hooks a run, in order, with their environment and moments"
same_as_before "$L" "$T/loc.before" "order: the locations as before"

# Records on standard output: a hook's output goes to standard error.
printf '%s;%s;set report csv;run;quit\n' "$work" \
    'set hook after creation echo from-the-hook' | tr ';' '\n' >"$T/stdout.cfg"
pm_run stdout
is "$rc $(grep -cx from-the-hook "$T/stdout.out") $(grep -cx from-the-hook \
    "$T/stdout.err")" "0 0 1" "records on stdout: the hook's output on stderr"
is "$(sed -n '1s/,.*//p' "$T/stdout.out") $(sed -n '2s/,.*//p' \
    "$T/stdout.out" | grep -c '^[1-9][0-9]*$') $(wc -l <"$T/stdout.out")" \
    "schema_version 1 2" "records on stdout: the header and one row, nothing else"

# phases NAME: "sum" when elapsed_s of the row is the sum of its three
# phase times within 5 us, else "not-sum".
phases() {
	awk -v c="$(csv_get "$T/$1.csv" creation_s)" \
	    -v t="$(csv_get "$T/$1.csv" transactions_s)" \
	    -v d="$(csv_get "$T/$1.csv" deletion_s)" \
	    -v e="$(csv_get "$T/$1.csv" elapsed_s)" 'BEGIN {
		diff = e - (c + t + d)
		if (diff < 0)
			diff = -diff
		print diff < 0.000005 ? "sum" : "not-sum"
	}'
}

# timed NAME CONFIG SLEPT: run CONFIG, whose hooks sleep SLEPT s in all:
# exit 0, elapsed_s the sum of the three phases, and the phases and the
# sleeps together within the run's wall time, as they are when the hooks
# are in no phase's time (were they in one, the phases alone would take
# SLEPT s, and phases and sleeps twice that).  How fast the machine is
# does not matter: a slow run only has more room.
timed() {
	pm_config "$1" "$work;$2"
	t0=$(date +%s.%N)
	pm_run "$1"
	t1=$(date +%s.%N)
	is "$rc $(phases "$1")" "0 sum" "$1: exit 0, elapsed_s the sum of the phases"
	[ "$(phases "$1")" = sum ] || diag "$(sed 1d "$T/$1.csv")"
	e=$(csv_get "$T/$1.csv" elapsed_s)
	ok "$(awk -v a="$t0" -v b="$t1" -v e="$e" -v s="$3" \
	    'BEGIN { exit !(e + s <= b - a) }'; echo $?)" \
	    "$1: the phases and the $3 s of sleeps fit in the run's wall time"
	diag "$1: creation_s $(csv_get "$T/$1.csv" creation_s),\
 transactions_s $(csv_get "$T/$1.csv" transactions_s),\
 deletion_s $(csv_get "$T/$1.csv" deletion_s),\
 elapsed_s $e, wall $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') s"
}
timed nohook "" 0
timed sleep1 "set hook before transactions sleep 1" 1
c=
for h in "before creation" "after creation" "after transactions" \
    "before deletion" "after deletion"; do
	c="$c${c:+;}set hook $h sleep 0.4"
done
timed sleeps "$c" 2

# failing NAME HOOK COMMAND STATUS: the run with the hook HOOK (before
# run ...) COMMAND, 2 iterations, must stop at the first: exit 1, message
# 'hook HOOK: 'COMMAND' STATUS', that row alone, the locations as before.
failing() {
	pm_config "$1" "$work;set iterations 2;set hook $2 $3"
	pm_run "$1"
	expect_fault "$1" hook "$2" "'$3' $4"
	is "$(($(wc -l <"$T/$1.csv") - 1))" 1 "$1: no second iteration"
	same_as_before "$L" "$T/loc.before" "$1: the locations as before"
}
failing before-run "before run" "exit 3" "exited with status 3"
failing after-creation "after creation" "exit 3" "exited with status 3"
failing before-deletion "before deletion" "exit 3" "exited with status 3"
failing after-run "after run" "exit 3" "exited with status 3"
failing killed "before transactions" 'kill -9 $$' "was killed by signal 9"

# signalled NAME HOOK WHILE: TERM to postmark's process group while the
# hook HOOK (before run ...) runs: the hook's shell dies of it too, and
# the run is interrupted, not failed: exit 143, status interrupted, the
# message naming WHILE (what the run was doing), the locations as
# before.
signalled() {
	rm -f "$T/started"
	pm_config "$1" "$work;set hook $2 touch $T/started && sleep 20"
	(cd "$T" && $GUARD setsid $SIGDFL \
	    sh -c 'echo $$ >"$1"; exec "$2"' sh "$T/$1.pid" \
	    "$POSTMARK" <"$T/$1.cfg" >"$T/$1.out" 2>"$T/$1.err"
	    echo $? >"$T/$1.rc") &
	job=$!
	saved=$cleanup
	cleanup="kill -KILL -\$(cat '$T/$1.pid') 2>/dev/null; wait $job; $saved"
	await '[ -e "$T/started" ]' "$job" || diag "$1: the hook never ran"
	kill -TERM "-$(cat "$T/$1.pid")"
	wait "$job"
	cleanup=$saved
	is "$(cat "$T/$1.rc") $(csv_get "$T/$1.csv" status)" \
	    "143 interrupted" "$1: exit 143, status interrupted"
	grep -q "^postmark: interrupted by SIGTERM while $3:" "$T/$1.err"
	st=$?
	ok "$st" "$1: 'interrupted by SIGTERM while $3' on stderr"
	[ "$st" -eq 0 ] || diag "$(cat "$T/$1.err")"
	same_as_before "$L" "$T/loc.before" "$1: the locations as before"
}
signalled signal-before-run "before run" "starting the run"
signalled signal-transactions "before transactions" \
    "performing transactions"
signalled signal-after-run "after run" "finishing the run"

# none removes a hook; show lists them.
rm -f "$T/hooks.log"
pm_config none "$work;set hook before run sh $T/log.sh;set hook after run sh \
$T/log.sh;set hook before run none"
pm_run none
is "$rc $(cat "$T/hooks.log")" "0 after run 1 0  $L/A:$L/B 0 0" \
    "none: only the hook not removed ran"
printf '%s;%s;%s;%s;show\n' 'set hook before run echo a' \
    'set hook after deletion echo  b  c' 'set hook after creation true' \
    'set hook after creation none' | tr ';' '\n' >"$T/show.cfg"
pm_run show
is "$rc $(grep '^Hook' "$T/show.out")" "0 Hook: before run echo a
Hook: after deletion echo  b  c" \
    "show: the hooks set, in order, commands as written, a line each"

done_testing
