// SPDX-License-Identifier: BSD-2-Clause
/*
 * Device links: "this consumer needs that supplier bound first".
 *
 * Links come from the tree before anything probes (Linux's fw_devlink):
 * each phandle property of/supplier.c knows names a supplier node, and the
 * link goes to the device of that node, or of its nearest ancestor that has
 * one (a pin state inside a pin controller links to the controller).  A
 * reference to the consumer's own ancestor or descendant makes no link:
 * parent before child is implicit.
 *
 * A consumer is not probed while a linked supplier is unbound; it is probed
 * right after its last one binds.  Three things end a wait without the
 * supplier: a dependency cycle (links-cycles.c: found with Tarjan's
 * algorithm, broken at its least essential link, and printed whole); a
 * supplier node that is
 * disabled or has no device (known at once); and a supplier that never
 * binds (known at the end of boot, fw_devlink_drivers_done(); after it, a
 * supplier whose module is known but not loaded is still waited for).  Each says
 * so in one line, and `devlinks` and `whynot` show the links.
 *
 * Beside this file: the devices the machine cannot lose (essential.c) and
 * the overlay notifier that refuses a change that would lose one
 * (overlay-veto.c).
 */
#define pr_fmt(fmt) "fw_devlink: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/notifier.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/of_supplier.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/module.h>
#include <coyote/whynot.h>

#include "base.h"

bool fw_devlink_enabled = true;

static LIST_HEAD(pending_list);         /* added while probing was blocked */
static LIST_HEAD(ready_list);           /* waiting consumers whose suppliers bound */
/* Links whose supplier's device went while its node stayed in the tree (an
 * overlay disabled it): the consumer waits for a device there again. */
static LIST_HEAD(orphan_links);
static int block_depth;
static bool draining;
static bool drivers_done;

static const char *const link_state_names[] = {
	[DL_STATE_WAITING] = "waiting",
	[DL_STATE_ACTIVE] = "active",
	[DL_STATE_SUPPLIER_MISSING] = "supplier-missing",
	[DL_STATE_RELAXED] = "relaxed",
};

const char *device_link_state_name(enum device_link_state state)
{
	return (unsigned int)state < ARRAY_SIZE(link_state_names) ? link_state_names[state] : "?";
}

enum device_link_state device_link_state(const struct device_link *link)
{
	if (link->relaxed)
		return DL_STATE_RELAXED;
	if (link->missing)
		return DL_STATE_SUPPLIER_MISSING;
	if (!link->supplier)
		return DL_STATE_WAITING;        /* an orphan: its node has no device now */
	return link->supplier->state == DEVICE_BOUND ? DL_STATE_ACTIVE : DL_STATE_WAITING;
}

static void node_path(const struct device_node *np, char *buf, size_t len)
{
	if (!np || of_node_full_path(np, buf, len) < 0)
		snprintf(buf, len, "%s", np ? np->full_name : "-");
}

/* The device of @np or of its nearest ancestor that has one. */
static struct device *nearest_device(struct device_node *np)
{
	for (; np; np = np->parent)
		if (np->data)
			return np->data;
	return NULL;
}

static bool node_available(const struct device_node *np)
{
	for (; np && np->parent; np = np->parent)
		if (!of_device_is_available(np))
			return false;
	return true;
}

static struct device_link *find_link(struct device *consumer, struct device *supplier,
				     struct device_node *target)
{
	struct device_link *link;

	list_for_each_entry(link, &consumer->links_suppliers, c_node)
		if (supplier ? link->supplier == supplier : link->target == target)
			return link;
	return NULL;
}

static struct device_link *link_new(struct device *consumer, struct device *supplier,
				    struct device_node *target)
{
	struct device_link *link = kzalloc(sizeof(*link), GFP_KERNEL);

	if (!link)
		return NULL;
	link->consumer = consumer;
	link->supplier = supplier;
	link->target = target ? target : supplier->of_node;
	INIT_LIST_HEAD(&link->s_node);
	list_add_tail(&link->c_node, &consumer->links_suppliers);
	if (supplier)
		list_add_tail(&link->s_node, &supplier->links_consumers);
	return link;
}

