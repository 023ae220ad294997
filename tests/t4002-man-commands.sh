#!/bin/sh
# t4002: the commands listed by `help' and the `.It Ic' entries of the man
# page are the same set.
#
# Guards against a command added to the table (pm_cli.c) but not documented,
# or documented but missing or renamed in the program.  The man page names a
# command by the words of `.It Ic' before the first mdoc macro (`Ar', `Op',
# `Cm', ...).  The aliases `?' and `exit' and the shell escape `!' are
# documented as entries too; `help' may or may not list them, so they are
# the only man entries allowed to be absent from its output.

. "$srcdir/tests/tap.sh"

man=$srcdir/man/postmark.1
unlisted='? exit !'

# Names from the man page, one per line, sorted.
sed -n 's/^\.It Ic //p' "$man" | sed 's/\\&//g' | awk '{
	name = ""
	for (i = 1; i <= NF; i++) {
		if ($i ~ /^[A-Z][a-z][a-z]?$/)
			break
		name = name (name == "" ? "" : " ") $i
	}
	print name
}' | sort -u >"$T/man"

# Names from help, run in an empty directory so that no .pmrc is read.
(cd "$T" && printf 'help\n' | "$POSTMARK" >help.out 2>help.err)
echo $? >"$T/help.rc"
sed -n 's/^\(.*[^ ]\) - .*/\1/p' "$T/help.out" | sort -u >"$T/help"

is "$(cat "$T/help.rc")" 0 "help exits 0"
n=$(wc -l <"$T/help")
ok "$([ "$n" -ge 17 ]; echo $?)" \
    "help lists at least PostMark's 17 commands ($n)"
n=$(wc -l <"$T/man")
ok "$([ "$n" -ge 20 ]; echo $?)" "man page has at least 20 command entries ($n)"

# In help, not in the man page.
comm -23 "$T/help" "$T/man" >"$T/undocumented"
is "$(cat "$T/undocumented")" "" "every command of help is in the man page"

# In the man page, not in help (except the aliases and the shell escape).
comm -13 "$T/help" "$T/man" | while IFS= read -r name; do
	case " $unlisted " in
	*" $name "*) ;;
	*) printf '%s\n' "$name" ;;
	esac
done >"$T/unknown"
is "$(cat "$T/unknown")" "" "every man page command is listed by help"

# The aliases and the escape are documented whether or not help lists them.
for name in $unlisted; do
	grep -qxF -- "$name" "$T/man"
	ok $? "man page documents '$name'"
done

done_testing
