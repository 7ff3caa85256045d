// SPDX-License-Identifier: BSD-2-Clause
/*
 * Disks: drivers add them (virtio_blk), `blk` shows and reads them.
 *
 *   blk [info [DISK]]          every disk, or one: capacity, block size, ro/rw
 *   blk read SECTOR [COUNT]    COUNT (default 1) sectors from the first disk, hex
 *   blk write SECTOR BYTE      fill one sector with BYTE (a writable disk only)
 *
 * DISK=NAME before the subcommand picks another disk (blk vdb read 0).
 */
#define pr_fmt(fmt) "block: " fmt

#include <linux/blkdev.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kstrtox.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <coyote/memory.h>
#include <coyote/shell.h>

#define BLK_USAGE	"blk [DISK] info | read SECTOR [COUNT] | write SECTOR BYTE"
#define BLK_READ_MAX	64	/* sectors per `blk read` (32 KiB of hex) */

static LIST_HEAD(disk_list);

static struct gendisk *find_disk(const char *name)
{
	struct gendisk *d;

	list_for_each_entry(d, &disk_list, list)
		if (!name || !strcmp(d->disk_name, name))
			return d;
	return NULL;
}

static void print_disk(const struct gendisk *d)
{
	char size[24];

	mem_size_str(size, sizeof(size), d->capacity << SECTOR_SHIFT);
	printf("%s: %llu sectors of 512 bytes (%s), logical block %u bytes, %s%s%s\n",
	       d->disk_name, (unsigned long long)d->capacity, size, d->logical_block_size,
	       d->read_only ? "read-only" : "read-write", d->parent ? ", device " : "",
	       d->parent ? dev_name(d->parent) : "");
}

int add_disk(struct gendisk *disk)
{
	if (!disk->disk_name[0] || !disk->fops || !disk->fops->rw)
		return -EINVAL;
	if (find_disk(disk->disk_name))
		return -EEXIST;
	list_add_tail(&disk->list, &disk_list);
	pr_info("%s: %llu sectors, %s\n", disk->disk_name, (unsigned long long)disk->capacity,
		disk->read_only ? "read-only" : "read-write");
	return 0;
}
EXPORT_SYMBOL(add_disk);

void del_gendisk(struct gendisk *disk)
{
	list_del(&disk->list);
	pr_info("%s: removed\n", disk->disk_name);
}
EXPORT_SYMBOL(del_gendisk);

int blk_rw(struct gendisk *disk, sector_t sector, unsigned int count, void *buf, bool write)
{
	if (sector >= disk->capacity || count > disk->capacity - sector)
		return -ERANGE;
	if (write && disk->read_only)
		return -EROFS;
	return disk->fops->rw(disk, sector, count, buf, write);
}
EXPORT_SYMBOL(blk_rw);

/* Why a sector is out of range, in words that hold for an empty disk too. */
static void print_range(const struct gendisk *d, unsigned long long sector)
{
	if (!d->capacity)
		printf("blk: %s is empty (0 sectors): there is no sector %llu\n", d->disk_name,
		       sector);
	else
		printf("blk: %s has %llu sectors (0 to %llu)\n", d->disk_name,
		       (unsigned long long)d->capacity, (unsigned long long)d->capacity - 1);
}

static int blk_read_cmd(struct gendisk *d, int argc, char **argv)
{
	unsigned long long sector;
	unsigned long count = 1;
	u8 *buf;
	int ret;

	if (argc < 2 || argc > 3 || kstrtoull(argv[1], 0, &sector) ||
	    (argc == 3 && (kstrtoul(argv[2], 0, &count) || !count || count > BLK_READ_MAX))) {
		printf("usage: %s (COUNT 1 to %d)\n", BLK_USAGE, BLK_READ_MAX);
		return -EINVAL;
	}
	buf = kmalloc(count * SECTOR_SIZE, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	ret = blk_rw(d, sector, (unsigned int)count, buf, false);
	if (ret == -ERANGE)
		print_range(d, sector);
	else if (ret)
		printf("blk: %s: read of sector %llu: %s\n", d->disk_name, sector, errname(ret));
	else
		shell_hexdump(buf, count * SECTOR_SIZE, sector * SECTOR_SIZE);
	kfree(buf);
	return ret;
}

static int blk_write_cmd(struct gendisk *d, int argc, char **argv)
{
	unsigned long long sector;
	unsigned long byte;
	u8 *buf;
	int ret;

	if (argc != 3 || kstrtoull(argv[1], 0, &sector) || kstrtoul(argv[2], 0, &byte) ||
	    byte > 0xff) {
		printf("usage: %s (BYTE 0 to 0xff)\n", BLK_USAGE);
		return -EINVAL;
	}
	buf = kmalloc(SECTOR_SIZE, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	memset(buf, (int)byte, SECTOR_SIZE);
	ret = blk_rw(d, sector, 1, buf, true);
	if (ret == -EROFS)
		printf("blk: %s is read-only (QEMU: drop readonly=on from -drive)\n", d->disk_name);
	else if (ret == -ERANGE)
		print_range(d, sector);
	else if (ret)
		printf("blk: %s: write of sector %llu: %s\n", d->disk_name, sector, errname(ret));
	kfree(buf);
	return ret;
}

static int cmd_blk(int argc, char **argv)
{
	struct gendisk *d = NULL;

	if (argc > 1 && find_disk(argv[1])) {
		d = find_disk(argv[1]);
		argc--;
		argv++;
	}
	if (argc == 1 || !strcmp(argv[1], "info")) {
		if (d) {
			print_disk(d);
			return 0;
		}
		list_for_each_entry(d, &disk_list, list)
			print_disk(d);
		if (list_empty(&disk_list))
			printf("blk: no disks (QEMU: -device virtio-blk-device,drive=...)\n");
		return 0;
	}
	if (!d)
		d = find_disk(NULL);
	if (!d) {
		printf("blk: no disks\n");
		return -ENODEV;
	}
	if (!strcmp(argv[1], "read"))
		return blk_read_cmd(d, argc - 1, argv + 1);
	if (!strcmp(argv[1], "write"))
		return blk_write_cmd(d, argc - 1, argv + 1);
	printf("usage: %s\n", BLK_USAGE);
	return -EINVAL;
}
SHELL_COMMAND(blk, cmd_blk, BLK_USAGE, "disks: size and mode; read sectors as hex, write one",
	      .topic = TOPIC_DEVICES, .example = "blk read 0");
