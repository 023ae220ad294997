#!/bin/sh
# t2009: runs appending to one file at once never mix:
# four postmark processes, each of 8 small runs of two clients with an
# interval series, write CSV records to one file, and four write JSON
# records to another.  Afterwards the CSV file has one header and 32
# whole records (a run row followed by its two client rows, each with a
# field per column of postmark --columns), the interval series file one header and a whole block of rows
# per run in the order of the CSV records, and every one of the 32 JSON
# lines is a whole record.  (Before the fix, records were written in
# pieces of 4096 bytes and interleaved now and then: whether they do in
# one attempt depends on timing, so t2008 proves the mechanism; this
# test checks the result.)

. "$srcdir/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 not installed"
cd "$T" || exit 99

# conf FORMAT N: the configuration of writer N (its own location).
conf() {
	mkdir -p "L$2" || exit 99
	printf '%s\n' "set location L$2" 'set number 5' 'set transactions 5' \
	    'set size 100 200' 'set iterations 8' 'set clients 2' \
	    'set interval 2' "set label w$2" "set report $1" "run $T/all.$1" \
	    >"$1$2.pm"
}

for f in csv json; do
	for n in 1 2 3 4; do
		conf $f $n
	done
	for n in 1 2 3 4; do
		"$POSTMARK" "$f$n.pm" >"$f$n.out" 2>"$f$n.err" &
	done
	wait
	bad=
	for n in 1 2 3 4; do
		[ -z "$(errors "$f$n.err")" ] || {
			bad="$bad $f$n"
			diag "$f$n: $(errors "$f$n.err")"
		}
	done
	is "$bad" "" "$f: the four writers succeed"
done

ncols=$("$POSTMARK" --columns | sed 1d | wc -l)
cat >check.py <<'PY'
import csv, json, sys
ncols = int(sys.argv[1])
bad = []
rows = list(csv.reader(open("all.csv", newline="")))
head = rows[0] if rows else []
if sum(1 for r in rows if r and r[0] == "schema_version") != 1:
    bad.append("CSV: not one header")
runs = []
i = 1
while i < len(rows):
    grp = rows[i:i + 3]
    d = [dict(zip(head, r)) for r in grp]
    if (len(grp) != 3 or any(len(r) != ncols for r in grp) or
            [x.get("client") for x in d] != ["all", "0", "1"] or
            len({(x.get("label"), x.get("iteration")) for x in d}) != 1):
        bad.append("CSV: record at row %d is not whole" % i)
        break
    runs.append((d[0]["label"], d[0]["iteration"]))
    i += 3
if len(runs) != 32 or len(set(runs)) != 32:
    bad.append("CSV: %d records, %d runs" % (len(runs), len(set(runs))))
iv = list(csv.reader(open("all.csv.intervals.csv", newline="")))
if sum(1 for r in iv if r and r[0] == "schema_version") != 1:
    bad.append("intervals: not one header")
order = []
for r in iv[1:]:
    if len(r) != len(iv[0]):
        bad.append("intervals: a row of %d fields" % len(r))
        break
    d = dict(zip(iv[0], r))
    k = (d["label"], d["iteration"])
    if not order or order[-1] != k:
        order.append(k)
if order != runs:
    bad.append("intervals: blocks not whole or not in the records' order")
n = 0
for line in open("all.json", "rb"):
    n += 1
    try:
        rec = json.loads(line)
        assert rec["schema_version"] >= 1 and len(rec["clients"]) == 2
    except Exception:
        bad.append("JSON: line %d is not a whole record" % n)
        break
if n != 32:
    bad.append("JSON: %d lines" % n)
print("\n".join(bad))
PY
is "$(python3 check.py "$ncols" 2>&1)" "" "no record mixed with another"
is "$(ls -A L1 L2 L3 L4 | grep -v '^L.:$' | grep -v '^$')" "" \
    "nothing left in the locations"
done_testing
