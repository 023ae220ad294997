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
 * pm-replay: make the system calls of a traced run again, and nothing
 * else, so that its CPU time is the floor of that run: what the kernel
 * takes for the mix, plus a loop (bench/limit.sh).
 *
 * The input is a list of operations that bench/strace2ops.py writes from
 * an strace of the run, one a line after the header "pm-replay-ops 1":
 *
 *	KIND CALL FD A B RET [:PATH]
 *
 * KIND is "s" (set-up: made while the list is read, such as opening the
 * directory handles that the traced program held when its run began) or
 * "r" (the run); CALL is the system call's name; FD the traced
 * descriptor, AT_FDCWD (-100), -1, or for mmap and munmap a region's
 * number; A and B the call's other arguments (table below); RET what the
 * traced call returned (a count, a descriptor, -errno), "s" when only
 * its success is compared, "x" when nothing is; PATH the path argument,
 * bytes outside '!'..'~' and '%' written %XX.
 *
 * Every list is read and every set-up call made before the first run
 * call; the run is then one loop over the preloaded array, each element
 * one syscall(2) with its traced arguments: the descriptors the traced
 * program got are mapped to the ones this process gets, the data read
 * and written is one buffer's (the kernel copies the same number of
 * bytes whatever they hold).  Each result is compared with the traced
 * one as RET says; a difference is counted, the first one reported, and
 * the exit status is 1, because then the replay did not make the same
 * calls on the same files.
 *
 * Usage: pm-replay [-Lv] [-C DIR] OPS
 *
 *	-C DIR	change to DIR (the fresh directory the paths are relative
 *		to) after opening OPS
 *	-L	read OPS and make the set-up calls, but not the run: the
 *		control, whose CPU time is this program's own start-up
 *	-v	say on stderr how many calls were made and how many differed
 *
 * Linux only: the calls are made by number.
 */

#include "config.h"

#include <sys/types.h>

#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat.h"

#ifdef __linux__
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include <fcntl.h>
#include <time.h>

#define RP_HEADER	"pm-replay-ops 1"
#define RP_NOPATH	UINT32_MAX
#define RP_ALIGN	4096		/* the data buffer, for O_DIRECT */

/* The calls a list can hold. */
enum rp_call {
	RP_OPENAT, RP_OPEN, RP_CLOSE, RP_READ, RP_WRITE, RP_PREAD,
	RP_PWRITE, RP_LSEEK, RP_NEWFSTATAT, RP_FSTAT, RP_STAT, RP_LSTAT,
	RP_STATX, RP_UNLINK, RP_UNLINKAT, RP_MKDIR, RP_MKDIRAT, RP_RMDIR,
	RP_FSYNC, RP_FDATASYNC, RP_FTRUNCATE, RP_GETDENTS64, RP_GETRUSAGE,
	RP_BRK, RP_MMAP, RP_MUNMAP, RP_NANOSLEEP, RP_CLOCK_NANOSLEEP,
	RP_PRLIMIT64
};

/* How a result is compared with the traced one. */
enum rp_check {
	RP_CHECK_NONE,		/* "x": not at all */
	RP_CHECK_OK,		/* "s": success (>= 0) */
	RP_CHECK_EXACT,		/* the value, or the same -errno */
	RP_CHECK_OPEN		/* a descriptor if it was one, or -errno */
};

/*
 * A call of the list: name, what A and B hold, whether it opens a
 * descriptor (RET is then the traced descriptor), moves data (A is the
 * count) or takes a region (FD is its number).
 */
struct rp_calldef {
	const char	*name;
	enum rp_call	 call;
	const char	*args;		/* A and B, for the reader */
	int		 opens;
	int		 data;
	int		 region;
};

