// SPDX-License-Identifier: BSD-2-Clause
/*
 * Allwinner A10 interrupt controller ("allwinner,sun4i-a10-ic"): the root
 * controller of the A10/A20's Cortex-A8, 96 lines in three banks of 32,
 * `#interrupt-cells = <1>` (the line number).
 *
 * A line is masked by its ENABLE bit (the MASK registers stay 0, as in
 * Linux's irq-sun4i); dispatch reads VECTOR, which names the
 * highest-priority pending enabled line (its number times four), until it
 * names line 0 with line 0 not pending.  Line 0 is the external NMI pin,
 * latched: it alone is acknowledged by writing its pending bit.
 */
#include <linux/errno.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>

#define SUN4I_IRQ_VECTOR	0x00
#define SUN4I_IRQ_PROTECTION	0x08
#define SUN4I_IRQ_NMI_CTRL	0x0c
#define SUN4I_IRQ_PENDING(n)	(0x10 + 4 * (n))
#define SUN4I_IRQ_ENABLE(n)	(0x40 + 4 * (n))
#define SUN4I_IRQ_MASK(n)	(0x50 + 4 * (n))

#define SUN4I_NR_BANKS		3
#define SUN4I_NR_LINES		(32 * SUN4I_NR_BANKS)
#define SUN4I_NMI		0
/* A controller whose VECTOR never runs dry is broken: give the CPU back. */
#define SUN4I_DISPATCH_LIMIT	256

struct sun4i_ic {
	void __iomem *base;
	struct irq_domain *domain;
};

static struct sun4i_ic *root_ic;

static void sun4i_irq_mask(struct irq_data *d)
{
	struct sun4i_ic *ic = irq_data_get_irq_chip_data(d);
	void __iomem *reg = ic->base + SUN4I_IRQ_ENABLE(d->hwirq / 32);

	writel(readl(reg) & ~(1u << (d->hwirq % 32)), reg);
}

static void sun4i_irq_unmask(struct irq_data *d)
{
	struct sun4i_ic *ic = irq_data_get_irq_chip_data(d);
	void __iomem *reg = ic->base + SUN4I_IRQ_ENABLE(d->hwirq / 32);

	writel(readl(reg) | (1u << (d->hwirq % 32)), reg);
}

/* Only the NMI latches; the other lines follow their source's level. */
static void sun4i_irq_ack(struct irq_data *d)
{
	struct sun4i_ic *ic = irq_data_get_irq_chip_data(d);

	if (d->hwirq == SUN4I_NMI)
		writel(1u << SUN4I_NMI, ic->base + SUN4I_IRQ_PENDING(0));
}

static struct irq_chip sun4i_irq_chip = {
	.name = "sun4i-ic",
	.irq_mask = sun4i_irq_mask,
	.irq_unmask = sun4i_irq_unmask,
	.irq_ack = sun4i_irq_ack,
};

static int sun4i_irq_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	irq_set_chip_and_handler(virq, &sun4i_irq_chip, handle_level_irq);
	return irq_set_chip_data(virq, d->host_data);
}

static const struct irq_domain_ops sun4i_irq_domain_ops = {
	.map = sun4i_irq_map,
	.xlate = irq_domain_xlate_onecell,
};

static void sun4i_handle_irq(struct pt_regs *regs)
{
	struct sun4i_ic *ic = root_ic;
	unsigned int hw = readl(ic->base + SUN4I_IRQ_VECTOR) >> 2;

	/* VECTOR reads 0 both for "line 0" and for "nothing": PENDING tells. */
	if (hw == SUN4I_NMI && !(readl(ic->base + SUN4I_IRQ_PENDING(0)) & 1u)) {
		irq_count_spurious();
		return;
	}
	for (int n = 0; n < SUN4I_DISPATCH_LIMIT; n++) {
		generic_handle_domain_irq(ic->domain, hw);
		hw = readl(ic->base + SUN4I_IRQ_VECTOR) >> 2;
		if (hw == SUN4I_NMI)
			break;
	}
}

static int sun4i_ic_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct sun4i_ic *ic;
	int ret;

	if (root_ic)
		return dev_err_probe(dev, -EBUSY, "a second root controller");
	ic = devm_kzalloc(dev, sizeof(*ic), GFP_KERNEL);
	if (!ic)
		return -ENOMEM;
	ic->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(ic->base))
		return (int)PTR_ERR(ic->base);

	for (int b = 0; b < SUN4I_NR_BANKS; b++) {
		writel(0, ic->base + SUN4I_IRQ_ENABLE(b));
		writel(0, ic->base + SUN4I_IRQ_MASK(b));
		writel(~0u, ic->base + SUN4I_IRQ_PENDING(b));
	}
	writel(1, ic->base + SUN4I_IRQ_PROTECTION);	/* registers: privileged only */
	writel(0, ic->base + SUN4I_IRQ_NMI_CTRL);	/* NMI pin: low level */

	ic->domain = irq_domain_add_linear(dev->of_node, SUN4I_NR_LINES, &sun4i_irq_domain_ops, ic);
	if (!ic->domain)
		return -ENOMEM;
	root_ic = ic;
	ret = set_handle_irq(sun4i_handle_irq);
	if (ret) {
		root_ic = NULL;
		irq_domain_remove(ic->domain);
		return dev_err_probe(dev, ret, "the CPU's IRQ already has a root controller");
	}
	platform_set_drvdata(pdev, ic);
	dev_info(dev, "A10 interrupt controller, %d lines, root controller\n", SUN4I_NR_LINES);
	return 0;
}

static int sun4i_ic_remove(struct platform_device *pdev)
{
	struct sun4i_ic *ic = platform_get_drvdata(pdev);

	for (int b = 0; b < SUN4I_NR_BANKS; b++)
		writel(0, ic->base + SUN4I_IRQ_ENABLE(b));
	set_handle_irq(NULL);
	root_ic = NULL;
	irq_domain_remove(ic->domain);
	return 0;
}

static const struct of_device_id sun4i_ic_of_match[] = {
	{ .compatible = "allwinner,sun4i-a10-ic" },
	{ }
};

static struct platform_driver sun4i_ic_driver = {
	.probe = sun4i_ic_probe,
	.remove = sun4i_ic_remove,
	.driver = {
		.name = "sun4i-ic",
		.of_match_table = sun4i_ic_of_match,
	},
};
module_platform_driver(sun4i_ic_driver);
