// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests of drivers/virtio/virtio_ring.c: the barriers the driver owes
 * a device that reads the rings on its own.
 *
 * On a weakly ordered CPU (the Cortex-A9) two plain stores with no barrier
 * between them may reach memory in either order, so a device may see the
 * available index before the ring entry it counts, and read a stale head.
 * QEMU never reorders, so no run on a board can show a missing barrier.
 * Here the ring code is the kernel's, built for the host, and every
 * barrier calls host_dmb_hook() (asm/barrier.h): the test plays a device
 * that sees the stores of one barrier-to-barrier span in any order.  It
 * notes what the rings held at each barrier; a span that both publishes an
 * avail->idx and writes an entry or descriptor that index covers is a
 * device reading stale data, and a kick whose avail->idx store no barrier
 * has closed yet is a device woken to an index it may not see.
 */
#include <stdio.h>
#include <string.h>

#include <linux/device.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ring.h>

#include "ktap.h"

#define NUM		8
#define POISON		0xffff	/* no head: in ring slots the driver has not written */

/* The device's view: what the rings held at the last barrier. */
static struct {
	struct virtqueue *vq;
	struct vring_desc *desc;
	struct vring_avail *avail;
	struct vring_used *used;
	struct vring_desc desc_seen[NUM];
	u16 ring_seen[NUM];
	u16 idx_seen;
	u16 last_avail;		/* the device's cursor */
	unsigned int barriers, stale, unfenced_kicks;
	char first[160];	/* the first violation, for the message */
} dev;

static void violation(unsigned int *count, const char *what, unsigned int a, unsigned int b)
{
	if (!dev.first[0])
		snprintf(dev.first, sizeof(dev.first), what, a, b);
	(*count)++;
}

/* Whether the chain from @head had a descriptor written since the last barrier. */
static bool chain_written(u16 head, u16 *which)
{
	u16 d = head;

	for (unsigned int n = 0; n < NUM; n++, d = dev.desc[d].next) {
		if (memcmp(&dev.desc[d], &dev.desc_seen[d], sizeof(dev.desc[d]))) {
			*which = d;
			return true;
		}
		if (!(dev.desc[d].flags & VRING_DESC_F_NEXT))
			break;
	}
	return false;
}

/*
 * A span ends: every index it published must count only entries and
 * descriptors already in place when it began.  Then it becomes the view.
 */
static void span_end(void)
{
	u16 idx = dev.avail->idx, d;

	for (u16 i = dev.idx_seen; i != idx; i++) {
		u16 slot = i & (NUM - 1), head = dev.avail->ring[slot];

		if (head != dev.ring_seen[slot])
			violation(&dev.stale, "avail->idx %u published with its ring entry %u unfenced",
				  (u16)(i + 1), slot);
		else if (chain_written(head, &d))
			violation(&dev.stale, "avail->idx %u published with descriptor %u unfenced",
				  (u16)(i + 1), d);
	}
	memcpy(dev.desc_seen, dev.desc, sizeof(dev.desc_seen));
	memcpy(dev.ring_seen, dev.avail->ring, sizeof(dev.ring_seen));
	dev.idx_seen = idx;
}

void host_dmb_hook(void)
{
	if (!dev.vq)
		return;
	dev.barriers++;
	span_end();
}

static bool fake_has_irq(struct virtio_device *vdev)
{
	return false;
}

static const struct virtio_config_ops fake_ops = {
	.has_irq = fake_has_irq,
};

/* Kicked: the index must be fenced; then every chain goes back as used. */
static bool fake_notify(struct virtqueue *vq)
{
	if (dev.avail->idx != dev.idx_seen)
		violation(&dev.unfenced_kicks, "kicked with avail->idx %u unfenced (the device saw %u)",
			  dev.avail->idx, dev.idx_seen);
	for (; dev.last_avail != dev.idx_seen; dev.last_avail++) {
		struct vring_used_elem *e = &dev.used->ring[dev.used->idx & (NUM - 1)];

		e->id = dev.avail->ring[dev.last_avail & (NUM - 1)];
		e->len = 0;
		dev.used->idx++;
	}
	return true;
}

static struct virtio_device vdev = { .config = &fake_ops };
static struct device dma_dev;	/* no dma-ranges: addresses 1:1 */

static struct virtqueue *watched_queue(void)
{
	struct virtqueue *vq;