struct device_link *device_link_add(struct device *consumer, struct device *supplier, u32 flags)
{
	struct device_link *link;

	if (!consumer || !supplier || consumer == supplier)
		return NULL;
	device_core_lock();
	link = find_link(consumer, supplier, NULL);
	if (!link) {
		link = link_new(consumer, supplier, NULL);
		if (link)
			snprintf(link->prop, sizeof(link->prop), "device_link_add");
	}
	device_core_unlock();
	return link;
}

static void queue_if_ready(struct device *dev);

void device_link_del(struct device_link *link)
{
	struct device *consumer = link->consumer;

	device_core_lock();
	consumer->links_cursor = NULL;
	list_del(&link->c_node);
	list_del(&link->s_node);
	kfree(link);
	queue_if_ready(consumer);
	device_core_unlock();
}

/*
 * The first link that keeps @dev from probing, or NULL.  Links only stop
 * waiting while a device waits (a supplier binds, a link is relaxed or given
 * up on), so the search resumes where it stopped: a consumer of a thousand
 * suppliers is checked a thousand times in linear time, not quadratic.  An
 * unbind or a deleted link starts it over (links_cursor NULL).
 */
static struct device_link *blocking_link(struct device *dev)
{
	struct list_head *pos = dev->links_cursor ? dev->links_cursor : dev->links_suppliers.next;

	for (; pos != &dev->links_suppliers; pos = pos->next) {
		struct device_link *link = list_entry(pos, struct device_link, c_node);

		if (device_link_state(link) == DL_STATE_WAITING) {
			dev->links_cursor = pos;
			return link;
		}
	}
	dev->links_cursor = NULL;
	return NULL;
}

/* Its node's path, or its name for a device without a node. */
static const char *device_path_or_name(const struct device *dev, char *buf, size_t len)
{
	if (!dev->of_node)
		return dev_name(dev);
	dev_node_path(dev, buf, len);
	return buf;
}

/* The bound consumer of @sup, over a managed link, that bound last. */
static struct device_link *last_bound_consumer(struct device *sup)
{
	struct device_link *link, *last = NULL;

	list_for_each_entry(link, &sup->links_consumers, s_node)
		if (link_managed(link) && link->consumer->driver &&
		    (!last || link->consumer->probe_order > last->consumer->probe_order))
			last = link;
	return last;
}

void device_links_unbind_consumers(struct device *dev)
{
	struct device_link *link;
	char cpath[96], spath[96];

	/* Each release may unbind more (a consumer's own consumers): look again. */
	while ((link = last_bound_consumer(dev))) {
		pr_info("%s unbinds before its supplier %s (%s)\n",
			device_path_or_name(link->consumer, cpath, sizeof(cpath)),
			device_path_or_name(dev, spath, sizeof(spath)), link->prop);
		device_release_driver(link->consumer);
	}
}

void device_links_supplier_unbound(struct device *dev)
{
	struct device_link *link;

	list_for_each_entry(link, &dev->links_consumers, s_node)
		link->consumer->links_cursor = NULL;
	/* The consumers unbound for it wait (DEVICE_WAITING) for its next bind. */
	list_for_each_entry(link, &dev->links_consumers, s_node)
		if (link_managed(link) && link->consumer->registered &&
		    link->consumer->state == DEVICE_NO_DRIVER)
			device_attach(link->consumer);
}

bool device_links_blocked(struct device *dev)
{
	return blocking_link(dev) != NULL;
}

/* A supplier that will never bind as things stand (end of boot). */
static bool supplier_dead(const struct device *sup)
{
	return sup->state == DEVICE_NO_DRIVER || sup->state == DEVICE_FAILED ||
	       sup->state == DEVICE_DEFERRED;
}

