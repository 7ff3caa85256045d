/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A buffer for a device to read or write, with Linux's name.  Smaller than
 * Linux's: RAM is mapped 1:1 with caches off, so a buffer is just its
 * address and length (virtio_ring.c turns it into the device's address).
 */
#ifndef _LINUX_SCATTERLIST_H
#define _LINUX_SCATTERLIST_H

#include <linux/types.h>

struct scatterlist {
	void *buf;
	unsigned int length;
};

static inline void sg_init_one(struct scatterlist *sg, void *buf, unsigned int len)
{
	sg->buf = buf;
	sg->length = len;
}

#endif
