// SPDX-License-Identifier: BSD-2-Clause
/*
 * virtio-mmio: a virtio device behind a small register window, one tree
 * node per slot ("virtio,mmio": reg and interrupts, nothing about what is
 * plugged in).  QEMU's virt board has 32 slots and fills them from the
 * highest address down with the -device virtio-*-device options given; an
 * empty slot reads device ID 0 and is passed over quietly.
 *
 * Two register layouts: version 1 (legacy; QEMU's default) places a queue
 * by its page frame number, with the used ring at the next 4 KiB boundary
 * after the available ring; version 2 (virtio 1.0) takes the three parts'
 * addresses one by one and needs VIRTIO_F_VERSION_1.  The registers are
 * little-endian, as is the CPU.
 */
#define pr_fmt(fmt) "virtio-mmio: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_mmio.h>
#include <linux/virtio_ring.h>
#include <coyote/whynot.h>
#include <asm/io.h>

#define VM_LEGACY_PAGE		4096	/* GuestPageSize and QueueAlign, legacy */
#define VM_QUEUE_NUM_MAX	256	/* descriptors per queue at most: plenty here */

struct virtio_mmio_device {
	struct virtio_device vdev;
	struct platform_device *pdev;
	void __iomem *base;
	unsigned long version;
	int irq;			/* < 0: no interrupt, queues are polled */
};

#define to_vm(_vdev) container_of(_vdev, struct virtio_mmio_device, vdev)

/* The one summary line: slots seen, and how many held a device. */
static unsigned int slots_total, slots_probed, slots_used;

static u32 vm_read(struct virtio_mmio_device *vm, unsigned int reg)
{
	return readl(vm->base + reg);
}

static void vm_write(struct virtio_mmio_device *vm, unsigned int reg, u32 v)
{
	writel(v, vm->base + reg);
}

/* ---- configuration space --------------------------------------------- */

/* Version 2 wants accesses of the field's width; legacy takes any. */
static void vm_get(struct virtio_device *vdev, unsigned int offset, void *buf, unsigned int len)
{
	struct virtio_mmio_device *vm = to_vm(vdev);
	void __iomem *p = vm->base + VIRTIO_MMIO_CONFIG + offset;
	u32 gen, lo, hi;

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
		/* Two reads: the generation says whether they saw one state. */
		do {
			gen = vm->version == 1 ? 0 : vm_read(vm, VIRTIO_MMIO_CONFIG_GENERATION);
			lo = readl(p);
			hi = readl(p + 4);
		} while (vm->version != 1 && gen != vm_read(vm, VIRTIO_MMIO_CONFIG_GENERATION));
		memcpy(buf, &lo, 4);
		memcpy((u8 *)buf + 4, &hi, 4);
		return;
	}
	dev_err(&vdev->dev, "configuration read of %u bytes refused\n", len);
}

static void vm_set(struct virtio_device *vdev, unsigned int offset, const void *buf,
		   unsigned int len)
{
	void __iomem *p = to_vm(vdev)->base + VIRTIO_MMIO_CONFIG + offset;
	u32 v;

	switch (len) {
	case 1:
		writeb(*(const u8 *)buf, p);
		return;
	case 2:
		writew(*(const u16 *)buf, p);
		return;
	case 4:
		memcpy(&v, buf, 4);
		writel(v, p);
		return;
	}
	dev_err(&vdev->dev, "configuration write of %u bytes refused\n", len);
}

static u8 vm_get_status(struct virtio_device *vdev)
{
	return (u8)vm_read(to_vm(vdev), VIRTIO_MMIO_STATUS);
}

static void vm_set_status(struct virtio_device *vdev, u8 status)
{
	/* Status 0 is a reset: only vm_reset() writes it. */
	vm_write(to_vm(vdev), VIRTIO_MMIO_STATUS, status);
}