static const struct rp_calldef rp_calls[] = {
	{ "openat", RP_OPENAT, "flags mode", 1, 0, 0 },
#ifdef SYS_open
	{ "open", RP_OPEN, "flags mode", 1, 0, 0 },
#endif
	{ "close", RP_CLOSE, "- -", 0, 0, 0 },
	{ "read", RP_READ, "count -", 0, 1, 0 },
	{ "write", RP_WRITE, "count -", 0, 1, 0 },
	{ "pread64", RP_PREAD, "count offset", 0, 1, 0 },
	{ "pwrite64", RP_PWRITE, "count offset", 0, 1, 0 },
	{ "lseek", RP_LSEEK, "offset whence", 0, 0, 0 },
#ifdef SYS_newfstatat
	{ "newfstatat", RP_NEWFSTATAT, "flags -", 0, 0, 0 },
#endif
#ifdef SYS_fstat
	{ "fstat", RP_FSTAT, "- -", 0, 0, 0 },
#endif
#ifdef SYS_stat
	{ "stat", RP_STAT, "- -", 0, 0, 0 },
	{ "lstat", RP_LSTAT, "- -", 0, 0, 0 },
#endif
#ifdef SYS_statx
	{ "statx", RP_STATX, "flags mask", 0, 0, 0 },
#endif
#ifdef SYS_unlink
	{ "unlink", RP_UNLINK, "- -", 0, 0, 0 },
	{ "mkdir", RP_MKDIR, "mode -", 0, 0, 0 },
	{ "rmdir", RP_RMDIR, "- -", 0, 0, 0 },
#endif
	{ "unlinkat", RP_UNLINKAT, "flags -", 0, 0, 0 },
	{ "mkdirat", RP_MKDIRAT, "mode -", 0, 0, 0 },
	{ "fsync", RP_FSYNC, "- -", 0, 0, 0 },
	{ "fdatasync", RP_FDATASYNC, "- -", 0, 0, 0 },
	{ "ftruncate", RP_FTRUNCATE, "length -", 0, 0, 0 },
	{ "getdents64", RP_GETDENTS64, "count -", 0, 1, 0 },
	{ "getrusage", RP_GETRUSAGE, "who -", 0, 0, 0 },
	{ "brk", RP_BRK, "delta query", 0, 0, 0 },
	{ "mmap", RP_MMAP, "length prot<<32|flags", 0, 0, 1 },
	{ "munmap", RP_MUNMAP, "length -", 0, 0, 1 },
#ifdef SYS_nanosleep
	{ "nanosleep", RP_NANOSLEEP, "- ns", 0, 0, 0 },
#endif
	{ "clock_nanosleep", RP_CLOCK_NANOSLEEP, "clock ns", 0, 0, 0 },
	{ "prlimit64", RP_PRLIMIT64, "resource -", 0, 0, 0 }
};

#define RP_NCALLS	(sizeof rp_calls / sizeof rp_calls[0])

/* One operation of the list. */
struct rp_op {
	int64_t		 a, b;		/* the call's arguments */
	int64_t		 ret;		/* traced result (or descriptor) */
	uint32_t	 path;		/* offset in the pool, or RP_NOPATH */
	uint32_t	 line;		/* of the list, for messages */
	int32_t		 fd;		/* traced descriptor, or region */
	uint8_t		 call;		/* enum rp_call */
	uint8_t		 def;		/* index in rp_calls */
	uint8_t		 check;		/* enum rp_check */
	uint8_t		 kind;		/* RP_OPENS, RP_DATA, RP_REGION */
};

/* The kinds of call, from struct rp_calldef (kept in the operation). */
#define RP_OPENS	0x1
#define RP_DATA		0x2
#define RP_REGION	0x4

/* The replay: the list, the pool of paths, the state the calls share. */
struct rp {
	const char	*file;		/* the list's name, for messages */
	struct rp_op	*ops;		/* the run */
	size_t		 nops, maxops;
	char		*pool;		/* NUL-terminated paths */
	size_t		 npool, maxpool;
	int		*fdmap;		/* traced descriptor -> ours */
	size_t		 nfd;
	void		**region;	/* region number -> address */
	size_t		 nregion;
	char		*buf;		/* the data of every transfer */
	size_t		 bufsz;		/* bytes it needs */
	size_t		 bufhave;	/* bytes it has */
	uintptr_t	 brk;		/* our program break */
	uint64_t	 nsetup, nrun;	/* calls made */
	uint64_t	 nbad;		/* results that differed */
	const struct rp_op *bad;	/* the first of them */
	int64_t		 badret;	/* what it returned */
};

