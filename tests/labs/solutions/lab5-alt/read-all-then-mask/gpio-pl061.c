// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 5 reference solution: the ARM PL061 GPIO controller, an MMIO platform
 * device with 8 lines.  DIR says which lines are outputs; DATA is read and
 * written through an address mask: offset (mask << 2) touches only the
 * lines in mask, so setting one line needs no read-modify-write.
 */
#include <linux/amba/bus.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/gpio/driver.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <asm/io.h>

#define GPIODATA	0x000	/* + (mask << 2) */
#define GPIODIR		0x400	/* 1 = output */
#define GPIOIE		0x410	/* interrupt mask */
#define PL061_NR_LINES	8
#define PL061_PART	0x061

struct pl061 {
	void __iomem *base;
	struct gpio_chip gc;
};

static int pl061_get(struct gpio_chip *gc, unsigned int offset)
{
	struct pl061 *p = gpiochip_get_data(gc);

	return (readl(p->base + GPIODATA + 0x3fc) >> offset) & 1;
}

static void pl061_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct pl061 *p = gpiochip_get_data(gc);

	writel(value ? 1u << offset : 0, p->base + GPIODATA + ((1u << offset) << 2));
}

static int pl061_direction_input(struct gpio_chip *gc, unsigned int offset)
{
	struct pl061 *p = gpiochip_get_data(gc);

	writel(readl(p->base + GPIODIR) & ~(1u << offset), p->base + GPIODIR);
	return 0;
}

static int pl061_direction_output(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct pl061 *p = gpiochip_get_data(gc);

	/* The value first, so the line never shows the old one as an output;
	 * and again after: the PL061 ignores DATA writes to input lines. */
	pl061_set(gc, offset, value);
	writel(readl(p->base + GPIODIR) | (1u << offset), p->base + GPIODIR);
	pl061_set(gc, offset, value);
	return 0;
}

static int pl061_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct pl061 *p;
	u32 pid, cid;

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
	writel(0, p->base + GPIOIE);
	p->gc.label = dev_name(dev);
	p->gc.parent = dev;
	p->gc.ngpio = PL061_NR_LINES;
	p->gc.get = pl061_get;
	p->gc.set = pl061_set;
	p->gc.direction_input = pl061_direction_input;
	p->gc.direction_output = pl061_direction_output;
	return devm_gpiochip_add_data(dev, &p->gc, p);
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
