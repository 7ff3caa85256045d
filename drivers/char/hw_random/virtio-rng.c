// SPDX-License-Identifier: BSD-2-Clause
/*
 * virtio-rng: the device fills each buffer it is given with random bytes
 * (QEMU's from the host's /dev/urandom).  One queue; a read offers one
 * buffer and sleeps until the device hands it back.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/hw_random.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>

#define RNG_BUF_SIZE	64	/* bytes per request */
#define RNG_TIMEOUT_MS	1000

struct virtrng_info {
	struct virtio_device *vdev;
	struct virtqueue *vq;
	struct hwrng hwrng;
	char name[16];			/* "virtio_rng.0" */
	bool busy;			/* a buffer is the device's */
	u8 *buf;
};

static int virtio_read(struct hwrng *rng, void *data, size_t max, bool wait)
{
	struct virtrng_info *vi = container_of(rng, struct virtrng_info, hwrng);
	struct scatterlist sg;
	unsigned int len = 0;
	int ret;

	if (!vi->busy) {
		sg_init_one(&sg, vi->buf, (unsigned int)min(max, (size_t)RNG_BUF_SIZE));
		ret = virtqueue_add_inbuf(vi->vq, &sg, vi);
		if (ret)
			return ret;
		vi->busy = true;
		virtqueue_kick(vi->vq);
	}
	if (!virtqueue_wait_buf(vi->vq, &len, wait ? RNG_TIMEOUT_MS : 0))
		return wait ? -ETIMEDOUT : 0;
	vi->busy = false;
	len = min(len, (unsigned int)min(max, (size_t)RNG_BUF_SIZE));
	memcpy(data, vi->buf, len);
	return (int)len;
}

static int virtrng_probe(struct virtio_device *vdev)
{
	vq_callback_t *callbacks[] = { NULL };
	const char *const names[] = { "input" };
	struct virtrng_info *vi;
	int ret;

	vi = kzalloc(sizeof(*vi), GFP_KERNEL);
	if (!vi)
		return -ENOMEM;
	vi->buf = kmalloc(RNG_BUF_SIZE, GFP_KERNEL);
	if (!vi->buf) {
		ret = -ENOMEM;
		goto free_vi;
	}
	vi->vdev = vdev;
	ret = virtio_find_vqs(vdev, 1, &vi->vq, callbacks, names);
	if (ret)
		goto free_buf;
	snprintf(vi->name, sizeof(vi->name), "virtio_rng.%d", vdev->index);
	vi->hwrng.name = vi->name;
	vi->hwrng.read = virtio_read;
	vdev->priv = vi;
	virtio_device_ready(vdev);
	ret = hwrng_register(&vi->hwrng);
	if (ret)
		goto del_vqs;
	return 0;

del_vqs:
	vdev->config->reset(vdev);
	vdev->config->del_vqs(vdev);
free_buf:
	kfree(vi->buf);
free_vi:
	kfree(vi);
	return ret;
}

static void virtrng_remove(struct virtio_device *vdev)
{
	struct virtrng_info *vi = vdev->priv;

	hwrng_unregister(&vi->hwrng);
	vdev->config->reset(vdev);
	vdev->config->del_vqs(vdev);
	kfree(vi->buf);
	kfree(vi);
}

static const struct virtio_device_id id_table[] = {
	{ VIRTIO_ID_RNG, VIRTIO_DEV_ANY_ID },
	{ 0 },
};
MODULE_DEVICE_TABLE(virtio, id_table);

static struct virtio_driver virtio_rng_driver = {
	.driver.name = "virtio_rng",
	.id_table = id_table,
	.probe = virtrng_probe,
	.remove = virtrng_remove,
};
module_virtio_driver(virtio_rng_driver);

MODULE_DESCRIPTION("virtio random number generator");
MODULE_LICENSE("Dual BSD/GPL");