static void	 rp_usage(void) __attribute__((noreturn));
static char	*rp_word(char **);
static int64_t	 rp_num(struct rp *, const char *, uint32_t, const char *);
static const struct rp_calldef *rp_find(const char *);
static uint32_t	 rp_path(struct rp *, const char *, uint32_t);
static void	 rp_parse(struct rp *, char *, uint32_t, struct rp_op *);
static void	 rp_need(struct rp *, const struct rp_op *);
static void	 rp_load(struct rp *, FILE *);
static void	 rp_buffer(struct rp *);
static void	 rp_break(struct rp *);
static int	 rp_fd(const struct rp *, int32_t);
static inline long rp_data(struct rp *, const struct rp_op *, int);
static inline long rp_file(struct rp *, const struct rp_op *, int,
		    const char *);
static long	 rp_other(struct rp *, const struct rp_op *);
static inline long rp_do(struct rp *, const struct rp_op *);
static inline int rp_same(const struct rp_op *, int64_t);
static inline int64_t rp_call(struct rp *, const struct rp_op *);
static void	 rp_run(struct rp *);
static void	 rp_free(struct rp *);

/* Print the usage on stderr and exit 2. */
static void
rp_usage(void)
{
	fprintf(stderr, "usage: pm-replay [-Lv] [-C dir] ops\n");
	exit(2);
}

/*
 * The next blank-separated field of *sp, NUL-terminated (*sp moves past
 * it), or NULL at the end of the line.  (strsep would do; this is the
 * list's reading, the control's CPU time, and strsep took a fifth of it.)
 */
static char *
rp_word(char **sp)
{
	char	*w = *sp, *p;

	if (w == NULL)
		return (NULL);
	for (p = w; *p != ' ' && *p != '\0'; p++)
		continue;
	*sp = *p == ' ' ? p + 1 : NULL;
	*p = '\0';
	return (w);
}

/*
 * A decimal field of line as a number of at most 2^62 in magnitude;
 * exits naming it when it is not one.
 */
static int64_t
rp_num(struct rp *rp, const char *s, uint32_t line, const char *what)
{
	const char	*p = s + (*s == '-');
	uint64_t	 v = 0;

	if (*p == '\0')
		errx(1, "%s:%u: %s '%s' is not a number", rp->file, line, what,
		    s);
	for (; *p != '\0'; p++) {
		if (*p < '0' || *p > '9' || v > (UINT64_C(1) << 62) / 10)
			errx(1, "%s:%u: %s '%s' is not a number of at most "
			    "2^62", rp->file, line, what, s);
		v = v * 10 + (uint64_t)(*p - '0');
	}
	if (v > UINT64_C(1) << 62)
		errx(1, "%s:%u: %s '%s' is not a number of at most 2^62",
		    rp->file, line, what, s);
	return (*s == '-' ? -(int64_t)v : (int64_t)v);
}

/* The call named name, or NULL; the last one found is tried first. */
static const struct rp_calldef *
rp_find(const char *name)
{
	static const struct rp_calldef	*last = rp_calls;
	size_t				 i;

	if (strcmp(last->name, name) == 0)
		return (last);
	for (i = 0; i < RP_NCALLS; i++) {
		if (strcmp(rp_calls[i].name, name) == 0)
			return (last = &rp_calls[i]);
	}
	return (NULL);
}

/*
 * Decode the %XX escapes of a path field (without its ':') into the
 * pool; returns its offset.
 */
static uint32_t
rp_path(struct rp *rp, const char *s, uint32_t line)
{
	size_t		 off = rp->npool, n = strlen(s) + 1;
	unsigned int	 c;
	char		*p;

	if (rp->npool + n > rp->maxpool) {
		rp->maxpool = (rp->npool + n) * 2;
		if (rp->maxpool >= RP_NOPATH)
			errx(1, "%s:%u: more than 4 GiB of paths", rp->file,
			    line);
		if ((rp->pool = realloc(rp->pool, rp->maxpool)) == NULL)
			err(1, "paths of %s", rp->file);
	}
	for (p = rp->pool + off; *s != '\0'; s++) {
		if (*s != '%') {
			*p++ = *s;
			continue;
		}
		if (!isxdigit((unsigned char)s[1]) ||
		    !isxdigit((unsigned char)s[2]) ||
		    sscanf(s + 1, "%2x", &c) != 1)
			errx(1, "%s:%u: bad escape in path", rp->file, line);
		*p++ = (char)c;
		s += 2;
	}
	*p++ = '\0';
	rp->npool = (size_t)(p - rp->pool);
	return ((uint32_t)off);
}

