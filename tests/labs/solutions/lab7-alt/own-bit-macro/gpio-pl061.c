// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 7 reference solution: the lab 5 PL061 GPIO driver, now also an
 * interrupt controller.  Each of the 8 lines can latch an edge or sense a
 * level (IS, IBE, IEV); the PL061 ORs the enabled ones (IE) into its one
 * output, a line of the VIC.  That VIC line gets a chained handler which
 * reads the masked status (MIS) and dispatches each pending line through
 * the PL061's own IRQ domain, so a consumer requests "line 3 of gpio0,
 * rising edge" from the tree like any other interrupt.
 */
#include <linux/amba/bus.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/gpio/driver.h>
#include <linux/irq.h>
#include <linux/irqchip/chained_irq.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <asm/io.h>

/* My own, as in many drivers: the kernel's headers have one too. */
#define BIT(n) (1u << (n))

#define GPIODATA	0x000	/* + (mask << 2) */
#define GPIODIR		0x400	/* 1 = output */
#define GPIOIS		0x404	/* 1 = level-sensitive, 0 = edge */
#define GPIOIBE		0x408	/* 1 = both edges (IEV ignored) */
#define GPIOIEV		0x40c	/* 1 = rising edge / high level */
#define GPIOIE		0x410	/* 1 = line enabled (unmasked) */
#define GPIOMIS		0x418	/* pending and enabled */
#define GPIOIC		0x41c	/* write 1: forget a latched edge */
#define PL061_NR_LINES	8
#define PL061_PART	0x061

struct pl061 {
	void __iomem *base;
	struct gpio_chip gc;
	struct irq_chip irq_chip;
	struct irq_domain *domain;
	unsigned int parent_irq;
};

/* Set or clear one line's bit in a configuration register. */
static void pl061_update_bit(struct pl061 *p, unsigned int reg, unsigned int line, bool set)
{
	u32 v = readl(p->base + reg);

	writel(set ? v | BIT(line) : v & ~BIT(line), p->base + reg);
}

static int pl061_get(struct gpio_chip *gc, unsigned int offset)
{
	struct pl061 *p = gpiochip_get_data(gc);

	return !!readl(p->base + GPIODATA + ((1u << offset) << 2));
}

static void pl061_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct pl061 *p = gpiochip_get_data(gc);

	writel(value ? 1u << offset : 0, p->base + GPIODATA + ((1u << offset) << 2));
}

static int pl061_direction_input(struct gpio_chip *gc, unsigned int offset)
{
	pl061_update_bit(gpiochip_get_data(gc), GPIODIR, offset, false);
	return 0;
}

static int pl061_direction_output(struct gpio_chip *gc, unsigned int offset, int value)
{
	/* The value first, so the line never shows the old one as an output;
	 * and again after: the PL061 ignores DATA writes to input lines. */
	pl061_set(gc, offset, value);
	pl061_update_bit(gpiochip_get_data(gc), GPIODIR, offset, true);
	pl061_set(gc, offset, value);
	return 0;
}

static void pl061_irq_mask(struct irq_data *d)
{
	pl061_update_bit(irq_data_get_irq_chip_data(d), GPIOIE, (unsigned int)d->hwirq, false);
}

static void pl061_irq_unmask(struct irq_data *d)
{
	pl061_update_bit(irq_data_get_irq_chip_data(d), GPIOIE, (unsigned int)d->hwirq, true);
}

/* Only a latched edge can be forgotten; a level stays until the device lets go. */
static void pl061_irq_ack(struct irq_data *d)
{
	struct pl061 *p = irq_data_get_irq_chip_data(d);

	writel(BIT(d->hwirq), p->base + GPIOIC);
}

static int pl061_irq_set_type(struct irq_data *d, unsigned int type)
{
	struct pl061 *p = irq_data_get_irq_chip_data(d);
	unsigned int line = (unsigned int)d->hwirq;
	bool level = type & IRQ_TYPE_LEVEL_MASK;

	switch (type) {
	case IRQ_TYPE_EDGE_RISING:
	case IRQ_TYPE_EDGE_FALLING:
	case IRQ_TYPE_EDGE_BOTH:
	case IRQ_TYPE_LEVEL_HIGH:
	case IRQ_TYPE_LEVEL_LOW:
		break;
	default:
		return -EINVAL;         /* none, or high and low at once */
	}
	pl061_update_bit(p, GPIOIS, line, level);
	pl061_update_bit(p, GPIOIBE, line, type == IRQ_TYPE_EDGE_BOTH);
	pl061_update_bit(p, GPIOIEV, line,
			 type == IRQ_TYPE_EDGE_RISING || type == IRQ_TYPE_LEVEL_HIGH);
	/* A level must not be acked away; an edge must be, before its handler. */
	irq_set_handler_locked(d, level ? handle_level_irq : handle_edge_irq);
	writel(1u << line, p->base + GPIOIC);
	return 0;
}

