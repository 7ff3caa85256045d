// SPDX-License-Identifier: BSD-2-Clause
/*
 * From the live tree to platform devices.  The root's children become
 * devices, and so do the children of bus nodes (simple-bus and friends),
 * recursively; plain bus nodes are containers here and get none, but a
 * "simple-mfd" block (a device whose functions are its children) gets one.
 * `reg` becomes MEM resources, translated to CPU addresses through every
 * parent's `ranges`; each `interrupts` entry becomes an IRQ resource that
 * is mapped only when the driver asks (its controller may not have probed).
 */
#define pr_fmt(fmt) "of: " fmt

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_device.h>
#include <linux/dma-map-ops.h>
#include <linux/of_irq.h>
#include <linux/of_platform.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>

const struct of_device_id of_default_bus_match_table[] = {
	{ .compatible = "simple-bus" },
	{ .compatible = "simple-mfd" },
	{ .compatible = "arm,amba-bus" },
	/* Versatile Express: oscillators and resets reached through the system
	 * registers (drivers/bus/vexpress-config.c); Linux's bridge driver
	 * populates it, here the one bus rule does. */
	{ .compatible = "arm,vexpress,config-bus" },
	{ }
};

bool of_platform_node_is_bus(const struct device_node *np)
{
	return of_match_node(of_default_bus_match_table, np) != NULL;
}

bool of_platform_bus_is_device(const struct device_node *np)
{
	return of_device_is_compatible(np, "simple-mfd") > 0;
}

/* What one populate call did, for its summary line. */
struct populate_stats {
	int created, disabled, no_compatible, failed;
};

/* Entries in `reg`, from the parent's #address-cells/#size-cells. */
static int count_reg(struct device_node *np)
{
	int len = 0, cells = of_n_addr_cells(np) + of_n_size_cells(np);

	if (!of_get_property(np, "reg", &len) || cells <= 0)
		return 0;
	return len / (4 * cells);
}

static int fill_resources(struct platform_device *pdev, struct device_node *np)
{
	int nreg = count_reg(np), nirq = of_irq_count(np), i, used = 0;
	struct resource *res;
	int ret;

	if (nreg + nirq == 0)
		return 0;
	res = kcalloc((size_t)(nreg + nirq), sizeof(*res), GFP_KERNEL);
	if (!res)
		return -ENOMEM;
	for (i = 0; i < nreg; i++) {
		ret = of_address_to_resource(np, i, &res[used]);
		if (ret) {
			pr_warn("%pOF: reg entry %d not reachable from the CPU: %s\n",
				np, i, errname(ret));
			continue;
		}
		/* Kept (drivers count entries by index), but no window at all:
		 * an ordinary slip, e.g. #size-cells = <0> on the bus. */
		if (res[used].end + 1 == res[used].start)
			pr_warn("%s: reg entry %d has size 0: the device gets an empty window\n",
				np->full_name, i);
		res[used].flags = IORESOURCE_MEM;
		used++;
	}
	for (i = 0; i < nirq; i++) {
		res[used].flags = IORESOURCE_IRQ;
		res[used].name = np->full_name;
		used++;
	}
	ret = platform_device_add_resources(pdev, res, (unsigned int)used);
	kfree(res);
	return ret;
}

int of_dma_configure(struct device *dev, struct device_node *np, bool force_dma)
{
	const struct bus_dma_region *map = NULL;
	int ret;

	if (!np || !np->parent)
		return force_dma ? -ENODEV : 0;
	ret = of_dma_get_range(np->parent, &map);
	if (ret == -ENODEV && !force_dma)
		return 0;
	if (ret)
		return ret;
	kfree(dev->dma_range_map);
	dev->dma_range_map = map;
	return 0;
}
EXPORT_SYMBOL(of_dma_configure);

/*
 * Linux's names (of_device_make_bus_id): "101f1000.uart" from the first
 * address that translates; a node whose reg does not translate takes its
 * nearest such ancestor's name as a prefix ("10000000.sysreg:reboot"), and
 * a "mask" property adds its first bit, so LEDs sharing one register differ
 * ("10000008.0.led", "10000008.1.led").  Without any address: the names
 * from the root down, joined with ':'.
 */
