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
 * Files are never reached by path.  Each location is opened once
 * (O_DIRECTORY | O_NOFOLLOW) and each sK subdirectory the run makes is
 * opened right after mkdirat; every create, read, append and unlink is
 * then relative to one of these handles, with O_NOFOLLOW.  A location or
 * subdirectory renamed during the run is followed where it went, and a
 * symbolic link put in its place is never entered.  Two locations that
 * are the same directory share their handles and subdirectories.
 *
 * The file table holds 2 * number slots of 16 bytes; a file's name is
 * rebuilt from its slot when needed (the full path only for messages).
 * A hierarchical bitmap of full slots gives the lowest free slot without
 * scanning the table.  The I/O itself is pm_io.c's.
 *
 * The engine prints nothing: the caller learns about progress through
 * struct pm_hooks and about failures through the result's error.
 */

#include "config.h"

#include <sys/types.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <dirent.h>
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
#include "pm_io.h"

#define PM_BM_LEVELS	6	/* 64^6 bits cover 2 * PM_NUMBER_MAX slots */
#define PM_BM_FULL	UINT64_MAX
#define PM_DIGITS	10	/* decimal digits of a uint32_t */
#define PM_NAME_MAX	(PM_DIGITS + 2)	/* "s" or nothing, digits, NUL */
#define PM_LAT_BATCH	4096	/* latencies binned at a time */
#define PM_LAT_KEY_BITS	4	/* low bits of a batch entry: phase, op */
#define PM_FD_SPARE	32	/* descriptors kept free beyond the handles */
#define PM_DIR_FLAGS	(O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
#define PM_DIRECT_MEMALIGN 4096	/* O_DIRECT buffers, bytes */

#ifndef STATX_DIOALIGN
#define STATX_DIOALIGN	0x00002000U	/* Linux's, when libc lacks it */
#endif

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

/* A subdirectory the run made: its handle and identity. */
struct pm_subdir {
	int		 fd;		/* handle, -1 = none */
	dev_t		 dev;		/* st_dev, to know it again */
	ino_t		 ino;		/* st_ino */
};

/*
 * The directories of a run.  Location i is opened as locfd[i]; when it
 * is the same directory as an earlier location j, canon[i] = j and it
 * uses j's handles, else canon[i] = i.  With subdirectories, sub[i * n +
 * k] is sK in canonical location i.  made counts the subdirectories made,
 * in creation order (canonical locations in list order, s0 first), for
 * their removal.
 */
struct pm_dirs {
	size_t		 nloc;		/* locations, or 1 for the cwd */
	int		*locfd;		/* per location, -1 = not open */
	uint32_t	*canon;		/* per location */
	uint32_t	 nsub;		/* subdirectories per location, or 0 */
	struct pm_subdir *sub;		/* nloc * nsub */
	uint64_t	 made;		/* sK made so far */
	uint64_t	 nhandles;	/* directory handles needed */
};

/* Everything one run owns; lives on pm_workload_run's stack. */
struct pm_run {
	const struct pm_config	*cfg;		/* borrowed */
	const struct pm_hooks	*hooks;		/* borrowed, may be NULL */
	void			*arg;		/* for the hooks */
	struct pm_result	*res;		/* borrowed */
	struct pm_io		 io;		/* transfers, pm_io.c */

	struct pm_rng		 rng;		/* reseeded every run */
	struct pm_clock		 clk;		/* times each operation */
	uint64_t		 lat[PM_LAT_BATCH]; /* ns << 4 | key, unbinned */
	size_t			 nlat;		/* entries in lat */
	char			*source;	/* 2 * size_high bytes */

	struct pm_slot		*slot;		/* the file table */
	uint32_t		 nslots;	/* 2 * number */
	uint32_t		 next_slot;	/* PostMark's next free guess */
	struct pm_bitmap	 bm;		/* full slots */
	uint32_t		 created;	/* creates, names the files */
	uint32_t		 deleted;	/* successful deletes */

	size_t			 nloc;		/* locations, 0 = cwd */
	uint64_t		*cumweight;	/* running sum of the weights */
	uint64_t		 weight;	/* total weight */
	uint32_t		 subdirs;	/* > 1 when subdirs used */
	struct pm_dirs		 dirs;		/* directory handles */
	char			 name[PM_NAME_MAX]; /* current name in its dir */
	int			 dirfd;		/* its directory */
};

static volatile sig_atomic_t pm_signal;	/* set by pm_workload_interrupt */

static unsigned int pm_ctz64(uint64_t);
static int	 pm_fail(struct pm_run *, const char *, const char *, int);
static int	 pm_fail_io(struct pm_run *, const struct pm_slot *);

static int	 pm_bm_init(struct pm_bitmap *, size_t);
static void	 pm_bm_free(struct pm_bitmap *);
static void	 pm_bm_set(struct pm_bitmap *, size_t);
static void	 pm_bm_clear(struct pm_bitmap *, size_t);
static int64_t	 pm_bm_first_free(const struct pm_bitmap *);

static char	*pm_utoa(char *, uint32_t);
static const char *pm_locname(const struct pm_run *, uint32_t);
static char	*pm_display(const struct pm_run *, uint32_t, int, uint32_t,
		    uint32_t);
static void	 pm_slot_name(struct pm_run *, const struct pm_slot *);

static void	 pm_fd_budget(struct pm_run *);
static int	 pm_fail_handle(struct pm_run *, const char *, const char *,
		    int);