static void vm_reset(struct virtio_device *vdev)
{
	struct virtio_mmio_device *vm = to_vm(vdev);
	int tries = 1000;

	vm_write(vm, VIRTIO_MMIO_STATUS, 0);
	/* Version 2: the reset is done when the status reads 0 again. */
	while (vm->version != 1 && vm_read(vm, VIRTIO_MMIO_STATUS) && --tries)
		;
	if (!tries)
		dev_err(&vdev->dev, "reset: status still reads 0x%02x\n",
			vm_read(vm, VIRTIO_MMIO_STATUS));
}

static u64 vm_get_features(struct virtio_device *vdev)
{
	struct virtio_mmio_device *vm = to_vm(vdev);
	u64 f;

	vm_write(vm, VIRTIO_MMIO_DEVICE_FEATURES_SEL, 1);
	f = (u64)vm_read(vm, VIRTIO_MMIO_DEVICE_FEATURES) << 32;
	vm_write(vm, VIRTIO_MMIO_DEVICE_FEATURES_SEL, 0);
	return f | vm_read(vm, VIRTIO_MMIO_DEVICE_FEATURES);
}

static int vm_finalize_features(struct virtio_device *vdev)
{
	struct virtio_mmio_device *vm = to_vm(vdev);

	if (vm->version == 2 && !virtio_has_feature(vdev, VIRTIO_F_VERSION_1)) {
		dev_err(&vdev->dev, "a version 2 transport without VIRTIO_F_VERSION_1\n");
		return -EINVAL;
	}
	vm_write(vm, VIRTIO_MMIO_DRIVER_FEATURES_SEL, 1);
	vm_write(vm, VIRTIO_MMIO_DRIVER_FEATURES, (u32)(vdev->features >> 32));
	vm_write(vm, VIRTIO_MMIO_DRIVER_FEATURES_SEL, 0);
	vm_write(vm, VIRTIO_MMIO_DRIVER_FEATURES, (u32)vdev->features);
	return 0;
}

/* ---- queues ------------------------------------------------------------ */

static bool vm_notify(struct virtqueue *vq)
{
	vm_write(to_vm(vq->vdev), VIRTIO_MMIO_QUEUE_NOTIFY, vq->index);
	return true;
}

static void vm_del_vq(struct virtqueue *vq)
{
	struct virtio_mmio_device *vm = to_vm(vq->vdev);

	vm_write(vm, VIRTIO_MMIO_QUEUE_SEL, vq->index);
	if (vm->version == 1)
		vm_write(vm, VIRTIO_MMIO_QUEUE_PFN, 0);
	else
		vm_write(vm, VIRTIO_MMIO_QUEUE_READY, 0);
	vring_del_virtqueue(vq);
}

static void vm_del_vqs(struct virtio_device *vdev)
{
	struct virtqueue *vq, *n;

	list_for_each_entry_safe(vq, n, &vdev->vqs, list)
		vm_del_vq(vq);
}

static void vm_write64(struct virtio_mmio_device *vm, unsigned int lo_reg, u64 v)
{
	vm_write(vm, lo_reg, (u32)v);
	vm_write(vm, lo_reg + 4, (u32)(v >> 32));
}

