# tests/diff/pathof.awk: path_of, shared by the awk programs that read
# `strace -y' traces (handles.awk, tests/durability/calls.awk): load it
# first, as in awk -f pathof.awk -f handles.awk.

# path_of S: the path decorating the first `N<PATH>' of S, or "".
function path_of(s) {
	if (match(s, /[0-9]+<[^>]*>/) == 0)
		return ""
	s = substr(s, RSTART, RLENGTH)
	sub(/^[0-9]+</, "", s)
	sub(/>$/, "", s)
	return s
}
