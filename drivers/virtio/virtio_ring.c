// SPDX-License-Identifier: BSD-2-Clause
/*
 * Split virtqueues: the driver's half of the rings a virtio device reads
 * and writes on its own (include/linux/virtio_ring.h has the layout).
 *
 * Free descriptors form a list through their .next fields.  Adding a
 * buffer chain takes descriptors from it, fills them, puts the chain's
 * head in the available ring and only then, after a write barrier,
 * publishes the new available index: the device must never see an index
 * before the entries it counts.  Reading the used ring is the mirror: the
 * used index first, then (after a read barrier) the entries it covers.
 * The kick comes after a full barrier, so the device's flag saying "do not
 * kick" is read after our index is written.
 *
 * Memory is RAM mapped 1:1 with caches off, so a buffer's CPU address is
 * its physical address; the transport's device translates that for the
 * bus (dma-ranges).
 */
#define pr_fmt(fmt) "virtio_ring: " fmt

#include <linux/dma-direct.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ring.h>
#include <asm/barrier.h>
#include <asm/irq.h>
#include <coyote/time.h>

struct vring_virtqueue {
	struct virtqueue vq;
	unsigned int num;
	void *mem;			/* what kmalloc gave (the ring is aligned inside) */
	struct vring_desc *desc;
	struct vring_avail *avail;
	struct vring_used *used;
	struct device *dma_dev;
	bool (*notify)(struct virtqueue *vq);
	u16 free_head;
	u16 avail_idx;			/* our copy of avail->idx */
	u16 last_used_idx;		/* used entries we have consumed */
	bool broken;			/* the device wrote nonsense: stop */
	void *data[];			/* per head descriptor: the caller's token */
};

#define to_vvq(_vq) container_of(_vq, struct vring_virtqueue, vq)

/* The device writes these behind the compiler's back. */
static u16 used_idx(const struct vring_virtqueue *vvq)
{
	return *(const volatile u16 *)&vvq->used->idx;
}

static dma_addr_t addr_of(const struct vring_virtqueue *vvq, const void *p)
{
	return phys_to_dma(vvq->dma_dev, (phys_addr_t)(uintptr_t)p);
}

struct virtqueue *vring_create_virtqueue(unsigned int index, unsigned int num,
					 unsigned long align, struct virtio_device *vdev,
					 struct device *dma_dev,
					 bool (*notify)(struct virtqueue *vq),
					 vq_callback_t *callback, const char *name)
{
	struct vring_virtqueue *vvq;
	unsigned long base;
	unsigned int i;
	size_t size;

	if (!num || (num & (num - 1)) || num > 32768)
		return NULL;
	/* The descriptor table wants 16-byte alignment even when the used
	 * ring wants less. */
	if (align < 16)
		align = 16;
	vvq = kzalloc(sizeof(*vvq) + num * sizeof(void *), GFP_KERNEL);
	if (!vvq)
		return NULL;
	size = vring_size(num, align);
	vvq->mem = kzalloc(size + align - 1, GFP_KERNEL);
	if (!vvq->mem) {
		kfree(vvq);
		return NULL;
	}
	base = ALIGN((unsigned long)vvq->mem, align);
	vvq->desc = (struct vring_desc *)base;
	vvq->avail = (struct vring_avail *)(base + 16 * num);
	vvq->used = (struct vring_used *)ALIGN(base + 16 * num + 2 * (3 + num), align);
	vvq->num = num;
	vvq->dma_dev = dma_dev;
	vvq->notify = notify;
	for (i = 0; i + 1 < num; i++)
		vvq->desc[i].next = (u16)(i + 1);
	vvq->vq.callback = callback;
	vvq->vq.name = name;
	vvq->vq.vdev = vdev;
	vvq->vq.index = index;
	vvq->vq.num_free = num;
	list_add_tail(&vvq->vq.list, &vdev->vqs);
	return &vvq->vq;
}
EXPORT_SYMBOL(vring_create_virtqueue);

void vring_del_virtqueue(struct virtqueue *vq)
{
	struct vring_virtqueue *vvq = to_vvq(vq);

	list_del(&vq->list);
	kfree(vvq->mem);
	kfree(vvq);
}
EXPORT_SYMBOL(vring_del_virtqueue);

dma_addr_t virtqueue_get_desc_addr(const struct virtqueue *vq)
{
	return addr_of(to_vvq(vq), to_vvq(vq)->desc);
}
EXPORT_SYMBOL(virtqueue_get_desc_addr);

dma_addr_t virtqueue_get_avail_addr(const struct virtqueue *vq)
{
	return addr_of(to_vvq(vq), to_vvq(vq)->avail);
}
EXPORT_SYMBOL(virtqueue_get_avail_addr);

dma_addr_t virtqueue_get_used_addr(const struct virtqueue *vq)
{
	return addr_of(to_vvq(vq), to_vvq(vq)->used);
}
EXPORT_SYMBOL(virtqueue_get_used_addr);

unsigned int virtqueue_get_vring_size(const struct virtqueue *vq)
{
	return to_vvq(vq)->num;
}
EXPORT_SYMBOL(virtqueue_get_vring_size);