static void make_name(struct platform_device *pdev, struct device_node *np)
{
	char *name = pdev->dev.name, tail[sizeof(pdev->dev.name)] = "";
	size_t size = sizeof(pdev->dev.name);
	struct device_node *node;

	for (node = np; node && node->parent; node = node->parent) {
		struct resource r;
		u32 mask;

		if (of_find_property(node, "reg", NULL) && !of_address_to_resource(node, 0, &r)) {
			char bit[16] = "";

			if (!of_property_read_u32(node, "mask", &mask) && mask)
				snprintf(bit, sizeof(bit), ".%x", __builtin_ctz(mask));
			snprintf(name, size, "%llx%s.%s%s%s", (unsigned long long)r.start, bit,
				 node->name, tail[0] ? ":" : "", tail);
			return;
		}
		snprintf(name, size, "%s%s%s", node->full_name, tail[0] ? ":" : "", tail);
		strscpy(tail, name, sizeof(tail));
	}
}

struct platform_device *of_platform_device_create(struct device_node *np,
						  const char *bus_id,
						  struct device *parent)
{
	struct platform_device *pdev;

	if (!of_device_is_available(np) || of_node_check_flag(np, OF_POPULATED))
		return NULL;
	pdev = platform_device_alloc(bus_id ? bus_id : np->name, -1);
	if (!pdev)
		return NULL;
	if (fill_resources(pdev, np))
		goto err_put;
	if (bus_id)
		snprintf(pdev->dev.name, sizeof(pdev->dev.name), "%s", bus_id);
	else
		make_name(pdev, np);
	pdev->dev.of_node = of_node_get(np);      /* dropped by the release */
	pdev->dev.parent = parent;
	if (of_dma_configure(&pdev->dev, np, false))
		pr_warn("%pOF: dma-ranges unusable: the device sees memory 1:1\n", np);
	np->data = &pdev->dev;   /* the driver core's view: a struct device */
	of_node_set_flag(np, OF_POPULATED);
	if (platform_device_add(pdev))
		goto err_unflag;
	return pdev;

err_unflag:
	of_node_clear_flag(np, OF_POPULATED);
	np->data = NULL;
err_put:
	platform_device_put(pdev);
	return NULL;
}

static void create_bus(struct device_node *np, const struct of_device_id *matches,
		       struct device *parent, struct populate_stats *st)
{
	struct device_node *child;

	if (!of_get_property(np, "compatible", NULL)) {
		st->no_compatible++;
		return;
	}
	if (!of_device_is_available(np)) {
		st->disabled++;
		return;
	}
	if (of_match_best(matches, np, NULL)) {
		if (of_node_check_flag(np, OF_POPULATED_BUS))
			return;
		of_node_set_flag(np, OF_POPULATED_BUS);
		/* A multi-function block is a device with registers of its own. */
		if (of_platform_bus_is_device(np) &&
		    !of_node_check_flag(np, OF_POPULATED)) {
			if (of_platform_device_create(np, NULL, parent))
				st->created++;
			else
				st->failed++;
		}
		for (child = np->child; child; child = child->sibling)
			create_bus(child, matches, parent, st);
		return;
	}
	if (of_node_check_flag(np, OF_POPULATED))
		return;
	if (of_platform_device_create(np, NULL, parent))
		st->created++;
	else
		st->failed++;
}

static int populate(struct device_node *root, const struct of_device_id *matches,
		    struct device *parent, struct populate_stats *st)
{
	struct device_node *child;

	if (!root)
		root = of_root;
	if (!root)
		return -EINVAL;
	/* Every device first, then links between them, then probes in order. */
	device_block_probing();
	/* Its children are devices now: a node added later under it is too. */
	of_node_set_flag(root, OF_POPULATED_BUS);
	for (child = root->child; child; child = child->sibling)
		create_bus(child, matches, parent, st);
	device_unblock_probing();
	return 0;
}

int of_platform_populate(struct device_node *root,
			 const struct of_device_id *matches,
			 const struct of_dev_auxdata *lookup,
			 struct device *parent)
{
	struct populate_stats st = { 0 };

	return populate(root, matches, parent, &st);
}
EXPORT_SYMBOL(of_platform_populate);

/* A device made from @np (and from the nodes under it, for a bus) goes. */
static void destroy_node_devices(struct device_node *np)
{
	struct device_node *child;
	struct device *dev = np->data;

	for (child = np->child; child; child = child->sibling)
		destroy_node_devices(child);
	of_node_clear_flag(np, OF_POPULATED_BUS);
	if (!of_node_check_flag(np, OF_POPULATED) || !dev || dev->bus != &platform_bus_type)
		return;
	platform_device_unregister(to_platform_device(dev));   /* its driver's remove runs */
	np->data = NULL;
	of_node_clear_flag(np, OF_POPULATED);
}

