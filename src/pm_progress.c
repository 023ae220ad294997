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
 * Progress text of a run, from the engine's hooks: PostMark's phase
 * titles, its dots and "Done" on the progress stream, and a live line
 * (phase, percent, rate, ETA) on standard error when that is a terminal.
 */

#include "config.h"

#include <sys/types.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pm_clock.h"
#include "pm_drive.h"

#define PM_LIVE_NS	250000000ULL	/* ns between live progress updates */

static int	 pm_flush_progress(struct pm_drive *, struct pm_error *);
static void	 pm_live_draw(struct pm_drive *, uint64_t, uint64_t,
		    uint64_t);
static size_t	 pm_live_prefix(const struct pm_drive *, char *, size_t);
static void	 pm_live_erase(struct pm_drive *);

/* PostMark's progress titles, by phase. */
static const char *const pm_phase_titles[PM_NPHASES] = {
	"Creating subdirectories...",
	"Creating files...",
	"Performing transactions",
	"Deleting files...",
	"Deleting subdirectories..."
};

/*
 * Flush the progress text; a failure (a closed pipe: EPIPE) is the run's
 * error.  Returns 0 or -1.
 */
static int
pm_flush_progress(struct pm_drive *run, struct pm_error *err)
{
	if (fflush(run->out) == 0 && !ferror(run->out))
		return (0);
	pm_error_set(err, "write", run->out == stdout ? "standard output" :
	    "standard error", errno);
	return (-1);
}

/*
 * Hook: a phase begins.  Print PostMark's title (the subdirectory phases
 * only when subdirectories are used, as PostMark) and flush.
 */
int
pm_progress_begin(void *arg, enum pm_phase phase, struct pm_error *err)
{
	struct pm_drive	*run = arg;

	run->phase = phase;
	run->ndots = 0;
	run->live_len = 0;
	run->shown = 0;
	if ((phase == PM_PHASE_MKDIR || phase == PM_PHASE_RMDIR) &&
	    run->cfg->subdirs <= 1)
		return (0);
	if (run->midline)
		putc('\n', run->out);
	fputs(pm_phase_titles[phase], run->out);
	run->shown = 1;
	run->midline = 1;
	if (run->live) {
		run->t_phase = pm_clock_mono();
		run->t_next = run->t_phase + PM_LIVE_NS;
	}
	return (pm_flush_progress(run, err));
}

/*
 * Hook: a phase ended.  Erase the live line and finish PostMark's line:
 * "Done", or the out-of-files message after the transactions.  A run that
 * failed or was interrupted leaves the line open; pm_progress_finish ends it.
 */
int
pm_progress_end(void *arg, enum pm_phase phase, const struct pm_result *r,
    struct pm_error *err)
{
	struct pm_drive	*run = arg;

	pm_live_erase(run);
	if (!run->shown)
		return (0);
	run->shown = 0;
	if (r != NULL && (r->status == PM_STATUS_ERROR ||
	    r->status == PM_STATUS_INTERRUPTED))
		return (0);
	if (phase == PM_PHASE_TRANSACT && r != NULL &&
	    r->status == PM_STATUS_OUT_OF_FILES)
		fputs("out of files!\n"
		    "For this workload, either increase the number of files "
		    "or\n"
		    "decrease the number of transactions.\n", run->out);
	else
		fputs("Done\n", run->out);
	/* No flush: PostMark's writes to stdout, system call for call. */
	run->midline = 0;
	if (ferror(run->out))
		return (pm_flush_progress(run, err));
	return (0);
}

/*
 * Hook: an operation of a phase is done (done counts from 1).  Print
 * PostMark's dot after transaction i (0-based) when i is a multiple of
 * the step, and refresh the live line at most every PM_LIVE_NS.
 */
int
pm_progress_step(void *arg, enum pm_phase phase, uint64_t done,
    uint64_t total, struct pm_error *err)
{
	struct pm_drive	*run = arg;
	uint64_t	 now;

	if (phase == PM_PHASE_TRANSACT && (done - 1) % run->step == 0) {
		if (run->live_len > 0 && run->same_tty) {
			/* The dot goes before the live text: redraw. */
			pm_live_erase(run);
			run->t_next = 0;
		}
		putc('.', run->out);
		run->ndots++;
		if (pm_flush_progress(run, err) == -1)
			return (-1);
	}
	if (run->live && run->shown) {
		now = pm_clock_mono();
		if (now >= run->t_next) {
			pm_live_draw(run, now, done, total);
			run->t_next = now + PM_LIVE_NS;
		}
	}
	return (0);
}

/*
 * What stdout has shown on the current line (title and dots), when the
 * live line shares its terminal and must redraw it; otherwise nothing.
 */
static size_t
pm_live_prefix(const struct pm_drive *run, char *buf, size_t size)
{
	size_t		 len;
	unsigned int	 i;

	if (!run->same_tty) {
		buf[0] = '\0';
		return (0);
	}
	len = strlcpy(buf, pm_phase_titles[run->phase], size);
	for (i = 0; i < run->ndots && len + 1 < size; i++)
		buf[len++] = '.';
	buf[len] = '\0';
	return (len);
}

/* Draw the live line: phase, percent, operations per second, ETA. */
static void
pm_live_draw(struct pm_drive *run, uint64_t now, uint64_t done,
    uint64_t total)
{
	char		 buf[256], text[96];
	double		 secs, rate, eta;
	size_t		 len, tlen;

	secs = (double)(now - run->t_phase) / 1e9;
	rate = secs > 0 ? (double)done / secs : 0;
	eta = rate > 0 ? (double)(total - done) / rate : 0;
	snprintf(text, sizeof text, "%s%s%3u%% %.0f/s ETA %u:%02u%s",
	    run->same_tty ? " [" : "",
	    run->same_tty ? "" : pm_phase_name(run->phase),
	    total > 0 ? (unsigned int)(done * 100 / total) : 0, rate,
	    (unsigned int)eta / 60, (unsigned int)eta % 60,
	    run->same_tty ? "]" : "");
	tlen = strlen(text);

	buf[0] = '\r';
	len = 1 + pm_live_prefix(run, buf + 1, sizeof buf - 1);
	len += strlcpy(buf + len, text, sizeof buf - len);
	while (tlen < run->live_len && len + 1 < sizeof buf) {
		buf[len++] = ' ';
		tlen++;
	}
	fflush(run->out);
	fwrite(buf, 1, len, stderr);
	run->live_len = strlen(text);
}

/* Erase the live line, leaving the cursor after stdout's text. */
static void
pm_live_erase(struct pm_drive *run)
{
	char	 buf[512], prefix[128];
	size_t	 len, plen, i;

	if (run->live_len == 0)
		return;
	plen = pm_live_prefix(run, prefix, sizeof prefix);
	buf[0] = '\r';
	len = 1 + strlcpy(buf + 1, prefix, sizeof buf - 1);
	for (i = 0; i < run->live_len && len + plen + 2 < sizeof buf; i++)
		buf[len++] = ' ';
	buf[len++] = '\r';
	memcpy(buf + len, prefix, plen);
	len += plen;
	fwrite(buf, 1, len, stderr);
	run->live_len = 0;
}

/*
 * A run ended: erase the live line and end the line a failed or
 * interrupted run left open (its message starts on a line of its own),
 * then flush the progress text.
 */
void
pm_progress_finish(struct pm_drive *run)
{
	pm_live_erase(run);
	if (run->midline) {
		putc('\n', run->out);
		run->midline = 0;
	}
	fflush(run->out);
}
