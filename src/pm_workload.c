/*
 * Copyright (c) 2026 The postmark developers.
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 */

/*
 * The workload engine: one PostMark run.  It seeds the generator, builds
 * the source buffer, creates the pool of files, runs the transactions and
 * deletes what is left, making exactly the random draws, slot choices,
 * file names, file contents and I/O system calls of PostMark 1.53
 * (reference sections 3 to 5).  What PostMark got wrong is fixed: every
 * I/O result is checked, creates never overwrite (O_EXCL), any failure or
 * an interrupt stops the run and removes what this run created, counters
 * are exact 64-bit integers and times come from CLOCK_MONOTONIC.
 *
 * The file table holds 2 * number slots of 16 bytes; the file name is
 * rebuilt from the slot when needed.  A hierarchical bitmap of full slots
 * gives the lowest free slot without scanning the table.  Buffered and
 * unbuffered I/O are two small operation tables chosen once per run.
 *
 * The engine prints nothing: the caller learns about progress through
 * struct pm_hooks and about failures through the returned cause.
 */

#include "config.h"

#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "postmark.h"
#include "pm_clock.h"

#define PM_BM_LEVELS	6	/* 64^6 bits cover 2 * PM_NUMBER_MAX slots */
#define PM_BM_FULL	UINT64_MAX
#define PM_DIGITS	10	/* decimal digits of a uint32_t */
#define PM_LAT_BATCH	4096	/* latencies binned at a time */
#define PM_LAT_KEY_BITS	4	/* low bits of a batch entry: phase, op */

/* One slot of the file table: a live file when size is not 0. */
struct pm_slot {
	uint32_t	 size;		/* bytes, 0 = free slot */
	uint32_t	 num;		/* name number, 1-based */
	uint32_t	 loc;		/* index into the location list */
	uint32_t	 sub;		/* subdirectory index */
};
_Static_assert(sizeof(struct pm_slot) == 16, "file table slot is 16 bytes");
_Static_assert(PM_NTPHASES * PM_NOPS <= 16, "latency key fits 4 bits");

/*
 * Which slots are full.  Level 0 has a bit per slot; a bit of level l + 1
 * is set when the whole 64-bit word below it is full.  The top level is a
 * single word.
 */
struct pm_bitmap {
	uint64_t	*word[PM_BM_LEVELS];	/* bit set = full */
	size_t		 nbits[PM_BM_LEVELS];	/* valid bits per level */
	int		 nlevels;		/* 1..PM_BM_LEVELS */
};

struct pm_run;

/*
 * An I/O method (fio's ioengine_ops): how a file is created, appended to
 * and read.  Each works on run->path, returns 0, or -1 after recording the
 * first error with pm_fail.  create sets *opened once the file exists.
 */
struct pm_io {
	int	(*create)(struct pm_run *, uint32_t, int *);
	int	(*append)(struct pm_run *, uint32_t);
	int	(*read)(struct pm_run *, uint32_t);
};

/* Everything one run owns; lives on pm_workload_run's stack. */
struct pm_run {
	const struct pm_config	*cfg;		/* borrowed */
	const struct pm_hooks	*hooks;		/* borrowed, may be NULL */
	void			*arg;		/* for the hooks */
	struct pm_result	*res;		/* borrowed */
	const struct pm_io	*io;		/* stdio or raw */

	struct pm_rng		 rng;		/* reseeded every run */
	struct pm_clock		 clk;		/* times each operation */
	uint64_t		 lat[PM_LAT_BATCH]; /* ns << 4 | key, unbinned */
	size_t			 nlat;		/* entries in lat */
	char			*source;	/* 2 * size_high bytes */
	char			*rbuf;		/* read buffer */

	struct pm_slot		*slot;		/* the file table */
	uint32_t		 nslots;	/* 2 * number */
	uint32_t		 next_slot;	/* PostMark's next free guess */
	struct pm_bitmap	 bm;		/* full slots */
	uint32_t		 created;	/* creates, names the files */
	uint32_t		 deleted;	/* successful deletes */

	size_t			 nloc;		/* locations, 0 = cwd */
	size_t			*loclen;	/* bytes of each location */
	uint64_t		*cumweight;	/* running sum of the weights */
	uint64_t		 weight;	/* total weight */
	uint32_t		 subdirs;	/* > 1 when subdirs used */
	uint64_t		 ndirs;		/* sK directories made */

	char			*path;		/* current name */
	size_t			 pathsz;	/* bytes */
	uint32_t		 pathloc;	/* location in path, or none */

	const char		*err_op;	/* first failure, or NULL */
	char			*err_what;	/* its path, owned */
	int			 err_no;	/* its errno, 0 = short */
};

static volatile sig_atomic_t pm_signal;	/* set by pm_workload_interrupt */

static unsigned int pm_ctz64(uint64_t);
static int	 pm_fail(struct pm_run *, const char *, const char *, int);
static char	*pm_cause(const struct pm_run *);

