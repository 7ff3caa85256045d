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

struct leftover {
	struct module *mod;
	struct device_driver *drv;
	struct device *dev;
};

static int find_driver(struct device_driver *drv, void *data)
{
	struct leftover *l = data;

	if (drv->owner != l->mod)
		return 0;
	l->drv = drv;
	return 1;
}

static int find_device(struct device *dev, void *data)
{
	struct leftover *l = data;

	if (dev->owner != l->mod)
		return 0;
	l->dev = dev;
	return 1;
}

static int driver_module_going(struct notifier_block *nb, unsigned long state, void *data)
{
	struct module *mod = data;
	struct leftover l = { .mod = mod };
	struct bus_type *bus;

	if (state != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	for (bus = bus_next(NULL); bus; bus = bus_next(bus)) {
		while (bus_for_each_drv(bus, &l, find_driver)) {
			pr_warn("%s: %s left driver %s registered on %s; unregistering it\n",
				mod->name, mod->going_why, l.drv->name, bus->name);
			driver_unregister(l.drv);
		}
	}
	for (bus = bus_next(NULL); bus; bus = bus_next(bus)) {
		while (bus_for_each_dev(bus, &l, find_device)) {
			pr_warn("%s: %s left device %s on %s; unregistering it\n", mod->name,
				mod->going_why, dev_name(l.dev), bus->name);
			device_unregister(l.dev);
		}
	}
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
