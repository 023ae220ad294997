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
 * The run driver's shared state (pm_run.c), and the progress text it
 * prints from the engine's hooks (pm_progress.c).
 */

#ifndef PM_DRIVE_H
#define PM_DRIVE_H

#include <stdint.h>
#include <stdio.h>

#include "postmark.h"
#include "pm_cli.h"
#include "pm_record.h"
#include "pm_warn.h"

/* State of one "run" command, shared with the engine's hooks. */
struct pm_drive {
	const struct pm_config *cfg;	/* borrowed */
	struct pm_result *res;		/* the run going on: its iteration, */
					/* warm-up flag and metadata */
	struct pm_summary *sum;		/* of the measured runs, or NULL */
	FILE		*out;		/* progress text: stdout, or stderr */
	uint64_t	 step;		/* transactions per progress dot */
	enum pm_phase	 phase;		/* phase in progress */
	int		 shown;		/* its title was printed */
	int		 midline;	/* out holds an unfinished line */
	unsigned int	 ndots;		/* dots printed in this phase */
	int		 live;		/* live progress on stderr */
	int		 same_tty;	/* out and stderr: one terminal */
	uint64_t	 t_phase;	/* ns, CLOCK_MONOTONIC, phase start */
	uint64_t	 t_next;	/* ns, next live refresh */
	size_t		 live_len;	/* characters of live text shown */
	struct pm_output output;	/* the report and interval series */
	struct pm_warned warned;	/* the warnings said */
	struct pm_sample samp[PM_NTPHASES][2]; /* at each phase's edges */
};


/* pm_progress.c */
int		 pm_progress_begin(void *, enum pm_phase, struct pm_error *);
int		 pm_progress_end(void *, enum pm_phase, const struct pm_result *,
		    struct pm_error *);
int		 pm_progress_step(void *, enum pm_phase, uint64_t, uint64_t,
		    struct pm_error *);
void		 pm_progress_finish(struct pm_drive *);

#endif /* PM_DRIVE_H */
