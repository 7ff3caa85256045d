/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The virtio bus, with Linux's names (drivers/virtio/virtio.c).  A
 * transport (virtio_mmio.c) finds a device and registers a struct
 * virtio_device for it; drivers register a struct virtio_driver whose
 * id_table lists the device IDs they drive (VIRTIO_ID_NET, ...), and the
 * bus binds them by that ID, as Linux's does: the tree only says where a
 * transport is, never what sits behind it.
 *
 * Probe order on the bus: status ACKNOWLEDGE (the transport), DRIVER,
 * features (the device's, masked by the driver's feature_table),
 * FEATURES_OK (virtio 1.0 only), the driver's probe (which finds its
 * queues), DRIVER_OK.  A failure sets FAILED.
 */
#ifndef _LINUX_VIRTIO_H
#define _LINUX_VIRTIO_H

#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/scatterlist.h>
#include <linux/types.h>

/* Device IDs (virtio 1.x spec, 5 "Device Types"). */
#define VIRTIO_ID_NET		1
#define VIRTIO_ID_BLOCK		2
#define VIRTIO_ID_CONSOLE	3
#define VIRTIO_ID_RNG		4
#define VIRTIO_DEV_ANY_ID	0xffffffffu

/* What a driver's id_table holds (Linux's mod_devicetable.h). */
struct virtio_device_id {
	u32 device;
	u32 vendor;
};

struct virtio_device;
struct virtqueue;
typedef void vq_callback_t(struct virtqueue *vq);

struct virtqueue {
	struct list_head list;		/* on vdev->vqs */
	vq_callback_t *callback;	/* from the interrupt; may be NULL */
	const char *name;
	struct virtio_device *vdev;
	unsigned int index;
	unsigned int num_free;		/* descriptors not in use */
	void *priv;			/* the transport's */
};

struct virtio_config_ops;

struct virtio_device {
	int index;			/* virtio0, virtio1, ... */
	struct device dev;
	struct virtio_device_id id;
	const struct virtio_config_ops *config;
	struct list_head vqs;
	u64 features;			/* negotiated (device's & driver's) */
	void *priv;			/* the transport's */
	bool failed;
};

static inline struct virtio_device *dev_to_virtio(struct device *dev)
{
	return container_of(dev, struct virtio_device, dev);
}

struct virtio_driver {
	struct device_driver driver;
	const struct virtio_device_id *id_table;
	/* Feature bits the driver understands (VIRTIO_NET_F_MAC, ...). */
	const unsigned int *feature_table;
	unsigned int feature_table_size;
	int (*probe)(struct virtio_device *vdev);
	void (*remove)(struct virtio_device *vdev);
	void (*config_changed)(struct virtio_device *vdev);
};

static inline struct virtio_driver *drv_to_virtio(struct device_driver *drv)
{
	return container_of(drv, struct virtio_driver, driver);
}

extern struct bus_type virtio_bus;

/**
 * register_virtio_driver() - add @drv to the virtio bus and bind it to
 * every unbound device whose ID its id_table lists.
 * Return: 0; -EINVAL without a name, probe or id_table; -EBUSY (a driver of
 * that name is registered).
 */
int register_virtio_driver(struct virtio_driver *drv);
void unregister_virtio_driver(struct virtio_driver *drv);

/**
 * register_virtio_device() - a transport found a device: name it virtioN,
 * reset it, say ACKNOWLEDGE and offer it to the drivers.
 * Return: 0; -EINVAL without config ops; -ENOMEM.
 */
int register_virtio_device(struct virtio_device *vdev);
/* Unbind its driver (which resets the device) and take it off the bus. */
void unregister_virtio_device(struct virtio_device *vdev);
/* The transport's interrupt said the configuration changed. */
void virtio_config_changed(struct virtio_device *vdev);
/* "entropy source" for VIRTIO_ID_RNG; "device ID N" for others. */
const char *virtio_device_name(u32 id, char *buf, size_t len);

#ifdef MODULE
#define module_virtio_driver(__drv) \
	static int __drv##_init(void) { return register_virtio_driver(&(__drv)); } \
	static void __drv##_exit(void) { unregister_virtio_driver(&(__drv)); } \
	module_init(__drv##_init); \
	module_exit(__drv##_exit)
#else
#define module_virtio_driver(__drv) \
	static int __init __drv##_init(void) { return register_virtio_driver(&(__drv)); } \
	device_initcall(__drv##_init)
#endif

/* --- virtqueues (drivers/virtio/virtio_ring.c) ---------------------------- */

/**
 * virtqueue_add_sgs() - offer @out_sgs buffers the device reads, then
 * @in_sgs it writes, as one chain; @data comes back from
 * virtqueue_get_buf() when the device is done.
 * Return: 0; -EINVAL (no buffers, or @data NULL); -ENOSPC (not enough free
 * descriptors: reclaim used ones first).
 */
int virtqueue_add_sgs(struct virtqueue *vq, struct scatterlist *sgs[], unsigned int out_sgs,
		      unsigned int in_sgs, void *data);
/* One buffer the device reads; errors as virtqueue_add_sgs(). */
int virtqueue_add_outbuf(struct virtqueue *vq, struct scatterlist *sg, void *data);
/* One buffer the device writes; errors as virtqueue_add_sgs(). */
int virtqueue_add_inbuf(struct virtqueue *vq, struct scatterlist *sg, void *data);
/* Tell the device new buffers are there (unless it asked not to be told). */
void virtqueue_kick(struct virtqueue *vq);
/**
 * virtqueue_get_buf() - the next buffer chain the device is done with.
 * Return: its @data, with the bytes the device wrote in *@len; NULL when
 * none is used yet.
 */
void *virtqueue_get_buf(struct virtqueue *vq, unsigned int *len);
/**
 * virtqueue_wait_buf() - virtqueue_get_buf(), waiting up to @ms for the
 * device: asleep until its interrupt when the transport has one, polling
 * the used ring when it has none.
 * Return: @data, or NULL after @ms (the buffer stays the device's).
 */
void *virtqueue_wait_buf(struct virtqueue *vq, unsigned int *len, unsigned int ms);
/* The queue's size in descriptors. */
unsigned int virtqueue_get_vring_size(const struct virtqueue *vq);
/* Take back a buffer never used: for a driver tearing down. */
void *virtqueue_detach_unused_buf(struct virtqueue *vq);

#endif
