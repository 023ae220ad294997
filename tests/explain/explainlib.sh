# tests/explain/explainlib.sh: helpers for the tests of where the time
# went, interval series, precision and warnings (t90xx), sourced after
# tests/tap.sh and tests/fault/faultlib.sh.

# need_tools: skip the script without python3 and jq.
need_tools() {
	command -v python3 >/dev/null 2>&1 || skip_all "python3 not installed"
	command -v jq >/dev/null 2>&1 || skip_all "jq not installed"
}

# ext4_image DIR [MKFS_OPTIONS]: a 64 MiB ext4 image mounted on DIR
# through a loop device whose write cache is "write back" (so that fsync
# sends flushes), detached at exit; its device name in $loopdev.
ext4_image() {
	ei_dir=$1
	shift
	command -v mkfs.ext4 >/dev/null 2>&1 || cannot "mkfs.ext4 not installed"
	command -v losetup >/dev/null 2>&1 || cannot "losetup not installed"
	truncate -s 64M "$ei_dir.img" && mkfs.ext4 -q -F "$@" "$ei_dir.img" ||
	    cannot "cannot make an ext4 image"
	loopdev=$(losetup -f --show "$ei_dir.img" 2>/dev/null) ||
	    cannot "no loop device here"
	cleanup="losetup -d '$loopdev' 2>/dev/null; $cleanup"
	echo "write back" >"/sys/block/${loopdev#/dev/}/queue/write_cache" \
	    2>/dev/null
	fault_mount "$ei_dir" "$loopdev" || cannot "cannot mount $loopdev"
	loopdev=${loopdev#/dev/}
}

# jrun NAME CONFIG: run CONFIG (set lines joined by ';') with a JSON
# record to $T/NAME.json; stdout and stderr to $T/NAME.out, .err; the
# status in $rc.
jrun() {
	printf '%s;set report json;run %s;quit\n' "$2" "$T/$1.json" |
	    tr ';' '\n' >"$T/$1.cfg"
	pm_run "$1"
}

# jq_last NAME FILTER: FILTER on the last record of $T/NAME.json.
jq_last() {
	tail -n 1 "$T/$1.json" | jq -r "$2"
}

# stall_location DIR: a location whose runs can be stalled (stall_hook).
# As root, an ext4 image mounted on DIR, whose file system can be frozen
# (stall_how=freeze; thawed and unmounted by the cleanup); else a plain
# directory (stall_how=stop).  $stall_tx is a number of transactions for
# the stalled phase: a few when a freeze makes the stall land in it
# whatever the machine does, more when a SIGSTOP must catch it running.
stall_location() {
	stall_how=stop stall_tx=5000
	if [ "$(id -u)" -eq 0 ] && command -v fsfreeze >/dev/null 2>&1 &&
	    command -v mkfs.ext4 >/dev/null 2>&1 &&
	    truncate -s 64M "$1.img" && mkfs.ext4 -q -F "$1.img" 2>/dev/null &&
	    fault_mount "$1" -o loop "$1.img"; then
		cleanup="fsfreeze -u '$1' 2>/dev/null; $cleanup"
		if fsfreeze -f "$1" 2>/dev/null && fsfreeze -u "$1"; then
			stall_how=freeze stall_tx=20
			return
		fi
	fi
	mkdir -p "$1" || exit 99
}

# stall_hook NAME LOC D...: the `set hook before transactions' line that
# stalls the transaction phase of the I-th run of NAME (stdout in
# $T/NAME.out, location LOC from stall_location) for the I-th of the D
# seconds (round robin), so that the phase's time is about D whatever
# else the machine does.  With stall_how=freeze the hook freezes LOC's
# file system: the phase blocks in its first create or delete; a watcher
# sees postmark blocked (state D) and thaws it D s later.  With
# stall_how=stop a watcher stops postmark (SIGSTOP) once the phase's line
# is on stdout and continues it D s later: the phase must outlast the
# watcher's poll.
stall_hook() {
	sh_name=$1 sh_loc=$2
	shift 2
	{
		cat <<EOF
# The stall of run \$PM_ITERATION of $sh_name (t9004, t9005): sh \$0 PID.
p=\$1 i=\${PM_ITERATION:-1}
set -- $*
i=\$(((i - 1) % \$# + 1))
eval "d=\\\${\$i}"
EOF
		if [ "$stall_how" = freeze ]; then
			cat <<EOF
fsfreeze -f '$sh_loc' || exit 1
(until [ "\$(cut -d' ' -f3 /proc/\$p/stat)" = D ] || ! kill -0 \$p; do
	sleep 0.005
done
sleep \$d
fsfreeze -u '$sh_loc') </dev/null >/dev/null 2>&1 &
EOF
		else
			cat <<EOF
out='$T/$sh_name.out'
n=\$(grep -c 'Performing transactions' "\$out")
(until [ "\$(grep -c 'Performing transactions' "\$out")" -gt \$n ] ||
    ! kill -0 \$p; do
	sleep 0.005
done
kill -STOP \$p
sleep \$d
kill -CONT \$p) </dev/null >/dev/null 2>&1 &
EOF
		fi
	} >"$T/$sh_name.stall.sh"
	echo "set hook before transactions sh $T/$sh_name.stall.sh \$PPID"
}

# rates_stats CSV: for the ok rows of the CSV report, for each K from 2
# on, the statistics postmark judges the first K runs by: K, the half
# width of the 95 % confidence interval of transactions/s in percent of
# its mean (Student's t, NIST's table), and the coefficient of variation
# in percent.
rates_stats() {
	python3 - "$1" <<'PY'
import csv, math, sys
t975 = [None, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
        2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110,
        2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042]
rates = [float(r["transactions_per_s"]) for r in
         csv.DictReader(open(sys.argv[1], newline="")) if r["status"] == "ok"]
for k in range(2, min(len(rates), 30) + 1):
    x = rates[:k]
    mean = sum(x) / k
    sd = math.sqrt(sum((v - mean) ** 2 for v in x) / (k - 1))
    half = t975[k - 1] * sd / math.sqrt(k)
    print(k, "%.4f" % (100 * half / mean), "%.4f" % (100 * sd / mean))
PY
}
