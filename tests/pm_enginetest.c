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
 * Keys: number, transactions, size_low, size_high, seed, read, write,
 * buffering (1 = stdio, 0 = raw), bias_read, bias_create, subdirs,
 * location=PATH:WEIGHT (repeatable, in list order), runs (repeat the run
 * with the same configuration) and extra (1: a second line per run).  The
 * defaults are PostMark's.  It runs in the current directory, stops
 * cleanly on SIGINT and SIGTERM, and prints for each run one line:
 *
 *	created created_alone created_mixed read appended deleted
 *	deleted_alone deleted_mixed bytes_read bytes_written status
 *
 * With extra=1 a second line follows: transactions_done, the counts of the
 * latency histograms create/creation, create/transactions, read, append,
 * delete/transactions, delete/deletion, and the last phase (mkdir, create,
 * transact, delete, rmdir).
 *
 * Exit status: 0, 1 (with the cause on stderr) when a run failed, 2 for a
 * bad argument, 128 + signal when interrupted.
 */

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "postmark.h"

static void	 handler(int);
static long long number(const char *, const char *, long long, long long);
static void	 set(struct pm_config *, const char *, int *, int *);

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

/* Parse value v of key k as a whole number in [min, max], or exit 2. */
static long long
number(const char *k, const char *v, long long min, long long max)
{
	const char	*errstr;
	long long	 n;

	n = strtonum(v, min, max, &errstr);
	if (errstr != NULL) {
		fprintf(stderr, "pm_enginetest: %s=%s: %s\n", k, v, errstr);
		exit(2);
	}
	return (n);
}

/* Apply one key=value argument to the configuration, or exit 2. */
static void
set(struct pm_config *cfg, const char *arg, int *runs, int *extra)
{
	char	*k, *v, *w;

	if ((v = strchr(arg, '=')) == NULL) {
		fprintf(stderr, "pm_enginetest: %s: not key=value\n", arg);
		exit(2);
	}
	k = xstrdup(arg);
	k[v - arg] = '\0';
	v = k + (v - arg) + 1;
	if (strcmp(k, "number") == 0)
		cfg->number = number(k, v, 1, PM_NUMBER_MAX);
	else if (strcmp(k, "transactions") == 0)
		cfg->transactions = number(k, v, 1, PM_INT_MAX);
	else if (strcmp(k, "size_low") == 0)
		cfg->size_low = number(k, v, 1, PM_SIZE_MAX);
	else if (strcmp(k, "size_high") == 0)
		cfg->size_high = number(k, v, 1, PM_SIZE_MAX);
	else if (strcmp(k, "seed") == 0)
		cfg->seed = number(k, v, 1, PM_INT_MAX);
	else if (strcmp(k, "read") == 0)
		cfg->read_block = number(k, v, 1, PM_INT_MAX);
	else if (strcmp(k, "write") == 0)
		cfg->write_block = number(k, v, 1, PM_INT_MAX);
	else if (strcmp(k, "buffering") == 0)
		cfg->buffering = number(k, v, 0, 1);
	else if (strcmp(k, "bias_read") == 0)
		cfg->bias_read = number(k, v, -1, 10);
	else if (strcmp(k, "bias_create") == 0)
		cfg->bias_create = number(k, v, -1, 10);
	else if (strcmp(k, "subdirs") == 0)
		cfg->subdirs = number(k, v, 1, PM_INT_MAX);
	else if (strcmp(k, "runs") == 0)
		*runs = number(k, v, 1, 100);
	else if (strcmp(k, "extra") == 0)
		*extra = number(k, v, 0, 1);
	else if (strcmp(k, "location") == 0) {
		if ((w = strrchr(v, ':')) == NULL) {
			fprintf(stderr, "pm_enginetest: %s: no weight\n", v);
			exit(2);
		}
		*w++ = '\0';
		pm_config_add_location(cfg, v,
		    number("weight", w, 1, UINT32_MAX));
	} else {
		fprintf(stderr, "pm_enginetest: %s: unknown key\n", k);
		exit(2);
	}
	free(k);
}

int
main(int argc, char **argv)
{
	struct pm_config	 cfg;
	struct pm_result	*res;
	struct sigaction	 sa;
	char			*cause;
	int			 extra = 0, i, rc = 0, runs = 1;

	pm_config_init(&cfg);
	for (i = 1; i < argc; i++)
		set(&cfg, argv[i], &runs, &extra);
	if (cfg.size_high < cfg.size_low) {
		fprintf(stderr, "pm_enginetest: size_high < size_low\n");
		return (2);
	}

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	res = pm_result_new();
	for (i = 0; i < runs && rc == 0; i++) {
		if (pm_workload_run(&cfg, NULL, NULL, res) == -1) {
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
		    (unsigned long long)(res->created_alone +
		    res->created_mixed),
		    (unsigned long long)res->created_alone,
		    (unsigned long long)res->created_mixed,
		    (unsigned long long)res->read,
		    (unsigned long long)res->appended,
		    (unsigned long long)(res->deleted_alone +
		    res->deleted_mixed),
		    (unsigned long long)res->deleted_alone,
		    (unsigned long long)res->deleted_mixed,
		    (unsigned long long)res->bytes_read,
		    (unsigned long long)res->bytes_written,
		    status_names[res->status]);
		if (extra)
			printf("%llu %llu %llu %llu %llu %llu %llu %s\n",
			    (unsigned long long)res->transactions_done,
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
		if (rc == 0 && res->status == PM_STATUS_INTERRUPTED)
			rc = 128 + res->signo;
	}
	pm_result_free(res);
	pm_config_free(&cfg);
	if (fflush(stdout) == EOF)
		return (1);
	return (rc);
}
