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
 * The workload engine: one client's PostMark workload.  It seeds the
 * generator, builds the source buffer, creates the pool of files, runs
 * the transactions and deletes what is left, making exactly the random
 * draws, slot choices, file names, file contents and I/O system calls of
 * PostMark 1.53 (reference sections 3 to 5).  What PostMark got wrong is
 * fixed: every I/O result is checked, creates never overwrite (O_EXCL),
 * any failure or an interrupt stops the run and removes what it created,
 * counters are exact 64-bit integers and times come from
 * CLOCK_MONOTONIC.
 *
 * Files are never reached by path: every create, read, append and
 * unlink is relative to a directory handle of pm_dirs.c, with
 * O_NOFOLLOW.  The file table holds 2 * number slots of 8 bytes (size
 * and name number) and, beside it, each slot's directory in 1, 2, 4 or
 * 8 bytes, as many as the run's locations and subdirectories need
 * (none for one directory): at most 9 bytes a slot for up to 256
 * directories.  A file's name is rebuilt from its slot when needed (the
 * full path only for messages).  A hierarchical bitmap of full slots gives the lowest
 * free slot without scanning the table.  The I/O itself is pm_io.c's.
 * pm_group.c runs one or several clients and merges their results.
 *
 * The engine prints nothing: the caller learns about progress through
 * struct pm_hooks and about failures through the result's error.
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

#include "pm_engine.h"
#include "pm_names.h"

#define PM_BM_FULL	UINT64_MAX

_Static_assert(sizeof(struct pm_slot) == 8, "file table slot is 8 bytes");
_Static_assert(PM_NTPHASES * PM_NOPS <= 16, "latency key fits 4 bits");

static unsigned int pm_ctz64(uint64_t);
static int	 pm_fail_io(struct pm_run *, uint32_t);
static void	 pm_slot_dir(const struct pm_run *, uint32_t, uint32_t *,
		    uint32_t *);
static void	 pm_slot_setdir(struct pm_run *, uint32_t, uint32_t, uint32_t);

static int	 pm_bm_init(struct pm_bitmap *, size_t);
static void	 pm_bm_free(struct pm_bitmap *);
static void	 pm_bm_set(struct pm_bitmap *, size_t);
static void	 pm_bm_clear(struct pm_bitmap *, size_t);
static int64_t	 pm_bm_first_free(const struct pm_bitmap *);

static void	 pm_slot_name(struct pm_run *, uint32_t);

static int	 pm_dirsync(struct pm_run *, uint32_t);
static int	 pm_progress(struct pm_run *, enum pm_phase, uint64_t,
		    uint64_t);
static uint32_t	 pm_pick_location(struct pm_run *);
static int64_t	 pm_find_free(struct pm_run *);
static uint32_t	 pm_pick_used(struct pm_run *);
static int64_t	 pm_draw(struct pm_run *);
static int	 pm_create(struct pm_run *, enum pm_tphase);
static int	 pm_read(struct pm_run *, uint32_t);
static int	 pm_append(struct pm_run *, uint32_t);
static int	 pm_delete(struct pm_run *, uint32_t, enum pm_tphase);
static int	 pm_transact(struct pm_run *);
static void	 pm_sw_start(struct pm_run *, enum pm_tphase, uint64_t);

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

