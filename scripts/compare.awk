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

# compare.awk: every number of scripts/compare.sh.  Reads postmark CSV files
# (schemas 1 to 4, results/README.md; columns selected by header name),
# keeps the rows whose status is "ok", groups them by label (in the order
# first seen), by `number` (file count) and by `clients` (1 in files of
# schema 1 and 2), and writes, into the directory named by the environment
# variable CMP_DATA:
#
#   report.txt  the text table
#   report.md   the same table in Markdown
#   labels      the labels in order, one per line
#   stats.tsv   per label, number, clients and measure: n, mean, 95 %
#               interval (plots)
#   steps.tsv   with CMP_BY: the Welch tests of adjacent groups (plots)
#   growth.tsv  from interval series: create rate and p99 latency against
#               the files alive, per target (plots)
#   precision.tsv  with CMP_PRECISION: per label, number and clients,
#               whether the interval of transactions/s is narrow enough
#               (compare.sh's run loop reads it)
#   vars.gp     gnuplot variables: titles, labels, measures, data flags
#               (loaded by plot-common.gp)
#
# Rows of runs and rows of clients (schema 3): a run writes one row with
# `client` "all" (no `client` column before schema 3) and, when it had
# several clients, one row per client right after it, with the client's
# number.  By default the run rows are the group members and client rows
# are counted but not used.  With CMP_PERCLIENT=1 every client is a member
# of its own, labelled "LABEL client N": the client rows are used, and a
# run row stands for client 0 when no client rows follow it (a run of one
# client, and every row of schema 1 and 2); a client row counts only when
# its run's row has status ok too.
#
# Grouping by another field (CMP_BY=FIELD): the value of the column FIELD
# takes the place of the label (`number` and `clients` then leave the key
# of the tables), the labels are in natural version order (natcmp(): 6.2
# before 6.10), and with CMP_SERIES=FIELD2 the value of FIELD2 is part of
# the key of the tables, so that each of its values is a line of the
# -series plot across the values of FIELD.  Adjacent values of FIELD are
# compared by Welch's test ("steps").
#
# Interval series (FILE.intervals.csv, schema 4): compare.sh names them
# after the CSV files, each after the assignment ivof=K (K: which CSV file
# it belongs to).  A run's rows are found as a block (the client, phase
# and interval numbers start again) and matched in order with the run rows
# of the same label that have `interval` set in the K-th CSV file; the
# block of a run whose status is not ok is not used, and the series of a
# label whose blocks and runs do not match one to one (count or iteration)
# are not used at all, with a warning.  Growth (creation phase): in each
# interval the clients' rates created / (end_s - start_s) are summed, their
# files alive summed and their p99 latencies combined by the maximum (an
# upper bound of the merged p99); with CMP_PERCLIENT each client is a line
# of its own.  A target's runs are pooled into bins of files alive as wide
# as the median of the runs' first interval (with `set interval N`, the N
# files of every client: one bin per interval); a bin shows the median
# files alive, rate and p99 of the intervals in it.
#
# Every field of the CSV, every file name and every label is text, never
# code: clean() replaces each control character by a blank before the text
# is used (a label is grouped, matched by CMP_LABELS and shown in that
# form), mdesc() escapes it for Markdown, and gpstr() is the one way text
# is written into gnuplot code.  Nothing here runs a command or uses text
# as a printf format.
#
# Environment: CMP_DATA (required), CMP_TITLE (what was compared: config or
# file names), CMP_LABELS (optional comma-separated labels: keep only these,
# in this order), CMP_ORDER (comma-separated labels that come first, in
# this order, before those first seen; with CMP_PERCLIENT their clients),
# CMP_PERCLIENT (1: one member per client, see above), CMP_BY and
# CMP_SERIES (fields, see above), CMP_PRECISION (a percentage: the
# precision table), CMP_RUNS (the runs asked for, MIN-MAX) and CMP_SEED
# (the seed of the run order), both only shown, CMP_RUNMODE (1: the
# targets were run to compare file systems: every label on tmpfs is
# warned about, not only one beside labels on other file systems),
# CMP_PROG (the name of the program for messages, default compare.sh).
# Errors go to stderr as "PROG: ..." and the exit status is 1.  Portable
# POSIX awk (tested with mawk, gawk --posix and the one true awk; busybox
# awk needs its math support compiled in).
#
# Methods, for every label L and measure:
#   n     rows with status ok in which the measure is not empty;
#   sd    sample standard deviation (divisor n - 1);
#   CI    mean +- t(0.975, n - 1) * sd / sqrt(n), Student t from the table
#         TT[] below (integer df <= 30) or by inverting the t distribution;
#   ratio mean(L) / mean(R), R the first label of the group, with a 95 %
#         interval by the delta method on the log ratio:
#         se^2 = sd(L)^2 / (n(L) mean(L)^2) + sd(R)^2 / (n(R) mean(R)^2),
#         ratio * exp(+-t(0.975, df) * se), df by Welch-Satterthwaite on
#         those two terms;
#   Welch t = (mean(R) - mean(L)) / sqrt(sd(R)^2/n(R) + sd(L)^2/n(L)) (the
#         sign of scipy.stats.ttest_ind(R, L, equal_var=False)), df by
#         Welch-Satterthwaite, and the two-sided p-value computed exactly
#         from the Student t distribution with a regularized incomplete
#         beta function (continued fraction, Numerical Recipes' betacf):
#         p = I_{df/(df+t^2)}(df/2, 1/2).  Significant when p < 0.05.
#
# With `awk -v selftest=1 -f compare.awk` the program checks its t table
# against the incomplete beta function and exits 0 when they agree.

BEGIN {
	MB = 1048576		# bytes in a MB, as PostMark
	FPMIN = 1e-300
	NUL = sprintf("%c", 0)	# "" in an awk that cannot hold NUL
	prog = ENVIRON["CMP_PROG"] == "" ? "compare.sh" : clean(ENVIRON["CMP_PROG"])
	init_ttable()
	init_measures()
	if (selftest) {
		selfstatus = selftest_run()
		exit selfstatus
	}
	data = ENVIRON["CMP_DATA"]
	if (data == "")
		fail("internal error: CMP_DATA is not set")
	title = clean(ENVIRON["CMP_TITLE"])
	perclient = ENVIRON["CMP_PERCLIENT"] == "1"
	by = clean(ENVIRON["CMP_BY"])
	series = clean(ENVIRON["CMP_SERIES"])
	if (series != "" && (by == "" || series == by))
		fail("internal error: CMP_SERIES without CMP_BY, or the same")
	# A table holds one number of files and one number of clients,
	# unless the groups or the lines are made of them.
	keynum = by != "number" && series != "number"
	keycl = by != "clients" && series != "clients"
	precision = ENVIRON["CMP_PRECISION"]
	if (precision != "" && !(isnum(precision) && precision > 0))
		fail("internal error: CMP_PRECISION is not a percentage")
	seed = clean(ENVIRON["CMP_SEED"])
	runsasked = clean(ENVIRON["CMP_RUNS"])
	runmode = ENVIRON["CMP_RUNMODE"] == "1"
	nwant = 0
	if (ENVIRON["CMP_LABELS"] != "") {
		nwant = split(clean(ENVIRON["CMP_LABELS"]), want, ",")
		for (i = 1; i <= nwant; i++) {
			if (want[i] in wanted)
				fail("label '" want[i] "' given twice")
			wanted[want[i]] = i
			label_index(want[i])
		}
	}
	if (ENVIRON["CMP_ORDER"] != "" && nwant == 0) {
		n = split(clean(ENVIRON["CMP_ORDER"]), a, ",")
		for (i = 1; i <= n; i++) {
			baserank[a[i]] = ++nbase
			if (!perclient)
				label_index(a[i])
		}
	}
	curfile = ""
	nfiles = 0
	used = 0
	skipped = 0
}

# Each physical line: join the lines of a quoted field that spans them,
# then treat the record as the file's header or as a data row, of a CSV
# file or (ivof set) of an interval series.
{
	if (FILENAME != curfile || FNR == 1) {
		if (pending != "")
			fail(curfile ":" pendline ": unterminated quoted field")
		flush_run()
		ivflush()
		lastgi = 0
		runst = "ok"
		curfile = FILENAME
		if (!ivof)
			files[++nfiles] = FILENAME
		hdrn = 0
		pending = ""
	}
	line = $0
	sub(/\r$/, "", line)
	if (pending == "" && line == "")
		next
	if (pending != "") {
		line = pending "\n" line
	} else
		pendline = FNR
	nf = csvsplit(line, fld)
	if (nf == -1) {
		pending = line
		next
	}
	pending = ""
	where = FILENAME ":" pendline
	if (nf == -2)
		fail(where ": malformed CSV: a quote inside " \
		    "an unquoted field or text after a closing quote")
	if (hdrn == 0) {
		if (ivof)
			ivheader(nf)
		else
			header(nf)
		next
	}
	if (nf == 1 && fld[1] == "")
		next
	if (ivof)
		ivrow(nf)
	else
		datarow(nf)
}

END {
	if (selftest)
		exit selfstatus
	if (failed)
		exit 1
	if (pending != "")
		fail(curfile ":" pendline ": unterminated quoted field")
	flush_run()
	ivflush()
	for (i = 1; i <= nfiles; i++)
		if (!(files[i] in sawheader))
			fail(files[i] ": empty file (no CSV header)")
	for (i = 1; i <= nwant; i++)
		if (nrows_label[i] == 0)
			fail("label '" want[i] "' not found in the ok rows " \
			    "(labels present: " present_labels() ")")
	if (used == 0)
		fail("no rows with status ok" (skipped ? \
		    " (" skipped " skipped: " skipped_text() ")" : ""))
	if (nwant == 0 && by != "")
		order_natural()
	else if (nwant == 0 && perclient)
		order_clients()
	sort_numbers()
	compute_all()
	growth_compute()
	write_reports()
	write_plot_data()
	exit 0
}

# fail(MSG): print "PROG: MSG" on stderr and exit 1.  Messages are
# appended to /dev/stderr: an awk that opens it as a file (gawk --posix)
# would otherwise truncate a standard error redirected to a file.
function fail(msg) {
	print prog ": " clean(msg) >> "/dev/stderr"
	failed = 1
	exit 1
}

# warn(MSG): print "PROG: warning: MSG" on stderr.
function warn(msg) {
	print prog ": warning: " clean(msg) >> "/dev/stderr"
}

