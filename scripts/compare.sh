#!/bin/sh
#
# Copyright (c) 2026 The postmark developers.
#
# Permission to use, copy, modify, and distribute this software for any
# purpose with or without fee is hereby granted, provided that the above
# copyright notice and this permission notice appear in all copies.
#
# THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
# WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
# MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
# ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
# WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
# ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
# OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.

# compare.sh: compare file systems, kernels or mount options with postmark.
#
# Run mode runs a postmark config N times on each target directory,
# interleaved (A B A B ...) so that drift hits every target alike, or in
# rounds of a random order (--seed, -n MIN-MAX with --precision: more
# rounds of the targets whose interval is still too wide), each run in a
# fresh empty subdirectory that is removed afterwards, appends every row
# to one CSV file, then reports.  Report mode reports on existing CSV
# files, for example from different machines or kernels (--by kernel).
# The report (text, Markdown, PNG and SVG plots) is written next to the
# CSV; every number in it comes from scripts/compare.awk, which reads only
# the CSV files and the interval series beside them, FILE.csv.intervals.csv
# (results/README.md).
#
# Dependencies: a POSIX sh and awk, gnuplot 5 (with the pngcairo terminal,
# or at least png; not needed with --no-plot), and in run mode this
# project's postmark (-p PROG, else $POSTMARK, else postmark in PATH).
# make install installs it as postmark-compare, documented in
# man/postmark-compare.1.
#
# Exit status: 0 success, 1 failure (a failed run, a bad CSV, a missing
# dependency), 2 usage error, 129/130/143 hangup, interrupt, termination.

set -u

# $datadir holds compare.awk, lib.sh and the gnuplot scripts plot-*.gp:
# in the source tree it is the directory of this script.  make install
# writes postmark-compare from this file with the two values below set
# (scripts/scripts.am): reldata, the package data directory relative to
# the installed script, found first so that a prefix staged with DESTDIR
# or moved elsewhere works, and instdata, the directory it was installed
# for.
reldata=
instdata=
here=$(CDPATH='' cd -P -- "$(dirname -- "$0")" && pwd -P) || exit 1
datadir=$here
if [ -n "$instdata" ]; then
	datadir=$instdata
	if [ -n "$reldata" ] && [ -r "$here/$reldata/lib.sh" ]; then
		datadir=$(CDPATH='' cd -P -- "$here/$reldata" && pwd -P) ||
		    exit 1
	fi
fi
if [ ! -r "$datadir/lib.sh" ]; then
	printf '%s: %s\n' "${0##*/}" "$datadir/lib.sh: missing" >&2
	exit 1
fi
. "$datadir/lib.sh"
AWK=${AWK:-awk}
tmp=
work=

