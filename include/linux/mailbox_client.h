/* SPDX-License-Identifier: BSD-2-Clause */
/* Mailbox clients (drivers/mailbox/mailbox.c), with Linux's names. */
#ifndef _LINUX_MAILBOX_CLIENT_H
#define _LINUX_MAILBOX_CLIENT_H

#include <linux/types.h>

struct device;
struct mbox_chan;

struct mbox_client {
	struct device *dev;
	/* What arrived on the channel; from IRQ context or mbox_client_peek_data(). */
	void (*rx_callback)(struct mbox_client *cl, void *mssg);
};

/**
 * mbox_request_channel() - the channel the @index-th `mboxes` entry of
 * @cl->dev's node names, now @cl's.
 * Return: the channel; ERR_PTR(-ENOENT) (no such entry), -EPROBE_DEFER
 * (its controller has not registered), -EINVAL (no such channel), -EBUSY
 * (another client has it), or the controller's startup() error.
 */
struct mbox_chan *mbox_request_channel(struct mbox_client *cl, int index);
/**
 * mbox_send_message() - hand @mssg to the hardware.
 * Return: 0; -EINVAL for a channel nobody requested; the controller's error.
 */
int mbox_send_message(struct mbox_chan *chan, void *mssg);
/* Deliver what has arrived now, without its IRQ.  Return: true if anything did. */
bool mbox_client_peek_data(struct mbox_chan *chan);
void mbox_free_channel(struct mbox_chan *chan);

#endif
