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
# wait until it has made files, send SIGNAL, check what PHASE it stopped
# in and that everything was removed.
stop() {
	c=$1 sig=$2 phase=$3
	shift 3
	D="$W/$c"
	mkdir "$D"
	(cd "$D" && exec "$ENGINE" extra=1 "$@" >"$T/out" 2>"$T/err") &
	pid=$!
	# Files appear once the handlers are installed and the run started.
	n=0
	while [ -z "$(ls -A "$D")" ] && [ $n -lt 200 ]; do
		sleep 0.05
		n=$((n + 1))
	done
	[ "$phase" = transact ] && sleep 0.3
	kill -s "$sig" $pid
	# Never hang the suite: the run must end within 30 s.
	n=0
	while kill -0 $pid 2>/dev/null && [ $n -lt 300 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	kill -s KILL $pid 2>/dev/null && diag "$c: killed, did not stop"
	wait $pid
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
