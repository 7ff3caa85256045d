// SPDX-License-Identifier: BSD-2-Clause
/*
 * Devices, drivers and buses: registration, names, match scoring.
 * Binding and deferred probe live in dd.c, managed resources in devres.c.
 */
#define pr_fmt(fmt) "driver core: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/platform_device.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "base.h"

static LIST_HEAD(bus_list);

/*
 * The device core's lock: one for all of it (the buses' device and driver
 * lists, binding, the deferred and bound lists, device links), held across
 * a probe or a remove.  Linux has a mutex per device, a lock per bus list
 * and device_links_lock, and sleeps on them; coyote has no scheduler to
 * sleep with, and a probe registers or unregisters other devices (a bus
 * populating its children, an adapter its clients, a supplier's unbind its
 * consumers'), so the one lock is taken again by the CPU that holds it: a
 * depth count, not a second lock with an order to keep.  It is the ticket
 * spinlock of <linux/spinlock.h>: on ARMv7 other CPUs spin on it; on the
 * ARM926 (one CPU) only the count is kept, which costs nothing measurable.
 *
 * Not with IRQs masked: a probe may wait for an interrupt.  So an interrupt
 * handler must never take it on a CPU that holds it (the list it would walk
 * is half changed, and spinning would never end): that is a bug, and it
 * panics saying so.  An interrupt on another CPU (smp_call_function_single()
 * runs its function in the IPI handler) spins until the holder is done.
 */
static struct {
	spinlock_t lock;
	volatile int owner;	/* CPU holding it, -1: none */
	unsigned int depth;	/* its takes on that CPU */
	bool in_irq;		/* taken by an interrupt handler */
} core_lock = { .owner = -1 };

void device_core_lock(void)
{
	int me = (int)smp_processor_id();

	if (core_lock.owner == me) {
		if (core_lock.in_irq != in_interrupt())
			panic("device core lock taken %s on CPU %d, which holds it %s",
			      in_interrupt() ? "in an interrupt" : "outside the interrupt", me,
			      core_lock.in_irq ? "in an interrupt" : "outside interrupts");
		core_lock.depth++;
		return;
	}
	spin_lock(&core_lock.lock);
	core_lock.owner = me;
	core_lock.in_irq = in_interrupt();
	core_lock.depth = 1;
}
EXPORT_SYMBOL(device_core_lock);

void device_core_unlock(void)
{
	if (core_lock.owner != (int)smp_processor_id() || !core_lock.depth) {
		pr_err("device core unlocked by CPU %u, which does not hold it\n",
		       smp_processor_id());
		return;
	}
	if (--core_lock.depth)
		return;
	core_lock.owner = -1;
	spin_unlock(&core_lock.lock);
}
EXPORT_SYMBOL(device_core_unlock);

/* A bus is registered on first use, so initcall order cannot break it. */
static int bus_register_locked(struct bus_type *bus)
{
	if (!bus || !bus->name)
		return -EINVAL;
	if (bus->node.next)
		return 0;
	INIT_LIST_HEAD(&bus->devices);
	INIT_LIST_HEAD(&bus->drivers);
	list_add_tail(&bus->node, &bus_list);
	return 0;
}

int bus_register(struct bus_type *bus)
{
	int ret;

	device_core_lock();
	ret = bus_register_locked(bus);
	device_core_unlock();
	return ret;
}
EXPORT_SYMBOL(bus_register);

struct bus_type *bus_next(struct bus_type *prev)
{
	struct list_head *n = prev ? prev->node.next : bus_list.next;

	if (n == &bus_list)
		return NULL;
	return list_entry(n, struct bus_type, node);
}

int bus_for_each_dev(struct bus_type *bus, void *data,
		     int (*fn)(struct device *dev, void *data))
{
	struct device *dev, *n;
	int ret = 0;

	if (!bus->node.next)
		return 0;
	device_core_lock();
	list_for_each_entry_safe(dev, n, &bus->devices, bus_node) {
		ret = fn(dev, data);
		if (ret)
			break;
	}
	device_core_unlock();
	return ret;
}
EXPORT_SYMBOL(bus_for_each_dev);

/* Newest first; @fn may delete the device it is given. */
int bus_for_each_dev_reverse(struct bus_type *bus, void *data,
			     int (*fn)(struct device *dev, void *data))
{
	struct device *dev, *n;
	int ret = 0;

	if (!bus->node.next)
		return 0;
	device_core_lock();
	list_for_each_entry_safe_reverse(dev, n, &bus->devices, bus_node) {
		ret = fn(dev, data);
		if (ret)
			break;
	}
	device_core_unlock();
	return ret;
}

