#!/bin/sh
# t7003-cache: set cache cold and cold-phases.
#  - as root, under strace -f -y -T: cold makes sync(2), then opens
#    /proc/sys/vm/drop_caches, writes "3" to it and closes it, before
#    each run (twice with set iterations 2, and before a warm-up run
#    too) and before any file of that run is made; cold-phases does it
#    before each of the three timed phases: after the creation phase's
#    creates, before the first transaction, before the deletion phase's
#    deletes; warm, the default, never;
#  - the drops are in no phase's time: before each drop a hook dirties
#    128 MB on the disk and strace holds each sync(2) for a second, so
#    that the drops take a while, and the phases and the drops must fit
#    in the run's wall time (checked when the drops were long enough to
#    tell: with the held syncs, always but on a machine stalled for
#    seconds; without them, under make -j8 check beside two busy loops,
#    0.34 s of drops in 2.01 s were too short);
#  - as an unprivileged user (setpriv or runuser), set cache cold and
#    cold-phases fail at set time with a message, before anything runs;
#    set cache warm works.
# Needs root (to drop the caches, and to become another user); the root
# part is skipped if /proc/sys/vm/drop_caches cannot be written here.
scratch=disk	# $T/dirty must be on a disk, for sync to take a while
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/diff/syslib.sh"
. "$srcdir/tests/durability/durlib.sh"

need_root "drop the page cache and become another user"

# As nobody: refused when set, so the run line never runs.
if command -v setpriv >/dev/null 2>&1; then
	as_nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
elif command -v runuser >/dev/null 2>&1; then
	as_nobody="runuser -u nobody --"
else
	as_nobody=
fi
if [ -z "$as_nobody" ]; then
	skip "unprivileged: set cache refused" "neither setpriv nor runuser"
else
	# $T/nobody holds the location and the reports, where nobody may
	# write; both are sticky, as /tmp (set strictmodes holds a report
	# file's directory to the rule of the locations).
	N=$T/nobody
	postmark_for_all
	mkdir -m 1777 "$N" && mkdir -m 1777 "$N/loc" || exit 99
	for v in cold cold-phases warm; do
		printf 'set location %s;set number 20;set cache %s;%s %s\n' \
		    "$N/loc" "$v" "set report csv;run" "$N/$v.csv;quit" |
		    tr ';' '\n' >"$T/user-$v.cfg"
		PM_BIN=$T/bin/postmark pm_run "user-$v" $as_nobody
		[ "$v" != warm ] || break
		is "$rc $(cat "$T/user-$v.err")" "1 -:3: set cache: $v needs \
to write /proc/sys/vm/drop_caches (root, on Linux): Permission denied" \
		    "unprivileged: set cache $v refused at set time"
		is "$(ls -A "$N/loc") $(cat "$N/$v.csv" 2>/dev/null)" " " \
		    "unprivileged: set cache $v: nothing ran"
	done
	is "$rc $(csv_get "$N/warm.csv" status)" "0 ok" \
	    "unprivileged: set cache warm runs"
fi

[ -w /proc/sys/vm/drop_caches ] || {
	skip "root: the drops" "/proc/sys/vm/drop_caches is not writable here"
	done_testing
}
sl_need_strace

L=$T/loc
du_location "$L"
work="set location $L;set number 30;set transactions 100;set seed 9"
# The hook that dirties 128 MB, and notes how long it took in
# $T/hooks.time (its time is in no phase either: t7004).
cat >"$T/dirty.sh" <<EOF
t0=\$(date +%s.%N)
dd if=/dev/zero of=$T/dirty bs=1M count=128 conv=notrunc 2>/dev/null
echo "\$t0 \$(date +%s.%N)" >>"$T/hooks.time"
EOF
dirty="sh $T/dirty.sh"

# segments NAME: the events of the trace cut at each sync: one line for
# what comes before the first sync, then one per sync: the drop calls
# right after it (sync,openat,write:3,close) and the creates, reads,
# appends and unlinks of the run's files up to the next sync.  The
# access(2) to drop_caches is set's check, not a drop.
segments() {
	awk 'function flush() {
		printf("%s c=%d r=%d a=%d u=%d\n", head, n["create"],
		    n["read"], n["append"], n["unlink"])
		split("", n)
	}
	BEGIN { head = "start" }
	$1 == "sync" { flush(); head = "sync"; next }
	$1 == "drop" && $2 == "access" { next }
	$1 == "drop" && $2 == "write" { head = head ",write:" $3; next }
	$1 == "drop" { head = head "," $2; next }
	$1 == "open" { n[$2]++ }
	$1 == "unlink" { n["unlink"]++ }
	END { flush() }' "$T/$1.ev"
}

