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
