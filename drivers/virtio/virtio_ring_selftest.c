// SPDX-License-Identifier: BSD-2-Clause
/*
 * `selftest virtio_ring`: split virtqueues against a device played by the
 * test itself.  The fake device lives in the queue's notify hook, so it
 * runs when the driver kicks, and it reads only what a real one reads: the
 * ring addresses the transport would write to its registers, the
 * available index, the chains.  It copies what the chain's readable
 * buffers hold into its writable ones (or fills them) and hands the chain
 * back in the used ring.  Modes make it lazy (keeps buffers), or broken
 * (returns a descriptor that is not in use).  No board device is needed.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ring.h>
#include <asm/barrier.h>
#include <coyote/selftest.h>
#include <coyote/time.h>

#define FILL_BYTE	0x5a

enum fake_mode { FAKE_SERVE, FAKE_LAZY, FAKE_BOGUS_ID };

struct fake_device {
	struct virtio_device vdev;
	struct device dma_dev;		/* no dma-ranges: addresses 1:1 */
	struct virtqueue *vq;
	enum fake_mode mode;
	u16 last_avail;			/* the device's own cursor */
	unsigned int kicks;
};

static struct fake_device *fake;

static bool fake_has_irq(struct virtio_device *vdev)
{
	return false;
}

static const struct virtio_config_ops fake_ops = {
	.has_irq = fake_has_irq,
};

static void *dev_ptr(u64 addr)
{
	return (void *)(uintptr_t)addr;
}

/* One chain from @head: readable bytes copied into the writable ones. */
static u32 serve_chain(struct vring_desc *desc, u16 head)
{
	u8 data[64];
	u32 have = 0, written = 0, i;
	u16 d = head;

	for (;;) {
		struct vring_desc *e = &desc[d];

		if (!(e->flags & VRING_DESC_F_WRITE)) {
			for (i = 0; i < e->len && have < sizeof(data); i++)
				data[have++] = ((u8 *)dev_ptr(e->addr))[i];
		} else {
			u8 *p = dev_ptr(e->addr);

			for (i = 0; i < e->len; i++, written++)
				p[i] = written < have ? data[written] : FILL_BYTE;
		}
		if (!(e->flags & VRING_DESC_F_NEXT))
			return written;
		d = e->next;
	}
}

/* The device's half: everything the driver made available since last time. */
static void fake_process(struct fake_device *f)
{
	struct virtqueue *vq = f->vq;
	unsigned int num = virtqueue_get_vring_size(vq);
	struct vring_desc *desc = dev_ptr(virtqueue_get_desc_addr(vq));
	struct vring_avail *avail = dev_ptr(virtqueue_get_avail_addr(vq));
	struct vring_used *used = dev_ptr(virtqueue_get_used_addr(vq));

	while (f->last_avail != *(volatile u16 *)&avail->idx) {
		u16 head = avail->ring[f->last_avail & (num - 1)];
		struct vring_used_elem *e = &used->ring[used->idx & (num - 1)];

		e->len = serve_chain(desc, head);
		e->id = f->mode == FAKE_BOGUS_ID ? num + 3 : head;
		f->last_avail++;
		/* As the driver does: the entry before the index that counts it. */
		virt_wmb();
		used->idx++;
	}
}

static bool fake_notify(struct virtqueue *vq)
{
	fake->kicks++;
	if (fake->mode != FAKE_LAZY)
		fake_process(fake);
	return true;
}

/* A fresh device and queue of @num descriptors, used ring aligned to @align. */
static struct virtqueue *fake_queue(unsigned int num, unsigned long align)
{
	fake = kzalloc(sizeof(*fake), GFP_KERNEL);
	if (!fake)
		return NULL;
	INIT_LIST_HEAD(&fake->vdev.vqs);
	fake->vdev.config = &fake_ops;
	fake->vq = vring_create_virtqueue(0, num, align, &fake->vdev, &fake->dma_dev, fake_notify,
					  NULL, "selftest");
	if (!fake->vq) {
		kfree(fake);
		fake = NULL;
	}
	return fake ? fake->vq : NULL;
}

static void fake_free(void)
{
	if (!fake)
		return;
	if (fake->vq)
		vring_del_virtqueue(fake->vq);
	kfree(fake);
	fake = NULL;
}