/*
 * Parse one operation line (KIND already checked) into op: the call,
 * its numbers, how its result is compared, its path.
 */
static void
rp_parse(struct rp *rp, char *s, uint32_t line, struct rp_op *op)
{
	const struct rp_calldef	*def;
	char			*f[6];
	int64_t			 fd;
	int			 n = 0;

	while (n < 6 && (f[n] = rp_word(&s)) != NULL)
		n++;
	if (n < 5 || (n == 6 && f[5][0] != ':') || s != NULL)
		errx(1, "%s:%u: not KIND CALL FD A B RET [:PATH]", rp->file,
		    line);
	if ((def = rp_find(f[0])) == NULL)
		errx(1, "%s:%u: cannot replay the system call %s", rp->file,
		    line, f[0]);
	memset(op, 0, sizeof *op);
	op->call = (uint8_t)def->call;
	op->def = (uint8_t)(def - rp_calls);
	op->kind = (def->opens ? RP_OPENS : 0) | (def->data ? RP_DATA : 0) |
	    (def->region ? RP_REGION : 0);
	op->line = line;
	fd = rp_num(rp, f[1], line, "descriptor");
	op->a = rp_num(rp, f[2], line, "argument");
	op->b = rp_num(rp, f[3], line, "argument");
	if (strcmp(f[4], "x") == 0)
		op->check = RP_CHECK_NONE;
	else if (strcmp(f[4], "s") == 0)
		op->check = RP_CHECK_OK;
	else {
		op->ret = rp_num(rp, f[4], line, "result");
		op->check = def->opens ? RP_CHECK_OPEN : RP_CHECK_EXACT;
	}
	if (def->opens && op->check != RP_CHECK_OPEN)
		errx(1, "%s:%u: %s needs the traced descriptor as result",
		    rp->file, line, def->name);
	if (fd > INT_MAX / 2 || (fd < -1 && fd != -100) ||
	    (def->region && fd < 0) || (def->data && op->a < 0) ||
	    (def->opens && op->ret > INT_MAX / 2))
		errx(1, "%s:%u: descriptor or count out of range", rp->file,
		    line);
	op->fd = (int32_t)fd;
	op->path = n == 6 ? rp_path(rp, f[5] + 1, line) : RP_NOPATH;
	rp_need(rp, op);
}

/*
 * Make room in the descriptor map, the regions and the data buffer for
 * op (zeroed or -1: a descriptor never opened is EBADF).
 */
static void
rp_need(struct rp *rp, const struct rp_op *op)
{
	const struct rp_calldef	*def = &rp_calls[op->def];
	size_t			 n = 0, i;

	if (def->region && op->fd >= 0)
		n = (size_t)op->fd + 1;
	if (n > rp->nregion) {
		if ((rp->region = reallocarray(rp->region, n,
		    sizeof *rp->region)) == NULL)
			err(1, "regions");
		for (i = rp->nregion; i < n; i++)
			rp->region[i] = NULL;
		rp->nregion = n;
	}
	n = def->region || op->fd < 0 ? 0 : (size_t)op->fd + 1;
	if (def->opens && op->ret >= 0 && (size_t)op->ret + 1 > n)
		n = (size_t)op->ret + 1;
	if (n > rp->nfd) {
		if ((rp->fdmap = reallocarray(rp->fdmap, n,
		    sizeof *rp->fdmap)) == NULL)
			err(1, "descriptor map");
		for (i = rp->nfd; i < n; i++)
			rp->fdmap[i] = i <= 2 ? (int)i : -1;
		rp->nfd = n;
	}
	if (def->data && (size_t)op->a > rp->bufsz)
		rp->bufsz = (size_t)op->a;
}

/*
 * Read the list: the run's operations into rp->ops, each set-up
 * operation made at once (it must succeed as traced).
 */
