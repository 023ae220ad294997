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
 * pm_init: process 1 of the guest that scripts/postmark_compare/pm_vm.py
 * boots.  No shell:
 * it mounts the kernel's file systems, reads its settings
 * (/pm/guest.conf), names the machine (its hostname, which postmark's
 * record has as its host: the VM's description rather than Linux's
 * "(none)"), loads the modules the initramfs lists, mounts the
 * fresh disk under test, runs postmark on the commands in the initramfs
 * in a scratch directory of that disk (fork and exec: process 1 must not
 * end), sends postmark's CSV record, its messages and every failure to
 * the host as frames (pm_frame.h) on a serial port of their own, and
 * powers the machine off.  What the host knows about the virtual machine
 * comes on the kernel command line as pm.KEY=VALUE words; postmark gets
 * each as PM_VM_KEY in its environment, and its record's kernel_cmdline
 * column holds them all.
 */

#include "config.h"

#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_frame.h"
#include "pm_init.h"

#define PM_CONF_MAX	(64 * 1024)		/* bytes of guest.conf */
#define PM_OUTPUT_MAX	(16 * 1024 * 1024)	/* bytes of a record */
#define PM_ENV_MAX	64			/* environment entries */

/* A line of guest.conf: KEY=VALUE into a string field of pm_guest. */
struct pm_setting {
	const char	*key;
	size_t		 off;
};

#define SET(f)	{ #f, offsetof(struct pm_guest, f) }
static const struct pm_setting pm_settings[] = {
	SET(device), SET(fstype), SET(options), SET(mountpoint), SET(work),
	SET(modules), SET(postmark), SET(input), SET(record), SET(out),
	SET(err), SET(libpath), SET(port), SET(hostname),
};
#undef SET

static int	 settings(struct pm_guest *, char **);
static int	 name_host(const struct pm_guest *, char **);
static int	 setting(struct pm_guest *, char *, int, char **);
static char	**environment(const struct pm_guest *, char **);
static int	 run_postmark(const struct pm_guest *, char **, int *, char **);
static void	 child(const struct pm_guest *, char **)
		    __attribute__((__noreturn__));
static void	 report(int, const struct pm_guest *, int);
static void	 send(int, const char *, const char *, size_t);
static void	 fail(int, char *) __attribute__((__noreturn__));
static void	 power_off(void) __attribute__((__noreturn__));

/* Power the machine off; process 1 never returns. */
static void
power_off(void)
{
	sync();
	reboot(RB_POWER_OFF);
	pm_boot_say("reboot(RB_POWER_OFF): %s", strerror(errno));
	for (;;)
		pause();
}

/* Send one frame on PORT; a port that fails gets a line on the console. */
static void
send(int port, const char *kind, const char *buf, size_t len)
{
	if (pm_frame_write(port, kind, buf, len) == -1)
		pm_boot_say("writing the %s frame: %s", kind, strerror(errno));
}

/* Report CAUSE (allocated) as an error frame, then power off. */
static void
fail(int port, char *cause)
{
	pm_boot_say("error: %s", cause);
	send(port, "error", cause, strlen(cause));
	free(cause);
	power_off();
}

/* One KEY=VALUE line (number N) of guest.conf into G. */
static int
setting(struct pm_guest *g, char *line, int n, char **cause)
{
	char		*eq, *end, **field;
	size_t		 i;
	long		 v;

	if ((eq = strchr(line, '=')) == NULL) {
		*cause = pm_boot_cause("%s:%d: '%s' is not KEY=VALUE",
		    PM_GUEST_CONF, n, line);
		return (-1);
	}
	*eq++ = '\0';
	if (strcmp(line, "wait") == 0) {
		errno = 0;
		v = strtol(eq, &end, 10);
		if (!isdigit((unsigned char)*eq) || *end != '\0' ||
		    errno != 0 || v < 1 || v > 3600) {
			*cause = pm_boot_cause("%s:%d: wait '%s' is not a "
			    "number of seconds from 1 to 3600", PM_GUEST_CONF,
			    n, eq);
			return (-1);
		}
		g->wait = (int)v;
		return (0);
	}
	for (i = 0; i < sizeof(pm_settings) / sizeof(pm_settings[0]); i++)
		if (strcmp(line, pm_settings[i].key) == 0) {
			field = (char **)((char *)g + pm_settings[i].off);
			*field = eq;
			return (0);
		}
	*cause = pm_boot_cause("%s:%d: unknown key '%s'", PM_GUEST_CONF, n,
	    line);
	return (-1);
}

