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
 * Faults of a record file for the record tests (LD_PRELOAD), at the
 * moments no timing can hit on purpose.  In the process whose program
 * is postmark (PMREC_PROG, default "postmark") alone, for the file whose
 * last path component is PMREC_NAME, PMREC_ACT says what happens:
 *
 *	kill-write	its first write(2) of two bytes or more writes
 *			the first half, then the process kills itself
 *			with SIGKILL (a writer killed in the middle of
 *			its record)
 *	signal-create	right after an open that creates it (O_CREAT
 *			with O_EXCL), the signal PMREC_SIGNAL (a number)
 *			is raised, once
 *	pause-unlink	an unlink or unlinkat of it first makes the file
 *			PMREC_READY, then waits until PMREC_GO exists
 *	no-flock	flock(2) on it fails with ENOLCK (a file system
 *			without locks)
 *
 * Descriptors are named by /proc/self/fd.  The calls themselves are
 * made with syscall(2), so that nothing here depends on the symbols it
 * replaces.
 */

#define _GNU_SOURCE

#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int	 rf_state;		/* 0 unknown, 1 off, 2 on */
static const char *rf_name;
static const char *rf_act;
static int	 rf_done;		/* signal-create: raised */

static int	 rf_on(const char *);
static int	 rf_named(const char *);
static int	 rf_fd_named(int);

/* Whether act is what this process must do. */
static int
rf_on(const char *act)
{
	const char	*prog;

	if (rf_state == 0) {
		prog = getenv("PMREC_PROG");
		rf_name = getenv("PMREC_NAME");
		rf_act = getenv("PMREC_ACT");
		rf_state = rf_name != NULL && rf_act != NULL &&
		    strcmp(program_invocation_short_name,
		    prog != NULL ? prog : "postmark") == 0 ? 2 : 1;
	}
	return (rf_state == 2 && strcmp(rf_act, act) == 0);
}

/* Whether path's last component is PMREC_NAME. */
static int
rf_named(const char *path)
{
	const char	*b = strrchr(path, '/');

	return (strcmp(b != NULL ? b + 1 : path, rf_name) == 0);
}

/* Whether fd is open on a file whose last component is PMREC_NAME. */
static int
rf_fd_named(int fd)
{
	char	 link[64], path[4096], *d;
	ssize_t	 n;

	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	if ((n = readlink(link, path, sizeof path - 1)) <= 0)
		return (0);
	path[n] = '\0';
	if ((d = strstr(path, " (deleted)")) != NULL && d[10] == '\0')
		*d = '\0';
	return (rf_named(path));
}

static int
rf_open(int dirfd, const char *path, int flags, mode_t mode)
{
	int	 fd;

	fd = (int)syscall(SYS_openat, dirfd, path, flags, mode);
	if (fd != -1 && (flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL) &&
	    rf_on("signal-create") && rf_named(path) && !rf_done) {
		rf_done = 1;
		raise(atoi(getenv("PMREC_SIGNAL") != NULL ?
		    getenv("PMREC_SIGNAL") : "15"));
	}
	return (fd);
}

/* The mode argument of an open of flags, which the caller's ap holds. */
#define RF_MODE(flags, mode) do {				\
	va_list	 ap;						\
								\
	va_start(ap, flags);					\
	mode = (flags) & (O_CREAT | O_TMPFILE) ?		\
	    va_arg(ap, mode_t) : 0;				\
	va_end(ap);						\
} while (0)

int
open(const char *path, int flags, ...)
{
	mode_t	 mode;

	RF_MODE(flags, mode);
	return (rf_open(AT_FDCWD, path, flags, mode));
}

int
openat(int dirfd, const char *path, int flags, ...)
{
	mode_t	 mode;

	RF_MODE(flags, mode);
	return (rf_open(dirfd, path, flags, mode));
}

int	 open64(const char *, int, ...) __attribute__((__alias__("open")));
int	 openat64(int, const char *, int, ...)
	    __attribute__((__alias__("openat")));

ssize_t
write(int fd, const void *buf, size_t n)
{
	if (n >= 2 && rf_on("kill-write") && rf_fd_named(fd)) {
		(void)syscall(SYS_write, fd, buf, n / 2);
		raise(SIGKILL);
	}
	return ((ssize_t)syscall(SYS_write, fd, buf, n));
}

/* pause-unlink: say so, and wait for the go. */
static void
rf_pause(const char *path)
{
	struct timespec	 ts = { 0, 10000000 };
	const char	*ready = getenv("PMREC_READY");
	const char	*go = getenv("PMREC_GO");
	int		 fd;

	if (!rf_on("pause-unlink") || !rf_named(path) || ready == NULL ||
	    go == NULL)
		return;
	if ((fd = (int)syscall(SYS_openat, AT_FDCWD, ready,
	    O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) != -1)
		close(fd);
	while (access(go, F_OK) == -1)
		nanosleep(&ts, NULL);
}

int
unlink(const char *path)
{
	rf_pause(path);
	return ((int)syscall(SYS_unlinkat, AT_FDCWD, path, 0));
}

int
unlinkat(int dirfd, const char *path, int flags)
{
	rf_pause(path);
	return ((int)syscall(SYS_unlinkat, dirfd, path, flags));
}

int
flock(int fd, int op)
{
	if (rf_on("no-flock") && rf_fd_named(fd)) {
		errno = ENOLCK;
		return (-1);
	}
	return ((int)syscall(SYS_flock, fd, op));
}