static void mark_missing(struct device_link *link, const char *fmt, ...) __printf(2, 3);
static void mark_missing(struct device_link *link, const char *fmt, ...)
{
	va_list ap;

	link->missing = true;
	va_start(ap, fmt);
	vsnprintf(link->reason, sizeof(link->reason), fmt, ap);
	va_end(ap);
}

/* Why @sup has not bound: 'no driver for "x,y"', 'probe failed: EIO'... */
static void dead_reason(const struct device *sup, char *buf, size_t len)
{
	const char *compat = NULL;

	switch (sup->state) {
	case DEVICE_FAILED:
		snprintf(buf, len, "its probe failed: %s", errname(sup->probe_err));
		return;
	case DEVICE_DEFERRED:
		snprintf(buf, len, "its probe is deferred: %s", sup->defer_reason);
		return;
	case DEVICE_WAITING:
		snprintf(buf, len, "it waits itself");
		return;
	case DEVICE_BOUND:
		snprintf(buf, len, "bound");
		return;
	case DEVICE_NO_DRIVER:
		break;
	}
	if (sup->of_node)
		of_property_read_string(sup->of_node, "compatible", &compat);
	if (compat)
		snprintf(buf, len, "no driver for \"%s\"", compat);
	else
		snprintf(buf, len, "no driver");
}

/*
 * A supplier without a driver whose module modules.alias names binds once
 * that module is loaded (insmod; an rmmod took it away): its new consumers
 * wait for it, as Linux's wait for any supplier device.
 */
static bool module_expected(const struct device *sup)
{
	static const struct whynot_catalog aliases = { .modalias = module_alias_lookup };

	return sup->state == DEVICE_NO_DRIVER && sup->of_node &&
	       whynot_module(&aliases, sup->of_node, NULL);
}

struct make_ctx {
	struct device *dev;
	int made;
	unsigned int stamp;     /* marks the suppliers linked in this pass */
};

static int make_link(void *data, const struct of_supplier_ref *ref)
{
	struct make_ctx *mc = data;
	struct device *dev = mc->dev, *sup;
	struct device_link *link;
	struct device_node *target = ref->supplier;
	int rank = of_supplier_ref_rank(ref);
	char why[DL_REASON_MAX];

	sup = nearest_device(target);
	if (sup == dev)
		return 0;
	/* Only a supplier stamped in this pass can have a link already. */
	link = !sup || sup->links_stamp == mc->stamp ? find_link(dev, sup, target) : NULL;
	if (sup)
		sup->links_stamp = mc->stamp;
	if (link) {
		/* One link per pair: it keeps its most essential property. */
		if (rank > link->rank) {
			link->rank = rank;
			of_supplier_ref_name(ref, link->prop, sizeof(link->prop));
		}
		return 0;
	}
	link = link_new(dev, sup, target);
	if (!link)
		return -ENOMEM;
	link->rank = rank;
	of_supplier_ref_name(ref, link->prop, sizeof(link->prop));
	mc->made++;
	if (!node_available(target))
		mark_missing(link, "that node is disabled");
	else if (!sup)
		mark_missing(link, "that node has no device");
	else if (drivers_done && supplier_dead(sup) && list_empty(&sup->pending_node) &&
		 !module_expected(sup)) {
		/* Not one added with @dev and still to be probed (an overlay's). */
		dead_reason(sup, why, sizeof(why));
		mark_missing(link, "%s", why);
	}
	return 0;
}

/* @dev's links as a consumer, from its node's phandles, once. */
static int link_device(struct device *dev)
{
	static unsigned int stamp;
	struct make_ctx mc = { dev, 0, ++stamp };

	if (dev->links_made || !dev->of_node || !fw_devlink_enabled)
		return 0;
	dev->links_made = true;
	return of_for_each_supplier(dev->of_node, make_link, &mc);
}

/*
 * A device appeared for a node inside another device's subtree (an I2C
 * client under its controller): links that pointed at the ancestor for
 * want of a device now point at the new one.
 */