/* Read guest.conf into G (its strings point into a buffer kept). */
static int
settings(struct pm_guest *g, char **cause)
{
	char	*buf, *line, *next, **field;
	size_t	 len, i;
	int	 n = 0;

	memset(g, 0, sizeof(*g));
	if ((buf = pm_boot_read(PM_GUEST_CONF, &len, PM_CONF_MAX,
	    cause)) == NULL)
		return (-1);
	for (line = buf; *line != '\0'; line = next) {
		n++;
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (*line != '\0' && *line != '#' &&
		    setting(g, line, n, cause) == -1)
			return (-1);
	}
	for (i = 0; i < sizeof(pm_settings) / sizeof(pm_settings[0]); i++) {
		field = (char **)((char *)g + pm_settings[i].off);
		if (*field == NULL) {
			*cause = pm_boot_cause("%s: no %s= line", PM_GUEST_CONF,
			    pm_settings[i].key);
			return (-1);
		}
	}
	if (g->wait == 0)
		g->wait = 30;
	return (0);
}

/* Set the guest's hostname from the settings (none when empty). */
static int
name_host(const struct pm_guest *g, char **cause)
{
	if (*g->hostname == '\0')
		return (0);
	if (sethostname(g->hostname, strlen(g->hostname)) == -1) {
		*cause = pm_boot_cause("sethostname '%s': %s", g->hostname,
		    strerror(errno));
		return (-1);
	}
	return (0);
}

/*
 * postmark's environment: the C locale, HOME=/, its libraries' path, and
 * PM_VM_KEY=VALUE for each pm.KEY=VALUE word of the kernel command line
 * (KEY of letters, digits and _).  NULL with *CAUSE on failure.
 */
static char **
environment(const struct pm_guest *g, char **cause)
{
	static char	*env[PM_ENV_MAX + 1];
	char		*cmd, *w, *save = NULL, *eq, *s, *p;
	size_t		 len;
	int		 n = 0;

	env[n++] = "PATH=/usr/bin:/bin";
	env[n++] = "HOME=/";
	env[n++] = "LC_ALL=C";
	if ((env[n++] = pm_boot_cause("LD_LIBRARY_PATH=%s", g->libpath)) ==
	    NULL || (cmd = pm_boot_read("/proc/cmdline", &len, PM_CONF_MAX,
	    cause)) == NULL)
		return (NULL);
	for (w = strtok_r(cmd, " \t\n", &save); w != NULL && n < PM_ENV_MAX;
	    w = strtok_r(NULL, " \t\n", &save)) {
		if (strncmp(w, "pm.", 3) != 0 || (eq = strchr(w, '=')) == NULL)
			continue;
		for (p = w + 3; p < eq; p++)
			if (!isalnum((unsigned char)*p) && *p != '_')
				break;
		if (p != eq || p == w + 3)
			continue;
		if ((s = pm_boot_cause("PM_VM_%s", w + 3)) == NULL)
			return (NULL);
		for (p = s + 6; *p != '='; p++)
			*p = (char)toupper((unsigned char)*p);
		pm_boot_say("%s", s);
		env[n++] = s;
	}
	env[n] = NULL;
	free(cmd);
	return (env);
}