# noctl(S, R): S with every control character (bytes 0-31 and 127: tab,
# line feed, carriage return, escape, NUL ...) replaced by R.
function noctl(s, r,    i) {
	gsub(/[\001-\037\177]/, r, s)
	if (NUL != "")
		while ((i = index(s, NUL)) > 0)
			s = substr(s, 1, i - 1) r substr(s, i + 1)
	return s
}

# clean(S): S as one line of plain text: each control character becomes a
# blank.  Applied to all text from outside (CSV fields, file names, labels)
# before it is used.
function clean(s) {
	return noctl(s, " ")
}

# replace(S, FROM, TO): S with every FROM replaced by TO, literally (no
# regular expression, no & or backslash processing in TO).
function replace(s, from, to,    out, i) {
	out = ""
	while ((i = index(s, from)) > 0) {
		out = out substr(s, 1, i - 1) to
		s = substr(s, i + length(from))
	}
	return out s
}

# csvsplit(S, F): split the RFC 4180 record S into F[1..n] and return n;
# -1 when a quoted field is still open at the end of S (the record goes on
# on the next line), -2 when S is malformed.
function csvsplit(s, f,    n, i, c, len, cur, inq, closed) {
	if (index(s, "\"") == 0)
		return split(s, f, ",")
	n = 0
	cur = ""
	inq = 0
	closed = 0
	len = length(s)
	for (i = 1; i <= len; i++) {
		c = substr(s, i, 1)
		if (inq) {
			if (c != "\"")
				cur = cur c
			else if (substr(s, i + 1, 1) == "\"") {
				cur = cur "\""
				i++
			} else {
				inq = 0
				closed = 1
			}
		} else if (c == ",") {
			f[++n] = cur
			cur = ""
			closed = 0
		} else if (closed)
			return -2
		else if (c == "\"") {
			if (cur != "")
				return -2
			inq = 1
		} else
			cur = cur c
	}
	if (inq)
		return -1
	f[++n] = cur
	return n
}

# header(NF): record the column names of the current file from fld[] and
# check that every column compare.sh needs is there.
function header(nf,    k) {
	columns(nf, "schema_version", "a postmark CSV header")
	sawheader[FILENAME] = 1
	need("label")
	need("status")
	need("number")
	if (by != "" && by != "number" && by != "clients")
		need(by)
	if (series != "" && series != "number" && series != "clients")
		need(series)
	for (k = 1; k <= nm; k++)
		if (!mopt[k])
			need(mcol[k])
}

# columns(NF, FIRST, WHAT): record the column names of the current file
# from fld[] (col[], hdrn); fail unless the first is FIRST, saying that
# the line is not WHAT.
function columns(nf, first, what,    i) {
	if (fld[1] != first)
		fail(where ": not " what " (first column '" fld[1] \
		    "', expected " first ")")
	split("", col)
	for (i = 1; i <= nf; i++)
		col[fld[i]] = i
	hdrn = nf
}

# need(NAME): fail unless the current header has the column NAME.
function need(name) {
	if (!(name in col))
		fail(FILENAME ": missing column '" name "' (not a postmark " \
		    "CSV of schema 1? see results/README.md)")
}

# get(NAME): the field of column NAME in the current row, "" when the file
# has no such (optional) column.
function get(name) {
	return (name in col) ? fld[col[name]] : ""
}

# isnum(S): true when S is a decimal number.
function isnum(s) {
	return s ~ /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/
}

# datarow(NF): check a data row (in fld[], from `where`) and pass it on:
# a run row to userow(), or, with CMP_PERCLIENT, to hold_run(); a client
# row to userow() with CMP_PERCLIENT, else only counted.
function datarow(nf,    v, cl, st) {
	if (nf != hdrn)
		fail(where ": malformed CSV: " nf " fields, " \
		    "the header has " hdrn)
	v = fld[1]
	if (v == "schema_version")
		return	# a repeated header, as from `cat a.csv b.csv`
	if (v !~ /^[1-9][0-9]*$/)
		fail(where ": bad schema_version '" v "'")
	cl = get("client")
	if (cl == "" || cl == "all") {
		regrun()
		if (perclient)
			hold_run(nf)
		else {
			lastgi = 0
			userow(get("status"), "")
		}
		return
	}
	if (cl !~ /^[0-9]+$/)
		fail(where ": column client: '" cl "' is neither all nor " \
		    "a client number")
	if (!perclient) {
		nclientrows++
		if (lastgi)
			multi[lastgi] = 1
		return
	}
	if (held) {
		held = 0	# the run row: its clients stand for it
		if (runst == "ok")
			nrunrows++
	}
	st = get("status")
	userow(st == "ok" ? runst : st, cl + 0)
}

# hold_run(NF): with CMP_PERCLIENT, keep the run row in fld[] until the
# next row shows whether client rows follow it; first pass on the row held
# before, which had none.
function hold_run(nf,    w) {
	w = where
	copyrow(fld, newrow, nf)
	flush_run()
	copyrow(newrow, heldrow, nf)
	heldn = nf
	heldwhere = where = w
	held = 1
	runst = heldrow[col["status"]]
}

# flush_run(): pass on the held run row, if any, as client 0: no client
# rows followed it.
function flush_run() {
	if (!held)
		return
	held = 0
	copyrow(heldrow, fld, heldn)
	where = heldwhere
	userow(get("status"), 0)
}

# copyrow(FROM, TO, N): TO[1..N] = FROM[1..N], nothing else in TO.
function copyrow(from, to, n,    i) {
	split("", to)
	for (i = 1; i <= n; i++)
		to[i] = from[i]
}

# userow(STATUS, CLIENT): count a row of STATUS other than ok as skipped,
# or store the values of the row in fld[] under its label (rowlabel():
# the label or the value of CMP_BY, followed by " client CLIENT" unless
# CLIENT is "") and in the group of its number of files, clients and
# CMP_SERIES value.
function userow(st, client,    v, base, lab, li, num, ncl, gi, k, key,
    sig) {
	if (st != "ok") {
		sub(/:.*/, "", st)
		st = clean(st)
		if (st == "")
			st = "empty status"
		skipkind[st]++
		skipped++
		return
	}
	lab = rowlabel()
	base = lab
	if (client != "")
		lab = lab " client " client
	if (!(lab in seenlab)) {
		seenlab[lab] = 1
		seenorder[++nseen] = lab
	}
	if (nwant > 0 && !(lab in wanted))
		return
	num = rownumber()
	ncl = rowclients()
	if (!(lab in lidx) && client != "") {
		if (!(base in baserank))
			baserank[base] = ++nbase
		lrank[nl + 1] = baserank[base]
		lclient[nl + 1] = client
	}
	li = label_index(lab)
	gi = group_index(keynum ? num : 0, keycl ? ncl : 1, \
	    series == "" ? "" : rowfield(series))
	lastgi = gi
	used++
	nrows_label[li]++
	nrows[li, gi]++
	addinfo(li, "host", get("host"))
	addinfo(li, "kernel", get("kernel"))
	addinfo(li, "fs", fsdesc(get("fs_types"), get("fs_options")))
	rowflags(lab, gi)
	sig = get("transactions") SUBSEP get("size_low") SUBSEP \
	    get("size_high") SUBSEP get("read_block") SUBSEP \
	    get("write_block") SUBSEP get("buffering") SUBSEP \
	    get("bias_read") SUBSEP get("bias_create") SUBSEP \
	    get("subdirectories") SUBSEP get("seed") SUBSEP get("sync") \
	    SUBSEP get("dirsync") SUBSEP get("direct") SUBSEP get("cache")
	if (!(sig in sigs)) {
		sigs[sig] = 1
		nsig++
		if (nsig == 1)
			workload = clean(describe_workload())
	}
	for (k = 1; k <= nm; k++) {
		v = get(mcol[k])
		if (v == "")
			continue	# not measured
		if (!isnum(v))
			fail(where ": column " mcol[k] ": '" \
			    v "' is not a number")
		key = li SUBSEP gi SUBSEP k
		val[key, ++cnt[key]] = v * mscale[k]
	}
}

# rowlabel(): the label of the current row in fld[]: its `label`, or with
# CMP_BY the value of that field (rowfield()).
function rowlabel(    lab) {
	if (by != "" && by != "label")
		return rowfield(by)
	lab = clean(get("label"))
	if (lab == "")
		fail(where ": empty label: compare.sh groups " \
		    "rows by label (write `set label TEXT` in the config)")
	return lab
}

# rowfield(NAME): the value of the field NAME of the current row, as text:
# the checked number of files or clients, "(empty)" for an empty field.
function rowfield(name,    v) {
	if (name == "number")
		return rownumber()
	if (name == "clients")
		return rowclients()
	v = clean(get(name))
	return v == "" ? "(empty)" : v
}

# rownumber(): the number of files of the current row; fail unless it is
# a number.
function rownumber(    num) {
	num = get("number")
	if (!isnum(num))
		fail(where ": column number: '" num "' is " \
		    "not a number")
	return num + 0
}

# rowclients(): the number of clients of the current row (1 in files of
# schema 1 and 2); fail unless it is a positive integer.
function rowclients(    ncl) {
	ncl = get("clients")
	if (ncl == "")
		return 1
	if (ncl !~ /^[1-9][0-9]*$/)
		fail(where ": column clients: '" ncl "' is not a " \
		    "number of clients")
	return ncl + 0
}

# group_index(NUM, NCL, SER): the index of the group of NUM files, NCL
# clients and series value SER, added when new.
function group_index(num, ncl, ser) {
	if (!((num, ncl, ser) in gidx)) {
		gidx[num, ncl, ser] = ++ng
		numv[ng] = num
		cliv[ng] = ncl
		serv[ng] = ser
	}
	return gidx[num, ncl, ser]
}

# rowflags(LABEL, GI): note what the current row, a member of LABEL in
# group GI, says about validity: whether it ran on tmpfs or on another
# known file system (onfs[LABEL, "tmpfs"], onfs[LABEL, "other"]), its
# run warnings (the `warnings` column: each counted by its text with the
# numbers masked, and shown as first seen), and, when the groups are made
# of another field than the label, which labels a group mixes.
function rowflags(lab, gi,    n, i, a, t, other, w, k) {
	n = split(get("fs_types"), a, ";")
	t = other = 0
	for (i = 1; i <= n; i++) {
		if (a[i] == "tmpfs")
			t = 1
		else if (a[i] != "" && a[i] != "unknown")
			other = 1
	}
	if (t)
		onfs[lab, "tmpfs"] = 1
	else if (other)
		onfs[lab, "other"] = 1
	n = split(get("warnings"), a, "; ")
	for (i = 1; i <= n; i++) {
		w = clean(a[i])
		if (w == "")
			continue
		k = w
		gsub(/[0-9]+([.][0-9]+)?/, "N", k)
		if (!((lab, k) in wcount)) {
			wkey[lab, ++nwkey[lab]] = k
			wtext[lab, k] = w
		}
		wcount[lab, k]++
	}
	if (by != "" && by != "label" && series != "label") {
		w = clean(get("label"))
		if (!((lab, gi, w) in mixseen)) {
			mixseen[lab, gi, w] = 1
			nmix[lab, gi]++
		}
	}
}

