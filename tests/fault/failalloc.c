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
 * A fault-injection allocator for the tests (LD_PRELOAD): malloc,
 * calloc, realloc, reallocarray, posix_memalign, aligned_alloc and
 * memalign fail with ENOMEM as the environment says, in the process
 * whose program is postmark (PMFAULT_PROG, default "postmark"), and
 * only in that process: the children it forks (a hook's, before it
 * execs the shell) and the shells and tools they start are left alone:
 *
 *	PMFAULT_TRIGGER=PATH	arm once PATH exists (checked at each
 *				allocation until then); unset: armed at
 *				once
 *	PMFAULT_DISARM=PATH	stop failing once PATH exists (checked
 *				at each allocation after arming)
 *	PMFAULT_NTH=N		fail the N-th allocation after arming,
 *				once (1 = the first)
 *	PMFAULT_MIN=BYTES	fail every allocation of BYTES or more
 *				after arming
 *	PMFAULT_MAX=BYTES	with PMFAULT_MIN: and at most BYTES
 *	PMFAULT_LOG=PATH	append "fail N SIZE" for each allocation
 *				made to fail (N counts from arming), and
 *				with PMFAULT_BACKTRACE set the calls that
 *				led to it
 *	PMFAULT_TALLY=PATH	at exit, if armed, write "allocated
 *				BYTES": the sizes of the allocations
 *				made after arming, summed (what is
 *				freed is not taken off)
 *
 * The real allocator is glibc's (__libc_malloc and friends), so that
 * nothing here allocates.  free is not wrapped.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void	*__libc_malloc(size_t);
extern void	*__libc_calloc(size_t, size_t);
extern void	*__libc_realloc(void *, size_t);
extern void	*__libc_memalign(size_t, size_t);

static int		 fa_state;	/* 0 unknown, 1 off, 2 waiting, */
					/* 3 armed */
static const char	*fa_trigger;
static const char	*fa_disarm;
static unsigned long	 fa_nth;	/* 0: none */
static size_t		 fa_min;	/* 0: none */
static size_t		 fa_max = SIZE_MAX;
static const char	*fa_log;
static unsigned long	 fa_count;	/* allocations since arming */
static const char	*fa_tally;
static size_t		 fa_total;	/* their bytes, when made */
static pid_t		 fa_pid;	/* the process faults are for */
static int		 fa_bt;		/* log backtraces */
static __thread int	 fa_busy;	/* in here: allocate, never fail */

static int	 fa_fail(size_t);
static void	 fa_note(unsigned long, size_t);
static void	 fa_init(void);
static void	 fa_tally_write(void) __attribute__((__destructor__));

/* Read the environment: is this the program, and what to fail. */
static void
fa_init(void)
{
	const char	*prog, *v;

	prog = getenv("PMFAULT_PROG");
	if (prog == NULL)
		prog = "postmark";
	if (strcmp(program_invocation_short_name, prog) != 0) {
		fa_state = 1;
		return;
	}
	fa_trigger = getenv("PMFAULT_TRIGGER");
	fa_disarm = getenv("PMFAULT_DISARM");
	if ((v = getenv("PMFAULT_NTH")) != NULL)
		fa_nth = strtoul(v, NULL, 10);
	if ((v = getenv("PMFAULT_MIN")) != NULL)
		fa_min = (size_t)strtoull(v, NULL, 10);
	if ((v = getenv("PMFAULT_MAX")) != NULL)
		fa_max = (size_t)strtoull(v, NULL, 10);
	fa_log = getenv("PMFAULT_LOG");
	fa_tally = getenv("PMFAULT_TALLY");
	fa_pid = getpid();
	fa_state = fa_trigger != NULL ? 2 : 3;
	if ((fa_bt = getenv("PMFAULT_BACKTRACE") != NULL)) {
		void	*pc;

		fa_busy = 1;
		(void)backtrace(&pc, 1);	/* loads what it needs now */
		fa_busy = 0;
	}
}

/* Append "fail N SIZE" to the log, with system calls only. */
static void
fa_note(unsigned long n, size_t size)
{
	char	 buf[64];
	int	 fd, len;

	if (fa_log == NULL)
		return;
	len = snprintf(buf, sizeof buf, "fail %lu %zu\n", n, size);
	if ((fd = open(fa_log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
	    0644)) == -1)
		return;
	(void)write(fd, buf, (size_t)len);
	if (fa_bt) {
		void	*pc[32];

		fa_busy = 1;
		backtrace_symbols_fd(pc, backtrace(pc, 32), fd);
		fa_busy = 0;
	}
	close(fd);
}

/* Whether the allocation of size bytes must fail (errno set then). */
static int
fa_fail(size_t size)
{
	unsigned long	 n;
	int		 fail;

	if (fa_busy)
		return (0);
	if (fa_state == 0)
		fa_init();
	if (fa_state == 1 || getpid() != fa_pid)
		return (0);
	if (fa_state == 2) {
		if (access(fa_trigger, F_OK) == -1)
			return (0);
		fa_state = 3;
	}
	if (fa_disarm != NULL && access(fa_disarm, F_OK) == 0) {
		fa_state = 1;
		return (0);
	}
	n = __atomic_add_fetch(&fa_count, 1, __ATOMIC_RELAXED);
	fail = (fa_nth != 0 && n == fa_nth) ||
	    (fa_min != 0 && size >= fa_min && size <= fa_max);
	if (!fail) {
		(void)__atomic_add_fetch(&fa_total, size, __ATOMIC_RELAXED);
		return (0);
	}
	fa_note(n, size);
	errno = ENOMEM;
	return (1);
}

/* PMFAULT_TALLY: the bytes allocated, written as the program ends. */
static void
fa_tally_write(void)
{
	char	 buf[64];
	int	 fd, len;

	if (fa_tally == NULL || fa_state != 3 || getpid() != fa_pid)
		return;
	len = snprintf(buf, sizeof buf, "allocated %zu\n", fa_total);
	if ((fd = open(fa_tally, O_WRONLY | O_TRUNC | O_CREAT | O_CLOEXEC,
	    0644)) == -1)
		return;
	(void)write(fd, buf, (size_t)len);
	close(fd);
}

void *
malloc(size_t size)
{
	return (fa_fail(size) ? NULL : __libc_malloc(size));
}

void *
calloc(size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size)
		return (__libc_calloc(n, size));	/* its own ENOMEM */
	return (fa_fail(n * size) ? NULL : __libc_calloc(n, size));
}

void *
realloc(void *p, size_t size)
{
	return (fa_fail(size) ? NULL : __libc_realloc(p, size));
}

void *
reallocarray(void *p, size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size) {
		errno = ENOMEM;
		return (NULL);
	}
	return (realloc(p, n * size));
}

int
posix_memalign(void **p, size_t align, size_t size)
{
	void	*q;

	if (fa_fail(size))
		return (ENOMEM);
	if ((q = __libc_memalign(align, size)) == NULL)
		return (ENOMEM);
	*p = q;
	return (0);
}

void *
aligned_alloc(size_t align, size_t size)
{
	return (fa_fail(size) ? NULL : __libc_memalign(align, size));
}

void *
memalign(size_t align, size_t size)
{
	return (fa_fail(size) ? NULL : __libc_memalign(align, size));
}
