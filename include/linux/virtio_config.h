/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a transport does for the virtio bus (struct virtio_config_ops), the
 * status and transport feature bits, and the drivers' helpers to read
 * their device's configuration space.  Linux's names and values.
 */
#ifndef _LINUX_VIRTIO_CONFIG_H
#define _LINUX_VIRTIO_CONFIG_H

#include <linux/virtio.h>

/* Device status (virtio 1.x, 2.1). */
#define VIRTIO_CONFIG_S_ACKNOWLEDGE	1	/* the guest saw the device */
#define VIRTIO_CONFIG_S_DRIVER		2	/* and has a driver for it */
#define VIRTIO_CONFIG_S_DRIVER_OK	4	/* which is ready */
#define VIRTIO_CONFIG_S_FEATURES_OK	8	/* features accepted (1.0 only) */
#define VIRTIO_CONFIG_S_NEEDS_RESET	0x40
#define VIRTIO_CONFIG_S_FAILED		0x80	/* the guest gave up */

/* Transport feature bits (virtio 1.x, 6). */
#define VIRTIO_F_NOTIFY_ON_EMPTY	24	/* legacy */
#define VIRTIO_F_ANY_LAYOUT		27	/* legacy; implied by VERSION_1 */
#define VIRTIO_RING_F_INDIRECT_DESC	28
#define VIRTIO_RING_F_EVENT_IDX		29
#define VIRTIO_F_VERSION_1		32	/* a virtio 1.0 device */

struct virtio_config_ops {
	/* Configuration space: @len bytes at @offset (1, 2, 4 or 8). */
	void (*get)(struct virtio_device *vdev, unsigned int offset, void *buf, unsigned int len);
	void (*set)(struct virtio_device *vdev, unsigned int offset, const void *buf,
		    unsigned int len);
	u8 (*get_status)(struct virtio_device *vdev);
	void (*set_status)(struct virtio_device *vdev, u8 status);
	/* Back to status 0: the device forgets its queues and features. */
	void (*reset)(struct virtio_device *vdev);
	u64 (*get_features)(struct virtio_device *vdev);
	/* Write vdev->features to the device.  Return: 0 or -EINVAL. */
	int (*finalize_features)(struct virtio_device *vdev);
	/*
	 * Set up @nvqs queues (0, 1, ...), each with its callback (may be
	 * NULL) and name.  Return: 0; -ENOENT (the device has fewer queues);
	 * -ENOMEM.  On error none is left set up.
	 */
	int (*find_vqs)(struct virtio_device *vdev, unsigned int nvqs, struct virtqueue *vqs[],
			vq_callback_t *callbacks[], const char *const names[]);
	void (*del_vqs)(struct virtio_device *vdev);
	/* "virtio-mmio v1 (legacy)", for log lines. */
	const char *(*bus_name)(struct virtio_device *vdev);
	/* Whether the device's interrupt is wired (else queues are polled). */
	bool (*has_irq)(struct virtio_device *vdev);
};

static inline bool virtio_has_feature(const struct virtio_device *vdev, unsigned int fbit)
{
	return vdev->features & (1ull << fbit);
}

/* Status DRIVER_OK: the driver may use its queues from here on. */
static inline void virtio_device_ready(struct virtio_device *vdev)
{
	u8 status = vdev->config->get_status(vdev);

	vdev->config->set_status(vdev, status | VIRTIO_CONFIG_S_DRIVER_OK);
}

/*
 * virtio_cread8/16/32/64(): little-endian fields of the configuration
 * space (legacy: the guest's order, which is little-endian here too), read
 * at the field's own width.
 */
#define VIRTIO_CREAD(bits)							\
static inline u##bits virtio_cread##bits(struct virtio_device *vdev, unsigned int offset) \
{										\
	u##bits v;								\
										\
	vdev->config->get(vdev, offset, &v, sizeof(v));				\
	return v;								\
}
VIRTIO_CREAD(8)
VIRTIO_CREAD(16)
VIRTIO_CREAD(32)
VIRTIO_CREAD(64)
#undef VIRTIO_CREAD

/* @len bytes one at a time (a MAC address, say). */
static inline void virtio_cread_bytes(struct virtio_device *vdev, unsigned int offset,
				      void *buf, unsigned int len)
{
	u8 *p = buf;

	for (unsigned int i = 0; i < len; i++)
		vdev->config->get(vdev, offset + i, p + i, 1);
}

/* Return: 0 or the error of config->find_vqs(). */
static inline int virtio_find_vqs(struct virtio_device *vdev, unsigned int nvqs,
				  struct virtqueue *vqs[], vq_callback_t *callbacks[],
				  const char *const names[])
{
	return vdev->config->find_vqs(vdev, nvqs, vqs, callbacks, names);
}

#endif
