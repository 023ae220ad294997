# tests/report/reclib.sh: helpers for the record tests (t2008-t2020),
# sourced after tests/tap.sh.
#
# rec_run NAME PATH [SET...]: in the current directory, a run of 10 files
# in location L (made by the caller) to PATH, with the set lines SET (each
# a line) and the environment $env (words, may be empty), its
# configuration in NAME.pm; status in $rc, stderr (less validity
# warnings) in $msg, stdout in NAME.out, stderr in NAME.err.
#
# rec_trace TRACE CMD...: run CMD under strace (the calls that open,
# lock, write, truncate and close files), following threads and forks,
# with file descriptors decorated by their paths (-y); status in $rc.
# rec_writes TRACE PATH: what the trace did to PATH, as
# "writes=N unlocked=U unappended=A": the write(2) calls on a descriptor
# of PATH, those made while no LOCK_EX of flock(2) was held on that
# descriptor, and those on a descriptor opened without O_APPEND.

# rec_need_strace: skip the script without a working strace.
rec_need_strace() {
	if [ -z "${STRACE:-}" ] || [ ! -x "$STRACE" ]; then
		skip_all "strace not installed (apt-get install strace)"
	fi
	"$STRACE" -f -o /dev/null true >/dev/null 2>&1 ||
	    skip_all "strace cannot trace here (ptrace not permitted)"
	skip_sanitized "LeakSanitizer fails under strace"
}

env=
rec_run() {
	rr_name=$1 rr_path=$2
	shift 2
	printf '%s\n' 'set location L' 'set number 10' 'set transactions 20' \
	    "$@" "run $rr_path" >"$rr_name.pm"
	rc=0
	env $env $GUARD "$POSTMARK" "$rr_name.pm" >"$rr_name.out" \
	    2>"$rr_name.err" || rc=$?
	msg=$(errors "$rr_name.err")
}

rec_trace() {
	rt_out=$1
	shift
	rc=0
	$GUARD "$STRACE" -f -y -qq -s 0 -o "$rt_out" \
	    -e trace=open,openat,write,writev,pwrite64,flock,ftruncate,close \
	    "$@" || rc=$?
}

rec_writes() {
	awk -v path="$2" '
	# Join "<unfinished ...>" calls to their "resumed" ends, by pid.
	/<unfinished \.\.\.>$/ {
		pid = $1; sub(/ <unfinished \.\.\.>$/, ""); part[pid] = $0
		next
	}
	/<\.\.\. [a-z0-9_]+ resumed>/ {
		pid = $1; sub(/^[0-9]+ <\.\.\. [a-z0-9_]+ resumed>/, "")
		$0 = part[pid] $0
	}
	{
		fd = ""
		if (match($0, /\(([0-9]+)</)) {
			fd = substr($0, RSTART + 1, RLENGTH - 2)
			if (index($0, "(" fd "<" path ">") == 0)
				fd = ""
		}
	}
	# By name, or relative to a directory: the descriptor returned is
	# decorated with the path.
	/ (open|openat)\(/ && (index($0, "\"" path "\"") ||
	    index($0, ") = ") && index($0, "<" path ">")) {
		if (match($0, /= [0-9]+</)) {
			n = substr($0, RSTART + 2, RLENGTH - 3)
			app[n] = index($0, "O_APPEND") > 0
			lock[n] = 0
		}
		next
	}
	fd == "" { next }
	/ flock\(/ {
		if ($0 ~ /LOCK_EX/ && $0 ~ /= 0$/)
			lock[fd] = 1
		else if ($0 ~ /LOCK_UN/)
			lock[fd] = 0
		next
	}
	/ close\(/ { lock[fd] = 0; next }
	/ (write|writev|pwrite64)\(/ {
		w++
		if (!lock[fd])
			u++
		if (!app[fd])
			a++
	}
	END { printf "writes=%d unlocked=%d unappended=%d\n", w, u, a }
	' "$1"
}
