/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * GPIO controllers (drivers/gpio/gpiolib.c), with Linux's names: a driver
 * fills a struct gpio_chip with its callbacks and registers it; its lines
 * get global numbers base..base+ngpio-1, which the `gpio` shell command
 * uses.  A driver finds its own state with gpiochip_get_data().
 */
#ifndef _LINUX_GPIO_DRIVER_H
#define _LINUX_GPIO_DRIVER_H

#include <linux/types.h>

struct device;

struct gpio_chip {
	const char *label;
	struct device *parent;
	int base;			/* set by gpiochip_add_data() */
	u16 ngpio;
	int (*direction_input)(struct gpio_chip *gc, unsigned int offset);
	int (*direction_output)(struct gpio_chip *gc, unsigned int offset, int value);
	int (*get)(struct gpio_chip *gc, unsigned int offset);	/* 0, 1 or -errno */
	void (*set)(struct gpio_chip *gc, unsigned int offset, int value);
	/* Optional: the line's virq (else gpiod_to_irq() asks the node's domain). */
	int (*to_irq)(struct gpio_chip *gc, unsigned int offset);
	/* gpiolib's own */
	void *data;
	u64 requested;			/* consumers' lines, one bit each (ngpio <= 64) */
	struct gpio_chip *next;
};

/**
 * gpiochip_add_data() - register @gc (ngpio lines, every callback set),
 * numbering its lines after those already registered.
 * Return: 0; -EINVAL for a chip without lines (or more than 64) or callbacks.
 */
int gpiochip_add_data(struct gpio_chip *gc, void *data);
void gpiochip_remove(struct gpio_chip *gc);
/* gpiochip_add_data(), undone when @dev unbinds.  Same errors, or -ENOMEM. */
int devm_gpiochip_add_data(struct device *dev, struct gpio_chip *gc, void *data);
void *gpiochip_get_data(struct gpio_chip *gc);

#endif