static void take_links_from_ancestor(struct device *dev)
{
	struct device *anc = dev->of_node ? nearest_device(dev->of_node->parent) : NULL;
	struct device_link *link, *n;

	if (!anc)
		return;
	list_for_each_entry_safe(link, n, &anc->links_consumers, s_node) {
		if (!of_node_is_ancestor(dev->of_node, link->target))
			continue;
		if (link->consumer == dev) {
			device_link_del(link);
			continue;
		}
		list_del(&link->s_node);
		link->supplier = dev;
		list_add_tail(&link->s_node, &dev->links_consumers);
	}
}

static void queue_if_ready(struct device *dev)
{
	if (dev->state != DEVICE_WAITING || blocking_link(dev) || !list_empty(&dev->pending_node))
		return;
	list_add_tail(&dev->pending_node, &ready_list);
}

/* Probe the queued consumers, oldest first; probes queue more. */
static void drain_ready(enum probe_trigger why)
{
	enum probe_trigger old;

	if (draining)
		return;
	draining = true;
	old = probe_trigger_set(why);
	while (!list_empty(&ready_list)) {
		struct device *dev = list_first_entry(&ready_list, struct device, pending_node);

		list_del_init(&dev->pending_node);
		probe_trigger_set(why);
		device_attach(dev);
	}
	probe_trigger_set(old);
	draining = false;
}

void device_links_supplier_bound(struct device *dev)
{
	struct device_link *link;

	/* A supplier given up on at the end of boot (no driver then) that
	 * binds later, its module loaded: its links are active again. */
	list_for_each_entry(link, &dev->links_consumers, s_node) {
		link->missing = false;
		queue_if_ready(link->consumer);
	}
	drain_ready(PROBE_TRIGGER_LINK);
}

/* A device appeared where orphan links point: they are its consumers again. */
static void adopt_orphans(struct device *dev)
{
	struct device_link *link, *n;

	list_for_each_entry_safe(link, n, &orphan_links, s_node) {
		if (!dev->of_node || nearest_device(link->target) != dev)
			continue;
		list_del(&link->s_node);
		if (link->consumer == dev) {    /* now its own ancestor or itself */
			list_del(&link->c_node);
			kfree(link);
			continue;
		}
		link->supplier = dev;
		list_add_tail(&link->s_node, &dev->links_consumers);
		link->consumer->links_cursor = NULL;
	}
}

void device_links_device_added(struct device *dev)
{
	if (dev->of_node && !dev->of_node->data)
		dev->of_node->data = dev;
	take_links_from_ancestor(dev);
	adopt_orphans(dev);
}

static bool node_attached(const struct device_node *np)
{
	for (; np; np = np->parent)
		if (of_node_check_flag(np, OF_DETACHED))
			return false;
	return true;
}

/*
 * @dev goes: a consumer's link becomes an orphan when the node it names
 * stays in the tree (disabled, or its driver's bus gone), so that a device
 * made there again is its supplier; it is deleted when the node leaves.
 */
static void orphan_or_delete(struct device_link *link)
{
	if (!link_managed(link) || !link->target || !node_attached(link->target)) {
		device_link_del(link);
		return;
	}
	list_del(&link->s_node);
	link->supplier = NULL;
	list_add_tail(&link->s_node, &orphan_links);
	link->consumer->links_cursor = NULL;
}

void fw_devlink_node_detached(struct device_node *np)
{
	struct device_link *link, *n;

	device_core_lock();
	list_for_each_entry_safe(link, n, &orphan_links, s_node)
		if (of_node_is_ancestor(np, link->target))
			device_link_del(link);
	drain_ready(PROBE_TRIGGER_LINK);
	device_core_unlock();
}

void device_links_purge(struct device *dev)
{
	struct device_link *link, *n;

	list_del_init(&dev->pending_node);
	dev->links_cursor = NULL;
	list_for_each_entry_safe(link, n, &dev->links_suppliers, c_node) {
		list_del(&link->c_node);
		list_del(&link->s_node);
		kfree(link);
	}
	list_for_each_entry_safe(link, n, &dev->links_consumers, s_node)
		orphan_or_delete(link);
	dev->links_made = false;
	if (dev->of_node && dev->of_node->data == dev)
		dev->of_node->data = NULL;
	drain_ready(PROBE_TRIGGER_LINK);
}