static int	 pm_open_location(struct pm_run *, uint32_t);
static int	 pm_mkdirs_in(struct pm_run *, uint32_t);
static int	 pm_open_dirs(struct pm_run *);
static int	 pm_find_subdir(int, const struct pm_subdir *, char *, size_t);
static int	 pm_rmdir(struct pm_run *, uint64_t, int);
static int	 pm_rmdirs(struct pm_run *);
static int	 pm_dirs_init(struct pm_dirs *, size_t, uint32_t);
static void	 pm_close_dirs(struct pm_run *);

static char	*pm_alloc(size_t, int);
static void	 pm_io_mode(struct pm_run *);
static int	 pm_direct_probe(struct pm_run *, uint32_t);
static size_t	 pm_dio_align(int, int *);
static size_t	 pm_block_size(dev_t);
static int	 pm_direct_blocks(struct pm_run *);
static int	 pm_dirsync(struct pm_run *, const struct pm_slot *);
static int	 pm_setup(struct pm_run *);
static void	 pm_teardown(struct pm_run *);
static int	 pm_begin(struct pm_run *, enum pm_phase);
static int	 pm_end(struct pm_run *, enum pm_phase);
static int	 pm_progress(struct pm_run *, enum pm_phase, uint64_t,
		    uint64_t);
static uint32_t	 pm_pick_location(struct pm_run *);
static int64_t	 pm_find_free(struct pm_run *);
static uint32_t	 pm_pick_used(struct pm_run *);
static int	 pm_create(struct pm_run *, enum pm_tphase);
static int	 pm_read(struct pm_run *, uint32_t);
static int	 pm_append(struct pm_run *, uint32_t);
static int	 pm_delete(struct pm_run *, uint32_t, enum pm_tphase);
static int	 pm_transact(struct pm_run *);
static int	 pm_phase_create(struct pm_run *);
static int	 pm_phase_transact(struct pm_run *);
static int	 pm_phase_delete(struct pm_run *);
static int	 pm_around(struct pm_run *, int, enum pm_phase);
static int	 pm_phases(struct pm_run *);
static void	 pm_cleanup(struct pm_run *);
static void	 pm_lat_flush(struct pm_run *);

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
 * Record a failure of operation op on path (as the user would write it)
 * with error errnum (0 for an unexpected end of file or a zero-byte
 * write).  Only the first failure of a run is kept: it is the cause.
 * Always returns -1.
 */
static int
pm_fail(struct pm_run *run, const char *op, const char *path, int errnum)
{
	pm_error_set(&run->res->error, op, path, errnum);
	return (-1);
}

