// SPDX-License-Identifier: BSD-2-Clause
/*
 * Notifier chains (include/linux/notifier.h): a list of blocks sorted by
 * priority, highest first; a block joins behind those of its own priority,
 * so equals run in registration order.  Portable: the host library has it
 * too, for the module loader's chain.
 */
#include <linux/errno.h>
#include <linux/notifier.h>
#include <linux/types.h>

int raw_notifier_chain_register(struct raw_notifier_head *nh, struct notifier_block *nb)
{
	struct notifier_block **pp;

	for (pp = &nh->head; *pp; pp = &(*pp)->next)
		if (*pp == nb)
			return -EEXIST;
	for (pp = &nh->head; *pp && (*pp)->priority >= nb->priority; pp = &(*pp)->next)
		;
	nb->next = *pp;
	*pp = nb;
	return 0;
}

int raw_notifier_chain_unregister(struct raw_notifier_head *nh, struct notifier_block *nb)
{
	struct notifier_block **pp;

	for (pp = &nh->head; *pp; pp = &(*pp)->next) {
		if (*pp == nb) {
			*pp = nb->next;
			nb->next = NULL;
			return 0;
		}
	}
	return -ENOENT;
}

int raw_notifier_call_chain(struct raw_notifier_head *nh, unsigned long action, void *data)
{
	struct notifier_block *nb, *next;
	int ret = NOTIFY_DONE;

	/* A block may unregister itself from its call: read next first. */
	for (nb = nh->head; nb; nb = next) {
		next = nb->next;
		ret = nb->notifier_call(nb, action, data);
		if (ret & NOTIFY_STOP_MASK)
			break;
	}
	return ret;
}
