# tests/fault/faultlib.sh: helpers for the fault tests (t35xx), sourced
# after tests/tap.sh.
#
# A fault test makes a location, puts a few entries in it that are not
# postmark's (populate), takes its snapshot, runs postmark with a CSV
# report (pm_config, pm_run) under the fault, and checks what every fault
# must give (expect_fault): one message on stderr naming the operation and
# the path, exit status 1 and an `error:' row in the report; then that the
# location is as it was (same_as_before).  Mounts are registered in
# $cleanup before they are made (fault_mount), so that an interrupt
# cannot leave one behind.

# need_root WHAT: skip the script unless we are root.
need_root() {
	[ "$(id -u)" -eq 0 ] || skip_all "needs root to $1"
}

# cannot REASON: the machine cannot do what the test needs: skip the
# script if nothing was tested yet, else stop it with a TAP bail out (an
# error: what worked a moment ago should still work).
cannot() {
	[ "$tap_n" -gt 0 ] || skip_all "$1"
	echo "Bail out! $1"
	exit 1
}

# fault_mount DIR ARGS...: make DIR and run mount ARGS... DIR, with the
# unmount registered first.  Fails as mount(8) does.
fault_mount() {
	fm_dir=$1
	shift
	mkdir -p "$fm_dir" || exit 99
	cleanup="umount '$fm_dir' 2>/dev/null || umount -l '$fm_dir' \
2>/dev/null; $cleanup"
	mount "$@" "$fm_dir" 2>/dev/null
}

# mount_tmpfs DIR OPTIONS: a tmpfs of our own on DIR, or cannot.
mount_tmpfs() {
	fault_mount "$1" -t tmpfs -o "$2" pmfault ||
	    cannot "cannot mount a tmpfs ($2) here"
}

# populate DIR: entries that are not postmark's, for the snapshot: files
# with content, an empty file, a subdirectory holding a file, an empty one.
populate() {
	mkdir -p "$1/notes/empty" || exit 99
	printf 'precious data, not ours\n' >"$1/keep.txt"
	awk 'BEGIN { for (i = 0; i < 300; i++) print "line", i }' \
	    >"$1/notes/data"
	: >"$1/zero"
}

# pm_config NAME CONFIG: write $T/NAME.cfg, the lines of CONFIG (joined
# by `;') followed by a CSV report to $T/NAME.csv and quit.
pm_config() {
	printf '%s;set report csv;run %s;quit\n' "$2" "$T/$1.csv" |
	    tr ';' '\n' >"$T/$1.cfg"
}

# pm_run NAME [COMMAND...]: run postmark in $T with $T/NAME.cfg on stdin,
# stdout and stderr to $T/NAME.out and $T/NAME.err, under the hang guard
# and behind COMMAND (setpriv, env...) if given.  PM_BIN overrides
# $POSTMARK.  The status is left in $rc.
pm_run() {
	pr_name=$1
	shift
	(cd "$T" && exec "$@" $GUARD "${PM_BIN:-$POSTMARK}" \
	    <"$T/$pr_name.cfg" >"$T/$pr_name.out" 2>"$T/$pr_name.err")
	rc=$?
}

# pm_start NAME: pm_run NAME in the background, with the default action
# for the signals that stop a run ($SIGDFL).  $T/NAME.pid receives
# postmark's process id (for kill -STOP), $T/NAME.rc its status once it
# ends; pm_wait waits for it and sets $rc.  Until then the cleanup stops
# the run with SIGTERM (pm_stop), after which postmark removes its files.
pm_job=
pm_start() {
	rm -f "$T/$1.pid" "$T/$1.rc"
	(
		cd "$T" || exit 99
		$GUARD $SIGDFL sh -c 'echo $$ >"$1.pid" && exec "$2"' sh \
		    "$T/$1" "${PM_BIN:-$POSTMARK}" <"$T/$1.cfg" \
		    >"$T/$1.out" 2>"$T/$1.err"
		echo $? >"$T/$1.rc"
	) &
	pm_job=$!
	pm_name=$1
	case $cleanup in
	*pm_stop*) ;;
	*)	cleanup="pm_stop; $cleanup" ;;
	esac
}

# pm_wait: wait for the run of pm_start to end; its status in $rc.
pm_wait() {
	wait "$pm_job"
	pm_job=
	rc=$(cat "$T/$pm_name.rc" 2>/dev/null) || rc=99
}

# pm_stop: if a run of pm_start is still going, stop it and wait for it
# (the hang guard bounds the wait).
pm_stop() {
	[ -n "$pm_job" ] || return 0
	if ps_pid=$(cat "$T/$pm_name.pid" 2>/dev/null); then
		kill -TERM "$ps_pid" 2>/dev/null
		kill -CONT "$ps_pid" 2>/dev/null
	fi
	wait "$pm_job"
	pm_job=
}

