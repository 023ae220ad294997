#!/bin/sh
# t2006: `set report csv|json` end to end through the program.
#
# A small run is made twice into a CSV file and once into a JSON file:
# the CSV header is written once (new file), each run adds one 155-field
# row whose metadata is filled (time stamp, host, kernel, file-system type
# of the location) and whose counts are consistent (created = alone +
# mixed = deleted, created alone = number, transactions done, one latency
# sample per operation); the JSON line is valid and agrees with the CSV.
# Guards against the wiring between the CLI, the engine, pm_sysinfo and
# the reporters.

. "$srcdir/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 not installed"
unit=$builddir/tests/unit_report

mkdir "$T/w"
{
	echo "set location $T/w"
	echo "set number 30"
	echo "set transactions 60"
	echo "set size 100 2000"
	echo "set seed 7"
	echo 'set label e2e,"q"'
	echo "set report csv"
	echo "run $T/out.csv"
	echo "run $T/out.csv"
	echo "set report json"
	echo "run $T/out.json"
	echo "quit"
} >"$T/cmds"
"$POSTMARK" <"$T/cmds" >"$T/stdout" 2>"$T/stderr"
ok $? "postmark exits 0"
[ -s "$T/stderr" ] && diag "stderr:" "$(cat "$T/stderr")"
is "$(ls -A "$T/w")" "" "the location is empty afterwards"

"$unit" emit csv-header >"$T/header"
cat >"$T/check.py" <<'PY'
import csv, re, sys
want = next(csv.reader(open(sys.argv[1], newline="")))
try:
    rows = list(csv.reader(open(sys.argv[2], newline="")))
except OSError as e:
    print("cannot read CSV: %s" % e)
    sys.exit()
bad = []
if not rows or rows[0] != want:
    bad.append("first line is not the header")
data = rows[1:]
if len(data) != 2:
    bad.append("%d data rows, want 2" % len(data))
for i, r in enumerate(data):
    if len(r) != 155:
        bad.append("row %d: %d fields" % (i, len(r)))
        continue
    d = dict(zip(want, r))
    n = lambda k: int(d[k])
    checks = [
        ("label", d["label"] == 'e2e,"q"'),
        ("status", d["status"] == "ok"),
        ("timestamp", re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$",
                               d["timestamp"])),
        ("host", d["host"] != ""),
        ("kernel", d["kernel"] != ""),
        ("locations", d["locations"] == sys.argv[3] + ":1"),
        ("fs_types", d["fs_types"] not in ("", "unknown")),
        ("config", (n("number"), n("transactions"), n("size_low"),
                    n("size_high"), n("seed")) == (30, 60, 100, 2000, 7)),
        ("created", n("created") == n("created_alone") + n("created_mixed")),
        ("deleted", n("deleted") == n("deleted_alone") + n("deleted_mixed")),
        ("created = deleted", n("created") == n("deleted")),
        ("created_alone = number", n("created_alone") == 30),
        ("transactions_done", n("transactions_done") == 60),
        # A transaction is a read or append plus a create or delete.
        ("two operations per transaction", n("created_mixed") +
            n("deleted_mixed") + n("read") + n("appended") == 2 * 60),
        ("create_count", n("create_count") == n("created")),
        ("read_count", n("read_count") == n("read")),
        ("append_count", n("append_count") == n("appended")),
        ("delete_count", n("delete_count") == n("deleted")),
        ("elapsed_s", float(d["elapsed_s"]) > 0),
    ]
    bad += ["row %d: %s (%s)" % (i, k, r) for k, c in checks if not c]
if len(data) == 2 and data[0][21:32] != data[1][21:32]:
    bad.append("same seed, different counts")
print("\n".join(bad))
PY
python3 "$T/check.py" "$T/header" "$T/out.csv" "$T/w" >"$T/csv.check"
is "$(cat "$T/csv.check")" "" "CSV: header once, two consistent rows"

if command -v jq >/dev/null 2>&1; then
	jq -e . "$T/out.json" >/dev/null 2>&1
	ok $? "JSON: jq accepts it"
	is "$(jq -r '[.status, .label, .iteration, .counts.created_alone,
	    .counts.transactions_done] | @tsv' "$T/out.json" 2>&1)" \
	    "$(printf 'ok\te2e,"q"\t1\t30\t60')" "JSON: status, label, counts"
	is "$(jq -r '.counts.created' "$T/out.json" 2>&1)" \
	    "$(python3 -c 'import csv, sys
r = list(csv.reader(open(sys.argv[1])))
print(r[1][21] if len(r) > 1 and len(r[1]) > 21 else "")' "$T/out.csv")" \
	    "JSON and CSV count the same files"
else
	skip "JSON checks" "jq not installed"
fi

done_testing
