/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef _LINUX_DELAY_H
#define _LINUX_DELAY_H

/*
 * msleep() - wait at least @ms milliseconds, asleep (wfi) between ticks.
 * Without a running tick it warns and returns at once rather than hang.
 */
void msleep(unsigned int ms);
/*
 * udelay(), mdelay() - wait without sleeping, by the clocksource: where
 * msleep() cannot sleep (IRQs masked: a probe during boot, a handler).
 * They keep the CPU busy; use them for waits of a device measured in
 * microseconds to a few milliseconds.  Without a clocksource they cannot
 * measure time: they say so once and return at once.
 */
void udelay(unsigned long us);
void mdelay(unsigned long ms);

/*
 * msleep_interruptible() - msleep() that a Ctrl-C ends early
 * Return: the milliseconds left (0 when it slept them all).
 */
unsigned long msleep_interruptible(unsigned int ms);

#endif
