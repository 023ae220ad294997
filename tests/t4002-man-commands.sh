#!/bin/sh
# t4002: the manuals list what the programs list: the commands shown by
# `help' and the `.It Ic' entries of man/postmark.1 are the same set, and
# so are the options in the usage lines of scripts/compare.sh --help and
# the `.It Fl' entries of man/postmark-compare.1.
#
# Guards against a command added to the table (pm_cli.c) or an option
# added to compare.sh but not documented, or documented but missing or
# renamed in the program.  The man page names a command by the words of
# `.It Ic' before the first mdoc macro (`Ar', `Op', `Cm', ...), an option
# by each `Fl WORD' of an `.It' line.  The aliases `?' and `exit' and the
# shell escape `!' are documented as entries too; `help' may or may not
# list them, so they are the only man entries allowed to be absent from
# its output; likewise -h, --help and -- for compare.sh's usage lines.

. "$srcdir/tests/tap.sh"

# same_set WHAT PROGRAM MAN UNLISTED: the sorted lists of names in the
# files PROGRAM and MAN are equal, but for the names of UNLISTED, which
# must be in MAN and may be missing from PROGRAM.  WHAT is "command" or
# "option".
same_set() {
	comm -23 "$2" "$3" >"$T/undocumented"
	is "$(cat "$T/undocumented")" "" \
	    "every $1 of the program is in the man page"
	comm -13 "$2" "$3" | while IFS= read -r name; do
		case " $4 " in
		*" $name "*) ;;
		*) printf '%s\n' "$name" ;;
		esac
	done >"$T/unknown"
	is "$(cat "$T/unknown")" "" "every man page $1 is in the program"
	for name in $4; do
		grep -qxF -- "$name" "$3"
		ok $? "man page documents '$name'"
	done
}

# Commands from postmark.1, one per line, sorted.
sed -n 's/^\.It Ic //p' "$srcdir/man/postmark.1" | sed 's/\\&//g' | awk '{
	name = ""
	for (i = 1; i <= NF; i++) {
		if ($i ~ /^[A-Z][a-z][a-z]?$/)
			break
		name = name (name == "" ? "" : " ") $i
	}
	print name
}' | sort -u >"$T/man"

# Commands from help, run in an empty directory so that no .pmrc is read.
(cd "$T" && printf 'help\n' | "$POSTMARK" >help.out 2>help.err)
echo $? >"$T/help.rc"
sed -n 's/^\(.*[^ ]\) - .*/\1/p' "$T/help.out" | sort -u >"$T/help"

is "$(cat "$T/help.rc")" 0 "help exits 0"
n=$(wc -l <"$T/help")
ok "$([ "$n" -ge 17 ]; echo $?)" \
    "help lists at least PostMark's 17 commands ($n)"
n=$(wc -l <"$T/man")
ok "$([ "$n" -ge 20 ]; echo $?)" "man page has at least 20 command entries ($n)"
same_set command "$T/help" "$T/man" '? exit !'

# Options from postmark-compare.1 and from the usage lines of compare.sh
# (up to the first blank line of --help).
sed -n 's/^\.It //p' "$srcdir/man/postmark-compare.1" | awk '{
	for (i = 1; i < NF; i++)
		if ($i == "Fl")
			print "-" $(i + 1)
}' | sort -u >"$T/cman"
sh "$srcdir/scripts/compare.sh" --help >"$T/chelp.out" 2>&1
is "$?" 0 "compare.sh --help exits 0"
sed '/^$/q' "$T/chelp.out" | grep -o -- '\[--*[a-z][-a-z]*' | tr -d '[' |
    sort -u >"$T/chelp"
n=$(wc -l <"$T/chelp")
ok "$([ "$n" -ge 6 ]; echo $?)" \
    "compare.sh's usage lines show at least 6 options ($n)"
same_set option "$T/chelp" "$T/cman" '-h --help --'

done_testing
