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
 * supplier: a dependency cycle (found with Tarjan's algorithm, broken at its
 * least essential link, and printed whole); a supplier node that is
 * disabled or has no device (known at once); and a supplier that never
 * binds (known at the end of boot, fw_devlink_drivers_done()).  Each says
 * so in one line, and `devlinks` and `whynot` show the links.
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
	link = find_link(consumer, supplier, NULL);
	if (link)
		return link;
	link = link_new(consumer, supplier, NULL);
	if (link)
		snprintf(link->prop, sizeof(link->prop), "device_link_add");
	return link;
}

static void queue_if_ready(struct device *dev);

void device_link_del(struct device_link *link)
{
	struct device *consumer = link->consumer;

	consumer->links_cursor = NULL;
	list_del(&link->c_node);
	list_del(&link->s_node);
	kfree(link);
	queue_if_ready(consumer);
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

/* A link whose consumer must not stay bound without its supplier. */
static bool link_managed(const struct device_link *link)
{
	return !link->relaxed && !link->missing;
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
	else if (drivers_done && supplier_dead(sup) && list_empty(&sup->pending_node)) {
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

	list_for_each_entry_safe(link, n, &orphan_links, s_node)
		if (of_node_is_ancestor(np, link->target))
			device_link_del(link);
	drain_ready(PROBE_TRIGGER_LINK);
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

int fw_devlink_add_node(struct device_node *np)
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

void device_block_probing(void)
{
	block_depth++;
}

void device_unblock_probing(void)
{
	LIST_HEAD(batch);
	struct device *dev;
	int links = 0, devices = 0;

	if (!block_depth || --block_depth)
		return;
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

int fw_devlink_drivers_done(void)
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

/* --- cycles ------------------------------------------------------------- */

/*
 * Tarjan's strongly connected components over the links that still make a
 * consumer wait, iteratively (a chain of thousands of devices must not use
 * the kernel stack).  Each device's index lives in links_scratch.
 */
struct tarjan {
	struct device **dev;            /* by index */
	int *low, *num, *stack, *iter_pos;
	bool *on_stack;
	struct device_link **iter;      /* DFS frame: next link to look at */
	int n, counter, sp;
};

static bool edge(const struct device_link *link)
{
	return device_link_state(link) == DL_STATE_WAITING && link->supplier &&
	       link->supplier->links_scratch >= 0;
}

static struct device_link *next_edge(struct device *dev, struct device_link *after)
{
	struct list_head *pos = after ? after->c_node.next : dev->links_suppliers.next;

	for (; pos != &dev->links_suppliers; pos = pos->next) {
		struct device_link *link = list_entry(pos, struct device_link, c_node);

		if (edge(link))
			return link;
	}
	return NULL;
}

/* The first non-trivial component found from @root: its members get
 * on_stack set and their count is returned; 0 when there is none. */
static int strongconnect(struct tarjan *t, int root, int *scc_root)
{
	int *frames = t->iter_pos, depth = 0;

	frames[depth++] = root;
	t->num[root] = t->low[root] = ++t->counter;
	t->stack[t->sp++] = root;
	t->on_stack[root] = true;
	t->iter[root] = NULL;
	while (depth) {
		int v = frames[depth - 1], w;
		struct device_link *link = next_edge(t->dev[v], t->iter[v]);

		if (link) {
			t->iter[v] = link;
			w = link->supplier->links_scratch;
			if (!t->num[w]) {
				t->num[w] = t->low[w] = ++t->counter;
				t->stack[t->sp++] = w;
				t->on_stack[w] = true;
				t->iter[w] = NULL;
				frames[depth++] = w;
			} else if (t->on_stack[w] && t->num[w] < t->low[v]) {
				t->low[v] = t->num[w];
			}
			continue;
		}
		depth--;
		if (depth && t->low[v] < t->low[frames[depth - 1]])
			t->low[frames[depth - 1]] = t->low[v];
		if (t->low[v] == t->num[v]) {
			int size = 0, i;

			for (i = t->sp - 1; t->stack[i] != v; i--)
				size++;
			size++;
			if (size > 1) {
				/* Leave the members marked; the rest is popped. */
				*scc_root = v;
				for (i = 0; i < t->sp - size; i++)
					t->on_stack[t->stack[i]] = false;
				return size;
			}
			t->sp--;
			t->on_stack[v] = false;
		}
	}
	return 0;
}

/*
 * One cycle inside the component (members have on_stack set), from @start
 * back to @start, by breadth-first search: its links in order in @path.
 */
static int find_cycle(struct tarjan *t, int start, struct device_link **path)
{
	int *prev = t->low, *queue = t->stack, head = 0, tail = 0, i, n = 0;
	struct device_link **via = t->iter;

	for (i = 0; i < t->n; i++)
		prev[i] = -1;
	queue[tail++] = start;
	while (head < tail) {
		int v = queue[head++];
		struct device_link *link;

		for (link = next_edge(t->dev[v], NULL); link; link = next_edge(t->dev[v], link)) {
			int w = link->supplier->links_scratch;

			if (!t->on_stack[w])
				continue;
			if (w == start) {
				/* Walk back from v to start, then reverse. */
				path[n++] = link;
				for (; v != start; v = prev[v])
					path[n++] = via[v];
				for (i = 0; i < n / 2; i++) {
					struct device_link *tmp = path[i];

					path[i] = path[n - 1 - i];
					path[n - 1 - i] = tmp;
				}
				return n;
			}
			if (prev[w] >= 0 || w == start)
				continue;
			prev[w] = v;
			via[w] = link;
			queue[tail++] = w;
		}
	}
	return 0;
}

static void relax_cycle(struct device_link **path, int n)
{
	struct device_link *weak = path[0];
	char cpath[96], spath[96];
	int i;

	for (i = 1; i < n; i++)
		if (path[i]->rank < weak->rank)
			weak = path[i];
	weak->relaxed = true;
	snprintf(weak->reason, sizeof(weak->reason),
		 "ends a cycle of %d: the least essential link in it (rank %d)", n, weak->rank);
	pr_warn("dependency cycle of %d devices:\n", n);
	for (i = 0; i < n; i++) {
		dev_node_path(path[i]->consumer, cpath, sizeof(cpath));
		dev_node_path(path[i]->supplier, spath, sizeof(spath));
		pr_warn("  %s waits for %s (%s, rank %d)%s\n", cpath, spath, path[i]->prop,
			path[i]->rank, path[i] == weak ? ": relaxed" : "");
	}
	dev_node_path(weak->consumer, cpath, sizeof(cpath));
	dev_node_path(weak->supplier, spath, sizeof(spath));
	pr_warn("relaxed %s -> %s (%s): the least essential link in the cycle; %s probes "
		"first\n", cpath, spath, weak->prop, cpath);
}

static int collect(struct device ***out)
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

int fw_devlink_break_cycles(void)
{
	struct tarjan t = { 0 };
	struct device_link **path;
	int broken = 0, i, root, size;

	t.n = collect(&t.dev);
	if (t.n <= 0)
		return t.n;
	t.low = kcalloc((size_t)t.n, sizeof(int), GFP_KERNEL);
	t.num = kcalloc((size_t)t.n, sizeof(int), GFP_KERNEL);
	t.stack = kcalloc((size_t)t.n, sizeof(int), GFP_KERNEL);
	t.iter_pos = kcalloc((size_t)t.n, sizeof(int), GFP_KERNEL);
	t.on_stack = kcalloc((size_t)t.n, sizeof(bool), GFP_KERNEL);
	t.iter = kcalloc((size_t)t.n, sizeof(*t.iter), GFP_KERNEL);
	path = kcalloc((size_t)t.n, sizeof(*path), GFP_KERNEL);
	if (!t.low || !t.num || !t.stack || !t.iter_pos || !t.on_stack || !t.iter || !path) {
		pr_err("no memory to look for dependency cycles\n");
		broken = -ENOMEM;
		goto out_free;
	}
	/* Each round finds one cycle and relaxes one link: until none is left. */
	for (;;) {
		memset(t.num, 0, (size_t)t.n * sizeof(int));
		memset(t.on_stack, 0, (size_t)t.n * sizeof(bool));
		t.counter = t.sp = 0;
		size = 0;
		for (i = 0; i < t.n && !size; i++)
			if (!t.num[i])
				size = strongconnect(&t, i, &root);
		if (!size)
			break;
		size = find_cycle(&t, root, path);
		if (!size)
			break;          /* cannot happen: a component has a cycle */
		relax_cycle(path, size);
		broken++;
	}
out_free:
	for (i = 0; i < t.n; i++)
		t.dev[i]->links_scratch = -1;
	kfree(path);
	kfree(t.iter);
	kfree(t.on_stack);
	kfree(t.iter_pos);
	kfree(t.stack);
	kfree(t.num);
	kfree(t.low);
	kfree(t.dev);
	return broken;
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

/* --- never lose the machine ---------------------------------------------- */

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
	struct device_node *np = dev->of_node, *p;

	if (!np || !of_find_property(np, "interrupt-controller", NULL))
		return false;
	p = of_irq_find_parent(np);
	return !p || p == np;
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

	snprintf(why, whylen, "%s (%s)", name, what);
	for (depth = 0; depth < 16; depth++) {
		struct device_link *link = l->via[dev->links_scratch];

		used = strlen(why);
		if (!link) {
			snprintf(why + used, whylen - used, "%s goes with this change: the machine "
				 "would be lost", depth ? ", which" : "");
			return;
		}
		snprintf(why + used, whylen - used, "%s depends on %s via %s",
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

	l.n = collect(&l.dev);
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

struct overlay_change {
	struct of_changeset *cset;
	bool revert;
};

/* A device at or below a node that the overlay change disables or removes. */
static bool overlay_takes(struct device *dev, void *data)
{
	struct overlay_change *oc = data;
	struct of_changeset_entry *ce;

	if (!dev->of_node)
		return false;
	list_for_each_entry(ce, &oc->cset->entries, node)
		if (of_node_is_ancestor(ce->np, dev->of_node) &&
		    of_changeset_entry_state_change(ce, oc->revert) == OF_RECONFIG_CHANGE_REMOVE)
			return true;
	return false;
}

/* Before an overlay comes or goes: refuse what would take the machine away. */
static int overlay_check(struct notifier_block *nb, unsigned long action, void *arg)
{
	struct of_overlay_notify_data *nd = arg;
	struct overlay_change oc = { nd->cset, action == OF_OVERLAY_PRE_REMOVE };
	struct of_changeset_entry *ce;

	if (action != OF_OVERLAY_PRE_APPLY && action != OF_OVERLAY_PRE_REMOVE)
		return NOTIFY_DONE;
	list_for_each_entry(ce, &nd->cset->entries, node)
		if (!ce->np->parent &&
		    of_changeset_entry_state_change(ce, oc.revert) == OF_RECONFIG_CHANGE_REMOVE) {
			snprintf(nd->why, nd->whylen, "it would disable the root node /: every "
				 "device would go");
			return NOTIFY_BAD;
		}
	return device_links_check_loss(overlay_takes, &oc, nd->why, nd->whylen) == -EBUSY ?
	       NOTIFY_BAD : NOTIFY_OK;
}

static struct notifier_block overlay_nb = {
	.notifier_call = overlay_check,
};

int device_links_overlay_notifier_register(void)
{
	return of_overlay_notifier_register(&overlay_nb);
}
