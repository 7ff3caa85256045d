// SPDX-License-Identifier: BSD-2-Clause
/*
 * virtio over PCI, the modern (virtio 1.0) interface: a PCI function with
 * vendor 0x1af4 whose vendor-specific capabilities say where, in which
 * BAR, four structures lie: the common configuration (features, status,
 * queue set-up), the notification area (one doorbell per queue), the ISR
 * byte (reading it acknowledges the interrupt) and the device's own
 * configuration.  The virtio drivers (virtio-net, -blk, -rng) bind to what
 * this transport registers exactly as they do over virtio-mmio.  The
 * interrupt is INTx, routed by the host bridge's interrupt-map; MSI-X is
 * left off.
 */
#define pr_fmt(fmt) "virtio-pci: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ring.h>
#include <asm/io.h>

#define VIRTIO_PCI_VENDOR	0x1af4
#define VIRTIO_PCI_MODERN_BASE	0x1040	/* device 0x1040 + virtio ID */
#define VIRTIO_PCI_TRANS_FIRST	0x1000	/* transitional: ID in the subsystem */
#define VIRTIO_PCI_TRANS_LAST	0x103f

/* struct virtio_pci_cap (virtio 1.0, 4.1.4) */
#define VPCI_CAP_CFG_TYPE	3
#define VPCI_CAP_BAR		4
#define VPCI_CAP_OFFSET		8
#define VPCI_CAP_LENGTH		12
#define VPCI_NOTIFY_MULT	16	/* the notify capability's multiplier */
#define VIRTIO_PCI_CAP_COMMON_CFG	1
#define VIRTIO_PCI_CAP_NOTIFY_CFG	2
#define VIRTIO_PCI_CAP_ISR_CFG		3
#define VIRTIO_PCI_CAP_DEVICE_CFG	4

/* struct virtio_pci_common_cfg */
#define VPCI_DFSELECT		0x00
#define VPCI_DF			0x04
#define VPCI_GFSELECT		0x08
#define VPCI_GF			0x0c
#define VPCI_MSIX_CONFIG	0x10
#define VPCI_NUM_QUEUES		0x12
#define VPCI_STATUS		0x14
#define VPCI_GENERATION		0x15
#define VPCI_Q_SELECT		0x16
#define VPCI_Q_SIZE		0x18
#define VPCI_Q_MSIX		0x1a
#define VPCI_Q_ENABLE		0x1c
#define VPCI_Q_NOFF		0x1e
#define VPCI_Q_DESC		0x20
#define VPCI_Q_AVAIL		0x28
#define VPCI_Q_USED		0x30
#define VIRTIO_MSI_NO_VECTOR	0xffff

#define VPCI_ISR_QUEUE		0x1
#define VPCI_ISR_CONFIG		0x2

#define VP_QUEUE_NUM_MAX	256

struct virtio_pci_device {
	struct virtio_device vdev;
	struct pci_dev *pci;
	void __iomem *common, *isr, *device, *notify;
	u32 notify_mult, device_len;
};

#define to_vp(_vdev) container_of(_vdev, struct virtio_pci_device, vdev)

/* ---- configuration ----------------------------------------------------- */

static void vp_get(struct virtio_device *vdev, unsigned int offset, void *buf, unsigned int len)
{
	struct virtio_pci_device *vp = to_vp(vdev);
	void __iomem *p = vp->device + offset;
	u32 lo, hi;
	u8 gen;

	if (!vp->device || offset + len > vp->device_len) {
		dev_err(&vdev->dev, "configuration read of %u bytes at %u refused\n", len, offset);
		return;
	}
	switch (len) {
	case 1:
		*(u8 *)buf = readb(p);
		return;
	case 2:
		*(u16 *)buf = readw(p);
		return;
	case 4:
		lo = readl(p);
		memcpy(buf, &lo, 4);
		return;
	case 8:
		do {
			gen = readb(vp->common + VPCI_GENERATION);
			lo = readl(p);
			hi = readl(p + 4);
		} while (gen != readb(vp->common + VPCI_GENERATION));
		memcpy(buf, &lo, 4);
		memcpy((u8 *)buf + 4, &hi, 4);
		return;
	}
	dev_err(&vdev->dev, "configuration read of %u bytes refused\n", len);
}

