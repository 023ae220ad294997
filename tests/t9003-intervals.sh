#!/bin/sh
# t9003: interval series.  With set interval N, every phase of every
# client is cut every N operations: the rows' times are monotonic and
# contiguous, their operations add up to the phase's totals, the files
# alive at each cut follow from what was created and deleted before it
# (the engine's own count) and end at 0; FILE.intervals.csv holds the
# same rows as JSON, with one header for two runs.  set interval Nms cuts
# by time.  Without set interval there is no series and no file.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/explain/explainlib.sh"
need_tools

mkdir "$T/L"
CFG="set location $T/L;set number 1000;set transactions 3000;set seed 4"

# check.py JSON: the invariants of every run's series, one line each.
cat >"$T/check.py" <<'PY'
import json, sys
bad = []
for rec in map(json.loads, open(sys.argv[1])):
    rows = rec["intervals"]
    every = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    clients = sorted({r["client"] for r in rows})
    if len(clients) != max(1, rec["nclients"]):
        bad.append("clients %s" % clients)
    for c in clients:
        mine = [r for r in rows if r["client"] == c]
        alive = 0
        for ph in ("creation", "transactions", "deletion"):
            rs = [r for r in mine if r["phase"] == ph]
            if [r["interval"] for r in rs] != list(range(len(rs))):
                bad.append("%d %s: intervals not 0..n" % (c, ph))
            for a, b in zip(rs, rs[1:]):
                if b["start_s"] != a["end_s"]:
                    bad.append("%d %s %d: not contiguous" % (c, ph, b["interval"]))
            for r in rs:
                if r["end_s"] < r["start_s"]:
                    bad.append("%d %s %d: ends before it starts" % (c, ph, r["interval"]))
                alive += r["created"] - r["deleted"]
                if r["files_alive"] != alive:
                    bad.append("%d %s %d: %d alive, counted %d" % (c, ph,
                        r["interval"], r["files_alive"], alive))
            if every and ph != "transactions":
                full = [r["created"] + r["deleted"] for r in rs[:-1]]
                if any(n != every for n in full):
                    bad.append("%d %s: intervals of %s ops" % (c, ph, full))
            if every and ph == "transactions":
                full = [r["transactions"] for r in rs[:-1]]
                if any(n != every for n in full):
                    bad.append("%d %s: intervals of %s" % (c, ph, full))
        tot = rec["counts"] if len(clients) == 1 else \
            next(x for x in rec["clients"] if x["client"] == c)["counts"]
        sums = {
            "created_alone": sum(r["created"] for r in mine if r["phase"] == "creation"),
            "created_mixed": sum(r["created"] for r in mine if r["phase"] == "transactions"),
            "read": sum(r["read"] for r in mine),
            "appended": sum(r["appended"] for r in mine),
            "deleted_mixed": sum(r["deleted"] for r in mine if r["phase"] == "transactions"),
            "deleted_alone": sum(r["deleted"] for r in mine if r["phase"] == "deletion"),
            "transactions_done": sum(r["transactions"] for r in mine),
            "bytes_read": sum(r["bytes_read"] for r in mine),
            "bytes_written": sum(r["bytes_written"] for r in mine),
        }
        for k, v in sums.items():
            if tot[k] != v:
                bad.append("%d: %s %d, intervals sum to %d" % (c, k, tot[k], v))
        if alive != 0:
            bad.append("%d: %d files alive at the end" % (c, alive))
        for r in mine:
            n = {"create": r["created"], "read": r["read"],
                 "append": r["appended"], "delete": r["deleted"]}
            for op, k in n.items():
                if (k > 0) != (r[op + "_p99_us"] is not None):
                    bad.append("%d %s %d: %s p99 %s for %d ops" % (c,
                        r["phase"], r["interval"], op, r[op + "_p99_us"], k))
print("\n".join(bad))
PY

jrun ops "$CFG;set interval 250;set iterations 2"
is "$rc" 0 "set interval 250: exit 0"
is "$(python3 "$T/check.py" "$T/ops.json" 250)" "" \
    "rows: contiguous, 250 operations each, counts add up, files alive"
is "$(jq_last ops '[.intervals[] | select(.phase == "creation")] | length')" 4 \
    "1000 creates make 4 intervals"
ok "$(jq_last ops '[.intervals[] | .user_s + .system_s] | add |
    if . > 0 then 0 else 1 end')" "the rows have the thread's CPU"

jrun ms "$CFG;set interval 20ms"
is "$rc" 0 "set interval 20ms: exit 0"
is "$(python3 "$T/check.py" "$T/ms.json")" "" \
    "time intervals: contiguous, counts add up, files alive"
ok "$(jq_last ms '[.intervals[] | select(.phase == "transactions")] |
    .[:-1] | map(.end_s - 0.020 * (.interval + 1)) |
    if length > 0 and min >= -0.000001 then 0 else 1 end')" \
    "20 ms intervals: no cut before its 20 ms mark"

jrun four "$CFG;set number 300;set transactions 1000;set clients 4;set interval 100"
is "$rc" 0 "four clients: exit 0"
is "$(python3 "$T/check.py" "$T/four.json" 100)" "" \
    "four clients: each client's series is whole"

# FILE.intervals.csv: the same rows as JSON, one header for two runs.
printf '%s;set interval 250;set report csv;run %s;run %s;quit\n' "$CFG" \
    "$T/r.csv" "$T/r.csv" | tr ';' '\n' >"$T/csv.cfg"
pm_run csv
is "$rc" 0 "csv with intervals: exit 0"
is "$(grep -c '^schema_version,iteration,' "$T/r.csv.intervals.csv")" 1 \
    "one header"
is "$(($(wc -l <"$T/r.csv.intervals.csv") - 1))" \
    "$(($(jq_last ops '.intervals | length') * 2))" \
    "a row per interval of each run"

jrun off "$CFG"
is "$(jq_last off '.intervals | length')" 0 "without set interval: no series"
printf '%s;set report csv;run %s;quit\n' "$CFG" "$T/n.csv" | tr ';' '\n' \
    >"$T/n.cfg"
pm_run n
ok "$([ ! -e "$T/n.csv.intervals.csv" ]; echo $?)" "and no intervals file"
done_testing
