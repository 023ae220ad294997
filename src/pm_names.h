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
 * The names a run makes (pm_names.c): the engine's naming rules in one
 * place.  The engine's naming sites build every name with these
 * functions, and the run driver asks pm_names_made whether a report file
 * would meet one of them, so that the check cannot drift from what the
 * engine does.
 */

#ifndef PM_NAMES_H
#define PM_NAMES_H

#include <stddef.h>
#include <stdint.h>

struct pm_config;

/* What a name in a location is to a run. */
enum pm_name_kind {
	PM_NAME_NONE,		/* nothing the run makes */
	PM_NAME_FILE,		/* a file: "N", or "cI-N" of a shared run */
	PM_NAME_SUBDIR,		/* a subdirectory "sK" */
	PM_NAME_CLIENT,		/* a client's directory "cI" */
	PM_NAME_RANK		/* an MPI rank's directory "rR" */
};

#define PM_NAME_DIGITS	10	/* decimal digits of a uint32_t */

char		*pm_name_file(char *, uint32_t);
size_t		 pm_name_prefix(char *, size_t, uint32_t);
void		 pm_name_subdir(char *, size_t, uint32_t);
void		 pm_name_client(char *, size_t, uint32_t);
void		 pm_name_rank(char *, size_t, uint32_t);
enum pm_name_kind pm_names_made(const struct pm_config *, uint32_t,
		    const char *);

#endif /* PM_NAMES_H */
