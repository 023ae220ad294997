#!/bin/sh
#
# Golden transcripts: each tests/golden/NAME.in is typed at our program on
# a pseudo-terminal, as regen.sh typed it at the reference PostMark, and
# the two programs' stdout and stderr are compared separately.  Only the
# documented differences are normalised: the banner (first line of
# stdout), "Eh?" (stdout there, stderr here), our additions to "help"
# and its line for "set report", which names all four formats; these are
# asserted on their own.  Guards the exact texts of help, show and every
# "Error: ..." message at the prompt.

. "$srcdir/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed for a pty"
g=$srcdir/tests/golden

# Drop the "Eh?" that the reference prints after its prompt on stdout.
noeh() {
	awk '{ if (sub(/Eh\?$/, "")) printf "%s", $0; else print }' "$1"
}

# help's line for set report: PostMark's names two formats, ours four.
report_ref='set report - Choose verbose or terse report format'
report_ours='set report - Choose verbose, terse, csv or json report format'

# Our additions to help: the names help lists after PostMark's last
# command, quit; a sed script that deletes their lines.
(cd "$T" && echo help | HOME=$T "$POSTMARK" >help.all 2>&1)
sed -n '/^quit - /,$p' "$T/help.all" | sed 1d | sed 's/ - .*//' >"$T/added"
ok "$([ "$(wc -l <"$T/added")" -ge 2 ]; echo $?)" \
    "help lists our additions after quit ($(wc -l <"$T/added" | tr -d ' '))"
sed 's|.*|/^& - /d|' "$T/added" >"$T/added.sed"

for in in "$g"/*.in; do
	name=$(basename "$in" .in)
	d=$T/$name
	mkdir "$d"
	cwd=$(cd "$d" && pwd -P)
	status=0
	(cd "$d" && HOME=$d python3 "$g/ptyrun.py" "$in" "$T/$name.o" \
	    "$T/$name.e" "$POSTMARK") || status=$?

	# stdout: banner and help additions out, reference's Eh? out.
	sed -e "s|$cwd|@CWD@|g" -e '1s/.*/@BANNER@/' -f "$T/added.sed" \
	    -e "s/^$report_ours\$/$report_ref/" \
	    "$T/$name.o" >"$T/$name.o1"
	noeh "$T/$name.o1" >"$T/$name.our.out"
	sed -e '1s/.*/@BANNER@/' "$g/$name.out" >"$T/$name.r1"
	noeh "$T/$name.r1" >"$T/$name.ref.out"
	same_file "$T/$name.our.out" "$T/$name.ref.out" "$name: stdout"

	# stderr: our Eh? lines out, counted against the reference's.
	grep -v '^Eh?$' "$T/$name.e" >"$T/$name.our.err" || :
	same_file "$T/$name.our.err" "$g/$name.err" "$name: stderr"
	is "$(grep -c '^Eh?$' "$T/$name.e")" \
	    "$(grep -o 'Eh?' "$g/$name.out" | wc -l | tr -d ' ')" \
	    "$name: as many Eh? as the reference"

	# Exit status: 1 when any command failed, as the reference's output
	# shows (the reference itself always exits 0).
	want=0
	if [ -s "$g/$name.err" ] || grep -q 'Eh?' "$g/$name.out"; then
		want=1
	fi
	is "$status" "$want" "$name: exit status"
done

is "$(grep -c "^$report_ours\$" "$T/help.o")" "$(grep -c "^quit - " "$T/help.o")" \
    "help: set report names all four formats"

# The additions to help come after PostMark's 17 commands, in the order
# of the option table, with every full list; help s lists those that
# start with s after show.
for name in help help-xyz; do
	is "$(sed -n '/^quit - /{n;p;}' "$T/$name.o" | head -1)" \
	    "set label - Sets the label of CSV and JSON records" \
	    "$name: set label listed right after quit"
	missing=$(while read -r n; do
		[ "$(grep -c "^$n - " "$T/$name.o")" -eq \
		    "$(grep -c '^quit - ' "$T/$name.o")" ] || echo "$n"
	done <"$T/added")
	is "$missing" "" "$name: every addition listed with every full list"
done
is "$(grep -c -f "$T/added.sed" /dev/null; sed 's|^/^\(.*\) - /d$|^\1 - |' \
    "$T/added.sed" | grep -c -f - "$T/help-set-b.o")" "0
0" "help set b: no addition matches"
is "$(sed -n '/^show - /{n;p;}' "$T/help-s.o")" \
    "set label - Sets the label of CSV and JSON records" \
    "help s: the additions follow show"
done_testing
