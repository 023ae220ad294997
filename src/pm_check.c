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
 * What "run [FILE]" checks before anything runs (pm_run_check): the
 * report and series files (asked of pm_output.c, which names them) and
 * the locations.
 */

#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_cli.h"
#include "pm_hook.h"
#include "pm_mpi.h"
#include "pm_names.h"
#include "pm_record.h"

static int	 pm_made_by_run(const struct pm_config *, const char *);

/*
 * Whether the missing location loc is one the run will make: an sK of an
 * earlier location ("set location A" then "+A/s0" with subdirectories),
 * as the engine names them (pm_names.c).
 */
static int
pm_made_by_run(const struct pm_config *cfg, const char *loc)
{
	struct stat	 sd, sl;
	char		*d, *b;
	size_t		 i;
	int		 made = 0;

	d = xstrdup(loc);
	b = xstrdup(loc);
	if (pm_names_made(cfg, pm_mpi_size(), basename(b)) ==
	    PM_NAME_SUBDIR && stat(dirname(d), &sd) == 0) {
		for (i = 0; i < cfg->nlocations && !made; i++) {
			if (strcmp(cfg->locations[i].name, loc) == 0)
				break;
			made = stat(cfg->locations[i].name, &sl) == 0 &&
			    sl.st_dev == sd.st_dev && sl.st_ino == sd.st_ino;
		}
	}
	free(d);
	free(b);
	return (made);
}

/*
 * Whether the file system can be checked for cfg now: not when a hook
 * may make or mount the locations.
 */
int
pm_check_fs(const struct pm_config *cfg)
{
	int	 w, p;

	for (w = 0; w < 2; w++) {
		for (p = 0; p < PM_NHOOKPHASES; p++) {
			if (cfg->hook[w][p] != NULL)
				return (0);
		}
	}
	return (1);
}

/*
 * What is wrong with location loc of cfg for a run: it is missing (and
 * not one the run makes), not a directory, or, with set strictmodes,
 * others could replace the run's files in it.  Returns an allocated
 * "location 'L': why", or NULL when it is good.
 */
char *
pm_check_location(const struct pm_config *cfg, const char *loc)
{
	struct stat	 st;
	char		*why, *msg = NULL;
	int		 fd;

	if (stat(loc, &st) == -1) {
		if (errno != ENOENT || !pm_made_by_run(cfg, loc))
			xasprintf(&msg, "location '%s': %s", loc,
			    strerror(errno));
	} else if (!S_ISDIR(st.st_mode))
		xasprintf(&msg, "location '%s' is not a directory", loc);
	else if (cfg->strictmodes) {
		/* Its handle, for its ACL (none: the mode alone). */
		fd = open(loc, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if ((why = pm_dirs_exposure(fd, &st, geteuid(), NULL)) !=
		    NULL)
			xasprintf(&msg, "location '%s': %s", loc, why);
		free(why);
		if (fd != -1)
			close(fd);
	}
	return (msg);
}

/*
 * What "run [FILE]" can check before anything runs: what it writes (the
 * report file's name and, when fs is set, that it can be written and
 * holds what the run writes; pm_output.c) and, when fs is set, that
 * every location is a directory where, with set strictmodes, no one
 * else could replace the run's files.  Every problem is reported, each
 * an error of the chain of *err.  Returns 0, or -1 with *err set.
 */
int
pm_run_check(const struct pm_config *cfg, const char *file, int fs,
    struct pm_cmderr *err)
{
	struct pm_cmderr	 one = { 0 };
	const char		*loc;
	char			*why;
	size_t			 i;

	pm_cmderr_clear(err);
	if (cfg->direct && cfg->buffering) {
		pm_cmderr_set(&one, PM_ERR_INPUT, NULL, "run: %s",
		    PM_DIRECT_RULE);
		pm_cmderr_add(err, &one);
	}
	fs = fs && pm_check_fs(cfg);
	if (pm_output_check(cfg, file, fs, &one) == -1)
		pm_cmderr_add(err, &one);
	for (i = 0; fs && i < (cfg->nlocations > 0 ? cfg->nlocations : 1);
	    i++) {
		loc = cfg->nlocations > 0 ? cfg->locations[i].name : ".";
		if ((why = pm_check_location(cfg, loc)) != NULL) {
			pm_cmderr_set(&one, PM_ERR_INPUT, NULL, "run: %s",
			    why);
			pm_cmderr_add(err, &one);
			free(why);
		}
	}
	return (err->text != NULL ? -1 : 0);
}