bool device_links_defer_add(struct device *dev)
{
	if (!block_depth || !fw_devlink_enabled)
		return false;
	list_add_tail(&dev->pending_node, &pending_list);
	return true;
}

void device_links_add_and_attach(struct device *dev)
{
	enum probe_trigger old;

	if (link_device(dev) == -ENOMEM)
		pr_err("%s: no memory for its links: probing without them\n", dev_name(dev));
	/* A device added on its own (an I2C client) can close a cycle too. */
	if (blocking_link(dev))
		fw_devlink_break_cycles();
	old = probe_trigger_set(PROBE_TRIGGER_DEVICE_ADDED);
	device_attach(dev);
	probe_trigger_set(old);
}

static int fw_devlink_add_node_locked(struct device_node *np)
{
	struct device *dev = np ? np->data : NULL;
	int ret;

	if (!dev || dev->of_node != np)
		return -ENODEV;
	ret = link_device(dev);
	if (ret)
		return ret;
	fw_devlink_break_cycles();
	if (!dev->driver)
		device_links_add_and_attach(dev);
	return 0;
}

int fw_devlink_add_node(struct device_node *np)
{
	int ret;

	device_core_lock();
	ret = fw_devlink_add_node_locked(np);
	device_core_unlock();
	return ret;
}

void device_block_probing(void)
{
	device_core_lock();
	block_depth++;
	device_core_unlock();
}

void device_unblock_probing(void)
{
	LIST_HEAD(batch);
	struct device *dev;
	int links = 0, devices = 0;

	device_core_lock();
	if (!block_depth || --block_depth)
		goto unlock;
	list_splice_tail_init(&pending_list, &batch);
	list_for_each_entry(dev, &batch, pending_node) {
		struct device_link *link;

		if (link_device(dev) == -ENOMEM)
			pr_err("%s: no memory for its links\n", dev_name(dev));
		list_for_each_entry(link, &dev->links_suppliers, c_node)
			links++;
		devices++;
	}
	if (devices)
		pr_info("%d link(s) among %d new device(s), from %d supplier properties\n",
			links, devices, fw_devlink_binding_count());
	fw_devlink_break_cycles();
	while (!list_empty(&batch)) {
		enum probe_trigger old;

		dev = list_first_entry(&batch, struct device, pending_node);
		list_del_init(&dev->pending_node);
		old = probe_trigger_set(PROBE_TRIGGER_DEVICE_ADDED);
		device_attach(dev);
		probe_trigger_set(old);
	}
unlock:
	device_core_unlock();
}

int fw_devlink_binding_count(void)
{
	const struct of_supplier_binding *b;
	int n = 0;

	for (b = of_supplier_bindings; b->prop; b++)
		n++;
	return n;
}

/* --- the end of boot ---------------------------------------------------- */

static void say_missing(struct device_link *link)
{
	char cpath[96], spath[96];

	dev_node_path(link->consumer, cpath, sizeof(cpath));
	node_path(link->target, spath, sizeof(spath));
	pr_warn("%s probes without %s (%s): %s\n", cpath, spath, link->prop, link->reason);
}

