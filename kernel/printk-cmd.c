// SPDX-License-Identifier: BSD-2-Clause
/*
 * `dmesg`: the kernel log, all of it or some levels.  A file of its own so
 * that printk, which the shell prints with, does not include the shell.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <coyote/shell.h>

static const char *const level_names[8] = {
	"emerg", "alert", "crit", "err", "warn", "notice", "info", "debug",
};

/* "err,warn" or "3,4" into a mask of levels; 0 when a name is unknown. */
static unsigned int parse_levels(const char *list)
{
	unsigned int mask = 0;

	while (*list) {
		size_t n = 0;
		int lvl = -1;

		while (list[n] && list[n] != ',')
			n++;
		for (int i = 0; i < 8; i++)
			if (strlen(level_names[i]) == n && !strncmp(list, level_names[i], n))
				lvl = i;
		if (n == 1 && *list >= '0' && *list <= '7')
			lvl = *list - '0';
		if (lvl < 0)
			return 0;
		mask |= 1u << lvl;
		list += n;
		if (*list)
			list++;
	}
	return mask;
}

/* Tab after dmesg: -l, then a level name. */
static void complete_dmesg(struct shell_compl *c, int argi)
{
	char opt[4];

	if (argi == 1) {
		shell_compl_add(c, "-l", false, 0);
		return;
	}
	shell_compl_arg(c, 1, opt, sizeof(opt));
	if (argi == 2 && !strcmp(opt, "-l"))
		for (int i = 0; i < 8; i++)
			shell_compl_add(c, level_names[i], false, 0);
}

/* dmesg: the whole ring (whatever loglevel= let through); -l picks levels. */
static int cmd_dmesg(int argc, char **argv)
{
	unsigned int levels;

	if (argc == 1) {
		log_buf_print();
		return intr_pending() ? -EINTR : 0;
	}
	if (argc != 3 || strcmp(argv[1], "-l"))
		return -EINVAL;
	levels = parse_levels(argv[2]);
	if (!levels) {
		printf("dmesg: unknown level in '%s' (emerg alert crit err warn notice info debug, or 0-7)\n",
		       argv[2]);
		return -EINVAL;
	}
	log_buf_print_levels(levels);
	return intr_pending() ? -EINTR : 0;
}
SHELL_COMMAND(dmesg, cmd_dmesg, "dmesg [-l LEVEL[,LEVEL...]]",
	      "print the kernel log (ring buffer), or only the lines of some levels",
	      .topic = TOPIC_SYSTEM, .complete = complete_dmesg,
	      .example = "dmesg -l err,warn");