# drops NAME: the time each drop took (its sync and its write), in order.
drops() {
	awk '$1 == "sync" { d = $2 }
	    $1 == "drop" && $2 == "write" { print d + $4 }' "$T/$1.ev"
}

# traced NAME CONFIG [STRACE-OPTION...]: run CONFIG under strace -f -y -T
# and the options; exit 0 and the location left empty; the events in
# $T/NAME.ev, the wall time of the run in $T/NAME.wall, the hooks' start
# and end times in $T/NAME.hooks.
traced() {
	t_name=$1
	pm_config "$t_name" "$2"
	shift 2
	rm -f "$T/hooks.time"
	a_t0=$(date +%s.%N)
	pm_run "$t_name" "$STRACE" -f -y -T -qq "$@" -o "$T/$t_name.tr"
	awk -v a="$a_t0" -v b="$(date +%s.%N)" 'BEGIN { print b - a }' \
	    >"$T/$t_name.wall"
	mv "$T/hooks.time" "$T/$t_name.hooks" 2>/dev/null
	is "$rc $(ls -A "$L")" "0 " "$t_name: exit 0, the location left empty"
	du_events "$t_name" "$L"
}

# apart NAME: the drops of the traced run NAME are in no phase's time:
# its phases (the elapsed_s of every row), its drops (sync and write, as
# strace -T timed them) and its hooks fit in the run's wall time; were
# the drops in the phases, these would take them twice.  How fast the
# machine is does not matter: a slow run only has more room.  Skipped
# when the phases and twice the drops fit too: then the check could not
# tell.
apart() {
	a_drops=$(drops "$1" | awk '{ s += $1 } END { printf "%.6f", s }')
	a_phases=$(i=1; while [ -n "$(csv_get "$T/$1.csv" elapsed_s $i)" ]; do
		csv_get "$T/$1.csv" elapsed_s $i
		i=$((i + 1))
	done | awk '{ s += $1 } END { printf "%.6f", s }')
	a_hooks=$(awk '{ s += $2 - $1 } END { printf "%.6f", s }' \
	    "$T/$1.hooks" 2>/dev/null)
	a_wall=$(cat "$T/$1.wall")
	a_what="$1: phases $a_phases s, drops $a_drops s and hooks $a_hooks s"
	a_what="$a_what within $a_wall s"
	if awk -v d="$a_drops" -v p="$a_phases" -v h="$a_hooks" \
	    -v w="$a_wall" 'BEGIN { exit !(p + 2 * d + h <= w) }'; then
		skip "$a_what" "the drops were too short to tell"
		return
	fi
	ok "$(awk -v d="$a_drops" -v p="$a_phases" -v h="$a_hooks" \
	    -v w="$a_wall" 'BEGIN { exit !(p + d + h <= w) }'; echo $?)" \
	    "$a_what"
}

d='sync,openat,write:3,close'
# strace holds each sync(2) of the runs whose drops apart checks.
held='--inject=sync:delay_enter=1s'
traced cold "$work;set cache cold;set iterations 2;set hook before run $dirty" \
    "$held"
C=$(du_sum cold created) R=$(du_sum cold read)
A=$(du_sum cold appended) D=$(du_sum cold deleted)
run="c=$C r=$R a=$A u=$D"
is "$(segments cold | tr '\n' /)" "start c=0 r=0 a=0 u=0/$d $run/$d $run/" \
    "cold: sync then 3 to drop_caches before each run, before its files"

traced warm "$work;set iterations 2"
is "$(segments warm)" "start c=$((2 * C)) r=$((2 * R)) a=$((2 * A)) \
u=$((2 * D))" "warm: no sync, no drop"

apart cold

traced warmup "$work;set cache cold;set warmup 1"
is "$(segments warmup | tr '\n' /)" "start c=0 r=0 a=0 u=0/$d $run/$d $run/" \
    "cold: a drop before the warm-up run too"

c="$work;set cache cold-phases"
for p in creation transactions deletion; do
	c="$c;set hook before $p $dirty"
done
traced phases "$c" "$held"
Ca=$(du_sum phases created_alone) Cm=$(du_sum phases created_mixed)
Da=$(du_sum phases deleted_alone) Dm=$(du_sum phases deleted_mixed)
want="start c=0 r=0 a=0 u=0/$d c=$Ca r=0 a=0 u=0/"
want="$want$d c=$Cm r=$R a=$A u=$Dm/$d c=0 r=0 a=0 u=$Da/"
is "$(segments phases | tr '\n' /)" "$want" \
    "cold-phases: a drop before each phase, between their operations"
apart phases
rm -f "$T/dirty"

done_testing
