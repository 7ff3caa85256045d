/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef _LINUX_DELAY_H
#define _LINUX_DELAY_H

/*
 * msleep() - wait at least @ms milliseconds, asleep (wfi) between ticks.
 * Without a running tick it warns and returns at once rather than hang.
 */
void msleep(unsigned int ms);

#endif
