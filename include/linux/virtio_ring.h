/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Split virtqueues (virtio 1.x, 2.7): the layout the device reads, and the
 * transport's side of drivers/virtio/virtio_ring.c.
 *
 * One block of memory holds the descriptor table (16 bytes each), the
 * available ring the driver writes (flags, idx, ring[num], used_event) and,
 * aligned as the transport asks (4096 for legacy virtio-mmio, 4 for 1.0),
 * the used ring the device writes (flags, idx, ring[num] of {id, len},
 * avail_event).  All fields are little-endian, as is the CPU.
 */
#ifndef _LINUX_VIRTIO_RING_H
#define _LINUX_VIRTIO_RING_H

#include <linux/dma-map-ops.h>
#include <linux/interrupt.h>
#include <linux/virtio.h>

#define VRING_DESC_F_NEXT	1	/* the chain goes on at .next */
#define VRING_DESC_F_WRITE	2	/* the device writes this buffer */
#define VRING_USED_F_NO_NOTIFY	1	/* the device needs no kick */
#define VRING_AVAIL_F_NO_INTERRUPT 1	/* the driver needs no interrupt */

struct vring_desc {
	u64 addr;
	u32 len;
	u16 flags;
	u16 next;
};

struct vring_avail {
	u16 flags;
	u16 idx;
	u16 ring[];
};

struct vring_used_elem {
	u32 id;
	u32 len;
};

struct vring_used {
	u16 flags;
	u16 idx;
	struct vring_used_elem ring[];
};

/* Bytes for a ring of @num with the used ring aligned to @align. */
static inline size_t vring_size(unsigned int num, unsigned long align)
{
	size_t avail_end = 16 * num + 2 * (3 + num);

	return ALIGN(avail_end, align) + 2 * 3 + 8 * num;
}

/**
 * vring_create_virtqueue() - a split queue of @num descriptors (a power of
 * two) in zeroed memory, the used ring aligned to @align; @notify kicks
 * the device; @dma_dev translates addresses for it.
 * Return: the queue, or NULL (no memory, or @num not a power of two).
 */
struct virtqueue *vring_create_virtqueue(unsigned int index, unsigned int num,
					 unsigned long align, struct virtio_device *vdev,
					 struct device *dma_dev,
					 bool (*notify)(struct virtqueue *vq),
					 vq_callback_t *callback, const char *name);
void vring_del_virtqueue(struct virtqueue *vq);
/* Where the device finds the three parts (bus addresses). */
dma_addr_t virtqueue_get_desc_addr(const struct virtqueue *vq);
dma_addr_t virtqueue_get_avail_addr(const struct virtqueue *vq);
dma_addr_t virtqueue_get_used_addr(const struct virtqueue *vq);
/* The transport's interrupt: call the queue's callback if it has news. */
irqreturn_t vring_interrupt(int irq, void *vq);

#endif
