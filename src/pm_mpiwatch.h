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
 * Between the two files of the MPI transport and nothing else: pm_mpi.c
 * (start, end, the polled collectives) and pm_mpiwatch.c (the watcher:
 * heartbeats, the loss).  Only built with MPI.
 */

#ifndef PM_MPIWATCH_H
#define PM_MPIWATCH_H

#include <mpi.h>

/* pm_mpi.c */
int		 pm_mpi_poll(MPI_Request *);

/* pm_mpiwatch.c */
void		 pm_mpi_lock(void);
void		 pm_mpi_unlock(void);
int		 pm_mpi_gone(void);
void		 pm_mpi_nudge(void);
int		 pm_watch_start(uint32_t, uint32_t, int, void (*)(void));
int		 pm_watch_bye(void);
void		 pm_watch_end(void);

#endif /* PM_MPIWATCH_H */