static void
rp_load(struct rp *rp, FILE *fp)
{
	struct rp_op	 op;
	char		*s = NULL;
	size_t		 sz = 0;
	ssize_t		 len;
	uint32_t	 line = 0;

	while ((len = getline(&s, &sz, fp)) != -1) {
		if (++line == UINT32_MAX)
			errx(1, "%s: too many lines", rp->file);
		if (len > 0 && s[len - 1] == '\n')
			s[--len] = '\0';
		if (line == 1) {
			if (strcmp(s, RP_HEADER) != 0)
				errx(1, "%s:1: not a list of operations "
				    "(no '%s')", rp->file, RP_HEADER);
			continue;
		}
		if ((s[0] != 's' && s[0] != 'r') || s[1] != ' ')
			errx(1, "%s:%u: a line starts with 's ' or 'r '",
			    rp->file, line);
		rp_parse(rp, s + 2, line, &op);
		if (s[0] == 's') {
			rp_buffer(rp);
			if (rp_same(&op, rp_call(rp, &op)) == 0)
				errx(1, "%s:%u: set-up %s failed: %s", rp->file,
				    line, rp_calls[op.def].name,
				    strerror(errno));
			rp->nsetup++;
			continue;
		}
		if (rp->nops == rp->maxops) {
			rp->maxops = rp->maxops == 0 ? 4096 : 2 * rp->maxops;
			if ((rp->ops = reallocarray(rp->ops, rp->maxops,
			    sizeof *rp->ops)) == NULL)
				err(1, "operations of %s", rp->file);
		}
		rp->ops[rp->nops++] = op;
	}
	if (ferror(fp))
		err(1, "%s", rp->file);
	if (line == 0)
		errx(1, "%s: empty", rp->file);
	free(s);
}

/* The data buffer, as large as the largest transfer so far. */
static void
rp_buffer(struct rp *rp)
{
	if (rp->buf != NULL && rp->bufsz <= rp->bufhave)
		return;
	free(rp->buf);
	rp->bufhave = rp->bufsz > 0 ? rp->bufsz : 1;
	if ((errno = posix_memalign((void **)&rp->buf, RP_ALIGN,
	    rp->bufhave)) != 0)
		err(1, "data buffer of %zu bytes", rp->bufhave);
	memset(rp->buf, 'p', rp->bufhave);
}

/*
 * Our program break once everything is allocated, raised by as much as
 * the run's brk calls ever take it below where they start, so that a
 * traced heap trim never cuts into the memory of this program.
 */
static void
rp_break(struct rp *rp)
{
	const struct rp_op	*op;
	int64_t			 sum = 0, low = 0;

	for (op = rp->ops; op < rp->ops + rp->nops; op++) {
		if (op->call != RP_BRK || op->b != 0)
			continue;
		sum += op->a;
		if (sum < low)
			low = sum;
	}
	rp->brk = (uintptr_t)syscall(SYS_brk, 0);
	if (low < 0)
		rp->brk = (uintptr_t)syscall(SYS_brk, rp->brk - (uintptr_t)low);
}

/* Our descriptor for the traced one (AT_FDCWD and -1 stay). */
static int
rp_fd(const struct rp *rp, int32_t fd)
{
	if (fd < 0)
		return (fd);
	return (rp->fdmap[fd]);
}

/* read, write, pread64, pwrite64, getdents64 of A bytes on fd. */
static inline long
rp_data(struct rp *rp, const struct rp_op *op, int fd)
{
	switch (op->call) {
	case RP_READ:
		return (syscall(SYS_read, fd, rp->buf, (size_t)op->a));
	case RP_WRITE:
		return (syscall(SYS_write, fd, rp->buf, (size_t)op->a));
	case RP_PREAD:
		return (syscall(SYS_pread64, fd, rp->buf, (size_t)op->a,
		    (off_t)op->b));
	case RP_PWRITE:
		return (syscall(SYS_pwrite64, fd, rp->buf, (size_t)op->a,
		    (off_t)op->b));
	default:
		return (syscall(SYS_getdents64, fd, rp->buf, (size_t)op->a));
	}
}

