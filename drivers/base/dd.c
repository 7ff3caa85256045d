// SPDX-License-Identifier: BSD-2-Clause
/*
 * Binding drivers to devices, and deferred probe.
 *
 * A device is bound to the registered driver whose match table scores best
 * for its node.  Registering a driver probes every unbound device it is the
 * best match for; adding a device probes its best driver.  A probe that
 * returns -EPROBE_DEFER (something it needs has not probed yet) parks the
 * device on the deferred list with a reason; the list is retried after every
 * successful probe, pass after pass, until a pass binds nothing new.  Any
 * other error is logged by name, recorded in the device, and the boot goes
 * on.  If a device's best driver failed, a worse driver registered later is
 * not tried: the failure stays visible.
 *
 * Before any of that, device links (links.c) hold a consumer back while a
 * supplier the tree names is unbound: it waits (DEVICE_WAITING, no probe
 * call) and is probed when its last supplier binds.  Every probe call is
 * logged with its start, end and trigger for `probes`.
 */
#define pr_fmt(fmt) "driver core: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/pinctrl/pinctrl.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/module.h>
#include <coyote/time.h>

#include "base.h"

static LIST_HEAD(deferred_probe_list);
static LIST_HEAD(bound_list);           /* bound devices, in bind order */
static unsigned long bind_count;        /* successful probes, ever */
static bool trigger_active;
static enum probe_trigger cur_trigger = PROBE_TRIGGER_OTHER;

/* The timeline: the first PROBE_LOG_MAX probe calls since boot. */
#define PROBE_LOG_MAX 256
static struct probe_record probe_log[PROBE_LOG_MAX];
static unsigned long probe_call_count;

static const char *const trigger_names[] = {
	[PROBE_TRIGGER_DEVICE_ADDED] = "device added",
	[PROBE_TRIGGER_INITCALL] = "initcall",
	[PROBE_TRIGGER_MODULE] = "module loaded",
	[PROBE_TRIGGER_LINK] = "link satisfied",
	[PROBE_TRIGGER_DEFERRED] = "deferred retry",
	[PROBE_TRIGGER_PERMISSIVE] = "supplier missing",
	[PROBE_TRIGGER_OTHER] = "attach",
};

const char *probe_trigger_name(enum probe_trigger t)
{
	return (unsigned int)t < ARRAY_SIZE(trigger_names) ? trigger_names[t] : "?";
}

enum probe_trigger probe_trigger_set(enum probe_trigger t)
{
	enum probe_trigger old = cur_trigger;

	cur_trigger = t;
	return old;
}

const struct probe_record *probe_record_get(unsigned int i)
{
	return i < probe_call_count && i < PROBE_LOG_MAX ? &probe_log[i] : NULL;
}

unsigned long probe_calls(void)
{
	return probe_call_count;
}

static struct probe_record *probe_log_start(struct device *dev, struct device_driver *drv)
{
	struct probe_record *r = probe_call_count < PROBE_LOG_MAX ?
		&probe_log[probe_call_count] : NULL;

	probe_call_count++;
	if (!r)
		return NULL;
	snprintf(r->device, sizeof(r->device), "%s", dev_name(dev));
	snprintf(r->driver, sizeof(r->driver), "%s", drv->name);
	r->trigger = cur_trigger;
	r->start_ns = ktime_get_ns();
	return r;
}

static void probe_log_end(struct probe_record *r, int ret)
{
	if (!r)
		return;
	r->end_ns = ktime_get_ns();
	r->ret = ret;
}

bool driver_match_take(struct driver_match *best, int score, const struct of_device_id *id)
{
	if (score <= best->score)
		return false;
	best->score = score;
	best->id = id;
	return true;
}

/*
 * How well @drv fits @dev: by its of_device_id table when both have one
 * (the entry in *@id), else by the bus's own rule (a name, an id table).
 * The one place the core scores a pair.
 */
static int driver_match_device(struct device_driver *drv, struct device *dev,
			       const struct of_device_id **id)
{
	int score = 0;

	*id = NULL;
	if (dev->of_node && drv->of_match_table)
		*id = of_match_best(drv->of_match_table, dev->of_node, &score);
	if (*id)
		return score;
	return dev->bus->match ? dev->bus->match(dev, drv) : 0;
}

/* Each registered driver scored once; *@id gets the winner's entry. */
static struct device_driver *best_driver(struct device *dev, const struct of_device_id **id)
{
	struct driver_match best = { NULL, 0 };
	struct device_driver *drv, *winner = NULL;

	*id = NULL;
	if (!dev->bus)
		return NULL;
	list_for_each_entry(drv, &dev->bus->drivers, bus_node) {
		const struct of_device_id *entry;
		int s = driver_match_device(drv, dev, &entry);

		if (driver_match_take(&best, s, entry))
			winner = drv;
	}
	*id = best.id;
	return winner;
}

