#!/bin/sh
# t2004: the JSON report is valid JSON (RFC 8259) with the CSV's content.
#
# jq must accept it, even with a label and a location holding quotes,
# backslashes, a tab, a newline and UTF-8; the strings and numbers must
# round-trip; each phase's buckets must add up to its count; the merged
# latency must equal the sum of the phases; and every value shared with
# the CSV row of the same result must be equal.  Guards against broken
# escaping (control characters as \u00XX) and drift between the formats.

. "$srcdir/tests/tap.sh"

command -v jq >/dev/null 2>&1 || skip_all "jq not installed"
unit=$builddir/tests/unit_report

# jq_is CASE FILTER WANT DESC: jq -c FILTER on the JSON of CASE prints WANT.
jq_is() {
	is "$(jq -c "$2" "$T/$1.json")" "$3" "$4"
}

for c in ref62 strings error latency zero clients; do
	"$unit" emit json "$c" >"$T/$c.json"
	ok $? "emit json $c exits 0"
	jq -e . "$T/$c.json" >/dev/null 2>"$T/err"
	ok $? "$c: jq accepts it"
	[ -s "$T/err" ] && diag "$(cat "$T/err")"
done

is "$(wc -l <"$T/strings.json" | tr -d ' ')" 1 "one object per line (JSON Lines)"
jq_is ref62 'keys_unsorted' \
    '["schema_version","label","status","error","signal","timestamp","host","kernel","iteration","locations","config","environment","counts","seconds","rates","latency","latency_phases","nclients","ranks","stonewall","balance","clients","phases","run_usage","warnings","intervals"]' \
    "top-level members"
is "$(jq -r '.label' "$T/strings.json" | od -An -c | tr -s ' \n' ' ')" \
    "$(printf 'run "A", back\\slash\ttab\nline \303\251 \346\227\245\346\234\254\n' | od -An -c | tr -s ' \n' ' ')" \
    "label round-trips byte for byte"
is "$(jq -r '.locations[0].path' "$T/strings.json" | od -An -c | tr -s ' \n' ' ')" \
    "$(printf '/tmp/dir "x"\\y\tz/\303\251\n' | od -An -c | tr -s ' \n' ' ')" \
    "location path round-trips byte for byte"
ok "$(grep -c "$(printf '\t')" "$T/strings.json")" "no raw tab in the output"
is "$(grep -o '\\u00[0-9a-f][0-9a-f]' "$T/strings.json" | sort -u | tr '\n' ' ')" \
    '\u0009 \u000a ' "control characters escaped as \\u00XX"
jq_is strings '[.locations[] | [.weight, .fs_type, .fs_options]]' \
    '[[3,"ext4","rw,relatime"],[1,"tmpfs","rw,nosuid,nodev"]]' \
    "locations carry weight, fs_type, fs_options"
jq_is strings '[.host, .timestamp, .iteration]' \
    '["host\"1\"","2026-11-30T13:45:00Z",2]' "metadata"
jq_is ref62 '[.label, .timestamp, .locations[0].path, .locations[0].fs_type]' \
    '[null,null,".",null]' "missing label and metadata are null"
jq_is error '[.status, .error]' \
    '["error","write s3/12: No space left on device, \"x\""]' \
    "error status and message"
jq_is ref62 '[.status, .error]' '["ok",null]' "ok status"
jq_is ref62 '[.counts.created, .counts.bytes_written, .config.number, .config.subdirectories]' \
    '[4508,28824847,2000,4]' "counts and config round-trip"
jq_is ref62 '[.seconds.elapsed_s, .rates.read_per_s, .rates.written_bytes_per_s]' \
    '[6,814.667,4804141.167]' "seconds and rates"

# Histograms.
jq_is latency '[.latency_phases | to_entries[] | .key as $p | .value | to_entries[] | "\($p)/\(.key)"]' \
    '["creation/create","transactions/create","transactions/read","deletion/delete"]' \
    "per phase: only operations that ran"
jq_is latency '[.latency_phases[][] | (([.buckets[][2]] | add) == .count)] | all' \
    true "per phase: buckets add up to the count"
jq_is latency '[.latency_phases[][] | .buckets[] | (.[0] <= .[1])] | all' \
    true "buckets are [low_ns, high_ns, count] with low <= high"
jq_is latency '[.latency_phases.creation.create.buckets[] | .[2]] | add' \
    4 "creation creates: 4 values in buckets"
jq_is latency '.latency.create | [.count, .min_us, .mean_us, .max_us]' \
    '[5,1,4,10]' "merged creates: count 5, min 1, mean 4, max 10 us"
jq_is latency '.latency.append' \
    '{"count":0,"min_us":null,"mean_us":null,"p50_us":null,"p90_us":null,"p99_us":null,"p999_us":null,"max_us":null}' \
    "an operation that never ran: count 0, null statistics"
jq_is zero '.latency | keys_unsorted' \
    '["create","read","append","delete"]' "merged latency lists all four operations"

