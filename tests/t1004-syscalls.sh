#!/bin/sh
# The same I/O system calls as the reference binary, call for call, with
# the same data: for buffered (stdio) and unbuffered runs, with
# subdirectories, weighted locations, tiny blocks, a fixed size and
# bias -1, every open, fstat, read, write (including zero-length
# remainders), close, unlink, mkdir and rmdir on the run's files, with
# sizes and contents, must match the reference's strace.  The documented
# differences are removed before comparing: O_EXCL on creates, and the
# directory handles (handles.awk writes our handle-relative calls as
# PostMark's paths and drops the calls that only hold the handles).

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/data/engine.sh"

need_reference
[ -n "${STRACE:-}" ] && [ -x "$STRACE" ] || skip_all "strace not found"
skip_sanitized "ASan adds system calls; LeakSanitizer fails under strace"

work_dir w
calls=openat,open,creat,read,write,lseek,close,unlink,unlinkat,mkdir
calls=$calls,mkdirat,rmdir,newfstatat,fstat,ftruncate,fsync,fdatasync

# cfg ARGS...: the reference configuration for driver arguments.
cfg() {
	first=1
	for a in "$@"; do
		k=${a%%=*}
		v=${a#*=}
		case $k in
		number|transactions|seed|read|write|buffering|subdirectories)
			echo "set $k $v" ;;
		size)
			echo "set size ${v%,*} ${v#*,}" ;;
		bias_read)
			echo "set bias read $v" ;;
		bias_create)
			echo "set bias create $v" ;;
		location)
			if [ "$first" -eq 1 ]; then
				echo "set location ${v%:*} ${v##*:}"
				first=0
			else
				echo "set location +${v%:*} ${v##*:}"
			fi ;;
		esac
	done
	echo run
	echo quit
}

# normalise FILE DIR: the calls on DIR's files, with our calls relative
# to directory handles written as paths (tests/diff/handles.awk), fd
# numbers, the padding before " = " and O_EXCL removed (and not the
# reading of the configuration file, which names DIR).
normalise() {
	awk -f "$srcdir/tests/diff/pathof.awk" \
	    -f "$srcdir/tests/diff/handles.awk" "$1" |
	    grep -F "$2/" | grep -vF "$T/cfg/" |
	    sed -e 's/AT_FDCWD<[^>]*>/AT_FDCWD/' \
		-e 's/^\([a-z0-9]*\)([0-9][0-9]*</\1(FD</' \
		-e 's/= [0-9][0-9]*</= FD</' \
		-e 's/) *= /) = /' \
		-e 's/|O_EXCL//'
}

# left DIR: what is in DIR but the A and B locations, and in those.
left() {
	find "$1" -mindepth 1 ! -path "$1/A" ! -path "$1/B"
}

# compare NAME ARGS...: trace the reference and the engine on the same
# configuration in the same directory $W/NAME/loc.
mkdir "$T/cfg"
compare() {
	name=$1
	shift
	D="$W/$name/loc"
	mkdir -p "$D" "$D/A" "$D/B"
	set -- "$@" location="$D:1"
	case $name in
	multiloc*)
		set -- "$@" location="$D/A:1" location="$D/B:3" ;;
	esac
	cfg "$@" >"$T/cfg/$name"
	(cd "$W/$name" && "$STRACE" -o ref.tr -y -s 65536 -e trace=$calls \
	    "$REFERENCE_POSTMARK" "$T/cfg/$name" >/dev/null 2>&1)
	is "$(left "$D")" "" "$name: the reference left nothing"
	(cd "$W/$name" && "$STRACE" -o our.tr -y -s 65536 -e trace=$calls \
	    "$ENGINE" "$@" >our.out 2>&1)
	ok $? "$name: our run succeeds"
	is "$(left "$D")" "" "$name: we left nothing"
	normalise "$W/$name/ref.tr" "$D" >"$W/$name/ref.calls"
	normalise "$W/$name/our.tr" "$D" >"$W/$name/our.calls"
	n=$(wc -l <"$W/$name/ref.calls")
	[ "$n" -gt 100 ]
	ok $? "$name: the reference made $n calls on its files"
	same_file "$W/$name/our.calls" "$W/$name/ref.calls" \
	    "$name: same calls, sizes and data as the reference"
}

compare buffered seed=5 number=40 transactions=300 size=1,3000 \
     read=1000 write=700 subdirectories=3
compare unbuffered seed=6 number=40 transactions=300 size=1,3000 \
     read=100 write=64 buffering=false subdirectories=2
compare multiloc seed=9 number=30 transactions=200 size=100,9000 \
     read=4096 write=8192 subdirectories=2
compare multiloc-raw seed=10 number=30 transactions=200 size=100,9000 \
     read=4096 write=8192 buffering=false
compare fixed-tiny seed=11 number=20 transactions=100 size=50,50 \
     read=7 write=3 buffering=false bias_read=-1
compare append-only seed=12 number=20 transactions=200 size=1,600 \
     read=512 write=512 bias_read=0 bias_create=-1

done_testing
