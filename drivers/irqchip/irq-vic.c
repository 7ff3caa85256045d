// SPDX-License-Identifier: BSD-2-Clause
/*
 * ARM PL190 Vectored Interrupt Controller, used without its vectors: every
 * line is an IRQ (not FIQ), and dispatch reads IRQSTATUS and runs the handler
 * of each pending line through the VIC's IRQ domain.  A VIC without an
 * `interrupts` property is the root controller: the CPU's IRQ exception
 * lands in vic_handle_irq().  One with `interrupts` is cascaded (chained)
 * into its parent like the SIC.
 */
#include <linux/amba/bus.h>
#include <linux/errno.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>

#define VIC_IRQ_STATUS      0x000
#define VIC_INT_SELECT      0x00c   /* 1 = FIQ */
#define VIC_INT_ENABLE      0x010   /* write 1s: enable */
#define VIC_INT_EN_CLEAR    0x014   /* write 1s: disable */
#define VIC_SOFT_INT        0x018   /* write 1s: raise from software */
#define VIC_SOFT_INT_CLEAR  0x01c
#define VIC_VECT_CNTL(n)    (0x200 + 4 * (n))

#define VIC_NR_LINES        32
#define VIC_NR_VECTORS      16
#define AMBA_PART_MASK      0x000fffff  /* designer + part number */
#define VIC_PL190_ID        0x00041190

struct vic {
	void __iomem *base;
	struct irq_domain *domain;
	unsigned int parent_irq;        /* 0 for the root VIC */
};

static struct vic *root_vic;

static void vic_mask(struct irq_data *d)
{
	struct vic *vic = irq_data_get_irq_chip_data(d);

	writel(1u << d->hwirq, (char __iomem *)vic->base + VIC_INT_EN_CLEAR);
}

static void vic_unmask(struct irq_data *d)
{
	struct vic *vic = irq_data_get_irq_chip_data(d);

	writel(1u << d->hwirq, (char __iomem *)vic->base + VIC_INT_ENABLE);
}

/* The soft-interrupt register ORs into the line: raise or drop it. */
static int vic_set_irqchip_state(struct irq_data *d, enum irqchip_irq_state which, bool state)
{
	struct vic *vic = irq_data_get_irq_chip_data(d);

	if (which != IRQCHIP_STATE_PENDING)
		return -EINVAL;
	writel(1u << d->hwirq,
	       (char __iomem *)vic->base + (state ? VIC_SOFT_INT : VIC_SOFT_INT_CLEAR));
	return 0;
}

static struct irq_chip vic_chip = {
	.name = "VIC",
	.irq_mask = vic_mask,
	.irq_unmask = vic_unmask,
	.irq_set_irqchip_state = vic_set_irqchip_state,
};

static int vic_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	irq_set_chip_and_handler(virq, &vic_chip, handle_level_irq);
	return irq_set_chip_data(virq, d->host_data);
}

static const struct irq_domain_ops vic_domain_ops = {
	.map = vic_map,
	.xlate = irq_domain_xlate_onecell,
};

/* One pass over the pending lines; whatever is still pending re-enters. */
static void vic_dispatch(struct vic *vic)
{
	u32 stat = readl((char __iomem *)vic->base + VIC_IRQ_STATUS);

	if (!stat) {
		irq_count_spurious();
		return;
	}
	while (stat) {
		unsigned int hw = (unsigned int)__builtin_ctz(stat);

		stat &= stat - 1;
		generic_handle_domain_irq(vic->domain, hw);
	}
}

static void vic_handle_irq(struct pt_regs *regs)
{
	vic_dispatch(root_vic);
}

static void vic_handle_cascade(struct irq_desc *desc)
{
	vic_dispatch(irq_desc_get_handler_data(desc));
}

static void vic_hw_init(struct vic *vic)
{
	char __iomem *base = vic->base;
	int i;

	writel(0, base + VIC_INT_SELECT);
	writel(~0u, base + VIC_INT_EN_CLEAR);
	writel(~0u, base + VIC_SOFT_INT_CLEAR);
	/* Vectored slots off: reading VECTADDR would then need an EOI write. */
	for (i = 0; i < VIC_NR_VECTORS; i++)
		writel(0, base + VIC_VECT_CNTL(i));
}

static int vic_probe(struct platform_device *pdev)
{
	struct vic *vic;
	u32 id;
	int ret;

	vic = devm_kzalloc(&pdev->dev, sizeof(*vic), GFP_KERNEL);
	if (!vic)
		return -ENOMEM;
	vic->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(vic->base))
		return (int)PTR_ERR(vic->base);
	id = amba_read_id(vic->base, AMBA_PERIPHID0);
	if ((id & AMBA_PART_MASK) != VIC_PL190_ID)
		return dev_err_probe(&pdev->dev, -ENODEV,
				     "PeriphID %08x is not a PL190 (wrong reg?)", (unsigned int)id);

	if (platform_irq_count(pdev) > 0) {
		ret = platform_get_irq(pdev, 0);
		if (ret < 0)
			return ret;
		vic->parent_irq = (unsigned int)ret;
	} else if (root_vic) {
		return dev_err_probe(&pdev->dev, -EBUSY,
				     "a second root VIC: give it an interrupts property");
	}

	vic_hw_init(vic);
	vic->domain = irq_domain_add_linear(pdev->dev.of_node, VIC_NR_LINES,
					    &vic_domain_ops, vic);
	if (!vic->domain)
		return -ENOMEM;
	if (vic->parent_irq) {
		irq_set_chained_handler_and_data(vic->parent_irq, vic_handle_cascade, vic);
	} else {
		root_vic = vic;
		set_handle_irq(vic_handle_irq);
	}
	platform_set_drvdata(pdev, vic);
	dev_info(&pdev->dev, "PL190 VIC (id %08x), %d lines, %s\n", (unsigned int)id, VIC_NR_LINES,
		 vic->parent_irq ? "cascaded" : "root controller");
	return 0;
}

static int vic_remove(struct platform_device *pdev)
{
	struct vic *vic = platform_get_drvdata(pdev);

	writel(~0u, (char __iomem *)vic->base + VIC_INT_EN_CLEAR);
	if (vic->parent_irq) {
		irq_set_chained_handler_and_data(vic->parent_irq, NULL, NULL);
	} else {
		set_handle_irq(NULL);
		root_vic = NULL;
	}
	irq_domain_remove(vic->domain);
	return 0;
}

static const struct of_device_id vic_of_match[] = {
	{ .compatible = "arm,versatile-vic" },
	{ .compatible = "arm,pl190-vic" },
	{ }
};

static struct platform_driver vic_driver = {
	.probe = vic_probe,
	.remove = vic_remove,
	.driver = {
		.name = "vic",
		.of_match_table = vic_of_match,
	},
};
module_platform_driver(vic_driver);
