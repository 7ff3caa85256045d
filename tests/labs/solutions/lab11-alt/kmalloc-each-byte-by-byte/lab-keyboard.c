// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 11, written otherwise: each event buffer its own allocation, taken
 * back one by one at remove; the name read a byte at a time; the event's
 * fields put together from its bytes, least significant first.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>

#define EV_BYTES	8

struct kbd {
	struct virtio_device *vdev;
	struct virtqueue *vq;
	char name[129];
};

static void cfg_write8(struct virtio_device *vdev, unsigned int off, u8 v)
{
	vdev->config->set(vdev, off, &v, 1);
}

static int give(struct virtqueue *vq, u8 *buf)
{
	struct scatterlist sg;

	sg_init_one(&sg, buf, EV_BYTES);
	return virtqueue_add_inbuf(vq, &sg, buf);
}

static void got_events(struct virtqueue *vq)
{
	struct kbd *k = vq->vdev->priv;
	unsigned int len;
	u8 *b;

	while ((b = virtqueue_get_buf(vq, &len)) != NULL) {
		unsigned int type = b[0] | b[1] << 8, code = b[2] | b[3] << 8;
		s32 value = (s32)(b[4] | b[5] << 8 | b[6] << 16 | (u32)b[7] << 24);

		if (len == EV_BYTES)
			dev_info(&k->vdev->dev, "event type %u code %u value %d\n", type, code,
				 value);
		if (give(vq, b))
			kfree(b);
	}
	virtqueue_kick(vq);
}

static void empty_queue(struct virtqueue *vq)
{
	void *b;

	while ((b = virtqueue_detach_unused_buf(vq)) != NULL)
		kfree(b);
}

static int kbd_probe(struct virtio_device *vdev)
{
	vq_callback_t *cb[] = { got_events };
	const char *const qn[] = { "eventq" };
	unsigned int i, n, size;
	struct kbd *k;
	int err;

	k = kzalloc(sizeof(*k), GFP_KERNEL);
	if (!k)
		return -ENOMEM;
	k->vdev = vdev;
	cfg_write8(vdev, 0, 1);		/* select: ID_NAME */
	cfg_write8(vdev, 1, 0);		/* subsel */
	size = virtio_cread8(vdev, 2);
	for (i = 0; i < size && i < sizeof(k->name) - 1; i++)
		k->name[i] = (char)virtio_cread8(vdev, 8 + i);
	err = virtio_find_vqs(vdev, 1, &k->vq, cb, qn);
	if (err)
		goto out_free;
	vdev->priv = k;
	n = virtqueue_get_vring_size(k->vq);
	for (i = 0; i < n; i++) {
		u8 *b = kmalloc(EV_BYTES, GFP_KERNEL);

		if (!b) {
			err = -ENOMEM;
			goto out_queue;
		}
		err = give(k->vq, b);
		if (err) {
			kfree(b);
			goto out_queue;
		}
	}
	dev_info(&vdev->dev, "input device \"%s\"\n", k->name);
	virtqueue_kick(k->vq);
	return 0;

out_queue:
	empty_queue(k->vq);
	vdev->config->del_vqs(vdev);
out_free:
	kfree(k);
	return err;
}

static void kbd_remove(struct virtio_device *vdev)
{
	struct kbd *k = vdev->priv;

	vdev->config->reset(vdev);
	empty_queue(k->vq);
	vdev->config->del_vqs(vdev);
	kfree(k);
}

static const struct virtio_device_id kbd_ids[] = {
	{ .device = 18, .vendor = VIRTIO_DEV_ANY_ID },
	{ },
};
MODULE_DEVICE_TABLE(virtio, kbd_ids);

static struct virtio_driver kbd_driver = {
	.driver.name = "lab-keyboard",
	.id_table = kbd_ids,
	.probe = kbd_probe,
	.remove = kbd_remove,
};
module_virtio_driver(kbd_driver);

MODULE_DESCRIPTION("virtio keyboard (lab 11)");
MODULE_LICENSE("Dual BSD/GPL");
