#!/bin/sh
# t2020: a FIFO as the report file.  With no process reading it, the run
# is refused before anything runs, with a message that says so (it used
# to wait for a reader without a word, forever); with a reader, the
# records go into it as before.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99
mkdir L
mkfifo f || exit 99
printf '%s\n' 'set location L' 'set number 10' 'set transactions 20' \
    'set report csv' "run $T/f" >f.pm

rc=0
$GUARD "$POSTMARK" f.pm >out 2>err || rc=$?
is "$rc:$(errors err)" "1:f.pm:5: run: report file '$T/f' is a FIFO\
 that no process reads: start its reader first (postmark does not wait for\
 one)" "no reader: refused at once, and why"
is "$(ls -A L)" "" "no reader: nothing ran"

# A reader: this shell holds the FIFO open for reading (and writing, so
# that opening it does not wait); once postmark is done, what it wrote is
# read back.
exec 3<>f
rc=0
$GUARD "$POSTMARK" f.pm >out 2>err || rc=$?
exec 4<f
exec 3>&-
got=$(cat <&4)
exec 4<&-
is "$rc:$(errors err)" 0: "with a reader: the run succeeds"
schema=$("$POSTMARK" --columns | awk -F '\t' 'NR > 1 && $2 > v { v = $2 }
    END { print v }')
is "$(printf '%s\n' "$got" | sed -n '1s/,.*//p;2s/,.*//p' | tr '\n' ' ')" \
    "schema_version $schema " \
    "with a reader: the header and the row (schema $schema) went into it"
done_testing
