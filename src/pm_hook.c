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
 * The hooks of "set hook": a shell command run with /bin/sh -c before
 * or after a run or a timed phase, in a process group of its own (the
 * hook's shell is its leader), so that postmark can reach everything the
 * hook started and nothing else.
 *
 * A stopping signal that reaches postmark while a hook runs (Ctrl-C,
 * which the terminal now sends to postmark's group alone, or a SIGTERM
 * sent to postmark's process id, as compare.sh does) is forwarded to the
 * hook's group by the signal handler; if the hook's shell has not ended
 * PM_HOOK_GRACE seconds later, SIGALRM kills the group.  Job control is
 * forwarded the same way: SIGTSTP (Ctrl-Z) stops the hook's group, then
 * postmark, and the SIGCONT that continues postmark continues the hook.
 * The hook is a background job of the terminal: it neither stops when
 * it writes there nor reads it (standard input is /dev/null).
 *
 * What a hook leaves running when its shell ends (a tracer that a later
 * hook stops) lives on until the run command ends, which sends it
 * SIGTERM and, after the grace period, SIGKILL.  Where the system allows
 * it, postmark is the subreaper of the hooks' descendants meanwhile
 * (PR_SET_CHILD_SUBREAPER): one whose parent ended becomes postmark's
 * child, so that one that left the hook's process group (setsid, a
 * daemon) is found among postmark's children (the processes that were
 * not its children when the command began) and ended too, and each of
 * its own children in turn as it is orphaned.  Hooks run on MPI rank 0
 * alone.
 */

#include "config.h"

#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#ifdef HAVE_SYS_PRCTL_H
#include <sys/prctl.h>
#endif

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pm_hook.h"
#include "pm_mpi.h"

#define PM_SHELL	"/bin/sh"
#define PM_HOOK_NVARS	6	/* PM_WHEN ... PM_LOCATIONS */
#define PM_SWEEP_NS	10000000L	/* ns between looks at leftovers */

extern char	**environ;

/* The dispositions changed while a hook runs, to put back afterwards. */
struct pm_hooksave {
	struct sigaction alrm;
	struct sigaction tstp;
	struct sigaction chld;
	int		 tstp_set;	/* SIGTSTP was caught */
	int		 chld_set;	/* SIGCHLD was made reportable */
};

static char	**pm_hook_env(const struct pm_hookrun *, int, int);
static char	*pm_hook_locations(const struct pm_config *);
static int	 pm_hook_ours(const char *);
static void	 pm_hook_env_free(char **);
static void	 pm_hook_child(const struct pm_hookrun *, char *,
		    char **, const sigset_t *);
static void	 pm_hook_onalarm(int);
static void	 pm_hook_ontstp(int);
static void	 pm_hook_catch(struct pm_hooksave *);
static void	 pm_hook_release(const struct pm_hooksave *);
static void	 pm_hook_blocked(sigset_t *);
static pid_t	 pm_hook_wait(pid_t, int *);
static int	 pm_hook_status(const char *, int, int, int,
		    struct pm_error *);
static void	 pm_hook_keep(pid_t);
static int	 pm_hook_signal_left(int);
static void	 pm_hook_reap(void);
static int	 pm_hook_add(pid_t **, size_t *, pid_t);
static int	 pm_hook_in(const pid_t *, size_t, pid_t);
static void	 pm_hook_children(pid_t **, size_t *);
static int	 pm_hook_strays(int);

static const char *const pm_hook_vars[PM_HOOK_NVARS] = {
	"PM_WHEN", "PM_PHASE", "PM_ITERATION", "PM_WARMUP", "PM_LABEL",
	"PM_LOCATIONS"
};

/* The hook running: its process group (0: none), for the handlers. */
static volatile sig_atomic_t pm_hook_pg;
static volatile sig_atomic_t pm_hook_signo;	/* first signal forwarded */
static volatile sig_atomic_t pm_hook_killed;	/* killed after the grace */