static void vp_set(struct virtio_device *vdev, unsigned int offset, const void *buf,
		   unsigned int len)
{
	struct virtio_pci_device *vp = to_vp(vdev);
	void __iomem *p = vp->device + offset;
	u32 v;

	if (!vp->device || offset + len > vp->device_len || (len != 1 && len != 2 && len != 4)) {
		dev_err(&vdev->dev, "configuration write of %u bytes at %u refused\n", len, offset);
		return;
	}
	if (len == 1)
		writeb(*(const u8 *)buf, p);
	else if (len == 2)
		writew(*(const u16 *)buf, p);
	else {
		memcpy(&v, buf, 4);
		writel(v, p);
	}
}

static u8 vp_get_status(struct virtio_device *vdev)
{
	return readb(to_vp(vdev)->common + VPCI_STATUS);
}

static void vp_set_status(struct virtio_device *vdev, u8 status)
{
	writeb(status, to_vp(vdev)->common + VPCI_STATUS);
}

static void vp_reset(struct virtio_device *vdev)
{
	struct virtio_pci_device *vp = to_vp(vdev);
	int tries = 1000;

	writeb(0, vp->common + VPCI_STATUS);
	/* The reset is done when the status reads 0 again (4.1.4.3.2). */
	while (readb(vp->common + VPCI_STATUS) && --tries)
		;
	if (!tries)
		dev_err(&vdev->dev, "reset: status still reads 0x%02x\n",
			readb(vp->common + VPCI_STATUS));
}

static u64 vp_get_features(struct virtio_device *vdev)
{
	struct virtio_pci_device *vp = to_vp(vdev);
	u64 f;

	writel(1, vp->common + VPCI_DFSELECT);
	f = (u64)readl(vp->common + VPCI_DF) << 32;
	writel(0, vp->common + VPCI_DFSELECT);
	return f | readl(vp->common + VPCI_DF);
}

static int vp_finalize_features(struct virtio_device *vdev)
{
	struct virtio_pci_device *vp = to_vp(vdev);

	if (!virtio_has_feature(vdev, VIRTIO_F_VERSION_1)) {
		dev_err(&vdev->dev, "the modern interface without VIRTIO_F_VERSION_1\n");
		return -EINVAL;
	}
	writel(1, vp->common + VPCI_GFSELECT);
	writel((u32)(vdev->features >> 32), vp->common + VPCI_GF);
	writel(0, vp->common + VPCI_GFSELECT);
	writel((u32)vdev->features, vp->common + VPCI_GF);
	return 0;
}

/* ---- queues ------------------------------------------------------------ */

static bool vp_notify(struct virtqueue *vq)
{
	writew((u16)vq->index, (void __iomem *)vq->priv);
	return true;
}

/* A queue is switched off only by a reset (queue_enable takes only 1):
 * the virtio core resets the device before it deletes the queues. */
static void vp_del_vqs(struct virtio_device *vdev)
{
	struct virtqueue *vq, *n;

	list_for_each_entry_safe(vq, n, &vdev->vqs, list)
		vring_del_virtqueue(vq);
}

static void write64(void __iomem *p, u64 v)
{
	writel((u32)v, p);
	writel((u32)(v >> 32), p + 4);
}

