/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * GPIO consumers (drivers/gpio/gpiolib.c), with Linux's names: a driver
 * asks for the line its node names (`gpios = <&controller line flags>`)
 * and gets a descriptor; reading it applies the line's GPIO_ACTIVE_LOW
 * flag, so 1 always means "active" (a button pressed).
 */
#ifndef _LINUX_GPIO_CONSUMER_H
#define _LINUX_GPIO_CONSUMER_H

struct device;
struct device_node;
struct gpio_desc;

enum gpiod_flags {
	GPIOD_ASIS = 0,		/* leave the direction as it is */
	GPIOD_IN = 1,		/* make the line an input */
};

/**
 * devm_gpiod_get_from_of_node() - the line at @index of @node's @propname
 * (for a child node with no device of its own: gpio-keys' buttons), given
 * back when @dev unbinds.
 * Return: a descriptor; ERR_PTR(-ENOENT) without the property or entry,
 * -EINVAL for a malformed one or a line the controller does not have,
 * -EPROBE_DEFER while no driver has registered the controller, -EBUSY when
 * the line is already taken, -ENOMEM, or the controller's error for @flags.
 */
struct gpio_desc *devm_gpiod_get_from_of_node(struct device *dev, struct device_node *node,
					      const char *propname, int index,
					      enum gpiod_flags flags, const char *label);

/* The line's logical value (active-low inverted): 0, 1 or the chip's -errno. */
int gpiod_get_value(const struct gpio_desc *desc);

/**
 * gpiod_to_irq() - the virtual IRQ of the line: the chip's to_irq(), else
 * a mapping in the IRQ domain its driver registered on the chip's node.
 * Return: the IRQ; -ENXIO when the controller is no interrupt controller.
 */
int gpiod_to_irq(const struct gpio_desc *desc);

#endif
