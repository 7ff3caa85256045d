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

struct mygpio {
	void __iomem *base;
	struct gpio_chip gc;
};

static int pl061_get(struct gpio_chip *gc, unsigned int offset)
{
	struct mygpio *chip = gpiochip_get_data(gc);

	return !!readl(chip->base + GPIODATA + ((1u << offset) << 2));
}

static void pl061_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct mygpio *chip = gpiochip_get_data(gc);

	writel(value ? 1u << offset : 0, chip->base + GPIODATA + ((1u << offset) << 2));
}

static int mygpio_in(struct gpio_chip *gc, unsigned int offset)
{
	struct mygpio *chip = gpiochip_get_data(gc);

	writel(readl(chip->base + GPIODIR) & ~(1u << offset), chip->base + GPIODIR);
	return 0;
}

static int mygpio_out(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct mygpio *chip = gpiochip_get_data(gc);

	/* The value first, so the line never shows the old one as an output;
	 * and again after: the PL061 ignores DATA writes to input lines. */
	pl061_set(gc, offset, value);
	writel(readl(chip->base + GPIODIR) | (1u << offset), chip->base + GPIODIR);
	pl061_set(gc, offset, value);
	return 0;
}

static int pl061_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct mygpio *chip;
	u32 pid, cid;

	chip = devm_kzalloc(dev, sizeof(*chip), GFP_KERNEL);
	if (!chip)
		return -ENOMEM;
	chip->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(chip->base))
		return dev_err_probe(dev, (int)PTR_ERR(chip->base), "no registers");
	pid = amba_read_id(chip->base, AMBA_PERIPHID0);
	cid = amba_read_id(chip->base, AMBA_CELLID0);
	if (cid != AMBA_CID || amba_part(pid) != PL061_PART || amba_manf(pid) != AMBA_VENDOR_ARM)
		return dev_err_probe(dev, -ENODEV, "ID %08x/%08x is not a PL061", pid, cid);
	writel(0, chip->base + GPIOIE);
	chip->gc.label = dev_name(dev);
	chip->gc.parent = dev;
	chip->gc.ngpio = PL061_NR_LINES;
	chip->gc.get = pl061_get;
	chip->gc.set = pl061_set;
	chip->gc.direction_input = mygpio_in;
	chip->gc.direction_output = mygpio_out;
	return devm_gpiochip_add_data(dev, &chip->gc, chip);
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
