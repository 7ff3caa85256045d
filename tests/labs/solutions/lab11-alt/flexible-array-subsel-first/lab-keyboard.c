// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 11, written otherwise: the buffers at the end of the driver's state,
 * allocated with it once the queue's size is known; subsel written before
 * select; each event copied out and its buffer lent again before logging.
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

enum { CFG_SELECT, CFG_SUBSEL, CFG_SIZE, CFG_U = 8 };

struct input_ev {
	u16 type, code;
	s32 value;
};

struct vkbd {
	struct virtio_device *vdev;
	struct virtqueue *q;
	char name[129];
	unsigned int n;
	struct input_ev ev[];
};

static void lend(struct vkbd *v, struct input_ev *e)
{
	struct scatterlist sg;

	sg_init_one(&sg, e, sizeof(*e));
	/* One descriptor back for one taken: there is always room. */
	virtqueue_add_inbuf(v->q, &sg, e);
}

static void on_used(struct virtqueue *q)
{
	struct vkbd *v = q->vdev->priv;
	struct input_ev *e, copy;
	unsigned int len;

	for (;;) {
		e = virtqueue_get_buf(q, &len);
		if (!e)
			break;
		copy = *e;
		lend(v, e);
		if (len < sizeof(copy))
			continue;
		dev_info(&q->vdev->dev, "event type %u code %u value %d\n", copy.type, copy.code,
			 copy.value);
	}
	virtqueue_kick(q);
}

static int vkbd_probe(struct virtio_device *vdev)
{
	vq_callback_t *cbs[] = { on_used };
	const char *const names[] = { "events" };
	u8 sel = 1, sub = 0, size;
	struct virtqueue *q;
	unsigned int i, n;
	struct vkbd *v;
	int ret;

	/* No buffer is lent before the state exists: no callback until then. */
	ret = virtio_find_vqs(vdev, 1, &q, cbs, names);
	if (ret)
		return ret;
	n = virtqueue_get_vring_size(q);
	v = kzalloc(sizeof(*v) + n * sizeof(v->ev[0]), GFP_KERNEL);
	if (!v) {
		vdev->config->del_vqs(vdev);
		return -ENOMEM;
	}
	v->vdev = vdev;
	v->q = q;
	v->n = n;
	vdev->priv = v;
	vdev->config->set(vdev, CFG_SUBSEL, &sub, 1);
	vdev->config->set(vdev, CFG_SELECT, &sel, 1);
	size = virtio_cread8(vdev, CFG_SIZE);
	virtio_cread_bytes(vdev, CFG_U, v->name, min((unsigned int)size, 128u));
	for (i = 0; i < n; i++)
		lend(v, &v->ev[i]);
	virtio_device_ready(vdev);
	virtqueue_kick(q);
	dev_info(&vdev->dev, "input device \"%s\"\n", v->name);
	return 0;
}

static void vkbd_remove(struct virtio_device *vdev)
{
	struct vkbd *v = vdev->priv;

	vdev->config->reset(vdev);
	vdev->config->del_vqs(vdev);
	kfree(v);
}

static const struct virtio_device_id ids[] = {
	{ 18, VIRTIO_DEV_ANY_ID },
	{ 0, 0 },
};
MODULE_DEVICE_TABLE(virtio, ids);

static struct virtio_driver vkbd = {
	.driver.name = "lab-keyboard",
	.id_table = ids,
	.probe = vkbd_probe,
	.remove = vkbd_remove,
};
module_virtio_driver(vkbd);

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("virtio keyboard, buffers at the end of its state");
