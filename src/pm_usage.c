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
 * Where the time went: samples of the process's (or a thread's) CPU and
 * scheduling (getrusage), of the kernel's memory counters (/proc/vmstat)
 * and of the block devices under the locations (/proc/diskstats), taken
 * at the edges of the timed phases, outside their intervals, and their
 * differences; under MPI the CPU of every rank's process summed.  Only what the kernel exposes is read; a counter that is
 * missing (an old kernel, no /proc) is reported as missing, never as 0.
 *
 * The /proc/vmstat counters kept, and why:
 *   pgpgin, pgpgout     KiB read from and written to block devices
 *   pgfault, pgmajfault page faults, and those that waited for the disk
 *   nr_dirtied          pages made dirty
 *   nr_written          pages written back
 *   nr_dirty            dirty pages waiting (a level: its change)
 *   nr_writeback        pages under writeback (a level: its change)
 *   pgscan_kswapd, pgscan_direct, pgsteal_kswapd, pgsteal_direct
 *                       page reclaim, by kswapd and by the run itself
 *   slabs_scanned       dentry and inode cache shrinking
 *   pginodesteal        inodes reclaimed with their pages
 * The /proc/diskstats figures kept: reads and writes completed, bytes
 * read and written (sectors of 512 bytes), flush requests (kernel 5.5
 * and later), milliseconds the device was busy, and requests in flight
 * at the end of the phase (a level, not a difference).
 */

#include "config.h"

#include <sys/types.h>
#include <sys/resource.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "postmark.h"
#include "pm_clock.h"
#include "pm_mpi.h"

/* The figures of a struct pm_cpu, as an array of them. */
#define PM_NCPU		(sizeof (struct pm_cpu) / sizeof (uint64_t))
_Static_assert(sizeof (struct pm_cpu) == 6 * sizeof (uint64_t),
    "struct pm_cpu is its six figures");

const char *const pm_vm_names[PM_NVM] = {
	"pgpgin", "pgpgout", "pgfault", "pgmajfault", "nr_dirtied",
	"nr_written", "nr_dirty", "nr_writeback", "pgscan_kswapd",
	"pgscan_direct", "pgsteal_kswapd", "pgsteal_direct",
	"slabs_scanned", "pginodesteal"
};

/* In /proc/diskstats order after the name: 1-based field numbers. */
const char *const pm_disk_names[PM_NDISK] = {
	"reads", "read_bytes", "writes", "written_bytes", "flushes",
	"busy_ms", "in_flight"
};
static const int pm_disk_field[PM_NDISK] = { 1, 3, 5, 7, 16, 10, 9 };
#define PM_DISK_SECTOR	512

#define PM_PROC_BUF	4096	/* /proc read in pieces of this, bytes */

/* What the lines of /proc/vmstat are read into. */
struct pm_vmread {
	struct pm_sample	*s;
	size_t			 found;		/* counters found */
};

/* What the lines of /proc/diskstats are read into: a sample, for m. */
struct pm_diskread {
	struct pm_sample	*s;
	const struct pm_meta	*m;
};

static void	 pm_cpu_from(struct pm_cpu *, const struct rusage *);
static void	 pm_proc_lines(const char *, void (*)(void *, char *),
		    void *);
static void	 pm_vmstat_line(void *, char *);
static void	 pm_read_vmstat(struct pm_sample *);
static void	 pm_diskstats_line(void *, char *);
static void	 pm_read_diskstats(struct pm_sample *, const struct pm_meta *);

static void
pm_cpu_from(struct pm_cpu *c, const struct rusage *ru)
{
	c->user_ns = (uint64_t)ru->ru_utime.tv_sec * 1000000000u +
	    (uint64_t)ru->ru_utime.tv_usec * 1000u;
	c->sys_ns = (uint64_t)ru->ru_stime.tv_sec * 1000000000u +
	    (uint64_t)ru->ru_stime.tv_usec * 1000u;
	c->vcsw = (uint64_t)ru->ru_nvcsw;
	c->ivcsw = (uint64_t)ru->ru_nivcsw;
	c->minflt = (uint64_t)ru->ru_minflt;
	c->majflt = (uint64_t)ru->ru_majflt;
}

