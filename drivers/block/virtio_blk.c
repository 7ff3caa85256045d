// SPDX-License-Identifier: BSD-2-Clause
/*
 * virtio-blk: a disk behind one queue.  A request is a chain of three
 * buffers: a header the device reads (type, sector), the data (read or
 * written by the device), and a status byte the device writes.  The disk
 * is read-only when the device says so (VIRTIO_BLK_F_RO: QEMU's
 * readonly=on), and then writes are refused before they reach it.
 */
#include <linux/blkdev.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>

/* Feature bits and configuration space (virtio 1.x, 5.2). */
#define VIRTIO_BLK_F_RO		5	/* the disk is read-only */
#define VIRTIO_BLK_F_BLK_SIZE	6	/* blk_size is valid */
#define VIRTIO_BLK_CFG_CAPACITY	0	/* u64, in 512-byte sectors */
#define VIRTIO_BLK_CFG_BLK_SIZE	20	/* u32 */

#define VIRTIO_BLK_T_IN		0
#define VIRTIO_BLK_T_OUT	1
#define VIRTIO_BLK_S_OK		0
#define VIRTIO_BLK_S_IOERR	1
#define VIRTIO_BLK_S_UNSUPP	2

#define VBLK_SECTORS_MAX	64	/* per request: 32 KiB */
#define VBLK_TIMEOUT_MS		5000
#define VBLK_DISKS_MAX		26	/* vda..vdz */

struct virtio_blk_outhdr {
	u32 type;
	u32 ioprio;
	u64 sector;
};

struct virtio_blk {
	struct virtio_device *vdev;
	struct virtqueue *vq;
	struct gendisk disk;
	int disk_index;
	bool broken;		/* a request timed out: its buffers stay the device's */
	/* What the device reads and writes besides the data. */
	struct virtio_blk_outhdr *hdr;
	u8 *status;
};

static u32 disks_used;

static int virtblk_request(struct virtio_blk *vblk, sector_t sector, unsigned int count,
			   void *buf, bool write)
{
	struct scatterlist hdr, data, status, *sgs[3] = { &hdr, &data, &status };
	int ret;

	vblk->hdr->type = write ? VIRTIO_BLK_T_OUT : VIRTIO_BLK_T_IN;
	vblk->hdr->ioprio = 0;
	vblk->hdr->sector = sector;
	*vblk->status = 0xff;
	sg_init_one(&hdr, vblk->hdr, sizeof(*vblk->hdr));
	sg_init_one(&data, buf, count * SECTOR_SIZE);
	sg_init_one(&status, vblk->status, 1);
	/* Header (and data, for a write) out; data (for a read) and status in. */
	ret = virtqueue_add_sgs(vblk->vq, sgs, write ? 2 : 1, write ? 1 : 2, vblk);
	if (ret)
		return ret;
	virtqueue_kick(vblk->vq);
	if (!virtqueue_wait_buf(vblk->vq, NULL, VBLK_TIMEOUT_MS)) {
		vblk->broken = true;
		dev_err(&vblk->vdev->dev, "request for sector %llu timed out: disk stopped\n",
			(unsigned long long)sector);
		return -ETIMEDOUT;
	}
	switch (*vblk->status) {
	case VIRTIO_BLK_S_OK:
		return 0;
	case VIRTIO_BLK_S_UNSUPP:
		return -EOPNOTSUPP;
	default:
		return -EIO;
	}
}

static int virtblk_rw(struct gendisk *disk, sector_t sector, unsigned int count, void *buf,
		      bool write)
{
	struct virtio_blk *vblk = disk->private_data;
	u8 *p = buf;

	if (vblk->broken)
		return -EIO;
	while (count) {
		unsigned int n = min(count, (unsigned int)VBLK_SECTORS_MAX);
		int ret = virtblk_request(vblk, sector, n, p, write);

		if (ret)
			return ret;
		sector += n;
		count -= n;
		p += n * SECTOR_SIZE;
	}
	return 0;
}

static const struct block_device_operations virtblk_fops = {
	.rw = virtblk_rw,
};

static int virtblk_probe(struct virtio_device *vdev)
{
	vq_callback_t *callbacks[] = { NULL };
	const char *const names[] = { "requests" };
	struct virtio_blk *vblk;
	int ret, i;

	for (i = 0; i < VBLK_DISKS_MAX && (disks_used >> i) & 1; i++)
		;
	if (i == VBLK_DISKS_MAX)
		return dev_err_probe(&vdev->dev, -ENOSPC, "no disk name left (vda..vdz)");
	vblk = kzalloc(sizeof(*vblk), GFP_KERNEL);
	if (!vblk)
		return -ENOMEM;
	vblk->hdr = kzalloc(sizeof(*vblk->hdr), GFP_KERNEL);
	vblk->status = kzalloc(1, GFP_KERNEL);
	ret = -ENOMEM;
	if (!vblk->hdr || !vblk->status)
		goto free;
	vblk->vdev = vdev;
	ret = virtio_find_vqs(vdev, 1, &vblk->vq, callbacks, names);
	if (ret)
		goto free;
	vblk->disk_index = i;
	snprintf(vblk->disk.disk_name, sizeof(vblk->disk.disk_name), "vd%c", 'a' + i);
	set_capacity(&vblk->disk, virtio_cread64(vdev, VIRTIO_BLK_CFG_CAPACITY));
	vblk->disk.logical_block_size = virtio_has_feature(vdev, VIRTIO_BLK_F_BLK_SIZE) ?
		virtio_cread32(vdev, VIRTIO_BLK_CFG_BLK_SIZE) : SECTOR_SIZE;
	set_disk_ro(&vblk->disk, virtio_has_feature(vdev, VIRTIO_BLK_F_RO));
	vblk->disk.fops = &virtblk_fops;
	vblk->disk.parent = &vdev->dev;
	vblk->disk.private_data = vblk;
	vdev->priv = vblk;
	virtio_device_ready(vdev);
	ret = add_disk(&vblk->disk);
	if (ret)
		goto del_vqs;
	disks_used |= 1u << i;
	return 0;

del_vqs:
	vdev->config->reset(vdev);
	vdev->config->del_vqs(vdev);
free:
	kfree(vblk->status);
	kfree(vblk->hdr);
	kfree(vblk);
	return ret;
}

static void virtblk_remove(struct virtio_device *vdev)
{
	struct virtio_blk *vblk = vdev->priv;

	del_gendisk(&vblk->disk);
	disks_used &= ~(1u << vblk->disk_index);
	vdev->config->reset(vdev);
	vdev->config->del_vqs(vdev);
	kfree(vblk->status);
	kfree(vblk->hdr);
	kfree(vblk);
}

static const unsigned int features[] = {
	VIRTIO_BLK_F_RO, VIRTIO_BLK_F_BLK_SIZE,
};

static const struct virtio_device_id id_table[] = {
	{ VIRTIO_ID_BLOCK, VIRTIO_DEV_ANY_ID },
	{ 0 },
};
MODULE_DEVICE_TABLE(virtio, id_table);

static struct virtio_driver virtio_blk_driver = {
	.driver.name = "virtio_blk",
	.id_table = id_table,
	.feature_table = features,
	.feature_table_size = ARRAY_SIZE(features),
	.probe = virtblk_probe,
	.remove = virtblk_remove,
};
module_virtio_driver(virtio_blk_driver);

MODULE_DESCRIPTION("virtio block device");
MODULE_LICENSE("Dual BSD/GPL");