	memset(&dev, 0, sizeof(dev));
	INIT_LIST_HEAD(&vdev.vqs);
	vq = vring_create_virtqueue(0, NUM, 16, &vdev, &dma_dev, fake_notify, NULL, "watched");
	if (!vq)
		return NULL;
	dev.desc = (void *)(uintptr_t)virtqueue_get_desc_addr(vq);
	dev.avail = (void *)(uintptr_t)virtqueue_get_avail_addr(vq);
	dev.used = (void *)(uintptr_t)virtqueue_get_used_addr(vq);
	/* Slots no head was written to yet, so writing head 0 is a change. */
	for (unsigned int i = 0; i < NUM; i++)
		dev.avail->ring[i] = POISON;
	span_end();
	dev.vq = vq;
	return vq;
}

/* The device looks once more after the last call, then the queue goes. */
static void check_and_free(struct virtqueue *vq, const char *what)
{
	span_end();
	dev.vq = NULL;
	KUNIT_EXPECT_TRUE_MSG(test, dev.barriers > 0, "%s: the ring's barriers reach the hook (%u)",
			      what, dev.barriers);
	KUNIT_EXPECT_EQ_MSG(test, dev.stale, 0, "%s: no index published before what it counts%s%s",
			    what, dev.first[0] ? ": " : "", dev.first);
	KUNIT_EXPECT_EQ_MSG(test, dev.unfenced_kicks, 0, "%s: no kick before the index is out%s%s",
			    what, dev.first[0] ? ": " : "", dev.first);
	vring_del_virtqueue(vq);
}

/* One buffer at a time, round the ring three times, two buffers in turn. */
static void test_one_at_a_time(void)
{
	struct virtqueue *vq = watched_queue();
	static u8 bufs[2][16];
	struct scatterlist sg;
	unsigned int back = 0;

	KUNIT_ASSERT_TRUE_MSG(test, vq, "%s: a queue of %d", "one at a time", NUM);
	for (unsigned int i = 0; i < 3 * NUM; i++) {
		sg_init_one(&sg, bufs[i & 1], sizeof(bufs[0]) - (i & 7));
		virtqueue_add_inbuf(vq, &sg, bufs[i & 1]);
		virtqueue_kick(vq);
		back += virtqueue_get_buf(vq, NULL) == bufs[i & 1];
	}
	KUNIT_EXPECT_EQ_MSG(test, back, 3 * NUM, "one at a time: every buffer came back");
	check_and_free(vq, "one at a time");
}

/* Chains of three (two to read, one to write): every descriptor counts. */
static void test_chains(void)
{
	struct virtqueue *vq = watched_queue();
	static u8 a[4], b[8], c[12];
	struct scatterlist sa, sb, sc, *sgs[] = { &sa, &sb, &sc };
	unsigned int back = 0;

	KUNIT_ASSERT_TRUE_MSG(test, vq, "%s: a queue of %d", "chains", NUM);
	sg_init_one(&sa, a, sizeof(a));
	sg_init_one(&sc, c, sizeof(c));
	for (unsigned int i = 0; i < 2 * NUM; i++) {
		sg_init_one(&sb, b, sizeof(b) - (i & 3));
		virtqueue_add_sgs(vq, sgs, 2, 1, c);
		virtqueue_kick(vq);
		back += virtqueue_get_buf(vq, NULL) == c;
	}
	KUNIT_EXPECT_EQ_MSG(test, back, 2 * NUM, "chains: every chain came back");
	check_and_free(vq, "chains");
}

/* Four buffers added, one kick: each index fenced from its own entry. */
static void test_batch_then_kick(void)
{
	struct virtqueue *vq = watched_queue();
	static u8 bufs[4][8];
	struct scatterlist sg;
	unsigned int back = 0;

	KUNIT_ASSERT_TRUE_MSG(test, vq, "%s: a queue of %d", "batch", NUM);
	for (unsigned int round = 0; round < 3; round++) {
		for (unsigned int i = 0; i < 4; i++) {
			sg_init_one(&sg, bufs[i], sizeof(bufs[i]) - round);
			virtqueue_add_inbuf(vq, &sg, bufs[i]);
		}
		virtqueue_kick(vq);
		while (virtqueue_get_buf(vq, NULL))
			back++;
	}
	KUNIT_EXPECT_EQ_MSG(test, back, 12, "batch: every buffer came back");
	check_and_free(vq, "batch");
}

int main(void)
{
	test_one_at_a_time();
	test_chains();
	test_batch_then_kick();
	return ktap_done();
}