# Same content as the CSV row: every shared value is equal.
if command -v python3 >/dev/null 2>&1; then
	"$unit" emit csv-header >"$T/h.csv"
	for c in strings latency clients; do
		"$unit" emit csv "$c" >"$T/$c.csv"
		python3 - "$T/h.csv" "$T/$c.csv" "$T/$c.json" >"$T/cmp" <<'PY'
import csv, json, sys
hdr = next(csv.reader(open(sys.argv[1], newline="")))
recs = list(csv.reader(open(sys.argv[2], newline="", encoding="utf-8")))
j = json.load(open(sys.argv[3], encoding="utf-8"))
bad = []
if len(recs) != 1 + len(j["clients"]):
    bad.append("%d CSV rows, %d clients in JSON" % (len(recs), len(j["clients"])))

def flatten(top, o, client):
    flat = {"schema_version": top["schema_version"], "label": top["label"],
            "timestamp": top["timestamp"], "host": o.get("host", top["host"]),
            "kernel": top["kernel"], "iteration": top["iteration"]}
    flat.update(top["config"]); flat.update(o["counts"]); flat.update(o["seconds"])
    flat.update(o["rates"])
    for op, v in o["latency"].items():
        for k, x in v.items():
            flat[op + "_" + k] = x
    flat["status"] = o["status"] if o["error"] is None else "error: " + o["error"]
    if o["status"] == "error" and o["error"] is None:
        flat["status"] = "error"
    flat["locations"] = ";".join("%s:%d" % (l["path"], l["weight"]) for l in top["locations"])
    if len(top["locations"]) == 1 and top["locations"][0]["path"] == "." and \
            top["locations"][0]["weight"] == 1:
        flat["locations"] = "."     # no location set: the CSV says just "."
    flat["fs_types"] = ";".join(l["fs_type"] or "" for l in top["locations"])
    flat["fs_options"] = ";".join(l["fs_options"] or "" for l in top["locations"])
    flat["client"] = client
    for k in ("creation_stonewall_s", "transactions_stonewall_s",
              "deletion_stonewall_s", "created_stonewall_per_s",
              "transactions_stonewall_per_s", "deleted_stonewall_per_s"):
        flat[k] = top["stonewall"][k] if client == "all" else None
    flat["balance"] = top["balance"] if client == "all" else None
    flat["ranks"] = top["ranks"]
    env = top["environment"]
    for k in ("cpu_model", "cpus", "mem_total_kb", "mem_available_kb",
              "kernel_cmdline", "vm_accelerator", "vm_cpus", "vm_memory_mib",
              "vm_disk", "vm_cache", "vm_qemu", "vm_machine", "vm_clock",
              "vm_icount_shift"):
        flat[k] = env[k]
    def joined(key, fmt=lambda v: v):
        vals = [l.get(key) for l in top["locations"]]
        if all(v is None for v in vals):
            return None
        return ";".join("" if v is None else fmt(v) for v in vals)
    flat["devices"] = joined("device")
    flat["schedulers"] = joined("scheduler")
    flat["rotational"] = joined("rotational", lambda v: "1" if v else "0")
    flat["disk_models"] = joined("model")
    flat["fs_features"] = joined("fs_features")
    for ph in ("creation", "transactions", "deletion"):
        u = o["phases"][ph]
        for k in ("user_s", "system_s", "wait_s", "voluntary_switches",
                  "involuntary_switches", "major_faults", "disk_reads",
                  "disk_read_bytes", "disk_writes", "disk_written_bytes",
                  "disk_flushes", "disk_busy_s"):
            flat[ph + "_" + k] = None
        if u is None:
            continue
        cpu = u["process"] if client == "all" else u
        flat[ph + "_user_s"] = u["user_s"]
        flat[ph + "_system_s"] = u["system_s"]
        flat[ph + "_wait_s"] = u["wait_s"]
        flat[ph + "_voluntary_switches"] = cpu["voluntary_switches"]
        flat[ph + "_involuntary_switches"] = cpu["involuntary_switches"]
        flat[ph + "_major_faults"] = cpu["major_faults"]
    flat["warnings"] = ("; ".join(top["warnings"]) or None) if client == "all" else None
    return flat

for i, rec in enumerate(recs):
    row = dict(zip(hdr, rec))
    if i == 0:
        flat = flatten(j, j, "all")
    else:
        c = j["clients"][i - 1]
        flat = flatten(j, c, str(c["client"]))
    for k in hdr:
        if k not in flat:
            bad.append("missing " + k)
            continue
        c, v = row[k], flat[k]
        if v is None:
            same = c == ""
        elif isinstance(v, (int, float)):
            same = c != "" and float(c) == float(v)
        else:
            same = c == str(v)
        if not same:
            bad.append("row %d %s: csv %r json %r" % (i, k, c, v))
print("\n".join(bad))
PY
		is "$(cat "$T/cmp")" "" "$c: every CSV column has the same value in JSON"
	done
else
	skip "JSON and CSV agree" "python3 not installed"
fi

done_testing