static struct virtqueue *vm_setup_vq(struct virtio_mmio_device *vm, unsigned int index,
				     vq_callback_t *callback, const char *name, int *err)
{
	struct virtqueue *vq;
	u32 num;
	u64 pfn;

	vm_write(vm, VIRTIO_MMIO_QUEUE_SEL, index);
	if (vm_read(vm, vm->version == 1 ? VIRTIO_MMIO_QUEUE_PFN : VIRTIO_MMIO_QUEUE_READY)) {
		*err = -EBUSY;
		return NULL;
	}
	num = vm_read(vm, VIRTIO_MMIO_QUEUE_NUM_MAX);
	if (!num) {
		*err = -ENOENT;
		return NULL;
	}
	while (num > VM_QUEUE_NUM_MAX || (num & (num - 1)))
		num = num > VM_QUEUE_NUM_MAX ? VM_QUEUE_NUM_MAX : num & (num - 1);
	vq = vring_create_virtqueue(index, num, vm->version == 1 ? VM_LEGACY_PAGE : 4, &vm->vdev,
				    &vm->pdev->dev, vm_notify, callback, name);
	if (!vq) {
		*err = -ENOMEM;
		return NULL;
	}
	vm_write(vm, VIRTIO_MMIO_QUEUE_NUM, num);
	if (vm->version == 1) {
		pfn = virtqueue_get_desc_addr(vq) / VM_LEGACY_PAGE;
		if (pfn >> 32) {
			vring_del_virtqueue(vq);
			*err = -ENOMEM;
			return NULL;
		}
		vm_write(vm, VIRTIO_MMIO_QUEUE_ALIGN, VM_LEGACY_PAGE);
		vm_write(vm, VIRTIO_MMIO_QUEUE_PFN, (u32)pfn);
		return vq;
	}
	vm_write64(vm, VIRTIO_MMIO_QUEUE_DESC_LOW, virtqueue_get_desc_addr(vq));
	vm_write64(vm, VIRTIO_MMIO_QUEUE_AVAIL_LOW, virtqueue_get_avail_addr(vq));
	vm_write64(vm, VIRTIO_MMIO_QUEUE_USED_LOW, virtqueue_get_used_addr(vq));
	vm_write(vm, VIRTIO_MMIO_QUEUE_READY, 1);
	return vq;
}

static int vm_find_vqs(struct virtio_device *vdev, unsigned int nvqs, struct virtqueue *vqs[],
		       vq_callback_t *callbacks[], const char *const names[])
{
	struct virtio_mmio_device *vm = to_vm(vdev);
	unsigned int i;
	int err = 0;

	for (i = 0; i < nvqs; i++) {
		vqs[i] = vm_setup_vq(vm, i, callbacks[i], names[i], &err);
		if (!vqs[i]) {
			dev_err(&vdev->dev, "queue %u (%s): %s\n", i, names[i], errname(err));
			vm_del_vqs(vdev);
			return err;
		}
	}
	return 0;
}

static const char *vm_bus_name(struct virtio_device *vdev)
{
	return to_vm(vdev)->version == 1 ? "virtio-mmio v1 (legacy)" : "virtio-mmio v2";
}

static bool vm_has_irq(struct virtio_device *vdev)
{
	return to_vm(vdev)->irq > 0;
}

static const struct virtio_config_ops virtio_mmio_config_ops = {
	.get = vm_get,
	.set = vm_set,
	.get_status = vm_get_status,
	.set_status = vm_set_status,
	.reset = vm_reset,
	.get_features = vm_get_features,
	.finalize_features = vm_finalize_features,
	.find_vqs = vm_find_vqs,
	.del_vqs = vm_del_vqs,
	.bus_name = vm_bus_name,
	.has_irq = vm_has_irq,
};

static irqreturn_t vm_interrupt(int irq, void *data)
{
	struct virtio_mmio_device *vm = data;
	struct virtqueue *vq;
	u32 status = vm_read(vm, VIRTIO_MMIO_INTERRUPT_STATUS);

	if (!status)
		return IRQ_NONE;
	vm_write(vm, VIRTIO_MMIO_INTERRUPT_ACK, status);
	if (status & VIRTIO_MMIO_INT_CONFIG)
		virtio_config_changed(&vm->vdev);
	if (status & VIRTIO_MMIO_INT_VRING)
		list_for_each_entry(vq, &vm->vdev.vqs, list)
			vring_interrupt(irq, vq);
	return IRQ_HANDLED;
}

/* ---- probe and remove -------------------------------------------------- */

static void vm_count_slot(bool used)
{
	struct device_node *np;

	if (!slots_total)
		for_each_compatible_node(np, NULL, VIRTIO_MMIO_COMPATIBLE)
			if (of_device_is_available(np))
				slots_total++;
	slots_probed++;
	slots_used += used;
	if (slots_probed == slots_total)
		pr_info("%u slot%s, %u with a device, %u empty\n",
			 slots_total, slots_total == 1 ? "" : "s", slots_used,
			 slots_total - slots_used);
}

