# tests/durability/durlib.sh: helpers for the durability and cache tests
# (t70xx), sourced after tests/tap.sh and tests/fault/faultlib.sh (whose
# pm_config, pm_run, csv_get, populate, cannot and fault_mount they use).
#
# A location is a tmpfs of our own when we are root (du_location), else a
# directory in $T; set direct true needs a real block device, an ext4 in
# an image file in $T on a loop device (ext4_location), with its unmount
# and detach in $cleanup before it is attached.  du_trace runs a config
# under `strace -f -y' and du_events reduces the trace to what set sync,
# set dirsync, set direct and set cache promise (calls.awk).

# du_location DIR: make DIR a location; a small tmpfs when root (fast,
# and no disk under it), else a plain directory.
du_location() {
	if [ "$(id -u)" -eq 0 ]; then
		mount_tmpfs "$1" "size=256m,mode=0755"
	else
		mkdir -p "$1" || exit 99
	fi
}

# need_loop: skip the script unless an ext4 image can be loop-mounted.
need_loop() {
	need_root "attach a loop device and mount ext4"
	for du_c in losetup mkfs.ext4 truncate mountpoint; do
		command -v "$du_c" >/dev/null 2>&1 ||
		    skip_all "$du_c not installed"
	done
	losetup -f >/dev/null 2>&1 || skip_all "no free loop device"
}

# ext4_location DIR SECTOR: a 64 MiB ext4 (4 KiB blocks) on DIR, from the
# image DIR.img through a loop device of SECTOR-byte logical blocks, the
# direct-I/O alignment that postmark must find.  The unmount and the
# detach of every loop device over DIR.img are in $cleanup before the
# device is attached; `cannot' when it cannot be made.
ext4_location() {
	el_img=$1.img
	mkdir -p "$1" || exit 99
	truncate -s 64m "$el_img" &&
	    mkfs.ext4 -q -F -b 4096 "$el_img" >/dev/null 2>&1 ||
	    cannot "cannot make an ext4 image in $el_img"
	cleanup="if mountpoint -q '$1'; then umount '$1' 2>/dev/null || \
umount -l '$1'; fi; for d in \$(losetup -j '$el_img' | cut -d: -f1); do \
losetup -d \"\$d\"; done; $cleanup"
	el_dev=$(losetup -f --show --sector-size "$2" "$el_img" 2>/dev/null) ||
	    cannot "cannot attach $el_img to a loop device"
	mount "$el_dev" "$1" 2>/dev/null || cannot "cannot mount $el_dev"
}

# du_trace NAME: pm_run NAME (its config from pm_config) under
# `strace -f -y' into $T/NAME.tr; the status is left in $rc.
du_trace() {
	pm_run "$1" "$STRACE" -f -y -qq -o "$T/$1.tr"
}

# du_events NAME LOC: the events of $T/NAME.tr on location LOC
# (calls.awk) into $T/NAME.ev.
du_events() {
	awk -v loc="$2" -f "$srcdir/tests/diff/pathof.awk" \
	    -f "$srcdir/tests/durability/calls.awk" "$T/$1.tr" >"$T/$1.ev"
}

# du_count NAME EVENT: how many events of $T/NAME.ev start with EVENT.
du_count() {
	grep -c "^$2" "$T/$1.ev"
}

# du_sum NAME COLUMN...: the sum of the COLUMNs of $T/NAME.csv's last row.
du_sum() {
	ds_name=$1
	shift
	ds_n=0
	for ds_c; do
		ds_v=$(csv_get "$T/$ds_name.csv" "$ds_c")
		ds_n=$((ds_n + ${ds_v:-0}))
	done
	echo "$ds_n"
}

# du_summary NAME: the events of $T/NAME.ev as one line of counts:
# creates, appends, reads and unlinks of the run's files; fsync and
# fdatasync calls on them; synced-last, the files written (created or
# appended) whose calls end with exactly one fsync or fdatasync, after
# the last write, right before the close; O_SYNC and O_DSYNC, the opens
# for writing with that flag; rsync, the reads opened with either or
# synced; dirfsync, the fsyncs of directories; dirsync-yes, the creates
# and unlinks right followed by the fsync of their directory; direct, the
# opens (and probes) with O_DIRECT.
du_summary() {
	awk '$1 == "open" {
		n[$2 "s"]++
		calls = $5
		n["fsync"] += gsub(/F/, "F", calls)
		n["fdatasync"] += gsub(/D/, "D", calls)
		if ($2 == "read") {
			if ($3 != "none" || $5 ~ /[FD]/)
				n["rsync"]++
		} else {
			if ($5 ~ /^[SLW]*[FD]$/)
				n["synced-last"]++
			if ($3 != "none")
				n[$3]++
		}
	}
	$1 == "unlink" { n["unlinks"]++ }
	$1 == "dirfsync" { n["dirfsync"]++ }
	$1 == "dirsync" && $2 == "yes" { n["dirsync-yes"]++ }
	($1 == "open" && $4 == "direct") || ($1 == "probe" && $2 == "direct") {
		n["direct"]++
	}
	END {
		k = split("creates appends reads unlinks fsync fdatasync " \
		    "synced-last O_SYNC O_DSYNC rsync dirfsync dirsync-yes " \
		    "direct", key, " ")
		for (i = 1; i <= k; i++)
			printf("%s%s=%d", i > 1 ? " " : "", key[i], n[key[i]])
		printf("\n")
	}' "$T/$1.ev"
}

# todo_is GOT WANT DESC WHY: is GOT WANT DESC as a TAP TODO test, for a
# known bug (WHY): it fails as XFAIL; once fixed it passes as XPASS,
# which fails `make check', and the TODO must go.
todo_is() {
	ti_failed=$tap_failed
	is "$1" "$2" "$3 # TODO $4"
	tap_failed=$ti_failed
}

# The counts of a run (results/README.md): what no durability or cache
# setting may change.
DU_COUNTS='created created_alone created_mixed read appended deleted
deleted_alone deleted_mixed bytes_read bytes_written transactions_done'

# du_counts NAME: the counts of the last row of $T/NAME.csv, as
# "created=N ... transactions_done=N".
du_counts() {
	dc_s=
	for dc_c in $DU_COUNTS; do
		dc_s="$dc_s${dc_s:+ }$dc_c=$(csv_get "$T/$1.csv" "$dc_c")"
	done
	echo "$dc_s"
}
