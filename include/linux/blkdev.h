/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Block devices, with Linux's names and much smaller (block/genhd.c): a
 * driver fills a struct gendisk (name, capacity in 512-byte sectors, its
 * logical block size, read-only or not) and adds it; `blk` reads and writes
 * sectors through the disk's ops.  No request queue, no cache, no
 * partitions: a request runs to completion in the caller.
 */
#ifndef _LINUX_BLKDEV_H
#define _LINUX_BLKDEV_H

#include <linux/list.h>
#include <linux/types.h>

#define SECTOR_SHIFT	9
#define SECTOR_SIZE	(1u << SECTOR_SHIFT)
#define DISK_NAME_LEN	32

typedef u64 sector_t;

struct gendisk;

struct block_device_operations {
	/*
	 * Move @count sectors from @sector to or from @buf (@write).
	 * Return: 0; -EROFS (a write to a read-only disk); -EIO (the device
	 * said so); -ETIMEDOUT; -ENOMEM.
	 */
	int (*rw)(struct gendisk *disk, sector_t sector, unsigned int count, void *buf,
		  bool write);
};

struct gendisk {
	char disk_name[DISK_NAME_LEN];		/* "vda" */
	sector_t capacity;			/* in 512-byte sectors */
	unsigned int logical_block_size;	/* bytes */
	bool read_only;
	const struct block_device_operations *fops;
	struct device *parent;
	void *private_data;

	/* core private */
	struct list_head list;
};

static inline void set_capacity(struct gendisk *disk, sector_t size)
{
	disk->capacity = size;
}

static inline void set_disk_ro(struct gendisk *disk, bool ro)
{
	disk->read_only = ro;
}

/**
 * add_disk() - make @disk known to `blk`.
 * Return: 0; -EINVAL without a name or ops; -EEXIST (the name is taken).
 */
int add_disk(struct gendisk *disk);
void del_gendisk(struct gendisk *disk);

/**
 * blk_rw() - @count sectors of @disk from @sector, bounds checked, through
 * the driver.  Return: 0; -ERANGE (beyond the disk's end); -EROFS (write to
 * a read-only disk); the driver's error.
 */
int blk_rw(struct gendisk *disk, sector_t sector, unsigned int count, void *buf, bool write);

#endif
