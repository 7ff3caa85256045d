/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The virtio-mmio transport's registers (virtio 1.x, 4.2.2; legacy 4.2.4),
 * the compatible string of its tree node, which the driver's table and its
 * `whynot` knowledge (on the host too) share, and that knowledge, which
 * the driver registers with whynot_bus_register().
 */
#ifndef _LINUX_VIRTIO_MMIO_H
#define _LINUX_VIRTIO_MMIO_H

#define VIRTIO_MMIO_COMPATIBLE		"virtio,mmio"

/* drivers/virtio/virtio_mmio_whynot.c */
extern struct whynot_bus virtio_mmio_whynot_bus;

#define VIRTIO_MMIO_MAGIC_VALUE		0x000	/* "virt", little-endian */
#define VIRTIO_MMIO_MAGIC		0x74726976
#define VIRTIO_MMIO_VERSION		0x004	/* 1: legacy, 2: virtio 1.0 */
#define VIRTIO_MMIO_DEVICE_ID		0x008	/* 0: nothing in this slot */
#define VIRTIO_MMIO_VENDOR_ID		0x00c
#define VIRTIO_MMIO_DEVICE_FEATURES	0x010
#define VIRTIO_MMIO_DEVICE_FEATURES_SEL	0x014
#define VIRTIO_MMIO_DRIVER_FEATURES	0x020
#define VIRTIO_MMIO_DRIVER_FEATURES_SEL	0x024
#define VIRTIO_MMIO_GUEST_PAGE_SIZE	0x028	/* legacy */
#define VIRTIO_MMIO_QUEUE_SEL		0x030
#define VIRTIO_MMIO_QUEUE_NUM_MAX	0x034
#define VIRTIO_MMIO_QUEUE_NUM		0x038
#define VIRTIO_MMIO_QUEUE_ALIGN		0x03c	/* legacy */
#define VIRTIO_MMIO_QUEUE_PFN		0x040	/* legacy */
#define VIRTIO_MMIO_QUEUE_READY		0x044	/* 1.0 */
#define VIRTIO_MMIO_QUEUE_NOTIFY	0x050
#define VIRTIO_MMIO_INTERRUPT_STATUS	0x060
#define VIRTIO_MMIO_INTERRUPT_ACK	0x064
#define VIRTIO_MMIO_STATUS		0x070
#define VIRTIO_MMIO_QUEUE_DESC_LOW	0x080	/* 1.0, and so on to CONFIG */
#define VIRTIO_MMIO_QUEUE_DESC_HIGH	0x084
#define VIRTIO_MMIO_QUEUE_AVAIL_LOW	0x090
#define VIRTIO_MMIO_QUEUE_AVAIL_HIGH	0x094
#define VIRTIO_MMIO_QUEUE_USED_LOW	0x0a0
#define VIRTIO_MMIO_QUEUE_USED_HIGH	0x0a4
#define VIRTIO_MMIO_CONFIG_GENERATION	0x0fc
#define VIRTIO_MMIO_CONFIG		0x100

#define VIRTIO_MMIO_INT_VRING		(1 << 0)	/* a used ring has news */
#define VIRTIO_MMIO_INT_CONFIG		(1 << 1)	/* the configuration changed */

#endif
