#!/bin/sh
# t2007: CSV and JSON records are valid for any bytes.  A label holding
# every byte from 0x01 to 0xff, locations holding 0x01-0x7f and
# 0x80-0xff (not UTF-8) and an error path with a lone 0xff: a strict JSON
# reader accepts the record (invalid UTF-8 as U+FFFD, every control
# character escaped, no raw control byte on the line), and an RFC 4180
# reader gives the label and the locations back byte for byte.  Through
# the program too: a label and a location made of every byte the command
# language takes (0x20-0xff but DEL, and tabs).  The case comes from
# tests/unit_report (emit FORMAT bytes).

. "$srcdir/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed"
unit=$builddir/tests/unit_report

"$unit" emit json bytes >"$T/bytes.json"
ok $? "emit json bytes"
"$unit" emit csv-header >"$T/bytes.csv" && "$unit" emit csv bytes >>"$T/bytes.csv"
ok $? "emit csv bytes"

# check.py JSON CSV LABEL LOCS: the JSON line is strict JSON with no raw
# control byte and the expected decoded strings; the CSV row gives back
# the bytes.  LABEL and LOCS are the bytes as written, in hex.
cat >"$T/check.py" <<'PY'
import csv, io, json, sys
js, cs, label, locs = sys.argv[1:5]
label = bytes.fromhex(label)
locs = [bytes.fromhex(x) for x in locs.split(",")]
raw = open(js, "rb").read()
assert raw.endswith(b"\n") and raw.count(b"\n") == 1, "one line"
bad = [b for b in raw[:-1] if b < 0x20 or b == 0x7f]
assert not bad, "raw control bytes %r" % bad
rec = json.loads(raw.decode("utf-8", errors="strict"))
want = label.decode("utf-8", errors="replace")
assert rec["label"] == want, "label %r" % rec["label"]
got = [l["path"] for l in rec["locations"]]
assert got == [x.decode("utf-8", errors="replace") for x in locs], got
rows = list(csv.reader(io.TextIOWrapper(open(cs, "rb"), encoding="latin-1",
                                        newline="")))
head, row = rows[0], rows[1]
assert len(row) == len(head), "columns"
assert row[head.index("label")].encode("latin-1") == label, "csv label"
# The locations column is "PATH:WEIGHT" joined by ";" (JSON has the
# array), so compare it whole: the bytes come back inside it.
field = row[head.index("locations")].encode("latin-1")
weights = [l["weight"] for l in rec["locations"]]
want = b";".join(x + b":" + str(w).encode() for x, w in zip(locs, weights))
assert field == want, "csv locations %r" % field
print("ok")
PY

all=$(python3 -c 'print(bytes(range(1, 256)).hex())')
low=$(python3 -c 'print(bytes(range(1, 128)).hex())')
high=$(python3 -c 'print(bytes(range(128, 256)).hex())')
is "$(python3 "$T/check.py" "$T/bytes.json" "$T/bytes.csv" "$all" \
    "$low,$high" 2>&1 | tail -1)" ok "every byte: strict JSON, CSV round trip"
grep -q '"error":"write s0/\\ufffd\\ufffd\\ufffd/1: No space left on device"' \
    "$T/bytes.json"
ok $? "an error path with invalid UTF-8 is escaped too"

# Through the program: every byte the command language accepts.
text=$(python3 -c 'import sys; sys.stdout.buffer.write(bytes([9] + [b for b in range(0x21, 0x100) if b != 0x7f]))')
dir=$(python3 -c 'import sys; sys.stdout.buffer.write(bytes(b for b in range(0x21, 0x100) if b not in (0x2f, 0x7f)))')
mkdir "$T/$dir" || exit 99
{
	printf 'set location %s\n' "$T/$dir"
	printf 'set label x%s\n' "$text"
	printf '%s\n' 'set number 10' 'set transactions 20' 'set report json' \
	    'run out.json' 'set report csv' 'run out.csv' quit
} >"$T/cfg"
(cd "$T" && "$POSTMARK" cfg >/dev/null 2>"$T/err")
is "$?:$(errors "$T/err")" "0:" "the program runs with those bytes"
lab=$(printf 'x%s' "$text" | od -An -tx1 | tr -d ' \n')
loc=$(printf '%s' "$T/$dir" | od -An -tx1 | tr -d ' \n')
is "$(python3 "$T/check.py" "$T/out.json" "$T/out.csv" "$lab" "$loc" 2>&1 |
    tail -1)" ok "program records: strict JSON, CSV round trip"
is "$(ls -A "$T/$dir")" "" "nothing left in the location"
done_testing
