#!/bin/sh
# t7001-sync-calls: set sync, set dirsync and set direct make exactly the
# system calls they promise, buffered and unbuffered (strace -f -y; files
# and directories told apart by the descriptors' paths):
#  - fsync, fdatasync: one call per file created or appended to, after
#    its last write and right before its close, and none of the other
#    kind, on a read or on a directory;
#  - osync, dsync: O_SYNC or O_DSYNC in the flags of every open for
#    writing (create and append), in no open for reading, and no fsync;
#  - dirsync true: one fsync of the directory holding the file right
#    after each create and each delete (with subdirectories and two
#    locations, and together with set sync fsync): created + deleted;
#  - direct true (an ext4 image, root): O_DIRECT on every open of a file
#    of the run and on the alignment probe;
#  - none of these calls and flags by default.
# How many files were created, read, appended and deleted comes from the
# run's CSV: the counts of the trace must be those.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/diff/syslib.sh"
. "$srcdir/tests/durability/durlib.sh"

sl_need_strace

# check NAME LOC WORKLOAD CONFIG EXPECT: run WORKLOAD and CONFIG on the
# location LOC/A (and LOC/B when WORKLOAD names it) under strace; it must
# exit 0, leave the locations empty and make the calls of EXPECT: a list
# of du_summary's keys with what each is, as "fsync=W dirfsync=C+D" (C
# created, R read, A appended, D deleted, W = C+A, from the CSV; keys not
# listed must be 0).
check() {
	pm_config "$1" "set location $2/A;$3;$4"
	mkdir -p "$2/A" "$2/B"
	du_trace "$1"
	is "$rc $(find "$2" -mindepth 2)" "0 " "$1: exit 0, locations empty"
	du_events "$1" "$2"
	C=$(du_sum "$1" created) R=$(du_sum "$1" read)
	A=$(du_sum "$1" appended) D=$(du_sum "$1" deleted)
	W=$((C + A))
	want=$(echo "creates=C appends=A reads=R unlinks=D $5" | awk '{
		for (i = 1; i <= NF; i++) {
			split($i, kv, "=")
			v[kv[1]] = kv[2]
		}
		k = split("creates appends reads unlinks fsync fdatasync " \
		    "synced-last O_SYNC O_DSYNC rsync dirfsync dirsync-yes " \
		    "direct", key, " ")
		for (i = 1; i <= k; i++)
			printf("%s%s=%s", i > 1 ? " " : "", key[i],
			    key[i] in v ? v[key[i]] : 0)
		printf("\n")
	}' | sed -e "s/C+D/$((C + D))/g" -e "s/W+R+1/$((W + R + 1))/g" \
	    -e "s/=W/=$W/g" -e "s/=C/=$C/g" -e "s/=R/=$R/g" -e "s/=A/=$A/g" \
	    -e "s/=D/=$D/g")
	is "$(du_summary "$1")" "$want" "$1: the calls promised ($5)"
	# A run that wrote nothing would prove nothing.
	ok "$([ "$C" -gt 30 ] && [ "$A" -gt 0 ] && [ "$D" -gt 30 ]; echo $?)" \
	    "$1: files were created ($C), appended ($A) and deleted ($D)"
}

L=$T/loc
du_location "$L"
work='set number 30;set transactions 100;set seed 7;set size 500 20000'

for b in true false; do
	c="$work;set buffering $b"
	check "none-$b" "$L" "$c" "set sync none" ""
	check "fsync-$b" "$L" "$c" "set sync fsync" "fsync=W synced-last=W"
	check "fdatasync-$b" "$L" "$c" "set sync fdatasync" \
	    "fdatasync=W synced-last=W"
	check "osync-$b" "$L" "$c" "set sync osync" "O_SYNC=W"
	check "dsync-$b" "$L" "$c" "set sync dsync" "O_DSYNC=W"
done

check dirsync-subdirs "$L" "$work;set location +$L/B 2;set subdirectories 3" \
    "set dirsync true" "dirfsync=C+D dirsync-yes=C+D"
check dirsync-fsync-raw "$L" "$work;set buffering false" \
    "set dirsync true;set sync fsync" \
    "fsync=W synced-last=W dirfsync=C+D dirsync-yes=C+D"

# O_DIRECT needs a file system on a block device: an ext4 image.
if [ "$(id -u)" -ne 0 ]; then
	skip "direct: O_DIRECT on every open" "not root (needs an ext4 image)"
elif ! losetup -f >/dev/null 2>&1; then
	skip "direct: O_DIRECT on every open" "no free loop device"
else
	E=$T/ext4
	ext4_location "$E" 512
	c="$work;set buffering false;set read 4k;set write 4k"
	check direct "$E" "$c" "set direct true" "direct=W+R+1"
	check direct-osync "$E" "$c" "set direct true;set sync osync" \
	    "direct=W+R+1 O_SYNC=W"
fi

done_testing
