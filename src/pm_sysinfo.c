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
 * Run metadata for the CSV and JSON reports, gathered before a run and
 * outside the measured phases: the start time (ISO 8601 UTC), the host
 * name and kernel release (uname), and the type and mount options of the
 * file system holding each location.  A location's file system is the
 * mount-table entry whose directory is on the same device (st_dev); the
 * last such entry wins, as a later mount hides an earlier one.  Anything
 * that cannot be found is "unknown".
 *
 * The environment: processor model and count, memory total and available
 * at the start, the kernel command line; for each location its block
 * device (from the mount's device number, or its source in
 * /proc/self/mountinfo for file systems such as btrfs whose st_dev is
 * anonymous), the device's I/O scheduler, rotational flag and model from
 * sysfs, and for ext2/3/4 the features named in its superblock, read from
 * the device (root only; the layout is the one e2fsprogs documents).  A
 * file system without a block device (tmpfs, NFS) says so.  A location
 * whose files are in memory whatever the run does is named as such: a
 * tmpfs or ramfs, a RAM disk (brd's ramN, zramN), or a loop device whose
 * image file is on one of those.
 *
 * The virtual machine: in a guest booted by postmark-compare kernels, the
 * init (guest/pm_init.c) exports the VM's description that the host put
 * on the kernel command line as PM_VM_ACCEL, PM_VM_CPUS,
 * PM_VM_MEMORY_MIB, PM_VM_DISK, PM_VM_CACHE, PM_VM_QEMU, PM_VM_MACHINE,
 * PM_VM_CLOCK and PM_VM_ICOUNT_SHIFT (under the icount clock only);
 * outside one they are unset and so unknown.
 */

#include "config.h"

#include <sys/types.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include <sys/sysmacros.h>

#include <fcntl.h>
#include <libgen.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(HAVE_MNTENT_H) && defined(HAVE_GETMNTENT)
#include <mntent.h>
#define PM_USE_MNTENT	1
#endif

#include "postmark.h"

#define PM_UNKNOWN	"unknown"

/* A location being looked up in the mount table. */
struct pm_fs_probe {
	dev_t		 dev;		/* st_dev of the location */
	int		 found;		/* 1 if stat succeeded */
};

static char	*iso8601_now(void);
static void	 mount_of(dev_t, char **, char **);
static void	 find_file_systems(struct pm_meta *, struct pm_fs_probe *);
static int	 memory_fs(const char *);
static char	*in_memory(const struct pm_meta *, size_t);
static char	*read_line(const char *, const char *);
static void	 find_environment(struct pm_meta *);
static char	*env_text(const char *);
static uint64_t	 env_number(const char *);
static void	 find_vm(struct pm_meta *);
static char	*sys_name(dev_t);
static void	 find_device(struct pm_meta *, size_t, dev_t);
static void	 device_attrs(struct pm_meta *, size_t, const char *);
static char	*ext_features(const char *);

/* ext2/3/4 superblock feature bits and their names (e2fsprogs'). */
struct pm_feature {
	int		 word;		/* 0 compat, 1 incompat, 2 ro_compat */
	uint32_t	 bit;
	const char	*name;
};
static const struct pm_feature pm_ext_features[] = {
	{ 0, 0x0004, "has_journal" }, { 0, 0x0008, "ext_attr" },
	{ 0, 0x0010, "resize_inode" }, { 0, 0x0020, "dir_index" },
	{ 0, 0x0200, "sparse_super2" }, { 0, 0x0400, "fast_commit" },
	{ 0, 0x0800, "stable_inodes" }, { 0, 0x1000, "orphan_file" },
	{ 1, 0x0002, "filetype" }, { 1, 0x0004, "needs_recovery" },
	{ 1, 0x0008, "journal_dev" }, { 1, 0x0010, "meta_bg" },
	{ 1, 0x0040, "extent" }, { 1, 0x0080, "64bit" },
	{ 1, 0x0100, "mmp" }, { 1, 0x0200, "flex_bg" },
	{ 1, 0x0400, "ea_inode" }, { 1, 0x1000, "dirdata" },
	{ 1, 0x2000, "metadata_csum_seed" }, { 1, 0x4000, "large_dir" },
	{ 1, 0x8000, "inline_data" }, { 1, 0x10000, "encrypt" },
	{ 1, 0x20000, "casefold" },
	{ 2, 0x0001, "sparse_super" }, { 2, 0x0002, "large_file" },
	{ 2, 0x0008, "huge_file" }, { 2, 0x0010, "uninit_bg" },
	{ 2, 0x0020, "dir_nlink" }, { 2, 0x0040, "extra_isize" },
	{ 2, 0x0100, "quota" }, { 2, 0x0200, "bigalloc" },
	{ 2, 0x0400, "metadata_csum" }, { 2, 0x1000, "read-only" },
	{ 2, 0x2000, "project" }, { 2, 0x8000, "verity" },
	{ 2, 0x10000, "orphan_present" }
};
#define PM_EXT_MAGIC	0xEF53

/* The current time as "%Y-%m-%dT%H:%M:%SZ"; an allocated string. */
static char *
iso8601_now(void)
{
	char		 buf[64];
	struct tm	 tm;
	time_t		 now;

	now = time(NULL);
	if (gmtime_r(&now, &tm) == NULL ||
	    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		return (xstrdup(PM_UNKNOWN));
	return (xstrdup(buf));
}

/*
 * The type and options of the file system on device dev, from the mount
 * table (/proc/self/mounts, else /etc/mtab): the last entry on dev wins,
 * as a later mount hides an earlier one.  *type and *opts are replaced
 * (allocated) only when an entry is found.
 */
static void
mount_of(dev_t dev, char **type, char **opts)
{
#ifdef PM_USE_MNTENT
	FILE		*fp;
	struct mntent	*m;
	struct stat	 st;

	if ((fp = setmntent("/proc/self/mounts", "r")) == NULL &&
	    (fp = setmntent("/etc/mtab", "r")) == NULL)
		return;
	while ((m = getmntent(fp)) != NULL) {
		if (stat(m->mnt_dir, &st) == -1 || st.st_dev != dev)
			continue;
		free(*type);
		*type = xstrdup(m->mnt_type);
		if (opts != NULL) {
			free(*opts);
			*opts = xstrdup(m->mnt_opts);
		}
	}
	endmntent(fp);
#else
	(void)dev;
	(void)type;
	(void)opts;
#endif
}

/*
 * Fill meta->fs_type and meta->fs_options for every probe that was found,
 * from the mount table.  Entries the table does not match keep their
 * current value.
 */
static void
find_file_systems(struct pm_meta *meta, struct pm_fs_probe *probe)
{
	size_t	 i;

	for (i = 0; i < meta->nfs; i++) {
		if (probe[i].found)
			mount_of(probe[i].dev, &meta->fs_type[i],
			    &meta->fs_options[i]);
	}
}

/* Whether file systems of type keep their files in memory. */
static int
memory_fs(const char *type)
{
	static const char *const mem[] = { "tmpfs", "ramfs", "devtmpfs" };
	size_t			 i;

	for (i = 0; i < sizeof mem / sizeof mem[0]; i++) {
		if (strcmp(type, mem[i]) == 0)
			return (1);
	}
	return (0);
}

/*
 * What keeps the files of location i in memory, whatever set sync, set
 * cache and set direct do: its file system ("tmpfs"), its device ("zram0,
 * a RAM disk"), or the file behind its loop device ("loop3, an image file
 * in tmpfs").  Returns an allocated string, or NULL when none of those.
 */
static char *
in_memory(const struct pm_meta *meta, size_t i)
{
	const char	*dev = meta->device[i];
	char		 path[128], *file, *type = NULL, *s = NULL;
	struct stat	 st;

	if (memory_fs(meta->fs_type[i]))
		return (xstrdup(meta->fs_type[i]));
	if (dev == NULL)
		return (NULL);
	if ((strncmp(dev, "ram", 3) == 0 && dev[3] >= '0' && dev[3] <= '9') ||
	    (strncmp(dev, "zram", 4) == 0 && dev[4] >= '0' && dev[4] <= '9')) {
		xasprintf(&s, "%s, a RAM disk", dev);
		return (s);
	}
	snprintf(path, sizeof path, "/sys/class/block/%s/loop/backing_file",
	    dev);
	if ((file = read_line(path, NULL)) == NULL)
		return (NULL);
	if (stat(file, &st) == 0)
		mount_of(st.st_dev, &type, NULL);
	if (type != NULL && memory_fs(type))
		xasprintf(&s, "%s, an image file in %s", dev, type);
	free(type);
	free(file);
	return (s);
}

/*
 * The first line of file path (without its newline), or with key the
 * rest of the first line starting with key, after its ':' and blanks.
 * Returns an allocated string, or NULL.
 */
static char *
read_line(const char *path, const char *key)
{
	FILE	*fp;
	char	 line[4096], *p;
	size_t	 klen = key != NULL ? strlen(key) : 0;

	if ((fp = fopen(path, "re")) == NULL)
		return (NULL);
	p = NULL;
	while (fgets(line, sizeof line, fp) != NULL) {
		if (key != NULL && strncmp(line, key, klen) != 0)
			continue;
		p = line + klen;
		if (key != NULL) {
			p += strspn(p, " \t");
			if (*p == ':')
				p++;
			p += strspn(p, " \t");
		}
		p[strcspn(p, "\n")] = '\0';
		break;
	}
	fclose(fp);
	return (p != NULL ? xstrdup(p) : NULL);
}

/* Processors, memory and the kernel command line. */
static void
find_environment(struct pm_meta *meta)
{
	char	*v;
	long	 n;

	meta->cpu_model = read_line("/proc/cpuinfo", "model name");
	if (meta->cpu_model == NULL)
		meta->cpu_model = read_line("/proc/cpuinfo", "cpu model");
	n = sysconf(_SC_NPROCESSORS_ONLN);
	meta->ncpu = n > 0 ? (uint32_t)n : 0;
	if ((v = read_line("/proc/meminfo", "MemTotal")) != NULL)
		meta->mem_total_kb = strtoull(v, NULL, 10);
	free(v);
	if ((v = read_line("/proc/meminfo", "MemAvailable")) != NULL)
		meta->mem_avail_kb = strtoull(v, NULL, 10);
	free(v);
	meta->cmdline = read_line("/proc/cmdline", NULL);
}

/* The value of environment variable name, allocated, or NULL if empty. */
static char *
env_text(const char *name)
{
	const char	*v = getenv(name);

	return (v != NULL && *v != '\0' ? xstrdup(v) : NULL);
}

/* Environment variable name as a positive number, or 0 if it is none. */
static uint64_t
env_number(const char *name)
{
	const char	*v = getenv(name), *why;
	long long	 n;

	if (v == NULL)
		return (0);
	n = strtonum(v, 1, INT64_MAX, &why);
	return (why == NULL ? (uint64_t)n : 0);
}

/*
 * Environment variable name if it is a whole number of at most 9 digits
 * (0 too), allocated, else NULL.
 */
static char *
env_digits(const char *name)
{
	const char	*v = getenv(name);
	size_t		 n = v != NULL ? strspn(v, "0123456789") : 0;

	return (n > 0 && n <= 9 && v[n] == '\0' ? xstrdup(v) : NULL);
}

/* The VM the run is in, as the guest's init exported it (PM_VM_*). */
static void
find_vm(struct pm_meta *meta)
{
	meta->vm_accel = env_text("PM_VM_ACCEL");
	meta->vm_cpus = (uint32_t)env_number("PM_VM_CPUS");
	meta->vm_memory_mib = env_number("PM_VM_MEMORY_MIB");
	meta->vm_disk = env_text("PM_VM_DISK");
	meta->vm_cache = env_text("PM_VM_CACHE");
	meta->vm_qemu = env_text("PM_VM_QEMU");
	meta->vm_machine = env_text("PM_VM_MACHINE");
	meta->vm_clock = env_text("PM_VM_CLOCK");
	meta->vm_icount_shift = env_digits("PM_VM_ICOUNT_SHIFT");
}

/* The kernel's name of block device dev ("sda1"), or NULL. */
static char *
sys_name(dev_t dev)
{
	char	 path[64], target[512];
	ssize_t	 n;

	snprintf(path, sizeof path, "/sys/dev/block/%u:%u", major(dev),
	    minor(dev));
	if ((n = readlink(path, target, sizeof target - 1)) <= 0)
		return (NULL);
	target[n] = '\0';
	return (xstrdup(basename(target)));
}

/*
 * The block device of location i, on device dev: the device itself when
 * it is a block device, else the source of its mount in
 * /proc/self/mountinfo when that is one (btrfs); otherwise no device,
 * and why.
 */
static void
find_device(struct pm_meta *meta, size_t i, dev_t dev)
{
	FILE		*fp;
	struct stat	 st;
	char		 line[4096], *sep, fstype[64], source[1024];
	unsigned int	 ma, mi;
	char		*name = sys_name(dev), *found = NULL;

	if (name == NULL && (fp = fopen("/proc/self/mountinfo", "re")) !=
	    NULL) {
		while (fgets(line, sizeof line, fp) != NULL) {
			if (sscanf(line, "%*u %*u %u:%u", &ma, &mi) != 2 ||
			    ma != major(dev) || mi != minor(dev) ||
			    (sep = strstr(line, " - ")) == NULL ||
			    sscanf(sep + 3, "%63s %1023s", fstype,
			    source) != 2)
				continue;
			free(found);
			found = xstrdup(source);
		}
		fclose(fp);
		if (found != NULL && strncmp(found, "/dev/", 5) == 0 &&
		    stat(found, &st) == 0 && S_ISBLK(st.st_mode))
			name = sys_name(st.st_rdev);
		free(found);
	}
	if (name == NULL) {
		xasprintf(&meta->no_device[i], "%s has no block device",
		    meta->fs_type[i]);
		return;
	}
	meta->device[i] = name;
	device_attrs(meta, i, name);
}

/*
 * The queue (its own, or its disk's for a partition) and model of device
 * name, the ext features of its file system, and its place in the list
 * of devices to sample.
 */
static void
device_attrs(struct pm_meta *meta, size_t i, const char *name)
{
	static const char *const up[] = { "", "/.." };
	char	 path[512], *v, *b, *e;
	size_t	 k;

	for (k = 0; k < 2 && meta->scheduler[i] == NULL; k++) {
		snprintf(path, sizeof path, "/sys/class/block/%s%s/queue/"
		    "scheduler", name, up[k]);
		if ((v = read_line(path, NULL)) == NULL)
			continue;
		if ((b = strchr(v, '[')) != NULL &&
		    (e = strchr(b, ']')) != NULL) {
			*e = '\0';
			meta->scheduler[i] = xstrdup(b + 1);
			free(v);
		} else
			meta->scheduler[i] = v;
		snprintf(path, sizeof path, "/sys/class/block/%s%s/queue/"
		    "rotational", name, up[k]);
		meta->rotational[i] = read_line(path, NULL);
		snprintf(path, sizeof path, "/sys/class/block/%s%s/device/"
		    "model", name, up[k]);
		meta->model[i] = read_line(path, NULL);
	}
	if (strncmp(meta->fs_type[i], "ext", 3) == 0) {
		snprintf(path, sizeof path, "/dev/%s", name);
		meta->fs_features[i] = ext_features(path);
	}
	for (k = 0; k < meta->ndisk && strcmp(meta->disk[k], name) != 0; k++)
		continue;
	if (k == meta->ndisk && k < PM_DISKS_MAX)
		meta->disk[meta->ndisk++] = xstrdup(name);
}

/*
 * The features of the ext2/3/4 file system on device path, from its
 * superblock (1024 bytes at offset 1024: magic at 0x38, compat, incompat
 * and ro_compat words at 0x5c, 0x60, 0x64, little-endian), joined by
 * blanks.  Returns an allocated string, or NULL when the device cannot be
 * read (not root) or holds no ext superblock.
 */
static char *
ext_features(const char *path)
{
	unsigned char	 sb[1024];
	uint32_t	 w[3];
	char		*s = NULL, *t;
	size_t		 i, k;
	int		 fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return (NULL);
	if (pread(fd, sb, sizeof sb, 1024) != (ssize_t)sizeof sb ||
	    (sb[0x38] | sb[0x39] << 8) != PM_EXT_MAGIC) {
		close(fd);
		return (NULL);
	}
	close(fd);
	for (k = 0; k < 3; k++)
		w[k] = (uint32_t)sb[0x5c + 4 * k] |
		    (uint32_t)sb[0x5d + 4 * k] << 8 |
		    (uint32_t)sb[0x5e + 4 * k] << 16 |
		    (uint32_t)sb[0x5f + 4 * k] << 24;
	for (i = 0; i < sizeof pm_ext_features / sizeof pm_ext_features[0];
	    i++) {
		if (!(w[pm_ext_features[i].word] & pm_ext_features[i].bit))
			continue;
		xasprintf(&t, "%s%s%s", s != NULL ? s : "", s != NULL ? " " :
		    "", pm_ext_features[i].name);
		free(s);
		s = t;
	}
	return (s != NULL ? s : xstrdup(""));
}

/*
 * Gather the metadata of a run about to start with configuration cfg.
 * Returns an allocated struct pm_meta that the caller frees with
 * pm_meta_free.
 */
struct pm_meta *
pm_meta_new(const struct pm_config *cfg)
{
	struct pm_meta		*meta;
	struct pm_fs_probe	*probe;
	struct utsname		 u;
	struct stat		 st;
	const char		*path;
	size_t			 i;

	meta = xcalloc(1, sizeof *meta);
	meta->timestamp = iso8601_now();
	if (uname(&u) == -1) {
		meta->host = xstrdup(PM_UNKNOWN);
		meta->kernel = xstrdup(PM_UNKNOWN);
	} else {
		meta->host = xstrdup(u.nodename);
		meta->kernel = xstrdup(u.release);
	}

	meta->nfs = cfg->nlocations == 0 ? 1 : cfg->nlocations;
	meta->fs_type = xcalloc(meta->nfs, sizeof *meta->fs_type);
	meta->fs_options = xcalloc(meta->nfs, sizeof *meta->fs_options);
	probe = xcalloc(meta->nfs, sizeof *probe);
	for (i = 0; i < meta->nfs; i++) {
		meta->fs_type[i] = xstrdup(PM_UNKNOWN);
		meta->fs_options[i] = xstrdup(PM_UNKNOWN);
		path = cfg->nlocations == 0 ? "." : cfg->locations[i].name;
		if (stat(path, &st) == 0) {
			probe[i].dev = st.st_dev;
			probe[i].found = 1;
		}
	}
	find_file_systems(meta, probe);
	find_environment(meta);
	find_vm(meta);
	meta->device = xcalloc(meta->nfs, sizeof *meta->device);
	meta->no_device = xcalloc(meta->nfs, sizeof *meta->no_device);
	meta->scheduler = xcalloc(meta->nfs, sizeof *meta->scheduler);
	meta->rotational = xcalloc(meta->nfs, sizeof *meta->rotational);
	meta->model = xcalloc(meta->nfs, sizeof *meta->model);
	meta->fs_features = xcalloc(meta->nfs, sizeof *meta->fs_features);
	meta->in_memory = xcalloc(meta->nfs, sizeof *meta->in_memory);
	for (i = 0; i < meta->nfs; i++) {
		if (probe[i].found)
			find_device(meta, i, probe[i].dev);
		meta->in_memory[i] = in_memory(meta, i);
	}
	free(probe);
	return (meta);
}

/* Free metadata from pm_meta_new; NULL is a no-op. */
void
pm_meta_free(struct pm_meta *meta)
{
	size_t	 i;

	if (meta == NULL)
		return;
	for (i = 0; i < meta->nfs; i++) {
		if (meta->fs_type != NULL)
			free(meta->fs_type[i]);
		if (meta->fs_options != NULL)
			free(meta->fs_options[i]);
		if (meta->device != NULL) {
			free(meta->device[i]);
			free(meta->no_device[i]);
			free(meta->scheduler[i]);
			free(meta->rotational[i]);
			free(meta->model[i]);
			free(meta->fs_features[i]);
			free(meta->in_memory[i]);
		}
	}
	for (i = 0; i < meta->ndisk; i++)
		free(meta->disk[i]);
	free(meta->fs_type);
	free(meta->fs_options);
	free(meta->device);
	free(meta->no_device);
	free(meta->scheduler);
	free(meta->rotational);
	free(meta->model);
	free(meta->fs_features);
	free(meta->in_memory);
	free(meta->cpu_model);
	free(meta->cmdline);
	free(meta->vm_accel);
	free(meta->vm_disk);
	free(meta->vm_cache);
	free(meta->vm_qemu);
	free(meta->vm_machine);
	free(meta->vm_clock);
	free(meta->vm_icount_shift);
	free(meta->timestamp);
	free(meta->host);
	free(meta->kernel);
	free(meta);
}