/* The groups of the run command's hooks that outlived their shell. */
static pid_t	*pm_hook_left;
static size_t	 pm_hook_nleft;
static int	 pm_hook_reaper;	/* we made ourselves their subreaper */

/*
 * Our children when the run command began (not the hooks'), and the
 * hooks' descendants that became our children and were sent SIGTERM.
 */
static pid_t	*pm_hook_kids;
static size_t	 pm_hook_nkids;
static pid_t	*pm_hook_sent;
static size_t	 pm_hook_nsent;

/*
 * From the handler of a stopping signal: pass signo on to the hook
 * running, if any, with a SIGCONT so that a stopped one sees it, and
 * start the grace period at the first.  Async-signal-safe.
 */
void
pm_hook_forward(int signo)
{
	pid_t	 pg = pm_hook_pg;
	int	 e = errno;

	if (pg > 0) {
		kill(-pg, signo);
		kill(-pg, SIGCONT);
		if (pm_hook_signo == 0) {
			pm_hook_signo = signo;
			alarm(PM_HOOK_GRACE);
		}
	}
	errno = e;
}

/* SIGALRM: the grace period is over; kill the hook's group. */
static void
pm_hook_onalarm(int signo)
{
	pid_t	 pg = pm_hook_pg;
	int	 e = errno;

	(void)signo;
	if (pg > 0 && kill(-pg, SIGKILL) == 0)
		pm_hook_killed = 1;
	errno = e;
}

/*
 * SIGTSTP (Ctrl-Z) while a hook runs: stop the hook's group, then
 * ourselves, as the terminal would have stopped both; once continued,
 * continue the hook.  Async-signal-safe.
 */
static void
pm_hook_ontstp(int signo)
{
	struct sigaction	 dfl, old;
	sigset_t		 set;
	pid_t			 pg = pm_hook_pg;
	int			 e = errno;

	if (pg > 0)
		kill(-pg, SIGTSTP);
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(signo, &dfl, &old);
	sigemptyset(&set);
	sigaddset(&set, signo);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(signo);			/* stopped here until SIGCONT */
	sigaction(signo, &old, NULL);
	if (pg > 0)
		kill(-pg, SIGCONT);
	errno = e;
}

/*
 * While a hook runs: SIGALRM ends the grace period, SIGTSTP is passed on
 * (unless ignored, as in a shell without job control), and SIGCHLD is
 * made reportable if our parent left it ignored (the kernel would reap
 * the hook itself and waitid fail).  The old dispositions go to save.
 */
static void
pm_hook_catch(struct pm_hooksave *save)
{
	struct sigaction	 sa;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sa.sa_handler = pm_hook_onalarm;
	sigaction(SIGALRM, &sa, &save->alrm);
	sigaction(SIGTSTP, NULL, &save->tstp);
	save->tstp_set = save->tstp.sa_handler != SIG_IGN;
	if (save->tstp_set) {
		sa.sa_handler = pm_hook_ontstp;
		sigaction(SIGTSTP, &sa, NULL);
	}
	sigaction(SIGCHLD, NULL, &save->chld);
	save->chld_set = save->chld.sa_handler == SIG_IGN ||
	    (save->chld.sa_flags & SA_NOCLDWAIT);
	if (save->chld_set) {
		sa.sa_handler = SIG_DFL;
		sa.sa_flags = 0;
		sigaction(SIGCHLD, &sa, NULL);
	}
}

/* Put back what pm_hook_catch changed. */
static void
pm_hook_release(const struct pm_hooksave *save)
{
	sigaction(SIGALRM, &save->alrm, NULL);
	if (save->tstp_set)
		sigaction(SIGTSTP, &save->tstp, NULL);
	if (save->chld_set)
		sigaction(SIGCHLD, &save->chld, NULL);
}

/* The signals held back while the hook's state changes. */
static void
pm_hook_blocked(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGHUP);
	sigaddset(set, SIGQUIT);
	sigaddset(set, SIGTSTP);
	sigaddset(set, SIGALRM);
}