/* Logs the first deferral, and again whenever the reason changes. */
static void defer_device(struct device *dev, const char *prev_reason)
{
	char path[DEVICE_REASON_MAX];
	bool news = dev->state != DEVICE_DEFERRED;

	dev->state = DEVICE_DEFERRED;
	dev->probe_err = -EPROBE_DEFER;
	if (!dev->defer_reason[0])
		snprintf(dev->defer_reason, sizeof(dev->defer_reason),
			 "probe returned EPROBE_DEFER without a reason");
	if (list_empty(&dev->deferred_node))
		list_add_tail(&dev->deferred_node, &deferred_probe_list);
	if (news || strcmp(prev_reason, dev->defer_reason)) {
		dev_node_path(dev, path, sizeof(path));
		pr_info("%s %s deferred: %s\n", dev->tried->name, path, dev->defer_reason);
	}
}

/* The table entry that won, the bus's modalias (virtio), or the name. */
static const char *bound_by(const struct device *dev, char *buf, size_t len)
{
	if (dev->match)
		return dev->match->compatible;
	if (!dev->of_node && dev->bus->modalias) {
		dev->bus->modalias(dev, buf, len);
		return buf;
	}
	return "by name";
}

/* @id: the entry best_driver() matched @drv by (NULL: by name); no second match. */
static int really_probe(struct device *dev, struct device_driver *drv,
			const struct of_device_id *id)
{
	char prev_reason[DEVICE_REASON_MAX], how[64];
	struct probe_record *rec;
	int ret;

	/* A supplier is unbound: no probe call; its bind will bring us back. */
	if (device_links_blocked(dev)) {
		dev->state = DEVICE_WAITING;
		dev->tried = drv;
		list_del_init(&dev->deferred_node);
		return -EAGAIN;
	}
	dev->driver = drv;
	dev->tried = drv;
	dev->match = id;
	memcpy(prev_reason, dev->defer_reason, sizeof(prev_reason));
	dev->defer_reason[0] = '\0';
	dev->waiting_for = NULL;

	rec = probe_log_start(dev, drv);
	/* Its pins muxed first, as Linux does; undone with its devres. */
	ret = pinctrl_bind_pins(dev);
	if (!ret && dev->bus->probe)
		ret = dev->bus->probe(dev);
	else if (!ret && drv->probe)
		ret = drv->probe(dev);
	probe_log_end(rec, ret);

	if (ret == 0) {
		dev->state = DEVICE_BOUND;
		dev->probe_err = 0;
		list_del_init(&dev->deferred_node);
		list_add_tail(&dev->bound_node, &bound_list);
		bind_count++;
		dev->probe_order = (unsigned int)bind_count;
		dev_info(dev, "bound (%s)\n", bound_by(dev, how, sizeof(how)));
		device_links_supplier_bound(dev);
		driver_deferred_probe_trigger();
		return 0;
	}

	/* Undo whatever the failed probe took, before anyone looks again. */
	devres_release_all(dev);
	dev->driver = NULL;
	dev->driver_data = NULL;
	if (ret == -EPROBE_DEFER) {
		defer_device(dev, prev_reason);
		return ret;
	}
	dev->state = DEVICE_FAILED;
	dev->probe_err = ret;
	list_del_init(&dev->deferred_node);
	pr_err("%s: probe of %s failed: %s\n", drv->name, dev_name(dev), errname(ret));
	return ret;
}

static int device_attach_locked(struct device *dev)
{
	const struct of_device_id *id;
	struct device_driver *drv;
	int ret;

	if (dev->driver)
		return 1;
	drv = best_driver(dev, &id);
	if (!drv) {
		dev->state = DEVICE_NO_DRIVER;
		dev->tried = NULL;
		dev->match = NULL;
		list_del_init(&dev->deferred_node);
		return 0;
	}
	ret = really_probe(dev, drv, id);
	if (ret == -EAGAIN)
		return 0;
	return ret ? ret : 1;
}

int device_attach(struct device *dev)
{
	int ret;

	device_core_lock();
	ret = device_attach_locked(dev);
	device_core_unlock();
	return ret;
}
EXPORT_SYMBOL(device_attach);

static int driver_attach(struct device_driver *drv)
{
	struct device *dev, *n;
	enum probe_trigger old = probe_trigger_set(module_name_at(drv) ?
						   PROBE_TRIGGER_MODULE : PROBE_TRIGGER_INITCALL);

	list_for_each_entry_safe(dev, n, &drv->bus->devices, bus_node) {
		const struct of_device_id *id;

		if (dev->driver || !list_empty(&dev->pending_node))
			continue;
		if (dev->state == DEVICE_FAILED && dev->tried != drv)
			continue;
		if (best_driver(dev, &id) == drv)
			really_probe(dev, drv, id);
	}
	probe_trigger_set(old);
	return 0;
}

