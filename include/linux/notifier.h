/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Notifier blocks and chains, as Linux's: a function called with an event
 * and its data.  A chain calls its blocks highest priority first (equal
 * priorities in the order they registered), so a subsystem that must act
 * before another says so with its priority, not by where it is called.
 * coyote has one CPU and no sleeping locks: its chains are Linux's "raw"
 * kind, run by one caller at a time (kernel/notifier.c).
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

struct raw_notifier_head {
	struct notifier_block *head;
};

#define RAW_NOTIFIER_HEAD(name) struct raw_notifier_head name = { NULL }

#define NOTIFY_DONE		0x0000	/* not interested */
#define NOTIFY_OK		0x0001	/* handled */
#define NOTIFY_STOP_MASK	0x8000	/* the chain stops after this block */
#define NOTIFY_BAD		(NOTIFY_STOP_MASK | 0x0002)	/* refused: stop */
#define NOTIFY_STOP		(NOTIFY_OK | NOTIFY_STOP_MASK)	/* handled: stop */

/*
 * A block that refuses with a reason of its own returns
 * notifier_from_errno(-E...); the caller gets that errno back with
 * notifier_to_errno().  NOTIFY_BAD, with no errno, reads as -EPERM (as
 * in Linux).
 */
static inline int notifier_from_errno(int err)
{
	return err ? NOTIFY_STOP_MASK | (NOTIFY_OK - err) : NOTIFY_OK;
}

static inline int notifier_to_errno(int ret)
{
	ret &= ~NOTIFY_STOP_MASK;
	return ret > NOTIFY_OK ? NOTIFY_OK - ret : 0;
}

/* Add @nb by its priority.  Return: 0; -EEXIST when it is already on @nh. */
int raw_notifier_chain_register(struct raw_notifier_head *nh, struct notifier_block *nb);
/* Take @nb off @nh.  Return: 0; -ENOENT when it was not on it. */
int raw_notifier_chain_unregister(struct raw_notifier_head *nh, struct notifier_block *nb);
/*
 * raw_notifier_call_chain() - call each block of @nh with @action and @data
 * until one returns a value with NOTIFY_STOP_MASK.
 * Return: the last block's value, NOTIFY_DONE for an empty chain.
 */
int raw_notifier_call_chain(struct raw_notifier_head *nh, unsigned long action, void *data);

#endif
