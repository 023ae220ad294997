# tests/clients/mpilib.sh: helpers for the tests of MPI ranks (t8004,
# t801x), sourced after tests/tap.sh; it sources tests/fault/faultlib.sh
# and tests/clients/clientlib.sh.
#
# need_mpi skips the script unless postmark was built with MPI and
# mpirun starts two ranks here; it sets MPIRUN_BASE (mpirun with what
# Open MPI needs on a small machine or as root) and MPIRUN (that, for
# two ranks).  netns_pair makes two
# network namespaces joined by a veth pair, whose processes and
# themselves the cleanup removes, and NETRUN, the mpirun of two ranks
# in them over TCP alone.  rank.sh (beside this file) wraps each rank so that a test
# knows its process (to kill it) and its exit status, and has its
# standard error in a file of its own; long_phase sets up a transaction
# phase far longer than a test, and kill_rank kills one of two ranks
# in its transaction phase.

. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/clients/clientlib.sh"

RANK_SH="$srcdir/tests/clients/rank.sh"
NETNS_AGENT="$srcdir/tests/clients/netns-agent.sh"

# need_mpi: skip unless postmark has MPI and mpirun runs two ranks.
# mpirun and the ranks get a TMPDIR of the test's own (own_tmpdir), so
# that Open MPI's session directories go with $T.
need_mpi() {
	own_tmpdir
	"$POSTMARK" --version | grep -q 'with MPI' ||
	    skip_all "postmark built without MPI (./configure --with-mpi; make distcheck does it when mpicc is installed)"
	command -v mpirun >/dev/null 2>&1 ||
	    skip_all "mpirun not installed (apt-get install openmpi-bin)"
	MPIRUN_BASE=mpirun
	OPENMPI=0
	if mpirun --version 2>&1 | grep -q 'Open MPI'; then
		OPENMPI=1
		MPIRUN_BASE="mpirun --oversubscribe"
		[ "$(id -u)" -ne 0 ] ||
		    MPIRUN_BASE="$MPIRUN_BASE --allow-run-as-root"
	fi
	MPIRUN="$MPIRUN_BASE -np 2"
	# MPI itself must work here (shared memory, a loopback network).
	$GUARD $MPIRUN "$POSTMARK" --version >"$T/probe.out" 2>&1 ||
	    skip_all "mpirun cannot start two ranks here: $(head -3 "$T/probe.out" | tr '\n' ' ')"
}

# need_netns: skip unless root can make network namespaces (ip netns).
need_netns() {
	need_root "make network namespaces"
	command -v ip >/dev/null 2>&1 && ip netns list >/dev/null 2>&1 ||
	    skip_all "no ip netns (apt-get install iproute2)"
}

# need_openmpi: skip unless mpirun is Open MPI's (its MCA parameters).
need_openmpi() {
	[ "$OPENMPI" -eq 1 ] ||
	    skip_all "mpirun is not Open MPI's: the test gives it MCA parameters"
}

# netns_ranks: skip unless two ranks can run in two network namespaces
# (root, ip netns, an MPI build, Open MPI's mpirun), then make them
# (netns_pair).
netns_ranks() {
	need_netns
	need_mpi
	need_openmpi
	netns_pair
}

# wait_path PATH: wait until PATH exists (await; fails once the mpirun
# of mpi_start ended without it).
wait_path() {
	await "[ -e '$1' ]" "$mpi_pid"
}

# wait_transacting DIR NUMBER [PREFIX]: wait until the workload in DIR
# is in its transaction phase: a file there is named PREFIX and a number
# above NUMBER (the creation phase names its files 1 to NUMBER; a shared
# run's client I names them cI-N).
wait_transacting() {
	wt_dir=$1 wt_n=$2 wt_p=${3:-}
	await 'transacting "$wt_dir" "$wt_n" "$wt_p"' "$mpi_pid"
}

# transacting DIR NUMBER PREFIX: whether a file in DIR is named PREFIX
# and a number above NUMBER.
transacting() {
	[ -n "$(find "$1" -type f -name "$3[0-9]*" 2>/dev/null |
	    awk -F/ -v n="$2" -v p="$3" \
	    'substr($NF, length(p) + 1) + 0 > n { print; exit }')" ]
}

