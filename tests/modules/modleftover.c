// SPDX-License-Identifier: BSD-2-Clause
/*
 * Test module with the bug the module unwinder exists for: its init
 * registers a driver, adds a device and requests an IRQ, then fails (or,
 * with fail=0, succeeds and its exit takes nothing back).  The kernel must
 * unregister all three with a warning naming each.  drvname= registers the
 * driver under another name (a built-in driver's: refused).
 */
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/platform_device.h>
#include <linux/printk.h>

static bool fail = true;
static char *drvname = "modleftover";
module_param(fail, bool, 0444);
module_param(drvname, charp, 0444);

static int leftover_probe(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver leftover_driver = {
	.probe = leftover_probe,
};

static irqreturn_t leftover_irq(int irq, void *dev_id)
{
	return IRQ_NONE;
}

static int modleftover_init(void)
{
	struct platform_device *pdev;
	struct device_node *np;
	int ret, irq;

	leftover_driver.driver.name = drvname;
	ret = platform_driver_register(&leftover_driver);
	if (ret)
		return ret;
	pdev = platform_device_alloc("modleftover-dev", -1);
	if (!pdev || platform_device_add(pdev))
		return -ENOMEM;
	/* A GPIO block's line: in the tree, with no driver of its own. */
	np = of_find_compatible_node(NULL, NULL, "arm,pl061");
	irq = np ? (int)irq_of_parse_and_map(np, 0) : 0;
	of_node_put(np);
	if (irq <= 0 || request_irq(irq, leftover_irq, 0, "modleftover", &leftover_driver))
		return -ENXIO;
	pr_info("modleftover: driver, device and IRQ %d registered; %s\n", irq,
		fail ? "failing" : "loaded");
	return fail ? -ENODEV : 0;
}

static void modleftover_exit(void)
{
	pr_info("modleftover: exit takes nothing back\n");
}

module_init(modleftover_init);
module_exit(modleftover_exit);
MODULE_LICENSE("Dual BSD/GPL");
