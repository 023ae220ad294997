#!/bin/sh
# t2003: the CSV schema as documented in results/README.md.
#
# The column list is parsed from the README's table (rows "| N |" and
# "| A-B |", with "first ... last" rows expanded from the previous range),
# so the documentation and the code cannot drift apart.  Rows are parsed
# with python3's csv module: 155 fields, RFC 4180 quoting of a label with a
# comma, quotes and a newline, "error: MESSAGE" status, empty latency
# fields for operations that never ran, numbers with '.' decimals.

. "$srcdir/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 not installed"
unit=$builddir/tests/unit_report

"$unit" emit csv-header >"$T/header" || echo "emit csv-header failed" >&2
for c in ref62 strings error latency zero clients; do
	"$unit" emit csv "$c" >"$T/$c.csv" || echo "emit csv $c failed" >&2
done

cat >"$T/check.py" <<'PY'
import csv, re, sys

readme, tdir = sys.argv[1], sys.argv[2]
fails = []
n = 0

def check(cond, desc, detail=""):
    global n
    n += 1
    print(("ok %d - %s" % (n, desc)) if cond else ("not ok %d - %s" % (n, desc)))
    if not cond:
        for line in str(detail).splitlines():
            print("# " + line)

# Column names from the README table.
# Only the schema section's table: other sections hold result tables.
cols = {}
prev = None
section = False
for line in open(readme, encoding="utf-8"):
    if line.startswith("## "):
        section = line.startswith("## CSV schema")
    if not section:
        continue
    m = re.match(r"^\|\s*(\d+)(?:-(\d+))?\s*\|(.*?)\|", line)
    if not m:
        continue
    lo = int(m.group(1))
    hi = int(m.group(2) or lo)
    names = re.findall(r"`([^`]+)`", m.group(3))
    if hi - lo + 1 == len(names):
        pass
    elif len(names) == 2 and "..." in m.group(3) and prev:
        # "read_count ... read_max_us": the previous range's suffixes.
        oldp = prev[0].split("_")[0] + "_"
        newp = names[0].split("_")[0] + "_"
        names = [newp + x[len(oldp):] for x in prev]
        check(names[-1] == re.findall(r"`([^`]+)`", m.group(3))[1],
              "README row %d-%d expands to its last name" % (lo, hi))
    else:
        check(False, "README row %d-%d parses" % (lo, hi), line)
        continue
    if hi > lo:
        prev = names
    for i, name in enumerate(names):
        cols[lo + i] = name

want = [cols.get(i) for i in range(1, max(cols) + 1)]
check(len(want) == 155 and None not in want, "README documents columns 1..155",
      "%d columns, missing %s" % (len(want), [i + 1 for i, c in enumerate(want) if c is None]))
check(len(set(want)) == len(want), "README column names are unique")

with open(tdir + "/header", newline="") as f:
    hdr = next(csv.reader(f))
check(hdr == want, "header equals the README's column list",
      "\n".join("%2d got %-22s want %s" % (i + 1, g, w)
                for i, (g, w) in enumerate(zip(hdr + [""] * 80, want + [""] * 80))
                if g != w))

def rows(case, nrec):
    with open("%s/%s.csv" % (tdir, case), newline="", encoding="utf-8") as f:
        recs = list(csv.reader(f))
    check(len(recs) == nrec, "%s: %d records" % (case, nrec), recs)
    check(all(len(x) == len(want) for x in recs),
          "%s: %d fields" % (case, len(want)), [len(x) for x in recs])
    return [dict(zip(hdr, x)) for x in recs]

def row(case):
    return rows(case, 1)[0]

r = row("ref62")
check(r["schema_version"] == "6", "schema_version is 6")
# One client: the stonewall figures are the phases', balance 1.
exp = {"client": "all", "clients": "1", "shared": "0", "rankshift": "0",
       "creation_stonewall_s": "2.000000000",
       "transactions_stonewall_s": "3.000000000",
       "deletion_stonewall_s": "1.000000000",
       "created_stonewall_per_s": "1000.000",
       "transactions_stonewall_per_s": "1666.667",
       "deleted_stonewall_per_s": "2016.000", "balance": "1.000"}
bad = {k: (r[k], v) for k, v in exp.items() if r[k] != v}
check(not bad, "ref62: one client, stonewall = its phases", bad)
check(r["status"] == "ok" and r["label"] == "" and r["timestamp"] == "",
      "ref62: ok, no label, no metadata", r)
check(r["locations"] == ".", "no location is '.'", r["locations"])
exp = {"number": "2000", "transactions": "5000", "size_low": "500",
       "size_high": "10000", "subdirectories": "4", "seed": "42",
       "created": "4508", "created_alone": "2000", "created_mixed": "2508",
       "read": "2444", "appended": "2555", "deleted": "4508",
       "deleted_alone": "2016", "deleted_mixed": "2492",
       "bytes_read": "15093547", "bytes_written": "28824847",
       "transactions_done": "5000",
       "elapsed_s": "6.000000000", "creation_s": "2.000000000",
       "transactions_s": "3.000000000", "deletion_s": "1.000000000",
       # hand-computed: 5000/3, 4508/6, 2000/2, 2508/3, 2444/3, 2555/3,
       # 4508/6, 2016/1, 2492/3, 15093547/6, 28824847/6
       "transactions_per_s": "1666.667", "created_per_s": "751.333",
       "created_alone_per_s": "1000.000", "created_mixed_per_s": "836.000",
       "read_per_s": "814.667", "appended_per_s": "851.667",
       "deleted_per_s": "751.333", "deleted_alone_per_s": "2016.000",
       "deleted_mixed_per_s": "830.667", "read_bytes_per_s": "2515591.167",
       "written_bytes_per_s": "4804141.167"}
