# tests/clients/stopcheck.py CSV PHASE NUMBER TRANSACTIONS: the record of
# a run stopped in PHASE (creation or transactions) holds what was
# measured, row by row (the run's and each client's): the counts of the
# phases it reached, no time (0 s) and zero counts in those it never
# reached, elapsed_s the sum of the three phases, each rate its count
# over its phase's time; with several clients, each phase of the run
# lasts as long as its longest client; stopped in the creation phase,
# the run made some files (a client may have made none yet).  Where the
# run's time went is recorded for the phases it reached, the one it
# stopped in included, and for none other.  Prints one line per fault,
# or nothing.
import csv
import os
import sys

path, phase = sys.argv[1], sys.argv[2]
number, transactions = int(sys.argv[3]), int(sys.argv[4])
bad = []
rows = list(csv.DictReader(open(path, newline="", encoding="utf-8")))
if not rows:
    print("no record")
    sys.exit(0)
run = rows[0]
clients = rows[1:]


def num(r, k):
    return float(r[k])


def zero(s):
    return s == 0


def close(a, b, rel=1e-6, eps=4e-9):
    return abs(a - b) <= eps + rel * max(abs(a), abs(b))


def check(r, who, nclients):
    if r["status"] != "interrupted":
        bad.append("%s: status %s" % (who, r["status"]))
    cs, ts, ds, es = (num(r, k) for k in
                      ("creation_s", "transactions_s", "deletion_s",
                       "elapsed_s"))
    done = int(r["transactions_done"])
    if not close(es, cs + ts + ds):
        bad.append("%s: elapsed_s %s is not %s + %s + %s" %
                   (who, es, cs, ts, ds))
    if not zero(ds) or int(r["deleted_alone"]) != 0:
        bad.append("%s: deletion never started, yet deletion_s %s, "
                   "deleted_alone %s" % (who, ds, r["deleted_alone"]))
    if phase == "creation":
        if done != 0 or not zero(ts):
            bad.append("%s: transactions never started, yet %d done in "
                       "%s s" % (who, done, ts))
        # A client may be stopped before its first file (its thread
        # not yet run on a busy machine); the run has made some.
        least = 1 if who == "run" else 0
        if not least <= int(r["created_alone"]) < number * nclients:
            bad.append("%s: created_alone %s" % (who, r["created_alone"]))
    else:
        if int(r["created_alone"]) != number * nclients:
            bad.append("%s: created_alone %s" % (who, r["created_alone"]))
        if done >= transactions * nclients:
            bad.append("%s: %d transactions done" % (who, done))
        if done > 0 and zero(ts):
            bad.append("%s: %d transactions done in %s s" % (who, done, ts))
    pairs = (("transactions_per_s", "transactions_done", "transactions_s"),
             ("created_alone_per_s", "created_alone", "creation_s"))
    for rate, count, secs in pairs:
        if not zero(num(r, secs)) and not close(num(r, rate),
                                          num(r, count) / num(r, secs),
                                          rel=1e-4, eps=1e-3):
            bad.append("%s: %s %s is not %s / %s" % (who, rate, r[rate],
                                                    r[count], r[secs]))


def usage(r, who):
    reached = ("creation",) if phase == "creation" else \
        ("creation", "transactions")
    for p in ("creation", "transactions", "deletion"):
        have = [r[p + k] != "" for k in ("_user_s", "_system_s", "_wait_s")]
        if p in reached and not all(have):
            bad.append("%s: where the %s phase's time went is missing" %
                       (who, p))
        if p not in reached and any(have):
            bad.append("%s: the %s phase never started, yet its time went "
                       "somewhere" % (who, p))


check(run, "run", max(1, len(clients)))
usage(run, "run")
for c in clients:
    check(c, "client " + c["client"], 1)
for k in ("creation_s", "transactions_s", "deletion_s"):
    if clients and not close(num(run, k), max(num(c, k) for c in clients)):
        bad.append("run: %s %s, its longest client's %s" %
                   (k, run[k], max(num(c, k) for c in clients)))
ivpath = path + ".intervals.csv"
if os.path.exists(ivpath):
    ivrows = list(csv.DictReader(open(ivpath, newline="", encoding="utf-8")))
    for c in clients or [dict(run, client="0")]:
        mine = [r for r in ivrows if r["client"] == c["client"]]
        sums = {
            "created_alone": sum(int(r["created"]) for r in mine
                                 if r["phase"] == "creation"),
            "transactions_done": sum(int(r["transactions"]) for r in mine),
            "read": sum(int(r["read"]) for r in mine),
            "appended": sum(int(r["appended"]) for r in mine),
        }
        for k, v in sums.items():
            if int(c[k]) != v:
                bad.append("client %s: %s %s, its intervals sum to %d" %
                           (c["client"], k, c[k], v))
print("\n".join(bad))
