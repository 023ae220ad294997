#!/bin/sh
# t6510-kernels-interrupt: Ctrl-C during a boot of postmark-compare
# kernels stops QEMU, removes the disk image and the
# initramfs, keeps the rows so far, whole, and exits 130.  Two labels, two
# rounds: M (its modules directory lacks the disk's modules: an error row
# at once, no QEMU) and B (a Debian kernel fetched with apt-get download).
# With -v the consoles come on standard error, read here through a FIFO:
# SIGINT goes when B's second boot prints its "Linux version" line, that
# is with QEMU running and round 1's rows written.  The waits are on that
# line, never on time.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_kernel
cd "$T" || exit 99

printf 'set number 100\nset transactions 300\nset seed 42\n' >c.pm
mkfifo fifo
TMPDIR=$T/tmp env --default-signal=INT sh "$compare" kernels -v -n 2 \
    --seed 3 --no-plot -o "$T/k.csv" c.pm M="$KIMAGE:$T/nomods" \
    B="$KIMAGE:$KMODS" >out 2>fifo &
pid=$!
n=0
while IFS= read -r line; do
	printf '%s\n' "$line" >>err
	case $line in
	*"Linux version "*)
		n=$((n + 1))
		[ $n -eq 2 ] && kill -INT $pid ;;
	esac
done <fifo
wait $pid
st=$?
is "$n:$st" "2:130" "SIGINT during B's second boot: exit 130"
[ "$st" -eq 130 ] || diag "$(grep -v '^\[' err | tail -n 20)"
grep -q 'compare.sh: interrupted$' err
ok $? "... saying so"

# rows: label and status of each row, and whether every row is whole.
py - k.csv >rows <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
h = rows[0]
print("whole" if all(len(r) == len(h) for r in rows) else "cut")
for r in rows[1:]:
    print(r[h.index("label")], r[h.index("status")].split(":")[0])
PY
is "$(sed -n 1p rows)" whole "the rows so far are whole"
is "$(grep -c '^B ok$' rows)" 1 "B's first boot's row is kept"
ok "$(test "$(grep -c '^M error$' rows)" -ge 1; echo $?)" \
    "... and M's error row of round 1"
is "$(wc -l <rows | tr -d ' ')" "$(( $(grep -c '^M error$' rows) + 2 ))" \
    "nothing of the interrupted boot"
is "$(ls -A "$T/tmp")" "" "the disk image and the initramfs are removed"
pgrep -f -- "$T/tmp/" >/dev/null
is $? 1 "QEMU is stopped"

done_testing