# usage: print the usage on stdout.
usage() {
	cat <<EOF
usage: $prog [-n N | -n MIN-MAX --precision P] [--seed S] [-o FILE.csv]
           [-p POSTMARK] [--file-counts "N1 N2 ..."] [--clients "C1 C2 ..."]
           [--interval N|Nms] [--per-client] [--no-plot]
           CONFIG LABEL=DIRECTORY [LABEL=DIRECTORY ...]
       $prog report [-o PREFIX] [-l LABEL,LABEL...] [--by FIELD
           [--series FIELD]] [--precision P] [--per-client] [--no-plot]
           FILE.csv ...

Run mode runs the postmark CONFIG N times (default 5) on every target,
interleaved (A B A B ...), each run in a new empty subdirectory of
DIRECTORY that is removed afterwards, appends the rows to FILE.csv (default
results/DATE-LABEL1-vs-LABEL2.csv under the current directory, a new file
each time), and writes the report next to it: .txt, .md, -bars and -latency
plots, -files plots when several file counts were run, -clients plots
when several client counts were, and -growth plots with --interval (.png,
.svg).
With --seed S the runs go in rounds, each round every target once in a
random order drawn from S; -n MIN-MAX --precision P (a percentage) runs
MIN rounds, then more rounds of the targets whose 95% CI of
transactions/s (over every row of FILE.csv) is wider than P% of its mean,
until none is or each has MAX runs.  Without --seed the random order takes
its seed from the clock; the seed is printed and in the report.
--interval N|Nms adds "set interval": every run also appends its interval
series to FILE.csv.intervals.csv.
CONFIG holds postmark commands but no run, quit or load; $prog adds
"set number" (with --file-counts), "set clients" (with --clients),
"set interval" (with --interval), "set location", "set label", "set report
csv", "run FILE" and "quit"; postmark's errors name the CONFIG line, or
the added line.  Each DIRECTORY is resolved to an absolute path (symbolic
links too) before the first run; it must not contain blanks.  --file-counts runs every target with each
number of files of the list, --clients with each number of clients (both:
every pair).  postmark is -p PROG, else \$POSTMARK, else postmark in PATH.

Report mode groups the rows with status ok of the CSV files by label (in
the order first seen, or the order of -l), number of files and number of
clients, and writes PREFIX.txt, PREFIX.md and the plots (default PREFIX:
the CSV file name without .csv).  Of a run of several clients it uses the
run's row (client "all"); with --per-client it uses the rows of the
clients instead, each as its own label "LABEL client N" (a run of one
client: its row, as client 0).  Every field of a CSV is text, never run:
control characters in it (line feed, escape ...) are shown as blanks, also
in labels given to -l.  Put -- before file names that start with -.
--by FIELD groups by the value of any column instead of the label
(kernel, fs_types, host, number ...), in natural version order (6.2
before 6.10), tests each value against the one before it and draws the
-series plot: transactions/s, creates/s, deletes/s and p99 latencies
across the values; --series FIELD2 makes a table and a line of each value
of FIELD2 (--by kernel --series label: one line per file system).  The
interval series FILE.csv.intervals.csv of each FILE.csv, when there, give
the -growth plot and table: the create rate and p99 latency against the
files alive.  --precision P adds whether each 95% CI of transactions/s is
within P% of its mean.

A label on tmpfs gets a warning (run mode: always; report mode: beside
labels on other file systems), and the report lists the runs' own
warnings.  --no-plot skips the plots (no gnuplot needed).  \$AWK names the
awk.
Exit status: 0 success, 1 failure, 2 usage error, 129/130/143 hangup,
interrupt, termination.
EOF
}

# cleanup: stop a running postmark and remove the scratch directories.
cleanup() {
	stop_child
	[ -z "$work" ] || rm -rf -- "$work"
	[ -z "$tmp" ] || rm -rf -- "$tmp"
	work=
	tmp=
}

catch_signals

# need_awk: check that awk is there.
need_awk() {
	command -v "$AWK" >/dev/null 2>&1 ||
	    die "$AWK not found in PATH: install a POSIX awk (mawk, gawk)"
	need_data compare.awk
}

# need_tools: check for awk and, unless $noplot, for gnuplot.
need_tools() {
	need_awk
	[ "$noplot" = 1 ] || need_gnuplot
}

# need_data FILE...: check that the files are in $datadir.
need_data() {
	for need_f do
		[ -r "$datadir/$need_f" ] ||
		    die "$datadir/$need_f: missing"
	done
}

# need_gnuplot: check for gnuplot 5 and its plot scripts, and choose the
# PNG terminal.
need_gnuplot() {
	need_data plot-common.gp plot-bars.gp plot-latency.gp plot-files.gp \
	    plot-clients.gp plot-growth.gp plot-series.gp
	command -v gnuplot >/dev/null 2>&1 ||
	    die "gnuplot not found in PATH: install gnuplot 5" \
	    "(Debian: apt-get install gnuplot-nox) or use --no-plot"
	gpver=$(gnuplot --version 2>/dev/null | sed -n \
	    's/^gnuplot \([0-9][0-9]*\)\..*/\1/p')
	[ -n "$gpver" ] && [ "$gpver" -ge 5 ] ||
	    die "gnuplot 5 or later needed (found:" \
	    "$(gnuplot --version 2>&1 | sed 1q)); or use --no-plot"
	if echo 'set terminal pngcairo' | gnuplot >/dev/null 2>&1; then
		pngterm="pngcairo font 'sans,9'"
	elif echo 'set terminal png' | gnuplot >/dev/null 2>&1; then
		pngterm='png'
		note "gnuplot has no pngcairo terminal; using png"
	else
		die "gnuplot has neither the pngcairo nor the png terminal"
	fi
	echo 'set terminal svg' | gnuplot >/dev/null 2>&1 ||
	    die "gnuplot has no svg terminal"
}

