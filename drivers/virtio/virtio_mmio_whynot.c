// SPDX-License-Identifier: BSD-2-Clause
/*
 * What `whynot` says of a virtio-mmio transport: the tree says where the
 * slots are; only the device in a slot says what it is, at run time.  A
 * file apart from virtio_mmio.c, which drives registers, because the
 * host's `ofdump --devices` predicts with it too.
 */
#include <linux/of.h>
#include <linux/virtio_mmio.h>
#include <coyote/whynot.h>

static const char *virtio_mmio_runtime_devices(const struct device_node *np, bool made_none)
{
	if (!of_device_is_compatible(np, VIRTIO_MMIO_COMPATIBLE))
		return NULL;
	return made_none ? "virtio transport: an empty slot (device ID 0)" :
			   "virtio transport: device known at run time";
}

struct whynot_bus virtio_mmio_whynot_bus = {
	.name = "virtio",
	.label = "virtio",
	.runtime_devices = virtio_mmio_runtime_devices,
};