static int	 pm_bm_init(struct pm_bitmap *, size_t);
static void	 pm_bm_free(struct pm_bitmap *);
static void	 pm_bm_set(struct pm_bitmap *, size_t);
static void	 pm_bm_clear(struct pm_bitmap *, size_t);
static int64_t	 pm_bm_first_free(const struct pm_bitmap *);

static char	*pm_utoa(char *, uint32_t);
static void	 pm_mkpath(struct pm_run *, uint32_t, int, uint32_t,
		    uint32_t);
static void	 pm_slot_path(struct pm_run *, const struct pm_slot *);
static void	 pm_dir_path(struct pm_run *, uint64_t);

static size_t	 pm_atomicio(int, int, char *, size_t);
static size_t	 pm_stdio_piece(int, char *, uint32_t, FILE *);
static int	 pm_stdio_io(struct pm_run *, int, const char *, uint32_t,
		    int *);
static int	 pm_stdio_create(struct pm_run *, uint32_t, int *);
static int	 pm_stdio_append(struct pm_run *, uint32_t);
static int	 pm_stdio_read(struct pm_run *, uint32_t);
static int	 pm_raw_io(struct pm_run *, int, int, uint32_t, int *);
static int	 pm_raw_create(struct pm_run *, uint32_t, int *);
static int	 pm_raw_append(struct pm_run *, uint32_t);
static int	 pm_raw_read(struct pm_run *, uint32_t);

static int	 pm_setup(struct pm_run *);
static void	 pm_teardown(struct pm_run *);
static void	 pm_begin(struct pm_run *, enum pm_phase);
static void	 pm_end(struct pm_run *, enum pm_phase);
static void	 pm_progress(struct pm_run *, enum pm_phase, uint64_t,
		    uint64_t);
static uint32_t	 pm_pick_location(struct pm_run *);
static int64_t	 pm_find_free(struct pm_run *);
static uint32_t	 pm_pick_used(struct pm_run *);
static int	 pm_create(struct pm_run *, enum pm_tphase);
static int	 pm_read(struct pm_run *, uint32_t);
static int	 pm_append(struct pm_run *, uint32_t);
static int	 pm_delete(struct pm_run *, uint32_t, enum pm_tphase);
static int	 pm_transact(struct pm_run *);
static int	 pm_mkdirs(struct pm_run *);
static int	 pm_rmdirs(struct pm_run *);
static void	 pm_cleanup(struct pm_run *);
static void	 pm_lat_flush(struct pm_run *);

static const struct pm_io pm_io_stdio = {
	pm_stdio_create,
	pm_stdio_append,
	pm_stdio_read
};

static const struct pm_io pm_io_raw = {
	pm_raw_create,
	pm_raw_append,
	pm_raw_read
};

#define RND(run, x)	pm_rng_rnd(&(run)->rng, (x))

/*
 * Latency of one operation: LAT_START before it, LAT_RECORD after, on the
 * operation clock (pm_clock.h).  LAT_RECORD only appends the value to a
 * batch in the run context; pm_lat_flush bins a full batch into the
 * histograms in one tight loop.  Updating a histogram right after each
 * operation cost several times more, since the system call in between
 * evicts it from the cache.  A build with -DPM_NO_LATENCY (bench/latency.sh
 * makes one) leaves recording out, so that its cost can be measured; never
 * ship it.
 */
#ifdef PM_NO_LATENCY
#define LAT_START(run)		0
#define LAT_RECORD(run, tp, op, t0) do { (void)(t0); } while (0)
#else
#define LAT_START(run)		pm_clock_read(&(run)->clk)
#define LAT_RECORD(run, tp, op, t0) do {				\
	(run)->lat[(run)->nlat++] = pm_clock_ns(&(run)->clk, (t0),	\
	    pm_clock_read(&(run)->clk)) << PM_LAT_KEY_BITS |		\
	    ((tp) * PM_NOPS + (op));					\
	if ((run)->nlat == PM_LAT_BATCH)				\
		pm_lat_flush(run);					\
} while (0)
#endif

/* Index of the lowest set bit of v, which is not 0. */
static unsigned int
pm_ctz64(uint64_t v)
{
#if defined(__GNUC__)
	return ((unsigned int)__builtin_ctzll(v));
#else
	unsigned int	 n = 0;

	while ((v & 1) == 0) {
		v >>= 1;
		n++;
	}
	return (n);
#endif
}

/*
 * Record a failure of operation op on what (a path) with error errnum (0
 * for an unexpected end of file or a zero-byte write).  Only the first
 * failure of a run is kept: it is the cause.  Always returns -1.
 */
static int
pm_fail(struct pm_run *run, const char *op, const char *what, int errnum)
{
	if (run->err_op != NULL)
		return (-1);
	run->err_op = op;
	run->err_no = errnum;
	run->err_what = xstrdup(what);
	return (-1);
}

/* Format the first failure as "OP PATH: message"; the caller frees it. */
static char *
pm_cause(const struct pm_run *run)
{
	const char	*msg;
	char		*s;

	if (run->err_no != 0)
		msg = strerror(run->err_no);
	else if (strcmp(run->err_op, "read") == 0)
		msg = "unexpected end of file";
	else
		msg = "short write";
	xasprintf(&s, "%s %s: %s", run->err_op, run->err_what, msg);
	return (s);
}

