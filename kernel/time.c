// SPDX-License-Identifier: BSD-2-Clause
/*
 * Time: jiffies counted by whichever timer driver registered the tick,
 * ktime_get_ns() counted by the clocksource, and msleep(), which sleeps
 * the CPU (ARM926 "wait for interrupt") between ticks instead of spinning.
 * Any interrupt wakes it; it checks the clock and sleeps again.  If the
 * tick interrupt lands between the check and the wfi, the wfi lasts one
 * more tick: msleep may oversleep by one tick, never undersleep.
 */
#define pr_fmt(fmt) "time: " fmt

#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <asm/barrier.h>
#include <asm/irq.h>
#include <asm/irqflags.h>
#include <coyote/console.h>
#include <coyote/shell.h>
#include <coyote/time.h>

volatile unsigned long jiffies;
EXPORT_SYMBOL(jiffies);
static const char *tick_name;
static bool tick_dead;		/* registered, IRQs on, and it never ticked */
static u32 (*tick_next_fn)(void *data);
static void *tick_next_data;
static struct clocksource *tick_next_cs;	/* what it counts by */

#define TICK_CHECK_PERIODS	5

int tick_register(const char *name, unsigned int hz)
{
	if (tick_name)
		return -EBUSY;
	if (hz != HZ)
		return -EINVAL;
	tick_name = name;
	tick_dead = false;
	pr_info("tick from %s at %u Hz\n", name, hz);
	return 0;
}

void tick_unregister(const char *name)
{
	if (tick_name && !strcmp(tick_name, name)) {
		pr_info("tick from %s stopped\n", name);
		tick_name = NULL;
		tick_dead = false;
		tick_next_fn = NULL;
	}
}

void tick_set_next_event(struct clocksource *cs, u32 (*next_event)(void *data), void *data)
{
	tick_next_cs = cs;
	tick_next_fn = next_event;
	tick_next_data = data;
}

const char *tick_source(void)
{
	return tick_dead ? NULL : tick_name;
}

const char *tick_owner(void)
{
	return tick_name;
}

u64 uptime_ms(void)
{
	if (tick_dead)
		return ktime_get_ns() / 1000000u;
	return (u64)jiffies * (1000 / HZ);
}
EXPORT_SYMBOL(uptime_ms);

/*
 * The monotonic clock counts the clocksource, never the tick.  jiffies
 * stand still while IRQs are masked, which is most of the boot (until
 * irq_start()), and a timer counting within the current tick can only
 * tell about one pending reload: a clock built on them stepped back a
 * tick at every further reload, and stood still whenever QEMU was late
 * running a reload.  The clocksource counts freely whatever the IRQs do.
 * Its counter is 32 bits wide, so a 64-bit total (cs_cycles at cs_last)
 * is carried forward by every tick and every reading: it is never left to
 * wrap unseen while IRQs run (71 minutes at 1 MHz; only a CPU masked that
 * long loses time).  Before
 * a clocksource registers, and once it is gone, the clock stands still:
 * it never goes back and never jumps.
 *
 * Readers take no lock, as Linux's timekeeping readers take none: they
 * copy the total under a sequence count (odd while it changes; a change
 * seen means copy again) and add what the counter moved since.  Every
 * reader of a moment gets the same exact total, whichever copy it used.
 * Under a lock, a CPU spinning on the clock (udelay, a wait for a core to
 * check in) queued every other CPU's reading behind its own: on a busy
 * host, where a queued vCPU may wait a host time slice for its turn, the
 * first secondary's timer calibration took over five seconds and the boot
 * CPU gave up on it.
 */
#define NSEC_PER_SEC 1000000000ull
/* A reading this far past the total's is carried even if it must wait. */
#define CS_CARRY_CYCLES	0x80000000u

