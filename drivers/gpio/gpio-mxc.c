// SPDX-License-Identifier: BSD-2-Clause
/*
 * i.MX GPIO bank ("fsl,imx35-gpio": i.MX6Q, i.MX6UL and the family): 32
 * lines, each an input or an output, and each an interrupt source.
 *
 * The bank is a GPIO controller and an interrupt controller (two-cell
 * specifiers: line, trigger).  Its lines are summed onto the bank's
 * parent interrupts (the tree's `interrupts`: lines 0-15 on the first,
 * 16-31 on the second, or all on one), each with a chained handler that
 * reads which unmasked lines are pending and dispatches them through the
 * bank's own domain, as the versatile SIC does.
 */
#include <linux/errno.h>
#include <linux/gpio/driver.h>
#include <linux/irq.h>
#include <linux/irqchip/chained_irq.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <asm/io.h>

#define GPIO_DR			0x00	/* data (outputs) */
#define GPIO_GDIR		0x04	/* 1 = output */
#define GPIO_PSR		0x08	/* pad state (inputs) */
#define GPIO_ICR1		0x0c	/* trigger of lines 0-15, two bits each */
#define GPIO_ICR2		0x10	/* ... 16-31 */
#define GPIO_IMR		0x14	/* 1 = interrupt enabled */
#define GPIO_ISR		0x18	/* pending, write 1 to clear */
#define GPIO_EDGE_SEL		0x1c	/* 1 = both edges, ICR ignored */

#define GPIO_INT_LOW_LEV	0
#define GPIO_INT_HIGH_LEV	1
#define GPIO_INT_RISE_EDGE	2
#define GPIO_INT_FALL_EDGE	3

#define MXC_GPIO_LINES		32
#define MXC_GPIO_PARENTS	2

struct mxc_gpio_port {
	void __iomem *base;
	struct gpio_chip gc;
	struct irq_domain *domain;
	int parent_irq[MXC_GPIO_PARENTS];
};

static int mxc_gpio_get(struct gpio_chip *gc, unsigned int offset)
{
	struct mxc_gpio_port *port = gpiochip_get_data(gc);

	return !!(readl(port->base + GPIO_PSR) & BIT(offset));
}

static void mxc_gpio_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct mxc_gpio_port *port = gpiochip_get_data(gc);
	u32 dr = readl(port->base + GPIO_DR);

	writel(value ? dr | BIT(offset) : dr & ~BIT(offset), port->base + GPIO_DR);
}

static int mxc_gpio_direction_input(struct gpio_chip *gc, unsigned int offset)
{
	struct mxc_gpio_port *port = gpiochip_get_data(gc);

	writel(readl(port->base + GPIO_GDIR) & ~BIT(offset), port->base + GPIO_GDIR);
	return 0;
}

static int mxc_gpio_direction_output(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct mxc_gpio_port *port = gpiochip_get_data(gc);

	mxc_gpio_set(gc, offset, value);
	writel(readl(port->base + GPIO_GDIR) | BIT(offset), port->base + GPIO_GDIR);
	return 0;
}

static void mxc_gpio_irq_mask(struct irq_data *d)
{
	struct mxc_gpio_port *port = irq_data_get_irq_chip_data(d);

	writel(readl(port->base + GPIO_IMR) & ~BIT(d->hwirq), port->base + GPIO_IMR);
}

static void mxc_gpio_irq_unmask(struct irq_data *d)
{
	struct mxc_gpio_port *port = irq_data_get_irq_chip_data(d);

	writel(readl(port->base + GPIO_IMR) | BIT(d->hwirq), port->base + GPIO_IMR);
}

/* An edge stays latched in ISR until cleared here. */
static void mxc_gpio_irq_ack(struct irq_data *d)
{
	struct mxc_gpio_port *port = irq_data_get_irq_chip_data(d);

	writel(BIT(d->hwirq), port->base + GPIO_ISR);
}

static int mxc_gpio_irq_set_type(struct irq_data *d, unsigned int type)
{
	struct mxc_gpio_port *port = irq_data_get_irq_chip_data(d);
	unsigned int line = (unsigned int)d->hwirq, shift = 2 * (line % 16);
	char __iomem *icr = (char __iomem *)port->base + (line < 16 ? GPIO_ICR1 : GPIO_ICR2);
	u32 edge_sel = readl(port->base + GPIO_EDGE_SEL) & ~BIT(line);
	u32 mode;

	switch (type) {
	case IRQ_TYPE_EDGE_RISING:
		mode = GPIO_INT_RISE_EDGE;
		break;
	case IRQ_TYPE_EDGE_FALLING:
		mode = GPIO_INT_FALL_EDGE;
		break;
	case IRQ_TYPE_EDGE_BOTH:
		mode = GPIO_INT_RISE_EDGE;	/* ignored: EDGE_SEL wins */
		edge_sel |= BIT(line);
		break;
	case IRQ_TYPE_LEVEL_HIGH:
		mode = GPIO_INT_HIGH_LEV;
		break;
	case IRQ_TYPE_LEVEL_LOW:
		mode = GPIO_INT_LOW_LEV;
		break;
	default:
		return -EINVAL;
	}
	writel((readl(icr) & ~(3u << shift)) | mode << shift, icr);
	writel(edge_sel, port->base + GPIO_EDGE_SEL);
	writel(BIT(line), port->base + GPIO_ISR);	/* no stale event */
	irq_set_handler_locked(d, type & IRQ_TYPE_EDGE_BOTH ? handle_edge_irq : handle_level_irq);
	return 0;
}

