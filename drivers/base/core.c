// SPDX-License-Identifier: BSD-2-Clause
/*
 * Devices, drivers and buses: registration, names, match scoring.
 * Binding and deferred probe live in dd.c, managed resources in devres.c.
 */
#define pr_fmt(fmt) "driver core: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/string.h>

#include "base.h"

static LIST_HEAD(bus_list);

/* A bus is registered on first use, so initcall order cannot break it. */
int bus_register(struct bus_type *bus)
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
	int ret;

	if (!bus->node.next)
		return 0;
	list_for_each_entry_safe(dev, n, &bus->devices, bus_node) {
		ret = fn(dev, data);
		if (ret)
			return ret;
	}
	return 0;
}
EXPORT_SYMBOL(bus_for_each_dev);

/* Newest first; @fn may delete the device it is given. */
int bus_for_each_dev_reverse(struct bus_type *bus, void *data,
			     int (*fn)(struct device *dev, void *data))
{
	struct device *dev, *n;
	int ret;

	if (!bus->node.next)
		return 0;
	list_for_each_entry_safe_reverse(dev, n, &bus->devices, bus_node) {
		ret = fn(dev, data);
		if (ret)
			return ret;
	}
	return 0;
}

int bus_for_each_drv(struct bus_type *bus, void *data,
		     int (*fn)(struct device_driver *drv, void *data))
{
	struct device_driver *drv, *n;
	int ret;

	if (!bus->node.next)
		return 0;
	list_for_each_entry_safe(drv, n, &bus->drivers, bus_node) {
		ret = fn(drv, data);
		if (ret)
			return ret;
	}
	return 0;
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

int device_add(struct device *dev)
{
	int ret;

	if (!dev->bus || !dev->name[0])
		return -EINVAL;
	if (dev->registered)
		return -EEXIST;
	ret = bus_register(dev->bus);
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
EXPORT_SYMBOL(device_add);

int device_register(struct device *dev)
{
	device_initialize(dev);
	return device_add(dev);
}
EXPORT_SYMBOL(device_register);

void device_del(struct device *dev)
{
	if (!dev->registered)
		return;
	device_release_driver(dev);
	device_links_purge(dev);
	list_del_init(&dev->deferred_node);
	list_del_init(&dev->bus_node);
	dev->registered = false;
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