/* The calls on a path or a descriptor's file that move no data. */
static inline long
rp_file(struct rp *rp, const struct rp_op *op, int fd, const char *path)
{
	static char	 st[512];	/* struct stat or statx */

	switch (op->call) {
	case RP_OPENAT:
		return (syscall(SYS_openat, fd, path, (int)op->a,
		    (mode_t)op->b));
	case RP_CLOSE:
		return (syscall(SYS_close, fd));
	case RP_LSEEK:
		return (syscall(SYS_lseek, fd, (off_t)op->a, (int)op->b));
	case RP_UNLINKAT:
		return (syscall(SYS_unlinkat, fd, path, (int)op->a));
	case RP_MKDIRAT:
		return (syscall(SYS_mkdirat, fd, path, (mode_t)op->a));
	case RP_FSYNC:
		return (syscall(SYS_fsync, fd));
	case RP_FDATASYNC:
		return (syscall(SYS_fdatasync, fd));
	case RP_FTRUNCATE:
		return (syscall(SYS_ftruncate, fd, (off_t)op->a));
#ifdef SYS_newfstatat
	case RP_NEWFSTATAT:
		return (syscall(SYS_newfstatat, fd, path, st, (int)op->a));
#endif
#ifdef SYS_fstat
	case RP_FSTAT:
		return (syscall(SYS_fstat, fd, st));
#endif
#ifdef SYS_stat
	case RP_STAT:
		return (syscall(SYS_stat, path, st));
	case RP_LSTAT:
		return (syscall(SYS_lstat, path, st));
#endif
#ifdef SYS_statx
	case RP_STATX:
		return (syscall(SYS_statx, fd, path, (int)op->a,
		    (unsigned int)op->b, st));
#endif
#ifdef SYS_open
	case RP_OPEN:
		return (syscall(SYS_open, path, (int)op->a, (mode_t)op->b));
#endif
#ifdef SYS_unlink
	case RP_UNLINK:
		return (syscall(SYS_unlink, path));
	case RP_MKDIR:
		return (syscall(SYS_mkdir, path, (mode_t)op->a));
	case RP_RMDIR:
		return (syscall(SYS_rmdir, path));
#endif
	default:
		return (rp_other(rp, op));
	}
}

/* The calls on the process: usage, memory, sleeps, limits. */
static long
rp_other(struct rp *rp, const struct rp_op *op)
{
	static struct rusage	 ru;
	struct rlimit		 rl;
	struct timespec		 ts;
	long			 r;

	ts.tv_sec = (time_t)(op->b / 1000000000);
	ts.tv_nsec = (long)(op->b % 1000000000);
	switch (op->call) {
	case RP_GETRUSAGE:
		return (syscall(SYS_getrusage, (int)op->a, &ru));
	case RP_BRK:
		r = syscall(SYS_brk, op->b ? 0 : rp->brk + (uintptr_t)op->a);
		rp->brk = (uintptr_t)r;
		return (0);
	case RP_MMAP:
		r = syscall(SYS_mmap, NULL, (size_t)op->a,
		    (int)(op->b >> 32), (int)(op->b & 0xffffffff), -1, 0);
		rp->region[op->fd] = (void *)r;
		return (r == -1 ? -1 : 0);
	case RP_MUNMAP:
		return (syscall(SYS_munmap, rp->region[op->fd],
		    (size_t)op->a));
#ifdef SYS_nanosleep
	case RP_NANOSLEEP:
		return (syscall(SYS_nanosleep, &ts, NULL));
#endif
	case RP_CLOCK_NANOSLEEP:
		return (syscall(SYS_clock_nanosleep, (clockid_t)op->a, 0,
		    &ts, NULL));
	case RP_PRLIMIT64:
		return (syscall(SYS_prlimit64, 0, (int)op->a, NULL, &rl));
	default:
		errno = ENOSYS;
		return (-1);
	}
}

/*
 * Make op's system call; a descriptor it opens is recorded as the one
 * for the traced descriptor.  Returns what syscall(2) returned.  (This
 * and the functions it calls are inline, so that the loop of rp_run is
 * one switch and a system call: a chain of calls and a lookup in
 * rp_calls took 96 instructions a call, callgrind says.)
 */
