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
 * The validity warnings of a run command (pm_warn.c), for the run
 * driver: computed into each result, and said once per command where
 * the person reads them.
 */

#ifndef PM_WARN_H
#define PM_WARN_H

#include <stdio.h>

#include "postmark.h"

/* The warnings a run command said, and where it says them. */
struct pm_warned {
	char		**said;		/* as first said, owned */
	size_t		 nsaid;
	int		 terminal;	/* the report goes to a terminal */
	int		 section;	/* and has a Warnings section */
};

void		 pm_warn_begin(struct pm_warned *, const struct pm_config *,
		    FILE *);
void		 pm_warn_run(struct pm_warned *, const struct pm_config *,
		    const struct pm_meta *, struct pm_result *);
void		 pm_warn_summary(struct pm_warned *, struct pm_summary *,
		    FILE *);
void		 pm_warn_end(struct pm_warned *);

#endif /* PM_WARN_H */