static int fw_devlink_drivers_done_locked(void)
{
	struct bus_type *bus;
	int given_up = 0, pass;
	bool changed;

	drivers_done = true;
	/* A cycle closed after populate (links moved to a new device) ends here. */
	fw_devlink_break_cycles();
	/* Links missing from the start: say so once, now that it is final. */
	for (bus = bus_next(NULL); bus; bus = bus_next(bus)) {
		struct device *dev;
		struct device_link *link;

		list_for_each_entry(dev, &bus->devices, bus_node)
			list_for_each_entry(link, &dev->links_suppliers, c_node)
				if (link->missing && !link->relaxed) {
					say_missing(link);
					given_up++;
				}
	}
	/* Each pass gives up on suppliers that are final; their consumers
	 * probe, and may themselves be final for the next pass. */
	for (pass = 0, changed = true; changed && pass < 64; pass++) {
		changed = false;
		for (bus = bus_next(NULL); bus; bus = bus_next(bus)) {
			struct device *dev;
			struct device_link *link;

			list_for_each_entry(dev, &bus->devices, bus_node) {
				if (dev->state != DEVICE_WAITING)
					continue;
				list_for_each_entry(link, &dev->links_suppliers, c_node) {
					char why[DL_REASON_MAX];

					if (device_link_state(link) != DL_STATE_WAITING ||
					    !link->supplier || !supplier_dead(link->supplier))
						continue;
					dead_reason(link->supplier, why, sizeof(why));
					mark_missing(link, "%s", why);
					say_missing(link);
					given_up++;
					changed = true;
				}
				queue_if_ready(dev);
			}
		}
		drain_ready(PROBE_TRIGGER_PERMISSIVE);
	}
	return given_up;
}

int fw_devlink_drivers_done(void)
{
	int ret;

	device_core_lock();
	ret = fw_devlink_drivers_done_locked();
	device_core_unlock();
	return ret;
}

/* --- explaining ---------------------------------------------------------- */

/*
 * " which waits for /b (clocks) which waits for /c (clocks): no driver for
 * \"x\"": the chain behind a waiting supplier, down to its root cause.
 */
void device_links_chain(const struct device *sup, char *buf, size_t len)
{
	size_t used = 0;
	int depth;

	buf[0] = '\0';
	for (depth = 0; sup && depth < 8 && used < len; depth++) {
		struct device_link *link = sup->state == DEVICE_WAITING ?
			blocking_link((struct device *)sup) : NULL;
		char path[96], why[DL_REASON_MAX];
		int n;

		if (!link) {
			dead_reason(sup, why, sizeof(why));
			snprintf(buf + used, len - used, ": %s", why);
			return;
		}
		node_path(link->target, path, sizeof(path));
		n = snprintf(buf + used, len - used, " which waits for %s (%s)", path, link->prop);
		if (n < 0)
			return;
		used += (size_t)n;
		sup = link->supplier;
	}
}

void device_links_explain(const struct device *dev, void (*out)(void *ctx, const char *line),
			  void *ctx)
{
	struct device_link *link;
	char line[320], path[96], chain[160];

	list_for_each_entry(link, &dev->links_suppliers, c_node) {
		enum device_link_state st = device_link_state(link);

		node_path(link->target, path, sizeof(path));
		switch (st) {
		case DL_STATE_ACTIVE:
			continue;
		case DL_STATE_WAITING:
			if (link->supplier)
				device_links_chain(link->supplier, chain, sizeof(chain));
			else
				snprintf(chain, sizeof(chain), ": %s", node_available(link->target) ?
					 "that node has no device" : "that node is disabled");
			snprintf(line, sizeof(line), "waits for %s (%s)%s", path, link->prop, chain);
			break;
		default:
			snprintf(line, sizeof(line), "link to %s (%s) %s: %s", path, link->prop,
				 device_link_state_name(st), link->reason);
			break;
		}
		out(ctx, line);
	}
}

int device_links_index(struct device ***out)
{
	struct bus_type *bus;
	struct device **devs;
	int n = 0, i = 0;

	for (bus = bus_next(NULL); bus; bus = bus_next(bus)) {
		struct device *dev;

		list_for_each_entry(dev, &bus->devices, bus_node)
			n++;
	}
	devs = kcalloc((size_t)n + 1, sizeof(*devs), GFP_KERNEL);
	if (!devs)
		return -ENOMEM;
	for (bus = bus_next(NULL); bus; bus = bus_next(bus)) {
		struct device *dev;

		list_for_each_entry(dev, &bus->devices, bus_node) {
			dev->links_scratch = i;
			devs[i++] = dev;
		}
	}
	*out = devs;
	return n;
}
