# tests/diff/difflib.sh: differential testing against the reference
# PostMark, sourced by tests/t30*.sh after tests/tap.sh.
#
# A config is given as a SPEC: its `set' lines joined by `;' (see
# tests/diff/oracle.list and tests/diff/gen.list).  dl_compare runs the
# SPEC through both binaries, each in its own fresh directory under $T with
# the same relative config name (NAME.cfg) and the same relative locations,
# and emits four TAP results:
#
#   (a) stdout equal after masking timing values only;
#   (b) the Data totals equal, or within 0.01 of the unit (float32 sums of
#       the reference, reference section 6.4);
#   (c) exit statuses: 0 and 0, or ours 1 and the reference 0 when the
#       reference ran out of files (documented difference);
#   (d) every location empty after our run.
#
# Timing values masked: the banner (line 1), every `N seconds', every
# `(... per second)', every 13-field terse line, and our Latency section
# (from a line starting `Latency', and the blank lines just before it, up
# to the next run or the end).

# dl_field LINE N: field N of a tab-separated list line.
dl_field() {
	printf '%s\n' "$1" | cut -f "$2"
}

# dl_setup DIR NAME SPEC: write DIR/NAME.cfg (SPEC, run, quit) and create
# the location directories it names.
dl_setup() {
	mkdir -p "$1" || return 1
	printf '%s\n' "$3" | tr ';' '\n' >"$1/$2.cfg"
	printf 'run\nquit\n' >>"$1/$2.cfg"
	dl_locations "$1/$2.cfg" | while read -r dl_loc; do
		mkdir -p "$1/$dl_loc"
	done
}

# dl_locations CFG: the location directories a config names, one a line.
dl_locations() {
	sed -n 's/^set location +\{0,1\}\([^ ]*\).*/\1/p' "$1"
}

# dl_run BIN DIR NAME: run BIN on NAME.cfg in DIR; stdout to DIR.out,
# stderr to DIR.err, exit status to DIR.rc.
dl_run() {
	(cd "$2" && exec $GUARD "$1" "$3.cfg" </dev/null >"$2.out" 2>"$2.err")
	echo $? >"$2.rc"
}

# dl_mask: filter stdout, masking the timing values listed above and the
# Data amounts (compared separately with a tolerance by dl_data).
dl_mask() {
	sed -E \
	    -e '1s/.*/BANNER/' \
	    -e 's/[0-9]+(\.[0-9]+)? seconds/X seconds/g' \
	    -e 's/\([^()]* per second\)/(X per second)/g' \
	    -e 's/^([-+.0-9]+|-?inf|-?nan)( ([-+.0-9]+|-?inf|-?nan)){12}$/TERSE/' \
	    -e 's/^	[0-9.]+ (megabytes|kilobytes|bytes) (read|written)/	X \1 \2/' |
	awk '/^Latency/ { skip = 1; blank = 0; next }
	    /^(Creating|Reading configuration)/ { skip = 0 }
	    skip { next }
	    /^$/ { blank++; next }
	    { for (; blank > 0; blank--) print ""; print }
	    END { for (; blank > 0; blank--) print "" }'
}

# dl_data FILE: the Data lines of a report as `read VALUE UNIT' and
# `written VALUE UNIT', one a line.
dl_data() {
	sed -n -E \
	    's/^	([0-9.]+) (megabytes|kilobytes|bytes) (read|written) .*/\3 \1 \2/p' \
	    "$1"
}

# dl_data_close A B: succeed when two dl_data outputs have the same lines
# and units and every value is within 0.01.
dl_data_close() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		na = split(a, la, "\n"); nb = split(b, lb, "\n")
		if (na != nb) exit 1
		for (i = 1; i <= na; i++) {
			split(la[i], x, " "); split(lb[i], y, " ")
			if (x[1] != y[1] || x[3] != y[3]) exit 1
			d = x[2] - y[2]; if (d < 0) d = -d
			if (d > 0.0100001) exit 1
		}
		exit 0
	}'
}

# dl_leftovers DIR NAME: list what remains in the locations of NAME.cfg.
dl_leftovers() {
	dl_locations "$1/$2.cfg" | while read -r dl_loc; do
		find "$1/$dl_loc" -mindepth 1
	done
}

