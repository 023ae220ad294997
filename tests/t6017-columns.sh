#!/bin/sh
# t6017-columns: postmark --columns prints the column table
# (src/pm_columns.c) as tab-separated lines after the header "name schema
# type unit role", and the table is the header the reporter writes: the
# names of `postmark --columns` are the first line of a CSV record file
# and those of `postmark --columns intervals` the first line of its
# interval series (a run of 2 clients with set interval, so that client
# rows and interval rows exist), in that order.  Every field of those
# rows fits its column's type (int: digits, real: a decimal number, both
# or empty); the schema versions only grow and end at the records'
# schema_version; the types, roles and units are the documented ones
# (results/README.md), and the configuration columns are the `set` keys'
# CSV columns (compare.py takes the workload signature from them).  The
# VM columns of schemas 5 and 6 hold the PM_VM_* variables of
# postmark's environment, which the guest's init exports, in the CSV row
# and the JSON record's environment, and are empty (null) without them;
# the icount shift is a number, 0 too, and empty (null) under the host's
# clock or when it is no whole number.  A set that does not exist, or two
# of them, is a usage error.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99

"$POSTMARK" --columns >cols 2>err
is "$?:$(cat err)" 0: "--columns: exit 0, nothing on stderr"
is "$(sed -n 1p cols)" "$(printf 'name\tschema\ttype\tunit\trole')" \
    "the first line names the fields"
"$POSTMARK" --columns intervals >ivcols 2>err
is "$?:$(cat err)" 0: "--columns intervals: exit 0"
"$POSTMARK" --columns records >cols2
same_file cols2 cols "--columns records is --columns"

# A run that writes every kind of row: the run's, its clients', the
# interval series.
mkdir run
printf '%s\n' "set location $T/run" "set number 20" "set transactions 40" \
    "set clients 2" "set interval 5" "set report csv" "run $T/r.csv" quit |
    "$POSTMARK" >run.out 2>&1
is "$?" 0 "a run of 2 clients with an interval series"

names() {
	awk -F '\t' 'NR > 1 { printf("%s%s", n++ ? "," : "", $1) }
	    END { print "" }' "$1"
}
is "$(names cols)" "$(sed -n 1p r.csv)" \
    "the table's names are the CSV header, in order"
is "$(names ivcols)" "$(sed -n 1p r.csv.intervals.csv)" \
    "the intervals table's names are the interval series' header"
is "$(awk 'END { print NR - 1 }' cols)" 155 "155 columns in schema 6"
is "$(awk -F '\t' '$2 == 5 { printf("%s:%s:%s ", $1, $3, $5) }' cols)" \
    "vm_accelerator:text:env vm_cpus:int:env vm_memory_mib:int:env vm_disk:text:env vm_cache:text:env vm_qemu:text:env vm_machine:text:env " \
    "schema 5 appends the VM columns, of role env"
is "$(awk -F '\t' '$2 == 6 { printf("%s:%s:%s ", $1, $3, $5) }' cols)" \
    "vm_clock:text:env vm_icount_shift:int:env " \
    "schema 6 appends the VM's clock and its icount shift, of role env"

# check TABLE FILE: every field of the rows of FILE (python3's csv module
# reads them) fits the type of its column in TABLE; prints the misfits.
check() {
	"${PYTHON:-python3}" - "$1" "$2" <<'EOS'
import csv, re, sys
with open(sys.argv[1]) as f:
    types = [line.split("\t")[2] for line in f.read().splitlines()[1:]]
pat = {"int": re.compile(r"-?[0-9]+\Z"),
       "real": re.compile(r"-?[0-9]+(\.[0-9]+)?\Z")}
with open(sys.argv[2], newline="") as f:
    rows = list(csv.reader(f))
for r in rows[1:]:
    for name, t, v in zip(rows[0], types, r):
        if v and t in pat and not pat[t].match(v):
            print(f"{name}={v}")
EOS
}
is "$(check cols r.csv)" "" "every field of the records fits its type"
is "$(check ivcols r.csv.intervals.csv)" "" \
    "every field of the interval series fits its type"
is "$(awk -F, 'NR > 1 { print $1 }' r.csv | sort -u)" \
    "$(awk -F '\t' 'END { print $2 }' cols)" \
    "the last column's schema is the records' schema_version"
is "$(awk -F '\t' 'NR > 2 && $2 < last { print $1 } { last = $2 }' cols)" "" \
    "schema versions only grow (columns are appended)"
is "$(awk -F '\t' 'FNR > 1 && ($3 !~ /^(int|real|text)$/ ||
    $5 !~ /^(schema|label|status|id|env|config|control|count|time|rate|latency|ratio|usage|warnings)$/ ||
    $4 == "") { print $1 }' cols ivcols)" "" \
    "types, roles and units are the documented ones"