static inline long
rp_do(struct rp *rp, const struct rp_op *op)
{
	const char	*path = NULL;
	long		 r;
	int		 fd = 0;

	if (!(op->kind & RP_REGION))
		fd = rp_fd(rp, op->fd);
	if (op->path != RP_NOPATH)
		path = rp->pool + op->path;
	if (op->kind & RP_DATA)
		return (rp_data(rp, op, fd));
	r = rp_file(rp, op, fd, path);
	if ((op->kind & RP_OPENS) && r >= 0 && op->ret >= 0)
		rp->fdmap[op->ret] = (int)r;
	return (r);
}

/* Whether result r (-errno on failure) is what the trace says. */
static inline int
rp_same(const struct rp_op *op, int64_t r)
{
	switch (op->check) {
	case RP_CHECK_NONE:
		return (1);
	case RP_CHECK_OK:
		return (r >= 0);
	case RP_CHECK_OPEN:
		return (op->ret >= 0 ? r >= 0 : r == op->ret);
	default:
		return (r == op->ret);
	}
}

/* Make op's call; its result, or -errno. */
static inline int64_t
rp_call(struct rp *rp, const struct rp_op *op)
{
	long	 r;

	r = rp_do(rp, op);
	return (r == -1 ? -(int64_t)errno : r);
}

/*
 * The run: every operation in order, each result compared; the first
 * difference is kept for the message.  A system call evicts the stream
 * of operations and paths from the cache, and their first loads after
 * it cost more than the rest of the loop: the operation after next, and
 * the next one's path (its operation came in the last round), are
 * asked for before each call.
 */
static void
rp_run(struct rp *rp)
{
	const struct rp_op	*op, *end = rp->ops + rp->nops;
	int64_t			 r;

	for (op = rp->ops; op < end; op++) {
		if (op + 2 < end)
			__builtin_prefetch(op + 2);
		if (op + 1 < end && op[1].path != RP_NOPATH)
			__builtin_prefetch(rp->pool + op[1].path);
		r = rp_call(rp, op);
		if (!rp_same(op, r)) {
			if (rp->nbad++ == 0) {
				rp->bad = op;
				rp->badret = r;
			}
		}
	}
	rp->nrun = rp->nops;
}

/* Release the list and what the calls shared. */
static void
rp_free(struct rp *rp)
{
	free(rp->ops);
	free(rp->pool);
	free(rp->fdmap);
	free(rp->region);
	free(rp->buf);
}

int
main(int argc, char *argv[])
{
	struct rp	 rp;
	FILE		*fp;
	const char	*dir = NULL;
	int		 ch, control = 0, verbose = 0;

	while ((ch = getopt(argc, argv, "C:Lv")) != -1) {
		switch (ch) {
		case 'C':
			dir = optarg;
			break;
		case 'L':
			control = 1;
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			rp_usage();
		}
	}
	if (argc - optind != 1)
		rp_usage();
	memset(&rp, 0, sizeof rp);
	rp.file = argv[optind];
	if ((fp = fopen(rp.file, "r")) == NULL)
		err(1, "%s", rp.file);
	if (dir != NULL && chdir(dir) == -1)
		err(1, "%s", dir);
	rp_load(&rp, fp);
	fclose(fp);
	rp_buffer(&rp);
	rp_break(&rp);
	if (!control)
		rp_run(&rp);
	if (verbose)
		fprintf(stderr, "pm-replay: %s: %llu set-up calls, %llu calls "
		    "replayed of %zu, %llu results differed\n", rp.file,
		    (unsigned long long)rp.nsetup, (unsigned long long)rp.nrun,
		    rp.nops, (unsigned long long)rp.nbad);
	if (rp.nbad > 0)
		warnx("%s:%u: %s returned %lld, the trace %lld (and %llu "
		    "more differences)", rp.file, rp.bad->line,
		    rp_calls[rp.bad->def].name, (long long)rp.badret,
		    (long long)rp.bad->ret, (unsigned long long)rp.nbad - 1);
	rp_free(&rp);
	return (rp.nbad > 0);
}

#else /* !__linux__ */

int
main(void)
{
	errx(1, "replaying system calls by number needs Linux");
}

#endif /* __linux__ */