/*
 * The environment of a hook: ours, with PM_WHEN, PM_PHASE,
 * PM_ITERATION, PM_WARMUP, PM_LABEL and PM_LOCATIONS (the locations
 * joined by ':', or "." for the current directory) in place of any of
 * that name.  Built before fork, so that the child only calls execve.
 * Returns an allocated array of allocated strings, NULL-terminated.
 */
static char **
pm_hook_env(const struct pm_hookrun *h, int when, int hp)
{
	const struct pm_config	*cfg = h->cfg;
	char			 it[16], *locs, **env;
	const char		*val[PM_HOOK_NVARS];
	size_t			 i, k, n;

	if ((locs = pm_hook_locations(cfg)) == NULL)
		return (NULL);
	snprintf(it, sizeof it, "%u", h->iteration);
	val[0] = when == PM_HOOK_BEFORE ? "before" : "after";
	val[1] = pm_hook_phases[hp];
	val[2] = it;
	val[3] = h->warmup ? "1" : "0";
	val[4] = cfg->label != NULL ? cfg->label : "";
	val[5] = locs;
	for (n = 0; environ != NULL && environ[n] != NULL; n++)
		continue;
	if ((env = calloc(n + PM_HOOK_NVARS + 1, sizeof *env)) == NULL) {
		free(locs);
		return (NULL);
	}
	for (i = k = 0; i < n; i++) {
		if (pm_hook_ours(environ[i]))
			continue;
		if ((env[k++] = strdup(environ[i])) == NULL)
			goto fail;
	}
	for (i = 0; i < PM_HOOK_NVARS; i++) {
		if (asprintf(&env[k++], "%s=%s", pm_hook_vars[i], val[i]) == -1) {
			env[k - 1] = NULL;
			goto fail;
		}
	}
	free(locs);
	return (env);
fail:
	free(locs);
	pm_hook_env_free(env);
	return (NULL);
}

/*
 * The locations joined by ':' (PM_LOCATIONS), or "." for the current
 * directory.  Returns an allocated string, or NULL when memory is short:
 * a hook can run while the run holds files.
 */
static char *
pm_hook_locations(const struct pm_config *cfg)
{
	char	*s, *p;
	size_t	 i, len = 2;

	for (i = 0; i < cfg->nlocations; i++)
		len += strlen(cfg->locations[i].name) + 1;
	if ((s = malloc(len)) == NULL)
		return (NULL);
	if (cfg->nlocations == 0) {
		strlcpy(s, ".", len);
		return (s);
	}
	for (p = s, i = 0; i < cfg->nlocations; i++) {
		if (i > 0)
			*p++ = ':';
		p += strlcpy(p, cfg->locations[i].name, len - (size_t)(p - s));
	}
	return (s);
}

/* Whether an environment entry is one of the variables a hook is given. */
static int
pm_hook_ours(const char *entry)
{
	size_t	 i, len;

	for (i = 0; i < PM_HOOK_NVARS; i++) {
		len = strlen(pm_hook_vars[i]);
		if (strncmp(entry, pm_hook_vars[i], len) == 0 &&
		    entry[len] == '=')
			return (1);
	}
	return (0);
}

/* Free an environment of pm_hook_env (NULL-terminated); NULL is a no-op. */
static void
pm_hook_env_free(char **env)
{
	size_t	 i;

	if (env == NULL)
		return;
	for (i = 0; env[i] != NULL; i++)
		free(env[i]);
	free(env);
}

/*
 * In the child: a process group of its own, our handlers back to the
 * defaults before the signals held back since the fork arrive (what our
 * parent ignores stays ignored), the terminal's job-control signals
 * ignored (a background job), standard input from /dev/null, standard
 * output to h->out, the mask of before the fork; then the shell.  Does
 * not return.
 */