bad = {k: (r[k], v) for k, v in exp.items() if r[k] != v}
check(not bad, "ref62: counts, seconds and rates by column name", bad)
lat = [c for c in hdr[47:79]]
check(all(r[c] == ("0" if c.endswith("_count") else "") for c in lat),
      "no latency recorded: counts 0, other latency fields empty",
      {c: r[c] for c in lat if r[c] != ("0" if c.endswith("_count") else "")})

r = row("strings")
check(r["label"] == 'run "A", back\\slash\ttab\nline \u00e9 \u65e5\u672c',
      "label with comma, quotes, tab, newline, UTF-8 round-trips", repr(r["label"]))
check(r["locations"] == '/tmp/dir "x"\\y\tz/\u00e9:3;/data/b,c:1',
      "locations as PATH:WEIGHT joined by ';'", repr(r["locations"]))
check(r["fs_types"] == "ext4;tmpfs" and
      r["fs_options"] == "rw,relatime;rw,nosuid,nodev",
      "fs_types and fs_options joined by ';'", (r["fs_types"], r["fs_options"]))
check(r["host"] == 'host"1"' and r["kernel"] == "6.1.0-18-amd64" and
      r["timestamp"] == "2026-11-30T13:45:00Z" and r["iteration"] == "2",
      "metadata columns", r)

a, c0, c1 = rows("clients", 3)
# Hand-computed from tests/unit_report.c case_clients: 1500/1.5,
# 4000/2.5, 1800/0.5.
exp = {"client": "all", "clients": "2", "created": "4508",
       "transactions_per_s": "1666.667",
       "creation_stonewall_s": "1.500000000",
       "transactions_stonewall_s": "2.500000000",
       "deletion_stonewall_s": "0.500000000",
       "created_stonewall_per_s": "1000.000",
       "transactions_stonewall_per_s": "1600.000",
       "deleted_stonewall_per_s": "3600.000", "balance": "0.750"}
bad = {k: (a[k], v) for k, v in exp.items() if a[k] != v}
check(not bad, "clients: the run's row, client all, stonewall rates", bad)
# Client 0: 1200 files in 2 s, 3000 transactions in 3 s, 6 s in all.
exp = {"client": "0", "created": "1200", "read": "1500",
       "elapsed_s": "6.000000000", "creation_s": "2.000000000",
       "created_alone_per_s": "600.000", "transactions_per_s": "1000.000",
       "deleted_alone_per_s": "1100.000", "creation_stonewall_s": "",
       "balance": "", "read_count": "0", "read_min_us": ""}
bad = {k: (c0[k], v) for k, v in exp.items() if c0[k] != v}
check(not bad, "clients: client 0's row, its own phases", bad)
exp = {"client": "1", "elapsed_s": "4.500000000",
       "transactions_per_s": "800.000", "read_count": "944",
       "read_min_us": "1.500", "transactions_stonewall_per_s": ""}
bad = {k: (c1[k], v) for k, v in exp.items() if c1[k] != v}
check(not bad, "clients: client 1's row and latency", bad)

r = row("error")
check(r["status"] == 'error: write s3/12: No space left on device, "x"',
      "status 'error: MESSAGE', quoted", repr(r["status"]))

r = row("latency")
check((r["create_count"], r["create_min_us"], r["create_mean_us"],
       r["create_max_us"]) == ("5", "1.000", "4.000", "10.000"),
      "creates merged over the phases: count 5, min 1, mean 4, max 10 us",
      r)
check(r["append_count"] == "0" and r["append_p50_us"] == "",
      "appends never ran: count 0, empty fields", r)
check(r["delete_count"] == "1" and r["delete_p999_us"] == "7.000",
      "deletes: one of 7 us", r)

# Numbers: integers, or decimals with '.', seconds 9 and rates 3 decimals.
num = re.compile(r"^-?[0-9]+(\.[0-9]+)?$")
for case in ("ref62", "latency", "zero"):
    rr = row(case)
    text = ("sync", "cache", "hooks", "client", "interval", "cpu_model",
            "kernel_cmdline", "devices", "schedulers", "rotational",
            "disk_models", "fs_features", "warnings")
    bad = [c for c in hdr[10:] if c not in text and rr[c] != "" and
           not num.match(rr[c])]
    check(not bad, "%s: every number is C-locale decimal" % case, bad)
rr = row("latency")
check(all(len(rr[c].split(".")[1]) == 9 for c in hdr[32:36]),
      "seconds have 9 decimals")
check(all(len(rr[c].split(".")[1]) == 3 for c in hdr[36:47]),
      "rates have 3 decimals")

print("1..%d" % n)
PY
python3 "$T/check.py" "$srcdir/results/README.md" "$T"
