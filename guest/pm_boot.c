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
 * The guest's system underneath postmark: the kernel's file systems
 * (proc, sysfs, devtmpfs), the modules listed by the initramfs, loaded
 * with finit_module(2) in the order given
 * (scripts/postmark_compare/pm_initramfs.py puts
 * every module after those it depends on), and the disk under test,
 * waited for and mounted with the file system and options given.  Each
 * step returns -1 with an allocated cause naming what failed.
 */

#include "config.h"

#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pm_init.h"

#ifndef MODULE_INIT_COMPRESSED_FILE
#define MODULE_INIT_COMPRESSED_FILE	4	/* linux/module.h, 5.17 */
#endif

#define PM_BOOT_READ_MAX	(64 * 1024 * 1024)	/* bytes of a file */

/* A mount option that is a flag of mount(2), not file-system data. */
struct pm_mflag {
	const char	*name;
	unsigned long	 flag;
	int		 clear;		/* the option clears the flag */
};

static const struct pm_mflag pm_mflags[] = {
	{ "defaults", 0, 0 },
	{ "ro", MS_RDONLY, 0 },
	{ "rw", MS_RDONLY, 1 },
	{ "nosuid", MS_NOSUID, 0 },
	{ "suid", MS_NOSUID, 1 },
	{ "nodev", MS_NODEV, 0 },
	{ "dev", MS_NODEV, 1 },
	{ "noexec", MS_NOEXEC, 0 },
	{ "exec", MS_NOEXEC, 1 },
	{ "sync", MS_SYNCHRONOUS, 0 },
	{ "async", MS_SYNCHRONOUS, 1 },
	{ "dirsync", MS_DIRSYNC, 0 },
	{ "noatime", MS_NOATIME, 0 },
	{ "atime", MS_NOATIME, 1 },
	{ "nodiratime", MS_NODIRATIME, 0 },
	{ "diratime", MS_NODIRATIME, 1 },
	{ "relatime", MS_RELATIME, 0 },
	{ "norelatime", MS_RELATIME, 1 },
	{ "strictatime", MS_STRICTATIME, 0 },
	{ "lazytime", MS_LAZYTIME, 0 },
	{ "nolazytime", MS_LAZYTIME, 1 },
};

static int	 mount_one(const char *, const char *, const char *,
		    unsigned long, const char *, char **);
static int	 mount_kernel(const char *, const char *, unsigned long,
		    const char *, char **);
static int	 load_module(const char *, char **);
static int	 wait_device(const char *, int, char **);
static char	*mount_flags(const char *, unsigned long *);

/* Print a line on the console (the init's stderr), after "pm_init: ". */
void
pm_boot_say(const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	fputs("pm_init: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	fflush(stderr);
	va_end(ap);
}

/*
 * The cause of a failure as an allocated string; when even that cannot
 * be had, a fixed text (never NULL, so that the record still says why).
 */
char *
pm_boot_cause(const char *fmt, ...)
{
	va_list	 ap;
	char	*s;
	int	 n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n == -1)
		return (strdup("out of memory describing a failure"));
	return (s);
}

/*
 * Read the whole of PATH (at most MAX bytes) into an allocated buffer
 * with a NUL after its *LEN bytes.  NULL with *CAUSE on failure.
 */
char *
pm_boot_read(const char *path, size_t *len, size_t max, char **cause)
{
	char	*buf = NULL, *nbuf;
	size_t	 n = 0, cap = 0;
	ssize_t	 r;
	int	 fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		*cause = pm_boot_cause("open %s: %s", path, strerror(errno));
		return (NULL);
	}
	for (;;) {
		if (n + 1 >= cap) {
			cap = cap == 0 ? 4096 : cap * 2;
			if (cap > max + 1 ||
			    (nbuf = realloc(buf, cap)) == NULL) {
				*cause = pm_boot_cause("read %s: longer than "
				    "%zu bytes or out of memory", path, max);
				goto fail;
			}
			buf = nbuf;
		}
		if ((r = read(fd, buf + n, cap - n - 1)) == -1) {
			if (errno == EINTR)
				continue;
			*cause = pm_boot_cause("read %s: %s", path,
			    strerror(errno));
			goto fail;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	buf[n] = '\0';
	*len = n;
	return (buf);
fail:
	close(fd);
	free(buf);
	return (NULL);
}

/* mkdir DIR (it may exist) and mount SRC there. */
static int
mount_one(const char *src, const char *dir, const char *type,
    unsigned long flags, const char *data, char **cause)
{
	if (mkdir(dir, 0755) == -1 && errno != EEXIST) {
		*cause = pm_boot_cause("mkdir %s: %s", dir, strerror(errno));
		return (-1);
	}
	if (mount(src, dir, type, flags, data) == -1) {
		*cause = pm_boot_cause("mount %s on %s (%s, options '%s'): %s",
		    src, dir, type, data != NULL ? data : "", strerror(errno));
		return (-1);
	}
	return (0);
}

/*
 * One of the kernel's file systems TYPE on DIR; one the kernel mounted
 * already (devtmpfs with CONFIG_DEVTMPFS_MOUNT) is fine.
 */
static int
mount_kernel(const char *type, const char *dir, unsigned long flags,
    const char *data, char **cause)
{
	struct stat	 in, above;
	char		 up[64];

	snprintf(up, sizeof(up), "%s/..", dir);
	if (stat(dir, &in) == 0 && stat(up, &above) == 0 &&
	    in.st_dev != above.st_dev)
		return (0);
	return (mount_one(type, dir, type, flags, data, cause));
}

/* The kernel's own file systems, which postmark and the init read. */
int
pm_boot_filesystems(char **cause)
{
	unsigned long	 safe = MS_NOSUID | MS_NODEV | MS_NOEXEC;

	if (mount_kernel("proc", "/proc", safe, NULL, cause) == -1 ||
	    mount_kernel("sysfs", "/sys", safe, NULL, cause) == -1 ||
	    mount_kernel("devtmpfs", "/dev", MS_NOSUID, "mode=0755",
	    cause) == -1)
		return (-1);
	return (0);
}

/*
 * Load the module file PATH; one already loaded (EEXIST) is fine.  A
 * compressed module (.ko.xz, .ko.gz, .ko.zst) is handed to the kernel to
 * decompress, which kernels without CONFIG_MODULE_DECOMPRESS refuse.
 */
static int
load_module(const char *path, char **cause)
{
	const char	*dot;
	unsigned int	 flags = 0;
	int		 fd, saved;

	if ((dot = strrchr(path, '.')) != NULL && strcmp(dot, ".ko") != 0)
		flags = MODULE_INIT_COMPRESSED_FILE;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		*cause = pm_boot_cause("open module %s: %s", path,
		    strerror(errno));
		return (-1);
	}
	if (syscall(SYS_finit_module, fd, "", flags) == -1 &&
	    errno != EEXIST) {
		saved = errno;
		close(fd);
		*cause = pm_boot_cause("load module %s: %s (the console has "
		    "the kernel's reason)", path, strerror(saved));
		return (-1);
	}
	close(fd);
	pm_boot_say("loaded %s", path);
	return (0);
}