static void device_release_driver_locked(struct device *dev)
{
	struct device_driver *drv = dev->driver;

	if (!drv)
		return;
	device_links_unbind_consumers(dev);
	if (dev->bus->remove)
		dev->bus->remove(dev);
	else if (drv->remove)
		drv->remove(dev);
	devres_release_all(dev);
	list_del_init(&dev->bound_node);
	dev_info(dev, "unbound\n");
	dev->driver = NULL;
	dev->driver_data = NULL;
	dev->match = NULL;
	dev->tried = NULL;
	dev->state = DEVICE_NO_DRIVER;
	dev->probe_order = 0;
	device_links_supplier_unbound(dev);
}

void device_release_driver(struct device *dev)
{
	device_core_lock();
	device_release_driver_locked(dev);
	device_core_unlock();
}
EXPORT_SYMBOL(device_release_driver);

int device_reprobe(struct device *dev)
{
	int ret;

	device_core_lock();
	device_release_driver_locked(dev);
	ret = device_attach_locked(dev);
	device_core_unlock();
	return ret < 0 ? ret : 0;
}
EXPORT_SYMBOL(device_reprobe);

struct device_driver *driver_find(const char *name, struct bus_type *bus)
{
	struct device_driver *drv, *found = NULL;

	if (!bus->node.next)
		return NULL;
	device_core_lock();
	list_for_each_entry(drv, &bus->drivers, bus_node)
		if (!strcmp(drv->name, name)) {
			found = drv;
			break;
		}
	device_core_unlock();
	return found;
}

static int driver_register_locked(struct device_driver *drv)
{
	int ret;

	if (!drv->bus || !drv->name)
		return -EINVAL;
	if (drv->registered)
		return -EBUSY;
	ret = bus_register(drv->bus);
	if (ret)
		return ret;
	if (driver_find(drv->name, drv->bus)) {
		pr_err("a driver named %s is already registered on %s; %s refused "
		       "(EBUSY)\n", drv->name, drv->bus->name, drv->name);
		return -EBUSY;
	}
	list_add_tail(&drv->bus_node, &drv->bus->drivers);
	drv->registered = true;
	drv->owner = module_owner(drv, NULL);
	return driver_attach(drv);
}

int driver_register(struct device_driver *drv)
{
	int ret;

	device_core_lock();
	ret = driver_register_locked(drv);
	device_core_unlock();
	return ret;
}
EXPORT_SYMBOL(driver_register);

/*
 * Walks backwards with the previous entry fetched after each release: a
 * remove() may unbind other devices, but never ones bound before it.
 */
void device_release_drivers_reverse(bool (*filter)(struct device *dev, void *data),
				    void *data)
{
	struct list_head *pos;

	device_core_lock();
	pos = bound_list.prev;
	while (pos != &bound_list) {
		struct device *dev = list_entry(pos, struct device, bound_node);

		if (!filter(dev, data)) {
			pos = pos->prev;
			continue;
		}
		/* Its consumers unbind with it: any neighbour may be gone. */
		device_release_driver_locked(dev);
		pos = bound_list.prev;
	}
	device_core_unlock();
}

static bool bound_to(struct device *dev, void *drv)
{
	return dev->driver == drv;
}

void driver_unregister(struct device_driver *drv)
{
	struct device *dev, *n;

	device_core_lock();
	if (!drv->registered)
		goto unlock;
	device_release_drivers_reverse(bound_to, drv);
	list_for_each_entry_safe(dev, n, &drv->bus->devices, bus_node) {
		if (dev->tried == drv && !dev->driver) {
			/* Its record would point at a driver that is gone. */
			list_del_init(&dev->deferred_node);
			dev->tried = NULL;
			dev->match = NULL;
			dev->defer_reason[0] = '\0';
			dev->state = DEVICE_NO_DRIVER;
		}
	}
	list_del_init(&drv->bus_node);
	drv->registered = false;
unlock:
	device_core_unlock();
}
EXPORT_SYMBOL(driver_unregister);

/*
 * A successful probe inside a pass (or inside another probe) only bumps
 * bind_count; the outer loop sees it and runs one more pass.
 */
void driver_deferred_probe_trigger(void)
{
	LIST_HEAD(pending);
	unsigned long before;
	enum probe_trigger old;

	device_core_lock();
	if (trigger_active)
		goto unlock;
	trigger_active = true;
	old = probe_trigger_set(PROBE_TRIGGER_DEFERRED);
	do {
		before = bind_count;
		list_splice_tail_init(&deferred_probe_list, &pending);
		while (!list_empty(&pending)) {
			struct device *dev = list_first_entry(&pending, struct device,
							      deferred_node);

			list_del_init(&dev->deferred_node);
			device_attach_locked(dev);
		}
	} while (bind_count != before);
	probe_trigger_set(old);
	trigger_active = false;
unlock:
	device_core_unlock();
}

