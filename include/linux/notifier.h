/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Notifier blocks, as Linux's: a function called with an event and its data.
 * coyote has one chain (the device tree's reconfig chain, of/dynamic.c), so
 * only the block and the return values are here.
 */
#ifndef _LINUX_NOTIFIER_H
#define _LINUX_NOTIFIER_H

struct notifier_block;
typedef int (*notifier_fn_t)(struct notifier_block *nb, unsigned long action, void *data);

struct notifier_block {
	notifier_fn_t notifier_call;
	struct notifier_block *next;
	int priority;
};

#define NOTIFY_DONE 0x0000   /* not interested */
#define NOTIFY_OK   0x0001   /* handled */

#endif