# regrun(): remember a run row that has an interval series (`interval`
# set) as the next run of its label in the current CSV file: its
# iteration, files created in the creation phase and MPI ranks, and when
# its status is ok the line of the growth plot it belongs to (its table
# label, series value and number of clients), for ivflush() to match its
# block of FILE.intervals.csv with.
function regrun(    raw, k, key) {
	if (get("interval") == "" || get("interval") == "0")
		return
	raw = clean(get("label"))
	k = ++nreg[nfiles, raw]
	key = nfiles SUBSEP raw SUBSEP k
	regiter[key] = get("iteration")
	regmade[key] = get("created_alone") + 0
	regranks[key] = get("ranks") == "" ? 1 : get("ranks") + 0
	if (get("status") != "ok")
		return
	regok[key] = 1
	reglab[key] = rowlabel()
	regser[key] = series == "" ? "" : rowfield(series)
	regcl[key] = rowclients()
}

# ivheader(NF): the header of an interval series (FILE.intervals.csv)
# from fld[]: check the columns growth_compute() needs.
function ivheader(nf,    i, n, names) {
	columns(nf, "iteration", "the header of a postmark interval series")
	n = split("label client phase interval start_s end_s files_alive " \
	    "created create_p99_us", names, " ")
	for (i = 1; i <= n; i++)
		if (!(names[i] in col))
			fail(FILENAME ": missing column '" names[i] "' (not " \
			    "a postmark interval series? see results/README.md)")
	ivname[ivof] = clean(FILENAME)
}

# ivrow(NF): a row of an interval series, from fld[].  A row whose label
# or iteration differs from the row before, or whose client, phase and
# interval do not come after that row's, starts the block of a new run
# (ivflush()).  Of the creation phase, sum the clients' files alive and
# rates in the interval and keep the largest p99 latency (per client with
# CMP_PERCLIENT).
function ivrow(nf,    raw, it, c, ph, po, i, t0, t1, alive, made, p, key) {
	if (nf != hdrn)
		fail(where ": malformed CSV: " nf " fields, " \
		    "the header has " hdrn)
	if (fld[1] == "iteration")
		return	# a repeated header
	raw = clean(get("label"))
	it = get("iteration")
	c = get("client")
	ph = get("phase")
	i = get("interval")
	po = ph == "creation" ? 1 : ph == "transactions" ? 2 : \
	    ph == "deletion" ? 3 : 0
	if (c !~ /^[0-9]+$/ || i !~ /^[0-9]+$/ || !po)
		fail(where ": not an interval row (client '" c "', phase '" \
		    ph "', interval '" i "')")
	c += 0
	i += 0
	if (!ivopen || raw != ivraw || it != ivit || c < ivc || (c == ivc && \
	    (po < ivpo || (po == ivpo && i <= ivi)))) {
		ivflush()
		ivopen = 1
		ivraw = raw
		ivit = it
	}
	ivc = c
	ivpo = po
	ivi = i
	if (po != 1)
		return
	t0 = get("start_s")
	t1 = get("end_s")
	alive = get("files_alive")
	made = get("created")
	p = get("create_p99_us")
	if (!isnum(t0) || !isnum(t1) || !isnum(alive) || !isnum(made) || \
	    (p != "" && !isnum(p)))
		fail(where ": a time, count or latency of the interval is " \
		    "not a number")
	ivsum += made
	if (t1 - t0 <= 0)
		return
	key = perclient ? c : "all"
	ivalive[key, i] += alive
	ivrate[key, i] += made / (t1 - t0)
	if (p != "" && (!((key, i) in ivp99) || p + 0 > ivp99[key, i]))
		ivp99[key, i] = p + 0
	if (!(key in ivmax) || i > ivmax[key])
		ivmax[key] = i
}

# ivflush(): end the block of the run being read, if any, and find its
# run among the runs of its label in the CSV file it belongs to
# (regrun()), after the run matched last (nxt[]): a run whose status is
# ok always wrote a block, one that failed (or a warm-up run) wrote the
# intervals it completed, maybe none, so the runs that are not ok and
# cannot be this block's (another iteration, fewer files created than the
# block's) are passed over.  The run found must have the block's iteration
# and, when ok, have created the block's files (rank 0's: the files of the
# run over its MPI ranks).  Then, when the run is ok, the block's creation
# intervals become series sx, sy, sp (files alive, rate, p99) of its line;
# when no run fits, the label's series of that file are not used
# (badser[], growth_compute()).
function ivflush(    f, k, key, c, id, i, n) {
	if (!ivopen)
		return
	ivopen = 0
	f = ivof SUBSEP ivraw
	for (k = nxt[f] + 1; k <= nreg[f]; k++) {
		key = f SUBSEP k
		if ((key in regok) || (regiter[key] == ivit && \
		    ivsum <= regmade[key]))
			break
	}
	if (k > nreg[f] || regiter[key] != ivit || ((key in regok) && \
	    ivsum * regranks[key] != regmade[key])) {
		badser[f] = 1
		nxt[f] = nreg[f]
	} else if (key in regok) {
		for (c in ivmax) {
			id = ++nser
			sfile[id] = ivof
			sraw[id] = ivraw
			sline[id] = reglab[key] (c == "all" ? "" : " client " c) \
			    SUBSEP regser[key] SUBSEP regcl[key]
			n = 0
			for (i = 0; i <= ivmax[c]; i++) {
				if (!((c, i) in ivalive))
					continue
				sx[id, ++n] = ivalive[c, i]
				sy[id, n] = ivrate[c, i]
				sp[id, n] = (c, i) in ivp99 ? ivp99[c, i] : ""
			}
			sn[id] = n
		}
	}
	if (!(f in badser))
		nxt[f] = k
	ivsum = 0
	split("", ivalive)
	split("", ivrate)
	split("", ivp99)
	split("", ivmax)
}

# growth_compute(): the lines of the growth plot and table from the series
# that ivflush() kept.  A label of a CSV file whose series and runs (with
# `interval` set) do not match one to one is warned about and left out.
# A line is a table label with a series value and, when the lines have
# several numbers of clients, a number of clients; one whose label has no
# row in the tables (-l) is left out.  Its series are pooled into bins of
# files alive (see the top of the file): glx, gly, glp (median files
# alive, rate, p99 of bin M of line G, M = 1..gnb[G]), glc (intervals in
# it), glruns[G] (series pooled).
function growth_compute(    k, p, id, lk, multi, cl, g, n, w, wid, b, m,
    bins, nb, i, j, xs, ys, ps, np, ord) {
	# An ok run left without a block: the series do not fit the runs.
	for (k in nreg) {
		split(k, p, SUBSEP)
		if (!(p[1] in ivname))
			continue
		for (i = nxt[k] + 1; i <= nreg[k]; i++)
			if ((k, i) in regok)
				badser[k] = 1
	}
	for (k in badser) {
		split(k, p, SUBSEP)
		warn(ivname[p[1]] ": label '" p[2] "': the interval series " \
		    "do not match the runs of " clean(files[p[1]]) \
		    " (their order, iterations or files created): not used")
	}
	multi = 0
	for (id = 1; id <= nser; id++) {
		split(sline[id], p, SUBSEP)
		if (id > 1 && p[3] != cl)
			multi = 1
		cl = p[3]
	}
	ngl = 0
	for (id = 1; id <= nser; id++) {
		if ((sfile[id], sraw[id]) in badser || sn[id] == 0)
			continue
		split(sline[id], p, SUBSEP)
		if (!(p[1] in lidx))
			continue
		lk = p[1] SUBSEP p[2] SUBSEP (multi ? p[3] : "")
		if (!(lk in glidx)) {
			glidx[lk] = ++ngl
			gllab[ngl] = p[1]
			glser[ngl] = p[2]
			glcl[ngl] = multi ? p[3] : ""
		}
		g = glidx[lk]
		glruns[g]++
		if (sx[id, 1] > 0)
			glw[g, ++glnw[g]] = sx[id, 1]
		for (i = 1; i <= sn[id]; i++) {
			n = ++glnp[g]
			glpx[g, n] = sx[id, i]
			glpy[g, n] = sy[id, i]
			glpp[g, n] = sp[id, i]
		}
	}
	for (g = 1; g <= ngl; g++) {
		for (i = 1; i <= glnw[g]; i++)
			w[i] = glw[g, i]
		wid = glnw[g] ? median(w, glnw[g]) : 1
		split("", bins)
		nb = 0
		for (i = 1; i <= glnp[g]; i++) {
			b = int(glpx[g, i] / wid)
			if (b * wid < glpx[g, i])
				b++
			if (!(b in bins))
				bins[b] = ++nb
			m = bins[b]
			binof[nb] = b
			j = ++bn[m]
			bx[m, j] = glpx[g, i]
			by_[m, j] = glpy[g, i]
			if (glpp[g, i] != "")
				bp[m, ++bnp[m]] = glpp[g, i]
		}
		order(ord, nb, "bins")	# by files alive
		gnb[g] = nb
		for (i = 1; i <= nb; i++) {
			m = ord[i]
			for (j = 1; j <= bn[m]; j++) {
				xs[j] = bx[m, j]
				ys[j] = by_[m, j]
			}
			glx[g, i] = median(xs, bn[m])
			gly[g, i] = median(ys, bn[m])
			np = bnp[m] + 0
			for (j = 1; j <= np; j++)
				ps[j] = bp[m, j]
			glp[g, i] = np ? median(ps, np) : ""
			glc[g, i] = bn[m]
		}
		split("", bn)
		split("", bnp)
	}
	order(glord, ngl, "lines")
}

# line_before(A, B): whether growth line A comes before line B: in the
# order of their table labels, then of their series values (natural
# order), then of their numbers of clients.
function line_before(a, b) {
	if (gllab[a] != gllab[b])
		return lidx[gllab[a]] < lidx[gllab[b]]
	if (glser[a] != glser[b])
		return natcmp(glser[a], glser[b]) < 0
	return glcl[a] < glcl[b]
}