static struct irq_chip mxc_gpio_irq_chip = {
	.name = "GPIO",
	.irq_mask = mxc_gpio_irq_mask,
	.irq_unmask = mxc_gpio_irq_unmask,
	.irq_ack = mxc_gpio_irq_ack,
	.irq_set_type = mxc_gpio_irq_set_type,
};

static int mxc_gpio_irq_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	irq_set_chip_and_handler(virq, &mxc_gpio_irq_chip, handle_level_irq);
	return irq_set_chip_data(virq, d->host_data);
}

static const struct irq_domain_ops mxc_gpio_irq_domain_ops = {
	.map = mxc_gpio_irq_map,
	.xlate = irq_domain_xlate_twocell,
};

static void mxc_gpio_irq_handler(struct irq_desc *desc)
{
	struct mxc_gpio_port *port = irq_desc_get_handler_data(desc);
	struct irq_chip *chip = irq_desc_get_chip(desc);
	u32 pending;

	chained_irq_enter(chip, desc);
	pending = readl(port->base + GPIO_ISR) & readl(port->base + GPIO_IMR);
	if (!pending)
		irq_count_spurious();
	while (pending) {
		unsigned int hw = (unsigned int)__builtin_ctz(pending);

		pending &= pending - 1;
		generic_handle_domain_irq(port->domain, hw);
	}
	chained_irq_exit(chip, desc);
}

static int mxc_gpio_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct mxc_gpio_port *port;
	int i, ret;

	port = devm_kzalloc(dev, sizeof(*port), GFP_KERNEL);
	if (!port)
		return -ENOMEM;
	port->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(port->base))
		return (int)PTR_ERR(port->base);
	port->parent_irq[0] = platform_get_irq(pdev, 0);
	if (port->parent_irq[0] < 0)
		return port->parent_irq[0];
	port->parent_irq[1] = platform_get_irq_optional(pdev, 1);
	if (port->parent_irq[1] == -EPROBE_DEFER)
		return -EPROBE_DEFER;

	/* Every line's interrupt off and its event cleared. */
	writel(0, port->base + GPIO_IMR);
	writel(~0u, port->base + GPIO_ISR);
	port->domain = irq_domain_add_linear(dev->of_node, MXC_GPIO_LINES,
					     &mxc_gpio_irq_domain_ops, port);
	if (!port->domain)
		return -ENOMEM;
	for (i = 0; i < MXC_GPIO_PARENTS; i++)
		if (port->parent_irq[i] > 0)
			irq_set_chained_handler_and_data((unsigned int)port->parent_irq[i],
							 mxc_gpio_irq_handler, port);

	port->gc = (struct gpio_chip){
		.label = dev_name(dev),
		.parent = dev,
		.ngpio = MXC_GPIO_LINES,
		.direction_input = mxc_gpio_direction_input,
		.direction_output = mxc_gpio_direction_output,
		.get = mxc_gpio_get,
		.set = mxc_gpio_set,
	};
	ret = devm_gpiochip_add_data(dev, &port->gc, port);
	if (ret) {
		for (i = 0; i < MXC_GPIO_PARENTS; i++)
			if (port->parent_irq[i] > 0)
				irq_set_chained_handler_and_data((unsigned int)port->parent_irq[i],
								 NULL, NULL);
		irq_domain_remove(port->domain);
		return ret;
	}
	platform_set_drvdata(pdev, port);
	dev_info(dev, "%u lines from %d, interrupts on virq %d%s\n", MXC_GPIO_LINES, port->gc.base,
		 port->parent_irq[0], port->parent_irq[1] > 0 ? " and one more" : "");
	return 0;
}

static int mxc_gpio_remove(struct platform_device *pdev)
{
	struct mxc_gpio_port *port = platform_get_drvdata(pdev);

	writel(0, port->base + GPIO_IMR);
	for (int i = 0; i < MXC_GPIO_PARENTS; i++)
		if (port->parent_irq[i] > 0)
			irq_set_chained_handler_and_data((unsigned int)port->parent_irq[i], NULL, NULL);
	irq_domain_remove(port->domain);
	return 0;
}

static const struct of_device_id mxc_gpio_dt_ids[] = {
	{ .compatible = "fsl,imx35-gpio" },
	{ }
};

static struct platform_driver mxc_gpio_driver = {
	.probe = mxc_gpio_probe,
	.remove = mxc_gpio_remove,
	.driver = {
		.name = "gpio-mxc",
		.of_match_table = mxc_gpio_dt_ids,
	},
};
module_platform_driver(mxc_gpio_driver);
