# tests/diff/handles.awk: rewrite an `strace -y' trace of our postmark,
# which works relative to directory handles, into the path-based calls
# that PostMark makes, so that the two traces compare line for line
# (compat-policy.md, "Never follow a swapped path").  Feed it lines
# without the pid column.
#
#   openat(5</L/s0>, "12", F) = R    ->  openat(AT_FDCWD, "/L/s0/12", F) = R
#   mkdirat(4</L>, "s0", 0700) = R   ->  mkdir("/L/s0", 0700) = R
#   unlinkat(5</L/s0>, "12", 0) = R  ->  unlink("/L/s0/12") = R
#   unlinkat(4</L>, "s0", AT_REMOVEDIR) = R  ->  rmdir("/L/s0") = R
#
# The calls that only hold the handles (an openat with O_DIRECTORY, and
# the close of such a handle and the fstat of it or of a name in it that
# checks that a subdirectory is still the run's) are dropped, and O_NOFOLLOW,
# which we add to every open, is removed.  Appends that we open without
# O_CREAT (a vanished file is never created again) are written as
# PostMark's fopen("a") opens them.  Run it after pathof.awk (path_of).

{
	line = $0
	if (line ~ /^openat\(/ && line ~ /O_DIRECTORY/) {
		if (match(line, /= [0-9]+<[^>]*>$/))
			dir[path_of(substr(line, RSTART + 2))] = 1
		next
	}
	if (line ~ /^(close|newfstatat|fstat)\([0-9]+</ && path_of(line) in dir)
		next
	if (match(line, /^(openat|mkdirat|unlinkat)\([0-9]+<[^>]*>, "[^"]*"/)) {
		head = substr(line, 1, RLENGTH)
		rest = substr(line, RLENGTH + 1)
		call = head
		sub(/\(.*/, "", call)
		name = head
		sub(/^.*, "/, "", name)
		sub(/"$/, "", name)
		path = path_of(head) "/" name
		if (call == "openat")
			line = "openat(AT_FDCWD, \"" path "\"" rest
		else if (call == "mkdirat")
			line = "mkdir(\"" path "\"" rest
		else if (sub(/^, AT_REMOVEDIR\)/, ")", rest))
			line = "rmdir(\"" path "\"" rest
		else {
			sub(/^, 0\)/, ")", rest)
			line = "unlink(\"" path "\"" rest
		}
	}
	gsub(/\|O_NOFOLLOW/, "", line)
	sub(/O_WRONLY\|O_APPEND\)/, "O_WRONLY|O_CREAT|O_APPEND, 0666)", line)
	print line
}