# linename(G): the name of growth line G: its label, then its series
# value and number of clients when it has them.
function linename(g,    s) {
	s = gllab[g]
	if (glser[g] != "")
		s = s ", " series " " glser[g]
	if (glcl[g] != "")
		s = s ", " glcl[g] (glcl[g] == 1 ? " client" : " clients")
	return s
}

# median(A, N): the median of A[1..N] (N > 0), A left as it was.
function median(a, n,    t, i) {
	for (i = 1; i <= n; i++)
		t[i] = a[i] + 0
	isort(t, n, "")
	if (n % 2)
		return t[(n + 1) / 2]
	return (t[n / 2] + t[n / 2 + 1]) / 2
}

# label_index(LABEL): the 1-based index of LABEL, added when new.
function label_index(lab) {
	if (!(lab in lidx)) {
		lidx[lab] = ++nl
		labv[nl] = lab
	}
	return lidx[lab]
}

# order_clients(): put the labels of CMP_PERCLIENT in the order of their
# run labels (first seen) and, within one, of the client numbers.
function order_clients(    ord) {
	order(ord, nl, "clients")
	reorder(ord)
}

# order_natural(): put the labels in natural version order (natcmp()),
# which is also that of the client numbers within a label.
function order_natural(    ord) {
	order(ord, nl, "natural")
	reorder(ord)
}

# order(A, N, HOW): A[1..N] = the numbers 1 to N in the order HOW (of the
# things they number, see before()).
function order(a, n, how,    i) {
	for (i = 1; i <= n; i++)
		a[i] = i
	isort(a, n, how)
}

# isort(A, N, HOW): sort A[1..N] in the order HOW (before()); an insertion
# sort, stable, for the short lists here.
function isort(a, n, how,    i, j, t) {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && before(how, a[j], a[j - 1]); j--) {
			t = a[j]
			a[j] = a[j - 1]
			a[j - 1] = t
		}
}

# before(HOW, X, Y): whether X comes before Y in the order HOW: "groups"
# (group indices, group_before()), "lines" (growth lines, line_before()),
# "bins" (bins by their number, binof[]), "clients" (labels of
# CMP_PERCLIENT by their run label's rank, then client number), "natural"
# (labels by natcmp()), else by value (numbers as numbers, text as text).
function before(how, x, y) {
	if (how == "groups")
		return group_before(x, y)
	if (how == "lines")
		return line_before(x, y)
	if (how == "bins")
		return binof[x] < binof[y]
	if (how == "clients")
		return lrank[x] < lrank[y] || \
		    (lrank[x] == lrank[y] && lclient[x] < lclient[y])
	if (how == "natural")
		return natcmp(labv[x], labv[y]) < 0
	return x < y
}

# natcmp(A, B): -1, 0 or 1 as A comes before, with or after B in natural
# version order: the strings are compared piece by piece, a piece being a
# run of digits or a run of other characters; runs of digits compare as
# numbers (of any length), other runs as strings, a number comes before
# text, and a string that is a prefix of the other comes first: 6.1 <
# 6.1.0-18-amd64 < 6.2.0 < 6.10 < 6.10.1.  Strings whose pieces tie (6.01
# and 6.1) are ordered as strings.
function natcmp(a, b,    oa, ob, ta, tb, da, db) {
	oa = a = a ""
	ob = b = b ""
	while (a != "" && b != "") {
		da = match(a, /^[0-9]+/)
		if (!da)
			match(a, /^[^0-9]+/)
		ta = substr(a, 1, RLENGTH)
		a = substr(a, RLENGTH + 1)
		db = match(b, /^[0-9]+/)
		if (!db)
			match(b, /^[^0-9]+/)
		tb = substr(b, 1, RLENGTH)
		b = substr(b, RLENGTH + 1)
		if (da != db)
			return da ? -1 : 1
		if (da) {
			sub(/^0+/, "", ta)
			sub(/^0+/, "", tb)
			if (length(ta) != length(tb))
				return length(ta) < length(tb) ? -1 : 1
		}
		if (ta != tb)
			return ta < tb ? -1 : 1
	}
	if (a != b)
		return a == "" ? -1 : 1
	if (oa == ob)
		return 0
	return oa < ob ? -1 : 1
}

# reorder(ORD): make ORD[1..nl], old label indices, the new order of the
# labels, and renumber every array indexed by label.
function reorder(ord,    i, newof, tl, tn) {
	for (i = 1; i <= nl; i++) {
		newof[ord[i]] = i
		tl[i] = labv[ord[i]]
		tn[i] = nrows_label[ord[i]]
	}
	for (i = 1; i <= nl; i++) {
		labv[i] = tl[i]
		lidx[tl[i]] = i
		nrows_label[i] = tn[i]
	}
	rekey(nrows, newof)
	rekey(info, newof)
	rekey(cnt, newof)
	rekey(val, newof)
}

# rekey(A, NEWOF): replace the first subscript I of every key of A by
# NEWOF[I].
function rekey(a, newof,    k, p, n, i, nk, t) {
	for (k in a) {
		n = split(k, p, SUBSEP)
		nk = newof[p[1]]
		for (i = 2; i <= n; i++)
			nk = nk SUBSEP p[i]
		t[nk] = a[k]
	}
	split("", a)
	for (k in t)
		a[k] = t[k]
}

# present_labels(): the labels of the ok rows, for error messages.
function present_labels(    i, s) {
	s = ""
	for (i = 1; i <= nseen; i++)
		s = s (i > 1 ? ", " : "") seenorder[i]
	return s == "" ? "none" : s
}

# skipped_text(): "1 error, 2 interrupted": the skipped statuses (the
# text before any colon), sorted.
function skipped_text(    s, k, n, i, keys) {
	n = 0
	for (k in skipkind)
		keys[++n] = k
	isort(keys, n, "")
	s = ""
	for (i = 1; i <= n; i++)
		s = s (i > 1 ? ", " : "") skipkind[keys[i]] " " keys[i]
	return s
}

# fsdesc(TYPES, OPTIONS): "ext4 (rw,relatime)".
function fsdesc(t, o) {
	if (t == "")
		return ""
	return o == "" ? t : t " (" o ")"
}

# addinfo(LI, WHAT, VALUE): remember a distinct metadata value of a label
# (cleaned).
function addinfo(li, what, v) {
	v = clean(v)
	if (v == "" || (li, what, v) in infoseen)
		return
	infoseen[li, what, v] = 1
	info[li, what] = info[li, what] (info[li, what] == "" ? "" : ", ") v
}

# describe_workload(): the workload of the current row in words.
function describe_workload(    s, lo, hi) {
	lo = get("size_low")
	hi = get("size_high")
	s = get("transactions") " transactions"
	if (lo != "")
		s = s ", " (lo == hi ? lo : lo "-" hi) " bytes"
	if (get("read_block") != "")
		s = s ", blocks " get("read_block") "/" get("write_block")
	if (get("buffering") != "")
		s = s (get("buffering") == "1" ? ", buffered" : ", unbuffered")
	if (get("bias_read") != "")
		s = s ", bias " get("bias_read") "/" get("bias_create")
	if (get("subdirectories") != "" && get("subdirectories") != "0")
		s = s ", " get("subdirectories") " subdirectories"
	if (get("seed") != "")
		s = s ", seed " get("seed")
	# Schema 2's durability and cache columns, when not the defaults.
	if (get("sync") != "" && get("sync") != "none")
		s = s ", sync " get("sync")
	if (get("dirsync") == "1")
		s = s ", dirsync"
	if (get("direct") == "1")
		s = s ", O_DIRECT"
	if (get("cache") != "" && get("cache") != "warm")
		s = s ", cache " get("cache")
	return s
}

# sort_numbers(): order the groups by ascending file count, then by
# ascending number of clients, then by series value in natural order
# (gord[]).
function sort_numbers() {
	order(gord, ng, "groups")
}

# group_before(A, B): true when group A comes before group B.
function group_before(a, b) {
	if (numv[a] != numv[b])
		return numv[a] < numv[b]
	if (cliv[a] != cliv[b])
		return cliv[a] < cliv[b]
	return natcmp(serv[a], serv[b]) < 0
}

# addm(KEY, COLUMN, SCALE, NAME, UNIT, KIND, TABLE, OP, XPOS): declare a
# measure: KEY names it in the plot data, COLUMN is the CSV column, values
# are multiplied by SCALE; NAME and UNIT label the tables and axes; KIND is
# rate, time or lat; TABLE 1 puts it in the report table; OP and XPOS place
# latency percentiles on the ladder plot.
function addm(key, c, scale, name, unit, kind, table, op, xpos) {
	nm++
	mkey[nm] = key
	mindex[key] = nm
	mcol[nm] = c
	mscale[nm] = scale
	mname[nm] = name
	munit[nm] = unit
	mkind[nm] = kind
	mtable[nm] = table
	mop[nm] = op
	mxpos[nm] = xpos
}

# addopt(COLUMN, NAME, UNIT, KIND, AFTER): declare an optional measure of
# schema 3, the column as it is: a file may lack it, and the table shows it
# after the measure AFTER, only for groups of several clients (showopt()).
function addopt(c, name, unit, kind, after) {
	addm(c, c, 1, name, unit, kind, 1)
	mopt[nm] = 1
	mafter[nm] = after
}

