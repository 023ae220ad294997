#!/bin/sh
# t6023-compare-exclusive: the CSV file of run mode's default name,
# results/DATE-LABELS.csv (then -2.csv, -3.csv ...), is created
# exclusively: six comparisons of the same label started at
# once in one directory get six files, each holding the row of its own
# run.  Before, each looked for a free name and then created it, so that
# comparisons released together picked the same file and each reported
# the others' runs.  The six are released together by the postmark they
# run: a stand-in that waits, when postmark is asked to check the lines
# before the first run (input without a run line), until all six are
# there, and is the real postmark otherwise.

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
n=6
mkdir "$T/a" "$T/cwd" "$T/arrived" "$T/passed"
mkfifo "$T/gate" || skip_all "cannot make a FIFO"
printf 'set number 20\nset transactions 40\n' >"$T/small.pmrc"
cat >"$T/pm" <<EOF2
#!/bin/sh
case \${1-} in
--*)	exec "$POSTMARK" "\$@" ;;
esac
in=\$(cat)
case \$in in
*"run "*) ;;
*)	: >"$T/arrived/\$\$"
	cat "$T/gate" >/dev/null
	: >"$T/passed/\$\$" ;;
esac
printf '%s\n' "\$in" | exec "$POSTMARK"
EOF2
chmod +x "$T/pm"

# count DIR: the files in DIR.
count() {
	ls -A "$1" | wc -l | tr -d ' '
}

pids=
i=0
while [ "$i" -lt "$n" ]; do
	(cd "$T/cwd" && exec sh "$compare" -n 1 -p "$T/pm" --clients 1 \
	    --no-plot "$T/small.pmrc" A="$T/a") >/dev/null 2>"$T/err$i" &
	pids="$pids $!"
	i=$((i + 1))
done
cleanup='kill $pids 2>/dev/null; wait'
# Wait until all six wait at the gate (a bound, not a measure: each gets
# there in well under a second), then open it (read-write, which never
# blocks) and close it, which ends the stand-ins' reads, until all are
# through.
i=0
while [ "$(count "$T/arrived")" -lt "$n" ] && [ "$i" -lt 1200 ]; do
	sleep 0.1
	i=$((i + 1))
done
is "$(count "$T/arrived")" "$n" "the six comparisons wait at the gate"
i=0
while [ "$(count "$T/passed")" -lt "$(count "$T/arrived")" ] &&
    [ "$i" -lt 1200 ]; do
	exec 3<>"$T/gate"
	exec 3>&-
	sleep 0.1
	i=$((i + 1))
done
st=0
for p in $pids; do
	wait "$p" || st=1
done
cleanup=:
is "$st" 0 "the six comparisons exit 0"
[ "$st" -eq 0 ] || diag "$(cat "$T"/err*)"
is "$(ls "$T/cwd/results" | grep -c '\.csv$')" "$n" \
    "six CSV files in results/"
bad=
for f in "$T"/cwd/results/*.csv; do
	lines=$(grep -c '' "$f")
	[ "$lines" -eq 2 ] || bad="$bad $(basename "$f"):$lines"
done
is "$bad" "" "each holds a header and the row of its own run"
is "$(cat "$T"/err* | sed -n 's/^compare.sh: 1 runs appended to //p' |
    sort -u | wc -l | tr -d ' ')" "$n" "each reports on its own file"

done_testing
