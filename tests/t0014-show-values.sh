#!/bin/sh
# t0014-show-values: `show' prints each key added to PostMark's, when it
# is not at its default, as `Title: VALUE' where VALUE is what `set KEY'
# takes, so that the line can be typed back (it
# printed `Direct I/O: 1').  Every added key is covered: the keys of
# `help set' that are not PostMark's must all be in the table below.
# Values are given in the form show prints them (true, 2.5%, 100ms), and
# typing the shown value back must show the same; values longer than a
# line buffer are shown whole.  PostMark's own show lines are golden
# (t0001) and not touched here.
. "$srcdir/tests/tap.sh"

cd "$T" || exit 99

# key VALUE [SHOWN]: one key of the table, its show title and a value
# other than its default.
table='label|Label|two  words
iterations|Iterations|3-7
precision|Precision|2.5%
interval|Interval|100ms
sync|Sync|fdatasync
dirsync|Directory sync|true
direct|Direct I/O|true
cache|Cache|cold
warmup|Warm-up runs|2
hook|Hook|before run echo  a; echo b
clients|Clients|3
shared|Shared directories|true
rankshift|Rank shift|2
strictmodes|Strict modes|false'

postmark_keys='size number seed transactions location subdirectories read write
buffering bias read bias create report'

# shown KEY VALUE: the lines show adds after PostMark's layout once
# `set KEY VALUE' ran.
shown() {
	printf 'set %s %s\nshow\n' "$1" "$2" |
	    "$POSTMARK" 2>&1 | sed '1,/^Report format is/d'
}

# Every added key of help is in the table.
help=$(printf 'help set\n' | "$POSTMARK" 2>&1 |
    sed -n 's/^set \(.*\) - .*/\1/p')
missing=
for k in $(printf '%s\n' "$help" | tr ' ' '_'); do
	k=$(printf '%s' "$k" | tr '_' ' ')
	case " $(echo $postmark_keys) " in
	*" $k "*) continue ;;
	esac
	printf '%s\n' "$table" | grep -q "^$k|" || missing="$missing $k"
done
is "${missing:-none}" none "every key added to PostMark's has a case here"

printf '%s\n' "$table" | while IFS='|' read -r key title value; do
	if [ "$key" = cache ] && [ ! -w /proc/sys/vm/drop_caches ]; then
		echo "skip"
		continue
	fi
	got=$(shown "$key" "$value")
	echo "$key|$title|$value|$got"
done >"$T/cases"

while IFS='|' read -r key title value got; do
	if [ "$key" = skip ]; then
		skip "show: set cache cold" "cannot write drop_caches"
		skip "show: set cache cold, typed back" "the same"
		continue
	fi
	is "$got" "$title: $value" "show: set $key $value"
	back=$(shown "$key" "${got#*: }")
	is "$back" "$got" "show: set $key, the value shown typed back"
done <"$T/cases"

# Two hooks: one line each, each what set hook takes.
got=$(printf 'set hook %s\n' 'after deletion sync' 'before run echo a' |
    sed '$a show' | "$POSTMARK" 2>&1 | sed '1,/^Report format is/d')
is "$got" "Hook: before run echo a
Hook: after deletion sync" "show: two hooks, a line each, in their order"

# Nothing is cut short: a label of 5000 characters is shown whole.
long=$(awk 'BEGIN { for (i = 0; i < 500; i++) printf "%slabel-%03d", \
    (i > 0 ? " " : ""), i }')
got=$(shown label "$long")
is "${#got}" $((${#long} + 7)) "show: a label of ${#long} characters, whole"

# Nor in records: the hooks column of a CSV row (printed by the same
# functions) holds a hook of 5000 characters whole.
mkdir "$T/L"
printf 'set location %s\nset number 10\nset transactions 10\n%s\n%s\n' \
    "$T/L" "set hook before run true # $long" "set report csv" >"$T/long.cfg"
printf 'run %s\n' "$T/long.csv" >>"$T/long.cfg"
"$POSTMARK" <"$T/long.cfg" >/dev/null 2>&1
is "$(python3 -c 'import csv, sys
print(len(list(csv.DictReader(open(sys.argv[1])))[-1]["hooks"]))' \
    "$T/long.csv" 2>/dev/null)" $((${#long} + 19)) \
    "a hook of ${#long} characters: the CSV row's hooks column, whole"

# Back to the defaults: nothing shown.
is "$(printf 'set direct %s\n' true false | sed '$a show' |
    "$POSTMARK" 2>&1 | sed '1,/^Report format is/d')" "" \
    "show: a key back at its default is not shown"
done_testing