/* Load every module named in the file LIST (a path a line), in order. */
int
pm_boot_modules(const char *list, char **cause)
{
	char	*buf, *line, *next;
	size_t	 len;
	int	 r = 0;

	if ((buf = pm_boot_read(list, &len, PM_BOOT_READ_MAX, cause)) == NULL)
		return (-1);
	for (line = buf; r == 0 && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (*line != '\0')
			r = load_module(line, cause);
	}
	free(buf);
	return (r);
}

/* Wait up to SECONDS for DEVICE to appear in devtmpfs (a probe's event). */
static int
wait_device(const char *device, int seconds, char **cause)
{
	struct timespec	 step = { 0, 10 * 1000 * 1000 };
	struct stat	 st;
	long		 i;

	for (i = 0; i < seconds * 100L; i++) {
		if (stat(device, &st) == 0) {
			if (S_ISBLK(st.st_mode))
				return (0);
			*cause = pm_boot_cause("%s is not a block device",
			    device);
			return (-1);
		}
		nanosleep(&step, NULL);
	}
	*cause = pm_boot_cause("no device %s after %d s (is the disk's driver, "
	    "virtio_blk, built in or in the modules list?)", device, seconds);
	return (-1);
}

/*
 * Split mount options OPTS into mount(2) flags (*FLAGS) and the
 * file-system data, returned allocated (empty when none is left).
 */
static char *
mount_flags(const char *opts, unsigned long *flags)
{
	char	*copy, *data, *word, *save = NULL;
	size_t	 i, n = 0;

	*flags = 0;
	if ((copy = strdup(opts)) == NULL ||
	    (data = calloc(1, strlen(opts) + 1)) == NULL) {
		free(copy);
		return (NULL);
	}
	for (word = strtok_r(copy, ",", &save); word != NULL;
	    word = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < sizeof(pm_mflags) / sizeof(pm_mflags[0]); i++)
			if (strcmp(word, pm_mflags[i].name) == 0)
				break;
		if (i == sizeof(pm_mflags) / sizeof(pm_mflags[0])) {
			n += (size_t)sprintf(data + n, "%s%s", n > 0 ? "," : "",
			    word);
		} else if (pm_mflags[i].clear)
			*flags &= ~pm_mflags[i].flag;
		else
			*flags |= pm_mflags[i].flag;
	}
	free(copy);
	return (data);
}

/* The disk under test, mounted, with postmark's scratch directory made. */
int
pm_boot_disk(const struct pm_guest *g, char **cause)
{
	unsigned long	 flags;
	char		*data;
	int		 r, saved;

	if (wait_device(g->device, g->wait, cause) == -1)
		return (-1);
	if (mkdir(g->mountpoint, 0755) == -1 && errno != EEXIST) {
		*cause = pm_boot_cause("mkdir %s: %s", g->mountpoint,
		    strerror(errno));
		return (-1);
	}
	if ((data = mount_flags(g->options, &flags)) == NULL) {
		*cause = pm_boot_cause("mount options '%s': out of memory",
		    g->options);
		return (-1);
	}
	r = mount(g->device, g->mountpoint, g->fstype, flags, data);
	saved = errno;
	free(data);
	if (r == -1) {
		*cause = pm_boot_cause("mount %s on %s as %s with options "
		    "'%s': %s", g->device, g->mountpoint, g->fstype,
		    g->options, strerror(saved));
		return (-1);
	}
	pm_boot_say("mounted %s on %s (%s, options '%s')", g->device,
	    g->mountpoint, g->fstype, g->options);
	if (mkdir(g->work, 0755) == -1) {
		*cause = pm_boot_cause("mkdir %s: %s", g->work,
		    strerror(errno));
		return (-1);
	}
	return (0);
}