/*
 * Allocate a bitmap for nbits slots, all free.  Returns -1 with errno set
 * if memory is short; pm_bm_free releases what was allocated either way.
 */
static int
pm_bm_init(struct pm_bitmap *bm, size_t nbits)
{
	size_t	 nwords;
	int	 l;

	memset(bm, 0, sizeof *bm);
	for (l = 0; l < PM_BM_LEVELS; l++) {
		nwords = (nbits + 63) / 64;
		bm->nbits[l] = nbits;
		bm->nlevels = l + 1;
		if ((bm->word[l] = calloc(nwords, sizeof(uint64_t))) == NULL)
			return (-1);
		if (nwords == 1)
			return (0);
		nbits = nwords;
	}
	errno = EINVAL;
	return (-1);
}

/* Free a bitmap's words; the structure itself is not freed. */
static void
pm_bm_free(struct pm_bitmap *bm)
{
	int	 l;

	for (l = 0; l < PM_BM_LEVELS; l++) {
		free(bm->word[l]);
		bm->word[l] = NULL;
	}
}

/* Mark slot i full, and each summary bit above whose word filled up. */
static void
pm_bm_set(struct pm_bitmap *bm, size_t i)
{
	uint64_t	*w;
	int		 l;

	for (l = 0; l < bm->nlevels; l++) {
		w = &bm->word[l][i / 64];
		*w |= (uint64_t)1 << (i % 64);
		if (*w != PM_BM_FULL)
			break;
		i /= 64;
	}
}

/* Mark slot i free, and each summary bit above whose word was full. */
static void
pm_bm_clear(struct pm_bitmap *bm, size_t i)
{
	uint64_t	*w;
	int		 full, l;

	for (l = 0; l < bm->nlevels; l++) {
		w = &bm->word[l][i / 64];
		full = *w == PM_BM_FULL;
		*w &= ~((uint64_t)1 << (i % 64));
		if (!full)
			break;
		i /= 64;
	}
}

/*
 * The lowest free slot, or -1 if every slot is full: from the top word
 * down, follow the lowest clear bit.  Bits past the end of a level are
 * never set, so meeting one means that everything before it is full.
 */
static int64_t
pm_bm_first_free(const struct pm_bitmap *bm)
{
	uint64_t	 w;
	size_t		 i = 0;
	int		 l;

	for (l = bm->nlevels - 1; l >= 0; l--) {
		w = bm->word[l][i];
		if (w == PM_BM_FULL)
			return (-1);
		i = i * 64 + pm_ctz64(~w);
		if (i >= bm->nbits[l])
			return (-1);
	}
	return ((int64_t)i);
}

/*
 * Write v in decimal at p; returns the end (no NUL is written).  Two
 * digits per division: names are built for every operation.
 */
static char *
pm_utoa(char *p, uint32_t v)
{
	static const char digits[] =
	    "00010203040506070809101112131415161718192021222324"
	    "25262728293031323334353637383940414243444546474849"
	    "50515253545556575859606162636465666768697071727374"
	    "75767778798081828384858687888990919293949596979899";
	uint32_t	 r;
	char		*e;

	if (v < 10000)
		e = p + (v < 100 ? (v < 10 ? 1 : 2) : (v < 1000 ? 3 : 4));
	else if (v < 100000000)
		e = p + (v < 1000000 ? (v < 100000 ? 5 : 6) :
		    (v < 10000000 ? 7 : 8));
	else
		e = p + (v < 1000000000 ? 9 : 10);
	p = e;
	while (v >= 100) {
		r = (v % 100) * 2;
		v /= 100;
		*--p = digits[r + 1];
		*--p = digits[r];
	}
	if (v >= 10) {
		*--p = digits[v * 2 + 1];
		*--p = digits[v * 2];
	} else
		*--p = '0' + v;
	return (e);
}

/*
 * Build "[location/][sK/]N" in run->path: the location part when there
 * are locations, the subdirectory part when usesub, the number when num is
 * not 0 (a directory name "[location/]sK" otherwise).  The location part
 * is copied only when it changes.  The buffer is sized for the longest
 * location, so the name always fits; abort() guards that.
 */
static void
pm_mkpath(struct pm_run *run, uint32_t loc, int usesub, uint32_t sub,
    uint32_t num)
{
	char	*p = run->path;
	size_t	 len;

	if (run->nloc > 0) {
		len = run->loclen[loc];
		if (len + 3 * PM_DIGITS > run->pathsz)
			abort();
		if (loc != run->pathloc) {
			memcpy(p, run->cfg->locations[loc].name, len);
			p[len] = '/';
			run->pathloc = loc;
		}
		p += len + 1;
	}
	if (usesub) {
		*p++ = 's';
		p = pm_utoa(p, sub);
		if (num != 0)
			*p++ = '/';
	}
	if (num != 0)
		p = pm_utoa(p, num);
	*p = '\0';
}

