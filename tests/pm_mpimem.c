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
 * Whether the collectives of the MPI transport (pm_mpi.h) allocate
 * while a run holds files, run by every rank under mpirun:
 *
 *	pm_mpimem DIR
 *
 * This program's own malloc, calloc and realloc refuse (ENOMEM) every
 * call made from this program's code (postmark's library is linked into
 * it) while armed, and count them; the calls of MPI and the C library
 * are served.  Armed, every rank makes an all-reduce and a reduction of
 * NVAL values (several pieces of the transport's buffer), gathers NGAT
 * bytes on rank 0 and shares the last rank's error, whose text is longer
 * than the transport sends; then DIR/rankR.out says
 *
 *	allreduce=RC ok|wrong reduce=RC ok|wrong gather=RC ok|wrong
 *	refused=N
 *	error: the shared error (pm_error_string)
 *
 * one item a line.  Exits 0, 2 for bad arguments or a failed write, 3
 * when not under MPI with several ranks, 4 when it cannot refuse
 * allocations here: built without MPI, or with a sanitizer (whose
 * allocator is its own).  It needs the linker's __executable_start and
 * etext, which GNU ld, gold and lld provide.
 */

#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm_cli.h"
#include "pm_mpi.h"

/* What the transport asks of the engine, as postmark gives it. */
static const struct pm_mpi_engine engine = {
	.signal = pm_workload_signal,
	.thread_signals = pm_thread_signals
};

#ifndef __has_feature
#define __has_feature(x)	0
#endif
#if defined(HAVE_MPI) && !defined(__SANITIZE_ADDRESS__) && \
    !__has_feature(address_sanitizer) && !__has_feature(memory_sanitizer)
#define REFUSE	1		/* this program's allocator refuses */
#endif

#define NVAL	10000		/* values reduced */
#define NGAT	5000		/* bytes gathered from each rank */
#define NTEXT	9000		/* bytes of the error's text */

static int		 armed;
static unsigned long	 refused;

static int	 check(FILE *, const char *, int, int);

#ifdef REFUSE
extern void	*__libc_malloc(size_t);
extern void	*__libc_calloc(size_t, size_t);
extern void	*__libc_realloc(void *, size_t);
extern char	 __executable_start[], etext[];

static int	 refuse(const void *);

/* Whether to refuse an allocation called from ra: armed, and ours. */
static int
refuse(const void *ra)
{
	if (!__atomic_load_n(&armed, __ATOMIC_RELAXED) ||
	    (const char *)ra < __executable_start || (const char *)ra >= etext)
		return (0);
	__atomic_add_fetch(&refused, 1, __ATOMIC_RELAXED);
	errno = ENOMEM;
	return (1);
}

void *
malloc(size_t n)
{
	return (refuse(__builtin_return_address(0)) ? NULL :
	    __libc_malloc(n));
}

void *
calloc(size_t n, size_t size)
{
	return (refuse(__builtin_return_address(0)) ? NULL :
	    __libc_calloc(n, size));
}

void *
realloc(void *p, size_t n)
{
	return (refuse(__builtin_return_address(0)) ? NULL :
	    __libc_realloc(p, n));
}
#endif /* REFUSE */

/* Write "NAME=RC ok" (good) or "NAME=RC wrong" to fp. */
static int
check(FILE *fp, const char *name, int rc, int good)
{
	return (fprintf(fp, "%s=%d %s\n", name, rc, good ? "ok" : "wrong"));
}

int
main(int argc, char **argv)
{
	static uint64_t	 v[NVAL], w[NVAL];
	static char	 mine[NGAT], text[NTEXT + 1];
	struct pm_error	 e = { 0 };
	char		 path[4096], *all = NULL, *s;
	uint32_t	 me, n, r;
	FILE		*fp;
	size_t		 k;
	int		 ra, rr, rg, good[3] = { 1, 1, 1 };

	if (argc != 2)
		return (2);
#ifndef REFUSE
	return (4);
#endif
	if (pm_mpi_start(&argc, &argv, &engine) == -1 || pm_mpi_size() < 2)
		return (3);
	me = pm_mpi_rank();
	n = pm_mpi_size();
	for (k = 0; k < NVAL; k++)
		v[k] = w[k] = me + 1 + k;
	for (k = 0; k < NGAT; k++)
		mine[k] = (char)(me * 7 + k);
	if (me == 0 && (all = calloc(n, NGAT)) == NULL)
		return (2);
	if (me == n - 1) {
		memset(text, 'x', NTEXT);
		pm_error_set(&e, "write", "L/r1/c0/s0/123", ENOSPC);
		e.text = strdup(text);
		e.client = 1;
	}

	__atomic_store_n(&armed, 1, __ATOMIC_RELAXED);
	ra = pm_mpi_allreduce(v, NVAL, PM_MPI_SUM);
	rr = pm_mpi_reduce(w, NVAL, PM_MPI_MAX);
	rg = pm_mpi_gather(mine, NGAT, all);
	pm_mpi_share_error(&e);
	__atomic_store_n(&armed, 0, __ATOMIC_RELAXED);

	for (k = 0; k < NVAL; k++) {
		if (v[k] != (uint64_t)n * (n + 1) / 2 + (uint64_t)n * k)
			good[0] = 0;
		if (me == 0 && w[k] != n + k)
			good[1] = 0;
	}
	for (r = 0; me == 0 && r < n; r++) {
		for (k = 0; k < NGAT; k++) {
			if (all[(size_t)r * NGAT + k] != (char)(r * 7 + k))
				good[2] = 0;
		}
	}
	snprintf(path, sizeof path, "%s/rank%u.out", argv[1], me);
	if ((fp = fopen(path, "w")) == NULL)
		return (2);
	check(fp, "allreduce", ra, good[0]);
	check(fp, "reduce", rr, good[1]);
	check(fp, "gather", rg, good[2]);
	fprintf(fp, "refused=%lu\n", refused);
	s = pm_error_string(&e);
	fprintf(fp, "error: %s\n", s);
	free(s);
	if (fclose(fp) != 0)
		return (2);
	pm_error_clear(&e);
	free(all);
	pm_mpi_end();
	return (0);
}
