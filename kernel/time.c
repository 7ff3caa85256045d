// SPDX-License-Identifier: BSD-2-Clause
/*
 * Time: jiffies counted by whichever timer driver registered the tick, and
 * msleep(), which sleeps the CPU (ARM926 "wait for interrupt") between
 * ticks instead of spinning.  Any interrupt wakes it; it checks jiffies and
 * sleeps again.  If the tick interrupt lands between the check and the wfi,
 * the wfi lasts one more tick: msleep may oversleep by one tick, never
 * undersleep.
 */
#define pr_fmt(fmt) "time: " fmt

#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/jiffies.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/irq.h>
#include <asm/irqflags.h>
#include <coyote/console.h>
#include <coyote/shell.h>
#include <coyote/time.h>

volatile unsigned long jiffies;
static const char *tick_name;
static u32 (*tick_counter)(void *data);
static void *tick_counter_data;

int tick_register(const char *name, unsigned int hz)
{
	if (tick_name)
		return -EBUSY;
	if (hz != HZ)
		return -EINVAL;
	tick_name = name;
	pr_info("tick from %s at %u Hz\n", name, hz);
	return 0;
}

void tick_unregister(const char *name)
{
	if (tick_name && !strcmp(tick_name, name)) {
		pr_info("tick from %s stopped\n", name);
		tick_name = NULL;
		tick_counter = NULL;
	}
}

void tick_handle_periodic(void)
{
	jiffies++;
	softlockup_tick();
}

const char *tick_source(void)
{
	return tick_name;
}

u64 uptime_ms(void)
{
	return (u64)jiffies * (1000 / HZ);
}

void tick_set_counter(u32 (*ns_since_tick)(void *data), void *data)
{
	tick_counter_data = data;
	tick_counter = ns_since_tick;
}

u64 ktime_get_ns(void)
{
	unsigned long j;
	u32 ns;

	/* A tick counted between the two reads would pair the new jiffies
	 * with the old counter: read again.  In an interrupt handler jiffies
	 * cannot move, and a pending tick shows in the counter instead. */
	do {
		j = jiffies;
		ns = tick_counter ? tick_counter(tick_counter_data) : 0;
	} while (j != jiffies);
	return (u64)j * (1000000000u / HZ) + ns;
}
EXPORT_SYMBOL(ktime_get_ns);

static struct clocksource *clocksource;

int clocksource_register(struct clocksource *cs)
{
	if (clocksource)
		return -EBUSY;
	clocksource = cs;
	pr_info("clocksource %s at %lu Hz\n", cs->name, cs->rate);
	return 0;
}

void clocksource_unregister(struct clocksource *cs)
{
	if (clocksource == cs)
		clocksource = NULL;
}

struct clocksource *clocksource_get(void)
{
	return clocksource;
}

void msleep(unsigned int ms)
{
	unsigned long end;

	if (!tick_name || irqs_disabled()) {
		pr_warn("msleep(%u): %s, not sleeping\n", ms,
			tick_name ? "IRQs are masked" : "no tick timer has probed");
		return;
	}
	/* +1: the current tick is already partly over. */
	end = jiffies + msecs_to_jiffies(ms) + 1;
	while (time_before(jiffies, end))
		cpu_do_idle();
}

unsigned long msleep_interruptible(unsigned int ms)
{
	unsigned long end;

	if (!tick_name || irqs_disabled()) {
		msleep(ms);
		return 0;
	}
	end = jiffies + msecs_to_jiffies(ms) + 1;
	while (time_before(jiffies, end)) {
		if (intr_pending())
			return jiffies_to_msecs(end - jiffies);
		cpu_do_idle();
	}
	return 0;
}

/*
 * The shell's wait for a key (overrides kernel/shell.c's weak no-op): sleep
 * until the next interrupt, but only when one is sure to come, the tick.
 * A key that arrives between the shell's check and the wfi waits at most
 * one tick.  Without a tick (or with IRQs masked) keep polling.
 */
void arch_cpu_idle(void)
{
	if (tick_name && !irqs_disabled())
		cpu_do_idle();
}

static int cmd_uptime(int argc, char **argv)
{
	unsigned long j = jiffies;
	u64 ms = uptime_ms();

	printf("up %lu.%02lu s (%lu jiffies at %d Hz, tick from %s)\n",
	       (unsigned long)(ms / 1000), (unsigned long)(ms % 1000) / 10, j, HZ,
	       tick_name ? tick_name : "nothing: no timer probed");
	return 0;
}
SHELL_COMMAND(uptime, cmd_uptime, "uptime", "time since the tick started",
	      .topic = TOPIC_TIME, .example = "uptime");

static int cmd_sleep(int argc, char **argv)
{
	unsigned long secs = 0;
	const char *p;

	if (argc != 2 || !argv[1][0])
		return -EINVAL;
	for (p = argv[1]; *p; p++) {
		if (*p < '0' || *p > '9' || secs > 3600)
			return -EINVAL;
		secs = secs * 10 + (unsigned long)(*p - '0');
	}
	if (secs > 3600)
		return -ERANGE;
	return msleep_interruptible((unsigned int)secs * 1000) ? -EINTR : 0;
}
SHELL_COMMAND(sleep, cmd_sleep, "sleep N", "sleep N seconds (at most 3600; Ctrl-C ends it)",
	      .topic = TOPIC_TIME, .example = "sleep 2");
