/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Pin controllers (drivers/pinctrl/core.c): a driver for one registers a
 * pinctrl_dev; before a consumer's probe the driver core applies the
 * consumer's "default" state through it (pinctrl_bind_pins()).
 */
#ifndef _LINUX_PINCTRL_PINCTRL_H
#define _LINUX_PINCTRL_PINCTRL_H

#include <linux/list.h>

struct device;
struct device_node;
struct pinctrl_dev;

struct pinctrl_ops {
	/*
	 * Claim the pins of @group (a node under the controller's) for
	 * @consumer and set them.  Return: 0; -EBUSY when another device owns
	 * one, -EINVAL for a malformed group: logged with the names, and
	 * nothing changed.
	 */
	int (*apply_group)(struct pinctrl_dev *pctldev, struct device_node *group,
			   struct device *consumer);
	/* Let go of every pin @consumer claimed. */
	void (*release)(struct pinctrl_dev *pctldev, struct device *consumer);
};

struct pinctrl_dev {
	struct device *dev;
	const struct pinctrl_ops *ops;
	struct list_head node;		/* core private */
};

/**
 * devm_pinctrl_register() - @pctldev (dev and ops set) serves groups under
 * its device's node until that device unbinds.
 * Return: 0; -EINVAL without a device or ops; -ENOMEM.
 */
int devm_pinctrl_register(struct device *dev, struct pinctrl_dev *pctldev);

/**
 * pinctrl_bind_pins() - before @dev's probe: apply its "default" state
 * (`pinctrl-N` where `pinctrl-names` says "default", `pinctrl-0` without
 * names) through the controllers that registered; a group whose controller
 * has no driver is skipped (QEMU needs no muxing; the consumer is not held
 * back).  What it claims is let go when @dev unbinds or its probe fails.
 * Return: 0; the controller's error (-EBUSY, -EINVAL), nothing claimed;
 * -ENOMEM.
 */
int pinctrl_bind_pins(struct device *dev);

#endif