/* Record the failure pm_io.c reported for the file of slot s; -1. */
static int
pm_fail_io(struct pm_run *run, const struct pm_slot *s)
{
	char	*path;

	path = pm_display(run, s->loc, run->subdirs > 1, s->sub, s->num);
	pm_fail(run, run->io.op, path, run->io.errnum);
	free(path);
	return (-1);
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

/* The name of location loc as the user gave it, or "." for none. */
static const char *
pm_locname(const struct pm_run *run, uint32_t loc)
{
	return (run->nloc > 0 ? run->cfg->locations[loc].name : ".");
}

/*
 * The path of a file or directory as PostMark names it, for messages:
 * "[location/][sK/]N", with the subdirectory part when usesub and the
 * number when num is not 0 (a directory "[location/]sK" otherwise).
 * Returns an allocated string.
 */
static char *
pm_display(const struct pm_run *run, uint32_t loc, int usesub, uint32_t sub,
    uint32_t num)
{
	char	*s, nums[PM_NAME_MAX], subs[PM_NAME_MAX];

	*pm_utoa(nums, num) = '\0';
	*pm_utoa(subs, sub) = '\0';
	xasprintf(&s, "%s%s%s%s%s%s",
	    run->nloc > 0 ? run->cfg->locations[loc].name : "",
	    run->nloc > 0 && (usesub || num != 0) ? "/" : "",
	    usesub ? "s" : "", usesub ? subs : "",
	    usesub && num != 0 ? "/" : "", num != 0 ? nums : "");
	return (s);
}

/* The name of slot s in its directory, in run->name and run->dirfd. */
static void
pm_slot_name(struct pm_run *run, const struct pm_slot *s)
{
	const struct pm_dirs	*d = &run->dirs;
	uint32_t		 c = d->canon[run->nloc > 0 ? s->loc : 0];

	*pm_utoa(run->name, s->num) = '\0';
	run->dirfd = d->nsub > 0 ? d->sub[(uint64_t)c * d->nsub + s->sub].fd :
	    d->locfd[c];
}

/*
 * Let the process hold every directory handle of the run plus a few:
 * raise the soft limit on open files towards the hard one if needed.
 * Best effort: a limit that stays too low shows as EMFILE at the open
 * that meets it, with pm_fail_handle's explanation.
 */
static void
pm_fd_budget(struct pm_run *run)
{
	struct rlimit	 rl;
	uint64_t	 want = run->dirs.nhandles + PM_FD_SPARE;

	if (getrlimit(RLIMIT_NOFILE, &rl) == -1 ||
	    rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= want)
		return;
	rl.rlim_cur = rl.rlim_max != RLIM_INFINITY && rl.rlim_max < want ?
	    rl.rlim_max : want;
	setrlimit(RLIMIT_NOFILE, &rl);
}

/*
 * Record the failure of op on directory path with errnum: at a handle,
 * EMFILE means that the run's handles do not fit the open-file limit,
 * which the message says.  Returns -1.
 */
static int
pm_fail_handle(struct pm_run *run, const char *op, const char *path,
    int errnum)
{
	pm_fail(run, op, path, errnum);
	if (errnum == EMFILE && run->res->error.errnum == EMFILE)
		run->res->error.msg = "Too many open files (the run holds a "
		    "handle per location and subdirectory; raise ulimit -n "
		    "or use fewer subdirectories)";
	return (-1);
}

/*
 * Open location i (the current directory when there are none) without
 * following a symbolic link, and find whether an earlier location is the
 * same directory.  Returns 0 or -1.
 */
static int
pm_open_location(struct pm_run *run, uint32_t i)
{
	struct pm_dirs	*d = &run->dirs;
	struct stat	 st, sj;
	uint32_t	 j;
	int		 e;

	d->locfd[i] = open(pm_locname(run, i), PM_DIR_FLAGS);
	if (d->locfd[i] == -1) {
		e = errno;
		pm_fail_handle(run, "open", pm_locname(run, i), e);
		/* O_NOFOLLOW refuses a link (ELOOP, or ENOTDIR first). */
		if ((e == ELOOP || e == ENOTDIR) &&
		    lstat(pm_locname(run, i), &st) == 0 && S_ISLNK(st.st_mode))
			run->res->error.msg = "the location is a symbolic "
			    "link; name the directory itself";
		return (-1);
	}
	d->canon[i] = i;
	if (fstat(d->locfd[i], &st) == -1)
		return (pm_fail(run, "stat", pm_locname(run, i), errno));
	for (j = 0; j < i; j++) {
		if (d->canon[j] == j && fstat(d->locfd[j], &sj) == 0 &&
		    sj.st_dev == st.st_dev && sj.st_ino == st.st_ino) {
			d->canon[i] = j;
			break;
		}
	}
	return (0);
}

/*
 * Make s0..s(n-1) with mode 0700 in canonical location i and open each.
 * One that exists already is an error: it is not ours.
 */
static int
pm_mkdirs_in(struct pm_run *run, uint32_t i)
{
	struct pm_dirs		*d = &run->dirs;
	struct pm_subdir	*sd;
	struct stat		 st;
	const char		*op;
	char			 name[PM_NAME_MAX], *path;
	uint32_t		 k;
	int			 e;

	for (k = 0; k < d->nsub; k++) {
		if (pm_signal != 0)
			return (-1);
		name[0] = 's';
		*pm_utoa(name + 1, k) = '\0';
		sd = &d->sub[(uint64_t)i * d->nsub + k];
		op = "mkdir";
		if (mkdirat(d->locfd[i], name, 0700) == -1)
			goto fail;
		d->made++;
		op = "open";
		if ((sd->fd = openat(d->locfd[i], name, PM_DIR_FLAGS)) == -1)
			goto fail;
		op = "stat";
		if (fstat(sd->fd, &st) == -1)
			goto fail;
		sd->dev = st.st_dev;
		sd->ino = st.st_ino;
	}
	return (0);

fail:
	e = errno;
	path = pm_display(run, i, 1, k, 0);
	pm_fail_handle(run, op, path, e);
	free(path);
	return (-1);
}

/*
 * Open every location in list order and, with subdirectories, make and
 * open the sK of each new directory right after opening it (so that a
 * location may lie inside another's sK, as with paths).
 */
static int
pm_open_dirs(struct pm_run *run)
{
	struct pm_dirs	*d = &run->dirs;
	uint32_t	 i;

	for (i = 0; i < d->nloc; i++) {
		if (pm_signal != 0 || pm_open_location(run, i) == -1)
			return (-1);
		if (d->canon[i] == i && run->cfg->direct &&
		    pm_direct_probe(run, i) == -1)
			return (-1);
		if (d->canon[i] == i && d->nsub > 0 &&
		    pm_mkdirs_in(run, i) == -1)
			return (-1);
	}
	return (run->cfg->direct ? pm_direct_blocks(run) : 0);
}

/*
 * The direct-I/O alignment of the file system under location i: statx's
 * stx_dio_offset_align where the kernel gives it, else the logical
 * block size of the device (sysfs).  Probed on an unnamed file
 * (O_TMPFILE | O_DIRECT), so that nothing is created; a file system that
 * refuses O_DIRECT, or has no alignment to give (tmpfs), is an error.
 * The run's alignment is the largest.  Returns 0 or -1.
 */
static int
pm_direct_probe(struct pm_run *run, uint32_t i)
{
	struct stat	 st;
	size_t		 align = 0;
	int		 fd = -1, refused = 0;

#ifdef O_TMPFILE
	fd = openat(run->dirs.locfd[i], ".", O_TMPFILE | O_RDWR | O_DIRECT,
	    0600);
	if (fd == -1 && errno == EINVAL)
		refused = 1;
	else if (fd == -1 && errno != EOPNOTSUPP && errno != EISDIR)
		return (pm_fail(run, "open", pm_locname(run, i), errno));
#endif
	if (!refused && fd >= 0)
		align = pm_dio_align(fd, &refused);
	if (!refused && align == 0 && fstat(fd >= 0 ? fd : run->dirs.locfd[i],
	    &st) == 0)
		align = pm_block_size(st.st_dev);
	if (fd >= 0)
		close(fd);
	if (refused || align == 0) {
		pm_fail(run, "direct", pm_locname(run, i), EINVAL);
		run->res->error.msg = refused ? "the file system refuses "
		    "O_DIRECT" : "the file system gives no direct-I/O "
		    "alignment (tmpfs has none)";
		return (-1);
	}
	if (align > PM_IO_DIRECT_MAX) {
		pm_fail(run, "direct", pm_locname(run, i), EINVAL);
		run->res->error.msg = "the direct-I/O alignment is above 64 KiB";
		return (-1);
	}
	if (align > run->io.align)
		run->io.align = align;
	return (0);
}

/*
 * statx's direct-I/O offset alignment of the open file fd, or 0 when the
 * kernel does not say; *refused is set when it says direct I/O is not
 * possible.
 */
static size_t
pm_dio_align(int fd, int *refused)
{
#if defined(HAVE_STATX) && defined(HAVE_STRUCT_STATX_STX_DIO_OFFSET_ALIGN)
	struct statx	 sx;

	if (statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) == 0 &&
	    (sx.stx_mask & STATX_DIOALIGN)) {
		if (sx.stx_dio_offset_align == 0)
			*refused = 1;
		return (sx.stx_dio_offset_align);
	}
#else
	(void)fd;
	(void)refused;
#endif
	return (0);
}

