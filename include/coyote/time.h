/* SPDX-License-Identifier: BSD-2-Clause */
/* The tick (kernel/time.c): what a timer driver calls. */
#ifndef _COYOTE_TIME_H
#define _COYOTE_TIME_H

#include <linux/types.h>

struct clocksource;

/**
 * tick_register() - @name (a device) will call tick_handle_periodic() @hz
 * times a second from its interrupt.  Return: 0; -EBUSY when another
 * timer already drives the tick; -EINVAL when @hz is not HZ.
 */
int tick_register(const char *name, unsigned int hz);
/* The tick's timer goes away: jiffies stop, msleep() stops waiting. */
void tick_unregister(const char *name);
/* From the timer's interrupt handler, on any CPU: one tick has passed
 * (counted in tick_cpu_count; on CPU 0 also in jiffies). */
void tick_handle_periodic(void);
/*
 * The tick's timer tells where its coming tick falls, in counts of @cs, a
 * clocksource on the same clock: Linux's clock_event_device keeps this as
 * next_event.  @next_event runs with IRQs masked; a count-down timer
 * returns @cs's count plus the counts left.  tick_unregister() forgets it.
 */
void tick_set_next_event(struct clocksource *cs, u32 (*next_event)(void *data), void *data);
/**
 * tick_next_event() - the clocksource count of the coming tick, in @count,
 * give or take @slack counts (how far the clocksource moved while it was
 * read).  Return: 0; -ENODEV when there is no tick, the tick's timer does
 * not tell, or the clocksource registered is not the one it counts by.
 */
int tick_next_event(u32 *count, u32 *slack);
extern unsigned long tick_cpu_count[];
/* The device driving the tick, or NULL (also when it never ticked). */
const char *tick_source(void);
/* The device that registered the tick, ticking or not (NULL: none). */
const char *tick_owner(void);
/*
 * Boot step, after IRQs are enabled: a tick that has not ticked within a
 * few periods is reported (check its interrupts property), and from then
 * on counts as none; sleeps and uptime count the clocksource instead.
 */
void tick_check(void);
/* Milliseconds since the tick started (by the clocksource if it died). */
u64 uptime_ms(void);

/*
 * Nanoseconds counted by the clocksource (below), as fine as it counts
 * (1 us on the SP804 at 1 MHz); never back, never a jump, IRQs masked or
 * not.  Before a clocksource registers it stands still (at 0 at boot).
 * Any context.
 */
u64 ktime_get_ns(void);

/*
 * A free-running counter that does not depend on the tick (Linux calls it
 * a clocksource): @read returns a count that rises @rate times a second and
 * wraps at 2^32.  The SP804 runs its second timer free for this;
 * ktime_get_ns() counts it, and the time self-test measures the tick
 * against it.
 */
struct clocksource {
	const char *name;
	u32 (*read)(struct clocksource *cs);
	unsigned long rate;
	void *data;
};

/* Return: 0; -EBUSY when another clocksource is registered; -EINVAL when
 * @cs->rate is 0.  ktime_get_ns() goes on from where it stood. */
int clocksource_register(struct clocksource *cs);
void clocksource_unregister(struct clocksource *cs);
/* The registered clocksource, or NULL. */
struct clocksource *clocksource_get(void);

/**
 * clocksource_rate_lowest() - the rate of a counter measured against the
 * clocksource over @n windows, each in @rates (Hz; 0: a window that
 * failed): the lowest that did not fail.  Not the median or the first:
 * on a busy host QEMU's clocksource falls behind in some windows and never
 * runs ahead, so a wrong window reads fast and one quiet window is enough.
 * Return: the rate, or 0 when every window failed.
 */
unsigned long clocksource_rate_lowest(const unsigned long *rates, unsigned int n);

/*
 * The soft-lockup watchdog (kernel/watchdog.c).  softlockup_tick() runs on
 * every tick; the CPU counts as stuck when it has not gone idle (the shell
 * waiting for a key, msleep(), ping waiting for a reply) for
 * watchdog_thresh seconds (bootargs "watchdog_thresh=N", default 10, 0
 * off; "nosoftlockup" off too).  The report comes once per stall.
 */
void softlockup_tick(void);
void softlockup_init(void);

#endif