/*
 * The tree changed (an overlay, or a direct of_add/remove/update_property):
 * a node that appears, whose status becomes "okay", or that gains a
 * compatible, under a bus whose children are devices becomes a device (a
 * bus node brings its children along); one that goes, is disabled, or
 * loses its compatible loses its device; one whose compatible changes is
 * bound again by the new match.  The rules are the OF core's
 * (of_reconfig_get_state_change, of_reconfig_compatible_changed), so
 * ofdump's dry run predicts exactly this.
 */
static int of_platform_notify(struct notifier_block *nb, unsigned long action, void *arg)
{
	struct of_reconfig_data *rd = arg;
	struct populate_stats st = { 0 };
	struct device_node *np = rd->dn;
	struct device *dev;

	switch (of_reconfig_get_state_change(action, rd)) {
	case OF_RECONFIG_CHANGE_ADD:
		if (!np->parent || !of_node_check_flag(np->parent, OF_POPULATED_BUS))
			return NOTIFY_DONE;
		create_bus(np, of_default_bus_match_table, NULL, &st);
		return NOTIFY_OK;
	case OF_RECONFIG_CHANGE_REMOVE:
		destroy_node_devices(np);
		if (action == OF_RECONFIG_DETACH_NODE)
			fw_devlink_node_detached(np);
		return NOTIFY_OK;
	default:
		break;
	}
	if (action < OF_RECONFIG_ADD_PROPERTY || !np->data)
		return NOTIFY_DONE;
	dev = np->data;
	if (dev->bus != &platform_bus_type || dev->of_node != np || !dev->registered ||
	    !list_empty(&dev->pending_node))
		return NOTIFY_DONE;
	/*
	 * What it matches by changed (beyond Linux, which leaves a bound
	 * device alone): unbind it, consumers first, and bind what matches
	 * now; the overlay's removal puts the old compatible and driver back.
	 */
	if (of_reconfig_compatible_changed(action, rd)) {
		dev_info(dev, "%pOF: compatible changed: binding again by the new match\n", np);
		device_reprobe(dev);
		return NOTIFY_OK;
	}
	/*
	 * Another property of a node whose device failed to probe changed: an
	 * overlay came, or went and put back what broke it.  The failure may
	 * be gone: probe again (a bound device keeps its driver, as in Linux).
	 */
	if (dev->state == DEVICE_FAILED) {
		dev_info(dev, "%pOF: property %s changed: probing again\n", np,
			 rd->prop ? rd->prop->name : "?");
		device_attach(dev);
		return NOTIFY_OK;
	}
	return NOTIFY_DONE;
}

static struct notifier_block platform_of_notifier = {
	.notifier_call = of_platform_notify,
};

int of_platform_default_populate(struct device_node *root,
				 const struct of_dev_auxdata *lookup,
				 struct device *parent)
{
	struct populate_stats st = { 0 };
	int ret = populate(root, of_default_bus_match_table, parent, &st);

	of_reconfig_notifier_register(&platform_of_notifier);  /* -EEXIST when again */

	if (ret) {
		pr_err("populate: no live tree\n");
		return ret;
	}
	pr_info("populated %d platform devices (%d disabled, %d without compatible, %d failed)\n",
		st.created, st.disabled, st.no_compatible, st.failed);
	return 0;
}

static void clear_bus_flags(struct device_node *np)
{
	struct device_node *child;

	of_node_clear_flag(np, OF_POPULATED_BUS);
	for (child = np->child; child; child = child->sibling)
		clear_bus_flags(child);
}

static bool populated_under(struct device *dev, void *parent)
{
	struct device_node *np = dev->of_node;

	return dev->bus == &platform_bus_type && dev->parent == parent && np &&
	       np->data == dev;
}

static int unregister_populated(struct device *dev, void *parent)
{
	struct device_node *np = dev->of_node;

	if (!populated_under(dev, parent))
		return 0;
	platform_device_unregister(to_platform_device(dev));
	np->data = NULL;
	of_node_clear_flag(np, OF_POPULATED);
	return 0;
}

void of_platform_depopulate(struct device *parent)
{
	/* Unbind consumers before their suppliers, then delete newest first. */
	device_release_drivers_reverse(populated_under, parent);
	bus_for_each_dev_reverse(&platform_bus_type, parent, unregister_populated);
	if (!parent && of_root)
		clear_bus_flags(of_root);
}
EXPORT_SYMBOL(of_platform_depopulate);

struct platform_device *of_find_device_by_node(struct device_node *np)
{
	struct device *dev = np ? np->data : NULL;

	/* An I2C client's node has a device too, on another bus. */
	if (!dev || !of_node_check_flag(np, OF_POPULATED) || dev->bus != &platform_bus_type)
		return NULL;
	return to_platform_device(dev);
}
EXPORT_SYMBOL(of_find_device_by_node);