/*
 * The logical block size of the block device dev from sysfs (its queue,
 * or its parent's for a partition), or 0 when there is none (tmpfs).
 */
static size_t
pm_block_size(dev_t dev)
{
	static const char *const fmt[] = {
		"/sys/dev/block/%u:%u/queue/logical_block_size",
		"/sys/dev/block/%u:%u/../queue/logical_block_size"
	};
	char		 path[128];
	unsigned long	 v = 0;
	size_t		 k;
	FILE		*fp;

	for (k = 0; k < 2 && v == 0; k++) {
		snprintf(path, sizeof path, fmt[k], major(dev), minor(dev));
		if ((fp = fopen(path, "r")) == NULL)
			continue;
		if (fscanf(fp, "%lu", &v) != 1)
			v = 0;
		fclose(fp);
	}
	return ((size_t)v);
}

/*
 * With O_DIRECT every piece but the last of a file starts at a multiple
 * of the alignment, so the block sizes must be multiples of it.
 * Returns 0, or -1 before anything is created.
 */
static int
pm_direct_blocks(struct pm_run *run)
{
	const struct pm_config	*cfg = run->cfg;
	char			*what;
	size_t			 a = run->io.align;

	if (cfg->read_block % a == 0 && cfg->write_block % a == 0)
		return (0);
	xasprintf(&what, "read %u and write %u", cfg->read_block,
	    cfg->write_block);
	pm_fail(run, "direct", what, EINVAL);
	free(what);
	xasprintf(&run->res->error.text, "block sizes must be multiples of "
	    "%zu bytes, the file system's direct-I/O alignment (set read "
	    "%zu, set write %zu)", a, a, a);
	return (-1);
}

/*
 * The name under which directory sd is in the directory parent, found by
 * reading it (sd was renamed), into name (size bytes).  Returns 0, or -1
 * when it is not there.
 */
