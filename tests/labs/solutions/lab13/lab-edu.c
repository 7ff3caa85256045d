// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 13: a driver for QEMU's `edu` PCI device (docs/labs/lab13/README.md),
 * a module the PCI bus binds by vendor and device ID in whichever slot the
 * device sits.  Probe maps BAR 0, checks the identification register,
 * has the device compute n! and say so by its interrupt (found through
 * the host bridge's interrupt-map, never written here), and moves `tag`
 * through the device's DMA buffer and back.  The grader reads:
 *
 *   lab-edu BB:SS.F: edu 1.0, IRQ N                       (probe)
 *   lab-edu BB:SS.F: N! = V                               (the interrupt)
 *   lab-edu BB:SS.F: dma: L bytes through the device, back equal
 */
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/io.h>

#define EDU_VENDOR		0x1234
#define EDU_DEVICE		0x11e8

/* BAR 0 (QEMU's docs/specs/edu.rst) */
#define EDU_ID			0x00	/* 0xRRrr00ed: major, minor, 0, 0xed */
#define EDU_FACT		0x08	/* write n; read n! once not computing */
#define EDU_STATUS		0x20
#define  EDU_STATUS_COMPUTING	0x01
#define  EDU_STATUS_IRQFACT	0x80	/* interrupt when n! is ready */
#define EDU_IRQ_STATUS		0x24
#define EDU_IRQ_ACK		0x64
#define  EDU_IRQ_FACT		0x001
#define  EDU_IRQ_DMA		0x100
#define EDU_DMA_SRC		0x80
#define EDU_DMA_DST		0x88
#define EDU_DMA_COUNT		0x90
#define EDU_DMA_CMD		0x98
#define  EDU_DMA_RUN		0x1
#define  EDU_DMA_TO_RAM		0x2	/* else from RAM to the device */
#define  EDU_DMA_IRQ		0x4
#define EDU_DMA_BUF		0x40000	/* the device's own 4 KiB buffer */
#define EDU_DMA_BUF_SIZE	4096

static unsigned int n = 10;
module_param(n, uint, 0444);
MODULE_PARM_DESC(n, "the number whose factorial the device computes");
static char *tag = "coyote";
module_param(tag, charp, 0444);
MODULE_PARM_DESC(tag, "the bytes sent through the device's DMA buffer");

struct lab_edu {
	struct pci_dev *pdev;
	void __iomem *regs;
	char *out, *back;		/* the DMA buffers, kept until remove */
	size_t len;
};

static irqreturn_t edu_interrupt(int irq, void *data)
{
	struct lab_edu *edu = data;
	u32 status = readl(edu->regs + EDU_IRQ_STATUS);

	(void)irq;
	if (!status)
		return IRQ_NONE;
	writel(status, edu->regs + EDU_IRQ_ACK);
	if (status & EDU_IRQ_FACT)
		dev_info(&edu->pdev->dev, "%u! = %u\n", n, readl(edu->regs + EDU_FACT));
	return IRQ_HANDLED;
}

/* One transfer between RAM at @bus and the device's buffer; polled. */
static int edu_dma(struct lab_edu *edu, dma_addr_t bus, size_t len, bool to_ram)
{
	int ms = 1000;

	writel(to_ram ? EDU_DMA_BUF : (u32)bus, edu->regs + EDU_DMA_SRC);
	writel(to_ram ? (u32)bus : EDU_DMA_BUF, edu->regs + EDU_DMA_DST);
	writel((u32)len, edu->regs + EDU_DMA_COUNT);
	writel(EDU_DMA_RUN | (to_ram ? EDU_DMA_TO_RAM : 0), edu->regs + EDU_DMA_CMD);
	while (readl(edu->regs + EDU_DMA_CMD) & EDU_DMA_RUN) {
		if (!ms--)
			return -ETIMEDOUT;
		udelay(1000);
	}
	return 0;
}

static int edu_dma_round_trip(struct lab_edu *edu)
{
	struct device *dev = &edu->pdev->dev;
	dma_addr_t out, back;
	int ret;

	edu->len = strlen(tag) + 1;
	if (edu->len > EDU_DMA_BUF_SIZE)
		return -EINVAL;
	edu->out = devm_kzalloc(dev, edu->len, GFP_KERNEL);
	edu->back = devm_kzalloc(dev, edu->len, GFP_KERNEL);
	if (!edu->out || !edu->back)
		return -ENOMEM;
	memcpy(edu->out, tag, edu->len);
	out = dma_map_single(dev, edu->out, edu->len, DMA_TO_DEVICE);
	back = dma_map_single(dev, edu->back, edu->len, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, out) || dma_mapping_error(dev, back))
		return -ENOMEM;
	ret = edu_dma(edu, out, edu->len, false);
	if (!ret)
		ret = edu_dma(edu, back, edu->len, true);
	dma_unmap_single(dev, out, edu->len, DMA_TO_DEVICE);
	dma_unmap_single(dev, back, edu->len, DMA_FROM_DEVICE);
	if (ret)
		return ret;
	if (memcmp(edu->out, edu->back, edu->len))
		return -EIO;
	dev_info(dev, "dma: %zu bytes through the device, back equal\n", edu->len);
	return 0;
}

static int edu_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct device *dev = &pdev->dev;
	struct lab_edu *edu;
	u32 ident;
	int ret;

	(void)id;
	edu = devm_kzalloc(dev, sizeof(*edu), GFP_KERNEL);
	if (!edu)
		return -ENOMEM;
	edu->pdev = pdev;
	ret = pci_enable_device(pdev);
	if (ret)
		return ret;
	edu->regs = pcim_iomap(pdev, 0);
	if (IS_ERR(edu->regs)) {
		ret = (int)PTR_ERR(edu->regs);
		goto disable;
	}
	ident = readl(edu->regs + EDU_ID);
	if ((ident & 0xff) != 0xed) {
		ret = dev_err_probe(dev, -ENODEV, "identification 0x%08x is not an edu", ident);
		goto disable;
	}
	pci_set_master(pdev);
	pci_set_drvdata(pdev, edu);
	ret = devm_request_irq(dev, pdev->irq, edu_interrupt, IRQF_SHARED, "lab-edu", edu);
	if (ret)
		goto disable;
	dev_info(dev, "edu %u.%u, IRQ %u\n", ident >> 24, (ident >> 16) & 0xff, pdev->irq);

	writel(EDU_STATUS_IRQFACT, edu->regs + EDU_STATUS);
	writel(n, edu->regs + EDU_FACT);
	ret = edu_dma_round_trip(edu);
	if (ret)
		goto disable;
	return 0;

disable:
	pci_disable_device(pdev);
	return ret;
}

static void edu_remove(struct pci_dev *pdev)
{
	struct lab_edu *edu = pci_get_drvdata(pdev);

	/* No interrupt after this: the handler's state goes with the device. */
	writel(0, edu->regs + EDU_STATUS);
	pci_clear_master(pdev);
	pci_disable_device(pdev);
}

static const struct pci_device_id edu_ids[] = {
	{ PCI_DEVICE(EDU_VENDOR, EDU_DEVICE) },
	{ }
};
MODULE_DEVICE_TABLE(pci, edu_ids);

static struct pci_driver edu_driver = {
	.name = "lab-edu",
	.id_table = edu_ids,
	.probe = edu_probe,
	.remove = edu_remove,
};
module_pci_driver(edu_driver);

MODULE_DESCRIPTION("Lab 13: QEMU's edu PCI device");
MODULE_LICENSE("Dual BSD/GPL");