# wait_for PATH...: wait, while the run started by pm_start goes on, until
# one of the PATHs exists; fails if the run ended first (or after the
# hang guard's PM_HANG seconds).
wait_for() {
	wf_n=0
	while :; do
		for wf_p; do
			[ ! -e "$wf_p" ] || return 0
		done
		[ ! -e "$T/$pm_name.rc" ] || return 1
		wf_n=$((wf_n + 1))
		[ "$wf_n" -le $((PM_HANG * 100)) ] || return 1
		sleep 0.01
	done
}

# still_in NAME ERE: the run of pm_start NAME (stopped meanwhile) is
# still in the phase whose progress line ERE matches: the last line of
# its stdout, not yet Done.
still_in() {
	tail -n 1 "$T/$1.out" | grep -Ev 'Done$' | grep -Eq "$2"
}

# ere_quote TEXT: TEXT with the characters special in an ERE escaped.
ere_quote() {
	printf '%s\n' "$1" | sed 's/[].[\*^$()+?{|]/\\&/g'
}

# postmark_for_all: copy $POSTMARK to $T/bin/postmark, which any user can
# run (the build directory may be closed to others, as one under
# mktemp -d is); $T becomes searchable by all.  Run it with PM_BIN.
postmark_for_all() {
	chmod 0711 "$T"
	mkdir -p "$T/bin" &&
	    cp "$POSTMARK" "$T/bin/postmark" &&
	    chmod 0755 "$T/bin" "$T/bin/postmark" || exit 99
}

# csv_get FILE COLUMN [ROW]: COLUMN of the ROW-th row (default: the last)
# of the CSV report FILE (nothing if FILE has no such row); COLUMN
# `phase' is the phase in which the run stopped, from its counts:
# creation, transactions or deletion.  Fields may be quoted (RFC 4180),
# but records must be one line each.
csv_get() {
	awk -v want="$2" -v nrow="${3:-0}" '
	function parse(line, f,    n, i, c, q, v) {
		n = 0; q = 0; v = ""
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (q && c == "\"" && substr(line, i + 1, 1) == "\"") {
				v = v c; i++
			} else if (c == "\"")
				q = !q
			else if (c == "," && !q) {
				f[++n] = v; v = ""
			} else
				v = v c
		}
		f[++n] = v
		return n
	}
	NR == 1 { nh = parse($0, h); next }
	{ rows[NR - 1] = $0 }
	END {
		if (nrow == 0)
			nrow = NR - 1
		if (!(nrow in rows))
			exit
		parse(rows[nrow], r)
		for (i = 1; i <= nh; i++)
			v[h[i]] = r[i]
		if (want != "phase")
			print v[want]
		else if (v["created_alone"] + 0 < v["number"] + 0 &&
		    v["transactions_done"] + 0 == 0)
			print "creation"
		else if (v["transactions_done"] + 0 < v["transactions"] + 0)
			print "transactions"
		else
			print "deletion"
	}' "$1" 2>/dev/null
}

# phase_of FILE: csv_get FILE phase.
phase_of() {
	csv_get "$1" phase
}

# one_message NAME ERE DESC: the stderr of the run NAME is one line, which
# ERE matches whole.
one_message() {
	if [ "$(wc -l <"$T/$1.err")" -eq 1 ] &&
	    grep -Eqx "$2" "$T/$1.err"; then
		ok 0 "$3"
	else
		ok 1 "$3"
		diag "stderr:" "$(head -5 "$T/$1.err")" "want: $2"
	fi
}

# expect_fault NAME OP PATH STRERROR: the run of pm_run NAME failed as it
# must: exit status 1; stderr exactly one line `postmark: FILE:LINE: OP
# PATH: STRERROR' (PATH an ERE, anchored); the CSV row's status
# `error: OP PATH: STRERROR', the same cause.
expect_fault() {
	is "$rc" 1 "$1: exit status 1"
	one_message "$1" "postmark: [^:]+:[0-9]+: $2 $3: $(ere_quote "$4")" \
	    "$1: message '$2 PATH: $4' on stderr"
	ef_cause=$(sed -E 's/^postmark: [^:]+:[0-9]+: //' "$T/$1.err" |
	    head -1)
	ef_status=$(csv_get "$T/$1.csv" status)
	case $ef_status in
	"error: $2 "*)
		is "$ef_status" "error: $ef_cause" \
		    "$1: CSV status 'error: $2 PATH: $4', the same cause" ;;
	*)
		ok 1 "$1: CSV status 'error: $2 PATH: $4', the same cause"
		diag "got: '$ef_status'" ;;
	esac
}

# same_as_before DIR BEFORE DESC: DIR's snapshot equals the file BEFORE.
same_as_before() {
	snapshot "$1" >"$2.after"
	same_file "$2.after" "$2" "$3"
}
