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
 * Files of records (pm_record.c, pm_recfile.c): a record (a report, a
 * CSV row with its client rows, a JSON line, a run's interval series,
 * what show prints) is formatted into memory and appended with one
 * write(2), under an exclusive flock(2) of its file, so that it is
 * whole or absent; the file is reached through its directory's handle,
 * never through a symbolic link, and a file that holds another kind of
 * record is refused.  The run's files (pm_output.c) are built on it.
 */

#ifndef PM_RECORD_H
#define PM_RECORD_H

#include <sys/types.h>

#include <stdio.h>

struct pm_cmderr;
struct pm_config;
struct pm_result;
struct stat;

/* What a file of records holds. */
enum pm_rec_kind {
	PM_REC_TEXT,		/* classic reports, show: any text */
	PM_REC_CSV,		/* CSV records after their header */
	PM_REC_JSON,		/* JSON records, one a line */
	PM_REC_SERIES		/* interval series after their header */
};

#define PM_REC_TRIES	16	/* opens of a file that keeps changing */

/*
 * A file that records are appended to: standard output (path NULL) or a
 * file in a directory opened once (dirfd), the file opened by name
 * there each time a record is written, so that a path that went away
 * is an error, not a deleted file written to.
 */
struct pm_recfile {
	char		*path;		/* owned; NULL: standard output */
	char		*dir;		/* its directory's path, owned */
	char		*base;		/* its name there, owned */
	enum pm_rec_kind kind;		/* what it must hold */
	const char	*what;		/* "report file", in messages */
	const char	*noun;		/* "the report", what is written */
	const char	*writer;	/* "a verbose report", for TEXT */
	char		*head;		/* header of a new file, or NULL */
	size_t		 headlen;	/* its bytes */
	int		 fd;		/* kept open (standard output, not */
					/* a regular file), or -1 */
	int		 dirfd;		/* its directory, or -1 */
	dev_t		 ddev;		/* the directory's identity */
	ino_t		 dino;
	int		 strict;	/* set strictmodes: its directory */
					/* must be safe */
	int		 shared;	/* others may write there (sticky) */
	int		 headed;	/* kept: the header was written */
	int		 made;		/* created by pm_recfile_open */
	dev_t		 dev;		/* what it made */
	ino_t		 ino;
};

/*
 * One record for one file: a memory stream that a reporter writes, then
 * the state of its write (pm_record_end).
 */
struct pm_recpart {
	struct pm_recfile *file;	/* borrowed */
	FILE		*fp;		/* the reporter's stream */
	char		*buf;		/* its bytes, owned */
	size_t		 len;
	int		 fd;		/* where it goes, or -1 */
	int		 opened;	/* fd is ours to close */
	int		 locked;	/* we hold flock(LOCK_EX) on fd */
	int		 nolock;	/* not locked: flock's errno */
	int		 due;		/* the header goes first */
	int		 cut;		/* can be truncated back to size */
	off_t		 size;		/* the file's bytes before, locked */
	int		 sent;		/* a write was made */
};

void		 pm_recfile_init(struct pm_recfile *, const char *,
		    enum pm_rec_kind, const char *, const char *,
		    const char *);
int		 pm_recfile_check(const struct pm_recfile *, const char *, int,
		    struct pm_cmderr *);
int		 pm_recfile_open(struct pm_recfile *, const char *,
		    struct pm_cmderr *);
void		 pm_recfile_close(struct pm_recfile *, int);
int		 pm_recfile_reopen(const struct pm_recfile *, int *,
		    struct stat *, char **);
char		*pm_recfile_judge(const struct pm_recfile *, int, off_t, int,
		    int *, off_t *);
int		 pm_recfile_nolocks(int);
char		*pm_recfile_uncut(int);
FILE		*pm_record_begin(struct pm_recpart *, struct pm_recfile *);
int		 pm_record_head(struct pm_recpart *);
int		 pm_record_end(struct pm_recpart *, size_t, size_t *, char **);

/*
 * pm_output.c: what a run command writes, its report (FILE or standard
 * output) and, with set interval and run FILE, FILE.intervals.csv.
 */
struct pm_output {
	struct pm_recfile report;
	struct pm_recfile series;	/* path NULL: none */
	int		 quiet;		/* an MPI rank but 0: writes nothing */
};

int		 pm_output_check(const struct pm_config *, const char *, int,
		    struct pm_cmderr *);
int		 pm_output_open(struct pm_output *, const struct pm_config *,
		    const char *, struct pm_cmderr *);
int		 pm_output_record(struct pm_output *, const struct pm_config *,
		    const struct pm_result *, struct pm_cmderr *);
FILE		*pm_output_begin(struct pm_output *, struct pm_recpart *);
int		 pm_output_end(struct pm_output *, struct pm_recpart *,
		    struct pm_cmderr *);
void		 pm_output_close(struct pm_output *, int);

#endif /* PM_RECORD_H */
