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
 * The guest init's own declarations, shared by pm_init.c (the sequence:
 * settings, postmark, the record, power-off) and pm_boot.c (the system
 * underneath: file systems, modules, the disk).  The settings come from
 * /pm/guest.conf, which scripts/postmark_compare/pm_initramfs.py writes; every
 * path the
 * init uses beyond that file is one of them.
 */

#ifndef PM_INIT_H
#define PM_INIT_H

#define PM_GUEST_CONF	"/pm/guest.conf"	/* the settings below */

struct pm_guest {
	char	*device;	/* the disk under test, /dev/vda */
	char	*fstype;	/* its file system, for mount(2) */
	char	*options;	/* its mount options, comma-separated */
	char	*mountpoint;	/* where it is mounted */
	char	*work;		/* postmark's scratch directory there */
	char	*modules;	/* file of module paths in load order */
	char	*postmark;	/* the program */
	char	*input;		/* its commands (config, location, run) */
	char	*record;	/* the CSV file its run command appends to */
	char	*out;		/* its stdout */
	char	*err;		/* its stderr */
	char	*libpath;	/* LD_LIBRARY_PATH for it */
	char	*port;		/* the record port, /dev/ttyS1 */
	char	*hostname;	/* the guest's (uname -n), or "" */
	int	 wait;		/* seconds to wait for the device */
};

int	 pm_boot_filesystems(char **);
int	 pm_boot_modules(const char *, char **);
int	 pm_boot_disk(const struct pm_guest *, char **);
char	*pm_boot_read(const char *, size_t *, size_t, char **);
void	 pm_boot_say(const char *, ...)
	    __attribute__((__format__(__printf__, 1, 2)));
char	*pm_boot_cause(const char *, ...)
	    __attribute__((__format__(__printf__, 1, 2)));

#endif /* PM_INIT_H */
