#!/bin/sh
# SIGINT and SIGTERM stop a run at the next operation boundary (PostMark
# died on the spot and left every file and sN directory behind): the run
# ends with status interrupted, exit 128 + signal from the driver, and
# nothing the run created is left, whether it was stopped in the creation
# phase or in the transactions.

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/data/engine.sh"

work_dir w

# stop CASE SIGNAL PHASE ARGS...: start a run that would take very long,
# wait until it is in PHASE (for create a file made, not only the sK
# directories; for transact the driver's ready file, made after the first
# transaction), send SIGNAL, check what PHASE it stopped in and that
# everything was removed.
stop() {
	c=$1 sig=$2 phase=$3
	shift 3
	D="$W/$c"
	mkdir "$D"
	rm -f "$T/ready" "$T/pid"
	(cd "$D" && exec $GUARD sh -c 'echo $$ >"$0" && exec "$@"' "$T/pid" \
	    "$ENGINE" extra=1 ready="$T/ready" "$@" >"$T/out" 2>"$T/err") &
	job=$!
	if [ "$phase" = transact ]; then
		await '[ -e "$T/ready" ]' $job
	else
		await '[ -n "$(find "$D" -type f | head -n 1)" ]' $job
	fi || diag "$c: the run never reached its $phase phase"
	kill -s "$sig" "$(cat "$T/pid")"
	wait $job
	rc=$?
	case $sig in
	INT)	want=130 ;;
	TERM)	want=143 ;;
	esac
	is $rc $want "$c: exit status $want"
	is "$(sed -n '1s/.* //p' "$T/out")" interrupted "$c: status interrupted"
	is "$(sed -n '2s/.* //p' "$T/out")" "$phase" "$c: stopped in $phase"
	is "$(cat "$T/err")" "" "$c: no error"
	is_empty "$D" "$c: everything the run made is removed"
}

# bias create -1: the pool never runs out.
stop int-transactions INT transact number=100 transactions=2147483647 \
    bias_create=-1 subdirectories=3
stop term-transactions TERM transact number=100 transactions=2147483647 \
    bias_create=-1 buffering=false
stop int-create INT create number=4000000 size=1,1  \
    subdirectories=5 buffering=false
stop term-create TERM create number=4000000 size=1,1 

done_testing