/* Writers (the tick, register, unregister, a carry) hold the lock. */
static DEFINE_SPINLOCK(timekeeping_lock);
static volatile unsigned int tk_seq;	/* odd while the fields below change */
static struct clocksource *clocksource;
static u32 cs_last;		/* the counter when cs_cycles was last carried */
static u64 cs_cycles;		/* counted by the clocksource since it registered */
static u64 ktime_base_ns;	/* counted by clocksources before it */
/* Odd while that CPU reads the clocksource: unregister waits it out, so a
 * clocksource's driver unmaps no counter a reader is about to read. */
static DEFINE_PER_CPU(volatile unsigned int, cs_reads);

/* Exactly cycles * 10^9 / rate, rounded down, without overflowing. */
static u64 cycles_to_ns(u64 cycles, unsigned long rate)
{
	return cycles / rate * NSEC_PER_SEC + cycles % rate * NSEC_PER_SEC / rate;
}

static void tk_write_begin(void)
{
	tk_seq++;
	dmb();
}

static void tk_write_end(void)
{
	dmb();
	tk_seq++;
}

/* Lock held: the counter's reading @now carried into the total. */
static void tk_carry_to(u32 now)
{
	tk_write_begin();
	cs_cycles += (u32)(now - cs_last);
	cs_last = now;
	tk_write_end();
}

/* Call with the lock held and IRQs masked: the counts since the last
 * carry added in; the total in ns. */
static u64 timekeeping_advance(void)
{
	if (!clocksource)
		return ktime_base_ns;
	tk_carry_to(clocksource->read(clocksource));
	return ktime_base_ns + cycles_to_ns(cs_cycles, clocksource->rate);
}

/* Ticks each CPU's own timer counted (cpus, the smp self-test). */
DEFINE_PER_CPU(unsigned long, tick_cpu_count);

/* Every CPU's timer calls this; jiffies and the clock are CPU 0's work. */
void tick_handle_periodic(void)
{
	unsigned int cpu = smp_processor_id();

	per_cpu(tick_cpu_count, cpu)++;
	if (cpu)
		return;
	jiffies++;
	spin_lock(&timekeeping_lock);
	timekeeping_advance();
	spin_unlock(&timekeeping_lock);
	softlockup_tick();
}

/* Lock held: @now carried into the total, unless another CPU carried a
 * later reading already (then @now is behind cs_last: "ahead" wraps). */
static void timekeeping_carry(struct clocksource *cs, u32 now)
{
	if (clocksource == cs && now - cs_last < CS_CARRY_CYCLES)
		tk_carry_to(now);
}

/*
 * Call with IRQs masked: the clock by a copy of the total.  The reading
 * is carried into the total when the lock is free, as every reading was
 * when readers took the lock, and never waited for, but when half the
 * counter's range has gone by since the copy.
 */
static u64 timekeeping_read(void)
{
	struct clocksource *cs;
	unsigned int seq;
	u32 last, now;
	u64 cycles, base, ns;

	do {
		while ((seq = tk_seq) & 1)
			;
		dmb();
		cs = clocksource;
		last = cs_last;
		cycles = cs_cycles;
		base = ktime_base_ns;
		dmb();
	} while (seq != tk_seq);
	if (!cs)
		return base;
	now = cs->read(cs);
	if (now - last >= CS_CARRY_CYCLES) {
		spin_lock(&timekeeping_lock);
		ns = timekeeping_advance();
		spin_unlock(&timekeeping_lock);
		return ns;
	}
	if (spin_trylock(&timekeeping_lock)) {
		timekeeping_carry(cs, now);
		spin_unlock(&timekeeping_lock);
	}
	return base + cycles_to_ns(cycles + (u32)(now - last), cs->rate);
}

u64 ktime_get_ns(void)
{
	unsigned int cpu;
	unsigned long flags;
	u64 ns;

	local_irq_save(flags);
	cpu = smp_processor_id();
	per_cpu(cs_reads, cpu)++;
	dmb();
	ns = timekeeping_read();
	dmb();
	per_cpu(cs_reads, cpu)++;
	local_irq_restore(flags);
	return ns;
}
EXPORT_SYMBOL(ktime_get_ns);