/* The name of the file in slot s, in run->path. */
static void
pm_slot_path(struct pm_run *run, const struct pm_slot *s)
{
	pm_mkpath(run, s->loc, run->subdirs > 1, s->sub, s->num);
}

/* The name of the i-th subdirectory in creation order, in run->path. */
static void
pm_dir_path(struct pm_run *run, uint64_t i)
{
	pm_mkpath(run, (uint32_t)(i / run->subdirs), 1,
	    (uint32_t)(i % run->subdirs), 0);
}

/*
 * Transfer n bytes between fd and buf with read(2) (wr 0) or write(2)
 * (wr 1), as OpenSSH's atomicio: retry on EINTR, continue after a partial
 * transfer, and always make at least one call, so that n == 0 is still a
 * zero-length system call as in PostMark.  Returns the bytes transferred;
 * less than n means failure, with errno set, or 0 at end of file or when
 * write returned 0.
 */
static size_t
pm_atomicio(int wr, int fd, char *buf, size_t n)
{
	size_t	 pos = 0;
	ssize_t	 res;

	for (;;) {
		if (wr)
			res = write(fd, buf + pos, n - pos);
		else
			res = read(fd, buf + pos, n - pos);
		if (res == -1) {
			if (errno == EINTR)
				continue;
			return (pos);
		}
		if (res == 0 && pos < n) {
			errno = 0;
			return (pos);
		}
		pos += (size_t)res;
		if (pos >= n)
			return (pos);
	}
}

/* One piece of a buffered transfer: fwrite (wr 1) or fread of n bytes. */
static size_t
pm_stdio_piece(int wr, char *p, uint32_t n, FILE *fp)
{
	return (wr ? fwrite(p, n, 1, fp) : fread(p, n, 1, fp));
}

/*
 * Buffered transfer of run->path opened with fopen mode: write (wr 1) len
 * bytes of the source in len / W pieces of fwrite(p, W, 1, fp), or read
 * (wr 0) its len bytes in len / R pieces of fread(buf, R, 1, fp); then the
 * remainder piece, a no-op when it is 0, as PostMark does.  An end of file
 * before len bytes is an error.  *opened, when opened is not NULL, is set
 * once the file is open.  fclose writes what is still buffered, so
 * after writing its failure is reported as a failed write (close(2)
 * itself reports deferred write errors too).
 */
static int
pm_stdio_io(struct pm_run *run, int wr, const char *mode, uint32_t len,
    int *opened)
{
	FILE		*fp;
	char		*p = wr ? run->source : run->rbuf;
	uint64_t	*count = wr ? &run->res->bytes_written :
			    &run->res->bytes_read;
	uint32_t	 blk, step, rem, i;
	int		 e;

	blk = wr ? run->cfg->write_block : run->cfg->read_block;
	step = wr ? blk : 0;
	rem = len % blk;
	if ((fp = fopen(run->path, mode)) == NULL)
		return (pm_fail(run, "open", run->path, errno));
	if (opened != NULL)
		*opened = 1;
	for (i = len / blk; i > 0; i--, p += step) {
		if (pm_stdio_piece(wr, p, blk, fp) != 1)
			goto fail;
		*count += blk;
	}
	if (pm_stdio_piece(wr, p, rem, fp) != 1 && rem != 0)
		goto fail;
	*count += rem;
	if (fclose(fp) == EOF)
		return (pm_fail(run, wr ? "write" : "close", run->path, errno));
	return (0);

fail:
	e = wr || ferror(fp) ? errno : 0;
	fclose(fp);
	return (pm_fail(run, wr ? "write" : "read", run->path, e));
}

/* Create run->path (it must not exist) with len bytes, buffered. */
static int
pm_stdio_create(struct pm_run *run, uint32_t len, int *opened)
{
	return (pm_stdio_io(run, 1, "wx", len, opened));
}

/* Append len bytes to run->path, buffered. */
static int
pm_stdio_append(struct pm_run *run, uint32_t len)
{
	return (pm_stdio_io(run, 1, "a", len, NULL));
}

/* Read the len bytes of run->path, buffered. */
static int
pm_stdio_read(struct pm_run *run, uint32_t len)
{
	return (pm_stdio_io(run, 0, "r", len, NULL));
}

/*
 * Unbuffered transfer of run->path opened with flags: write (wr 1) len
 * bytes of the source in len / W write(2) calls of W bytes, or read (wr 0)
 * its len bytes in len / R read(2) calls of R bytes; then one call of the
 * remainder, a zero-length system call when it is 0, as in PostMark.
 * *opened, when opened is not NULL, is set once the file is open.
 */
