// SPDX-License-Identifier: BSD-2-Clause
/*
 * i.MX6 General Power Controller as an interrupt controller.
 *
 * The i.MX6 trees make the GPC the interrupt parent of every SoC device:
 * the GPC sees the same 128 shared interrupts as the GIC and decides which
 * of them wake the SoC from a low-power state.  It delivers nothing
 * itself: each line passes on to the GIC's shared interrupt of the same
 * number.  So it is a domain in a hierarchy (kernel/irq/irqdomain.c): a
 * device's specifier (three GIC cells) maps to one virq with a GPC level
 * (the wake-up mask bit) and a GIC level (which delivers it).  Masking a
 * line masks both, as Linux's irq-imx-gpc does.
 *
 * QEMU's sabrelite does not model the GPC (its registers read as zero and
 * ignore writes); mcimx6ul-evk models a GPCv2 at this address.  Neither
 * matters for delivery, which is the GIC's.
 */
#include <linux/errno.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <asm/io.h>

#define GPC_IMR1		0x008	/* four wake-up mask registers, 1 = masked */
#define GPC_MAX_IRQS		(4 * 32)
#define GIC_SPI			0	/* the only kind of line the GPC sees */

struct imx_gpc {
	void __iomem *base;
	struct irq_domain *domain;
};

static void imx_gpc_hwirq_set(struct imx_gpc *gpc, irq_hw_number_t hwirq, bool masked)
{
	char __iomem *reg = (char __iomem *)gpc->base + GPC_IMR1 + 4 * (hwirq / 32);
	u32 val = readl(reg);

	writel(masked ? val | BIT(hwirq % 32) : val & ~BIT(hwirq % 32), reg);
}

static void imx_gpc_irq_mask(struct irq_data *d)
{
	imx_gpc_hwirq_set(irq_data_get_irq_chip_data(d), d->hwirq, true);
	irq_chip_mask_parent(d);
}

static void imx_gpc_irq_unmask(struct irq_data *d)
{
	imx_gpc_hwirq_set(irq_data_get_irq_chip_data(d), d->hwirq, false);
	irq_chip_unmask_parent(d);
}

static struct irq_chip imx_gpc_chip = {
	.name = "GPC",
	.irq_mask = imx_gpc_irq_mask,
	.irq_unmask = imx_gpc_irq_unmask,
	.irq_eoi = irq_chip_eoi_parent,
	.irq_set_type = irq_chip_set_type_parent,
	.irq_set_irqchip_state = irq_chip_set_parent_state,
};

/* <0 number flags>: shared interrupt @number; the GPC has no PPIs. */
static int imx_gpc_xlate(struct irq_domain *d, struct device_node *node, const u32 *intspec,
			 unsigned int intsize, unsigned long *out_hwirq, unsigned int *out_type)
{
	if (intsize != 3 || intspec[0] != GIC_SPI || intspec[1] >= GPC_MAX_IRQS)
		return -EINVAL;
	*out_hwirq = intspec[1];
	*out_type = intspec[2] & IRQ_TYPE_SENSE_MASK;
	return 0;
}

/* This level is the GPC's mask bit; the GIC gets the same specifier. */
static int imx_gpc_domain_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr_irqs,
				void *arg)
{
	struct of_phandle_args *spec = arg, parent_spec;
	unsigned long hwirq;
	unsigned int type;
	int ret;

	ret = imx_gpc_xlate(d, spec->np, spec->args, (unsigned int)spec->args_count, &hwirq,
			    &type);
	if (ret)
		return ret;
	ret = irq_domain_set_hwirq_and_chip(d, virq, hwirq, &imx_gpc_chip, d->host_data);
	if (ret)
		return ret;
	parent_spec = *spec;
	parent_spec.np = d->parent->of_node;
	return irq_domain_alloc_irqs_parent(d, virq, nr_irqs, &parent_spec);
}

static const struct irq_domain_ops imx_gpc_domain_ops = {
	.xlate = imx_gpc_xlate,
	.alloc = imx_gpc_domain_alloc,
};

static int imx_gpc_setup(struct platform_device *pdev, struct device_node *parent_np)
{
	struct device *dev = &pdev->dev;
	struct irq_domain *parent;
	struct imx_gpc *gpc;
	int i;

	if (!parent_np || parent_np == dev->of_node)
		return dev_err_probe(dev, -EINVAL, "no interrupt parent: the GPC passes lines to a GIC");
	parent = irq_find_host(parent_np);
	if (!parent)
		return dev_err_probe(dev, -EPROBE_DEFER, "parent %pOF has no IRQ domain yet",
				     parent_np);
	gpc = devm_kzalloc(dev, sizeof(*gpc), GFP_KERNEL);
	if (!gpc)
		return -ENOMEM;
	gpc->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(gpc->base))
		return (int)PTR_ERR(gpc->base);
	/* No line wakes the SoC until it is unmasked. */
	for (i = 0; i < GPC_MAX_IRQS / 32; i++)
		writel(~0u, (char __iomem *)gpc->base + GPC_IMR1 + 4 * i);
	gpc->domain = irq_domain_add_hierarchy(parent, 0, GPC_MAX_IRQS, dev->of_node,
					       &imx_gpc_domain_ops, gpc);
	if (!gpc->domain)
		return -ENOMEM;
	platform_set_drvdata(pdev, gpc);
	dev_info(dev, "%u interrupts passed on to %pOF\n", GPC_MAX_IRQS, parent_np);
	return 0;
}

static int imx_gpc_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct device_node *parent_np = of_irq_find_parent(dev->of_node);
	int ret = imx_gpc_setup(pdev, parent_np);

	of_node_put(parent_np);	/* the domain holds its parent domain, not the node */
	return ret;
}

static int imx_gpc_remove(struct platform_device *pdev)
{
	struct imx_gpc *gpc = platform_get_drvdata(pdev);

	irq_domain_remove(gpc->domain);
	return 0;
}

static const struct of_device_id imx_gpc_dt_ids[] = {
	{ .compatible = "fsl,imx6q-gpc" },
	{ }
};

static struct platform_driver imx_gpc_driver = {
	.probe = imx_gpc_probe,
	.remove = imx_gpc_remove,
	.driver = {
		.name = "imx-gpc",
		.of_match_table = imx_gpc_dt_ids,
	},
};
module_platform_driver(imx_gpc_driver);