static int virtio_mmio_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct virtio_mmio_device *vm;
	void __iomem *base;
	u32 magic, version, id;
	int irq, ret;

	base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(base))
		return (int)PTR_ERR(base);
	/* The first read is guarded: the tree may point where nothing answers. */
	if (readl_nofault(base + VIRTIO_MMIO_MAGIC_VALUE, &magic))
		return dev_err_probe(dev, -ENODEV, "nothing at 0x%08lx (an external abort "
				     "reading the magic value)",
				     (unsigned long)base + VIRTIO_MMIO_MAGIC_VALUE);
	if (magic != VIRTIO_MMIO_MAGIC)
		return dev_err_probe(dev, -ENODEV, "magic reads 0x%08x, not 0x%08x (\"virt\")",
				     magic, VIRTIO_MMIO_MAGIC);
	version = readl(base + VIRTIO_MMIO_VERSION);
	if (version != 1 && version != 2)
		return dev_err_probe(dev, -ENXIO, "version %u: only 1 (legacy) and 2 are known",
				     version);
	id = readl(base + VIRTIO_MMIO_DEVICE_ID);
	if (!id) {
		vm_count_slot(false);
		return 0;
	}
	/* No interrupts property: polled.  A controller not there yet: wait. */
	irq = platform_get_irq_optional(pdev, 0);
	if (irq == -EPROBE_DEFER)
		return irq;

	vm = devm_kzalloc(dev, sizeof(*vm), GFP_KERNEL);
	if (!vm)
		return -ENOMEM;
	vm->pdev = pdev;
	vm->base = base;
	vm->version = version;
	vm->irq = irq;
	vm->vdev.dev.parent = dev;
	vm->vdev.id.device = id;
	vm->vdev.id.vendor = readl(base + VIRTIO_MMIO_VENDOR_ID);
	vm->vdev.config = &virtio_mmio_config_ops;
	if (version == 1)
		writel(VM_LEGACY_PAGE, base + VIRTIO_MMIO_GUEST_PAGE_SIZE);
	if (irq > 0) {
		ret = devm_request_irq(dev, (unsigned int)irq, vm_interrupt, IRQF_SHARED,
				       dev_name(dev), vm);
		if (ret)
			return dev_err_probe(dev, ret, "IRQ %d", irq);
	}
	ret = register_virtio_device(&vm->vdev);
	if (ret)
		return dev_err_probe(dev, ret, "register_virtio_device");
	platform_set_drvdata(pdev, vm);
	vm_count_slot(true);
	return 0;
}

static int virtio_mmio_remove(struct platform_device *pdev)
{
	struct virtio_mmio_device *vm = platform_get_drvdata(pdev);

	slots_probed--;
	if (!vm)
		return 0;
	slots_used--;
	unregister_virtio_device(&vm->vdev);
	return 0;
}

static const struct of_device_id virtio_mmio_match[] = {
	{ .compatible = VIRTIO_MMIO_COMPATIBLE },
	{ }
};
MODULE_DEVICE_TABLE(of, virtio_mmio_match);

static struct platform_driver virtio_mmio_driver = {
	.probe = virtio_mmio_probe,
	.remove = virtio_mmio_remove,
	.driver = {
		.name = "virtio-mmio",
		.of_match_table = virtio_mmio_match,
	},
};
/* The driver and what `whynot` should say of its slots come and go together
 * (named as module_platform_driver() names it: the host catalogue looks). */
static int __init virtio_mmio_driver_init(void)
{
	int ret = platform_driver_register(&virtio_mmio_driver);

	if (!ret)
		whynot_bus_register(&virtio_mmio_whynot_bus);
	return ret;
}
module_init(virtio_mmio_driver_init);

static void __exit virtio_mmio_driver_exit(void)
{
	whynot_bus_unregister(&virtio_mmio_whynot_bus);
	platform_driver_unregister(&virtio_mmio_driver);
}
module_exit(virtio_mmio_driver_exit);

MODULE_DESCRIPTION("virtio-mmio transport");
MODULE_LICENSE("Dual BSD/GPL");