int clocksource_register(struct clocksource *cs)
{
	unsigned long flags;
	u32 now;

	if (clocksource)
		return -EBUSY;
	if (!cs->rate)
		return -EINVAL;
	spin_lock_irqsave(&timekeeping_lock, flags);
	now = cs->read(cs);
	tk_write_begin();
	cs_last = now;
	cs_cycles = 0;
	clocksource = cs;
	tk_write_end();
	spin_unlock_irqrestore(&timekeeping_lock, flags);
	pr_info("clocksource %s at %lu Hz\n", cs->name, cs->rate);
	return 0;
}

/* A reader that copied @cs before it went may still read its counter:
 * each CPU seen reading is waited for until that read is over. */
static void clocksource_readers_wait(void)
{
	unsigned int me = smp_processor_id();

	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++) {
		unsigned int seen = per_cpu(cs_reads, cpu);

		if (cpu == me || !(seen & 1))
			continue;
		while (per_cpu(cs_reads, cpu) == seen)
			;
	}
}

void clocksource_unregister(struct clocksource *cs)
{
	unsigned long flags;
	bool gone = false;

	spin_lock_irqsave(&timekeeping_lock, flags);
	if (clocksource == cs) {
		u64 ns = timekeeping_advance();

		tk_write_begin();
		ktime_base_ns = ns;
		clocksource = NULL;
		tk_write_end();
		gone = true;
	}
	spin_unlock_irqrestore(&timekeeping_lock, flags);
	if (gone)
		clocksource_readers_wait();
}

struct clocksource *clocksource_get(void)
{
	return clocksource;
}

unsigned long clocksource_rate_lowest(const unsigned long *rates, unsigned int n)
{
	unsigned long best = 0;

	for (unsigned int i = 0; i < n; i++)
		if (rates[i] && (!best || rates[i] < best))
			best = rates[i];
	return best;
}

#define NEXT_EVENT_TRIES	16

/*
 * Bracketed by two clocksource reads, the narrowest of a few tries: a
 * count-down timer's answer is only as good as the time between its two
 * reads, which a host stalling QEMU can stretch.
 */
int tick_next_event(u32 *count, u32 *slack)
{
	unsigned long flags;
	u32 best = ~0u;

	if (!tick_name || !tick_next_fn || !clocksource || clocksource != tick_next_cs)
		return -ENODEV;
	for (int i = 0; i < NEXT_EVENT_TRIES && best > 1; i++) {
		u32 before, due, width;

		local_irq_save(flags);
		before = clocksource->read(clocksource);
		due = tick_next_fn(tick_next_data);
		width = clocksource->read(clocksource) - before;
		local_irq_restore(flags);
		if (width < best) {
			best = width;
			*count = due;
		}
	}
	*slack = best;
	return 0;
}

void tick_check(void)
{
	unsigned long j0 = jiffies;
	u64 start, periods_ns = TICK_CHECK_PERIODS * NSEC_PER_SEC / HZ;

	if (!tick_name || irqs_disabled())
		return;
	/* By the clocksource if there is one, else a bound on the spinning. */
	start = ktime_get_ns();
	for (unsigned long i = 0; jiffies == j0; i++) {
		if (clocksource ? ktime_get_ns() - start >= periods_ns : i >= (1ul << 24))
			break;
	}
	if (jiffies != j0)
		return;
	tick_dead = true;
	pr_err("tick from %s: no tick in %d periods with IRQs on: check its interrupts property (is that the line its interrupt controller sees?); %s\n",
	       tick_name, TICK_CHECK_PERIODS,
	       clocksource ? "sleep and uptime count the clocksource instead" :
	       "no clocksource either: sleep cannot wait");
}

/* Without a tick, a sleep spins on the clocksource; the ms left at a Ctrl-C. */
static unsigned long spin_sleep(unsigned int ms, bool interruptible)
{
	u64 end = ktime_get_ns() + (u64)ms * 1000000u, now;

	while ((now = ktime_get_ns()) < end) {
		if (interruptible && intr_pending())
			return (unsigned long)DIV_ROUND_UP(end - now, 1000000u);
	}
	return 0;
}

