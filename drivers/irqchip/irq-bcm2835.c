// SPDX-License-Identifier: BSD-2-Clause
/*
 * BCM2835 ARM interrupt controller (`brcm,bcm2835-armctrl-ic`, and the
 * BCM2836's copy of it, `brcm,bcm2836-armctrl-ic`).  Three banks: bank 0
 * the eight "basic" ARM interrupts (ARM timer, doorbells, ...), banks 1
 * and 2 the 64 interrupts of the GPU side where the peripherals are (the
 * UART is 57, bank 2 line 25).  The tree's two cells are <bank line>; the
 * hardware number here is bank * 32 + line.
 *
 * The basic pending register says it all in one read: its bits 0-7 are
 * bank 0, bit 8 / 9 "something in bank 1 / 2", and bits 10-20 shortcuts
 * naming eleven busy GPU lines directly (7, 9, 10, 18, 19 of bank 1; 21-25
 * and 30 of bank 2) so the common case needs no second read.  Dispatch
 * takes one interrupt at a time from it, as Linux does, until it reads 0.
 *
 * On the BCM2835 this is the root controller; on the BCM2836 it is chained
 * into the per-core controller's GPU line (the node's `interrupts`).
 */
#include <linux/errno.h>
#include <linux/irq.h>
#include <linux/irqchip/chained_irq.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>

#define NR_BANKS		3
#define IRQS_PER_BANK		32
#define BANK0_NR_LINES		8
#define MAKE_HWIRQ(b, n)	((b) * IRQS_PER_BANK + (n))

#define BANK0_HWIRQ_MASK	0x000000ffu
#define BANK1_HWIRQ		(1u << 8)
#define BANK2_HWIRQ		(1u << 9)
#define SHORTCUT1_MASK		0x00007c00u	/* bits 10-14: bank 1 lines */
#define SHORTCUT2_MASK		0x001f8000u	/* bits 15-20: bank 2 lines */
#define SHORTCUT_SHIFT		10
#define BANK0_VALID_MASK	(BANK0_HWIRQ_MASK | BANK1_HWIRQ | BANK2_HWIRQ | \
				 SHORTCUT1_MASK | SHORTCUT2_MASK)
/* More rounds than lines: a line that stays pending is the parent's to retry. */
#define MAX_ROUNDS		(NR_BANKS * IRQS_PER_BANK)

/* Per bank: pending, enable (write 1s), disable (write 1s). */
static const unsigned int reg_pending[NR_BANKS] = { 0x00, 0x04, 0x08 };
static const unsigned int reg_enable[NR_BANKS] = { 0x18, 0x10, 0x14 };
static const unsigned int reg_disable[NR_BANKS] = { 0x24, 0x1c, 0x20 };

/* Basic pending bits 10-20, in order: the line each stands for. */
static const u8 shortcuts[] = {
	7, 9, 10, 18, 19,		/* bank 1 */
	21, 22, 23, 24, 25, 30		/* bank 2 */
};

struct armctrl {
	void __iomem *base;
	struct irq_domain *domain;
	unsigned int parent_irq;	/* 0 when root */
};

static struct armctrl *root_armctrl;

static char __iomem *armctrl_reg(struct armctrl *ic, unsigned int off)
{
	return (char __iomem *)ic->base + off;
}

static void armctrl_mask(struct irq_data *d)
{
	struct armctrl *ic = irq_data_get_irq_chip_data(d);

	writel(1u << (d->hwirq % IRQS_PER_BANK),
	       armctrl_reg(ic, reg_disable[d->hwirq / IRQS_PER_BANK]));
}

static void armctrl_unmask(struct irq_data *d)
{
	struct armctrl *ic = irq_data_get_irq_chip_data(d);

	writel(1u << (d->hwirq % IRQS_PER_BANK),
	       armctrl_reg(ic, reg_enable[d->hwirq / IRQS_PER_BANK]));
}

static struct irq_chip armctrl_chip = {
	.name = "ARMCTRL",
	.irq_mask = armctrl_mask,
	.irq_unmask = armctrl_unmask,
};

static int armctrl_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	irq_set_chip_and_handler(virq, &armctrl_chip, handle_level_irq);
	return irq_set_chip_data(virq, d->host_data);
}

/* <bank line>: bank 0 has eight lines, banks 1 and 2 thirty-two. */
static int armctrl_xlate(struct irq_domain *d, struct device_node *node, const u32 *intspec,
			 unsigned int intsize, unsigned long *out_hwirq, unsigned int *out_type)
{
	if (intsize != 2 || intspec[0] >= NR_BANKS || intspec[1] >= IRQS_PER_BANK ||
	    (intspec[0] == 0 && intspec[1] >= BANK0_NR_LINES))
		return -EINVAL;
	*out_hwirq = MAKE_HWIRQ(intspec[0], intspec[1]);
	*out_type = IRQ_TYPE_NONE;
	return 0;
}

static const struct irq_domain_ops armctrl_domain_ops = {
	.map = armctrl_map,
	.xlate = armctrl_xlate,
};