# init_measures(): the measures of the report, and tord[1..nt], the order
# of the rows of the table.
function init_measures(    ops, pct, pname, i, j) {
	nm = 0
	addm("transactions_per_s", "transactions_per_s", 1,
	    "transactions/s", "transactions/s", "rate", 1)
	addm("created_alone_per_s", "created_alone_per_s", 1,
	    "creates/s alone", "files/s", "rate", 1)
	addm("created_mixed_per_s", "created_mixed_per_s", 1,
	    "creates/s mixed", "files/s", "rate", 1)
	addm("deleted_per_s", "deleted_per_s", 1,
	    "deletes/s", "files/s", "rate", 1)
	addm("deleted_alone_per_s", "deleted_alone_per_s", 1,
	    "deletes/s alone", "files/s", "rate", 1)
	addm("deleted_mixed_per_s", "deleted_mixed_per_s", 1,
	    "deletes/s mixed", "files/s", "rate", 1)
	addm("read_mb_per_s", "read_bytes_per_s", 1 / MB,
	    "read MB/s", "MB/s (MB = 1048576 bytes)", "rate", 1)
	addm("write_mb_per_s", "written_bytes_per_s", 1 / MB,
	    "write MB/s", "MB/s (MB = 1048576 bytes)", "rate", 1)
	addm("elapsed_s", "elapsed_s", 1,
	    "elapsed s", "seconds", "time", 1)
	nbar = nm
	split("create read append delete", ops, " ")
	split("p50 p90 p99 p999", pct, " ")
	split("p50 p90 p99 p99.9", pname, " ")
	for (i = 1; i <= 4; i++)
		for (j = 1; j <= 4; j++)
			addm(ops[i] "_" pct[j] "_us",
			    ops[i] "_" pct[j] "_us", 1,
			    ops[i] " " pname[j] " us", "microseconds", "lat",
			    j == 1 || j == 3, ops[i], j)
	addopt("transactions_stonewall_per_s", "stonewall transactions/s",
	    "transactions/s", "rate", "transactions_per_s")
	addopt("balance", "balance", "fastest / slowest client", "ratio",
	    "elapsed_s")
	# The panels of the -series plot, whose steps are tested.
	nsmeas = split("transactions_per_s created_alone_per_s " \
	    "deleted_alone_per_s create_p99_us read_p99_us delete_p99_us",
	    ops, " ")
	for (i = 1; i <= nsmeas; i++)
		smeas[i] = mindex[ops[i]]
	# The order of the table: each optional measure after its AFTER.
	nt = 0
	for (i = 1; i <= nm; i++) {
		if (mopt[i])
			continue
		tord[++nt] = i
		for (j = 1; j <= nm; j++)
			if (mopt[j] && mafter[j] == mkey[i])
				tord[++nt] = j
	}
}

# init_ttable(): t(0.975, df) for df = 1..30, the two-sided 95 % critical
# values of Student's t (standard tables, checked by the selftest).
function init_ttable(    s, n, i, a) {
	s = "12.706205 4.302653 3.182446 2.776445 2.570582 2.446912 " \
	    "2.364624 2.306004 2.262157 2.228139 2.200985 2.178813 " \
	    "2.160369 2.144787 2.131450 2.119905 2.109816 2.100922 " \
	    "2.093024 2.085963 2.079614 2.073873 2.068658 2.063899 " \
	    "2.059539 2.055529 2.051831 2.048407 2.045230 2.042272"
	n = split(s, a, " ")
	for (i = 1; i <= n; i++)
		TT[i] = a[i] + 0
	NTT = n
}

# lgam(X): log Gamma(X) for X > 0 (Lanczos, as Numerical Recipes' gammln).
function lgam(xx,    x, y, tmp, ser) {
	x = xx
	y = xx
	tmp = x + 5.5
	tmp -= (x + 0.5) * log(tmp)
	ser = 1.000000000190015
	ser += 76.18009172947146 / ++y
	ser += -86.50532032941677 / ++y
	ser += 24.01409824083091 / ++y
	ser += -1.231739572450155 / ++y
	ser += 0.1208650973866179e-2 / ++y
	ser += -0.5395239384953e-5 / ++y
	return -tmp + log(2.5066282746310005 * ser / x)
}

function fabs(x) {
	return x < 0 ? -x : x
}

# nonzero(X): X, or FPMIN when X is nearer to zero than that (Lentz's guard
# against dividing by zero).
function nonzero(x) {
	return fabs(x) < FPMIN ? FPMIN : x
}

# betacf(A, B, X): the continued fraction of the incomplete beta function
# (modified Lentz, Numerical Recipes' betacf).
function betacf(a, b, x,    m, m2, aa, c, d, del, h, qab, qap, qam) {
	qab = a + b
	qap = a + 1
	qam = a - 1
	c = 1
	d = 1 / nonzero(1 - qab * x / qap)
	h = d
	for (m = 1; m <= 1000; m++) {
		m2 = 2 * m
		# The even step of the recurrence, then the odd one.
		aa = m * (b - m) * x / ((qam + m2) * (a + m2))
		d = 1 / nonzero(1 + aa * d)
		c = nonzero(1 + aa / c)
		h *= d * c
		aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
		d = 1 / nonzero(1 + aa * d)
		c = nonzero(1 + aa / c)
		del = d * c
		h *= del
		if (fabs(del - 1) < 1e-15)
			break
	}
	return h
}

# betai(A, B, X): the regularized incomplete beta function I_X(A, B).
function betai(a, b, x,    bt) {
	if (x <= 0)
		return 0
	if (x >= 1)
		return 1
	bt = lgam(a + b) - lgam(a) - lgam(b) + a * log(x) + b * log(1 - x)
	bt = bt < -700 ? 0 : exp(bt)	# no underflow warnings
	if (x < (a + 1) / (a + b + 2))
		return bt * betacf(a, b, x) / a
	return 1 - bt * betacf(b, a, 1 - x) / b
}

# tpval(T, DF): two-sided p-value of Student's t with DF degrees of freedom.
function tpval(t, df) {
	return betai(df / 2, 0.5, df / (df + t * t))
}

# tinv_bisect(DF): t(0.975, DF) by bisection on tpval; any real DF > 0.
function tinv_bisect(df,    lo, hi, mid, i) {
	lo = 0
	hi = 1e7
	for (i = 0; i < 200; i++) {
		mid = (lo + hi) / 2
		if (tpval(mid, df) > 0.05)
			lo = mid
		else
			hi = mid
	}
	return (lo + hi) / 2
}

# tcrit(DF): t(0.975, DF): the table for integer DF <= 30, else bisection.
function tcrit(df) {
	if (df == int(df) && df >= 1 && df <= NTT)
		return TT[df]
	return tinv_bisect(df)
}

# selftest_run(): compare the t table with the incomplete beta function and
# a few exact p-values; return 0 when all agree.
function selftest_run(    i, t, bad, p) {
	bad = 0
	for (i = 1; i <= NTT; i++) {
		t = tinv_bisect(i)
		if (fabs(t - TT[i]) > 1e-5) {
			printf("t(0.975, %d): table %s, computed %.6f\n",
			    i, TT[i], t)
			bad++
		}
	}
	# Cauchy (df 1): P(|T| > 1) = 1/2; df 2: P(|T| > t) = 1 -
	# t / sqrt(2 + t^2), so t = 2 gives 1 - 2 / sqrt(6).
	p = tpval(1, 1)
	if (fabs(p - 0.5) > 1e-10) {
		printf("p(1, 1) = %.12f, want 0.5\n", p)
		bad++
	}
	p = tpval(2, 2)
	if (fabs(p - (1 - 2 / sqrt(6))) > 1e-10) {
		printf("p(2, 2) = %.12f, want %.12f\n", p, 1 - 2 / sqrt(6))
		bad++
	}
	if (fabs(tinv_bisect(1e6) - 1.959966) > 1e-5) {
		printf("t(0.975, 1e6) = %.6f, want 1.959966\n", \
		    tinv_bisect(1e6))
		bad++
	}
	printf("selftest: %d of %d checks failed\n", bad, NTT + 3)
	return bad > 0
}

# compute_all(): the statistics of every label, group and measure.
function compute_all(    g, gi, li, k, ref) {
	for (g = 1; g <= ng; g++) {
		gi = gord[g]
		ref = 0
		for (li = 1; li <= nl; li++)
			if (nrows[li, gi] > 0) {
				ref = li
				break
			}
		gref[gi] = ref
		for (li = 1; li <= nl; li++)
			for (k = 1; k <= nm; k++)
				describe(li, gi, k)
		for (li = 1; li <= nl; li++)
			for (k = 1; k <= nm; k++)
				if (li != ref)
					pairstats(ref SUBSEP gi SUBSEP k,
					    li SUBSEP gi SUBSEP k,
					    li SUBSEP gi SUBSEP k)
		if (by != "")
			compute_steps(gi)
	}
}

# compute_steps(GI): with CMP_BY, Welch's test between each label of group
# GI and the next one that has rows in it, for each measure of the -series
# plot (smeas[]): step S compares label stepa[S] with stepb[S] (later) in
# group stepg[S] on measure stepk[S], its results under the key "s" S.
function compute_steps(gi,    li, prev, i, k) {
	prev = 0
	for (li = 1; li <= nl; li++) {
		if (nrows[li, gi] == 0)
			continue
		for (i = 1; prev && i <= nsmeas; i++) {
			k = smeas[i]
			if (!N[prev, gi, k] || !N[li, gi, k])
				continue
			nstep++
			stepg[nstep] = gi
			stepa[nstep] = prev
			stepb[nstep] = li
			stepk[nstep] = k
			pairstats(prev SUBSEP gi SUBSEP k, li SUBSEP gi SUBSEP k,
			    "s" nstep)
		}
		prev = li
	}
}

# describe(LI, GI, K): n, mean, sd and the 95 % interval of the mean.
function describe(li, gi, k,    key, n, i, s, m, ss, h) {
	key = li SUBSEP gi SUBSEP k
	n = cnt[key] + 0
	N[key] = n
	if (n == 0)
		return
	s = 0
	for (i = 1; i <= n; i++)
		s += val[key, i]
	m = s / n
	MEAN[key] = m
	if (n < 2)
		return
	ss = 0
	for (i = 1; i <= n; i++)
		ss += (val[key, i] - m) ^ 2
	SD[key] = sqrt(ss / (n - 1))
	h = tcrit(n - 1) * SD[key] / sqrt(n)
	LO[key] = m - h
	HI[key] = m + h
}

# pairstats(KR, KL, OUT): ratio with interval and Welch's test of the
# values under key KL (label, group, measure) against those under KR, the
# reference, into RATIO[OUT], RLO, RHI, WT, WDF and WP.
function pairstats(kr, kl, out,    mr, ml, nr, nl_, vr, vl, se, a, b, df,
    t) {
	nr = N[kr]
	nl_ = N[kl]
	if (nr == 0 || nl_ == 0)
		return
	mr = MEAN[kr]
	ml = MEAN[kl]
	if (mr != 0)
		RATIO[out] = ml / mr
	if (nr < 2 || nl_ < 2)
		return
	# Ratio interval: delta method on log(ml / mr).
	if (mr > 0 && ml > 0) {
		a = SD[kl] ^ 2 / (nl_ * ml * ml)
		b = SD[kr] ^ 2 / (nr * mr * mr)
		se = sqrt(a + b)
		if (se == 0) {
			RLO[out] = RATIO[out]
			RHI[out] = RATIO[out]
		} else {
			df = (a + b) ^ 2 / \
			    (a * a / (nl_ - 1) + b * b / (nr - 1))
			t = tcrit(df)
			RLO[out] = RATIO[out] * exp(-t * se)
			RHI[out] = RATIO[out] * exp(t * se)
		}
	}
	# Welch's t-test.
	vr = SD[kr] ^ 2 / nr
	vl = SD[kl] ^ 2 / nl_
	se = sqrt(vr + vl)
	if (se == 0) {
		# No spread at all: equal means are no evidence, different
		# means are certain.
		WT[out] = mr == ml ? "0" : (mr > ml ? "inf" : "-inf")
		WP[out] = mr == ml ? 1 : 0
		return
	}
	WT[out] = (mr - ml) / se
	WDF[out] = (vr + vl) ^ 2 / (vr * vr / (nr - 1) + vl * vl / (nl_ - 1))
	WP[out] = tpval(WT[out], WDF[out])
}

