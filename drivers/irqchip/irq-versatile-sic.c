// SPDX-License-Identifier: BSD-2-Clause
/*
 * Versatile secondary interrupt controller (SIC).  Its 32 lines are ORed into
 * one output wired to a line of the VIC (the tree says which: the SIC's
 * `interrupts`).  That VIC line gets a chained handler that reads the SIC's
 * STATUS and dispatches each pending line through the SIC's own domain, so
 * a SIC device's interrupt is requested exactly like a VIC device's.  Until
 * the VIC has probed, platform_get_irq() defers this probe.
 */
#include <linux/errno.h>
#include <linux/irq.h>
#include <linux/irqchip/chained_irq.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>

#define SIC_STATUS      0x00    /* pending and enabled */
#define SIC_ENSET       0x08
#define SIC_ENCLR       0x0c
#define SIC_PICENSET    0x20    /* pass these lines straight to the VIC too */
/*
 * Lines 20 and 22..31 are also wired to the VIC line of the same number,
 * when enabled here (Versatile AB/PB user guide; Linux enables them all):
 * upstream's versatile-pb tree puts the Ethernet on VIC 25 that way.
 */
#define SIC_PIC_PASSTHROUGH 0xffd00000

#define SIC_NR_LINES    32

struct sic {
	void __iomem *base;
	struct irq_domain *domain;
	unsigned int parent_irq;
	u32 valid;              /* lines that may be mapped */
};

static void sic_mask(struct irq_data *d)
{
	struct sic *sic = irq_data_get_irq_chip_data(d);

	writel(1u << d->hwirq, (char __iomem *)sic->base + SIC_ENCLR);
}

static void sic_unmask(struct irq_data *d)
{
	struct sic *sic = irq_data_get_irq_chip_data(d);

	writel(1u << d->hwirq, (char __iomem *)sic->base + SIC_ENSET);
}

static struct irq_chip sic_chip = {
	.name = "SIC",
	.irq_mask = sic_mask,
	.irq_unmask = sic_unmask,
};

static int sic_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	struct sic *sic = d->host_data;

	if (!(sic->valid & (1u << hw)))
		return -EINVAL;
	irq_set_chip_and_handler(virq, &sic_chip, handle_level_irq);
	return irq_set_chip_data(virq, sic);
}

static const struct irq_domain_ops sic_domain_ops = {
	.map = sic_map,
	.xlate = irq_domain_xlate_onecell,
};

static void sic_handle_cascade(struct irq_desc *desc)
{
	struct sic *sic = irq_desc_get_handler_data(desc);
	struct irq_chip *chip = irq_desc_get_chip(desc);
	u32 stat;

	chained_irq_enter(chip, desc);
	stat = readl((char __iomem *)sic->base + SIC_STATUS);
	if (!stat)
		irq_count_spurious();
	while (stat) {
		unsigned int hw = (unsigned int)__builtin_ctz(stat);

		stat &= stat - 1;
		generic_handle_domain_irq(sic->domain, hw);
	}
	chained_irq_exit(chip, desc);
}

static int sic_probe(struct platform_device *pdev)
{
	struct device_node *np = pdev->dev.of_node;
	struct irq_data *parent;
	struct sic *sic;
	u32 clear = ~0u;
	int irq;

	sic = devm_kzalloc(&pdev->dev, sizeof(*sic), GFP_KERNEL);
	if (!sic)
		return -ENOMEM;
	sic->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(sic->base))
		return (int)PTR_ERR(sic->base);
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;
	sic->parent_irq = (unsigned int)irq;
	/* Linux's versatile-fpga binding: optional masks from the tree. */
	sic->valid = ~0u;
	of_property_read_u32(np, "valid-mask", &sic->valid);
	of_property_read_u32(np, "clear-mask", &clear);

	writel(clear, (char __iomem *)sic->base + SIC_ENCLR);
	writel(SIC_PIC_PASSTHROUGH, (char __iomem *)sic->base + SIC_PICENSET);
	sic->domain = irq_domain_add_linear(np, SIC_NR_LINES, &sic_domain_ops, sic);
	if (!sic->domain)
		return -ENOMEM;
	irq_set_chained_handler_and_data(sic->parent_irq, sic_handle_cascade, sic);
	platform_set_drvdata(pdev, sic);
	parent = irq_get_irq_data(sic->parent_irq);
	dev_info(&pdev->dev, "versatile SIC, %d lines, cascaded into %s line %lu (virq %u)\n",
		 SIC_NR_LINES, parent->domain ? parent->domain->name : "?", parent->hwirq,
		 sic->parent_irq);
	return 0;
}

static int sic_remove(struct platform_device *pdev)
{
	struct sic *sic = platform_get_drvdata(pdev);

	irq_set_chained_handler_and_data(sic->parent_irq, NULL, NULL);
	writel(~0u, (char __iomem *)sic->base + SIC_ENCLR);
	irq_domain_remove(sic->domain);
	return 0;
}

static const struct of_device_id sic_of_match[] = {
	{ .compatible = "arm,versatile-sic" },
	{ }
};

static struct platform_driver sic_driver = {
	.probe = sic_probe,
	.remove = sic_remove,
	.driver = {
		.name = "versatile-sic",
		.of_match_table = sic_of_match,
	},
};
module_platform_driver(sic_driver);