static void test_round_trip(struct kunit *t)
{
	struct virtqueue *vq = fake_queue(8, 4);
	struct scatterlist sg;
	unsigned int len = 0;
	u8 buf[8] = { 0 };

	KUNIT_ASSERT_TRUE_MSG(t, vq, "queue created");
	sg_init_one(&sg, buf, sizeof(buf));
	KUNIT_EXPECT_EQ(t, virtqueue_add_inbuf(vq, &sg, buf), 0);
	KUNIT_EXPECT_EQ(t, vq->num_free, 7);
	KUNIT_EXPECT_TRUE_MSG(t, !virtqueue_get_buf(vq, &len), "nothing used before the kick");
	virtqueue_kick(vq);
	KUNIT_EXPECT_TRUE_MSG(t, virtqueue_get_buf(vq, &len) == buf, "the token comes back");
	KUNIT_EXPECT_EQ(t, len, 8);
	KUNIT_EXPECT_EQ(t, buf[7], FILL_BYTE);
	KUNIT_EXPECT_EQ(t, vq->num_free, 8);
	fake_free();
}

static void test_chain_out_then_in(struct kunit *t)
{
	struct virtqueue *vq = fake_queue(8, 4);
	char a[] = "abc", b[] = "def", out[7] = "";
	struct scatterlist sa, sb, so, *sgs[] = { &sa, &sb, &so };
	unsigned int len = 0;

	KUNIT_ASSERT_TRUE_MSG(t, vq, "queue created");
	sg_init_one(&sa, a, 3);
	sg_init_one(&sb, b, 3);
	sg_init_one(&so, out, 6);
	KUNIT_EXPECT_EQ(t, virtqueue_add_sgs(vq, sgs, 2, 1, out), 0);
	KUNIT_EXPECT_EQ(t, vq->num_free, 5);
	virtqueue_kick(vq);
	KUNIT_EXPECT_TRUE_MSG(t, virtqueue_get_buf(vq, &len) == out, "the chain comes back whole");
	KUNIT_EXPECT_EQ(t, len, 6);
	KUNIT_EXPECT_STREQ(t, out, "abcdef");
	KUNIT_EXPECT_EQ(t, vq->num_free, 8);
	fake_free();
}

static void test_full_queue_then_drained(struct kunit *t)
{
	struct virtqueue *vq = fake_queue(4, 4);
	u8 bufs[5][4];
	struct scatterlist sg;
	unsigned int i;

	KUNIT_ASSERT_TRUE_MSG(t, vq, "queue created");
	fake->mode = FAKE_LAZY;
	for (i = 0; i < 4; i++) {
		sg_init_one(&sg, bufs[i], 4);
		KUNIT_EXPECT_EQ(t, virtqueue_add_inbuf(vq, &sg, bufs[i]), 0);
	}
	sg_init_one(&sg, bufs[4], 4);
	KUNIT_EXPECT_EQ(t, virtqueue_add_inbuf(vq, &sg, bufs[4]), -ENOSPC);
	fake_process(fake);
	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_TRUE_MSG(t, virtqueue_get_buf(vq, NULL) == bufs[i], "buffer %u back in order", i);
	KUNIT_EXPECT_TRUE_MSG(t, !virtqueue_get_buf(vq, NULL), "no fifth");
	KUNIT_EXPECT_EQ(t, vq->num_free, 4);
	fake_free();
}

/* The 16-bit ring indices wrap: past 65536 buffers nothing is lost. */
static void test_index_wrap(struct kunit *t)
{
	struct virtqueue *vq = fake_queue(4, 4);
	struct scatterlist sg;
	unsigned int i, bad = 0;
	u8 buf[2];

	KUNIT_ASSERT_TRUE_MSG(t, vq, "queue created");
	sg_init_one(&sg, buf, sizeof(buf));
	for (i = 0; i < 70000; i++) {
		if (virtqueue_add_inbuf(vq, &sg, buf))
			bad++;
		virtqueue_kick(vq);
		if (virtqueue_get_buf(vq, NULL) != buf)
			bad++;
	}
	KUNIT_EXPECT_EQ(t, bad, 0);
	KUNIT_EXPECT_EQ(t, fake->kicks, 70000);
	KUNIT_EXPECT_EQ(t, vq->num_free, 4);
	fake_free();
}

