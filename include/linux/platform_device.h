/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The platform bus: devices that sit at a fixed place in the address map,
 * described by tree nodes (of/platform.c creates them), and their drivers,
 * matched by the `compatible` strings in each driver's of_device_id table.
 */
#ifndef _LINUX_PLATFORM_DEVICE_H
#define _LINUX_PLATFORM_DEVICE_H

#include <linux/compiler_types.h>
#include <linux/device.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/of.h>

struct platform_device {
	const char *name;
	int id;
	struct device dev;
	u32 num_resources;
	/* MEM resources from `reg`, then one IRQ resource per `interrupts`
	 * entry; an IRQ resource is filled when first mapped (its controller
	 * may probe after this device is created). */
	struct resource *resource;
};

#define to_platform_device(d) container_of((d), struct platform_device, dev)

struct platform_driver {
	int (*probe)(struct platform_device *pdev);
	/* Undo probe; devm_ resources are released after it returns. */
	int (*remove)(struct platform_device *pdev);
	struct device_driver driver;
};

#define to_platform_driver(d) container_of((d), struct platform_driver, driver)

extern struct bus_type platform_bus_type;

static inline void *platform_get_drvdata(const struct platform_device *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void platform_set_drvdata(struct platform_device *pdev, void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

/**
 * platform_driver_register() - register @drv on the platform bus and bind it
 * to every device it matches best.
 * Return: 0; -EINVAL without a name or probe; -EBUSY if already registered.
 */
int platform_driver_register(struct platform_driver *drv);
void platform_driver_unregister(struct platform_driver *drv);

/*
 * One line per driver file.  Built in, the driver registers at
 * device_initcall level; built as a module, at module load.
 */
#ifdef MODULE
#define module_platform_driver(__drv) \
	static int __drv##_init(void) { return platform_driver_register(&(__drv)); } \
	static void __drv##_exit(void) { platform_driver_unregister(&(__drv)); } \
	module_init(__drv##_init); \
	module_exit(__drv##_exit)
#else
#define module_platform_driver(__drv) \
	static int __init __drv##_init(void) { return platform_driver_register(&(__drv)); } \
	device_initcall(__drv##_init)
#endif

/**
 * platform_device_alloc() - a zeroed platform device named @name with its own
 * copy of the name; add it with platform_device_add(), drop it with
 * platform_device_put() (not added) or platform_device_unregister().
 * Return: the device or NULL (no memory).
 */
struct platform_device *platform_device_alloc(const char *name, int id);
/* Return: 0 or -ENOMEM; copies @num resources. */
int platform_device_add_resources(struct platform_device *pdev,
				  const struct resource *res, unsigned int num);
int platform_device_add(struct platform_device *pdev);
void platform_device_put(struct platform_device *pdev);
void platform_device_unregister(struct platform_device *pdev);

/**
 * platform_get_resource() - the @num-th resource of @type (IORESOURCE_MEM or
 * IORESOURCE_IRQ) of @pdev.  IRQ resources are mapped on first use.
 * Return: the resource, or NULL when there is none (or the IRQ cannot be
 * mapped yet).
 */
struct resource *platform_get_resource(struct platform_device *pdev,
				       unsigned int type, unsigned int num);

/**
 * platform_get_irq() - virtual IRQ number of the @num-th interrupt of @pdev,
 * mapped through the interrupt parent's IRQ domain (lazily, as in Linux).
 * Return: the IRQ (> 0); -EPROBE_DEFER when the interrupt parent has not
 * registered its domain yet (the reason is recorded in the device); -ENXIO
 * when there is no such interrupt; -EINVAL when the specifier is malformed.
 * Logs an error, except for -EPROBE_DEFER.  platform_get_irq_optional() is
 * the same without the log line.
 */
int platform_get_irq(struct platform_device *pdev, unsigned int num);
int platform_get_irq_optional(struct platform_device *pdev, unsigned int num);
/* Number of interrupts @pdev has (mapped or not). */
int platform_irq_count(struct platform_device *pdev);

/**
 * devm_platform_ioremap_resource() - the @index-th MEM resource, claimed and
 * mapped for MMIO (devm_ioremap_resource()), both undone on unbind.
 * Return: the address; ERR_PTR(-EINVAL) when there is no such resource;
 * ERR_PTR(-EBUSY) when the window overlaps another device's, RAM or a
 * reserved range, or wraps; ERR_PTR(-ENOMEM).
 */
void __iomem *devm_platform_ioremap_resource(struct platform_device *pdev,
					     unsigned int index);

/* The device created from @np, or NULL. */
struct platform_device *of_find_device_by_node(struct device_node *np);

#endif
