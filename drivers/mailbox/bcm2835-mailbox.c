// SPDX-License-Identifier: BSD-2-Clause
/*
 * BCM2835 ARM-VideoCore mailbox (`brcm,bcm2835-mbox`): two FIFOs of 32-bit
 * words.  The ARM writes mailbox 1 (to the VideoCore) and reads mailbox 0
 * (from it); each word is a 16-byte aligned bus address in its top 28 bits
 * and a VideoCore channel in its low 4 (8: the firmware's property
 * interface).  Mailbox 0 raises the node's interrupt while it holds data,
 * once its config register asks for it.  One mailbox channel, as Linux
 * has: the VideoCore channel travels in the word (the client's business).
 */
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/mailbox_controller.h>
#include <linux/platform_device.h>
#include <asm/io.h>

#define MAIL0_RD		0x00
#define MAIL0_STA		0x18
#define MAIL0_CNF		0x1c
#define MAIL1_WRT		0x20
#define MAIL1_STA		0x38

#define ARM_MS_FULL		(1u << 31)
#define ARM_MS_EMPTY		(1u << 30)
#define ARM_MC_IHAVEDATAIRQEN	(1u << 0)
/* The FIFO's depth: more words in one go means the status lies (no mailbox there). */
#define MAIL_FIFO_WORDS		8

struct bcm2835_mbox {
	void __iomem *regs;
	struct mbox_controller controller;
	struct mbox_chan chan;
};

static struct bcm2835_mbox *chan_to_mbox(struct mbox_chan *chan)
{
	return container_of(chan->mbox, struct bcm2835_mbox, controller);
}

/* Every word mailbox 0 holds, to the client.  Return: whether there was one. */
static bool bcm2835_mbox_drain(struct bcm2835_mbox *mbox)
{
	char __iomem *regs = mbox->regs;
	bool any = false;

	for (int n = 0; n < MAIL_FIFO_WORDS && !(readl(regs + MAIL0_STA) & ARM_MS_EMPTY); n++) {
		u32 msg = readl(regs + MAIL0_RD);

		any = true;
		mbox_chan_received_data(&mbox->chan, &msg);
	}
	return any;
}

static irqreturn_t bcm2835_mbox_irq(int irq, void *dev_id)
{
	return bcm2835_mbox_drain(dev_id) ? IRQ_HANDLED : IRQ_NONE;
}

static int bcm2835_send_data(struct mbox_chan *chan, void *data)
{
	struct bcm2835_mbox *mbox = chan_to_mbox(chan);

	if (readl((char __iomem *)mbox->regs + MAIL1_STA) & ARM_MS_FULL)
		return -EBUSY;
	writel(*(u32 *)data, (char __iomem *)mbox->regs + MAIL1_WRT);
	return 0;
}

static bool bcm2835_peek_data(struct mbox_chan *chan)
{
	return bcm2835_mbox_drain(chan_to_mbox(chan));
}

static int bcm2835_startup(struct mbox_chan *chan)
{
	writel(ARM_MC_IHAVEDATAIRQEN, (char __iomem *)chan_to_mbox(chan)->regs + MAIL0_CNF);
	return 0;
}

static void bcm2835_shutdown(struct mbox_chan *chan)
{
	writel(0, (char __iomem *)chan_to_mbox(chan)->regs + MAIL0_CNF);
}

static const struct mbox_chan_ops bcm2835_mbox_ops = {
	.send_data = bcm2835_send_data,
	.peek_data = bcm2835_peek_data,
	.startup = bcm2835_startup,
	.shutdown = bcm2835_shutdown,
};

static int bcm2835_mbox_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bcm2835_mbox *mbox;
	int irq, ret;

	mbox = devm_kzalloc(dev, sizeof(*mbox), GFP_KERNEL);
	if (!mbox)
		return -ENOMEM;
	mbox->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(mbox->regs))
		return (int)PTR_ERR(mbox->regs);
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;
	writel(0, (char __iomem *)mbox->regs + MAIL0_CNF);
	ret = devm_request_irq(dev, (unsigned int)irq, bcm2835_mbox_irq, 0, dev_name(dev), mbox);
	if (ret)
		return dev_err_probe(dev, ret, "cannot request IRQ %d", irq);
	mbox->controller.dev = dev;
	mbox->controller.ops = &bcm2835_mbox_ops;
	mbox->controller.chans = &mbox->chan;
	mbox->controller.num_chans = 1;
	ret = devm_mbox_controller_register(dev, &mbox->controller);
	if (ret)
		return ret;
	platform_set_drvdata(pdev, mbox);
	dev_info(dev, "mailbox, virq %d\n", irq);
	return 0;
}

static const struct of_device_id bcm2835_mbox_of_match[] = {
	{ .compatible = "brcm,bcm2835-mbox" },
	{ }
};

static struct platform_driver bcm2835_mbox_driver = {
	.probe = bcm2835_mbox_probe,
	.driver = {
		.name = "bcm2835-mbox",
		.of_match_table = bcm2835_mbox_of_match,
	},
};
module_platform_driver(bcm2835_mbox_driver);