is "$(awk -F '\t' '$5 == "config" { printf("%s ", $1) }' cols)" \
    "number transactions size_low size_high read_block write_block buffering bias_read bias_create subdirectories seed sync dirsync direct cache warmup hooks clients shared rankshift interval ranks " \
    "the configuration columns: what changes a run's workload"
is "$(awk -F '\t' '$5 ~ /^(time|latency)$/ && $4 !~ /^(s|us)$/ ||
    $5 == "rate" && $4 !~ /\/s$/ { print $1 }' cols ivcols)" "" \
    "times are in s or us, rates per second"

# The VM columns: from PM_VM_* in a VM, empty (null) elsewhere.
vmvars='PM_VM_ACCEL=tcg PM_VM_CPUS=2 PM_VM_MEMORY_MIB=1024
PM_VM_DISK=raw-file-on-ext4,virtio-blk PM_VM_CACHE=none PM_VM_QEMU=7.2.22
PM_VM_MACHINE=pc PM_VM_CLOCK=icount PM_VM_ICOUNT_SHIFT=0'
vmcols() {
	"${PYTHON:-python3}" -c 'import csv, sys
r = list(csv.DictReader(open(sys.argv[1], newline="")))[0]
print(" ".join(k + "=" + v for k, v in r.items() if k.startswith("vm_")))' "$1"
}
rm -rf run && mkdir run
printf '%s\n' "set location $T/run" "set number 10" "set transactions 20" \
    "set report csv" "run $T/vm.csv" "set report json" "run $T/vm.json" quit |
    env $vmvars "$POSTMARK" >/dev/null 2>&1
is "$(vmcols vm.csv)" \
    "vm_accelerator=tcg vm_cpus=2 vm_memory_mib=1024 vm_disk=raw-file-on-ext4,virtio-blk vm_cache=none vm_qemu=7.2.22 vm_machine=pc vm_clock=icount vm_icount_shift=0" \
    "in a VM (PM_VM_*): the VM columns hold its description"
is "$(jq -c '.environment | with_entries(select(.key | startswith("vm_")))' vm.json)" \
    '{"vm_accelerator":"tcg","vm_cpus":2,"vm_memory_mib":1024,"vm_disk":"raw-file-on-ext4,virtio-blk","vm_cache":"none","vm_qemu":"7.2.22","vm_machine":"pc","vm_clock":"icount","vm_icount_shift":0}' \
    "... and the JSON record's environment, numbers as numbers"
is "$(vmcols r.csv)" \
    "vm_accelerator= vm_cpus= vm_memory_mib= vm_disk= vm_cache= vm_qemu= vm_machine= vm_clock= vm_icount_shift=" \
    "not in a VM: the VM columns are empty"
rm -rf run && mkdir run
printf '%s\n' "set location $T/run" "set number 10" "set transactions 20" \
    "set report json" "run $T/novm.json" quit |
    env PM_VM_CPUS=two PM_VM_MEMORY_MIB= "$POSTMARK" >/dev/null 2>&1
is "$(jq -c '[.environment.vm_accelerator, .environment.vm_cpus, .environment.vm_memory_mib]' novm.json)" \
    '[null,null,null]' \
    "... null in JSON, and a number that is not one is left out"
for shift in '' 3x -1 1234567890; do
	rm -rf run && mkdir run
	printf '%s\n' "set location $T/run" "set number 10" \
	    "set transactions 20" "set report csv" "run $T/sh.csv" \
	    "set report json" "run $T/sh.json" quit |
	    env PM_VM_CLOCK=host PM_VM_ICOUNT_SHIFT=$shift "$POSTMARK" \
	    >/dev/null 2>&1
	got="$(jq -c '[.environment.vm_clock, .environment.vm_icount_shift]' \
	    sh.json | tail -n 1) $(vmcols sh.csv)"
	is "$got" \
	    '["host",null] vm_accelerator= vm_cpus= vm_memory_mib= vm_disk= vm_cache= vm_qemu= vm_machine= vm_clock=host vm_icount_shift=' \
	    "the host's clock: no shift ('$shift' is none), empty, null in JSON"
	rm -f sh.csv sh.json
done

"$POSTMARK" --columns other >out 2>err
is "$?:$(cat out)" 2: "--columns other: exit 2, nothing on stdout"
is "$(sed -n 1p err)" \
    "postmark: --columns: 'other' is neither records nor intervals" \
    "... naming the set and the choices"
"$POSTMARK" --columns records intervals >out 2>err
is "$?" 2 "--columns with two sets: exit 2"

done_testing
