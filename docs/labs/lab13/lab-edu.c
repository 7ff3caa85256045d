// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 13: a driver for QEMU's `edu` PCI device (docs/labs/lab13/README.md),
 * a module the PCI bus binds by vendor and device ID, in whichever slot the
 * device sits.  The grader reads three log lines (and the device itself):
 *
 *   lab-edu BB:SS.F: edu MAJOR.MINOR, IRQ N                (probe)
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

/* TODO 1: the IDs `lspci` shows for the device. */
#define EDU_VENDOR		0x0000
#define EDU_DEVICE		0x0000

/* BAR 0's registers: see the page's table. */
#define EDU_ID			0x00

static unsigned int n = 10;
module_param(n, uint, 0444);
MODULE_PARM_DESC(n, "the number whose factorial the device computes");
static char *tag = "coyote";
module_param(tag, charp, 0444);
MODULE_PARM_DESC(tag, "the bytes sent through the device's DMA buffer");

struct lab_edu {
	struct pci_dev *pdev;
	void __iomem *regs;
};

static irqreturn_t edu_interrupt(int irq, void *data)
{
	struct lab_edu *edu = data;

	/* TODO 4: which interrupts does the device say it raised?  None: not
	 * ours (the line may be shared).  Acknowledge them; when n! is ready,
	 * log it:
	 *	dev_info(&edu->pdev->dev, "%u! = %u\n", n, value);
	 */
	(void)irq;
	(void)edu;
	return IRQ_NONE;
}

/* TODO 5: one DMA transfer of the tag (with its NUL) to the device's
 * buffer, one back into a second buffer of yours, compare, and log
 *	dev_info(dev, "dma: %zu bytes through the device, back equal\n", len);
 * The device is given bus addresses (dma_map_single()); probe runs with
 * IRQs masked at boot, so wait with udelay(), not msleep(). */

static int edu_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct device *dev = &pdev->dev;
	struct lab_edu *edu;
	u32 ident = 0;

	(void)id;
	edu = devm_kzalloc(dev, sizeof(*edu), GFP_KERNEL);
	if (!edu)
		return -ENOMEM;
	edu->pdev = pdev;
	/* TODO 2: enable the device and map its registers (which BAR?);
	 * check the identification register's low byte is 0xed. */
	pci_set_drvdata(pdev, edu);
	/* TODO 3: request the function's interrupt (the PCI core found it
	 * through the host bridge's interrupt-map), then have the device
	 * compute n! and interrupt when it is done. */
	dev_info(dev, "edu %u.%u, IRQ %u\n", ident >> 24, (ident >> 16) & 0xff, pdev->irq);
	(void)edu_interrupt;
	return 0;
}

static void edu_remove(struct pci_dev *pdev)
{
	/* TODO 6: nothing may interrupt or write into memory after this. */
	(void)pdev;
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
