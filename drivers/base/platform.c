// SPDX-License-Identifier: BSD-2-Clause
/*
 * The platform bus.  Devices come from the tree (of/platform.c); a driver
 * matches by its of_device_id table (best score wins), or by name for a
 * device created in code without a node.  Interrupts are mapped when the
 * driver asks for them, because the controller may probe after the device
 * was created: until it has, platform_get_irq() says -EPROBE_DEFER.
 */
#define pr_fmt(fmt) "platform: " fmt

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/ioport.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/of_irq.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/string.h>

/* The driver core has tried the tables; a device without a node has Linux's
 * fallback: the device's name is the driver's. */
static int platform_match(struct device *dev, struct device_driver *drv)
{
	struct platform_device *pdev = to_platform_device(dev);

	return !dev->of_node && pdev->name && drv->name && !strcmp(pdev->name, drv->name);
}

static int platform_probe(struct device *dev)
{
	struct platform_driver *pdrv = to_platform_driver(dev->driver);

	return pdrv->probe ? pdrv->probe(to_platform_device(dev)) : 0;
}

static void platform_remove(struct device *dev)
{
	struct platform_driver *pdrv = to_platform_driver(dev->driver);

	if (pdrv->remove)
		pdrv->remove(to_platform_device(dev));
}

struct bus_type platform_bus_type = {
	.name = "platform",
	.match = platform_match,
	.probe = platform_probe,
	.remove = platform_remove,
};
EXPORT_SYMBOL(platform_bus_type);

int platform_driver_register(struct platform_driver *drv)
{
	if (!drv->driver.name || !drv->probe)
		return -EINVAL;
	drv->driver.bus = &platform_bus_type;
	return driver_register(&drv->driver);
}
EXPORT_SYMBOL(platform_driver_register);

void platform_driver_unregister(struct platform_driver *drv)
{
	driver_unregister(&drv->driver);
}
EXPORT_SYMBOL(platform_driver_unregister);

struct platform_object {
	struct platform_device pdev;
	char name[];
};

static void platform_device_release(struct device *dev)
{
	struct platform_object *pa = container_of(to_platform_device(dev),
						  struct platform_object, pdev);

	/* Whoever set dev.of_node took a reference (as Linux's release puts). */
	of_node_put(pa->pdev.dev.of_node);
	kfree(pa->pdev.resource);
	kfree(pa->pdev.dev.dma_range_map);
	kfree(pa);
}

struct platform_device *platform_device_alloc(const char *name, int id)
{
	size_t len = strlen(name) + 1;
	struct platform_object *pa = kzalloc(sizeof(*pa) + len, GFP_KERNEL);

	if (!pa)
		return NULL;
	memcpy(pa->name, name, len);
	pa->pdev.name = pa->name;
	pa->pdev.id = id;
	device_initialize(&pa->pdev.dev);
	pa->pdev.dev.release = platform_device_release;
	return &pa->pdev;
}
EXPORT_SYMBOL(platform_device_alloc);

int platform_device_add_resources(struct platform_device *pdev,
				  const struct resource *res, unsigned int num)
{
	struct resource *r = NULL;

	if (num) {
		r = kcalloc(num, sizeof(*r), GFP_KERNEL);
		if (!r)
			return -ENOMEM;
		memcpy(r, res, num * sizeof(*r));
	}
	kfree(pdev->resource);
	pdev->resource = r;
	pdev->num_resources = num;
	return 0;
}
EXPORT_SYMBOL(platform_device_add_resources);

/* Return: 0; -EINVAL without a name; -EEXIST if already added. */
int platform_device_add(struct platform_device *pdev)
{
	pdev->dev.bus = &platform_bus_type;
	if (!pdev->dev.name[0]) {
		if (pdev->id < 0)
			snprintf(pdev->dev.name, sizeof(pdev->dev.name), "%s", pdev->name);
		else
			snprintf(pdev->dev.name, sizeof(pdev->dev.name), "%s.%d",
				 pdev->name, pdev->id);
	}
	return device_add(&pdev->dev);
}
EXPORT_SYMBOL(platform_device_add);

