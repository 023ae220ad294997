#!/bin/sh
# t4004-man-columns: the columns the manual lists are those of the column
# table (src/pm_columns.c, which writes the records), in order, so that
# the page cannot drift from the records again (it
# said CSV schema 1 and listed 79 columns while postmark wrote schema 4
# with 146; the column table is the reference):
#  - CSV: the `.Li' names of the first list of the CSV section against
#    `postmark --columns`, and the schema version (the table's newest) and
#    the number of columns the section states;
#  - the interval series: the list of its section against `postmark
#    --columns intervals`, and the version it states;
#  - JSON: the members its list names (`.It Li' and `.It Xo' items) against
#    the members of a real record, in order (the table has the columns,
#    not the record's structure).
# Only the words of `.Li' lines are names; punctuation is not.
. "$srcdir/tests/tap.sh"

man=$srcdir/man/postmark.1
mkdir "$T/L"

# record REPORT FILE: a small run with an interval series, its record to
# FILE.
record() {
	printf '%s\n' "set location $T/L" "set number 20" "set transactions 40" \
	    "set interval 10" "set report $1" "run $2" "quit" |
	    "$POSTMARK" >/dev/null 2>&1
}

# section TITLE: the lines of the man page's subsection TITLE.
section() {
	awk -v t=".Ss $1" '$0 == t { on = 1; next } /^\.S[sh] / { on = 0 }
	    on' "$man"
}

# list_names: the `.Li' names of the first .Bl ... .El on stdin, one a
# line.
list_names() {
	awk '/^\.Bl / && !seen { on = 1; seen = 1; next }
	    /^\.El/ { on = 0 }
	    on && /^\.Li / {
		for (i = 2; i <= NF; i++)
			if ($i !~ /^[[:punct:]]+$/)
				print $i
	    }'
}

# table SET: the names of postmark --columns SET, one a line; version
# SET: its newest schema version.
table() {
	"$POSTMARK" --columns "$1" | awk -F '\t' 'NR > 1 { print $1 }'
}
version() {
	"$POSTMARK" --columns "$1" |
	    awk -F '\t' 'NR > 1 && $2 > v { v = $2 } END { print v }'
}

table records >"$T/csv.want"
test -s "$T/csv.want"
ok $? "postmark --columns lists the columns"
section CSV | list_names >"$T/csv.got"
same_file "$T/csv.got" "$T/csv.want" \
    "CSV: the man page lists the columns of the table, in order"
v=$(version records)
section CSV | grep -q "schema version $v:"
ok $? "CSV: the man page says schema version $v, the table's"
n=$(wc -l <"$T/csv.want" | tr -d ' ')
section CSV | grep -q "^The $n columns are"
ok $? "CSV: the man page says $n columns"

table intervals >"$T/iv.want"
section "Interval series" | list_names >"$T/iv.got"
same_file "$T/iv.got" "$T/iv.want" \
    "intervals: the man page lists the columns of the series, in order"
v=$(version intervals)
section "Interval series" | grep -q "version $v of the series"
ok $? "intervals: the man page says version $v, the table's"

if command -v python3 >/dev/null 2>&1; then
	record json "$T/r.json"
	python3 -c 'import json, sys
print("\n".join(json.loads(open(sys.argv[1]).readline())))' "$T/r.json" \
	    >"$T/json.want"
	section JSON | awk '
	/^\.Bl / && !seen { on = 1; seen = 1; next }
	/^\.El/ { on = 0 }
	!on { next }
	/^\.It Xo/ { xo = 1; next }
	/^\.Xc/ { xo = 0; next }
	/^\.It Li / || (xo && /^\.Li /) {
		for (i = /^\.It/ ? 3 : 2; i <= NF; i++)
			if ($i !~ /^[[:punct:]]+$/)
				print $i
	}' >"$T/json.got"
	same_file "$T/json.got" "$T/json.want" \
	    "JSON: the man page lists the members of a record, in order"
else
	skip "JSON: the man page lists the members of a record" "no python3"
fi
done_testing
