// SPDX-License-Identifier: BSD-2-Clause
/*
 * The driver core's side of module unloading.  A module's drivers and
 * devices are its own to unregister in its exit; when a failed init or a
 * careless exit leaves some registered, they would point into freed memory.
 * On MODULE_STATE_GOING (before the module is freed) the driver core finds
 * them by owner and unregisters them: drivers first (unbinding runs their
 * remove(), which takes back the devices and handlers their probe made),
 * then devices.  Each one is named in a warning: the module has a bug, the
 * kernel survives it.  The loader (kernel/module) only sends the event.
 */
#define pr_fmt(fmt) "module: " fmt

#include <linux/device.h>
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/printk.h>

#include "base.h"

/* Looked up afresh after each unregister: that may take others away. */
static struct device_driver *driver_owned_by(struct bus_type *bus, const struct module *mod)
{
	struct device_driver *drv;

	list_for_each_entry(drv, &bus->drivers, bus_node)
		if (drv->owner == mod)
			return drv;
	return NULL;
}

static struct device *device_owned_by(struct bus_type *bus, const struct module *mod)
{
	struct device *dev;

	list_for_each_entry(dev, &bus->devices, bus_node)
		if (dev->owner == mod)
			return dev;
	return NULL;
}

static int driver_module_going(struct notifier_block *nb, unsigned long state, void *data)
{
	struct module *mod = data;
	struct device_driver *drv;
	struct bus_type *bus;
	struct device *dev;

	if (state != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	device_core_lock();
	for (bus = bus_next(NULL); bus; bus = bus_next(bus)) {
		while ((drv = driver_owned_by(bus, mod))) {
			pr_warn("%s: %s left driver %s registered on %s; unregistering it\n",
				mod->name, mod->going_why, drv->name, bus->name);
			driver_unregister(drv);
		}
	}
	for (bus = bus_next(NULL); bus; bus = bus_next(bus)) {
		while ((dev = device_owned_by(bus, mod))) {
			pr_warn("%s: %s left device %s on %s; unregistering it\n", mod->name,
				mod->going_why, dev_name(dev), bus->name);
			device_unregister(dev);
		}
	}
	device_core_unlock();
	return NOTIFY_OK;
}

static struct notifier_block driver_module_nb = {
	.notifier_call = driver_module_going,
	.priority = MODULE_NOTIFY_PRIO_DRIVERS,
};

int driver_module_notifier_register(void)
{
	return register_module_notifier(&driver_module_nb);
}