# dl_compare NAME SPEC [EXTRA]: run SPEC through both binaries and emit
# (a)-(d).  Our config also has the lines of EXTRA (joined by `;') after
# SPEC's, settings that must not change what is compared (set sync ...),
# and our run happens below $DL_OUR (default $T/our).
dl_compare() {
	dl_ref=$T/ref/$1
	dl_our=${DL_OUR:-$T/our}/$1
	dl_setup "$dl_ref" "$1" "$2" && dl_setup "$dl_our" "$1" "$2${3:+;$3}" ||
	    { diag "$1: cannot set up"; return 1; }
	dl_run "$REFERENCE_POSTMARK" "$dl_ref" "$1" &
	dl_run "$POSTMARK" "$dl_our" "$1"
	wait

	dl_mask <"$dl_ref.out" >"$dl_ref.masked"
	dl_mask <"$dl_our.out" >"$dl_our.masked"
	same_file "$dl_our.masked" "$dl_ref.masked" \
	    "$1: stdout matches the reference (timing masked)"
	if [ -s "$dl_our.err" ]; then
		diag "$1: our stderr:"
		head -5 "$dl_our.err" | sed 's/^/#   /'
	fi

	dl_d_ref=$(dl_data "$dl_ref.out")
	dl_d_our=$(dl_data "$dl_our.out")
	if dl_data_close "$dl_d_our" "$dl_d_ref"; then
		ok 0 "$1: Data totals match the reference (+-0.01)"
		[ "$dl_d_our" = "$dl_d_ref" ] ||
		    diag "$1: Data within 0.01 (float32 sums):" \
		    "ours:      $dl_d_our" "reference: $dl_d_ref"
	else
		ok 1 "$1: Data totals match the reference (+-0.01)"
		diag "got:  $dl_d_our" "want: $dl_d_ref"
	fi

	dl_want=0
	grep -q 'out of files!' "$dl_ref.out" && dl_want=1
	is "$(cat "$dl_our.rc") $(cat "$dl_ref.rc")" "$dl_want 0" \
	    "$1: exit status (ours reference)"

	dl_left=$(dl_leftovers "$dl_our" "$1" | head -5)
	is "$dl_left" "" "$1: our run left its locations empty"
}

# dl_counts FILE: the counts of a verbose report as
# `c ca cm r a d da dm' (created, alone, mixed; read; appended; deleted,
# alone, mixed), or nothing when there is no report.
dl_counts() {
	awk '/^\t[0-9]+ created \(/ { c = $1 }
	    /^\t\tCreation alone: / { ca = $3 }
	    /^\t\tMixed with transactions: / { if (d == "") cm = $4; else dm = $4 }
	    /^\t[0-9]+ read \(/ { r = $1 }
	    /^\t[0-9]+ appended \(/ { a = $1 }
	    /^\t[0-9]+ deleted \(/ { d = $1 }
	    /^\t\tDeletion alone: / { da = $3 }
	    END { if (c != "") print c, ca, cm, r, a, d, da, dm }' "$1"
}

# dl_list_specs FILE FIRST STEP: print every STEP-th non-comment line of a
# list, starting with the FIRST-th (1-based), so that a list can be split
# across scripts that the harness runs in parallel.
dl_list_specs() {
	grep -v '^#' "$1" | awk -v first="$2" -v step="$3" \
	    '(NR - first) % step == 0 && NR >= first'
}

# dl_compare_list FILE FIRST STEP: dl_compare the selected lines of a list
# (name in the first field, SPEC in the last).
dl_compare_list() {
	dl_list_specs "$@" >"$T/list.sel"
	while IFS= read -r dl_line <&3; do
		dl_compare "$(dl_field "$dl_line" 1)" \
		    "$(printf '%s\n' "$dl_line" | awk -F '\t' '{ print $NF }')"
	done 3<"$T/list.sel"
}

# dl_oracle FILE FIRST STEP: as dl_compare_list for the section 8 list,
# and also check the reference's counts and Data figures against the
# document's (fields 2-4; `-' means no report).
dl_oracle() {
	dl_list_specs "$@" >"$T/list.sel"
	while IFS= read -r dl_line <&3; do
		dl_n=$(dl_field "$dl_line" 1)
		dl_compare "$dl_n" "$(dl_field "$dl_line" 5)"
		dl_want=$(dl_field "$dl_line" 2)
		[ "$dl_want" = - ] && dl_want=
		is "$(dl_counts "$T/ref/$dl_n.out")" "$dl_want" \
		    "$dl_n: reference counts are section 8's"
		dl_want=$(dl_field "$dl_line" 3)
		dl_want2=$(dl_field "$dl_line" 4)
		[ "$dl_want" = - ] && dl_want= dl_want2=
		dl_got=$(dl_data "$T/ref/$dl_n.out" | awk '{ print $2, $3 }')
		is "$(echo $dl_got)" "$(echo $dl_want $dl_want2)" \
		    "$dl_n: reference Data figures are section 8's"
	done 3<"$T/list.sel"
}
