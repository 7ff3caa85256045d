// SPDX-License-Identifier: BSD-2-Clause
/*
 * The `clk` shell command: every registered clock with its parent, rate
 * and how many consumers have it enabled, oldest first (parents before
 * the clocks they feed), as Linux's /sys/kernel/debug/clk/clk_summary.
 */
#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <coyote/shell.h>

static int cmd_clk(int argc, char **argv)
{
	struct clk *clk = NULL;
	unsigned int n = 0;

	if (argc > 1) {
		printf("usage: clk\n");
		return -EINVAL;
	}
	printf("%-24s %-24s %12s %7s\n", "clock", "parent", "rate (Hz)", "enabled");
	while ((clk = clk_next(clk))) {
		printf("%-24s %-24s %12lu %7u\n", clk->name,
		       *clk->parent_name ? clk->parent_name : "-", clk->rate, clk->enable_count);
		n++;
	}
	printf("%u clock(s)\n", n);
	return 0;
}
SHELL_COMMAND(clk, cmd_clk, "clk", "the clocks: parent, rate, enable count",
	      .topic = TOPIC_DEVICES, .example = "clk");
