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
 * A test driver for the workload engine, without the command shell:
 *
 *	pm_enginetest [key=value ...]
 *
 * Keys: every "set" key of the option table (pm_option.c), "_" for the
 * blanks of its name and "," for those of its value (number=500,
 * size=500,10000, bias_read=5, buffering=false), location=PATH:WEIGHT
 * (repeatable, in list order), runs (repeat the run with the same
 * configuration), extra (1: a second line per run) and ready=FILE (make
 * FILE once the first transaction is done: the event a test waits for
 * before it signals a run in its transactions).  The defaults are the
 * table's, PostMark's.  It runs in the current directory, stops
 * cleanly on SIGINT and SIGTERM, and prints for each run one line:
 *
 *	created created_alone created_mixed read appended deleted
 *	deleted_alone deleted_mixed bytes_read bytes_written status
 *
 * With extra=1 a second line follows: transactions_done, the counts of the
 * latency histograms create/creation, create/transactions, read, append,
 * delete/transactions, delete/deletion, and the last phase (mkdir, create,
 * transact, delete, rmdir).  With extra=2, then for each timed phase a
 * line "iv PHASE CUTS COST_NS PHASE_NS" (set interval: the cuts inside
 * the phase, what they took, the clients' time in it) and a line
 * "warning: TEXT" for each warning of the run.
 *
 * Exit status: 0, 1 (with the cause on stderr) when a run failed, 2 for a
 * bad argument, 128 + signal when interrupted.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_cli.h"

static void	 handler(int);
static int	 progress(void *, enum pm_phase, uint64_t, uint64_t,
		    struct pm_error *);
static void	 set(struct pm_config *, const char *, int *, int *);

static const char *ready;	/* ready=FILE */

static const char *status_names[] = {
	"ok", "out_of_files", "interrupted", "error"
};

static const char *phase_names[] = {
	"mkdir", "create", "transact", "delete", "rmdir"
};

/* Stop the run at the next operation boundary. */
static void
handler(int signo)
{
	pm_workload_interrupt(signo);
}

/* After the first transaction, make the ready file. */
static int
progress(void *arg, enum pm_phase phase, uint64_t done, uint64_t total,
    struct pm_error *err)
{
	int	 fd;

	(void)arg;
	(void)total;
	if (ready == NULL || phase != PM_PHASE_TRANSACT || done != 1)
		return (0);
	if ((fd = open(ready, O_WRONLY | O_CREAT | O_TRUNC, 0644)) == -1 ||
	    close(fd) == -1) {
		pm_error_set(err, "open", ready, errno);
		return (-1);
	}
	return (0);
}

/*
 * Apply one key=value argument: a "set" key of the option table
 * (pm_option.c), with "_" for the blanks of the key and "," for those of
 * the value (bias_read=5, size=500,10000; location=DIR:WEIGHT adds a
 * location), or the driver's own runs=N, extra=0|1 and ready=FILE.
 * Exits 2 on a bad one.
 */
static void
set(struct pm_config *cfg, const char *arg, int *runs, int *extra)
{
	struct pm_cmderr	 err = { 0 };
	char			*k, *v, *p, *loc = NULL;

	if ((v = strchr(arg, '=')) == NULL) {
		fprintf(stderr, "pm_enginetest: %s: not key=value\n", arg);
		exit(2);
	}
	k = xstrdup(arg);
	k[v - arg] = '\0';
	v = k + (v - arg) + 1;
	for (p = k; *p != '\0'; p++) {
		if (*p == '_')
			*p = ' ';
	}
	if (strcmp(k, "runs") == 0 || strcmp(k, "extra") == 0) {
		*(k[0] == 'r' ? runs : extra) = atoi(v);
	} else if (strcmp(k, "ready") == 0) {
		ready = arg + (v - k);
	} else {
		for (p = v; *p != '\0'; p++) {
			if (*p == ',')
				*p = ' ';
		}
		/* location=DIR:WEIGHT is "set location +DIR WEIGHT". */
		if (strcmp(k, "location") == 0 && (p = strrchr(v, ':')) != NULL) {
			*p = ' ';
			xasprintf(&loc, "+%s", v);
			v = loc;
		}
		if (pm_option_set_text(cfg, k, v, &err) == -1) {
			fprintf(stderr, "pm_enginetest: %s\n", err.text);
			exit(2);
		}
	}
	free(loc);
	free(k);
}

int
main(int argc, char **argv)
{
	struct pm_config	 cfg;
	struct pm_hooks		 hooks = { .progress = progress };
	struct pm_result	*res;
	struct sigaction	 sa;
	char			*cause;
	int			 extra = 0, i, p, rc = 0, runs = 1;

	pm_config_init(&cfg);
	for (i = 1; i < argc; i++)
		set(&cfg, argv[i], &runs, &extra);

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	res = pm_result_new();
	for (i = 0; i < runs && rc == 0; i++) {
		pm_result_reset(res);
		if (pm_workload_run(&cfg, ready != NULL ? &hooks : NULL, NULL,
		    res) == -1) {
			cause = pm_error_string(&res->error);
			fprintf(stderr, "pm_enginetest: %s\n", cause);
			if (res->status != PM_STATUS_ERROR)
				fprintf(stderr, "pm_enginetest: status is not "
				    "error\n");
			free(cause);
			rc = 1;
		}
		printf("%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu "
		    "%s\n",
		    (unsigned long long)pm_counts_created(&res->counts),
		    (unsigned long long)res->counts.created_alone,
		    (unsigned long long)res->counts.created_mixed,
		    (unsigned long long)res->counts.read,
		    (unsigned long long)res->counts.appended,
		    (unsigned long long)pm_counts_deleted(&res->counts),
		    (unsigned long long)res->counts.deleted_alone,
		    (unsigned long long)res->counts.deleted_mixed,
		    (unsigned long long)res->counts.bytes_read,
		    (unsigned long long)res->counts.bytes_written,
		    status_names[res->status]);
		if (extra > 0)
			printf("%llu %llu %llu %llu %llu %llu %llu %s\n",
			    (unsigned long long)res->counts.transactions_done,
			    (unsigned long long)
			    res->lat[PM_TP_CREATE][PM_OP_CREATE].count,
			    (unsigned long long)
			    res->lat[PM_TP_TRANSACT][PM_OP_CREATE].count,
			    (unsigned long long)
			    res->lat[PM_TP_TRANSACT][PM_OP_READ].count,
			    (unsigned long long)
			    res->lat[PM_TP_TRANSACT][PM_OP_APPEND].count,
			    (unsigned long long)
			    res->lat[PM_TP_TRANSACT][PM_OP_DELETE].count,
			    (unsigned long long)
			    res->lat[PM_TP_DELETE][PM_OP_DELETE].count,
			    phase_names[res->last_phase]);
		for (p = 0; extra == 2 && p < PM_NTPHASES; p++)
			printf("iv %s %llu %llu %llu\n", phase_names[p + 1],
			    (unsigned long long)res->iv_cuts[p],
			    (unsigned long long)res->iv_cost_ns[p],
			    (unsigned long long)res->iv_phase_ns[p]);
		for (p = 0; extra == 2 && p < (int)res->nwarnings; p++)
			printf("warning: %s\n", res->warnings[p]);
		if (rc == 0 && res->status == PM_STATUS_INTERRUPTED)
			rc = 128 + res->signo;
	}
	pm_result_free(res);
	pm_config_free(&cfg);
	if (fflush(stdout) == EOF)
		return (1);
	return (rc);
}