# decimals(X): how many decimals to print for numbers of X's magnitude:
# fewer for large ones, more for small ones.
function decimals(x) {
	x = fabs(x)
	if (x >= 100000)
		return 0
	if (x >= 1000)
		return 1
	if (x >= 1 || x == 0)
		return 3
	if (x >= 0.01)
		return 4
	return 6
}

# fmt(X, D): X with D decimals.
function fmt(x, d) {
	return sprintf("%." d "f", x)
}

# fmtp(P): a p-value.
function fmtp(p) {
	if (p >= 0.001 || p == 0)
		return sprintf("%.4f", p)
	return sprintf("%.1e", p)
}

# cell(R, C, TEXT): set a cell of the table being built.
function cell(r, c, s) {
	tab[r, c] = s
}

# build_table(GI): fill tab[][] with the rows of group GI; return the
# number of rows (row 0 is the header).
function build_table(gi,    r, c, t, k, li, key, ref, d, big) {
	split("measure label n mean sd 95%_CI_of_mean ratio " \
	    "95%_CI_of_ratio Welch_t df p p<0.05", hdr, " ")
	ncol = 12
	for (r = 1; r <= ncol; r++) {
		gsub(/_/, " ", hdr[r])
		tab[0, r] = hdr[r]
		align[r] = (r <= 2 || r == 6 || r == 8 || r == 12) ? "l" : "r"
	}
	ref = gref[gi]
	r = 0
	for (t = 1; t <= nt; t++) {
		k = tord[t]
		if (!mtable[k] || (mopt[k] && !showopt(gi, k)))
			continue
		# One number format per measure, from the largest mean.
		big = 0
		for (li = 1; li <= nl; li++) {
			key = li SUBSEP gi SUBSEP k
			if (N[key] && fabs(MEAN[key]) > big)
				big = fabs(MEAN[key])
		}
		d = decimals(big)
		for (li = 1; li <= nl; li++) {
			key = li SUBSEP gi SUBSEP k
			if (nrows[li, gi] == 0)
				continue
			r++
			tabsep[r] = (li == ref)
			cell(r, 1, mname[k])
			cell(r, 2, labv[li])
			cell(r, 3, N[key])
			cell(r, 4, N[key] ? fmt(MEAN[key], d) : "-")
			cell(r, 5, (key in SD) ? fmt(SD[key], d) : "-")
			cell(r, 6, (key in LO) ? "[" fmt(LO[key], d) ", " \
			    fmt(HI[key], d) "]" : "-")
			if (li == ref) {
				cell(r, 7, N[key] ? "1.0000" : "-")
				for (c = 8; c <= ncol; c++)
					cell(r, c, "-")
				continue
			}
			cell(r, 7, (key in RATIO) ? \
			    sprintf("%.4f", RATIO[key]) : "-")
			cell(r, 8, (key in RLO) ? sprintf("[%.4f, %.4f]", \
			    RLO[key], RHI[key]) : "-")
			if (key in WP) {
				cell(r, 9, (WT[key] ~ /inf|^0$/) ? WT[key] : \
				    sprintf("%.3f", WT[key]))
				cell(r, 10, (key in WDF) ? \
				    sprintf("%.2f", WDF[key]) : "-")
				cell(r, 11, fmtp(WP[key]))
				cell(r, 12, WP[key] < 0.05 ? "yes" : "no")
			} else {
				cell(r, 9, "-")
				cell(r, 10, "-")
				cell(r, 11, "-")
				cell(r, 12, "n/a")
			}
		}
	}
	return r
}

# showopt(GI, K): whether the table of group GI shows the optional measure
# K: the group has several clients (per `clients`, or as runs followed by
# client rows) and K was measured in it.
function showopt(gi, k,    li) {
	if (cliv[gi] < 2 && !multi[gi])
		return 0
	for (li = 1; li <= nl; li++)
		if (N[li, gi, k] > 0)
			return 1
	return 0
}

# groupdesc(GI, NOSERIES): "1000 files", and ", 4 clients" when some group
# has several clients, and unless NOSERIES ", FIELD VALUE" with CMP_SERIES
# ("all rows" when nothing is left).
function groupdesc(gi, noseries,    s) {
	s = (keynum ? numv[gi] " files" : "") clientsdesc(gi) \
	    (series == "" || noseries ? "" : ", " series " " serv[gi])
	sub(/^, /, "", s)
	return s == "" ? "all rows" : s
}

# clientsdesc(GI): ", 4 clients" when some group has several clients, else
# "".
function clientsdesc(gi,    g) {
	if (showclients == "") {
		showclients = 0
		for (g = 1; g <= ng; g++)
			if (cliv[g] > 1)
				showclients = 1
	}
	if (!showclients)
		return ""
	return ", " cliv[gi] (cliv[gi] == 1 ? " client" : " clients")
}

# print_text(FILE, NROWS): the table as aligned text; a blank line between
# measures.
function print_text(out, nr,    r, c, w, s, line) {
	for (c = 1; c <= ncol; c++) {
		w[c] = 0
		for (r = 0; r <= nr; r++)
			if (length(tab[r, c]) > w[c])
				w[c] = length(tab[r, c])
	}
	for (r = 0; r <= nr; r++) {
		if (r > 1 && tabsep[r])
			print "" > out
		line = ""
		for (c = 1; c <= ncol; c++) {
			s = tab[r, c]
			if (align[c] == "r")
				s = sprintf("%" w[c] "s", s)
			else if (c < ncol)
				s = sprintf("%-" w[c] "s", s)
			line = line (c > 1 ? "  " : "") s
		}
		print line > out
	}
}

# mdesc(S): S as literal Markdown text in a table cell: backslash, | (the
# cell separator), < (HTML) and & (entities) escaped with a backslash.
function mdesc(s) {
	s = replace(s, "\\", "\\\\")
	s = replace(s, "|", "\\|")
	s = replace(s, "<", "\\<")
	return replace(s, "&", "\\&")
}

# print_md(FILE, NROWS): the table in Markdown.
function print_md(out, nr,    r, c, line) {
	for (r = 0; r <= nr; r++) {
		line = "|"
		for (c = 1; c <= ncol; c++)
			line = line " " mdesc(tab[r, c]) " |"
		print line > out
		if (r == 0) {
			line = "|"
			for (c = 1; c <= ncol; c++)
				line = line (align[c] == "r" ? \
				    " ---: |" : " --- |")
			print line > out
		}
	}
}

# labels_vs(): "A vs B vs C".
function labels_vs(    i, s) {
	s = ""
	for (i = 1; i <= nl; i++)
		s = s (i > 1 ? " vs " : "") labv[i]
	return s
}

# write_reports(): report.txt and report.md.
function write_reports(    txt, md, g, gi, nr, li, s, head, c) {
	txt = data "/report.txt"
	md = data "/report.md"
	head = "postmark comparison: " labels_vs()
	print head > txt
	print "# " mdesc(head) > md
	print "" > md
	if (title != "") {
		print "source: " title > txt
		print "Source: " mdesc(title) "  " > md
	}
	if (nsig == 1) {
		print "workload: " workload > txt
		print "Workload: " mdesc(workload) "  " > md
	}
	if (by != "") {
		s = "groups: the values of " by ", in natural order" \
		    (series == "" ? "" : "; a table (and a line of the " \
		    "-series plot) per value of " series)
		print s > txt
		print "G" mdesc(substr(s, 2)) "  " > md
	}
	s = runs_text()
	if (s != "") {
		print s > txt
		print "R" mdesc(substr(s, 2)) "  " > md
	}
	s = "rows: " used " used (status ok), " skipped " skipped" \
	    (skipped ? " (status not ok: " skipped_text() ")" : "")
	if (nclientrows)
		s = s "; " nclientrows " rows of single clients not used " \
		    "(--per-client uses them)"
	if (nrunrows)
		s = s "; " nrunrows " rows of runs of several clients not " \
		    "used (their clients' rows are)"
	print s > txt
	print "R" substr(s, 2) > md
	if (nsig > 1)
		report_warning(txt, md, "the rows ran " nsig " different " \
		    "workloads (transactions, sizes, blocks, buffering, bias, " \
		    "subdirectories, seed, sync, dirsync, direct or cache " \
		    "differ)")
	tmpfs_warnings(txt, md)
	s = mixed_groups()
	if (s != "")
		report_warning(txt, md, "the groups " s " (values of " by \
		    ") hold rows of several labels, runs of different " \
		    "targets; --series label makes a line of each")
	print "" > txt
	print "" > md
	# Where each label ran.
	ncol = 5
	split("label runs host kernel file_system", hdr, " ")
	if (by != "")
		hdr[1] = by
	for (c = 1; c <= ncol; c++) {
		gsub(/_/, " ", hdr[c])
		tab[0, c] = hdr[c]
		align[c] = c == 2 ? "r" : "l"
	}
	nr = 0
	for (li = 1; li <= nl; li++) {
		nr++
		tabsep[nr] = 0
		cell(nr, 1, labv[li])
		cell(nr, 2, nrows_label[li] + 0)
		cell(nr, 3, info[li, "host"] == "" ? "-" : info[li, "host"])
		cell(nr, 4, info[li, "kernel"] == "" ? "-" : \
		    info[li, "kernel"])
		cell(nr, 5, info[li, "fs"] == "" ? "-" : info[li, "fs"])
	}
	print_text(txt, nr)
	print_md(md, nr)
	for (g = 1; g <= ng; g++) {
		gi = gord[g]
		s = (keynum ? numv[gi] " files (set number)" : "") \
		    (clientsdesc(gi) == "" ? "" : \
		    clientsdesc(gi) " (set clients)") \
		    (series == "" ? "" : ", " series " " serv[gi])
		sub(/^, /, "", s)
		s = (s == "" ? "all rows" : s) "; ratios and Welch tests " \
		    "against " labv[gref[gi]]
		print "" > txt
		print s > txt
		print "" > md
		print "## " mdesc(s) > md
		print "" > md
		nr = build_table(gi)
		print_text(txt, nr)
		print_md(md, nr)
	}
	if (precision != "")
		write_precision(txt, md)
	if (nstep)
		write_steps(txt, md)
	if (ngl)
		write_growth(txt, md)
	write_run_warnings(txt, md)
	s = "n: ok runs that measured it; sd: sample standard deviation; " \
	    "95% CI of the mean: Student t; ratio: mean / mean of the " \
	    "first label, 95% CI by the delta method on the log ratio; " \
	    "Welch t = (mean of first - mean) / standard error, df by " \
	    "Welch-Satterthwaite, p two-sided; MB = 1048576 bytes; " \
	    "latencies in microseconds."
	print "" > txt
	print wrap(s, 78) > txt
	print "" > md
	print s > md
	close(txt)
	close(md)
}