int bus_for_each_drv(struct bus_type *bus, void *data,
		     int (*fn)(struct device_driver *drv, void *data))
{
	struct device_driver *drv, *n;
	int ret = 0;

	if (!bus->node.next)
		return 0;
	device_core_lock();
	list_for_each_entry_safe(drv, n, &bus->drivers, bus_node) {
		ret = fn(drv, data);
		if (ret)
			break;
	}
	device_core_unlock();
	return ret;
}
EXPORT_SYMBOL(bus_for_each_drv);

const char *dev_driver_string(const struct device *dev)
{
	if (dev->driver && dev->driver->name)
		return dev->driver->name;
	if (dev->bus && dev->bus->name)
		return dev->bus->name;
	return "device";
}
EXPORT_SYMBOL(dev_driver_string);

const char *dev_state_name(enum device_probe_state state)
{
	switch (state) {
	case DEVICE_BOUND:
		return "bound";
	case DEVICE_DEFERRED:
		return "deferred";
	case DEVICE_FAILED:
		return "failed";
	case DEVICE_WAITING:
		return "waiting";
	case DEVICE_NO_DRIVER:
		break;
	}
	return "no driver";
}
EXPORT_SYMBOL(dev_state_name);

void dev_node_path(const struct device *dev, char *buf, size_t len)
{
	if (!len)
		return;
	if (dev->of_node)
		snprintf(buf, len, "%pOF", dev->of_node);
	else if (dev->parent && dev->parent->of_node)
		snprintf(buf, len, "%pOF", dev->parent->of_node);
	else
		snprintf(buf, len, "-");
}
EXPORT_SYMBOL(dev_node_path);

void device_initialize(struct device *dev)
{
	INIT_LIST_HEAD(&dev->bus_node);
	INIT_LIST_HEAD(&dev->deferred_node);
	INIT_LIST_HEAD(&dev->devres_head);
	INIT_LIST_HEAD(&dev->bound_node);
	INIT_LIST_HEAD(&dev->links_suppliers);
	INIT_LIST_HEAD(&dev->links_consumers);
	INIT_LIST_HEAD(&dev->pending_node);
	dev->links_scratch = -1;
	dev->links_cursor = NULL;
	dev->state = DEVICE_NO_DRIVER;
}
EXPORT_SYMBOL(device_initialize);

static int device_add_locked(struct device *dev)
{
	int ret;

	if (!dev->bus || !dev->name[0])
		return -EINVAL;
	if (dev->registered)
		return -EEXIST;
	ret = bus_register_locked(dev->bus);
	if (ret)
		return ret;
	list_add_tail(&dev->bus_node, &dev->bus->devices);
	dev->registered = true;
	dev->owner = module_owner(dev, (const void *)dev->release);
	device_links_device_added(dev);
	/* Inside of_platform_populate(): links first, then probes in order. */
	if (!device_links_defer_add(dev))
		device_links_add_and_attach(dev);
	return 0;
}

int device_add(struct device *dev)
{
	int ret;

	device_core_lock();
	ret = device_add_locked(dev);
	device_core_unlock();
	return ret;
}
EXPORT_SYMBOL(device_add);

int device_register(struct device *dev)
{
	device_initialize(dev);
	return device_add(dev);
}
EXPORT_SYMBOL(device_register);

void device_del(struct device *dev)
{
	device_core_lock();
	if (dev->registered) {
		device_release_driver(dev);
		device_links_purge(dev);
		list_del_init(&dev->deferred_node);
		list_del_init(&dev->bus_node);
		dev->registered = false;
	}
	device_core_unlock();
}
EXPORT_SYMBOL(device_del);

void device_unregister(struct device *dev)
{
	device_del(dev);
	if (dev->release)
		dev->release(dev);
}
EXPORT_SYMBOL(device_unregister);

const void *of_device_get_match_data(const struct device *dev)
{
	return dev->match ? dev->match->data : NULL;
}
EXPORT_SYMBOL(of_device_get_match_data);

/* Boot step: buses register on first use; say what exists so far.  A
 * second call (host tests) finds both registrations in place. */
int driver_init(void)
{
	int ret = bus_register(&platform_bus_type);

	if (ret)
		return ret;
	ret = driver_module_notifier_register();
	if (ret && ret != -EEXIST)
		return ret;
	ret = device_links_overlay_notifier_register();
	if (ret && ret != -EEXIST)
		return ret;
	pr_info("platform bus ready; drivers register as initcalls, devices come from the tree\n");
	return 0;
}
