/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bus and CPU addresses for DMA (Linux's dma-direct.h).  A device behind a
 * bus with "dma-ranges" sees memory at other addresses than the CPU does;
 * its dma_range_map (from of_dma_get_range()) lists the windows.  A device
 * without one sees memory 1:1.
 */
#ifndef _LINUX_DMA_DIRECT_H
#define _LINUX_DMA_DIRECT_H

#include <linux/device.h>
#include <linux/dma-map-ops.h>

/* The answer when an address falls in no window: no device can use it. */
#define DMA_MAPPING_ERROR (~(dma_addr_t)0)

/**
 * translate_phys_to_dma() - CPU address @paddr as @dev's bus address,
 * through its dma_range_map (which must be set)
 * Return: the bus address, or DMA_MAPPING_ERROR when no window holds it.
 */
static inline dma_addr_t translate_phys_to_dma(struct device *dev,
					       phys_addr_t paddr)
{
	const struct bus_dma_region *m;

	for (m = dev->dma_range_map; m->size; m++)
		if (paddr >= m->cpu_start && paddr - m->cpu_start < m->size)
			return m->dma_start + (paddr - m->cpu_start);
	return DMA_MAPPING_ERROR;
}

/**
 * translate_dma_to_phys() - @dev's bus address @dma_addr as a CPU address
 * Return: the CPU address, or (phys_addr_t)-1 when no window holds it.
 */
static inline phys_addr_t translate_dma_to_phys(struct device *dev,
						dma_addr_t dma_addr)
{
	const struct bus_dma_region *m;

	for (m = dev->dma_range_map; m->size; m++)
		if (dma_addr >= m->dma_start && dma_addr - m->dma_start < m->size)
			return m->cpu_start + (dma_addr - m->dma_start);
	return (phys_addr_t)-1;
}

/**
 * phys_to_dma() - the address @dev must be given for CPU address @paddr
 * Return: the bus address (@paddr itself for a device without windows), or
 * DMA_MAPPING_ERROR when no window holds @paddr.
 */
static inline dma_addr_t phys_to_dma(struct device *dev, phys_addr_t paddr)
{
	return dev->dma_range_map ? translate_phys_to_dma(dev, paddr) : paddr;
}

/**
 * dma_to_phys() - the CPU address of bus address @dma_addr seen by @dev
 * Return: the CPU address (@dma_addr itself for a device without windows),
 * or (phys_addr_t)-1 when no window holds it.
 */
static inline phys_addr_t dma_to_phys(struct device *dev, dma_addr_t dma_addr)
{
	return dev->dma_range_map ? translate_dma_to_phys(dev, dma_addr) : dma_addr;
}

#endif
