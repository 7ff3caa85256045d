// SPDX-License-Identifier: BSD-2-Clause
/*
 * Soft-lockup watchdog, as Linux's kernel/watchdog.c reports it: the tick
 * notices the CPU has not been idle for watchdog_thresh seconds and prints
 * where it is (pc, symbol, module, registers, backtrace), once per stall.
 * Going idle (cpu_do_idle()) touches the watchdog and ends a stall.
 *
 * Linux waits twice its watchdog_thresh for a soft lockup; here the
 * threshold is the timeout itself, so "watchdog_thresh=2" means 2 seconds.
 */
#define pr_fmt(fmt) "watchdog: " fmt

#include <linux/irq.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <coyote/kallsyms.h>
#include <coyote/setup.h>
#include <coyote/time.h>
#include <asm/irq.h>
#include <asm/ptrace.h>

#define WATCHDOG_THRESH_DEFAULT	10
#define WATCHDOG_THRESH_MAX	3600

static unsigned int thresh = WATCHDOG_THRESH_DEFAULT;
static unsigned long touched;
static bool reported;

void touch_softlockup_watchdog(void)
{
	touched = jiffies;
	reported = false;
}

void softlockup_tick(void)
{
	struct pt_regs *regs = get_irq_regs();
	char sym[KSYM_SYMBOL_LEN];
	unsigned long stuck = jiffies - touched;

	if (!thresh || reported || stuck < (unsigned long)thresh * HZ)
		return;
	reported = true;
	pr_emerg("BUG: soft lockup - CPU stuck for %lus!\n", stuck / HZ);
	if (!regs) {
		pr_emerg("(no interrupted context)\n");
		return;
	}
	sprint_symbol(sym, regs->ARM_pc);
	pr_emerg("stuck in %s\n", sym);
	show_regs(regs);
	show_backtrace(regs->ARM_fp);
	/* The CPU goes on spinning: the console's Ctrl-C cannot reach it. */
	panic_say_how_to_leave();
}

void softlockup_init(void)
{
	char val[12];
	unsigned int n;
	int len = cmdline_find_option("watchdog_thresh", val, sizeof(val));

	if (cmdline_find_option("nosoftlockup", val, sizeof(val)) == 0) {
		thresh = 0;
	} else if (len > 0) {
		if (kstrtouint(val, 10, &n) || n > WATCHDOG_THRESH_MAX)
			pr_err("watchdog_thresh=%s is not 0..%u; keeping %u\n", val,
			       WATCHDOG_THRESH_MAX, thresh);
		else
			thresh = n;
	}
	touch_softlockup_watchdog();
	if (thresh)
		pr_info("soft-lockup detector: %u s without going idle\n", thresh);
	else
		pr_info("soft-lockup detector off\n");
}
