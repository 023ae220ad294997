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
 * The engine's directory handles (pm_dirs.c, pm_dirtab.c, pm_strict.c,
 * pm_direct.c): the types of a set of directories of a run and what the
 * rest of the engine calls.  Nothing outside the engine includes this.
 */

#ifndef PM_DIRS_H
#define PM_DIRS_H

#include <sys/types.h>

#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>

#define PM_DIR_FLAGS	(O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

struct pm_config;
struct pm_error;
struct stat;

/*
 * What the directory code is given by whoever asks it, a client (its cI
 * and sK, a shifted rank's) or the group (the locations and their
 * shared sK, the rank's rR), instead of either: built by
 * pm_dirctx_init, it borrows everything.
 */
struct pm_dirctx {
	const struct pm_config	*cfg;		/* locations, strictmodes, */
						/* block sizes */
	const char		*prefix;	/* of files: "" or "cI-" */
	struct pm_error		*error;		/* the first failure */
	int			*stop;		/* the group's flag, or NULL */
};

/* A directory the run made: its handle and identity. */
struct pm_subdir {
	int		 fd;		/* handle, -1 = none */
	int		 later;		/* removal left for a second pass */
	dev_t		 dev;		/* st_dev, to know it again */
	ino_t		 ino;		/* st_ino */
};

/*
 * A set of directories of a run, one per location: the locations
 * themselves (parent NULL), or a directory the run made in each (a
 * rank's rR, a client's cI: name, in parent's).  locfd[i] is the handle
 * for location i; when location i is the same directory as an earlier
 * location j, canon[i] = j and it uses j's handles, else canon[i] = i.
 * With subdirectories, sub[i * nsub + k] is sK in canonical location i.
 * made counts the subdirectories made, in creation order (canonical
 * locations in list order, s0 first), for their removal.  A set adopted
 * from another MPI rank (adopt) has its directories opened, not made,
 * and removes nothing.
 */
struct pm_dirs {
	size_t		 nloc;		/* locations, or 1 for the cwd */
	int		*locfd;		/* per location, -1 = not open */
	uint32_t	*canon;		/* per location */
	struct pm_subdir *base;		/* made by the run: identities */
	const struct pm_dirs *parent;	/* where base was made, or NULL */
	char		*name;		/* its name there, owned, or NULL */
	uint32_t	 nsub;		/* subdirectories per location, or 0 */
	struct pm_subdir *sub;		/* nloc * nsub */
	uint64_t	 made;		/* sK made so far */
	int		 adopt;		/* sK made by another rank: open them */
};

/* pm_dirtab.c: the context, the table, names in messages. */
void		 pm_dirctx_init(struct pm_dirctx *, const struct pm_config *,
		    const char *, struct pm_error *, int *);
int		 pm_dirctx_fail(const struct pm_dirctx *, const char *,
		    const char *, int);
int		 pm_dirctx_nomem(const struct pm_dirctx *, const char *,
		    uint64_t, uint64_t);
int		 pm_dirctx_stopped(const struct pm_dirctx *);
const char	*pm_locname(const struct pm_dirctx *, uint32_t);
char		*pm_display(const struct pm_dirctx *, const struct pm_dirs *,
		    uint32_t, int, uint32_t, uint32_t);
int		 pm_dirs_new(const struct pm_dirctx *, struct pm_dirs *, size_t,
		    uint32_t);
void		 pm_dirs_close(struct pm_dirs *);

/* pm_dirs.c: opened, made, adopted, removed. */
void		 pm_fd_budget(uint64_t);
int		 pm_dirs_open(const struct pm_dirctx *, struct pm_dirs *,
		    size_t *);
int		 pm_dirs_child(const struct pm_dirctx *, const struct pm_dirs *,
		    struct pm_dirs *, const char *);
int		 pm_dirs_adopt(const struct pm_dirctx *, const struct pm_dirs *,
		    struct pm_dirs *, const char *);
int		 pm_dirs_remove(const struct pm_dirctx *, struct pm_dirs *);

/* pm_strict.c: set strictmodes. */
int		 pm_dir_strict(const struct pm_dirctx *, int,
		    const struct stat *, uid_t, const struct pm_dirs *,
		    uint32_t, int, uint32_t);

/* pm_direct.c: set direct. */
int		 pm_direct_probe(const struct pm_dirctx *,
		    const struct pm_dirs *, uint32_t, size_t *);
int		 pm_direct_blocks(const struct pm_dirctx *, size_t);
int		 pm_direct_check(const struct pm_dirctx *, size_t, size_t *);

#endif /* PM_DIRS_H */