int driver_deferred_probe_count(void)
{
	struct device *dev;
	int n = 0;

	device_core_lock();
	list_for_each_entry(dev, &deferred_probe_list, deferred_node)
		n++;
	device_core_unlock();
	return n;
}

void device_count_states(struct device_state_counts *c)
{
	struct bus_type *bus = NULL;

	memset(c, 0, sizeof(*c));
	device_core_lock();
	while ((bus = bus_next(bus))) {
		struct device *dev;

		list_for_each_entry(dev, &bus->devices, bus_node) {
			switch (dev->state) {
			case DEVICE_BOUND:
				c->bound++;
				break;
			case DEVICE_DEFERRED:
				c->deferred++;
				break;
			case DEVICE_FAILED:
				c->failed++;
				break;
			case DEVICE_NO_DRIVER:
				c->no_driver++;
				break;
			case DEVICE_WAITING:
				c->waiting++;
				break;
			}
		}
	}
	device_core_unlock();
}

/*
 * What became of the device a deferred one waits for: the usual answers to
 * "why is it still waiting" (the supplier's node is disabled, nobody drives
 * it, or it waits itself).
 */
void device_supplier_status(const struct device *dev, char *buf, size_t len)
{
	const struct device_node *np = dev->waiting_for;
	struct device *sup = np ? np->data : NULL;

	buf[0] = '\0';
	if (!np)
		return;
	if (!of_device_is_available(np))
		snprintf(buf, len, " (that node is disabled)");
	else if (!of_node_check_flag(np, OF_POPULATED) || !sup)
		snprintf(buf, len, " (that node has no device)");
	else if (sup->state == DEVICE_NO_DRIVER)
		snprintf(buf, len, " (no driver for it)");
	else if (sup->state == DEVICE_FAILED)
		snprintf(buf, len, " (its probe failed: %s)", errname(sup->probe_err));
	else if (sup->state == DEVICE_DEFERRED)
		snprintf(buf, len, " (itself deferred)");
}

int driver_deferred_probe_report(void)
{
	struct device_state_counts c;
	char path[DEVICE_REASON_MAX], why[48];
	struct device *dev;

	device_core_lock();
	list_for_each_entry(dev, &deferred_probe_list, deferred_node) {
		dev_node_path(dev, path, sizeof(path));
		device_supplier_status(dev, why, sizeof(why));
		pr_warn("%s still deferred at end of boot: %s%s\n", path, dev->defer_reason, why);
	}
	device_core_unlock();
	device_count_states(&c);
	/* Anything not bound: say where the explanation is. */
	pr_info("%d device(s) bound, %d deferred, %d failed, %d without driver%s\n",
		c.bound, c.deferred, c.failed, c.no_driver,
		c.deferred + c.failed + c.no_driver ?
		"; `whynot PATH` explains a node that is not bound" : "");
	return c.deferred;
}

void device_set_deferred_probe_supplier(struct device *dev, struct device_node *np)
{
	dev->waiting_for = np;
}
EXPORT_SYMBOL(device_set_deferred_probe_supplier);

static void chomp(char *s)
{
	size_t n = strlen(s);

	while (n && s[n - 1] == '\n')
		s[--n] = '\0';
}

void device_set_deferred_probe_reason(struct device *dev, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(dev->defer_reason, sizeof(dev->defer_reason), fmt, ap);
	va_end(ap);
	chomp(dev->defer_reason);
}
EXPORT_SYMBOL(device_set_deferred_probe_reason);

int dev_err_probe(struct device *dev, int err, const char *fmt, ...)
{
	char msg[DEVICE_REASON_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	chomp(msg);
	if (err != -EPROBE_DEFER)
		dev_err(dev, "error %s: %s\n", errname(err), msg);
	/* A failure's message is kept too (after dev_err(), which would keep
	 * its own line): `whynot` shows it with the error. */
	snprintf(dev->defer_reason, sizeof(dev->defer_reason), "%s", msg);
	return err;
}
EXPORT_SYMBOL(dev_err_probe);

void _dev_err(struct device *dev, const char *fmt, ...)
{
	char msg[DEVICE_REASON_MAX + 64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	printk(KERN_ERR "%s %s: %s", dev_driver_string(dev), dev_name(dev), msg);
	/* really_probe() sets dev->driver for the call and clears the reason
	 * before it: set on a device not bound is one being probed. */
	if (dev->driver && dev->state != DEVICE_BOUND) {
		snprintf(dev->defer_reason, sizeof(dev->defer_reason), "%s", msg);
		chomp(dev->defer_reason);
	}
}
EXPORT_SYMBOL(_dev_err);