/* Record the failure pm_io.c reported for the file of slot k; -1. */
static int
pm_fail_io(struct pm_run *run, uint32_t k)
{
	uint32_t	 loc, sub;
	char		*path;

	pm_slot_dir(run, k, &loc, &sub);
	path = pm_display(&run->dc, run->dirs, loc, run->subdirs > 1, sub,
	    run->slot[k].num);
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
 * The directory of slot k: the index of its location (*loc) and of its
 * subdirectory (*sub), kept as one number, loc * subdirectories + sub,
 * in run->dirw bytes.
 */
static void
pm_slot_dir(const struct pm_run *run, uint32_t k, uint32_t *loc,
    uint32_t *sub)
{
	uint64_t	 ns = run->subdirs > 1 ? run->subdirs : 1, p;

	switch (run->dirw) {
	case 0:
		p = 0;
		break;
	case 1:
		p = ((const uint8_t *)run->dir)[k];
		break;
	case 2:
		p = ((const uint16_t *)run->dir)[k];
		break;
	case 4:
		p = ((const uint32_t *)run->dir)[k];
		break;
	default:
		p = ((const uint64_t *)run->dir)[k];
		break;
	}
	*loc = ns == 1 ? (uint32_t)p : (uint32_t)(p / ns);
	*sub = ns == 1 ? 0 : (uint32_t)(p % ns);
}

/* Set the directory of slot k: location loc, subdirectory sub. */
static void
pm_slot_setdir(struct pm_run *run, uint32_t k, uint32_t loc, uint32_t sub)
{
	uint64_t	 p;

	p = (uint64_t)loc * (run->subdirs > 1 ? run->subdirs : 1) + sub;
	switch (run->dirw) {
	case 0:
		break;
	case 1:
		((uint8_t *)run->dir)[k] = (uint8_t)p;
		break;
	case 2:
		((uint16_t *)run->dir)[k] = (uint16_t)p;
		break;
	case 4:
		((uint32_t *)run->dir)[k] = (uint32_t)p;
		break;
	default:
		((uint64_t *)run->dir)[k] = p;
		break;
	}
}

/*
 * The name of slot k in its directory ("N", or "cI-N" for a client of a
 * shared run), in run->name and run->dirfd.
 */
static void
pm_slot_name(struct pm_run *run, uint32_t k)
{
	const struct pm_dirs	*d = run->dirs;
	uint32_t		 loc, sub, c;

	pm_slot_dir(run, k, &loc, &sub);
	c = d->canon[run->nloc > 0 ? loc : 0];
	pm_name_file(run->name + run->plen, run->slot[k].num);
	run->dirfd = d->nsub > 0 ? d->sub[(uint64_t)c * d->nsub + sub].fd :
	    d->locfd[c];
}

/*
 * Allocate run's file table (2 * number slots, all free), its slots'
 * directories in as few bytes as the run's directories need, and its
 * bitmap.  Returns 0, or -1 after pm_fail_alloc; pm_table_free frees
 * what was allocated either way.
 */
int
pm_table_new(struct pm_run *run)
{
	uint64_t	 ndir;

	ndir = (uint64_t)(run->nloc > 1 ? run->nloc : 1) *
	    (run->subdirs > 1 ? run->subdirs : 1);
	run->dirw = ndir <= 1 ? 0 : ndir <= UINT8_MAX + 1 ? 1 :
	    ndir <= UINT16_MAX + 1 ? 2 : ndir <= UINT32_MAX + 1ULL ? 4 : 8;
	if ((run->slot = calloc(run->nslots, sizeof *run->slot)) == NULL)
		return (pm_fail_alloc(run, "file table", run->nslots,
		    sizeof *run->slot));
	if (run->dirw > 0 &&
	    (run->dir = calloc(run->nslots, run->dirw)) == NULL)
		return (pm_fail_alloc(run, "file table's directories",
		    run->nslots, run->dirw));
	if (pm_bm_init(&run->bm, run->nslots) == -1)
		return (pm_fail_alloc(run, "file table's bitmap", 1,
		    run->nslots / 8));
	run->next_slot = 0;
	return (0);
}

/*
 * set rankshift: the file table as the creation phase of the client
 * whose generator run now holds left it: emptied, then the same draws
 * as the creation phase's, with no system call.  Returns 0 or -1.
 */
int
pm_table_replay(struct pm_run *run)
{
	uint64_t	 i;

	memset(run->slot, 0, run->nslots * sizeof *run->slot);
	if (run->dir != NULL)
		memset(run->dir, 0, (size_t)run->nslots * run->dirw);
	pm_bm_free(&run->bm);
	if (pm_bm_init(&run->bm, run->nslots) == -1)
		return (pm_fail_alloc(run, "file table's bitmap", 1,
		    run->nslots / 8));
	run->next_slot = 0;
	run->created = run->deleted = 0;
	for (i = 0; i < run->cfg->number; i++)
		(void)pm_draw(run);
	return (0);
}

/* Free run's file table and its bitmap. */
void
pm_table_free(struct pm_run *run)
{
	pm_bm_free(&run->bm);
	free(run->slot);
	free(run->dir);
	run->slot = NULL;
	run->dir = NULL;
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
 * makes sure one is.  Live is asked of the bitmap's level 0 (a bit per
 * slot: 1/64 of the table, which a draw would miss in the cache), whose
 * bit is set exactly when the slot's size is not 0: pm_draw sets it with
 * the size, and every path that empties a slot during a run clears it
 * (a failed create, a delete; pm_client_cleanup empties the table only
 * after the last pick).  The same draws, the same slot.
 */
static uint32_t
pm_pick_used(struct pm_run *run)
{
	const uint64_t	*live = run->bm.word[0];
	uint32_t	 k;

	do {
		k = RND(run, run->nslots);
	} while ((live[k / 64] >> (k % 64) & 1) == 0);
	return (k);
}

/*
 * The choices of PostMark's CREATE: take a slot (-1 when the table is
 * full: a silent no-op), draw [location] [subdirectory] [size] in that
 * order and number the file.  Returns the slot.
 */
static int64_t
pm_draw(struct pm_run *run)
{
	const struct pm_config	*cfg = run->cfg;
	struct pm_slot		*s;
	uint32_t		 loc, sub;
	int64_t			 k;

	if ((k = pm_find_free(run)) == -1)
		return (-1);
	s = &run->slot[k];
	loc = run->nloc >= 2 ? pm_pick_location(run) : 0;
	sub = run->subdirs > 1 ? RND(run, run->subdirs) : 0;
	pm_slot_setdir(run, (uint32_t)k, loc, sub);
	s->num = ++run->created;
	s->size = cfg->size_low +
	    RND(run, (int64_t)cfg->size_high - cfg->size_low);
	pm_bm_set(&run->bm, (size_t)k);
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
	struct pm_slot		*s;
	uint64_t		 t0;
	int64_t			 k;
	int			 opened = 0;

	if ((k = pm_draw(run)) == -1)
		return (0);
	s = &run->slot[k];
	pm_slot_name(run, (uint32_t)k);

	t0 = LAT_START(run);
	if (pm_io_create(&run->io, run->dirfd, run->name, s->size,
	    &opened) == -1) {
		if (!opened) {
			s->size = 0;
			pm_bm_clear(&run->bm, (size_t)k);
		}
		return (pm_fail_io(run, (uint32_t)k));
	}
	if (run->cfg->dirsync && pm_dirsync(run, (uint32_t)k) == -1)
		return (-1);
	LAT_RECORD(run, tp, PM_OP_CREATE, t0);
	if (tp == PM_TP_CREATE)
		run->res->counts.created_alone++;
	else
		run->res->counts.created_mixed++;
	return (0);
}

/*
 * set dirsync: make the directory of slot k (run->dirfd) durable after a
 * create or delete in it, as Maildir delivery does.  Returns 0 or -1.
 */
static int
pm_dirsync(struct pm_run *run, uint32_t k)
{
	uint32_t	 loc, sub;
	char		*path;
	int		 e;

	if (fsync(run->dirfd) == 0)
		return (0);
	e = errno;
	pm_slot_dir(run, k, &loc, &sub);
	path = pm_display(&run->dc, run->dirs, loc, run->subdirs > 1, sub, 0);
	pm_fail(run, "fsync", path != NULL && *path == '\0' ? "." : path, e);
	free(path);
	return (-1);
}

/* PostMark's READ of slot k: the whole file in read-block pieces. */
static int
pm_read(struct pm_run *run, uint32_t k)
{
	uint64_t	 t0;

	pm_slot_name(run, k);
	t0 = LAT_START(run);
	if (pm_io_read(&run->io, run->dirfd, run->name,
	    run->slot[k].size) == -1)
		return (pm_fail_io(run, k));
	LAT_RECORD(run, PM_TP_TRANSACT, PM_OP_READ, t0);
	run->res->counts.read++;
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
	pm_slot_name(run, k);
	t0 = LAT_START(run);
	if (pm_io_append(&run->io, run->dirfd, run->name, len) == -1)
		return (pm_fail_io(run, k));
	LAT_RECORD(run, PM_TP_TRANSACT, PM_OP_APPEND, t0);
	s->size += len;
	run->res->counts.appended++;
	return (0);
}

/* PostMark's DELETE of slot k, which is live: unlinkat(2). */
static int
pm_delete(struct pm_run *run, uint32_t k, enum pm_tphase tp)
{
	struct pm_slot	*s = &run->slot[k];
	uint64_t	 t0;

	pm_slot_name(run, k);
	t0 = LAT_START(run);
	if (unlinkat(run->dirfd, run->name, 0) == -1) {
		run->io.op = "unlink";
		run->io.errnum = errno;
		return (pm_fail_io(run, k));
	}
	if (run->cfg->dirsync && pm_dirsync(run, k) == -1)
		return (-1);
	LAT_RECORD(run, tp, PM_OP_DELETE, t0);
	s->size = 0;
	pm_bm_clear(&run->bm, k);
	run->deleted++;
	if (tp == PM_TP_DELETE)
		run->res->counts.deleted_alone++;
	else
		run->res->counts.deleted_mixed++;
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
 * After a failure or an interrupt: remove every file still in the table
 * (all of them this client's) where it really is, best effort, keeping
 * the first failure as the cause; pm_group.c removes the directories.  A
 * file that is gone already is fine.  Not interruptible.
 */
void
pm_client_cleanup(struct pm_run *run)
{
	struct pm_slot	*s;
	uint32_t	 k;

	for (k = 0; k < run->nslots; k++) {
		s = &run->slot[k];
		if (s->size == 0)
			continue;
		pm_slot_name(run, k);
		if (run->dirfd >= 0 && unlinkat(run->dirfd, run->name, 0) == -1 &&
		    errno != ENOENT) {
			run->io.op = "unlink";
			run->io.errnum = errno;
			pm_fail_io(run, k);
		}
		s->size = 0;
	}
}

/*
 * With several clients, note the time of every step-th operation of a
 * phase (PM_SW_STEPS at most), for the stonewall rates (pm_group.c).
 */
#define SW_MARK(run, tp, n) do {					\
	if ((run)->sw_on && (n) % (run)->swstep[tp] == 0 &&		\
	    (run)->nsw[tp] < PM_SW_STEPS)				\
		(run)->sw[tp][(run)->nsw[tp]++] = pm_clock_mono();	\
} while (0)

/* Start the stonewall checkpoints of phase tp, of total operations. */
static void
pm_sw_start(struct pm_run *run, enum pm_tphase tp, uint64_t total)
{
	run->swstep[tp] = total / PM_SW_STEPS + 1;
	run->nsw[tp] = 0;
}

/*
 * The creation phase: number creates.  Returns 0, or -1 when the client
 * stopped (a failure, a signal, another client's failure); either way
 * tend holds when it ended, and the interval series its last interval,
 * to the stop.
 */
int
pm_phase_create(struct pm_run *run)
{
	uint64_t	 i, n = run->cfg->number;
	int		 rc = 0, iv = 0;

	pm_sw_start(run, PM_TP_CREATE, n);
	if (pm_iv_begin(run, PM_TP_CREATE, pm_clock_mono(), n) == -1)
		rc = iv = -1;
	for (i = 0; rc == 0 && i < n; i++) {
		if (pm_stopped(run) || pm_create(run, PM_TP_CREATE) == -1 ||
		    pm_progress(run, PM_PHASE_CREATE, i + 1, n) == -1) {
			rc = -1;
			break;
		}
		SW_MARK(run, PM_TP_CREATE, i + 1);
		PM_IV_TICK(run);
	}
	run->tend[PM_TP_CREATE] = pm_clock_mono();
	if (iv == 0)
		pm_iv_end(run, run->tend[PM_TP_CREATE]);
	return (rc);
}

/*
 * The transactions, until done or the pool runs out (status
 * OUT_OF_FILES, not a failure).  Returns 0 or -1 as pm_phase_create.
 */
int
pm_phase_transact(struct pm_run *run)
{
	struct pm_result	*res = run->res;
	uint64_t		 i, n = run->cfg->transactions;
	int			 rc = 0, iv = 0;

	pm_sw_start(run, PM_TP_TRANSACT, n);
	if (pm_iv_begin(run, PM_TP_TRANSACT, pm_clock_mono(), n) == -1)
		rc = iv = -1;
	for (i = 0; rc == 0 && i < n; i++) {
		if (pm_stopped(run)) {
			rc = -1;
			break;
		}
		if (run->created == run->deleted) {
			res->status = PM_STATUS_OUT_OF_FILES;
			break;
		}
		if (pm_transact(run) == -1) {
			rc = -1;
			break;
		}
		res->counts.transactions_done++;
		if (pm_progress(run, PM_PHASE_TRANSACT, i + 1, n) == -1) {
			rc = -1;
			break;
		}
		SW_MARK(run, PM_TP_TRANSACT, i + 1);
		PM_IV_TICK(run);
	}
	run->tend[PM_TP_TRANSACT] = pm_clock_mono();
	if (iv == 0)
		pm_iv_end(run, run->tend[PM_TP_TRANSACT]);
	return (rc);
}

/*
 * The deletion phase, in slot order.  Returns 0 or -1 as
 * pm_phase_create.
 */
int
pm_phase_delete(struct pm_run *run)
{
	uint64_t	 total, done = 0;
	uint32_t	 k;
	int		 rc = 0, iv = 0;

	total = run->created - run->deleted;
	pm_sw_start(run, PM_TP_DELETE, total);
	if (pm_iv_begin(run, PM_TP_DELETE, pm_clock_mono(), total) == -1)
		rc = iv = -1;
	for (k = 0; rc == 0 && k < run->nslots; k++) {
		if (run->slot[k].size == 0)
			continue;
		if (pm_stopped(run) || pm_delete(run, k, PM_TP_DELETE) == -1 ||
		    pm_progress(run, PM_PHASE_DELETE, ++done, total) == -1) {
			rc = -1;
			break;
		}
		SW_MARK(run, PM_TP_DELETE, done);
		PM_IV_TICK(run);
	}
	run->tend[PM_TP_DELETE] = pm_clock_mono();
	if (iv == 0)
		pm_iv_end(run, run->tend[PM_TP_DELETE]);
	return (rc);
}