static void
pm_hook_child(const struct pm_hookrun *h, char *cmd, char **env,
    const sigset_t *mask)
{
	static const int	 caught[] = {
		SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGALRM
	};
	struct sigaction	 sa;
	char			*argv[] = { "sh", "-c", cmd, NULL };
	size_t			 i;
	int			 fd;

	setpgid(0, 0);
	for (i = 0; i < sizeof caught / sizeof caught[0]; i++) {
		if (sigaction(caught[i], NULL, &sa) == 0 &&
		    sa.sa_handler != SIG_IGN)
			signal(caught[i], SIG_DFL);
	}
	signal(SIGPIPE, SIG_DFL);
	signal(SIGXFSZ, SIG_DFL);
	signal(SIGTTIN, SIG_IGN);
	signal(SIGTTOU, SIG_IGN);
	if ((fd = open("/dev/null", O_RDONLY)) != -1)
		dup2(fd, STDIN_FILENO);
	if (h->out != stdout)
		dup2(fileno(h->out), STDOUT_FILENO);
	sigprocmask(SIG_SETMASK, mask, NULL);
	execve(PM_SHELL, argv, env);
	_exit(127);
}

/*
 * Wait for the hook pid to end, then reap it; what is left of its group
 * after a forwarded signal is killed (the zombie leader keeps the group
 * id from being reused meanwhile), what is left after a normal end is
 * kept for pm_hooks_end.  Returns the pid, or -1 with errno set, and
 * its status in *st.
 */
static pid_t
pm_hook_wait(pid_t pid, int *st)
{
	siginfo_t	 si;
	sigset_t	 set, old;
	pid_t		 r;
	int		 e;

	while (waitid(P_PID, pid, &si, WEXITED | WNOWAIT) == -1 &&
	    errno == EINTR)
		continue;
	pm_hook_blocked(&set);
	sigprocmask(SIG_BLOCK, &set, &old);
	alarm(0);
	pm_hook_pg = 0;
	if (pm_hook_signo != 0)
		kill(-pid, SIGKILL);
	sigprocmask(SIG_SETMASK, &old, NULL);
	while ((r = waitpid(pid, st, 0)) == -1 && errno == EINTR)
		continue;
	e = errno;
	if (r == pid && kill(-pid, 0) == 0)
		pm_hook_keep(pid);
	errno = e;
	return (r);
}

/*
 * How the hook of what ("before run") ended, with status st: 1 when it
 * exited 0; -1 with *err untouched when a stopping signal reached us
 * meanwhile (the run is interrupted, not failed; said on stderr when the
 * hook had to be killed); else -1 with *err naming the hook and its
 * status.
 */
static int
pm_hook_status(const char *cmd, int when, int hp, int st,
    struct pm_error *err)
{
	char	 what[64];

	snprintf(what, sizeof what, "%s %s", when == PM_HOOK_BEFORE ?
	    "before" : "after", pm_hook_phases[hp]);
	if (pm_hook_killed) {
		fflush(stdout);
		fprintf(stderr, "postmark: hook %s: '%s' still ran %d s after "
		    "%s: killed\n", what, cmd, PM_HOOK_GRACE,
		    pm_signal_name(pm_hook_signo));
	}
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return (1);
	if (pm_workload_signal() != 0)
		return (-1);
	pm_error_set(err, "hook", what, 0);
	/* No exit when memory is short: the run may hold files. */
	if (WIFEXITED(st) ? asprintf(&err->text, "'%s' exited with status "
	    "%d", cmd, WEXITSTATUS(st)) == -1 : asprintf(&err->text, "'%s' "
	    "was killed by signal %d", cmd, WTERMSIG(st)) == -1)
		err->text = NULL;
	return (-1);
}

/*
 * Run the hook set for when and hp, if any: outside any timed interval,
 * standard output where h->out goes.  Returns 1 when it ran and exited
 * 0, 0 when there is none, -1 with *err set when it failed (its status
 * in the message), or -1 with *err untouched when a stopping signal
 * reached us while it ran: passed on to the hook, it ended it, and the
 * run is interrupted, not failed.
 */