# report PREFIX TITLE LABELS FILE...: run compare.awk on the CSV files,
# write PREFIX.txt and PREFIX.md (PREFIX "" for the default), print the
# text report, and make the plots unless $noplot.
report() {
	prefix=$1
	title=$2
	labels=$3
	shift 3
	mkdir -- "$tmp/data" || exit 1
	statistics "$tmp/data" "$labels" "$title" "$@" || exit 1
	if [ -z "$prefix" ]; then
		if [ $# -eq 1 ]; then
			prefix=${1%.csv}
		else
			prefix=$(dirname -- "$1")/$(date +%Y-%m-%d)-$(
			    "$AWK" -- '{ gsub(/[^A-Za-z0-9._+-]/, "_")
				printf("%s%s", NR > 1 ? "-vs-" : "", $0) }' \
			    "$tmp/data/labels")
		fi
	fi
	pdir=$(dirname -- "$prefix")
	[ -d "$pdir" ] || mkdir -p -- "$pdir" || exit 1
	cp -- "$tmp/data/report.txt" "$prefix.txt" &&
	    cp -- "$tmp/data/report.md" "$prefix.md" || exit 1
	cat -- "$prefix.txt"
	[ "$noplot" = 1 ] && return 0
	nnumbers=$(sed -n 's/^nnumbers = //p' -- "$tmp/data/vars.gp")
	nclients=$(sed -n 's/^nclients = //p' -- "$tmp/data/vars.gp")
	ngrowth=$(sed -n 's/^ngrowth = //p' -- "$tmp/data/vars.gp")
	for kind in bars latency files clients growth series; do
		case $kind in
		files)	[ "$nnumbers" -ge 2 ] || continue ;;
		clients)
			[ "$nclients" -ge 2 ] || continue ;;
		growth)	[ "$ngrowth" -ge 1 ] || continue ;;
		series)	[ -n "$byf" ] || continue ;;
		esac
		for ext in png svg; do
			plot "$kind" "$ext" "$prefix-$kind.$ext"
		done
	done
	note "wrote $prefix.txt, $prefix.md and the plots $prefix-*.png/.svg"
}

# statistics DIR LABELS TITLE FILE...: run compare.awk on the CSV files
# with the settings of the options, writing into the directory DIR.  The
# interval series FILE.intervals.csv of each CSV file, when there and not
# empty, follow the CSV files, each after "ivof=K" (an assignment to awk:
# it belongs to the K-th CSV file).
statistics() {
	stat_dir=$1
	stat_labels=$2
	stat_title=$3
	shift 3
	stat_k=0
	for stat_f do
		stat_k=$((stat_k + 1))
		if [ -f "$stat_f.intervals.csv" ] &&
		    [ -s "$stat_f.intervals.csv" ]; then
			[ -r "$stat_f.intervals.csv" ] ||
			    die "$stat_f.intervals.csv: cannot read it"
			set -- "$@" "ivof=$stat_k" "$stat_f.intervals.csv"
		fi
	done
	CMP_PROG=$prog CMP_DATA=$stat_dir CMP_TITLE=$stat_title \
	    CMP_LABELS=$stat_labels CMP_PERCLIENT=$perclient CMP_BY=$byf \
	    CMP_SERIES=$seriesf CMP_PRECISION=$precision CMP_SEED=$seed \
	    CMP_RUNS=$runsasked CMP_RUNMODE=$runmode \
	    CMP_ORDER=$labelorder \
	    "$AWK" -f "$datadir/compare.awk" -- "$@" </dev/null
}

# plot KIND EXT FILE: draw one plot (bars, latency, files, clients, growth
# or series) into FILE.
# The gnuplot code is constant: the terminal and output lines below, then
# plot-common.gp and plot-KIND.gp, copied into $tmp/plot.gp.  gnuplot runs
# in $tmp, reads data/vars.gp (where compare.awk wrote all text as safe
# string constants) and data/stats.tsv, and draws into plot.EXT, which is
# then moved to FILE.  No file name is written into gnuplot code, where a
# name starting with | or < would run a command even when quoted.
plot() {
	case $1 in
	bars|series)
		size=1200,900 ;;
	*)	size=1100,800 ;;
	esac
	if [ "$2" = png ]; then
		term="$pngterm size $size noenhanced"
	else
		term="svg size $size font 'sans,9' noenhanced"
	fi
	{
		echo "set terminal $term"
		echo "set output 'plot.$2'"
		cat -- "$datadir/plot-common.gp" "$datadir/plot-$1.gp"
	} >"$tmp/plot.gp" || die "cannot write $tmp/plot.gp"
	(cd -- "$tmp" && exec gnuplot plot.gp) >"$tmp/gnuplot.log" 2>&1 || {
		sed 's/^/gnuplot: /' -- "$tmp/gnuplot.log" >&2
		die "gnuplot failed to draw $3"
	}
	mv -f -- "$tmp/plot.$2" "$3" || die "cannot write $3"
}