# long_phase NUMBER SIZE: for a test that stops ranks in a transaction
# phase far longer than the test (a rank ends only if it noticed): skip
# unless Python, MPI and Open MPI's mpirun are there; set SLOW (mpirun
# waits 600 s before it signals the ranks of an aborted job, so that
# what the ranks do is their own) and BASE (NUMBER files of 500 to SIZE
# bytes, 100000000 transactions, seed 7, two subdirectories, location
# L); $T/L populated, its snapshot in $T/L.before.
long_phase() {
	need_python
	need_mpi
	need_openmpi
	SLOW="--mca odls_base_sigkill_timeout 600"
	BASE="set size 500 $2;set number $1;set transactions 100000000;\
set seed 7;set subdirectories 2;set location L"
	mkdir -p "$T/L"
	populate "$T/L"
	snapshot "$T/L" >"$T/L.before"
}

# kill_rank NAME VICTIM DIR NUMBER [PREFIX]: run $T/NAME.cfg on two
# ranks under mpirun with $SLOW, its hook before the transactions
# touching $T/NAME/go (pm_config NAME "...;set hook before transactions
# touch $T/NAME/go"), and kill rank VICTIM with SIGKILL once the
# transactions made a file in DIR (wait_transacting DIR NUMBER PREFIX);
# then wait for the other rank to end by itself (a test point), and
# kill mpirun.
kill_rank() {
	mkdir -p "$T/$1"
	mpi_start "$1" $MPIRUN $SLOW "$RANK_SH" "$T/$1" "$POSTMARK" "$1.cfg"
	wait_path "$T/$1/go" && ranks_done "$T/$1" pid "$2" &&
	    wait_transacting "$3" "$4" "${5:-}" ||
	    cannot "$1: the ranks did not reach their transactions"
	kill -9 "$(cat "$T/$1/rank$2.pid")"
	kr_t0=$(date +%s.%N)
	if ranks_done "$T/$1" rc $((1 - $2)); then
		ok 0 "$1: rank $((1 - $2)) ends by itself"
		diag "within $(awk -v a="$kr_t0" -v b="$(date +%s.%N)" \
		    'BEGIN { printf "%.1f", b - a }') s of the kill"
	else
		ok 1 "$1: rank $((1 - $2)) ends by itself"
	fi
	mpi_kill
}

# netns_pair: two network namespaces, $NS_A and $NS_B, named after this
# shell's process (mpi<pid>a, mpi<pid>b), joined by veth $VETH_A (in
# A, 10.98.76.1/24) and $VETH_B (in B, 10.98.76.2/24), every link up.
# The cleanup kills what runs in them and deletes them.  Cannot (skip)
# where namespaces cannot be made.  Sets NETRUN (netns_mpirun).
netns_pair() {
	NS_A=mpi$$a
	NS_B=mpi$$b
	VETH_A=mpi$$va
	VETH_B=mpi$$vb
	NET=10.98.76
	cleanup="netns_release; $cleanup"
	ip netns add "$NS_A" 2>/dev/null && ip netns add "$NS_B" &&
	    ip link add "$VETH_A" type veth peer name "$VETH_B" &&
	    ip link set "$VETH_A" netns "$NS_A" &&
	    ip link set "$VETH_B" netns "$NS_B" &&
	    ip -n "$NS_A" addr add "$NET.1/24" dev "$VETH_A" &&
	    ip -n "$NS_B" addr add "$NET.2/24" dev "$VETH_B" &&
	    ip -n "$NS_A" link set lo up && ip -n "$NS_B" link set lo up &&
	    ip -n "$NS_A" link set "$VETH_A" up &&
	    ip -n "$NS_B" link set "$VETH_B" up ||
	    cannot "cannot make network namespaces and a veth pair here"
	PM_NETNS_MAP="$NET.1=$NS_A $NET.2=$NS_B"
	export PM_NETNS_MAP
	netns_mpirun
}

# netns_release: kill what runs in the namespaces, delete them (the veth
# pair goes with them).
netns_release() {
	for nr_ns in "${NS_A:-}" "${NS_B:-}"; do
		[ -n "$nr_ns" ] || continue
		ip netns pids "$nr_ns" 2>/dev/null | xargs -r kill -9 \
		    2>/dev/null
		ip netns del "$nr_ns" 2>/dev/null
	done
}

# veth_bytes: the bytes sent by $VETH_B (in its namespace's /sys).
veth_bytes() {
	ip netns exec "$NS_B" cat "/sys/class/net/$VETH_B/statistics/tx_bytes"
}

# netns_mpirun: set NETRUN, the command that runs mpirun in $NS_A for
# two ranks: rank 0 in $NS_A, rank 1 in $NS_B (through the launch
# agent), over Open MPI's TCP transport alone on the pair's subnet.
netns_mpirun() {
	NETRUN="ip netns exec $NS_A $MPIRUN --host $NET.1,$NET.2 \
--mca btl tcp,self --mca btl_tcp_if_include $NET.0/24 \
--mca oob_tcp_if_include $NET.0/24 --mca plm_rsh_agent $NETNS_AGENT"
}

