// SPDX-License-Identifier: BSD-2-Clause
/*
 * Cortex-A9 Snoop Control Unit (`arm,cortex-a9-scu`).  Its control
 * register's bit 0 turns coherency between the cores on, which must
 * happen before a second core runs; its configuration register's bits 1:0
 * are the number of cores less one.  The secondaries' release
 * ("arm,realview-smp", vexpress-smp.c) asks it which cores exist, so a
 * tree that names four cores on a QEMU started with one leaves the other
 * three off at once, saying so, instead of waiting for them.
 */
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>
#include <asm/smp_scu.h>

#define SCU_CTRL		0x00
#define SCU_CONFIG		0x04

#define SCU_CTRL_ENABLE		(1u << 0)
#define SCU_CONFIG_CPUS		0x3	/* cores - 1 */

static int scu_cores;	/* 0: no SCU bound */

static const struct of_device_id scu_of_match[];

int scu_get_core_count(void)
{
	struct device_node *np;
	bool there;

	if (scu_cores)
		return scu_cores;
	np = of_find_matching_node(NULL, scu_of_match);
	there = np && of_device_is_available(np);
	of_node_put(np);
	return there ? -ENODEV : -ENOENT;
}

static int scu_probe(struct platform_device *pdev)
{
	char __iomem *base = devm_platform_ioremap_resource(pdev, 0);
	u32 ctrl;

	if (IS_ERR(base))
		return (int)PTR_ERR(base);
	if (scu_cores)
		return dev_err_probe(&pdev->dev, -EBUSY, "a second SCU: one is bound already");
	ctrl = readl(base + SCU_CTRL);
	if (!(ctrl & SCU_CTRL_ENABLE))
		writel(ctrl | SCU_CTRL_ENABLE, base + SCU_CTRL);
	scu_cores = (int)(readl(base + SCU_CONFIG) & SCU_CONFIG_CPUS) + 1;
	platform_set_drvdata(pdev, base);
	dev_info(&pdev->dev, "%d core%s, coherency on\n", scu_cores, scu_cores > 1 ? "s" : "");
	return 0;
}

/* Coherency stays on: cores running may depend on it. */
static int scu_remove(struct platform_device *pdev)
{
	scu_cores = 0;
	return 0;
}

static const struct of_device_id scu_of_match[] = {	/* also read above */
	{ .compatible = "arm,cortex-a9-scu" },
	{ }
};

static struct platform_driver scu_driver = {
	.probe = scu_probe,
	.remove = scu_remove,
	.driver = {
		.name = "arm-scu",
		.of_match_table = scu_of_match,
	},
};
module_platform_driver(scu_driver);