static struct virtqueue *vp_setup_vq(struct virtio_pci_device *vp, unsigned int index,
				     vq_callback_t *callback, const char *name, int *err)
{
	void __iomem *c = vp->common;
	struct virtqueue *vq;
	u16 num, off;

	if (index >= readw(c + VPCI_NUM_QUEUES)) {
		*err = -ENOENT;
		return NULL;
	}
	writew((u16)index, c + VPCI_Q_SELECT);
	num = readw(c + VPCI_Q_SIZE);
	if (!num) {
		*err = -ENOENT;
		return NULL;
	}
	if (readw(c + VPCI_Q_ENABLE)) {
		*err = -EBUSY;
		return NULL;
	}
	while (num > VP_QUEUE_NUM_MAX || (num & (num - 1)))
		num = num > VP_QUEUE_NUM_MAX ? VP_QUEUE_NUM_MAX : num & (num - 1);
	vq = vring_create_virtqueue(index, num, 4, &vp->vdev, &vp->pci->dev, vp_notify, callback,
				    name);
	if (!vq) {
		*err = -ENOMEM;
		return NULL;
	}
	off = readw(c + VPCI_Q_NOFF);
	vq->priv = (void *)(vp->notify + (u32)off * vp->notify_mult);
	writew(num, c + VPCI_Q_SIZE);
	writew(VIRTIO_MSI_NO_VECTOR, c + VPCI_Q_MSIX);
	write64(c + VPCI_Q_DESC, virtqueue_get_desc_addr(vq));
	write64(c + VPCI_Q_AVAIL, virtqueue_get_avail_addr(vq));
	write64(c + VPCI_Q_USED, virtqueue_get_used_addr(vq));
	writew(1, c + VPCI_Q_ENABLE);
	return vq;
}

static int vp_find_vqs(struct virtio_device *vdev, unsigned int nvqs, struct virtqueue *vqs[],
		       vq_callback_t *callbacks[], const char *const names[])
{
	int err = 0;

	for (unsigned int i = 0; i < nvqs; i++) {
		vqs[i] = vp_setup_vq(to_vp(vdev), i, callbacks[i], names[i], &err);
		if (!vqs[i]) {
			dev_err(&vdev->dev, "queue %u (%s): %s\n", i, names[i], errname(err));
			vp_del_vqs(vdev);
			return err;
		}
	}
	return 0;
}

static const char *vp_bus_name(struct virtio_device *vdev)
{
	(void)vdev;
	return "virtio-pci (modern)";
}

static bool vp_has_irq(struct virtio_device *vdev)
{
	return to_vp(vdev)->pci->irq > 0;
}

static const struct virtio_config_ops virtio_pci_config_ops = {
	.get = vp_get,
	.set = vp_set,
	.get_status = vp_get_status,
	.set_status = vp_set_status,
	.reset = vp_reset,
	.get_features = vp_get_features,
	.finalize_features = vp_finalize_features,
	.find_vqs = vp_find_vqs,
	.del_vqs = vp_del_vqs,
	.bus_name = vp_bus_name,
	.has_irq = vp_has_irq,
};

/* Reading the ISR byte acknowledges the interrupt (a shared INTx line). */
static irqreturn_t vp_interrupt(int irq, void *data)
{
	struct virtio_pci_device *vp = data;
	struct virtqueue *vq;
	u8 isr = readb(vp->isr);

	if (!isr)
		return IRQ_NONE;
	if (isr & VPCI_ISR_CONFIG)
		virtio_config_changed(&vp->vdev);
	if (isr & VPCI_ISR_QUEUE)
		list_for_each_entry(vq, &vp->vdev.vqs, list)
			vring_interrupt(irq, vq);
	return IRQ_HANDLED;
}

/* ---- probe and remove -------------------------------------------------- */

/*
 * The structure of @type: mapped from its BAR (each BAR mapped once, as
 * the capabilities of one device usually share it).  Return: its address,
 * NULL when the device has no such capability, or an ERR_PTR.
 */
static void __iomem *vp_map_cap(struct virtio_pci_device *vp, u8 type, void __iomem *bars[],
				u32 *len, u8 *pos_out)
{
	struct pci_dev *pci = vp->pci;
	u8 pos = 0, t, bar;
	u32 off, length;

	while ((pos = pci_find_next_capability(pci, pos, PCI_CAP_ID_VNDR))) {
		pci_read_config_byte(pci, pos + VPCI_CAP_CFG_TYPE, &t);
		pci_read_config_byte(pci, pos + VPCI_CAP_BAR, &bar);
		if (t != type || bar >= PCI_STD_NUM_BARS)
			continue;
		pci_read_config_dword(pci, pos + VPCI_CAP_OFFSET, &off);
		pci_read_config_dword(pci, pos + VPCI_CAP_LENGTH, &length);
		if ((u64)off + length > pci_resource_len(pci, bar))
			return ERR_PTR(-EINVAL);
		if (!bars[bar]) {
			bars[bar] = pcim_iomap(pci, bar);
			if (IS_ERR(bars[bar])) {
				void __iomem *err = bars[bar];

				bars[bar] = NULL;
				return err;
			}
		}
		if (len)
			*len = length;
		if (pos_out)
			*pos_out = pos;
		return bars[bar] + off;
	}
	return NULL;
}