# mixed_groups(): the labels (values of CMP_BY) that hold rows of several
# `label`s in some group, in their order, joined by ", "; "" when none.
function mixed_groups(    li, gi, s) {
	s = ""
	for (li = 1; li <= nl; li++)
		for (gi = 1; gi <= ng; gi++)
			if (nmix[labv[li], gi] > 1) {
				s = s (s == "" ? "" : ", ") labv[li]
				break
			}
	return s
}

# section(TXT, MD, HEAD): start a section of the reports with the heading
# HEAD.
function section(txt, md, head) {
	print "" > txt
	print head > txt
	print "" > md
	print "## " mdesc(head) > md
	print "" > md
}

# report_warning(TXT, MD, S): the warning S in the reports (bold in
# Markdown) and on stderr.
function report_warning(txt, md, s) {
	print "warning: " s > txt
	print "" > md
	print "**Warning: " mdesc(s) "**" > md
	warn(s)
}

# runs_text(): "runs: ..." for the report: how many runs were asked for,
# to what precision, in what order (CMP_RUNS, CMP_PRECISION, CMP_SEED);
# "" when none is known.
function runs_text(    s) {
	s = ""
	if (runsasked != "")
		s = ", " runsasked " per target"
	if (runsasked ~ /-/ && precision != "")
		s = s ", until the 95% CI of transactions/s is within " \
		    precision "% of its mean"
	if (seed != "")
		s = s ", in random order (seed " seed ")"
	return s == "" ? "" : "runs:" substr(s, 2)
}

# tmpfs_warnings(TXT, MD): warn about each label whose rows ran on tmpfs,
# when another label's rows ran on another file system, or, in run mode
# (CMP_RUNMODE), always: tmpfs keeps files in memory, so the comparison
# measures memory against a disk.
function tmpfs_warnings(txt, md,    li, lj, other) {
	for (li = 1; li <= nl; li++) {
		if (!((labv[li], "tmpfs") in onfs))
			continue
		other = runmode
		for (lj = 1; lj <= nl; lj++)
			if (lj != li && (labv[lj], "other") in onfs)
				other = 1
		if (other)
			report_warning(txt, md, labv[li] " is on tmpfs: " \
			    "tmpfs measures memory, not a file system on a " \
			    "disk; its rates are the page cache's and " \
			    "compare with no disk file system's")
	}
}

# write_precision(TXT, MD): the precision section: for each label and
# group, whether the 95 % interval of transactions/s is within
# CMP_PRECISION percent of the mean; also precision.tsv (label, number,
# clients, runs, half-width in percent, 1 or 0) for compare.sh.
function write_precision(txt, md,    f, g, gi, li, k, key, nr, c, pct,
    good) {
	section(txt, md, "precision: the 95% CI of transactions/s within " \
	    precision "% of its mean")
	f = data "/precision.tsv"
	k = mindex["transactions_per_s"]
	ncol = 6
	split("label group runs mean CI_half-width_% reached", hdr, " ")
	for (c = 1; c <= ncol; c++) {
		gsub(/_/, " ", hdr[c])
		tab[0, c] = hdr[c]
		align[c] = (c == 3 || c == 4 || c == 5) ? "r" : "l"
	}
	nr = 0
	for (g = 1; g <= ng; g++) {
		gi = gord[g]
		for (li = 1; li <= nl; li++) {
			key = li SUBSEP gi SUBSEP k
			if (nrows[li, gi] == 0)
				continue
			pct = ""
			if ((key in HI) && MEAN[key] > 0)
				pct = 100 * (HI[key] - MEAN[key]) / MEAN[key]
			good = pct != "" && pct <= precision
			tabsep[++nr] = 0
			cell(nr, 1, labv[li])
			cell(nr, 2, groupdesc(gi))
			cell(nr, 3, N[key])
			cell(nr, 4, N[key] ? fmt(MEAN[key], \
			    decimals(MEAN[key])) : "-")
			cell(nr, 5, pct == "" ? "-" : sprintf("%.2f", pct))
			cell(nr, 6, good ? "yes" : "no")
			print labv[li] "\t" numv[gi] "\t" cliv[gi] "\t" \
			    N[key] "\t" (pct == "" ? "-" : \
			    sprintf("%.4f", pct)) "\t" good > f
		}
	}
	close(f)
	print_text(txt, nr)
	print_md(md, nr)
}

# write_steps(TXT, MD): the steps section: each label (a value of CMP_BY)
# against the one before it, for the measures of the -series plot.
function write_steps(txt, md,    i, c, nr, o, ka, kb, d) {
	section(txt, md, "steps between adjacent values of " by \
	    "; ratio = mean / mean of the value before")
	ncol = 8
	split("group measure from to ratio 95%_CI_of_ratio p p<0.05", hdr, " ")
	for (c = 1; c <= ncol; c++) {
		gsub(/_/, " ", hdr[c])
		tab[0, c] = hdr[c]
		align[c] = (c == 5 || c == 7) ? "r" : "l"
	}
	nr = 0
	for (i = 1; i <= nstep; i++) {
		o = "s" i
		ka = stepa[i] SUBSEP stepg[i] SUBSEP stepk[i]
		kb = stepb[i] SUBSEP stepg[i] SUBSEP stepk[i]
		tabsep[++nr] = 0
		cell(nr, 1, groupdesc(stepg[i]))
		cell(nr, 2, mname[stepk[i]])
		cell(nr, 3, labv[stepa[i]])
		cell(nr, 4, labv[stepb[i]])
		cell(nr, 5, (o in RATIO) ? sprintf("%.4f", RATIO[o]) : "-")
		cell(nr, 6, (o in RLO) ? sprintf("[%.4f, %.4f]", RLO[o], \
		    RHI[o]) : "-")
		cell(nr, 7, (o in WP) ? fmtp(WP[o]) : "-")
		cell(nr, 8, (o in WP) ? (WP[o] < 0.05 ? "yes" : "no") : "n/a")
	}
	print_text(txt, nr)
	print_md(md, nr)
}

# write_growth(TXT, MD): the growth section: per line of the growth plot
# its first and last bin of files alive and where the rate stays below
# half of the first bin's.
function write_growth(txt, md,    i, g, c, nr, n, m, half, s) {
	section(txt, md, "growth: create rate and p99 latency against the " \
	    "files alive (creation phase, interval series)")
	ncol = 10
	split("target runs intervals files_first creates/s_first " \
	    "p99_us_first files_last creates/s_last p99_us_last " \
	    "below_half_from", hdr, " ")
	for (c = 1; c <= ncol; c++) {
		gsub(/_/, " ", hdr[c])
		tab[0, c] = hdr[c]
		align[c] = c == 1 ? "l" : "r"
	}
	nr = 0
	for (i = 1; i <= ngl; i++) {
		g = glord[i]
		n = gnb[g]
		# The first bin from which every later one is below half.
		half = ""
		for (m = n; m >= 1 && gly[g, m] < gly[g, 1] / 2; m--)
			half = glx[g, m]
		tabsep[++nr] = 0
		cell(nr, 1, linename(g))
		cell(nr, 2, glruns[g])
		cell(nr, 3, n)
		cell(nr, 4, sprintf("%.0f", glx[g, 1]))
		cell(nr, 5, sprintf("%.0f", gly[g, 1]))
		cell(nr, 6, glp[g, 1] == "" ? "-" : sprintf("%.1f", glp[g, 1]))
		cell(nr, 7, sprintf("%.0f", glx[g, n]))
		cell(nr, 8, sprintf("%.0f", gly[g, n]))
		cell(nr, 9, glp[g, n] == "" ? "-" : sprintf("%.1f", glp[g, n]))
		cell(nr, 10, half == "" ? "-" : sprintf("%.0f", half))
	}
	print_text(txt, nr)
	print_md(md, nr)
	s = "Each interval's create rate is created / (end_s - start_s), " \
	    "summed over the clients, with the files alive at its end " \
	    "summed and the largest p99; a target's runs are pooled in " \
	    "bins of files alive as wide as their first interval, each " \
	    "shown by its medians.  below half from: the files alive at " \
	    "the end of the first interval from which the rate stays " \
	    "below half of the first interval's."
	print "" > txt
	print wrap(s, 78) > txt
	print "" > md
	print s > md
}

# write_run_warnings(TXT, MD): the run warnings section: each label's
# distinct warnings (the `warnings` column of its rows), counted; and a
# line on stderr that there are some.
function write_run_warnings(txt, md,    li, lab, i, k, any, s) {
	any = 0
	for (li = 1; li <= nl; li++) {
		lab = labv[li]
		for (i = 1; i <= nwkey[lab]; i++) {
			if (!any++)
				section(txt, md, "warnings of the runs " \
				    "(postmark's warnings column; the figures " \
				    "are the first run's)")
			k = wkey[lab, i]
			s = lab ", " wcount[lab, k] " of " nrows_label[li] \
			    " runs: " wtext[lab, k]
			print wrap(s, 78) > txt
			print "* " mdesc(s) > md
		}
	}
	if (any)
		print prog ": the runs have validity warnings, listed in " \
		    "the report" >> "/dev/stderr"
}

# wrap(S, W): S folded at blanks into lines of at most W characters.
function wrap(s, w,    n, a, i, out, line) {
	n = split(s, a, " ")
	out = ""
	line = ""
	for (i = 1; i <= n; i++) {
		if (line != "" && length(line) + 1 + length(a[i]) > w) {
			out = out line "\n"
			line = ""
		}
		line = line (line == "" ? "" : " ") a[i]
	}
	return out line
}

