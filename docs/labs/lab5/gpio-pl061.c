// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 5: a driver for the ARM PL061 GPIO controller (8 lines), an MMIO
 * platform device.  Read docs/labs/lab5/README.md first.
 *
 * DIR says which lines are outputs (1 = output).  DATA is read and written
 * through an address mask: the register at offset (mask << 2) touches only
 * the lines whose bits are set in mask.
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
#define PL061_PART	0x061	/* PeriphID's part number */

struct pl061 {
	void __iomem *base;
	struct gpio_chip gc;
};

static int pl061_get(struct gpio_chip *gc, unsigned int offset)
{
	struct pl061 *p = gpiochip_get_data(gc);

	/* TODO 3: read line @offset through the masked DATA address: 0 or 1. */
	(void)p;
	return -ENOSYS;
}

static void pl061_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct pl061 *p = gpiochip_get_data(gc);

	/* TODO 3: drive line @offset to @value, touching no other line. */
	(void)p;
}

static int pl061_direction_input(struct gpio_chip *gc, unsigned int offset)
{
	/* TODO 4: clear the line's bit in DIR. */
	return -ENOSYS;
}

static int pl061_direction_output(struct gpio_chip *gc, unsigned int offset, int value)
{
	/* TODO 4: set the line's bit in DIR, and the value (the PL061
	 * ignores DATA writes to lines that are inputs). */
	return -ENOSYS;
}

static int pl061_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct pl061 *p;

	p = devm_kzalloc(dev, sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->gc.label = dev_name(dev);
	p->gc.parent = dev;
	p->gc.ngpio = PL061_NR_LINES;
	p->gc.get = pl061_get;
	p->gc.set = pl061_set;
	p->gc.direction_input = pl061_direction_input;
	p->gc.direction_output = pl061_direction_output;
	/*
	 * TODO 2: map resource 0, check the ID registers (a PrimeCell:
	 * include/linux/amba/bus.h, rtc-pl031.c) and refuse another chip, mask the interrupts (GPIOIE
	 * = 0), then register the chip: devm_gpiochip_add_data(dev, &p->gc, p).
	 */
	return -ENODEV;
}

static const struct of_device_id pl061_of_match[] = {
	/* TODO 1: the compatible string of the board's GPIO nodes. */
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