static void test_bogus_used_id_stops_the_queue(struct kunit *t)
{
	struct virtqueue *vq = fake_queue(4, 4);
	struct scatterlist sg;
	u8 buf[2];

	KUNIT_ASSERT_TRUE_MSG(t, vq, "queue created");
	fake->mode = FAKE_BOGUS_ID;
	sg_init_one(&sg, buf, sizeof(buf));
	KUNIT_EXPECT_EQ(t, virtqueue_add_inbuf(vq, &sg, buf), 0);
	virtqueue_kick(vq);
	kunit_expect_begin(t, "selftest: the device used descriptor 7, which is not in use");
	KUNIT_EXPECT_TRUE_MSG(t, !virtqueue_get_buf(vq, NULL), "no token for a descriptor not in use");
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, virtqueue_add_inbuf(vq, &sg, buf), -EINVAL);
	fake_free();
}

static void test_detach_unused(struct kunit *t)
{
	struct virtqueue *vq = fake_queue(4, 4);
	struct scatterlist sg;
	u8 bufs[3][2];
	unsigned int i, found = 0;
	void *p;

	KUNIT_ASSERT_TRUE_MSG(t, vq, "queue created");
	fake->mode = FAKE_LAZY;
	for (i = 0; i < 3; i++) {
		sg_init_one(&sg, bufs[i], 2);
		virtqueue_add_inbuf(vq, &sg, bufs[i]);
	}
	while ((p = virtqueue_detach_unused_buf(vq)))
		found++;
	KUNIT_EXPECT_EQ(t, found, 3);
	KUNIT_EXPECT_EQ(t, vq->num_free, 4);
	fake_free();
}

/* A device that never answers: the wait ends at its time, empty-handed. */
static void test_wait_times_out(struct kunit *t)
{
	struct virtqueue *vq = fake_queue(4, 4);
	struct scatterlist sg;
	u64 start;
	u8 buf[2];

	KUNIT_ASSERT_TRUE_MSG(t, vq, "queue created");
	fake->mode = FAKE_LAZY;
	sg_init_one(&sg, buf, sizeof(buf));
	virtqueue_add_inbuf(vq, &sg, buf);
	virtqueue_kick(vq);
	start = ktime_get_ns();
	KUNIT_EXPECT_TRUE_MSG(t, !virtqueue_wait_buf(vq, NULL, 20), "nothing came");
	KUNIT_EXPECT_TRUE_MSG(t, ktime_get_ns() - start >= 20000000ull, "waited 20 ms (%llu ns)",
		  (unsigned long long)(ktime_get_ns() - start));
	fake->mode = FAKE_SERVE;
	fake_process(fake);
	KUNIT_EXPECT_TRUE_MSG(t, virtqueue_wait_buf(vq, NULL, 20) == buf, "the late answer is taken");
	fake_free();
}

/* Legacy virtio-mmio places a queue by page: ring and used ring on 4 KiB. */
static void test_legacy_alignment(struct kunit *t)
{
	struct virtqueue *vq = fake_queue(64, 4096);

	KUNIT_ASSERT_TRUE_MSG(t, vq, "queue created");
	KUNIT_EXPECT_EQ(t, virtqueue_get_desc_addr(vq) % 4096, 0);
	KUNIT_EXPECT_EQ(t, virtqueue_get_used_addr(vq) % 4096, 0);
	KUNIT_EXPECT_EQ(t, virtqueue_get_avail_addr(vq) - virtqueue_get_desc_addr(vq), 16 * 64);
	fake_free();
	vq = fake_queue(6, 4);
	KUNIT_EXPECT_TRUE_MSG(t, !vq, "a size that is no power of two is refused");
	fake_free();
}

static void virtio_ring_exit(struct kunit *t)
{
	fake_free();
}

static const struct selftest_case virtio_ring_cases[] = {
	SELFTEST_CASE(test_round_trip),
	SELFTEST_CASE(test_chain_out_then_in),
	SELFTEST_CASE(test_full_queue_then_drained),
	SELFTEST_CASE(test_index_wrap),
	SELFTEST_CASE(test_bogus_used_id_stops_the_queue),
	SELFTEST_CASE(test_detach_unused),
	SELFTEST_CASE(test_wait_times_out),
	SELFTEST_CASE(test_legacy_alignment),
	{ }
};
SELFTEST_SUITE(virtio_ring, virtio_ring_cases, NULL, virtio_ring_exit);