static int
pm_raw_io(struct pm_run *run, int wr, int flags, uint32_t len, int *opened)
{
	char		*p = wr ? run->source : run->rbuf;
	uint64_t	*count = wr ? &run->res->bytes_written :
			    &run->res->bytes_read;
	uint32_t	 blk, step, rem, i;
	size_t		 n;
	int		 e, fd;

	blk = wr ? run->cfg->write_block : run->cfg->read_block;
	step = wr ? blk : 0;
	rem = len % blk;
	if ((fd = open(run->path, flags, 0644)) == -1)
		return (pm_fail(run, "open", run->path, errno));
	if (opened != NULL)
		*opened = 1;
	for (i = len / blk; i > 0; i--, p += step) {
		n = pm_atomicio(wr, fd, p, blk);
		*count += n;
		if (n != blk)
			goto fail;
	}
	n = pm_atomicio(wr, fd, p, rem);
	*count += n;
	if (n != rem)
		goto fail;
	if (close(fd) == -1)
		return (pm_fail(run, "close", run->path, errno));
	return (0);

fail:
	e = errno;
	close(fd);
	return (pm_fail(run, wr ? "write" : "read", run->path, e));
}

/* Create run->path (it must not exist) with len bytes, unbuffered. */
static int
pm_raw_create(struct pm_run *run, uint32_t len, int *opened)
{
	return (pm_raw_io(run, 1, O_RDWR | O_CREAT | O_EXCL, len, opened));
}

/* Append len bytes to run->path, unbuffered. */
static int
pm_raw_append(struct pm_run *run, uint32_t len)
{
	return (pm_raw_io(run, 1, O_RDWR | O_APPEND, len, NULL));
}

/* Read the len bytes of run->path, unbuffered. */
static int
pm_raw_read(struct pm_run *run, uint32_t len)
{
	return (pm_raw_io(run, 0, O_RDONLY, len, NULL));
}

/*
 * Check the configuration, seed the generator, build the source buffer
 * (2 * HIGH draws of 32 + RND(95), reference §3) and allocate the file
 * table, its bitmap, the read buffer and the path buffer.  Returns -1
 * after pm_fail on a bad configuration or a failed allocation.
 */
static int
pm_setup(struct pm_run *run)
{
	const struct pm_config	*cfg = run->cfg;
	uint64_t		 i, nsrc;
	size_t			 maxlen = 0, n;

	if (cfg->number < 1 || cfg->number > PM_NUMBER_MAX ||
	    cfg->size_low < 1 || cfg->size_high < cfg->size_low ||
	    cfg->size_high > PM_SIZE_MAX || cfg->read_block < 1 ||
	    cfg->write_block < 1 || cfg->transactions < 1 ||
	    cfg->nlocations >= UINT32_MAX ||
	    (cfg->nlocations > 0 && cfg->locations == NULL))
		return (pm_fail(run, "check", "configuration", EINVAL));
	run->io = cfg->buffering ? &pm_io_stdio : &pm_io_raw;
	run->subdirs = cfg->subdirs > 1 ? cfg->subdirs : 0;
	run->nloc = cfg->nlocations;
	run->nslots = 2 * cfg->number;

	/* Locations: name lengths and cumulative weights (reference §5.2). */
	if (run->nloc > 0) {
		run->loclen = calloc(run->nloc, sizeof *run->loclen);
		run->cumweight = calloc(run->nloc, sizeof *run->cumweight);
		if (run->loclen == NULL || run->cumweight == NULL)
			return (pm_fail(run, "allocate", "location list",
			    errno));
		for (n = 0; n < run->nloc; n++) {
			if (cfg->locations[n].weight < 1)
				return (pm_fail(run, "check",
				    cfg->locations[n].name, EINVAL));
			run->loclen[n] = strlen(cfg->locations[n].name);
			if (run->loclen[n] > maxlen)
				maxlen = run->loclen[n];
			run->weight += cfg->locations[n].weight;
			run->cumweight[n] = run->weight;
		}
	}
	run->pathsz = maxlen + 3 * PM_DIGITS + 1;
	if ((run->path = malloc(run->pathsz)) == NULL)
		return (pm_fail(run, "allocate", "path buffer", errno));
	run->path[0] = '\0';
	run->pathloc = UINT32_MAX;

	/* The source buffer; reseeding first makes every run the same. */
	pm_rng_seed(&run->rng, cfg->seed);
	nsrc = 2 * (uint64_t)cfg->size_high;
	if ((run->source = malloc(nsrc)) == NULL)
		return (pm_fail(run, "allocate", "source buffer", errno));
	for (i = 0; i < nsrc; i++)
		run->source[i] = (char)(32 + RND(run, 95));

	/* A read piece is never longer than HIGH bytes. */
	n = cfg->read_block < cfg->size_high ? cfg->read_block :
	    cfg->size_high;
	if ((run->rbuf = malloc(n)) == NULL)
		return (pm_fail(run, "allocate", "read buffer", errno));

	if ((run->slot = calloc(run->nslots, sizeof *run->slot)) == NULL)
		return (pm_fail(run, "allocate", "file table", errno));
	if (pm_bm_init(&run->bm, run->nslots) == -1)
		return (pm_fail(run, "allocate", "file table", errno));
	run->next_slot = 0;
	return (0);
}