/* The calling thread's CPU so far (RUSAGE_THREAD, or the process's). */
void
pm_usage_thread(struct pm_cpu *c)
{
	struct rusage	 ru;

#ifdef RUSAGE_THREAD
	if (getrusage(RUSAGE_THREAD, &ru) == 0) {
		pm_cpu_from(c, &ru);
		return;
	}
#endif
	if (getrusage(RUSAGE_SELF, &ru) == 0)
		pm_cpu_from(c, &ru);
	else
		memset(c, 0, sizeof *c);
}

/* d = b - a, figure by figure. */
void
pm_cpu_sub(struct pm_cpu *d, const struct pm_cpu *b, const struct pm_cpu *a)
{
	d->user_ns = b->user_ns - a->user_ns;
	d->sys_ns = b->sys_ns - a->sys_ns;
	d->vcsw = b->vcsw - a->vcsw;
	d->ivcsw = b->ivcsw - a->ivcsw;
	d->minflt = b->minflt - a->minflt;
	d->majflt = b->majflt - a->majflt;
}

/* s += a, figure by figure. */
void
pm_cpu_add(struct pm_cpu *s, const struct pm_cpu *a)
{
	s->user_ns += a->user_ns;
	s->sys_ns += a->sys_ns;
	s->vcsw += a->vcsw;
	s->ivcsw += a->ivcsw;
	s->minflt += a->minflt;
	s->majflt += a->majflt;
}

/*
 * Under MPI, the CPU of each phase and of the whole run summed over the
 * ranks into rank 0's result: the process's figures then cover every
 * process of the run (each rank's postmark), and the client threads'
 * every rank's clients, as the counts do.  The memory and device
 * figures stay rank 0's: they are its host's, which the other ranks may
 * share.  Every rank calls it, in the same order; after a lost rank the
 * figures not summed by then are rank 0's alone.  Without MPI it does
 * nothing.
 */
void
pm_usage_ranks(struct pm_result *r)
{
	struct pm_cpu	*cpu[2 * PM_NTPHASES + 1];
	uint64_t	 v[(2 * PM_NTPHASES + 1) * PM_NCPU];
	size_t		 i;
	int		 tp;

	if (pm_mpi_size() < 2)
		return;
	for (tp = 0; tp < PM_NTPHASES; tp++) {
		cpu[2 * tp] = &r->usage[tp].cpu;
		cpu[2 * tp + 1] = &r->usage[tp].threads;
	}
	cpu[2 * PM_NTPHASES] = &r->usage_run.cpu;
	for (i = 0; i < 2 * PM_NTPHASES + 1; i++)
		memcpy(&v[i * PM_NCPU], cpu[i], sizeof *cpu[i]);
	(void)pm_mpi_reduce(v, sizeof v / sizeof v[0], PM_MPI_SUM);
	if (pm_mpi_rank() != 0)
		return;
	for (i = 0; i < 2 * PM_NTPHASES + 1; i++)
		memcpy(cpu[i], &v[i * PM_NCPU], sizeof *cpu[i]);
}

/*
 * Each line of a /proc file, to fn(arg, line) without its newline: read
 * in pieces of PM_PROC_BUF bytes on the stack, so that sampling, which
 * happens while a run holds its files, allocates nothing.  A line
 * longer than a piece is passed cut at the piece.
 */