static int vp_probe(struct pci_dev *pci, const struct pci_device_id *id)
{
	struct device *dev = &pci->dev;
	void __iomem *bars[PCI_STD_NUM_BARS] = { 0 };
	struct virtio_pci_device *vp;
	u8 notify_pos = 0;
	int ret;

	(void)id;
	if (pci->device < VIRTIO_PCI_TRANS_FIRST || pci->device > VIRTIO_PCI_MODERN_BASE + 0x3f)
		return -ENODEV;
	vp = devm_kzalloc(dev, sizeof(*vp), GFP_KERNEL);
	if (!vp)
		return -ENOMEM;
	vp->pci = pci;
	ret = pci_enable_device(pci);
	if (ret)
		return dev_err_probe(dev, ret, "cannot enable the device");
	vp->common = vp_map_cap(vp, VIRTIO_PCI_CAP_COMMON_CFG, bars, NULL, NULL);
	vp->isr = vp_map_cap(vp, VIRTIO_PCI_CAP_ISR_CFG, bars, NULL, NULL);
	vp->notify = vp_map_cap(vp, VIRTIO_PCI_CAP_NOTIFY_CFG, bars, NULL, &notify_pos);
	vp->device = vp_map_cap(vp, VIRTIO_PCI_CAP_DEVICE_CFG, bars, &vp->device_len, NULL);
	if (IS_ERR(vp->common) || IS_ERR(vp->isr) || IS_ERR(vp->notify) || IS_ERR(vp->device))
		return dev_err_probe(dev, -EINVAL, "a virtio capability lies outside its BAR");
	if (!vp->common || !vp->isr || !vp->notify)
		return dev_err_probe(dev, -ENODEV,
				     "no modern virtio capabilities (a legacy-only device)");
	pci_read_config_dword(pci, notify_pos + VPCI_NOTIFY_MULT, &vp->notify_mult);
	if (!pci->irq)
		return dev_err_probe(dev, -ENXIO, "no interrupt: %s",
				     pci->irq_route[0] ? pci->irq_route : "the function has no pin");
	ret = devm_request_irq(dev, pci->irq, vp_interrupt, IRQF_SHARED, dev_name(dev), vp);
	if (ret)
		return dev_err_probe(dev, ret, "IRQ %u", pci->irq);
	pci_set_master(pci);
	writew(VIRTIO_MSI_NO_VECTOR, vp->common + VPCI_MSIX_CONFIG);

	vp->vdev.dev.parent = dev;
	vp->vdev.id.vendor = pci->subsystem_vendor;
	vp->vdev.id.device = pci->device >= VIRTIO_PCI_MODERN_BASE ?
			     pci->device - VIRTIO_PCI_MODERN_BASE : pci->subsystem_device;
	vp->vdev.config = &virtio_pci_config_ops;
	ret = register_virtio_device(&vp->vdev);
	if (ret)
		return dev_err_probe(dev, ret, "register_virtio_device");
	pci_set_drvdata(pci, vp);
	return 0;
}

static void vp_remove(struct pci_dev *pci)
{
	struct virtio_pci_device *vp = pci_get_drvdata(pci);

	unregister_virtio_device(&vp->vdev);
	pci_clear_master(pci);
	pci_disable_device(pci);
}

static const struct pci_device_id virtio_pci_id_table[] = {
	{ PCI_DEVICE(VIRTIO_PCI_VENDOR, PCI_ANY_ID) },
	{ }
};
MODULE_DEVICE_TABLE(pci, virtio_pci_id_table);

static struct pci_driver virtio_pci_driver = {
	.name = "virtio-pci",
	.id_table = virtio_pci_id_table,
	.probe = vp_probe,
	.remove = vp_remove,
};
module_pci_driver(virtio_pci_driver);

MODULE_DESCRIPTION("virtio over PCI, the modern interface");
MODULE_LICENSE("Dual BSD/GPL");