/* Free everything pm_setup allocated. */
static void
pm_teardown(struct pm_run *run)
{
	pm_bm_free(&run->bm);
	free(run->slot);
	free(run->rbuf);
	free(run->source);
	free(run->path);
	free(run->cumweight);
	free(run->loclen);
	free(run->err_what);
}

/* Enter a phase: remember it and tell the caller. */
static void
pm_begin(struct pm_run *run, enum pm_phase phase)
{
	run->res->last_phase = phase;
	if (run->hooks != NULL && run->hooks->phase_begin != NULL)
		run->hooks->phase_begin(run->arg, phase);
}

/* Leave a phase. */
static void
pm_end(struct pm_run *run, enum pm_phase phase)
{
	if (run->hooks != NULL && run->hooks->phase_end != NULL)
		run->hooks->phase_end(run->arg, phase, run->res);
}

/* Report done out of total operations of a phase. */
static void
pm_progress(struct pm_run *run, enum pm_phase phase, uint64_t done,
    uint64_t total)
{
	if (run->hooks != NULL && run->hooks->progress != NULL)
		run->hooks->progress(run->arg, phase, done, total);
}

/*
 * PostMark's weighted location: index[RND(total_weight)] of an array
 * holding each location weight times in list order.  The running sums
 * give the same location without building that array.
 */
static uint32_t
pm_pick_location(struct pm_run *run)
{
	uint64_t	 r = RND(run, (int64_t)run->weight);
	size_t		 lo = 0, hi = run->nloc - 1, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (run->cumweight[mid] > r)
			hi = mid;
		else
			lo = mid + 1;
	}
	return ((uint32_t)lo);
}

/*
 * PostMark's FIND_FREE: next_slot if it is free, else the lowest free slot
 * (and next_slot follows it).  Returns -1 when the table is full.
 */
static int64_t
pm_find_free(struct pm_run *run)
{
	int64_t	 i;

	if (run->next_slot < run->nslots &&
	    run->slot[run->next_slot].size == 0)
		return (run->next_slot++);
	if ((i = pm_bm_first_free(&run->bm)) == -1)
		return (-1);
	run->next_slot = (uint32_t)i + 1;
	return (i);
}

/*
 * PostMark's PICK_USED: draw RND(2N) until the slot is live.  The caller
 * makes sure one is.
 */
static uint32_t
pm_pick_used(struct pm_run *run)
{
	uint32_t	 k;

	do {
		k = RND(run, run->nslots);
	} while (run->slot[k].size == 0);
	return (k);
}

/*
 * PostMark's CREATE: take a slot (a silent no-op when the table is full),
 * draw [location] [subdirectory] [size] in that order, and write the file.
 * Returns -1 on failure; a file whose open succeeded stays in the table,
 * so that the cleanup removes it.
 */
static int
pm_create(struct pm_run *run, enum pm_tphase tp)
{
	const struct pm_config	*cfg = run->cfg;
	struct pm_slot		*s;
	uint64_t		 t0;
	int64_t			 k;
	int			 opened = 0;

	if ((k = pm_find_free(run)) == -1)
		return (0);
	s = &run->slot[k];
	s->loc = run->nloc >= 2 ? pm_pick_location(run) : 0;
	s->sub = run->subdirs > 1 ? RND(run, run->subdirs) : 0;
	s->num = ++run->created;
	s->size = cfg->size_low +
	    RND(run, (int64_t)cfg->size_high - cfg->size_low);
	pm_bm_set(&run->bm, (size_t)k);
	pm_slot_path(run, s);

	t0 = LAT_START(run);
	if (run->io->create(run, s->size, &opened) == -1) {
		if (!opened) {
			s->size = 0;
			pm_bm_clear(&run->bm, (size_t)k);
		}
		return (-1);
	}
	LAT_RECORD(run, tp, PM_OP_CREATE, t0);
	if (tp == PM_TP_CREATE)
		run->res->created_alone++;
	else
		run->res->created_mixed++;
	return (0);
}

/* PostMark's READ of slot k: the whole file in read-block pieces. */
static int
pm_read(struct pm_run *run, uint32_t k)
{
	uint64_t	 t0;

	pm_slot_path(run, &run->slot[k]);
	t0 = LAT_START(run);
	if (run->io->read(run, run->slot[k].size) == -1)
		return (-1);
	LAT_RECORD(run, PM_TP_TRANSACT, PM_OP_READ, t0);
	run->res->read++;
	return (0);
}

/*
 * PostMark's APPEND to slot k: skipped (no draw, nothing counted) when the
 * file is at HIGH; else RND(HIGH - size) + 1 bytes, so it never passes
 * HIGH.
 */
static int
pm_append(struct pm_run *run, uint32_t k)
{
	struct pm_slot	*s = &run->slot[k];
	uint32_t	 high = run->cfg->size_high, len;
	uint64_t	 t0;

	if (s->size >= high)
		return (0);
	len = RND(run, (int64_t)high - s->size) + 1;
	pm_slot_path(run, s);
	t0 = LAT_START(run);
	if (run->io->append(run, len) == -1)
		return (-1);
	LAT_RECORD(run, PM_TP_TRANSACT, PM_OP_APPEND, t0);
	s->size += len;
	run->res->appended++;
	return (0);
}

