// SPDX-License-Identifier: BSD-2-Clause
/*
 * The virtio bus.  Devices come from transports (virtio_mmio.c), which know
 * the device ID only by asking the device at run time: the tree has no
 * compatible for what sits in a slot.  Drivers match by that ID (and the
 * vendor, usually any), as in Linux; a device without a driver is
 * announced to the module loader as "virtio:dNNNNNNNNvNNNNNNNN", the
 * modalias Linux's udev would see, which modules.alias maps to a module.
 */
#define pr_fmt(fmt) "virtio: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>

/* virtioN names in use: a removed device's number is given out again. */
#define VIRTIO_INDEX_MAX 64
static u64 index_used;

static const char *const device_names[] = {
	[VIRTIO_ID_NET] = "network card",
	[VIRTIO_ID_BLOCK] = "block device",
	[VIRTIO_ID_CONSOLE] = "console",
	[VIRTIO_ID_RNG] = "entropy source",
};

const char *virtio_device_name(u32 id, char *buf, size_t len)
{
	if (id < ARRAY_SIZE(device_names) && device_names[id])
		return device_names[id];
	snprintf(buf, len, "device ID %u", id);
	return buf;
}
EXPORT_SYMBOL(virtio_device_name);

static bool id_matches(const struct virtio_device_id *id, const struct virtio_device *vdev)
{
	if (id->device != VIRTIO_DEV_ANY_ID && id->device != vdev->id.device)
		return false;
	return id->vendor == VIRTIO_DEV_ANY_ID || id->vendor == vdev->id.vendor;
}

static int virtio_dev_match(struct device *dev, struct device_driver *drv)
{
	const struct virtio_device_id *id = drv_to_virtio(drv)->id_table;

	for (; id && id->device; id++)
		if (id_matches(id, dev_to_virtio(dev)))
			return 1;
	return 0;
}

static int virtio_modalias(const struct device *dev, char *buf, size_t len)
{
	const struct virtio_device *vdev = container_of(dev, struct virtio_device, dev);

	return snprintf(buf, len, "virtio:d%08Xv%08X", vdev->id.device, vdev->id.vendor);
}

static void add_status(struct virtio_device *vdev, u8 bit)
{
	vdev->config->set_status(vdev, vdev->config->get_status(vdev) | bit);
}

/*
 * The device's features the driver lists, plus the transport's own bits
 * this ring code honours: VERSION_1 (1.0 layout and endianness rules) and,
 * for legacy devices, ANY_LAYOUT (headers may share a buffer with data).
 */
static int negotiate(struct virtio_device *vdev, const struct virtio_driver *drv)
{
	u64 offered = vdev->config->get_features(vdev), wanted = 0;
	unsigned int i;
	int ret;

	for (i = 0; i < drv->feature_table_size; i++)
		wanted |= 1ull << drv->feature_table[i];
	wanted |= 1ull << VIRTIO_F_VERSION_1 | 1ull << VIRTIO_F_ANY_LAYOUT;
	vdev->features = offered & wanted;
	ret = vdev->config->finalize_features(vdev);
	if (ret)
		return ret;
	if (!virtio_has_feature(vdev, VIRTIO_F_VERSION_1))
		return 0;
	add_status(vdev, VIRTIO_CONFIG_S_FEATURES_OK);
	if (!(vdev->config->get_status(vdev) & VIRTIO_CONFIG_S_FEATURES_OK)) {
		dev_err(&vdev->dev, "the device refused features 0x%llx\n", vdev->features);
		return -ENODEV;
	}
	return 0;
}

static int virtio_dev_probe(struct device *dev)
{
	struct virtio_device *vdev = dev_to_virtio(dev);
	struct virtio_driver *drv = drv_to_virtio(dev->driver);
	int ret;

	/* From scratch, whatever a driver before left behind. */
	vdev->config->reset(vdev);
	add_status(vdev, VIRTIO_CONFIG_S_ACKNOWLEDGE);
	add_status(vdev, VIRTIO_CONFIG_S_DRIVER);
	ret = negotiate(vdev, drv);
	if (!ret)
		ret = drv->probe(vdev);
	if (ret) {
		add_status(vdev, VIRTIO_CONFIG_S_FAILED);
		vdev->failed = true;
		return ret;
	}
	vdev->failed = false;
	if (!(vdev->config->get_status(vdev) & VIRTIO_CONFIG_S_DRIVER_OK))
		virtio_device_ready(vdev);
	return 0;
}

