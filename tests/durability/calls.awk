# tests/durability/calls.awk: the events of an `strace -f -y' trace of
# postmark that the durability tests (t70xx) check, one a line, in trace
# order.  Set loc to the location (absolute, as strace shows it); every
# file below it that is not opened as a directory is one of the run's.
#
#   open KIND SYNC DIRECT CALLS  a file of the run was closed: KIND create
#                   (O_CREAT), append (O_APPEND) or read; SYNC the O_SYNC
#                   or O_DSYNC of its open flags, or none; DIRECT direct
#                   (O_DIRECT) or -; CALLS one letter per call on the
#                   descriptor between the open and the close: S fstat,
#                   L lseek, W write, R read, F fsync, D fdatasync (- for
#                   none)
#   probe DIRECT    an unnamed file (O_TMPFILE) opened in a location
#   unlink          a file of the run was removed (not a directory)
#   dirfsync        fsync(2) of a directory handle (the location or an sK)
#   dirsync yes|no  after each create (at its close) and each unlink:
#                   whether the next call on the locations is the fsync of
#                   the directory that holds the file
#   sync [T]        sync(2), taking T seconds (with strace -T)
#   drop CALL [ARG] [T]  open, write (ARG: the bytes written) or close of
#                   /proc/sys/vm/drop_caches, taking T seconds (strace -T)
#
# Directory handles are told from files by their open (O_DIRECTORY), as
# tests/diff/handles.awk does.  Calls that fail are reported like the
# others.  Run it after tests/diff/pathof.awk (path_of).

# fdnum S: the descriptor of the first `N<PATH>' of S.
function fdnum(s) {
	match(s, /[0-9]+</)
	return substr(s, RSTART, RLENGTH - 1)
}

function inloc(p) {
	return p == loc || index(p, loc "/") == 1
}

# dircheck LINE: settle a pending dirsync check with the first call on
# the locations after a create or unlink.
function dircheck(line) {
	if (pending == "")
		return
	if (line ~ /^fsync\(/ && path_of(line) == pending)
		print "dirsync yes"
	else
		print "dirsync no"
	pending = ""
}

BEGIN {
	letter["fstat"] = letter["newfstatat"] = "S"
	letter["lseek"] = "L"
	letter["write"] = "W"
	letter["read"] = "R"
	letter["fsync"] = "F"
	letter["fdatasync"] = "D"
}

{
	line = $0
	sub(/^[0-9]+ +/, "", line)
	call = line
	sub(/\(.*/, "", call)
	p = path_of(line)
	# The time spent in the call (strace -T), or "".
	t = ""
	if (match(line, / <[0-9.]+>$/)) {
		t = " " substr(line, RSTART + 2, RLENGTH - 3)
		line = substr(line, 1, RSTART - 1)
	}
}

call == "sync" {
	print "sync" t
	next
}

p == "/proc/sys/vm/drop_caches" || line ~ /"\/proc\/sys\/vm\/drop_caches"/ {
	if (call == "write" && match(line, /, "[^"]*"/))
		print "drop write", substr(line, RSTART + 3, RLENGTH - 4) t
	else
		print "drop", call t
	next
}

!inloc(p) { next }

{ dircheck(line) }

call == "openat" && line ~ /O_DIRECTORY/ {
	if (match(line, /= [0-9]+<[^>]*>$/))
		dir[path_of(substr(line, RSTART + 2))] = 1
	next
}

call == "openat" && line ~ /O_TMPFILE/ {
	print "probe", line ~ /O_DIRECT/ ? "direct" : "-"
	next
}

call == "openat" {
	if (!match(line, /= [0-9]+<[^>]*>$/))
		next
	fd = fdnum(substr(line, RSTART + 2))
	kind[fd] = "read"
	if (line ~ /O_CREAT/)
		kind[fd] = "create"
	else if (line ~ /O_APPEND/)
		kind[fd] = "append"
	sflag[fd] = "none"
	if (line ~ /O_SYNC/)
		sflag[fd] = "O_SYNC"
	else if (line ~ /O_DSYNC/)
		sflag[fd] = "O_DSYNC"
	dflag[fd] = line ~ /O_DIRECT/ ? "direct" : "-"
	seq[fd] = ""
	created[fd] = p
	next
}

call == "fsync" && p in dir {
	print "dirfsync"
	next
}

call == "unlinkat" && line !~ /AT_REMOVEDIR/ {
	print "unlink"
	pending = p
	next
}

call == "close" && (fd = fdnum(line)) in kind {
	print "open", kind[fd], sflag[fd], dflag[fd], \
	    (seq[fd] == "" ? "-" : seq[fd])
	if (kind[fd] == "create")
		pending = created[fd]
	delete kind[fd]
	next
}

call in letter && (fd = fdnum(line)) in kind {
	seq[fd] = seq[fd] letter[call]
}

END {
	if (pending != "")
		print "dirsync no"
}
