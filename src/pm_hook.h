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
 * The commands of "set hook" (pm_hook.c), for the run driver: each runs
 * with /bin/sh in a process group of its own, so that a signal that
 * stops the run reaches all of it, and what it leaves behind ends with
 * the run command.
 */

#ifndef PM_HOOK_H
#define PM_HOOK_H

#include <stdint.h>
#include <stdio.h>

#include "postmark.h"

#define PM_HOOK_GRACE	5	/* s a signalled hook has to end */

/* What a hook's environment and output depend on. */
struct pm_hookrun {
	const struct pm_config *cfg;	/* borrowed */
	uint32_t	 iteration;	/* PM_ITERATION, from 1 */
	int		 warmup;	/* PM_WARMUP: a warm-up run */
	FILE		*out;		/* where its standard output goes */
};

int		 pm_hook_run(const struct pm_hookrun *, int, int,
		    struct pm_error *);
void		 pm_hook_forward(int);
void		 pm_hooks_begin(const struct pm_config *);
void		 pm_hooks_end(void);

#endif /* PM_HOOK_H */