# options MODE ARGS: parse the options of MODE (report or run) at the
# start of ARGS into out, labels, iters, pm, counts, clients, interval,
# precision, seed, byf, seriesf, perclient and noplot (valued() names
# the options that take a value); $nopts is how many arguments they took
# (the caller shifts them).  --NAME=VALUE is taken as --NAME VALUE.
options() {
	mode=$1
	shift
	nargs=$#
	out=
	labels=
	iters=5
	pm=${POSTMARK:-postmark}
	counts=
	clients=
	interval=
	precision=
	seed=
	runsasked=
	runmode=0
	labelorder=
	byf=
	seriesf=
	perclient=0
	noplot=0
	if [ "$mode" = report ]; then
		outarg="a prefix"
	else
		outarg="a file name"
	fi
	while [ $# -gt 0 ]; do
		case $1 in
		--*=*)	if valued "$mode:${1%%=*}"; then
				opt_value=${1#*=}
				opt_name=${1%%=*}
				shift
				set -- "$opt_name" "$opt_value" "$@"
				nargs=$((nargs + 1))
			fi ;;
		esac
		if valued "$mode:$1"; then
			need_arg $# "$1" "$ov_what"
			case $ov_var in
			byf|seriesf)
				[ -n "$2" ] || usage_error "$1 needs $ov_what" ;;
			esac
			eval "$ov_var=\$2"
			shift 2
			continue
		fi
		case $mode:$1 in
		run:-n*)
			iters=${1#-n}
			shift ;;
		report:--per-client|run:--per-client)
			perclient=1
			shift ;;
		report:--no-plot|run:--no-plot)
			noplot=1
			shift ;;
		report:-h|report:--help|run:-h|run:--help)
			usage
			exit 0 ;;
		report:--|run:--)
			shift
			break ;;
		report:-?*|run:-?*)
			usage_error "unknown option $1" ;;
		*)	break ;;
		esac
	done
	nopts=$((nargs - $#))
	if [ -n "$precision" ]; then
		precision=${precision%\%}
		case $precision in
		''|.*|*.|*.*.*|*[!0-9.]*)
			usage_error "--precision: '$precision' is not a" \
			    "percentage" ;;
		esac
		case $precision in
		*[1-9]*) ;;
		*)	usage_error "--precision: it must be above 0" ;;
		esac
	fi
	[ -n "$byf" ] || [ -z "$seriesf" ] ||
	    usage_error "--series needs --by"
	[ -z "$seriesf" ] || [ "$seriesf" != "$byf" ] ||
	    usage_error "--series and --by name the same field"
}

# valued MODE:OPTION: whether OPTION of MODE (report or run) takes a
# value; if so, set ov_var to the variable it sets and ov_what to what it
# needs.
valued() {
	case $1 in
	report:-o|run:-o)
		ov_var=out ov_what=$outarg ;;
	report:-l)
		ov_var=labels ov_what=labels ;;
	run:-n)	ov_var=iters ov_what="a number" ;;
	run:-p)	ov_var=pm ov_what="a program" ;;
	run:--file-counts)
		ov_var=counts ov_what="a list" ;;
	run:--clients)
		ov_var=clients ov_what="a list" ;;
	run:--interval)
		ov_var=interval ov_what="N or Nms" ;;
	run:--seed)
		ov_var=seed ov_what="a number" ;;
	*:--precision)
		ov_var=precision ov_what="a percentage" ;;
	report:--by)
		ov_var=byf ov_what="a field" ;;
	report:--series)
		ov_var=seriesf ov_what="a field" ;;
	*)	return 1 ;;
	esac
}