static void
pm_proc_lines(const char *path, void (*fn)(void *, char *), void *arg)
{
	char	 buf[PM_PROC_BUF], *line, *nl;
	size_t	 len = 0;
	ssize_t	 n;
	int	 fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return;
	for (;;) {
		n = read(fd, buf + len, sizeof buf - 1 - len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
		buf[len] = '\0';
		for (line = buf; (nl = strchr(line, '\n')) != NULL;
		    line = nl + 1) {
			*nl = '\0';
			fn(arg, line);
		}
		len -= (size_t)(line - buf);
		if (len == sizeof buf - 1) {	/* a line longer than buf */
			fn(arg, buf);
			len = 0;
		}
		memmove(buf, line, len);
	}
	if (len > 0) {
		buf[len] = '\0';
		fn(arg, buf);
	}
	close(fd);
}

/* A line of /proc/vmstat: keep it if it is one of pm_vm_names. */
static void
pm_vmstat_line(void *arg, char *line)
{
	struct pm_vmread	*vr = arg;
	char			 name[64];
	unsigned long long	 v;
	size_t			 i;

	if (sscanf(line, "%63s %llu", name, &v) != 2)
		return;
	for (i = 0; i < PM_NVM; i++) {
		if (strcmp(name, pm_vm_names[i]) == 0) {
			vr->s->vm[i] = v;
			vr->found++;
		}
	}
}

/* The counters of pm_vm_names from /proc/vmstat; vm_ok when all found. */
static void
pm_read_vmstat(struct pm_sample *s)
{
	struct pm_vmread	 vr = { s, 0 };

	pm_proc_lines("/proc/vmstat", pm_vmstat_line, &vr);
	s->vm_ok = vr.found == PM_NVM;
}

/* A line of /proc/diskstats: its figures, if it is one of our devices. */
static void
pm_diskstats_line(void *arg, char *line)
{
	struct pm_diskread	*dr = arg;
	struct pm_sample	*s = dr->s;
	unsigned long long	 f[17];
	char			 name[64];
	size_t			 i, k;
	int			 n, used;

	memset(f, 0, sizeof f);
	n = sscanf(line, " %*u %*u %63s %llu %llu %llu %llu %llu %llu "
	    "%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu%n",
	    name, &f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6],
	    &f[7], &f[8], &f[9], &f[10], &f[11], &f[12], &f[13],
	    &f[14], &f[15], &f[16], &used);
	if (n < 12)
		return;
	for (i = 0; i < dr->m->ndisk; i++) {
		if (strcmp(name, dr->m->disk[i]) != 0)
			continue;
		s->disk_ok[i] = 1;
		for (k = 0; k < PM_NDISK; k++)
			s->disk[i][k] = f[pm_disk_field[k] - 1];
		s->disk[i][1] *= PM_DISK_SECTOR;
		s->disk[i][3] *= PM_DISK_SECTOR;
	}
}

/*
 * The figures of pm_disk_names for each device of meta->disk from
 * /proc/diskstats (disk_ok[i] when found; a figure the kernel does not
 * have, such as flushes before 5.5, is left at 0 in both samples).
 */
static void
pm_read_diskstats(struct pm_sample *s, const struct pm_meta *m)
{
	struct pm_diskread	 dr = { s, m };

	memset(s->disk_ok, 0, sizeof s->disk_ok);
	if (m == NULL || m->ndisk == 0)
		return;
	pm_proc_lines("/proc/diskstats", pm_diskstats_line, &dr);
}

/*
 * Sample now: the process's CPU (RUSAGE_SELF), /proc/vmstat and the
 * devices of meta (may be NULL).
 */
void
pm_usage_sample(struct pm_sample *s, const struct pm_meta *meta)
{
	struct rusage	 ru;

	s->taken = 1;
	s->t = pm_clock_mono();
	if (getrusage(RUSAGE_SELF, &ru) == 0)
		pm_cpu_from(&s->cpu, &ru);
	pm_read_vmstat(s);
	pm_read_diskstats(s, meta);
}

/* What happened between samples a and b, for ndisk devices. */
void
pm_usage_delta(struct pm_usage *u, const struct pm_sample *a,
    const struct pm_sample *b, size_t ndisk)
{
	size_t	 i, k;

	memset(u, 0, sizeof *u);
	if (!a->taken || !b->taken)
		return;
	u->valid = 1;
	u->wall_ns = b->t - a->t;
	pm_cpu_sub(&u->cpu, &b->cpu, &a->cpu);
	u->vm_ok = a->vm_ok && b->vm_ok;
	for (i = 0; u->vm_ok && i < PM_NVM; i++)
		u->vm[i] = (int64_t)(b->vm[i] - a->vm[i]);
	u->ndisk = ndisk;
	for (i = 0; i < ndisk; i++) {
		u->disk_ok[i] = a->disk_ok[i] && b->disk_ok[i];
		for (k = 0; u->disk_ok[i] && k < PM_NDISK; k++)
			u->disk[i][k] = b->disk[i][k] - a->disk[i][k];
		if (u->disk_ok[i])
			u->disk[i][PM_NDISK - 1] = b->disk[i][PM_NDISK - 1];
	}
}
