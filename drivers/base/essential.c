// SPDX-License-Identifier: BSD-2-Clause
/*
 * Never lose the machine: the devices it cannot run without (the console,
 * the tick), and the check that refuses an unbind or an overlay that would
 * take one away, directly or down its device links.
 */
#define pr_fmt(fmt) "fw_devlink: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "base.h"

/*
 * Devices the machine cannot run without, by role: the console, the tick.
 * A fixed table: registering one must not move the heap that round trips
 * compare.
 */
#define ESSENTIAL_MAX 8

static struct essential {
	struct device *dev;
	const char *role;
	char label[DEVICE_NAME_MAX];
} essentials[ESSENTIAL_MAX];

int device_set_essential(struct device *dev, const char *role, const char *label)
{
	struct essential *e, *free_slot = NULL;

	if (!dev || !role)
		return -EINVAL;
	for (e = essentials; e < essentials + ESSENTIAL_MAX; e++) {
		if (e->dev == dev && !strcmp(e->role, role))
			return 0;
		if (!e->dev && !free_slot)
			free_slot = e;
	}
	if (!free_slot)
		return -ENOSPC;
	free_slot->dev = dev;
	free_slot->role = role;
	snprintf(free_slot->label, sizeof(free_slot->label), "%s", label ? label : dev_name(dev));
	return 0;
}

void device_clear_essential(struct device *dev, const char *role)
{
	struct essential *e;

	for (e = essentials; e < essentials + ESSENTIAL_MAX; e++)
		if (e->dev == dev && !strcmp(e->role, role))
			e->dev = NULL;
}

/* The interrupt controller everything else cascades into. */
static bool root_irq_controller(struct device *dev)
{
	struct device_node *np = dev->of_node;

	return np && of_find_property(np, "interrupt-controller", NULL) && of_irq_is_root(np);
}

struct loss {
	struct device **dev;            /* every device, by links_scratch */
	struct device_link **via;       /* how a device is reached; NULL: it goes itself */
	bool *gone;
	int n;
};

/* "a (console) depends on b via clocks, which depends on c via interrupts" */
static void loss_chain(const struct loss *l, struct device *dev, const char *name,
		       const char *what, char *why, size_t whylen)
{
	size_t used;
	int depth;

	why_set(why, whylen, "%s (%s)", name, what);
	for (depth = 0; depth < 16; depth++) {
		struct device_link *link = l->via[dev->links_scratch];

		used = strlen(why);
		if (!link) {
			why_set(why + used, whylen - used, "%s goes with this change: the machine "
				"would be lost", depth ? ", which" : "");
			return;
		}
		why_set(why + used, whylen - used, "%s depends on %s via %s",
			depth ? ", which" : "", dev_name(link->supplier), link->prop);
		dev = link->supplier;
	}
}

/* Every device that goes, or loses a supplier that goes, marked in @l. */
static void loss_spread(struct loss *l, bool (*going)(struct device *dev, void *data),
			void *data)
{
	int *queue = kcalloc((size_t)l->n, sizeof(int), GFP_KERNEL), head = 0, tail = 0, i;

	for (i = 0; i < l->n; i++) {
		if (!going(l->dev[i], data))
			continue;
		l->gone[i] = true;
		if (queue)
			queue[tail++] = i;
	}
	while (queue && head < tail) {
		struct device *sup = l->dev[queue[head++]];
		struct device_link *link;

		list_for_each_entry(link, &sup->links_consumers, s_node) {
			int c = link->consumer->links_scratch;

			if (!link_managed(link) || !link->consumer->driver || l->gone[c])
				continue;
			l->gone[c] = true;
			l->via[c] = link;
			queue[tail++] = c;
		}
	}
	kfree(queue);
}

/* Is every holder of @role gone?  Then the first one explains. */
static struct essential *role_lost(const struct loss *l, const char *role)
{
	struct essential *e, *first = NULL;

	for (e = essentials; e < essentials + ESSENTIAL_MAX; e++) {
		if (!e->dev || strcmp(e->role, role))
			continue;
		if (!l->gone[e->dev->links_scratch])
			return NULL;            /* another one carries on */
		if (!first)
			first = e;
	}
	return first;
}

static bool loss_fatal(const struct loss *l, char *why, size_t whylen)
{
	struct essential *e;
	int i;

	for (i = 0; i < l->n; i++)
		if (l->gone[i] && root_irq_controller(l->dev[i])) {
			loss_chain(l, l->dev[i], dev_name(l->dev[i]), "root interrupt controller",
				   why, whylen);
			return true;
		}
	for (e = essentials; e < essentials + ESSENTIAL_MAX; e++) {
		struct essential *lost = e->dev ? role_lost(l, e->role) : NULL;

		if (!lost)
			continue;
		loss_chain(l, lost->dev, lost->label, lost->role, why, whylen);
		return true;
	}
	return false;
}

int device_links_check_loss(bool (*going)(struct device *dev, void *data), void *data,
			    char *why, size_t whylen)
{
	struct loss l = { 0 };
	int ret = 0, i;

	l.n = device_links_index(&l.dev);
	if (l.n <= 0)
		return l.n;
	l.via = kcalloc((size_t)l.n, sizeof(*l.via), GFP_KERNEL);
	l.gone = kcalloc((size_t)l.n, sizeof(bool), GFP_KERNEL);
	if (!l.via || !l.gone) {
		ret = -ENOMEM;
		goto out_free;
	}
	loss_spread(&l, going, data);
	if (loss_fatal(&l, why, whylen))
		ret = -EBUSY;
out_free:
	for (i = 0; i < l.n; i++)
		l.dev[i]->links_scratch = -1;
	kfree(l.gone);
	kfree(l.via);
	kfree(l.dev);
	return ret;
}
