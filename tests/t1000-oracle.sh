#!/bin/sh
# The workload of every row of the reference's differential oracle
# (postmark-reference.md §8): created/alone/mixed, read, appended,
# deleted/alone/mixed and the EXACT byte sums, as the reference binary
# produced them.  Guards the RNG call order, slot allocation, picks,
# bias handling, skipped appends, the silent no-op create on a full table,
# subdirectory and location draws.  Each run must leave its directory
# empty.

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/data/engine.sh"

work_dir w

# Two lines a row: "name arguments..." (@ = the run's directory; a
# trailing backslash continues it), then the expected line.
while read name args; do
	read want
	D="$W/$name"
	mkdir "$D"
	args=$(printf '%s\n' "$args" | sed "s|@|$D|g")
	# shellcheck disable=SC2086
	got=$(cd "$D" && "$ENGINE" $args 2>&1)
	is "$got" "$want" "$name: counts and exact bytes"
	is_empty "$D" "$name: nothing left behind"
done <<'ROWS'
defaults number=500 transactions=500 seed=42 location=@:7
	764 500 264 243 257 764 528 236 1430770 4662068 ok
s1 seed=1 number=1000 transactions=5000
	3534 1000 2534 2486 2504 3534 1068 2466 15976130 23124900 ok
smax seed=2147483647 number=2000 transactions=4000 size=100,1000 \
    
	3989 2000 1989 1984 2008 3989 1978 2011 1209040 2561520 ok
bigfiles seed=5 number=1000 transactions=2000 size=1000,50000 \
    
	1980 1000 980 964 1036 1980 960 1020 28205609 60750800 ok
allappend seed=11 number=1000 transactions=3000 bias_read=0 \
    bias_create=10
	2000 1000 1000 0 2988 2000 2000 0 0 15451257 ok
allread_del seed=12 number=2000 transactions=1000 bias_read=10 \
    bias_create=0
	2000 2000 0 1000 0 2000 1000 1000 5477713 10698337 ok
noRA seed=13 number=1000 transactions=3000 bias_read=-1
	2494 1000 1494 0 0 2494 988 1506 0 12970577 ok
noCD seed=14 number=1000 transactions=3000 bias_create=-1
	1000 1000 0 1489 1508 1000 1000 0 9752011 7737900 ok
subdir10 seed=7 number=2000 transactions=4000 subdirectories=10 location=@:1
	3995 2000 1995 1979 2020 3995 1990 2005 11980711 25009047 ok
subdir1 seed=7 number=2000 transactions=4000 subdirectories=1
	4033 2000 2033 1991 2003 4033 2066 1967 11990021 25137829 ok
unbuf100 seed=21 number=1000 transactions=3000 read=100 write=100 \
    buffering=false
	2514 1000 1514 1481 1517 2514 1028 1486 9578702 16200774 ok
unbuf4k8k seed=123 number=1500 transactions=3000 read=4096 write=8192 \
    buffering=false
	2958 1500 1458 1479 1520 2958 1416 1542 8628281 18413283 ok
fixed4096 seed=3 number=1000 transactions=3000 size=4096,4096 \
    
	2546 1000 1546 1519 0 2546 1092 1454 6221824 10428416 ok
r7c3 seed=31337 number=4000 transactions=10000 size=500,5000 \
     bias_read=7 bias_create=3
	7072 4000 3072 7028 2964 7072 144 6928 22564640 22543278 ok
tablefull seed=8 number=1000 transactions=8000 size=200,3000 \
     bias_read=2 bias_create=8
	3645 1000 2645 1582 6254 3645 2000 1645 3385450 8418673 ok
t15 seed=77 number=20 transactions=15
	28 20 8 8 7 28 21 7 26291 123857 ok
tiny seed=9 number=3000 transactions=6000 size=10,20  \
    read=7 write=3
	5968 3000 2968 3053 2611 5968 2936 3032 47460 94708 ok
r0c5_2 seed=2 number=2500 transactions=7000 size=1,3000  \
    bias_read=0
	5990 2500 3490 0 6894 5990 2480 3510 0 12446287 ok
ROWS

# multiloc: three locations weighted 1, 2, 3 and four subdirectories.
D="$W/multiloc"
mkdir "$D" "$D/A" "$D/B" "$D/C"
got=$(cd "$D" && "$ENGINE" seed=99 number=1000 transactions=3000 subdirectories=4 \
    location="$D/A:1" location="$D/B:2" location="$D/C:3" 2>&1)
is "$got" "2488 1000 1488 1506 1493 2488 976 1512 9668825 16101503 ok" \
    "multiloc: counts and exact bytes"
is "$(ls -A "$D/A" "$D/B" "$D/C" | tr -d '\n')" "$D/A:$D/B:$D/C:" \
    "multiloc: subdirectories removed from every location"

# outoffiles: the pool empties before transaction 11 (the reference stops
# there and prints no report); the deletion phase still runs.
D="$W/outoffiles"
mkdir "$D"
got=$(cd "$D" && "$ENGINE" seed=42 number=5 transactions=100 bias_create=2 \
    extra=1 2>&1)
is "$(printf '%s\n' "$got" | sed -n '1s/.* //p')" out_of_files \
    "outoffiles: status"
is "$(printf '%s\n' "$got" | sed -n '2s/ .*//p')" 11 \
    "outoffiles: stopped before transaction 11"
is "$(printf '%s\n' "$got" | awk 'NR == 1 { print ($1 == $6) }')" 1 \
    "outoffiles: every created file deleted"
is_empty "$D" "outoffiles: nothing left behind"

done_testing