int virtqueue_add_sgs(struct virtqueue *vq, struct scatterlist *sgs[], unsigned int out_sgs,
		      unsigned int in_sgs, void *data)
{
	struct vring_virtqueue *vvq = to_vvq(vq);
	unsigned int total = out_sgs + in_sgs, n;
	unsigned long flags;
	u16 head, i;

	if (!total || !data || vvq->broken)
		return -EINVAL;
	local_irq_save(flags);
	if (total > vq->num_free) {
		local_irq_restore(flags);
		return -ENOSPC;
	}
	head = i = vvq->free_head;
	for (n = 0; n < total; n++) {
		struct vring_desc *d = &vvq->desc[i];

		d->addr = addr_of(vvq, sgs[n]->buf);
		d->len = sgs[n]->length;
		d->flags = (u16)((n >= out_sgs ? VRING_DESC_F_WRITE : 0) |
				 (n + 1 < total ? VRING_DESC_F_NEXT : 0));
		i = d->next;
	}
	vvq->free_head = i;
	vq->num_free -= total;
	vvq->data[head] = data;
	vvq->avail->ring[vvq->avail_idx & (vvq->num - 1)] = head;
	/* The entry (and the descriptors) before the index that counts it. */
	virt_wmb();
	vvq->avail_idx++;
	*(volatile u16 *)&vvq->avail->idx = vvq->avail_idx;
	local_irq_restore(flags);
	return 0;
}
EXPORT_SYMBOL(virtqueue_add_sgs);

int virtqueue_add_outbuf(struct virtqueue *vq, struct scatterlist *sg, void *data)
{
	return virtqueue_add_sgs(vq, &sg, 1, 0, data);
}
EXPORT_SYMBOL(virtqueue_add_outbuf);

int virtqueue_add_inbuf(struct virtqueue *vq, struct scatterlist *sg, void *data)
{
	return virtqueue_add_sgs(vq, &sg, 0, 1, data);
}
EXPORT_SYMBOL(virtqueue_add_inbuf);

void virtqueue_kick(struct virtqueue *vq)
{
	struct vring_virtqueue *vvq = to_vvq(vq);

	/* Our index out before we read whether the device wants a kick. */
	virt_mb();
	if (!(*(volatile u16 *)&vvq->used->flags & VRING_USED_F_NO_NOTIFY))
		vvq->notify(vq);
}
EXPORT_SYMBOL(virtqueue_kick);

/* Give the chain at @head back to the free list. */
static void detach_buf(struct vring_virtqueue *vvq, u16 head)
{
	u16 i = head;
	unsigned int n = 1;

	while (vvq->desc[i].flags & VRING_DESC_F_NEXT) {
		i = vvq->desc[i].next;
		n++;
	}
	vvq->desc[i].next = vvq->free_head;
	vvq->free_head = head;
	vvq->vq.num_free += n;
	vvq->data[head] = NULL;
}

void *virtqueue_get_buf(struct virtqueue *vq, unsigned int *len)
{
	struct vring_virtqueue *vvq = to_vvq(vq);
	const volatile struct vring_used_elem *e;
	unsigned long flags;
	void *data;
	u32 id;

	local_irq_save(flags);
	if (vvq->broken || vvq->last_used_idx == used_idx(vvq)) {
		local_irq_restore(flags);
		return NULL;
	}
	/* The entries after the index that says they are there. */
	virt_rmb();
	e = &vvq->used->ring[vvq->last_used_idx & (vvq->num - 1)];
	id = e->id;
	if (id >= vvq->num || !vvq->data[id]) {
		vvq->broken = true;
		local_irq_restore(flags);
		pr_err("%s: the device used descriptor %u, which is not in use: queue stopped\n",
		       vq->name, id);
		return NULL;
	}
	if (len)
		*len = e->len;
	data = vvq->data[id];
	detach_buf(vvq, (u16)id);
	vvq->last_used_idx++;
	local_irq_restore(flags);
	return data;
}
EXPORT_SYMBOL(virtqueue_get_buf);

void *virtqueue_wait_buf(struct virtqueue *vq, unsigned int *len, unsigned int ms)
{
	struct virtio_device *vdev = vq->vdev;
	bool irq = vdev->config->has_irq(vdev);
	u64 deadline = ktime_get_ns() + (u64)ms * 1000000;
	unsigned long flags;
	void *data;

	for (;;) {
		/* Masked between the check and the wfi: an interrupt in between
		 * stays pending and ends the wfi at once. */
		local_irq_save(flags);
		data = virtqueue_get_buf(vq, len);
		if (!data && irq && !irqs_disabled_flags(flags))
			cpu_do_idle();
		local_irq_restore(flags);
		if (data)
			return data;
		if (ktime_get_ns() > deadline)
			return NULL;
	}
}
EXPORT_SYMBOL(virtqueue_wait_buf);

void *virtqueue_detach_unused_buf(struct virtqueue *vq)
{
	struct vring_virtqueue *vvq = to_vvq(vq);
	unsigned int i;

	for (i = 0; i < vvq->num; i++) {
		void *data = vvq->data[i];

		if (data) {
			detach_buf(vvq, (u16)i);
			return data;
		}
	}
	return NULL;
}
EXPORT_SYMBOL(virtqueue_detach_unused_buf);

irqreturn_t vring_interrupt(int irq, void *_vq)
{
	struct virtqueue *vq = _vq;
	struct vring_virtqueue *vvq = to_vvq(vq);

	(void)irq;
	if (vvq->last_used_idx == used_idx(vvq))
		return IRQ_NONE;
	if (vq->callback)
		vq->callback(vq);
	return IRQ_HANDLED;
}
EXPORT_SYMBOL(vring_interrupt);
