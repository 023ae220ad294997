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
# (schema 1, results/README.md; columns selected by header name), keeps the
# rows whose status is "ok", groups them by label (in the order first seen)
# and by `number` (file count), and writes, into the directory named by the
# environment variable CMP_DATA:
#
#   report.txt  the text table
#   report.md   the same table in Markdown
#   labels      the labels in order, one per line
#   stats.tsv   per label, number and measure: n, mean, 95 % interval (plots)
#   vars.gp     gnuplot variables: titles, labels, measures, data flags
#               (loaded by plot-common.gp)
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
# in this order), CMP_PROG (the name of the program for messages, default
# compare.sh).  Errors go to stderr as "PROG: ..." and the exit status is
# 1.  Portable POSIX awk (tested with mawk, gawk --posix and the
# one true awk; busybox awk needs its math support compiled in).
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
	curfile = ""
	nfiles = 0
	used = 0
	skipped = 0
}

# Each physical line: join the lines of a quoted field that spans them,
# then treat the record as the file's header or as a data row.
{
	if (FILENAME != curfile) {
		if (pending != "")
			fail(curfile ":" pendline ": unterminated quoted field")
		curfile = FILENAME
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
	if (nf == -2)
		fail(FILENAME ":" pendline ": malformed CSV: a quote inside " \
		    "an unquoted field or text after a closing quote")
	if (hdrn == 0) {
		header(nf)
		next
	}
	if (nf == 1 && fld[1] == "")
		next
	datarow(nf)
}

END {
	if (selftest)
		exit selfstatus
	if (failed)
		exit 1
	if (pending != "")
		fail(curfile ":" pendline ": unterminated quoted field")
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
	sort_numbers()
	compute_all()
	write_reports()
	write_plot_data()
	exit 0
}

# fail(MSG): print "PROG: MSG" on stderr and exit 1.
function fail(msg) {
	print prog ": " clean(msg) > "/dev/stderr"
	failed = 1
	exit 1
}

# warn(MSG): print "PROG: warning: MSG" on stderr.
function warn(msg) {
	print prog ": warning: " clean(msg) > "/dev/stderr"
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
function header(nf,    i, k) {
	if (fld[1] != "schema_version")
		fail(FILENAME ":" pendline ": not a postmark CSV header " \
		    "(first column '" fld[1] "', expected schema_version)")
	split("", col)
	for (i = 1; i <= nf; i++)
		col[fld[i]] = i
	hdrn = nf
	sawheader[FILENAME] = 1
	need("label")
	need("status")
	need("number")
	for (k = 1; k <= nm; k++)
		need(mcol[k])
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

# datarow(NF): check a data row and store the values of an ok row.
function datarow(nf,    v, st, lab, li, num, gi, k, key, sig) {
	if (nf != hdrn)
		fail(FILENAME ":" pendline ": malformed CSV: " nf " fields, " \
		    "the header has " hdrn)
	v = fld[1]
	if (v == "schema_version")
		return	# a repeated header, as from `cat a.csv b.csv`
	if (v !~ /^[1-9][0-9]*$/)
		fail(FILENAME ":" pendline ": bad schema_version '" v "'")
	st = get("status")
	lab = clean(get("label"))
	if (st != "ok") {
		sub(/:.*/, "", st)
		st = clean(st)
		if (st == "")
			st = "empty status"
		skipkind[st]++
		skipped++
		return
	}
	if (lab == "")
		fail(FILENAME ":" pendline ": empty label: compare.sh groups " \
		    "rows by label (write `set label TEXT` in the config)")
	if (!(lab in seenlab)) {
		seenlab[lab] = 1
		seenorder[++nseen] = lab
	}
	if (nwant > 0 && !(lab in wanted))
		return
	num = get("number")
	if (!isnum(num))
		fail(FILENAME ":" pendline ": column number: '" num "' is " \
		    "not a number")
	num += 0
	li = label_index(lab)
	if (!(num in gidx)) {
		gidx[num] = ++ng
		numv[ng] = num
	}
	gi = gidx[num]
	used++
	nrows_label[li]++
	nrows[li, gi]++
	addinfo(li, "host", get("host"))
	addinfo(li, "kernel", get("kernel"))
	addinfo(li, "fs", fsdesc(get("fs_types"), get("fs_options")))
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
		v = fld[col[mcol[k]]]
		if (v == "")
			continue	# not measured
		if (!isnum(v))
			fail(FILENAME ":" pendline ": column " mcol[k] ": '" \
			    v "' is not a number")
		key = li SUBSEP gi SUBSEP k
		val[key, ++cnt[key]] = v * mscale[k]
	}
}

# label_index(LABEL): the 1-based index of LABEL, added when new.
function label_index(lab) {
	if (!(lab in lidx)) {
		lidx[lab] = ++nl
		labv[nl] = lab
	}
	return lidx[lab]
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
function skipped_text(    s, k, n, i, j, t, keys) {
	n = 0
	for (k in skipkind)
		keys[++n] = k
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && keys[j] < keys[j - 1]; j--) {
			t = keys[j]
			keys[j] = keys[j - 1]
			keys[j - 1] = t
		}
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

# sort_numbers(): order the groups by ascending file count (gord[]).
function sort_numbers(    i, j, t) {
	for (i = 1; i <= ng; i++)
		gord[i] = i
	for (i = 2; i <= ng; i++)
		for (j = i; j > 1 && numv[gord[j]] < numv[gord[j - 1]]; j--) {
			t = gord[j]
			gord[j] = gord[j - 1]
			gord[j - 1] = t
		}
}

# addm(KEY, COLUMN, SCALE, NAME, UNIT, KIND, TABLE, OP, XPOS): declare a
# measure: KEY names it in the plot data, COLUMN is the CSV column, values
# are multiplied by SCALE; NAME and UNIT label the tables and axes; KIND is
# rate, time or lat; TABLE 1 puts it in the report table; OP and XPOS place
# latency percentiles on the ladder plot.
function addm(key, c, scale, name, unit, kind, table, op, xpos) {
	nm++
	mkey[nm] = key
	mcol[nm] = c
	mscale[nm] = scale
	mname[nm] = name
	munit[nm] = unit
	mkind[nm] = kind
	mtable[nm] = table
	mop[nm] = op
	mxpos[nm] = xpos
}

# init_measures(): the measures of the report, in table order.
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
					compare(ref, li, gi, k)
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

# compare(R, LI, GI, K): ratio with interval and Welch's test of label LI
# against the reference label R.
function compare(r, li, gi, k,    kr, kl, mr, ml, nr, nl_, vr, vl, se, a, b,
    df, t) {
	kr = r SUBSEP gi SUBSEP k
	kl = li SUBSEP gi SUBSEP k
	nr = N[kr]
	nl_ = N[kl]
	if (nr == 0 || nl_ == 0)
		return
	mr = MEAN[kr]
	ml = MEAN[kl]
	if (mr != 0)
		RATIO[kl] = ml / mr
	if (nr < 2 || nl_ < 2)
		return
	# Ratio interval: delta method on log(ml / mr).
	if (mr > 0 && ml > 0) {
		a = SD[kl] ^ 2 / (nl_ * ml * ml)
		b = SD[kr] ^ 2 / (nr * mr * mr)
		se = sqrt(a + b)
		if (se == 0) {
			RLO[kl] = RATIO[kl]
			RHI[kl] = RATIO[kl]
		} else {
			df = (a + b) ^ 2 / \
			    (a * a / (nl_ - 1) + b * b / (nr - 1))
			t = tcrit(df)
			RLO[kl] = RATIO[kl] * exp(-t * se)
			RHI[kl] = RATIO[kl] * exp(t * se)
		}
	}
	# Welch's t-test.
	vr = SD[kr] ^ 2 / nr
	vl = SD[kl] ^ 2 / nl_
	se = sqrt(vr + vl)
	if (se == 0) {
		# No spread at all: equal means are no evidence, different
		# means are certain.
		WT[kl] = mr == ml ? "0" : (mr > ml ? "inf" : "-inf")
		WP[kl] = mr == ml ? 1 : 0
		return
	}
	WT[kl] = (mr - ml) / se
	WDF[kl] = (vr + vl) ^ 2 / (vr * vr / (nr - 1) + vl * vl / (nl_ - 1))
	WP[kl] = tpval(WT[kl], WDF[kl])
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
function build_table(gi,    r, c, k, li, key, ref, d, big) {
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
	for (k = 1; k <= nm; k++) {
		if (!mtable[k])
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
	s = "rows: " used " used (status ok), " skipped " skipped" \
	    (skipped ? " (status not ok: " skipped_text() ")" : "")
	print s > txt
	print "R" substr(s, 2) > md
	if (nsig > 1) {
		s = "warning: the rows ran " nsig " different workloads " \
		    "(transactions, sizes, blocks, buffering, bias, " \
		    "subdirectories, seed, sync, dirsync, direct or cache " \
		    "differ)"
		print s > txt
		print "" > md
		print "**W" substr(s, 2) "**" > md
		warn(substr(s, 10))
	}
	print "" > txt
	print "" > md
	# Where each label ran.
	ncol = 5
	split("label runs host kernel file_system", hdr, " ")
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
		s = numv[gi] " files (set number); ratios and Welch tests " \
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

# plot_top(K): the top of the y axis of measure K in the rate-versus-files
# plot: the highest interval end, but at most 1.5 times the highest mean, so
# that the wide intervals of few runs do not flatten the lines.
function plot_top(k,    g, li, key, mx, hi) {
	mx = 0
	hi = 0
	for (g = 1; g <= ng; g++)
		for (li = 1; li <= nl; li++) {
			key = li SUBSEP gord[g] SUBSEP k
			if (N[key] == 0)
				continue
			if (MEAN[key] > mx)
				mx = MEAN[key]
			if ((key in HI) && HI[key] > hi)
				hi = HI[key]
		}
	if (hi < mx)
		hi = mx
	if (hi > 1.5 * mx)
		hi = 1.5 * mx
	return hi > 0 ? hi * 1.05 : 1
}

# write_plot_data(): labels, stats.tsv and vars.gp for the plots.
function write_plot_data(    f, li, g, gi, k, key, lo, hi, i, pn, s, op,
    has, tsvlab) {
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
				    tsvnum(lo) "\t" tsvnum(hi) > f
				has[gi, k] = 1
			}
		}
	}
	close(f)
	# The bar and latency plots show the largest file count.
	pn = gord[ng]
	f = data "/vars.gp"
	print "title = " gpstr(labels_vs() (title == "" ? "" : \
	    " - " title)) > f
	print "workload = " gpstr(nsig == 1 ? workload : \
	    "several workloads") > f
	print "plotnumber = " numv[pn] > f
	print "nnumbers = " ng > f
	print "numbermin = " numv[gord[1]] > f
	print "numbermax = " numv[gord[ng]] > f
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
			if ((gord[g], k) in has)
				s++
		print "barsweep" k " = " (s > 1 ? 1 : 0) > f
		print "bartop" k " = " sprintf("%.10g", plot_top(k)) > f
	}
	split("create read append delete", op, " ")
	for (i = 1; i <= 4; i++) {
		s = 0
		for (k = nbar + 1; k <= nm; k++)
			if (mop[k] == op[i] && (pn, k) in has)
				s = 1
		print "op" i " = " gpstr(op[i]) > f
		print "ophas" i " = " s > f
	}
	close(f)
}