# mpi_start NAME COMMAND...: run COMMAND (an mpirun) in the background
# in $T, output to $T/NAME.out and $T/NAME.err; $mpi_pid is its process,
# which the cleanup kills if it is still there (mpi_kill).
mpi_pid=
mpi_start() {
	ms_name=$1
	shift
	(cd "$T" && exec "$@" </dev/null >"$T/$ms_name.out" \
	    2>"$T/$ms_name.err") &
	mpi_pid=$!
	case $cleanup in
	*mpi_kill*) ;;
	*)	cleanup="mpi_kill; $cleanup" ;;
	esac
}

# mpi_kill: kill the mpirun of mpi_start, if it still runs, and wait for
# it (Open MPI's mpirun lingers after an aborted job: it sleeps
# odls_base_sigkill_timeout twice before it signals what remains); then
# every rank it leaves behind: the processes of the rankR.pid and
# rankR.ready files of rank.sh and pm_mpitest below $T that still work
# in $T.
mpi_kill() {
	[ -n "$mpi_pid" ] || return 0
	kill -9 "$mpi_pid" 2>/dev/null
	wait "$mpi_pid" 2>/dev/null
	mpi_pid=
	for mk_f in "$T"/*/rank*.pid "$T"/*/rank*.ready; do
		[ -f "$mk_f" ] || continue
		mk_p=$(cat "$mk_f")
		[ "$(readlink "/proc/$mk_p/cwd" 2>/dev/null)" != "$T" ] ||
		    kill -9 "$mk_p" 2>/dev/null
	done
}

# ranks_done DIR EXT RANK...: wait until DIR/rankR.EXT exists for each
# RANK (rank.sh's rc, pm_mpitest's ready and out; wait_path).
ranks_done() {
	rd_dir=$1
	rd_ext=$2
	shift 2
	for rd_r; do
		wait_path "$rd_dir/rank$rd_r.$rd_ext" || return 1
	done
}

# mpi_wait: wait until the mpirun of mpi_start ends (await); its status
# in $rc.  Returns 1 if it still runs after the hang guard's time.
mpi_wait() {
	await '[ -z "$(sed -n "s/^[0-9]* (.*) \([^Z]\) .*/\1/p" \
	    "/proc/$mpi_pid/stat" 2>/dev/null)" ]' || return 1
	wait "$mpi_pid"
	rc=$?
	mpi_pid=
}

# same_tree DIR BEFORE DESC: DIR's snapshot equals the file BEFORE
# (snapshot); when the names differ, only the names are compared (a run
# that left thousands of files is not hashed file by file).
same_tree() {
	snapshot_names() {
		(cd "$1" && find . -mindepth 1 | LC_ALL=C sort)
	}
	if [ "$(snapshot_names "$1" | wc -l)" -ne "$(wc -l <"$2")" ]; then
		snapshot_names "$1" >"$2.names"
		cut -d' ' -f1 "$2" >"$2.want"
		same_file "$2.names" "$2.want" "$3"
		return
	fi
	snapshot "$1" >"$2.after"
	same_file "$2.after" "$2" "$3"
}

# single_runs NAME BASE: the record $T/NAME.csv of two ranks, one client
# each, running BASE (whose seed is 7) against single runs with seeds 7
# and 8 (one0, one1): each client row equals its single run, the run's
# row is their sum, its histograms count every operation.
single_runs() {
	for sr_i in 0 1; do
		pm_config "one$sr_i" \
		    "$(echo "$2" | sed "s/seed 7/seed $((7 + sr_i))/")"
		pm_run "one$sr_i"
		is "$(csv_rows "$T/one$sr_i.csv" "$COUNTS")" \
		    "$(csv_rows "$T/$1.csv" "client $COUNTS" |
		    sed -n "s/^$sr_i //p")" \
		    "$1: rank $sr_i's counts and bytes equal a run with seed $((7 + sr_i))"
	done
	is "$(csv_rows "$T/$1.csv" "client $COUNTS" | sed -n 's/^all //p')" \
	    "$({ csv_rows "$T/one0.csv" "$COUNTS"
	    csv_rows "$T/one1.csv" "$COUNTS"; } | sum_rows)" \
	    "$1: the run's counts and bytes are the two single runs' sums"
	is "$(csv_rows "$T/$1.csv" "client created read appended deleted \
create_count read_count append_count delete_count" |
	    awk '$1 == "all" { print $2 - $6, $3 - $7, $4 - $8, $5 - $9 }')" \
	    "0 0 0 0" "$1: the reduced histograms count every operation"
}