static int
pm_find_subdir(int parent, const struct pm_subdir *sd, char *name,
    size_t size)
{
	struct dirent	*de;
	struct stat	 st;
	DIR		*dir;
	int		 fd, rc = -1;

	if ((fd = dup(parent)) == -1)
		return (-1);
	if ((dir = fdopendir(fd)) == NULL) {
		close(fd);
		return (-1);
	}
	rewinddir(dir);
	while (rc == -1 && (de = readdir(dir)) != NULL) {
		if (fstatat(parent, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISDIR(st.st_mode) && st.st_dev == sd->dev &&
		    st.st_ino == sd->ino && strlen(de->d_name) < size) {
			strlcpy(name, de->d_name, size);
			rc = 0;
		}
	}
	closedir(dir);
	return (rc);
}

/*
 * Remove the n-th subdirectory made (0-based, creation order), and only
 * if it is the one the run made: the name sK is checked to still be it
 * (a directory or link put in its place is left alone); if it was
 * renamed within its location it is removed under its new name, and if
 * it was removed already that is fine.  One that is not empty yet (it
 * holds a location's subdirectories) is left for the second pass when
 * again is set.  Returns 0, 1 when left for later, or -1 after recording
 * the failure.
 */
static int
pm_rmdir(struct pm_run *run, uint64_t n, int again)
{
	struct pm_dirs		*d = &run->dirs;
	struct pm_subdir	*sd;
	struct stat		 st;
	uint32_t		 i, k;
	char			 name[256], *path;
	int			 e, parent;

	/* The n-th made directory: canonical locations in order. */
	for (i = 0; i < d->nloc; i++) {
		if (d->canon[i] != i)
			continue;
		if (n < d->nsub)
			break;
		n -= d->nsub;
	}
	k = (uint32_t)n;
	parent = d->locfd[i];
	sd = &d->sub[(uint64_t)i * d->nsub + k];
	name[0] = 's';
	*pm_utoa(name + 1, k) = '\0';
	/*
	 * Is sK still ours?  A handle that could not be opened right after
	 * mkdirat leaves only the name to go by.
	 */
	if (sd->fd >= 0 && (fstatat(parent, name, &st,
	    AT_SYMLINK_NOFOLLOW) == -1 || st.st_dev != sd->dev ||
	    st.st_ino != sd->ino)) {
		if (fstat(sd->fd, &st) == 0 && st.st_nlink == 0)
			goto gone;		/* removed already */
		if (pm_find_subdir(parent, sd, name, sizeof name) == -1) {
			path = pm_display(run, i, 1, k, 0);
			pm_fail(run, "rmdir", path, 0);
			free(path);
			run->res->error.msg = "the subdirectory was moved out "
			    "of its location and a different entry took its "
			    "name; both are left as they are";
			return (-1);
		}
	}
	if (unlinkat(parent, name, AT_REMOVEDIR) == 0 ||
	    (sd->fd < 0 && errno == ENOENT))
		goto gone;
	e = errno;
	if (again && (e == ENOTEMPTY || e == EEXIST))
		return (1);
	path = pm_display(run, i, 1, k, 0);
	pm_fail(run, "rmdir", path, e);
	free(path);
	return (-1);

gone:
	if (sd->fd >= 0)
		close(sd->fd);
	sd->fd = -1;
	return (0);
}

/*
 * Remove the subdirectories made, in creation order as PostMark does;
 * those that still held another location's subdirectories are removed
 * afterwards, last made first.  A failure is recorded and the others are
 * still tried.  Returns -1 if any failed.
 */
static int
pm_rmdirs(struct pm_run *run)
{
	struct pm_dirs	*d = &run->dirs;
	uint64_t	 n, later = 0;
	uint8_t		*left;
	int		 rc = 0, r;

	if (d->made == 0)
		return (0);
	left = xcalloc(d->made, 1);
	for (n = 0; n < d->made; n++) {
		if ((r = pm_rmdir(run, n, 1)) == 1) {
			left[n] = 1;
			later++;
		} else if (r == -1)
			rc = -1;
	}
	for (n = d->made; later > 0 && n-- > 0;) {
		if (left[n] && pm_rmdir(run, n, 0) == -1)
			rc = -1;
	}
	free(left);
	d->made = 0;
	return (rc);
}

/* Close every directory handle still open. */
static void
pm_close_dirs(struct pm_run *run)
{
	struct pm_dirs	*d = &run->dirs;
	uint64_t	 n;
	size_t		 i;

	if (d->sub != NULL) {
		for (n = 0; n < (uint64_t)d->nloc * d->nsub; n++) {
			if (d->sub[n].fd >= 0)
				close(d->sub[n].fd);
		}
	}
	if (d->locfd != NULL) {
		for (i = 0; i < d->nloc; i++) {
			if (d->locfd[i] >= 0)
				close(d->locfd[i]);
		}
	}
	free(d->sub);
	free(d->locfd);
	free(d->canon);
	memset(d, 0, sizeof *d);
}

/*
 * Prepare the directory table of nloc locations (0: the current
 * directory) with nsub subdirectories each (0: none): nothing open yet.
 * Returns 0, or -1 with errno set; pm_close_dirs frees it either way.
 */
static int
pm_dirs_init(struct pm_dirs *d, size_t nloc, uint32_t nsub)
{
	size_t		 n, nsd;

	d->nloc = nloc > 0 ? nloc : 1;
	d->nsub = nsub;
	d->nhandles = d->nloc * (uint64_t)(d->nsub + 1);
	nsd = d->nloc * (size_t)(d->nsub > 0 ? d->nsub : 1);
	d->locfd = calloc(d->nloc, sizeof *d->locfd);
	d->canon = calloc(d->nloc, sizeof *d->canon);
	d->sub = calloc(nsd, sizeof *d->sub);
	if (d->locfd == NULL || d->canon == NULL || d->sub == NULL)
		return (-1);
	for (n = 0; n < d->nloc; n++) {
		d->locfd[n] = -1;
		d->canon[n] = (uint32_t)n;
	}
	for (n = 0; n < nsd; n++)
		d->sub[n].fd = -1;
	return (0);
}

/*
 * Check the configuration, seed the generator, build the source buffer
 * (2 * HIGH draws of 32 + RND(95), reference §3) and allocate the file
 * table, its bitmap, the I/O buffers and the directory tables.  Returns
 * -1 after pm_fail on a bad configuration or a failed allocation.
 */
static int
pm_setup(struct pm_run *run)
{
	const struct pm_config	*cfg = run->cfg;
	uint64_t		 i, nsrc;
	size_t			 n;

	if (cfg->number < 1 || cfg->number > PM_NUMBER_MAX ||
	    cfg->size_low < 1 || cfg->size_high < cfg->size_low ||
	    cfg->size_high > PM_SIZE_MAX || cfg->read_block < 1 ||
	    cfg->write_block < 1 || cfg->transactions < 1 ||
	    cfg->nlocations >= UINT32_MAX ||
	    (cfg->nlocations > 0 && cfg->locations == NULL))
		return (pm_fail(run, "check", "configuration", EINVAL));
	if (cfg->direct && cfg->buffering) {
		pm_fail(run, "check", "set direct", EINVAL);
		run->res->error.msg = "direct I/O needs set buffering false";
		return (-1);
	}
	run->subdirs = cfg->subdirs > 1 ? cfg->subdirs : 0;
	run->nloc = cfg->nlocations;
	run->nslots = 2 * cfg->number;

	/* Locations: cumulative weights (reference §5.2). */
	if (run->nloc > 0) {
		if ((run->cumweight = calloc(run->nloc,
		    sizeof *run->cumweight)) == NULL)
			return (pm_fail(run, "allocate", "location list",
			    errno));
		for (n = 0; n < run->nloc; n++) {
			if (cfg->locations[n].weight < 1)
				return (pm_fail(run, "check",
				    cfg->locations[n].name, EINVAL));
			run->weight += cfg->locations[n].weight;
			run->cumweight[n] = run->weight;
		}
		if (run->weight > PM_INT_MAX)
			return (pm_fail(run, "check", "location weights",
			    EINVAL));
	}

	if (pm_dirs_init(&run->dirs, run->nloc, run->subdirs) == -1)
		return (pm_fail(run, "allocate", "directory table", errno));

	/* The source buffer; reseeding first makes every run the same. */
	pm_rng_seed(&run->rng, cfg->seed);
	nsrc = 2 * (uint64_t)cfg->size_high;
	if ((run->source = pm_alloc(nsrc, cfg->direct)) == NULL)
		return (pm_fail(run, "allocate", "source buffer", errno));
	for (i = 0; i < nsrc; i++)
		run->source[i] = (char)(32 + RND(run, 95));

	if (pm_io_init(&run->io, run->source, cfg->read_block,
	    cfg->write_block, cfg->size_high, cfg->buffering,
	    cfg->direct ? PM_DIRECT_MEMALIGN : 0) == -1)
		return (pm_fail(run, "allocate", "I/O buffers", errno));
	pm_io_mode(run);
	if ((run->slot = calloc(run->nslots, sizeof *run->slot)) == NULL)
		return (pm_fail(run, "allocate", "file table", errno));
	if (pm_bm_init(&run->bm, run->nslots) == -1)
		return (pm_fail(run, "allocate", "file table", errno));
	run->next_slot = 0;
	pm_fd_budget(run);
	return (0);
}

/*
 * Memory for n bytes: plain, or for O_DIRECT aligned with
 * PM_IO_DIRECT_MAX bytes to spare, since a transfer is rounded up.
 * Returns NULL with errno set when memory is short.
 */
static char *
pm_alloc(size_t n, int direct)
{
	void	*p;
	int	 e;

	if (!direct)
		return (malloc(n));
	if ((e = posix_memalign(&p, PM_DIRECT_MEMALIGN,
	    n + PM_IO_DIRECT_MAX)) != 0) {
		errno = e;
		return (NULL);
	}
	return (p);
}

/*
 * The I/O mode of the run: how written files are made durable (set
 * sync) and O_DIRECT (set direct; its alignment comes with the
 * locations, pm_direct_probe).
 */
static void
pm_io_mode(struct pm_run *run)
{
	const struct pm_config	*cfg = run->cfg;
	struct pm_io		*io = &run->io;

	switch (cfg->sync) {
	case PM_SYNC_FSYNC:
		io->sync = PM_IO_SYNC_FSYNC;
		break;
	case PM_SYNC_FDATASYNC:
		io->sync = PM_IO_SYNC_FDATASYNC;
		break;
	case PM_SYNC_OSYNC:
		io->wflags |= O_SYNC;
		break;
	case PM_SYNC_DSYNC:
		io->wflags |= O_DSYNC;
		break;
	}
	if (cfg->direct) {
		io->wflags |= O_DIRECT;
		io->rflags |= O_DIRECT;
	}
}

/* Free everything pm_setup allocated and close the handles. */
static void
pm_teardown(struct pm_run *run)
{
	pm_close_dirs(run);
	pm_bm_free(&run->bm);
	pm_io_free(&run->io);
	free(run->slot);
	free(run->source);
	free(run->cumweight);
}

/* Enter a phase: remember it and tell the caller.  Returns 0 or -1. */
static int
pm_begin(struct pm_run *run, enum pm_phase phase)
{
	run->res->last_phase = phase;
	if (run->hooks == NULL || run->hooks->phase_begin == NULL)
		return (0);
	return (run->hooks->phase_begin(run->arg, phase, &run->res->error));
}

/* Leave a phase.  Returns 0 or -1. */
static int
pm_end(struct pm_run *run, enum pm_phase phase)
{
	if (run->hooks == NULL || run->hooks->phase_end == NULL)
		return (0);
	return (run->hooks->phase_end(run->arg, phase, run->res,
	    &run->res->error));
}

/* Report done out of total operations of a phase.  Returns 0 or -1. */
static int
pm_progress(struct pm_run *run, enum pm_phase phase, uint64_t done,
    uint64_t total)
{
	if (run->hooks == NULL || run->hooks->progress == NULL)
		return (0);
	return (run->hooks->progress(run->arg, phase, done, total,
	    &run->res->error));
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
	pm_slot_name(run, s);

	t0 = LAT_START(run);
	if (pm_io_create(&run->io, run->dirfd, run->name, s->size,
	    &opened) == -1) {
		if (!opened) {
			s->size = 0;
			pm_bm_clear(&run->bm, (size_t)k);
		}
		return (pm_fail_io(run, s));
	}
	if (run->cfg->dirsync && pm_dirsync(run, s) == -1)
		return (-1);
	LAT_RECORD(run, tp, PM_OP_CREATE, t0);
	if (tp == PM_TP_CREATE)
		run->res->created_alone++;
	else
		run->res->created_mixed++;
	return (0);
}

/*
 * set dirsync: make the directory of slot s (run->dirfd) durable after a
 * create or delete in it, as Maildir delivery does.  Returns 0 or -1.
 */
static int
pm_dirsync(struct pm_run *run, const struct pm_slot *s)
{
	char	*path;

	if (fsync(run->dirfd) == 0)
		return (0);
	path = pm_display(run, s->loc, run->subdirs > 1, s->sub, 0);
	if (*path == '\0') {
		free(path);
		path = xstrdup(".");
	}
	pm_fail(run, "fsync", path, errno);
	free(path);
	return (-1);
}

/* PostMark's READ of slot k: the whole file in read-block pieces. */
static int
pm_read(struct pm_run *run, uint32_t k)
{
	uint64_t	 t0;

	pm_slot_name(run, &run->slot[k]);
	t0 = LAT_START(run);
	if (pm_io_read(&run->io, run->dirfd, run->name,
	    run->slot[k].size) == -1)
		return (pm_fail_io(run, &run->slot[k]));
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
	pm_slot_name(run, s);
	t0 = LAT_START(run);
	if (pm_io_append(&run->io, run->dirfd, run->name, len) == -1)
		return (pm_fail_io(run, s));
	LAT_RECORD(run, PM_TP_TRANSACT, PM_OP_APPEND, t0);
	s->size += len;
	run->res->appended++;
	return (0);
}

/* PostMark's DELETE of slot k, which is live: unlinkat(2). */
static int
pm_delete(struct pm_run *run, uint32_t k, enum pm_tphase tp)
{
	struct pm_slot	*s = &run->slot[k];
	uint64_t	 t0;

	pm_slot_name(run, s);
	t0 = LAT_START(run);
	if (unlinkat(run->dirfd, run->name, 0) == -1) {
		run->io.op = "unlink";
		run->io.errnum = errno;
		return (pm_fail_io(run, s));
	}
	if (run->cfg->dirsync && pm_dirsync(run, s) == -1)
		return (-1);
	LAT_RECORD(run, tp, PM_OP_DELETE, t0);
	s->size = 0;
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
 * (all of them this run's) where it really is, then the subdirectories,
 * best effort, keeping the first failure as the cause.  A file that is
 * gone already is fine.  Not interruptible.
 */
static void
pm_cleanup(struct pm_run *run)
{
	struct pm_slot	*s;
	uint32_t	 k;

	for (k = 0; k < run->nslots; k++) {
		s = &run->slot[k];
		if (s->size == 0)
			continue;
		pm_slot_name(run, s);
		if (run->dirfd >= 0 && unlinkat(run->dirfd, run->name, 0) == -1 &&
		    errno != ENOENT) {
			run->io.op = "unlink";
			run->io.errnum = errno;
			pm_fail_io(run, s);
		}
		s->size = 0;
	}
	pm_rmdirs(run);
}

/* The creation phase: number creates.  Returns 0 or -1 (stop). */
static int
pm_phase_create(struct pm_run *run)
{
	uint64_t	 i, n = run->cfg->number;

	if (pm_begin(run, PM_PHASE_CREATE) == -1)
		return (-1);
	for (i = 0; i < n; i++) {
		if (pm_signal != 0 || pm_create(run, PM_TP_CREATE) == -1 ||
		    pm_progress(run, PM_PHASE_CREATE, i + 1, n) == -1)
			return (-1);
	}
	return (pm_end(run, PM_PHASE_CREATE));
}

/*
 * The transactions, until done or the pool runs out (status
 * OUT_OF_FILES, not a failure).  Returns 0 or -1 (stop).
 */
static int
pm_phase_transact(struct pm_run *run)
{
	struct pm_result	*res = run->res;
	uint64_t		 i, n = run->cfg->transactions;

	if (pm_begin(run, PM_PHASE_TRANSACT) == -1)
		return (-1);
	res->t_trans = pm_clock_mono();
	for (i = 0; i < n; i++) {
		if (pm_signal != 0)
			return (-1);
		if (run->created == run->deleted) {
			res->status = PM_STATUS_OUT_OF_FILES;
			break;
		}
		if (pm_transact(run) == -1)
			return (-1);
		res->transactions_done++;
		if (pm_progress(run, PM_PHASE_TRANSACT, i + 1, n) == -1)
			return (-1);
	}
	res->t_trans_end = pm_clock_mono();
	return (pm_end(run, PM_PHASE_TRANSACT));
}

/* The deletion phase, in slot order.  Returns 0 or -1 (stop). */
static int
pm_phase_delete(struct pm_run *run)
{
	uint64_t	 total, done = 0;
	uint32_t	 k;

	if (pm_begin(run, PM_PHASE_DELETE) == -1)
		return (-1);
	total = run->created - run->deleted;
	for (k = 0; k < run->nslots; k++) {
		if (run->slot[k].size == 0)
			continue;
		if (pm_signal != 0 || pm_delete(run, k, PM_TP_DELETE) == -1 ||
		    pm_progress(run, PM_PHASE_DELETE, ++done, total) == -1)
			return (-1);
	}
	if (pm_end(run, PM_PHASE_DELETE) == -1)
		return (-1);
	run->res->t_end = pm_clock_mono();
	return (0);
}

/*
 * The caller's before (after not set) or after hook of a timed phase.
 * Returns 1 when it did something, 0 when not, -1 on failure.
 */
static int
pm_around(struct pm_run *run, int after, enum pm_phase phase)
{
	int	(*fn)(void *, enum pm_phase, struct pm_error *);

	if (run->hooks == NULL)
		return (0);
	fn = after ? run->hooks->after : run->hooks->before;
	if (fn == NULL)
		return (0);
	return (fn(run->arg, phase, &run->res->error));
}

/*
 * The three timed phases with what the caller runs before and after each
 * (hooks, cache drops), outside their intervals: when something ran
 * between two phases, the creation phase ends (t_create_end) and the
 * deletion phase starts (t_del) on each side of it; otherwise these are
 * PostMark's points, t_trans and t_trans_end.  Returns 0 or -1 (stop).
 */
static int
pm_phases(struct pm_run *run)
{
	struct pm_result	*res = run->res;
	int			 a, b;

	if (pm_around(run, 0, PM_PHASE_CREATE) == -1)
		return (-1);
	res->t_start = pm_clock_mono();
	if (pm_phase_create(run) == -1)
		return (-1);
	res->t_create_end = pm_clock_mono();
	if ((a = pm_around(run, 1, PM_PHASE_CREATE)) == -1 ||
	    (b = pm_around(run, 0, PM_PHASE_TRANSACT)) == -1 ||
	    pm_phase_transact(run) == -1)
		return (-1);
	if (a == 0 && b == 0)
		res->t_create_end = res->t_trans;
	if ((a = pm_around(run, 1, PM_PHASE_TRANSACT)) == -1 ||
	    (b = pm_around(run, 0, PM_PHASE_DELETE)) == -1)
		return (-1);
	res->t_del = a == 0 && b == 0 ? res->t_trans_end : pm_clock_mono();
	if (pm_phase_delete(run) == -1)
		return (-1);
	return (pm_around(run, 1, PM_PHASE_DELETE) == -1 ? -1 : 0);
}

/*
 * Run the benchmark described by cfg once, in PostMark's order (reference
 * §3): subdirectories, creation, transactions, deletion, subdirectories.
 * hooks (may be NULL) hear about phases and progress (the deletion
 * phase's total is the number of files alive when it starts); they are
 * not called any more once the run fails or is interrupted.  res, from
 * pm_result_new, receives counts, times, latencies and the last phase
 * entered (its meta and iteration are left alone).
 *
 * Returns 0 with res->status OK, OUT_OF_FILES (the deletion phase still
 * ran) or INTERRUPTED (res->signo set, everything created removed; a
 * signal that arrives while the subdirectories are removed at the end
 * still marks the run interrupted).  Returns -1 with res->status ERROR
 * and res->error set when a file operation, an allocation or a hook
 * failed: what the run created is removed.  Time stamps not reached are
 * set to the time the run stopped.
 */
int
pm_workload_run(const struct pm_config *cfg, const struct pm_hooks *hooks,
    void *arg, struct pm_result *res)
{
	struct pm_run	 run;
	uint64_t	 now;
	int		 rc = -1, stopped = 0;

	memset(&run, 0, sizeof run);
	run.cfg = cfg;
	run.hooks = hooks;
	run.arg = arg;
	run.res = res;
	pm_result_reset(res);

	if (pm_setup(&run) == -1)
		goto out;
	pm_clock_init(&run.clk);

	if (run.subdirs > 1 && pm_begin(&run, PM_PHASE_MKDIR) == -1)
		goto stop;
	if (pm_open_dirs(&run) == -1)
		goto stop;
	if (run.subdirs > 1 && pm_end(&run, PM_PHASE_MKDIR) == -1)
		goto stop;

	if (pm_phases(&run) == -1)
		goto stop;

	if (run.subdirs > 1) {
		if (pm_begin(&run, PM_PHASE_RMDIR) == -1 ||
		    pm_rmdirs(&run) == -1 || pm_end(&run, PM_PHASE_RMDIR) == -1)
			goto stop;
	}
	goto done;

stop:
	stopped = 1;
	now = pm_clock_mono();
	if (res->t_start == 0)
		res->t_start = now;
	if (res->t_create_end == 0)
		res->t_create_end = now;
	if (res->t_trans == 0)
		res->t_trans = now;
	if (res->t_trans_end == 0)
		res->t_trans_end = now;
	if (res->t_del == 0)
		res->t_del = now;
	if (res->t_end == 0)
		res->t_end = now;
	pm_cleanup(&run);
done:
	if (res->error.op == NULL && (stopped || pm_signal != 0)) {
		res->status = PM_STATUS_INTERRUPTED;
		res->signo = pm_signal;
	}
	if (res->error.op == NULL)
		rc = 0;
out:
	pm_lat_flush(&run);
	res->bytes_read = run.io.nread;
	res->bytes_written = run.io.written;
	if (res->error.op != NULL) {
		res->status = PM_STATUS_ERROR;
		rc = -1;
	}
	pm_teardown(&run);
	return (rc);
}

/*
 * Ask the running pm_workload_run to stop at the next operation boundary.
 * Async-signal-safe: call it from a signal handler.
 */
void
pm_workload_interrupt(int signo)
{
	pm_signal = signo;
}

/* The signal that interrupted the last run, or 0. */
int
pm_workload_signal(void)
{
	return (pm_signal);
}

/* A new empty result (allocated: it holds the histograms, ~360 KB). */
struct pm_result *
pm_result_new(void)
{
	struct pm_result	*res;

	res = xcalloc(1, sizeof *res);
	res->iteration = 1;
	pm_result_reset(res);
	return (res);
}

/*
 * Empty a result for a new run: zero counts, empty histograms, no error;
 * its metadata, iteration and warm-up flag are kept.
 */
void
pm_result_reset(struct pm_result *res)
{
	const struct pm_meta	*meta = res->meta;
	uint32_t		 iteration = res->iteration;
	int			 p, t, warmup = res->warmup;

	pm_error_clear(&res->error);
	memset(res, 0, sizeof *res);
	res->status = PM_STATUS_OK;
	res->last_phase = PM_PHASE_MKDIR;
	res->meta = meta;
	res->iteration = iteration;
	res->warmup = warmup;
	for (t = 0; t < PM_NTPHASES; t++) {
		for (p = 0; p < PM_NOPS; p++)
			pm_hist_init(&res->lat[t][p]);
	}
}

/* Free a result and what it owns; NULL is a no-op.  meta is borrowed. */
void
pm_result_free(struct pm_result *res)
{
	if (res == NULL)
		return;
	pm_error_clear(&res->error);
	free(res);
}