int
pm_hook_run(const struct pm_hookrun *h, int when, int hp,
    struct pm_error *err)
{
	char			*cmd = h->cfg->hook[when][hp];
	const char		*op = "fork";
	struct pm_hooksave	 save;
	sigset_t		 set, old;
	char			**env;
	pid_t			 pid;
	int			 st = 0, e;

	if (cmd == NULL || pm_mpi_rank() != 0)	/* MPI: rank 0's alone */
		return (0);
	if ((env = pm_hook_env(h, when, hp)) == NULL) {
		pm_error_set(err, "allocate", "hook environment", ENOMEM);
		return (-1);
	}
	fflush(stdout);
	fflush(stderr);
	pm_hook_catch(&save);
	pm_hook_blocked(&set);
	sigprocmask(SIG_BLOCK, &set, &old);
	if ((pid = fork()) == 0)
		pm_hook_child(h, cmd, env, &old);
	e = errno;
	if (pid > 0) {
		setpgid(pid, pid);	/* as the child: whoever is first */
		pm_hook_pg = pid;
		pm_hook_signo = 0;
		pm_hook_killed = 0;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	pm_hook_env_free(env);
	if (pid > 0 && pm_hook_wait(pid, &st) == -1) {
		e = errno;
		op = "wait";
		pid = -1;
	}
	pm_hook_release(&save);
	if (pid == -1) {
		pm_error_set(err, op, "hook", e);
		return (-1);
	}
	return (pm_hook_status(cmd, when, hp, st, err));
}

/* Remember the process group pg, which outlived its hook's shell. */
static void
pm_hook_keep(pid_t pg)
{
	/* Short of memory: ended now, since it could not be waited for. */
	if (pm_hook_add(&pm_hook_left, &pm_hook_nleft, pg) == -1)
		(void)kill(-pg, SIGKILL);
}

/*
 * Send signo (0: none, only look) to every group that outlived its
 * hook's shell.  Returns how many still have a process.
 */
static int
pm_hook_signal_left(int signo)
{
	size_t	 i;
	int	 n = 0;

	for (i = 0; i < pm_hook_nleft; i++) {
		if (kill(-pm_hook_left[i], signo) == 0) {
			n++;
			if (signo != 0 && signo != SIGKILL)
				kill(-pm_hook_left[i], SIGCONT);
		}
	}
	return (n);
}

/* Reap what has ended of those groups, where they became our children. */
static void
pm_hook_reap(void)
{
	siginfo_t	 si;
	size_t		 i;

	for (i = 0; i < pm_hook_nleft; i++) {
		do {
			memset(&si, 0, sizeof si);
		} while (waitid(P_PGID, (id_t)pm_hook_left[i], &si, WEXITED |
		    WNOHANG) == 0 && si.si_pid != 0);
	}
}

/* Add pid to the list *l of *n.  Returns 0, or -1 (out of memory). */
static int
pm_hook_add(pid_t **l, size_t *n, pid_t pid)
{
	pid_t	*p;

	if ((p = reallocarray(*l, *n + 1, sizeof **l)) == NULL)
		return (-1);
	*l = p;
	(*l)[(*n)++] = pid;
	return (0);
}

/* Whether pid is in the list l of n. */
static int
pm_hook_in(const pid_t *l, size_t n, pid_t pid)
{
	size_t	 i;

	for (i = 0; i < n; i++) {
		if (l[i] == pid)
			return (1);
	}
	return (0);
}

/*
 * Our children, those of every thread, added to the list *l of *n:
 * read from /proc/self/task/TID/children; where there is no such file,
 * nothing (the hooks' descendants that left their group are then not
 * found).
 */
static void
pm_hook_children(pid_t **l, size_t *n)
{
	struct dirent	*de;
	DIR		*d;
	FILE		*fp;
	char		 path[300];
	long		 pid;

	if ((d = opendir("/proc/self/task")) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "/proc/self/task/%s/children",
		    de->d_name);
		if ((fp = fopen(path, "re")) == NULL)
			continue;
		while (fscanf(fp, "%ld", &pid) == 1) {
			if (!pm_hook_in(*l, *n, (pid_t)pid) &&
			    pm_hook_add(l, n, (pid_t)pid) == -1)
				break;
		}
		fclose(fp);
	}
	closedir(d);
}