void platform_device_put(struct platform_device *pdev)
{
	if (pdev && !pdev->dev.registered && pdev->dev.release)
		pdev->dev.release(&pdev->dev);
}
EXPORT_SYMBOL(platform_device_put);

void platform_device_unregister(struct platform_device *pdev)
{
	if (pdev)
		device_unregister(&pdev->dev);
}
EXPORT_SYMBOL(platform_device_unregister);

static struct resource *nth_resource(struct platform_device *pdev,
				     unsigned int type, unsigned int num)
{
	u32 i;

	for (i = 0; i < pdev->num_resources; i++) {
		struct resource *r = &pdev->resource[i];

		if ((r->flags & (IORESOURCE_MEM | IORESOURCE_IRQ)) == type && num-- == 0)
			return r;
	}
	return NULL;
}

int platform_irq_count(struct platform_device *pdev)
{
	int n = 0;

	while (nth_resource(pdev, IORESOURCE_IRQ, (unsigned int)n))
		n++;
	return n;
}
EXPORT_SYMBOL(platform_irq_count);

/*
 * The tree's interrupts are parsed again at each call (cheap) and mapped
 * through the controller's domain, which keeps mappings: a second call
 * returns the same number.
 */
static int of_platform_irq(struct platform_device *pdev, unsigned int num)
{
	struct of_phandle_args args;
	unsigned int virq;
	int ret;

	ret = of_irq_parse_one(pdev->dev.of_node, (int)num, &args);
	if (ret)
		return -ENXIO;
	if (!irq_find_host(args.np)) {
		device_set_deferred_probe_reason(&pdev->dev,
						 "waiting for interrupt parent %pOF", args.np);
		device_set_deferred_probe_supplier(&pdev->dev, args.np);
		return -EPROBE_DEFER;
	}
	virq = irq_create_of_mapping(&args);
	return virq ? (int)virq : -EINVAL;
}

int platform_get_irq_optional(struct platform_device *pdev, unsigned int num)
{
	struct resource *r = nth_resource(pdev, IORESOURCE_IRQ, num);
	int ret;

	if (!pdev->dev.of_node)
		return r && r->start ? (int)r->start : -ENXIO;
	ret = of_platform_irq(pdev, num);
	if (ret > 0 && r) {
		r->start = (resource_size_t)ret;
		r->end = (resource_size_t)ret;
	}
	return ret;
}
EXPORT_SYMBOL(platform_get_irq_optional);

int platform_get_irq(struct platform_device *pdev, unsigned int num)
{
	int ret = platform_get_irq_optional(pdev, num);

	if (ret < 0 && ret != -EPROBE_DEFER)
		dev_err(&pdev->dev, "IRQ index %u not found or not mappable: %s\n",
			num, errname(ret));
	return ret;
}
EXPORT_SYMBOL(platform_get_irq);

struct resource *platform_get_resource(struct platform_device *pdev,
				       unsigned int type, unsigned int num)
{
	struct resource *r = nth_resource(pdev, type, num);

	if (r && type == IORESOURCE_IRQ && !r->start &&
	    platform_get_irq_optional(pdev, num) <= 0)
		return NULL;
	return r;
}
EXPORT_SYMBOL(platform_get_resource);

void __iomem *devm_platform_ioremap_resource(struct platform_device *pdev,
					     unsigned int index)
{
	struct resource *r = platform_get_resource(pdev, IORESOURCE_MEM, index);

	if (!r) {
		dev_err(&pdev->dev, "no MEM resource %u (reg entry)\n", index);
		return ERR_PTR(-EINVAL);
	}
	return devm_ioremap_resource(&pdev->dev, r);
}
EXPORT_SYMBOL(devm_platform_ioremap_resource);