/*
 * What is left of a sleep, in ms (0: it is over).  By the clock when there
 * is one: QEMU can deliver a tick late, the jiffy it ends is then longer
 * than a tick, and counting ticks ("jiffies + n + 1") ends the sleep
 * short.  By jiffies without a clocksource.
 */
static unsigned long sleep_left_ms(u64 end_ns, unsigned long end_j)
{
	u64 now;

	if (!clocksource)
		return time_before(jiffies, end_j) ? jiffies_to_msecs(end_j - jiffies) : 0;
	now = ktime_get_ns();
	return now < end_ns ? (unsigned long)DIV_ROUND_UP(end_ns - now, 1000000u) : 0;
}

void msleep(unsigned int ms)
{
	unsigned long end_j;
	u64 end_ns;

	if (tick_dead && clocksource && !irqs_disabled()) {
		spin_sleep(ms, false);
		return;
	}
	if (!tick_source() || irqs_disabled()) {
		pr_warn("msleep(%u): %s, not sleeping\n", ms,
			tick_name ? "IRQs are masked" : "no tick timer has probed");
		return;
	}
	end_ns = ktime_get_ns() + (u64)ms * 1000000u;
	/* +1: the current tick is already partly over. */
	end_j = jiffies + msecs_to_jiffies(ms) + 1;
	while (sleep_left_ms(end_ns, end_j))
		cpu_do_idle();
}
EXPORT_SYMBOL(msleep);

void udelay(unsigned long us)
{
	static bool said;
	u64 end;

	if (!clocksource) {
		if (!said)
			pr_warn("udelay(%lu): no clocksource to measure it by, not waiting\n", us);
		said = true;
		return;
	}
	end = ktime_get_ns() + (u64)us * 1000u;
	while (ktime_get_ns() < end)
		;
}
EXPORT_SYMBOL(udelay);

void mdelay(unsigned long ms)
{
	while (ms--)
		udelay(1000);
}
EXPORT_SYMBOL(mdelay);

unsigned long msleep_interruptible(unsigned int ms)
{
	unsigned long end_j, left;
	u64 end_ns;

	if (tick_dead && clocksource && !irqs_disabled())
		return spin_sleep(ms, true);
	if (!tick_source() || irqs_disabled()) {
		msleep(ms);
		return 0;
	}
	end_ns = ktime_get_ns() + (u64)ms * 1000000u;
	end_j = jiffies + msecs_to_jiffies(ms) + 1;
	while ((left = sleep_left_ms(end_ns, end_j))) {
		if (intr_pending())
			return left;
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
	if (tick_source() && !irqs_disabled())
		cpu_do_idle();
}

static int cmd_uptime(int argc, char **argv)
{
	unsigned long j = jiffies;
	u64 ms = uptime_ms();

	if (tick_dead) {
		printf("up %lu.%02lu s (by the clocksource: the tick from %s never ticked)\n",
		       (unsigned long)(ms / 1000), (unsigned long)(ms % 1000) / 10, tick_name);
		return 0;
	}
	printf("up %lu.%02lu s (%lu jiffies at %d Hz, tick from %s)\n",
	       (unsigned long)(ms / 1000), (unsigned long)(ms % 1000) / 10, j, HZ,
	       tick_name ? tick_name : "nothing: no timer probed");
	return 0;
}
SHELL_COMMAND(uptime, cmd_uptime, "uptime", "time since the tick started",
	      .topic = TOPIC_TIME, .example = "uptime");

static int cmd_sleep(int argc, char **argv)
{
	unsigned long secs;
	int ret;

	if (argc != 2)
		return -EINVAL;
	ret = kstrtoul(argv[1], 10, &secs);
	if (ret)
		return ret;
	if (secs > 3600)
		return -ERANGE;
	return msleep_interruptible((unsigned int)secs * 1000) ? -EINTR : 0;
}
SHELL_COMMAND(sleep, cmd_sleep, "sleep N", "sleep N seconds (at most 3600; Ctrl-C ends it)",
	      .topic = TOPIC_TIME, .example = "sleep 2");
