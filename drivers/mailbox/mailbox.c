// SPDX-License-Identifier: BSD-2-Clause
/*
 * The mailbox framework, as small as Linux's core without its queue: a
 * controller registers channels for its node; a client's `mboxes` entry
 * (<&controller cells...>, the first cell the channel, none: channel 0)
 * names one.  A message is sent straight to the hardware; what comes back
 * reaches the client's rx_callback, from the controller's IRQ or when the
 * client peeks (it may wait with IRQs masked, during the boot).
 */
#define pr_fmt(fmt) "mailbox: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/mailbox_client.h>
#include <linux/mailbox_controller.h>
#include <linux/of.h>
#include <linux/printk.h>

static LIST_HEAD(mbox_controllers);

int mbox_controller_register(struct mbox_controller *mbox)
{
	if (!mbox || !mbox->dev || !mbox->ops || !mbox->ops->send_data || !mbox->chans ||
	    mbox->num_chans < 1)
		return -EINVAL;
	for (int i = 0; i < mbox->num_chans; i++) {
		mbox->chans[i].mbox = mbox;
		mbox->chans[i].cl = NULL;
	}
	list_add_tail(&mbox->node, &mbox_controllers);
	return 0;
}

void mbox_controller_unregister(struct mbox_controller *mbox)
{
	if (!mbox)
		return;
	for (int i = 0; i < mbox->num_chans; i++)
		if (mbox->chans[i].cl)
			pr_warn("%s: channel %d still held\n", dev_name(mbox->dev), i);
	list_del(&mbox->node);
}

static void devm_mbox_release(void *mbox)
{
	mbox_controller_unregister(mbox);
}

int devm_mbox_controller_register(struct device *dev, struct mbox_controller *mbox)
{
	int ret = mbox_controller_register(mbox);

	if (ret)
		return ret;
	return devm_add_action_or_reset(dev, devm_mbox_release, mbox);
}

void mbox_chan_received_data(struct mbox_chan *chan, void *data)
{
	if (chan->cl && chan->cl->rx_callback)
		chan->cl->rx_callback(chan->cl, data);
}

struct mbox_chan *mbox_request_channel(struct mbox_client *cl, int index)
{
	struct of_phandle_args spec;
	struct mbox_controller *mbox, *found = NULL;
	struct mbox_chan *chan;
	unsigned int n;
	int ret;

	if (!cl || !cl->dev || !cl->dev->of_node)
		return ERR_PTR(-EINVAL);
	if (of_parse_phandle_with_args(cl->dev->of_node, "mboxes", "#mbox-cells", index, &spec))
		return ERR_PTR(-ENOENT);
	list_for_each_entry(mbox, &mbox_controllers, node)
		if (mbox->dev->of_node == spec.np)
			found = mbox;
	of_node_put(spec.np);
	if (!found)
		return ERR_PTR(-EPROBE_DEFER);
	n = spec.args_count ? spec.args[0] : 0;
	if (n >= (unsigned int)found->num_chans)
		return ERR_PTR(-EINVAL);
	chan = &found->chans[n];
	if (chan->cl)
		return ERR_PTR(-EBUSY);
	chan->cl = cl;
	if (found->ops->startup) {
		ret = found->ops->startup(chan);
		if (ret) {
			chan->cl = NULL;
			return ERR_PTR(ret);
		}
	}
	return chan;
}

int mbox_send_message(struct mbox_chan *chan, void *mssg)
{
	if (IS_ERR_OR_NULL(chan) || !chan->cl)
		return -EINVAL;
	return chan->mbox->ops->send_data(chan, mssg);
}

bool mbox_client_peek_data(struct mbox_chan *chan)
{
	if (IS_ERR_OR_NULL(chan) || !chan->mbox->ops->peek_data)
		return false;
	return chan->mbox->ops->peek_data(chan);
}

void mbox_free_channel(struct mbox_chan *chan)
{
	if (IS_ERR_OR_NULL(chan) || !chan->cl)
		return;
	if (chan->mbox->ops->shutdown)
		chan->mbox->ops->shutdown(chan);
	chan->cl = NULL;
}
