/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef _LINUX_DELAY_H
#define _LINUX_DELAY_H

/*
 * msleep() - wait at least @ms milliseconds, asleep (wfi) between ticks.
 * Without a running tick it warns and returns at once rather than hang.
 */
void msleep(unsigned int ms);

/*
 * msleep_interruptible() - msleep() that a Ctrl-C ends early
 * Return: the milliseconds left (0 when it slept them all).
 */
unsigned long msleep_interruptible(unsigned int ms);

#endif
