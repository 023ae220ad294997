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
 * MPI ranks (./configure --with-mpi), behind one small interface so that
 * nothing else includes mpi.h.  Built without MPI, or started without an
 * MPI launcher, there is one rank and every function is trivial: a
 * collective returns its own argument.  All functions but pm_mpi_start
 * and pm_mpi_end are collective: every rank calls them in the same order.
 */

#ifndef PM_MPI_H
#define PM_MPI_H

#include <stddef.h>
#include <stdint.h>

struct pm_error;

int		 pm_mpi_start(int *, char ***);
void		 pm_mpi_end(void);
uint32_t	 pm_mpi_rank(void);
uint32_t	 pm_mpi_size(void);
int		 pm_mpi_any(int);
int		 pm_mpi_max(int);
void		 pm_mpi_barrier(void);
char		*pm_mpi_share(char *, long *);
void		 pm_mpi_reduce(uint64_t *, size_t, int);
void		 pm_mpi_allreduce(uint64_t *, size_t, int);
void		*pm_mpi_gather(const void *, size_t);
void		 pm_mpi_share_error(struct pm_error *);

/* The operations of pm_mpi_reduce and pm_mpi_allreduce. */
#define PM_MPI_SUM	0
#define PM_MPI_MIN	1
#define PM_MPI_MAX	2

#endif /* PM_MPI_H */