# report_main ARGS: report mode.
report_main() {
	options report "$@"
	shift "$nopts"
	[ $# -ge 1 ] || usage_error "report: no CSV file given"
	need_tools
	n=$#
	while [ "$n" -gt 0 ]; do
		f=$1
		shift
		n=$((n - 1))
		[ -f "$f" ] && [ -r "$f" ] || die "$f: cannot read the CSV file"
		[ -s "$f" ] || die "$f: empty file (no CSV header)"
		# After "--" awk takes no option, but still reads "-" as
		# stdin and NAME=VALUE as an assignment.
		case $f in
		/*)	;;
		-|*=*)	f=./$f ;;
		esac
		set -- "$@" "$f"
	done
	mkscratch tmp compare
	title=
	for f do
		title=${title:+$title, }$(basename -- "$f")
	done
	report "$out" "$title" "$labels" "$@"
}

# run_main ARGS: run mode.
run_main() {
	options run "$@"
	shift "$nopts"
	run_options
	[ $# -ge 2 ] || usage_error "need a config file and at least one" \
	    "LABEL=DIRECTORY target"
	config=$1
	cfgname=$1	# for messages
	shift
	[ -f "$config" ] && [ -r "$config" ] ||
	    die "$config: cannot read the config file"
	# Its lines; a last line without a line feed counts too, and $cfgend
	# tells run_one to end it.
	cfglines=$(wc -l <"$config" | tr -d ' ')
	cfgend=
	if [ -n "$(tail -c 1 -- "$config")" ]; then
		cfglines=$((cfglines + 1))
		cfgend=1
	fi
	# An absolute name is neither an option nor an assignment to awk.
	case $config in
	/*)	;;
	*)	config=$(pwd)/$config ;;
	esac

	# The file counts and the client counts: "-" when not given.
	counts=$(sweep_list --file-counts "number of files" 1073741823 \
	    "$counts") || exit
	clients=$(sweep_list --clients "number of clients" 9999999999 \
	    "$clients") || exit

	# The targets, each directory resolved now to an absolute physical
	# path: nothing later depends on the current directory.
	seen=' '
	names=
	n=$#
	while [ "$n" -gt 0 ]; do
		t=$1
		shift
		n=$((n - 1))
		case $t in
		*=*)	;;
		*)	die "target '$t' has no label:" \
			    "write LABEL=DIRECTORY" ;;
		esac
		label=${t%%=*}
		dir=${t#*=}
		[ -n "$label" ] ||
		    die "target '$t' has no label: write LABEL=DIRECTORY"
		case $label in
		[!A-Za-z0-9]*|*[!A-Za-z0-9._+-]*)
			die "label '$label': use letters, digits and . _ + -" \
			    "(labels name the result files)" ;;
		esac
		case $seen in
		*" $label "*)
			die "label '$label' given twice" ;;
		esac
		seen="$seen$label "
		names=${names:+$names-vs-}$label
		[ -n "$dir" ] || die "target '$t' has no directory"
		[ -e "$dir" ] || die "$dir: no such directory (target $label)"
		[ -d "$dir" ] || die "$dir: not a directory (target $label)"
		abs=$(absdir "$dir") || die "$dir: cannot enter (target $label)"
		[ -w "$abs" ] || die "$abs: not writable (target $label)"
		case $abs in
		*[[:space:]]*)
			die "$abs: postmark locations cannot contain blanks" \
			    "(target $label)" ;;
		esac
		set -- "$@" "$label=$abs"
	done

	# The config may set anything but must not run by itself.
	CMP_PROG=$prog CMP_CONFIG=$cfgname "$AWK" -- '
		{ sub(/\r$/, ""); w = $1 }
		w == "" || w ~ /^#/ { next }
		index("run", w) == 1 || index("quit", w) == 1 ||
		index("exit", w) == 1 || index("load", w) == 1 {
			printf("%s: %s:%d: \"%s\": remove it; %s adds " \
			    "the run itself\n", ENVIRON["CMP_PROG"],
			    ENVIRON["CMP_CONFIG"], FNR, $0,
			    ENVIRON["CMP_PROG"]) > "/dev/stderr"
			bad = 1
		}
		END { exit bad }' "$config" </dev/null || exit 1

	need_tools
	find_prog pm "$pm" "build postmark, or name it with -p or \$POSTMARK"
	mkscratch tmp compare
	[ "$clients" = - ] || check_clients

	# The CSV file: a new one unless -o names one.
	if [ -z "$out" ]; then
		base=results/$(date +%Y-%m-%d)-$names
		out=$base.csv
		i=2
		while [ -e "$out" ]; do
			out=$base-$i.csv
			i=$((i + 1))
		done
	fi
	odir=$(dirname -- "$out")
	mkdir -p -- "$odir" || exit 1
	odir=$(absdir "$odir") || exit 1
	csv=$odir/$(basename -- "$out")
	case $csv in
	*[[:space:]]*)
		die "$csv: the CSV path cannot contain blanks (postmark's" \
		    "run FILE is one word)" ;;
	esac
	: >>"$csv" || die "$csv: cannot write"

	runmode=1
	k=0
	if [ -n "$seed" ]; then
		random_rounds "$@"
	else
		total=$((iters * $(nwords $counts) * $(nwords $clients) * $#))
		i=1
		while [ "$i" -le "$iters" ]; do
			for c in $counts; do
				for n in $clients; do
					for t do
						k=$((k + 1))
						run_one "${t%%=*}" "${t#*=}" \
						    "$c" "$n" \
						    "[$k/$total] iteration $i"
					done
				done
			done
			i=$((i + 1))
		done
	fi
	note "$k runs appended to $csv"
	[ -z "$precision" ] || precision_note
	report "${csv%.csv}" "$(basename -- "$config")" "" "$csv"
}

# run_options: check the values of the options of run mode: -n N or
# MIN-MAX into nmin and nmax, --seed, --precision (which, like --seed,
# makes the order random: the seed is then taken from the clock unless
# given) and --interval.
run_options() {
	case $iters in
	*-*)	nmin=${iters%%-*}
		nmax=${iters#*-}
		need_posint -n "$nmin"
		need_posint -n "$nmax"
		[ "$nmin" -le "$nmax" ] ||
		    usage_error "-n $iters: $nmin runs is more than $nmax"
		[ -n "$precision" ] ||
		    usage_error "-n MIN-MAX needs --precision" ;;
	*)	need_posint -n "$iters"
		nmin=$iters
		nmax=$iters ;;
	esac
	[ -z "$precision" ] || [ "$nmin" -ge 2 ] ||
	    usage_error "--precision needs at least 2 runs of each target" \
	    "(-n MIN-MAX with MIN 2 or more)"
	case $seed in
	*[!0-9]*)
		usage_error "--seed: '$seed' is not a whole number" ;;
	esac
	[ ${#seed} -le 10 ] || usage_error "--seed: '$seed' has more than" \
	    "10 digits"
	if [ -n "$seed$precision" ]; then
		[ -n "$seed" ] || seed=$(date +%s)
		runsasked=$iters
	fi
	case $interval in
	'')	;;
	*ms)	posint "${interval%ms}" ||
		    usage_error "--interval: '$interval' is neither N nor Nms" ;;
	*)	posint "$interval" ||
		    usage_error "--interval: '$interval' is neither N nor Nms" ;;
	esac
}

# random_rounds TARGET...: run in rounds, each a random order of its
# targets drawn from $seed (shuffle): $nmin rounds of every target (each
# LABEL=DIRECTORY with each number of files and clients), then, with
# --precision, rounds of the targets that fall short of it (imprecise)
# and have had fewer than $nmax runs, until there are none.
random_rounds() {
	note "run order: random, seed $seed (--seed $seed repeats it)"
	# The report keeps the order of the targets, not that of the runs.
	for t do
		labelorder=${labelorder:+$labelorder,}${t%%=*}
	done
	: >"$tmp/targets" || exit 1
	for c in $counts; do
		for n in $clients; do
			for t do
				printf '%s %s %s %s\n' "${t%%=*}" "$c" "$n" \
				    "${t#*=}" >>"$tmp/targets"
			done
		done
	done
	ntargets=$(wc -l <"$tmp/targets" | tr -d ' ')
	total=$((nmin * ntargets))
	[ "$nmin" -eq "$nmax" ] || total=$total-$((nmax * ntargets))
	rng=$((seed % 2147483646 + 1))
	todo=$("$AWK" -v n="$ntargets" -- 'BEGIN {
		for (i = 1; i <= n; i++)
			printf("%d ", i) }' </dev/null)
	round=1
	while [ -n "$todo" ]; do
		shuffle $todo
		for idx in $order; do
			sed -n "${idx}p" -- "$tmp/targets" >"$tmp/target"
			read -r t_label t_count t_clients t_dir <"$tmp/target"
			k=$((k + 1))
			run_one "$t_label" "$t_dir" "$t_count" "$t_clients" \
			    "[$k/$total] round $round"
			eval "runs_$idx=\$((\${runs_$idx:-0} + 1))"
		done
		round=$((round + 1))
		[ "$round" -le "$nmin" ] && continue
		todo=
		[ -n "$precision" ] || break
		imprecise
		for idx in $unreached; do
			eval "idx_runs=\$runs_$idx"
			[ "$idx_runs" -ge "$nmax" ] || todo="$todo $idx"
		done
	done
}

# shuffle N...: set order to the words N in a random order (Fisher-Yates)
# and advance the generator rng, Park and Miller's minimal standard
# (16807 x mod 2^31 - 1, exact in any awk's doubles), so that a seed gives
# the same order with every awk.
shuffle() {
	shuffle_out=$("$AWK" -v s="$rng" -- 'BEGIN {
		n = ARGC - 1
		for (i = 1; i <= n; i++)
			a[i] = ARGV[i]
		for (i = n; i > 1; i--) {
			s = (16807 * s) % 2147483647
			j = 1 + int(s / 2147483647 * i)
			t = a[i]
			a[i] = a[j]
			a[j] = t
		}
		printf("%d", s)
		for (i = 1; i <= n; i++)
			printf(" %s", a[i])
		print ""
	}' "$@" </dev/null) || exit 1
	rng=${shuffle_out%% *}
	order=${shuffle_out#* }
}

# imprecise: set unreached to the numbers (lines of $tmp/targets) of the
# targets whose 95% CI of transactions/s is not yet within $precision % of
# its mean, over every row of the CSV file (compare.awk's precision.tsv; a
# "-" in the target matches any number of files or clients).
imprecise() {
	rm -rf -- "$tmp/check" && mkdir -- "$tmp/check" || exit 1
	imprecise_pc=$perclient
	perclient=0
	statistics "$tmp/check" "" "" "$csv" 2>"$tmp/check.err" || {
		cat -- "$tmp/check.err" >&2
		exit 1
	}
	perclient=$imprecise_pc
	unreached=$("$AWK" -F '\t' -- '
		FILENAME != ARGV[2] {
			n++
			lab[n] = $1
			num[n] = $2
			ncl[n] = $3
			good[n] = $6
			next
		}
		{
			split($0, t, " ")
			seen = bad = 0
			for (i = 1; i <= n; i++)
				if (lab[i] == t[1] && (t[2] == "-" ||
				    num[i] == t[2]) && (t[3] == "-" ||
				    ncl[i] == t[3])) {
					seen = 1
					bad = bad || good[i] != 1
				}
			if (!seen || bad)
				printf("%d ", FNR)
		}' "$tmp/check/precision.tsv" "$tmp/targets" </dev/null) ||
	    exit 1
}

# precision_note: say on stderr which targets fell short of --precision.
precision_note() {
	imprecise
	if [ -z "$unreached" ]; then
		note "every target reached the precision of $precision%"
		return
	fi
	precision_note_s=
	for idx in $unreached; do
		sed -n "${idx}p" -- "$tmp/targets" >"$tmp/target"
		read -r t_label t_count t_clients t_dir <"$tmp/target"
		[ "$t_count" = - ] || t_label="$t_label, $t_count files"
		[ "$t_clients" = - ] || t_label="$t_label, $t_clients clients"
		precision_note_s="${precision_note_s:+$precision_note_s; }$t_label"
	done
	note "warning: precision of $precision% not reached after" \
	    "$nmax runs: $precision_note_s"
}

# sweep_list OPTION WHAT MAX LIST: print LIST (numbers separated by blanks
# or commas, given with OPTION) with blanks, or "-" when it is empty; a
# usage error unless each is a positive integer of at most MAX, a WHAT.
sweep_list() {
	sweep_list_n=0
	for sweep_list_v in $(printf '%s\n' "$4" | tr ',' ' '); do
		posint "$sweep_list_v" && [ "$sweep_list_v" -le "$3" ] ||
		    usage_error "$1: '$sweep_list_v' is not a valid $2"
		printf '%s ' "$sweep_list_v"
		sweep_list_n=$((sweep_list_n + 1))
	done
	[ "$sweep_list_n" -gt 0 ] || printf '%s' -
}

# nwords WORD...: print how many words there are.
nwords() {
	echo $#
}

# check_clients: have postmark check a "set clients" line of every count
# of $clients, in an empty directory of its own, before anything runs: a
# count above its limit, or a postmark without set clients, is refused
# with postmark's message.
check_clients() {
	mkdir -- "$tmp/check" || exit 1
	for n in $clients; do
		echo "set clients $n"
	done >"$tmp/check.in"
	echo quit >>"$tmp/check.in"
	(cd -- "$tmp/check" && exec "$pm" <"$tmp/check.in" >"$tmp/log" 2>&1) &
	wait_child
	[ "$st" -eq 0 ] && return
	grep -- '-:[0-9]' "$tmp/log" | pm_errors "$tmp/check.in" 0
	die "--clients: $pm refused a number of clients"
}

# run_one LABEL DIR COUNT CLIENTS WHAT: one postmark run of the config on
# DIR (an absolute path) in a new empty subdirectory, appending a row (or
# several, with several clients) to $csv.  COUNT and CLIENTS are "-" or
# the values of set number and set clients.  postmark reads the config's
# $cfglines lines and then the lines added here on its stdin.
run_one() {
	work=$(mktemp -d "$2/compare.XXXXXX") ||
	    die "cannot create a scratch directory in $2"
	{
		cat -- "$config"
		[ -z "$cfgend" ] || echo
		[ "$3" = - ] || echo "set number $3"
		[ "$4" = - ] || echo "set clients $4"
		[ -z "$interval" ] || echo "set interval $interval"
		echo "set location $work"
		echo "set label $1"
		echo "set report csv"
		echo "run $csv"
		echo "quit"
	} >"$tmp/input"
	before=$(wc -c <"$csv" | tr -d " ")
	what="$5: $1"
	[ "$3" = - ] || what="$what, $3 files"
	case $4 in
	-)	;;
	1)	what="$what, 1 client" ;;
	*)	what="$what, $4 clients" ;;
	esac
	note "$what"
	(cd -- "$work" && exec "$pm" <"$tmp/input" >"$tmp/log" 2>&1) &
	wait_child
	if ! rmdir -- "$work" 2>/dev/null; then
		note "warning: postmark left files in $work; removing them"
		rm -rf -- "$work"
	fi
	work=
	if [ "$st" -ne 0 ]; then
		tail -n 20 -- "$tmp/log" | pm_errors "$tmp/input" "$cfglines"
		die "postmark failed (exit $st) on target $1 ($2);" \
		    "rows so far are in $csv"
	fi
	after=$(wc -c <"$csv" | tr -d " ")
	[ "$after" -gt "$before" ] ||
	    die "postmark wrote no CSV row to $csv (is $pm this project's" \
	    "postmark, with set report csv?)"
}

# pm_errors INPUT NCONFIG: copy postmark's messages (stdin) to stderr, each
# after "postmark: ".  postmark read INPUT on stdin and names it "-", so
# "-:N: MESSAGE" (also after "postmark: ", as from a failed run) becomes
# "CONFIG:N: MESSAGE" for one of the first NCONFIG lines, those of the
# config, and names the line for one that was added: 'line added by PROG,
# "run FILE": MESSAGE'.
pm_errors() {
	CMP_PROG=$prog CMP_CONFIG=$cfgname CMP_LINES=$2 "$AWK" -- '
		NR == FNR {
			input[FNR] = $0
			next
		}
		{
			sub(/^postmark: /, "")
			if (match($0, /^-:[0-9]+: /)) {
				n = substr($0, 3, RLENGTH - 4) + 0
				m = substr($0, RLENGTH + 1)
				if (n <= ENVIRON["CMP_LINES"] + 0)
					$0 = ENVIRON["CMP_CONFIG"] ":" n ": " m
				else
					$0 = "line added by " \
					    ENVIRON["CMP_PROG"] ", \"" \
					    input[n] "\": " m
			}
			print "postmark: " $0
		}' "$1" - >&2
}

case ${1-} in
report)
	shift
	report_main "$@" ;;
help|-h|--help)
	usage ;;
*)
	run_main "$@" ;;
esac