/* PostMark's DELETE of slot k, which is live: unlink(2). */
static int
pm_delete(struct pm_run *run, uint32_t k, enum pm_tphase tp)
{
	uint64_t	 t0;

	pm_slot_path(run, &run->slot[k]);
	t0 = LAT_START(run);
	if (unlink(run->path) == -1)
		return (pm_fail(run, "unlink", run->path, errno));
	LAT_RECORD(run, tp, PM_OP_DELETE, t0);
	run->slot[k].size = 0;
	pm_bm_clear(&run->bm, k);
	run->deleted++;
	if (tp == PM_TP_DELETE)
		run->res->deleted_alone++;
	else
		run->res->deleted_mixed++;
	return (0);
}

/*
 * One transaction in PostMark's exact order (reference §4.4): the
 * read/append choice, then the pick, then the operation; then the
 * create/delete choice and the create, or a pick and the delete.  A bias
 * of -1 removes its half and its draws.
 */
static int
pm_transact(struct pm_run *run)
{
	const struct pm_config	*cfg = run->cfg;
	uint32_t		 r, k;

	if (cfg->bias_read != PM_BIAS_OFF) {
		r = RND(run, 10);
		k = pm_pick_used(run);
		if ((int)r < cfg->bias_read) {
			if (pm_read(run, k) == -1)
				return (-1);
		} else if (pm_append(run, k) == -1)
			return (-1);
	}
	if (cfg->bias_create != PM_BIAS_OFF) {
		r = RND(run, 10);
		if ((int)r < cfg->bias_create) {
			if (pm_create(run, PM_TP_TRANSACT) == -1)
				return (-1);
		} else {
			k = pm_pick_used(run);
			if (pm_delete(run, k, PM_TP_TRANSACT) == -1)
				return (-1);
		}
	}
	return (0);
}

/*
 * Make s0..s(n-1) with mode 0700 in each location in list order (or in
 * the current directory).  One that exists already is an error: it is not
 * ours.  run->ndirs counts those made, for pm_rmdirs.
 */
static int
pm_mkdirs(struct pm_run *run)
{
	uint64_t	 i, n;

	n = (uint64_t)(run->nloc > 0 ? run->nloc : 1) * run->subdirs;
	for (i = 0; i < n; i++) {
		if (pm_signal != 0)
			return (-1);
		pm_dir_path(run, i);
		if (mkdir(run->path, 0700) == -1)
			return (pm_fail(run, "mkdir", run->path, errno));
		run->ndirs++;
	}
	return (0);
}

/*
 * Remove the subdirectories made by pm_mkdirs, in the same order.  A
 * failure is recorded and the others are still tried.  Returns -1 if any
 * failed.
 */
static int
pm_rmdirs(struct pm_run *run)
{
	uint64_t	 i;
	int		 rc = 0;

	for (i = 0; i < run->ndirs; i++) {
		pm_dir_path(run, i);
		if (rmdir(run->path) == -1)
			rc = pm_fail(run, "rmdir", run->path, errno);
	}
	run->ndirs = 0;
	return (rc);
}

/* Bin the batch of latencies into the result's histograms. */
static void
pm_lat_flush(struct pm_run *run)
{
	size_t		 i;
	uint64_t	 v;
	unsigned int	 key;

	for (i = 0; i < run->nlat; i++) {
		v = run->lat[i];
		key = v & ((1U << PM_LAT_KEY_BITS) - 1);
		pm_hist_record(&run->res->lat[key / PM_NOPS][key % PM_NOPS],
		    v >> PM_LAT_KEY_BITS);
	}
	run->nlat = 0;
}

/*
 * After a failure or an interrupt: remove every file still in the table
 * (all of them this run's) and the subdirectories, best effort, keeping
 * the first failure as the cause.  Not interruptible.
 */
static void
pm_cleanup(struct pm_run *run)
{
	uint32_t	 k;

	for (k = 0; k < run->nslots; k++) {
		if (run->slot[k].size == 0)
			continue;
		pm_slot_path(run, &run->slot[k]);
		if (unlink(run->path) == -1 && errno != ENOENT)
			pm_fail(run, "unlink", run->path, errno);
		run->slot[k].size = 0;
	}
	pm_rmdirs(run);
}

/*
 * Run the benchmark described by cfg once, in PostMark's order (reference
 * §3): subdirectories, creation, transactions, deletion, subdirectories.
 * hooks (may be NULL) hear about phases and progress (the deletion
 * phase's total is the number of files alive when it starts); they are
 * not called any more once the run fails or is interrupted.  res, prepared
 * by pm_result_init, receives counts, times, latencies and the last phase
 * entered (its meta and iteration are left alone).
 *
 * Returns 0 with res->status OK, OUT_OF_FILES (the deletion phase still
 * ran) or INTERRUPTED (res->signo set, everything created removed).
 * Returns -1 with res->status ERROR when a file operation or an allocation
 * failed: what the run created is removed, *cause (if cause is not NULL)
 * is an allocated "OP PATH: message" the caller frees and res->error holds
 * a copy.  Time stamps not reached are set to the time the run stopped.
 */