static void virtio_dev_remove(struct device *dev)
{
	struct virtio_device *vdev = dev_to_virtio(dev);
	struct virtio_driver *drv = drv_to_virtio(dev->driver);

	if (drv->remove)
		drv->remove(vdev);
	/* The driver should have reset it (Linux warns too): until then the
	 * device may still write into buffers the driver has freed. */
	if (vdev->config->get_status(vdev))
		dev_err(dev, "%s did not reset the device: reset here\n", drv->driver.name);
	/* Say "seen" again, as at registration, so the device waits for the
	 * next driver. */
	vdev->config->reset(vdev);
	if (!list_empty(&vdev->vqs)) {
		dev_err(dev, "%s left its queues: freed here\n", drv->driver.name);
		vdev->config->del_vqs(vdev);
	}
	add_status(vdev, VIRTIO_CONFIG_S_ACKNOWLEDGE);
}

struct bus_type virtio_bus = {
	.name = "virtio",
	.match = virtio_dev_match,
	.probe = virtio_dev_probe,
	.remove = virtio_dev_remove,
	.modalias = virtio_modalias,
};
EXPORT_SYMBOL(virtio_bus);

int register_virtio_driver(struct virtio_driver *drv)
{
	if (!drv->driver.name || !drv->probe || !drv->id_table)
		return -EINVAL;
	drv->driver.bus = &virtio_bus;
	return driver_register(&drv->driver);
}
EXPORT_SYMBOL(register_virtio_driver);

void unregister_virtio_driver(struct virtio_driver *drv)
{
	driver_unregister(&drv->driver);
}
EXPORT_SYMBOL(unregister_virtio_driver);

int register_virtio_device(struct virtio_device *vdev)
{
	char what[24];
	int index, ret;

	if (!vdev->config)
		return -EINVAL;
	for (index = 0; index < VIRTIO_INDEX_MAX && (index_used >> index) & 1; index++)
		;
	if (index == VIRTIO_INDEX_MAX)
		return -ENOMEM;
	index_used |= 1ull << index;
	vdev->index = index;
	INIT_LIST_HEAD(&vdev->vqs);
	device_initialize(&vdev->dev);
	vdev->dev.bus = &virtio_bus;
	snprintf(vdev->dev.name, sizeof(vdev->dev.name), "virtio%d", index);
	/* Whatever firmware or a previous kernel did: start from reset. */
	vdev->config->reset(vdev);
	add_status(vdev, VIRTIO_CONFIG_S_ACKNOWLEDGE);
	dev_info(vdev->dev.parent, "virtio%d: %s (ID %u, vendor 0x%08x), %s\n", index,
		 virtio_device_name(vdev->id.device, what, sizeof(what)), vdev->id.device,
		 vdev->id.vendor, vdev->config->bus_name(vdev));
	ret = device_add(&vdev->dev);
	if (ret)
		index_used &= ~(1ull << index);
	return ret;
}
EXPORT_SYMBOL(register_virtio_device);

void unregister_virtio_device(struct virtio_device *vdev)
{
	int index = vdev->index;

	device_unregister(&vdev->dev);
	vdev->config->reset(vdev);
	index_used &= ~(1ull << index);
}
EXPORT_SYMBOL(unregister_virtio_device);

void virtio_config_changed(struct virtio_device *vdev)
{
	struct virtio_driver *drv = vdev->dev.driver ? drv_to_virtio(vdev->dev.driver) : NULL;

	if (drv && drv->config_changed)
		drv->config_changed(vdev);
}
EXPORT_SYMBOL(virtio_config_changed);
