/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * DMA windows of a bus, as Linux's dma-map-ops.h declares them: what
 * of_dma_get_range() builds from "dma-ranges" and a device keeps in its
 * dma_range_map (<linux/dma-direct.h> translates with it).
 */
#ifndef _LINUX_DMA_MAP_OPS_H
#define _LINUX_DMA_MAP_OPS_H

#include <linux/types.h>

typedef u64 dma_addr_t;

/* One window; an array of them ends with one of size 0. */
struct bus_dma_region {
	phys_addr_t cpu_start;
	dma_addr_t dma_start;
	u64 size;
};

#endif
