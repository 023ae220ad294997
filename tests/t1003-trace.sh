#!/bin/sh
# The worked trace of postmark-reference.md §4.5 (seed 42, number 3,
# transactions 10, size 1000 2048), which was checked call by call against
# the reference binary: every file name, size, read, append length, the
# append skipped at HIGH, the slot reuse (next_slot, then the lowest free
# slot) and the deletion order.  Read from strace in unbuffered mode with
# blocks larger than any file, so that each operation is one open, one
# read or write of the whole length, and one close.

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/data/engine.sh"

[ -n "${STRACE:-}" ] && [ -x "$STRACE" ] || skip_all "strace not found"
skip_sanitized "ASan adds system calls; LeakSanitizer fails under strace"

mkdir "$T/w"
(cd "$T/w" && "$STRACE" -o "$T/trace" \
    -e trace=openat,open,read,write,close,unlink,unlinkat "$ENGINE" seed=42 \
    number=3 transactions=10 size=1000,2048  buffering=false \
    read=4096 write=4096) >"$T/out" 2>&1
ok $? "the traced run succeeds"
# From the trace below: creates 1807+1152+1968+1446+1411+2038+1063+1832,
# appends 269+22+521+15+10 (the one of T9 skipped), reads
# 1968+1807+1411+1947; deletes 4, 1, 3, 2, 5 then 7, 8, 6.
is "$(cat "$T/out")" "8 3 5 4 5 8 3 5 7133 13554 ok" "the trace's counts"

# One line per operation on a run file (a name without a slash):
# "create N SIZE", "read N SIZE", "append N LENGTH", "delete N".
awk '
/^(openat|open)\(/ {
	if ($0 ~ /O_DIRECTORY/ || match($0, /"[^"\/]*"/) == 0)
		next
	name = substr($0, RSTART + 1, RLENGTH - 2)
	fd = $NF
	if ($0 ~ /O_CREAT/)
		op[fd] = "create"
	else if ($0 ~ /O_APPEND/)
		op[fd] = "append"
	else
		op[fd] = "read"
	file[fd] = name
	n[fd] = 0
	next
}
/^(read|write)\(/ {
	fd = substr($0, index($0, "(") + 1)
	sub(/,.*/, "", fd)
	if (fd in file)
		n[fd] += $NF
	next
}
/^close\(/ {
	fd = substr($0, index($0, "(") + 1)
	sub(/\).*/, "", fd)
	if (fd in file) {
		print op[fd], file[fd], n[fd]
		delete file[fd]
	}
	next
}
/^unlink(at)?\(/ {
	if (match($0, /"[^"\/]*"/))
		print "delete", substr($0, RSTART + 1, RLENGTH - 2)
}' "$T/trace" >"$T/got"

cat >"$T/want" <<'TRACE'
create 1 1807
create 2 1152
create 3 1968
read 3 1968
create 4 1446
read 1 1807
delete 4
append 2 269
create 5 1411
read 5 1411
delete 1
append 3 22
delete 3
append 5 521
delete 2
append 5 15
create 6 2038
read 5 1947
delete 5
append 6 10
create 7 1063
create 8 1832
delete 7
delete 8
delete 6
TRACE
same_file "$T/got" "$T/want" "§4.5: names, sizes, operations and order"
is_empty "$T/w" "nothing left behind"

# File contents: the first create writes source[0..1806]; its first 64
# bytes for seed 42 are known (§4.1).
(cd "$T/w" && "$STRACE" -o "$T/trace2" -e trace=write -s 64 \
    "$ENGINE" seed=42 number=3 transactions=10 size=1000,2048  \
    buffering=false read=4096 write=4096) >/dev/null 2>&1
first=$(sed -n 's/^write([0-9]*, "\(.*\)"\.\.\., 1807) = 1807$/\1/p' \
    "$T/trace2")
want='LeZebJ6S5~qPv$C$py}hmKd H58nM4~.}pv}Q7wSt'"'"'&R0{oSe8eY_i&z}T'"'"'VGt*I'
is "$first" "$want" "the first file starts with the seed-42 source buffer"

done_testing
