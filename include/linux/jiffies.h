/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * jiffies: ticks of the periodic timer since it started (kernel/time.c).
 * Compare with time_after()/time_before(), which survive wrap-around.
 */
#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H

#include <linux/types.h>

#define HZ 100

extern volatile unsigned long jiffies;

#define time_after(a, b)      ((long)((b) - (a)) < 0)
#define time_before(a, b)     time_after(b, a)
#define time_after_eq(a, b)   ((long)((a) - (b)) >= 0)
#define time_before_eq(a, b)  time_after_eq(b, a)

static inline unsigned long msecs_to_jiffies(unsigned int ms)
{
	return ((unsigned long)ms * HZ + 999) / 1000;
}

static inline unsigned int jiffies_to_msecs(unsigned long j)
{
	return (unsigned int)(j * (1000 / HZ));
}

#endif