/* The child: stdin /dev/null, stdout and stderr to files, exec postmark. */
static void
child(const struct pm_guest *g, char **env)
{
	char	*argv[3];
	int	 in, out, err;

	argv[0] = g->postmark;
	argv[1] = g->input;
	argv[2] = NULL;
	if ((in = open("/dev/null", O_RDONLY)) == -1 ||
	    (out = open(g->out, O_WRONLY | O_CREAT | O_TRUNC, 0644)) == -1 ||
	    (err = open(g->err, O_WRONLY | O_CREAT | O_TRUNC, 0644)) == -1 ||
	    dup2(in, 0) == -1 || dup2(out, 1) == -1 || dup2(err, 2) == -1) {
		pm_boot_say("redirecting postmark: %s", strerror(errno));
		_exit(126);
	}
	if (chdir(g->work) == -1) {
		dprintf(2, "pm_init: chdir %s: %s\n", g->work, strerror(errno));
		_exit(126);
	}
	execve(g->postmark, argv, env);
	dprintf(2, "pm_init: exec %s: %s\n", g->postmark, strerror(errno));
	_exit(127);
}

/* Run postmark to its end; its wait status in *STATUS. */
static int
run_postmark(const struct pm_guest *g, char **env, int *status,
    char **cause)
{
	pid_t	 pid;

	pm_boot_say("running %s %s in %s", g->postmark, g->input, g->work);
	if ((pid = fork()) == -1) {
		*cause = pm_boot_cause("fork: %s", strerror(errno));
		return (-1);
	}
	if (pid == 0)
		child(g, env);
	while (waitpid(pid, status, 0) == -1)
		if (errno != EINTR) {
			*cause = pm_boot_cause("waitpid: %s", strerror(errno));
			return (-1);
		}
	return (0);
}

/*
 * Send what postmark left: its stderr (when not empty), its CSV record,
 * and an error frame when it did not exit 0 or wrote no record.
 */
static void
report(int port, const struct pm_guest *g, int status)
{
	char	*rec, *err, *cause = NULL;
	size_t	 nrec = 0, nerr = 0;

	if ((err = pm_boot_read(g->err, &nerr, PM_OUTPUT_MAX, &cause)) ==
	    NULL)
		fail(port, cause);
	if (nerr > 0)
		send(port, "stderr", err, nerr);
	if ((rec = pm_boot_read(g->record, &nrec, PM_OUTPUT_MAX, &cause)) ==
	    NULL && (WIFEXITED(status) && WEXITSTATUS(status) == 0))
		fail(port, cause);
	free(cause);
	if (nrec > 0)
		send(port, "csv", rec, nrec);
	if (WIFSIGNALED(status))
		cause = pm_boot_cause("postmark was killed by signal %d; its "
		    "stderr: %s", WTERMSIG(status), err);
	else if (WEXITSTATUS(status) != 0)
		cause = pm_boot_cause("postmark exited with status %d; its "
		    "stderr: %s", WEXITSTATUS(status), err);
	else if (nrec == 0)
		cause = pm_boot_cause("postmark exited 0 but wrote no record "
		    "to %s", g->record);
	else
		cause = NULL;
	free(rec);
	free(err);
	if (cause != NULL)
		fail(port, cause);
	pm_boot_say("record sent: %zu bytes", nrec);
}

int
main(void)
{
	struct pm_guest	 g;
	char		*cause = NULL, **env;
	int		 port = 2, status;

	if (getpid() != 1) {
		fprintf(stderr, "pm_init: not process 1: refusing to run (it "
		    "mounts, loads modules and powers the machine off)\n");
		return (2);
	}
	if (pm_boot_filesystems(&cause) == -1 || settings(&g, &cause) == -1)
		fail(port, cause);
	if ((port = pm_frame_port(g.port)) == -1) {
		port = 2;
		fail(port, pm_boot_cause("open the record port %s: %s", g.port,
		    strerror(errno)));
	}
	if (name_host(&g, &cause) == -1 ||
	    pm_boot_modules(g.modules, &cause) == -1 ||
	    pm_boot_disk(&g, &cause) == -1 ||
	    (env = environment(&g, &cause)) == NULL ||
	    run_postmark(&g, env, &status, &cause) == -1)
		fail(port, cause);
	report(port, &g, status);
	if (umount(g.mountpoint) == -1)
		fail(port, pm_boot_cause("umount %s: %s", g.mountpoint,
		    strerror(errno)));
	power_off();
}