static int pl061_irq_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	struct pl061 *p = d->host_data;

	irq_set_chip_and_handler(virq, &p->irq_chip, handle_edge_irq);
	return irq_set_chip_data(virq, p);
}

static const struct irq_domain_ops pl061_domain_ops = {
	.map = pl061_irq_map,
	.xlate = irq_domain_xlate_twocell,
};

/* The VIC line's chained handler: every pending, enabled line, in turn. */
static void pl061_irq_handler(struct irq_desc *desc)
{
	struct pl061 *p = irq_desc_get_handler_data(desc);
	struct irq_chip *chip = irq_desc_get_chip(desc);
	u32 pending;

	chained_irq_enter(chip, desc);
	pending = readl(p->base + GPIOMIS);
	while (pending) {
		unsigned int line = (unsigned int)__builtin_ctz(pending);

		pending &= pending - 1;
		generic_handle_domain_irq(p->domain, line);
	}
	chained_irq_exit(chip, desc);
}

static void pl061_irq_teardown(void *data)
{
	struct pl061 *p = data;

	irq_set_chained_handler_and_data(p->parent_irq, NULL, NULL);
	writel(0, p->base + GPIOIE);
	irq_domain_remove(p->domain);
}

static int pl061_irq_setup(struct platform_device *pdev, struct pl061 *p)
{
	int irq = platform_get_irq(pdev, 0);

	if (irq < 0)
		return irq;
	p->parent_irq = (unsigned int)irq;
	p->irq_chip.name = "PL061";
	p->irq_chip.irq_mask = pl061_irq_mask;
	p->irq_chip.irq_unmask = pl061_irq_unmask;
	p->irq_chip.irq_ack = pl061_irq_ack;
	p->irq_chip.irq_set_type = pl061_irq_set_type;
	p->domain = irq_domain_add_linear(pdev->dev.of_node, PL061_NR_LINES,
					  &pl061_domain_ops, p);
	if (!p->domain)
		return -ENOMEM;
	irq_set_chained_handler_and_data(p->parent_irq, pl061_irq_handler, p);
	return devm_add_action_or_reset(&pdev->dev, pl061_irq_teardown, p);
}

static int pl061_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct pl061 *p;
	u32 pid, cid;
	int ret;

	p = devm_kzalloc(dev, sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(p->base))
		return dev_err_probe(dev, (int)PTR_ERR(p->base), "no registers");
	pid = amba_read_id(p->base, AMBA_PERIPHID0);
	cid = amba_read_id(p->base, AMBA_CELLID0);
	if (cid != AMBA_CID || amba_part(pid) != PL061_PART || amba_manf(pid) != AMBA_VENDOR_ARM)
		return dev_err_probe(dev, -ENODEV, "ID %08x/%08x is not a PL061", pid, cid);
	/* Every line masked and nothing latched: a line interrupts only once
	 * a consumer has requested it. */
	writel(0, p->base + GPIOIE);
	writel(0xff, p->base + GPIOIC);
	p->gc.label = dev_name(dev);
	p->gc.parent = dev;
	p->gc.ngpio = PL061_NR_LINES;
	p->gc.get = pl061_get;
	p->gc.set = pl061_set;
	p->gc.direction_input = pl061_direction_input;
	p->gc.direction_output = pl061_direction_output;
	ret = devm_gpiochip_add_data(dev, &p->gc, p);
	if (ret)
		return ret;
	return pl061_irq_setup(pdev, p);
}

static const struct of_device_id pl061_of_match[] = {
	{ .compatible = "arm,pl061" },
	{ }
};

static struct platform_driver pl061_driver = {
	.probe = pl061_probe,
	.driver = {
		.name = "gpio-pl061",
		.of_match_table = pl061_of_match,
	},
};
module_platform_driver(pl061_driver);