/*
 * The hooks' descendants that became our children (not ours when the
 * command began; none unless we are their subreaper): reap those that
 * ended, send the others signo (SIGTERM once each; SIGKILL each time),
 * and their process group with them when they lead one (a daemon's).
 * Returns how many are still there.
 */
static int
pm_hook_strays(int signo)
{
	pid_t	*kids = NULL;
	size_t	 i, n = 0;
	int	 left = 0, st;

	if (!pm_hook_reaper)
		return (0);
	pm_hook_children(&kids, &n);
	for (i = 0; i < n; i++) {
		if (pm_hook_in(pm_hook_kids, pm_hook_nkids, kids[i]) ||
		    waitpid(kids[i], &st, WNOHANG) == kids[i])
			continue;
		left++;
		if (signo == SIGTERM && (pm_hook_in(pm_hook_sent,
		    pm_hook_nsent, kids[i]) || pm_hook_add(&pm_hook_sent,
		    &pm_hook_nsent, kids[i]) == -1))
			continue;
		if (getpgid(kids[i]) == kids[i])
			(void)kill(-kids[i], signo);
		(void)kill(kids[i], signo);
		if (signo != SIGKILL)
			(void)kill(kids[i], SIGCONT);
	}
	free(kids);
	return (left);
}

/*
 * Before a run command with hooks: become the subreaper of what the
 * hooks leave running (where the system has it), so that it can be
 * reaped when it ends.
 */
void
pm_hooks_begin(const struct pm_config *cfg)
{
	int	 w, p, any = 0;

	for (w = 0; w < 2; w++) {
		for (p = 0; p < PM_NHOOKPHASES; p++)
			any |= cfg->hook[w][p] != NULL;
	}
	if (!any || pm_mpi_rank() != 0)
		return;
#if defined(HAVE_SYS_PRCTL_H) && defined(PR_SET_CHILD_SUBREAPER)
	pm_hook_reaper = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
#endif
	if (pm_hook_reaper)
		pm_hook_children(&pm_hook_kids, &pm_hook_nkids);
}

/*
 * After a run command: end what its hooks left running, their groups
 * and, as their subreaper, their descendants that became our children
 * (pm_hook_strays): SIGTERM, then SIGKILL for what is still there after
 * the grace period, sweep after sweep until none is left (each process
 * killed leaves its children to us).
 */
void
pm_hooks_end(void)
{
	struct timespec	 ts = { 0, PM_SWEEP_NS };
	long		 n, tries = PM_HOOK_GRACE * (1000000000L / PM_SWEEP_NS);
	int		 left;

	pm_hook_reap();
	left = pm_hook_signal_left(SIGTERM) + pm_hook_strays(SIGTERM);
	for (n = 0; left > 0 && n < tries; n++) {
		nanosleep(&ts, NULL);
		pm_hook_reap();
		left = pm_hook_signal_left(0) + pm_hook_strays(SIGTERM);
	}
	for (n = 0; left > 0 && n < tries; n++) {
		if (n > 0) {
			nanosleep(&ts, NULL);
			pm_hook_reap();
		}
		left = pm_hook_signal_left(SIGKILL) + pm_hook_strays(SIGKILL);
	}
	pm_hook_reap();
	free(pm_hook_left);
	free(pm_hook_kids);
	free(pm_hook_sent);
	pm_hook_left = pm_hook_kids = pm_hook_sent = NULL;
	pm_hook_nleft = pm_hook_nkids = pm_hook_nsent = 0;
#if defined(HAVE_SYS_PRCTL_H) && defined(PR_SET_CHILD_SUBREAPER)
	if (pm_hook_reaper)
		prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
#endif
	pm_hook_reaper = 0;
}
