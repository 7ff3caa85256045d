// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 11: a virtio-input keyboard, a module the virtio bus binds by the
 * device's virtio ID, in whichever virtio-mmio slot QEMU put it
 * (docs/labs/lab11/README.md).  The grader reads two log lines:
 *
 *   lab-keyboard virtioN: input device "NAME"              (probe, once)
 *   lab-keyboard virtioN: event type T code C value V      (one per event)
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

/* The configuration space (virtio 1.x spec, 5.8.4: "Device configuration
 * layout"): select, subsel, size, 5 reserved bytes, then a 128-byte union. */
#define VIRTIO_INPUT_CFG_SELECT	0
#define VIRTIO_INPUT_CFG_SUBSEL	1
#define VIRTIO_INPUT_CFG_SIZE	2
#define VIRTIO_INPUT_CFG_DATA	8
#define VIRTIO_INPUT_NAME_MAX	128

/* One event as the device writes it (5.8.6): Linux's struct input_event
 * without the time.  Little-endian, as is this CPU. */
struct virtio_input_event {
	u16 type;
	u16 code;
	u32 value;
};

struct lab_keyboard {
	struct virtio_device *vdev;
	struct virtqueue *evt;		/* queue 0, "eventq" */
	char name[VIRTIO_INPUT_NAME_MAX + 1];
};

static void read_name(struct lab_keyboard *kb)
{
	/* TODO 2: select the device's name (select and subsel: which values?
	 * vdev->config->set() writes the configuration space), read its
	 * size, then that many bytes of the union into kb->name. */
	kb->name[0] = '\0';
}

/* The device is done with some buffers: each holds one event. */
static void evt_done(struct virtqueue *vq)
{
	struct lab_keyboard *kb = vq->vdev->priv;

	/* TODO 4: take each used buffer back (virtqueue_get_buf), log its
	 * event with
	 *	dev_info(&kb->vdev->dev, "event type %u code %u value %d\n", ...);
	 * and lend it to the device again. */
	(void)kb;
}

static int lab_keyboard_probe(struct virtio_device *vdev)
{
	vq_callback_t *callbacks[] = { evt_done };
	const char *const names[] = { "events" };
	struct lab_keyboard *kb;
	int ret;

	kb = kzalloc(sizeof(*kb), GFP_KERNEL);
	if (!kb)
		return -ENOMEM;
	kb->vdev = vdev;
	vdev->priv = kb;
	read_name(kb);
	ret = virtio_find_vqs(vdev, 1, &kb->evt, callbacks, names);
	if (ret) {
		kfree(kb);
		return ret;
	}
	/* TODO 3: lend the device buffers it can write one event each into,
	 * as many as the queue holds (virtqueue_get_vring_size), then kick. */
	dev_info(&vdev->dev, "input device \"%s\"\n", kb->name);
	return 0;
}

static void lab_keyboard_remove(struct virtio_device *vdev)
{
	struct lab_keyboard *kb = vdev->priv;

	/* TODO 5: stop the device, take back the buffers it still has, free
	 * the queue and everything probe allocated. */
	(void)kb;
}

static const struct virtio_device_id lab_keyboard_ids[] = {
	/* TODO 1: the virtio-input device ID (virtio 1.x spec, 5 "Device
	 * Types"), any vendor. */
	{ 0 },
};
MODULE_DEVICE_TABLE(virtio, lab_keyboard_ids);

static struct virtio_driver lab_keyboard_driver = {
	.driver.name = "lab-keyboard",
	.id_table = lab_keyboard_ids,
	.probe = lab_keyboard_probe,
	.remove = lab_keyboard_remove,
};
module_virtio_driver(lab_keyboard_driver);

MODULE_DESCRIPTION("lab 11: virtio-input keyboard");
MODULE_LICENSE("Dual BSD/GPL");