int
pm_workload_run(const struct pm_config *cfg, const struct pm_hooks *hooks,
    void *arg, struct pm_result *res, char **cause)
{
	struct pm_run	 run;
	struct pm_meta	*meta;
	uint64_t	 i, total, done;
	uint32_t	 k, iteration;
	int		 rc = -1;

	pm_signal = 0;
	memset(&run, 0, sizeof run);
	run.cfg = cfg;
	run.hooks = hooks;
	run.arg = arg;
	run.res = res;

	/* Start from an empty result, but keep its metadata and iteration. */
	meta = res->meta;
	iteration = res->iteration;
	free(res->error);
	pm_result_init(res);
	res->meta = meta;
	res->iteration = iteration;

	if (pm_setup(&run) == -1)
		goto out;
	pm_clock_init(&run.clk);

	if (run.subdirs > 1) {
		pm_begin(&run, PM_PHASE_MKDIR);
		if (pm_mkdirs(&run) == -1)
			goto stop;
		pm_end(&run, PM_PHASE_MKDIR);
	}

	res->t_start = pm_clock_mono();
	pm_begin(&run, PM_PHASE_CREATE);
	for (i = 0; i < cfg->number; i++) {
		if (pm_signal != 0 || pm_create(&run, PM_TP_CREATE) == -1)
			goto stop;
		pm_progress(&run, PM_PHASE_CREATE, i + 1, cfg->number);
	}
	pm_end(&run, PM_PHASE_CREATE);

	pm_begin(&run, PM_PHASE_TRANSACT);
	res->t_trans = pm_clock_mono();
	for (i = 0; i < cfg->transactions; i++) {
		if (pm_signal != 0)
			goto stop;
		if (run.created == run.deleted) {
			res->status = PM_STATUS_OUT_OF_FILES;
			break;
		}
		if (pm_transact(&run) == -1)
			goto stop;
		res->transactions_done++;
		pm_progress(&run, PM_PHASE_TRANSACT, i + 1, cfg->transactions);
	}
	res->t_trans_end = pm_clock_mono();
	pm_end(&run, PM_PHASE_TRANSACT);

	pm_begin(&run, PM_PHASE_DELETE);
	total = run.created - run.deleted;
	done = 0;
	for (k = 0; k < run.nslots; k++) {
		if (run.slot[k].size == 0)
			continue;
		if (pm_signal != 0 || pm_delete(&run, k, PM_TP_DELETE) == -1)
			goto stop;
		pm_progress(&run, PM_PHASE_DELETE, ++done, total);
	}
	pm_end(&run, PM_PHASE_DELETE);
	res->t_end = pm_clock_mono();

	if (run.subdirs > 1) {
		pm_begin(&run, PM_PHASE_RMDIR);
		if (pm_rmdirs(&run) == -1)
			goto stop;
		pm_end(&run, PM_PHASE_RMDIR);
	}
	rc = 0;
	goto out;

stop:
	i = pm_clock_mono();
	if (res->t_start == 0)
		res->t_start = i;
	if (res->t_trans == 0)
		res->t_trans = i;
	if (res->t_trans_end == 0)
		res->t_trans_end = i;
	if (res->t_end == 0)
		res->t_end = i;
	pm_cleanup(&run);
	if (run.err_op == NULL) {
		res->status = PM_STATUS_INTERRUPTED;
		res->signo = pm_signal;
		rc = 0;
	}

out:
	pm_lat_flush(&run);
	if (run.err_op != NULL) {
		res->status = PM_STATUS_ERROR;
		res->error = pm_cause(&run);
		if (cause != NULL)
			*cause = xstrdup(res->error);
		rc = -1;
	}
	pm_teardown(&run);
	return (rc);
}

/*
 * Ask the running pm_workload_run to stop at the next operation boundary.
 * Async-signal-safe: call it from a SIGINT or SIGTERM handler.
 */
void
pm_workload_interrupt(int signo)
{
	pm_signal = signo;
}

/* Prepare an empty result: zero counts, empty histograms, no error. */
void
pm_result_init(struct pm_result *res)
{
	int	 p, t;

	memset(res, 0, sizeof *res);
	res->status = PM_STATUS_OK;
	res->last_phase = PM_PHASE_MKDIR;
	res->error = NULL;
	res->meta = NULL;
	res->iteration = 1;
	for (t = 0; t < PM_NTPHASES; t++) {
		for (p = 0; p < PM_NOPS; p++)
			pm_hist_init(&res->lat[t][p]);
	}
}

/* Free what a result owns (error text, metadata); res itself is not. */
void
pm_result_free(struct pm_result *res)
{
	if (res == NULL)
		return;
	free(res->error);
	res->error = NULL;
	pm_meta_free(res->meta);
	res->meta = NULL;
}