/* The lowest pending line of @bank, or -1 when it has none (any more). */
static int armctrl_bank_hwirq(struct armctrl *ic, unsigned int bank)
{
	u32 stat = readl(armctrl_reg(ic, reg_pending[bank]));

	return stat ? (int)MAKE_HWIRQ(bank, (unsigned int)__builtin_ctz(stat)) : -1;
}

static int armctrl_shortcut_hwirq(unsigned int bank, u32 stat)
{
	return (int)MAKE_HWIRQ(bank, shortcuts[__builtin_ctz(stat >> SHORTCUT_SHIFT)]);
}

/* Linux's get_next_armctrl_hwirq(): -1 when nothing is pending. */
static int armctrl_next_hwirq(struct armctrl *ic)
{
	u32 stat = readl(armctrl_reg(ic, reg_pending[0])) & BANK0_VALID_MASK;

	if (!stat)
		return -1;
	if (stat & BANK0_HWIRQ_MASK)
		return MAKE_HWIRQ(0, (unsigned int)__builtin_ctz(stat & BANK0_HWIRQ_MASK));
	if (stat & SHORTCUT1_MASK)
		return armctrl_shortcut_hwirq(1, stat & SHORTCUT1_MASK);
	if (stat & SHORTCUT2_MASK)
		return armctrl_shortcut_hwirq(2, stat & SHORTCUT2_MASK);
	if (stat & BANK1_HWIRQ)
		return armctrl_bank_hwirq(ic, 1);
	return armctrl_bank_hwirq(ic, 2);
}

static void armctrl_dispatch(struct armctrl *ic)
{
	int hw = armctrl_next_hwirq(ic), rounds = 0;

	if (hw < 0) {
		irq_count_spurious();
		return;
	}
	do {
		generic_handle_domain_irq(ic->domain, (irq_hw_number_t)hw);
		hw = armctrl_next_hwirq(ic);
	} while (hw >= 0 && ++rounds < MAX_ROUNDS);
}

static void armctrl_handle_irq(struct pt_regs *regs)
{
	armctrl_dispatch(root_armctrl);
}

static void armctrl_handle_cascade(struct irq_desc *desc)
{
	struct irq_chip *chip = irq_desc_get_chip(desc);

	chained_irq_enter(chip, desc);
	armctrl_dispatch(irq_desc_get_handler_data(desc));
	chained_irq_exit(chip, desc);
}

static int armctrl_probe(struct platform_device *pdev)
{
	struct armctrl *ic;
	unsigned int b;
	int ret;

	ic = devm_kzalloc(&pdev->dev, sizeof(*ic), GFP_KERNEL);
	if (!ic)
		return -ENOMEM;
	ic->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(ic->base))
		return (int)PTR_ERR(ic->base);
	if (platform_irq_count(pdev) > 0) {
		ret = platform_get_irq(pdev, 0);
		if (ret < 0)
			return ret;
		ic->parent_irq = (unsigned int)ret;
	} else if (root_armctrl) {
		return dev_err_probe(&pdev->dev, -EBUSY,
				     "a second root ARM controller: give it an interrupts property");
	}

	for (b = 0; b < NR_BANKS; b++)
		writel(~0u, armctrl_reg(ic, reg_disable[b]));
	ic->domain = irq_domain_add_linear(pdev->dev.of_node, NR_BANKS * IRQS_PER_BANK,
					   &armctrl_domain_ops, ic);
	if (!ic->domain)
		return -ENOMEM;
	if (ic->parent_irq) {
		irq_set_chained_handler_and_data(ic->parent_irq, armctrl_handle_cascade, ic);
	} else {
		root_armctrl = ic;
		set_handle_irq(armctrl_handle_irq);
	}
	platform_set_drvdata(pdev, ic);
	if (ic->parent_irq) {
		struct irq_data *parent = irq_get_irq_data(ic->parent_irq);

		dev_info(&pdev->dev, "BCM2835 ARM controller, %d lines, cascaded into %s line %lu (virq %u)\n",
			 NR_BANKS * IRQS_PER_BANK, parent->domain ? parent->domain->name : "?",
			 parent->hwirq, ic->parent_irq);
	} else {
		dev_info(&pdev->dev, "BCM2835 ARM controller, %d lines, root controller\n",
			 NR_BANKS * IRQS_PER_BANK);
	}
	return 0;
}

static int armctrl_remove(struct platform_device *pdev)
{
	struct armctrl *ic = platform_get_drvdata(pdev);
	unsigned int b;

	for (b = 0; b < NR_BANKS; b++)
		writel(~0u, armctrl_reg(ic, reg_disable[b]));
	if (ic->parent_irq) {
		irq_set_chained_handler_and_data(ic->parent_irq, NULL, NULL);
	} else {
		set_handle_irq(NULL);
		root_armctrl = NULL;
	}
	irq_domain_remove(ic->domain);
	return 0;
}

static const struct of_device_id armctrl_of_match[] = {
	{ .compatible = "brcm,bcm2835-armctrl-ic" },
	{ .compatible = "brcm,bcm2836-armctrl-ic" },
	{ }
};

static struct platform_driver armctrl_driver = {
	.probe = armctrl_probe,
	.remove = armctrl_remove,
	.driver = {
		.name = "bcm2835-armctrl-ic",
		.of_match_table = armctrl_of_match,
	},
};
module_platform_driver(armctrl_driver);