# gpstr(S): S as a gnuplot string constant, the only way text is written
# into gnuplot code.  Single-quoted: gnuplot substitutes `command` (runs
# it) and processes escapes inside double quotes, but inside single quotes
# nothing, and '' stands for one quote.  Control characters are removed (a
# line feed would end the statement).
function gpstr(s) {
	return "'" replace(noctl(s, ""), "'", "''") "'"
}

# tsvnum(X): a number for stats.tsv ("NaN" when undefined).
function tsvnum(x) {
	return x == "" ? "NaN" : sprintf("%.10g", x)
}

# insweep(GI, SWEEP): whether group GI is a point of the rate-versus-files
# plot (SWEEP "files": the client count of the bar plot's group pn) or of
# the rate-versus-clients plot (SWEEP "clients": its number of files),
# both of pn's series value, or a line of the -series plot (SWEEP
# "series": pn's number of files and clients, any series value).
function insweep(gi, sweep) {
	if (sweep == "series")
		return numv[gi] == numv[pn] && cliv[gi] == cliv[pn]
	if (serv[gi] != serv[pn])
		return 0
	if (sweep == "files")
		return cliv[gi] == cliv[pn]
	return numv[gi] == numv[pn]
}

# plot_top(K, SWEEP): the top of the y axis of measure K in the plot of
# SWEEP (insweep()): the highest interval end, but at most 1.5 times the
# highest mean, so that the wide intervals of few runs do not flatten the
# lines.
function plot_top(k, sweep,    g, li, key, mx, hi) {
	mx = 0
	hi = 0
	for (g = 1; g <= ng; g++) {
		if (!insweep(gord[g], sweep))
			continue
		for (li = 1; li <= nl; li++) {
			key = li SUBSEP gord[g] SUBSEP k
			if (N[key] == 0)
				continue
			if (MEAN[key] > mx)
				mx = MEAN[key]
			if ((key in HI) && HI[key] > hi)
				hi = HI[key]
		}
	}
	if (hi < mx)
		hi = mx
	if (hi > 1.5 * mx)
		hi = 1.5 * mx
	return hi > 0 ? hi * 1.05 : 1
}

# sweep_vars(FILE, SWEEP, NAME, VALUES): write to FILE how many groups
# SWEEP has (nNAMEs), the least and the greatest of VALUES[] among them
# (NAMEmin, NAMEmax), and all of them, ascending (NAMEvalues, a string of
# numbers separated by blanks).
function sweep_vars(f, sweep, name, v,    g, gi, n, lo, hi, all) {
	n = 0
	all = ""
	for (g = 1; g <= ng; g++) {
		gi = gord[g]
		if (!insweep(gi, sweep))
			continue
		if (n == 0 || v[gi] < lo)
			lo = v[gi]
		if (n == 0 || v[gi] > hi)
			hi = v[gi]
		all = all (n ? " " : "") v[gi]
		n++
	}
	print "n" name "s = " n > f
	print name "min = " lo > f
	print name "max = " hi > f
	print name "values = " gpstr(all) > f
}

# write_plot_data(): labels, stats.tsv and vars.gp for the plots.
function write_plot_data(    f, li, g, gi, k, key, lo, hi, i, s, op,
    has, tsvlab, sw, top) {
	f = data "/labels"
	for (li = 1; li <= nl; li++)
		print labv[li] > f
	close(f)
	# A data field that starts with a double quote is a quoted string to
	# gnuplot (it would take the next columns too): the label column,
	# which no plot reads, has ' for ".
	f = data "/stats.tsv"
	for (g = 1; g <= ng; g++) {
		gi = gord[g]
		for (li = 1; li <= nl; li++) {
			tsvlab = replace(labv[li], "\"", "'")
			for (k = 1; k <= nm; k++) {
				key = li SUBSEP gi SUBSEP k
				if (N[key] == 0)
					continue
				lo = (key in LO) ? LO[key] : MEAN[key]
				hi = (key in HI) ? HI[key] : MEAN[key]
				print li "\t" tsvlab "\t" numv[gi] "\t" \
				    mkey[k] "\t" mkind[k] "\t" \
				    (mop[k] == "" ? "-" : mop[k]) "\t" \
				    (mxpos[k] == "" ? 0 : mxpos[k]) "\t" \
				    N[key] "\t" tsvnum(MEAN[key]) "\t" \
				    tsvnum(lo) "\t" tsvnum(hi) "\t" \
				    cliv[gi] "\t" g > f
				has[gi, k] = 1
			}
		}
	}
	close(f)
	# The bar and latency plots show the last group: the largest file
	# count, and of that the most clients.  The rate-versus-files plot
	# shows the groups of its client count, the rate-versus-clients plot
	# those of its file count.
	pn = gord[ng]
	f = data "/vars.gp"
	print "title = " gpstr(labels_vs() (title == "" ? "" : \
	    " - " title)) > f
	print "workload = " gpstr(nsig == 1 ? workload : \
	    "several workloads") > f
	print "plotnumber = " numv[pn] > f
	print "plotclients = " cliv[pn] > f
	print "plotgroup = " gpstr(groupdesc(pn)) > f
	print "seriesgroup = " gpstr(groupdesc(pn, 1)) > f
	print "clientsnote = " gpstr(clientsdesc(pn)) > f
	sweep_vars(f, "files", "number", numv)
	sweep_vars(f, "clients", "client", cliv)
	print "nlabels = " nl > f
	# A tic label is a printf format to gnuplot: labeltic has % doubled.
	for (li = 1; li <= nl; li++) {
		print "label" li " = " gpstr(labv[li]) > f
		print "labeltic" li " = " gpstr(replace(labv[li], "%", "%%")) > f
	}
	print "nbars = " nbar > f
	for (k = 1; k <= nbar; k++) {
		print "barkey" k " = " gpstr(mkey[k]) > f
		print "barname" k " = " gpstr(mname[k]) > f
		print "barunit" k " = " gpstr(munit[k]) > f
		print "barhas" k " = " ((pn, k) in has ? 1 : 0) > f
		s = 0
		for (g = 1; g <= ng; g++)
			if (insweep(gord[g], "files") && (gord[g], k) in has)
				s++
		print "barsweep" k " = " (s > 1 ? 1 : 0) > f
		print "bartop" k " = " sprintf("%.10g", plot_top(k, "files")) > f
	}
	# The rate-versus-clients plot: transactions/s and, when measured,
	# the stonewall rate, on one axis.
	k = mindex["transactions_stonewall_per_s"]
	sw = 0
	for (g = 1; g <= ng; g++)
		if (insweep(gord[g], "clients") && (gord[g], k) in has)
			sw = 1
	top = plot_top(mindex["transactions_per_s"], "clients")
	if (sw && plot_top(k, "clients") > top)
		top = plot_top(k, "clients")
	print "clientsstonewall = " sw > f
	print "clientstop = " sprintf("%.10g", top) > f
	split("create read append delete", op, " ")
	for (i = 1; i <= 4; i++) {
		s = 0
		for (k = nbar + 1; k <= nm; k++)
			if (mop[k] == op[i] && (pn, k) in has)
				s = 1
		print "op" i " = " gpstr(op[i]) > f
		print "ophas" i " = " s > f
	}
	series_vars(f, has)
	growth_vars(f)
	close(f)
}

# series_vars(F, HAS): for the -series plot (CMP_BY), write to vars.gp F
# byfield, nseries and per line I seriesgI (its group's place in gord,
# column 13 of stats.tsv) and seriesnameI, nsmeas and per panel K
# smeaskeyK, smeasnameK, smeasunitK, smeashasK (HAS[GI, K]: the measure
# has values in group GI), smeastopK (plot_top()); and steps.tsv: the
# steps between adjacent labels (group place, measure, x and y of the
# middle, 1 when significant).
function series_vars(f, has,    g, gi, n, i, k, s, t, o, ka, kb) {
	print "byfield = " gpstr(by) > f
	n = 0
	for (g = 1; g <= ng; g++) {
		gi = gord[g]
		if (!insweep(gi, "series"))
			continue
		n++
		print "seriesg" n " = " g > f
		print "seriesname" n " = " gpstr(series == "" ? "mean" : \
		    series " " serv[gi]) > f
		place[gi] = g
	}
	print "nseries = " n > f
	print "nsmeas = " nsmeas > f
	for (i = 1; i <= nsmeas; i++) {
		k = smeas[i]
		s = 0
		for (g = 1; g <= ng; g++)
			if (insweep(gord[g], "series") && (gord[g], k) in has)
				s = 1
		print "smeaskey" i " = " gpstr(mkey[k]) > f
		print "smeasname" i " = " gpstr(mname[k]) > f
		print "smeasunit" i " = " gpstr(munit[k]) > f
		print "smeashas" i " = " s > f
		print "smeastop" i " = " sprintf("%.10g", \
		    plot_top(k, "series")) > f
	}
	t = data "/steps.tsv"
	printf("") > t
	for (i = 1; i <= nstep; i++) {
		if (!(stepg[i] in place))
			continue
		o = "s" i
		ka = stepa[i] SUBSEP stepg[i] SUBSEP stepk[i]
		kb = stepb[i] SUBSEP stepg[i] SUBSEP stepk[i]
		print place[stepg[i]] "\t" mkey[stepk[i]] "\t" \
		    tsvnum((stepa[i] + stepb[i]) / 2) "\t" \
		    tsvnum((MEAN[ka] + MEAN[kb]) / 2) "\t" \
		    ((o in WP) && WP[o] < 0.05 ? 1 : 0) > t
	}
	close(t)
}

# growth_vars(F): for the -growth plot, write to vars.gp F ngrowth and
# per line I growthnameI, and growth.tsv: line (1..ngrowth), files alive,
# creates/s, p99 latency of creates (NaN when none), intervals pooled.
function growth_vars(f,    t, i, g, m) {
	print "ngrowth = " ngl > f
	t = data "/growth.tsv"
	printf("") > t
	for (i = 1; i <= ngl; i++) {
		g = glord[i]
		print "growthname" i " = " gpstr(linename(g)) > f
		for (m = 1; m <= gnb[g]; m++)
			print i "\t" tsvnum(glx[g, m]) "\t" \
			    tsvnum(gly[g, m]) "\t" tsvnum(glp[g, m]) "\t" \
			    glc[g, m] > t
	}
	close(t)
}
