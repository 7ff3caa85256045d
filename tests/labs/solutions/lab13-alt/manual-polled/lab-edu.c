// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 13, written another way: resources taken and given back by hand
 * (request_irq/free_irq, kmalloc/kfree), n! waited for by polling the
 * status register, and the interrupt used for the end of the DMA back
 * into RAM instead.
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

#define QEMU_VENDOR_ID	0x1234
#define EDU_DEVICE_ID	0x11e8

enum edu_reg {
	REG_ID = 0x00, REG_FACT = 0x08, REG_STATUS = 0x20, REG_ISR = 0x24, REG_ACK = 0x64,
	REG_DMA_SRC = 0x80, REG_DMA_DST = 0x88, REG_DMA_CNT = 0x90, REG_DMA_CMD = 0x98,
};
#define DMA_START	0x1u
#define DMA_TO_RAM	0x2u
#define DMA_IRQ		0x4u
#define ISR_DMA		0x100u
#define DEV_BUF		0x40000u

static unsigned int n = 10;
module_param(n, uint, 0444);
static char *tag = "coyote";
module_param(tag, charp, 0444);

struct edu_dev {
	struct pci_dev *pci;
	void __iomem *mmio;
	char *bufs;			/* two halves: out, then back */
	size_t len;
	volatile bool dma_done;
};

static u32 rd(struct edu_dev *e, enum edu_reg r) { return readl(e->mmio + r); }
static void wr(struct edu_dev *e, enum edu_reg r, u32 v) { writel(v, e->mmio + r); }

static irqreturn_t edu_isr(int irq, void *cookie)
{
	struct edu_dev *e = cookie;
	u32 isr = rd(e, REG_ISR);

	(void)irq;
	if (!isr)
		return IRQ_NONE;
	wr(e, REG_ACK, isr);
	if (isr & ISR_DMA)
		e->dma_done = true;
	return IRQ_HANDLED;
}

static bool wait_bit_clear(struct edu_dev *e, enum edu_reg r, u32 bit)
{
	for (int i = 0; i < 2000; i++) {
		if (!(rd(e, r) & bit))
			return true;
		udelay(500);
	}
	return false;
}

static int transfer(struct edu_dev *e, dma_addr_t ram, bool to_ram)
{
	wr(e, REG_DMA_SRC, to_ram ? DEV_BUF : (u32)ram);
	wr(e, REG_DMA_DST, to_ram ? (u32)ram : DEV_BUF);
	wr(e, REG_DMA_CNT, (u32)e->len);
	e->dma_done = false;
	wr(e, REG_DMA_CMD, DMA_START | DMA_IRQ | (to_ram ? DMA_TO_RAM : 0));
	return wait_bit_clear(e, REG_DMA_CMD, DMA_START) ? 0 : -ETIMEDOUT;
}

static int edu_probe(struct pci_dev *pci, const struct pci_device_id *ent)
{
	struct edu_dev *e;
	dma_addr_t out, back;
	u32 id;
	int err;

	(void)ent;
	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	e->pci = pci;
	err = pci_enable_device(pci);
	if (err)
		goto free_dev;
	e->mmio = pcim_iomap(pci, 0);
	if (IS_ERR(e->mmio)) {
		err = (int)PTR_ERR(e->mmio);
		goto disable;
	}
	id = rd(e, REG_ID);
	if ((id & 0xff) != 0xed) {
		err = -ENODEV;
		goto disable;
	}
	err = request_irq(pci->irq, edu_isr, IRQF_SHARED, "lab-edu", e);
	if (err)
		goto disable;
	pci_set_master(pci);
	pci_set_drvdata(pci, e);
	dev_info(&pci->dev, "edu %u.%u, IRQ %u\n", id >> 24, (id >> 16) & 0xff, pci->irq);

	wr(e, REG_FACT, n);
	if (!wait_bit_clear(e, REG_STATUS, 0x1)) {
		err = -ETIMEDOUT;
		goto irq;
	}
	dev_info(&pci->dev, "%u! = %u\n", n, rd(e, REG_FACT));

	e->len = strlen(tag) + 1;
	e->bufs = kzalloc(2 * e->len, GFP_KERNEL);
	if (!e->bufs) {
		err = -ENOMEM;
		goto irq;
	}
	memcpy(e->bufs, tag, e->len);
	out = dma_map_single(&pci->dev, e->bufs, e->len, DMA_TO_DEVICE);
	back = dma_map_single(&pci->dev, e->bufs + e->len, e->len, DMA_FROM_DEVICE);
	err = transfer(e, out, false);
	if (!err)
		err = transfer(e, back, true);
	if (!err && memcmp(e->bufs, e->bufs + e->len, e->len))
		err = -EIO;
	if (err)
		goto bufs;
	dev_info(&pci->dev, "dma: %zu bytes through the device, back equal\n", e->len);
	return 0;

bufs:
	kfree(e->bufs);
irq:
	free_irq(pci->irq, e);
disable:
	pci_disable_device(pci);
free_dev:
	kfree(e);
	return err;
}

static void edu_remove(struct pci_dev *pci)
{
	struct edu_dev *e = pci_get_drvdata(pci);

	free_irq(pci->irq, e);
	pci_clear_master(pci);
	pci_disable_device(pci);
	kfree(e->bufs);
	kfree(e);
}

static const struct pci_device_id edu_table[] = {
	{ .vendor = QEMU_VENDOR_ID, .device = EDU_DEVICE_ID,
	  .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID },
	{ }
};
MODULE_DEVICE_TABLE(pci, edu_table);

static struct pci_driver edu_pci_driver = {
	.name = "lab-edu",
	.id_table = edu_table,
	.probe = edu_probe,
	.remove = edu_remove,
};
module_pci_driver(edu_pci_driver);
MODULE_LICENSE("Dual BSD/GPL");
