/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Mailbox controllers (drivers/mailbox/mailbox.c), with Linux's names: a
 * driver for a hardware mailbox registers its channels; clients find one
 * through their node's `mboxes` (include/linux/mailbox_client.h).
 */
#ifndef _LINUX_MAILBOX_CONTROLLER_H
#define _LINUX_MAILBOX_CONTROLLER_H

#include <linux/list.h>
#include <linux/types.h>

struct device;
struct mbox_chan;
struct mbox_client;

struct mbox_chan_ops {
	/* Hand @data to the hardware.  Return: 0, or -EBUSY when it is full. */
	int (*send_data)(struct mbox_chan *chan, void *data);
	/* Optional: deliver what has arrived (mbox_chan_received_data());
	 * true when something did.  For clients waiting with IRQs masked. */
	bool (*peek_data)(struct mbox_chan *chan);
	/* Optional: a client took / let go of the channel. */
	int (*startup)(struct mbox_chan *chan);
	void (*shutdown)(struct mbox_chan *chan);
};

struct mbox_controller {
	struct device *dev;
	const struct mbox_chan_ops *ops;
	struct mbox_chan *chans;
	int num_chans;
	struct list_head node;		/* core private */
};

struct mbox_chan {
	struct mbox_controller *mbox;
	struct mbox_client *cl;		/* NULL while free */
	void *con_priv;
};

/**
 * mbox_controller_register() - offer @mbox's channels to clients of
 * @mbox->dev's node.
 * Return: 0; -EINVAL without a device, ops or channels.
 */
int mbox_controller_register(struct mbox_controller *mbox);
/* Withdraw @mbox; its clients must have freed their channels. */
void mbox_controller_unregister(struct mbox_controller *mbox);
/**
 * devm_mbox_controller_register() - mbox_controller_register(), undone
 * when @dev unbinds.  Return: as mbox_controller_register(); -ENOMEM.
 */
int devm_mbox_controller_register(struct device *dev, struct mbox_controller *mbox);

/* From the controller (its IRQ or peek_data): @data arrived on @chan. */
void mbox_chan_received_data(struct mbox_chan *chan, void *data);

#endif
