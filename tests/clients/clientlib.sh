# tests/clients/clientlib.sh: helpers for the tests of several clients
# (t80xx), sourced after tests/tap.sh and tests/fault/faultlib.sh.

# need_python: skip the script without python3 (it reads the CSV rows).
need_python() {
	command -v python3 >/dev/null 2>&1 || skip_all "python3 not installed"
}

# csv_rows FILE COLUMNS: for each row of the CSV report FILE, its values
# of COLUMNS (names separated by blanks), space-separated, one row a line.
csv_rows() {
	python3 - "$1" "$2" <<'PY'
import csv, sys
with open(sys.argv[1], newline="", encoding="utf-8", errors="replace") as f:
    rows = list(csv.DictReader(f))
for r in rows:
    print(" ".join(r.get(c, "") for c in sys.argv[2].split()))
PY
}

# wait_text FILE TEXT: wait up to 30 s, while the run started by
# pm_start goes on, until FILE holds TEXT (a fixed string: a title and
# the first progress dot, "Performing transactions.", is the event of a
# run in its transactions); fails if it never did.
wait_text() {
	wt_n=0
	until grep -qF "$2" "$1" 2>/dev/null; do
		[ ! -e "$T/$pm_name.rc" ] && [ $wt_n -lt 3000 ] || return 1
		wt_n=$((wt_n + 1))
		sleep 0.01
	done
}

# COUNTS: the columns that must equal a single run's.
COUNTS="created created_alone created_mixed read appended deleted \
deleted_alone deleted_mixed bytes_read bytes_written transactions_done"

# sum_rows: sum a block of space-separated lines column by column.
sum_rows() {
	awk '{ for (i = 1; i <= NF; i++) s[i] += $i; if (NF > n) n = NF }
	    END { for (i = 1; i <= n; i++) printf "%s%.0f", (i > 1 ? " " : ""), s[i]
		print "" }'
}
