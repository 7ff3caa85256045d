/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Handing a buffer to a device for DMA, with Linux's names
 * (include/linux/dma-mapping.h): dma_map_single() gives the address the
 * device must be told, which is a *bus* address: the CPU's physical
 * address of the buffer put through the device's dma_range_map (its
 * bus's "dma-ranges", <linux/dma-direct.h>), never the pointer itself.
 * coyote maps RAM 1:1 (a virtual address is the physical one) and QEMU
 * models no caches, so mapping is that translation and unmapping does
 * nothing; a driver still pairs them, as on Linux, where both do work.
 */
#ifndef _LINUX_DMA_MAPPING_H
#define _LINUX_DMA_MAPPING_H

#include <linux/device.h>
#include <linux/dma-direct.h>
#include <linux/errno.h>
#include <linux/types.h>

enum dma_data_direction {
	DMA_BIDIRECTIONAL = 0,
	DMA_TO_DEVICE = 1,
	DMA_FROM_DEVICE = 2,
	DMA_NONE = 3,
};

/* The physical address of kernel memory at @p (RAM is mapped 1:1). */
static inline phys_addr_t virt_to_phys(const volatile void *p)
{
	return (phys_addr_t)(uintptr_t)p;
}

/**
 * dma_map_single() - the bus address @dev reaches @size bytes at @ptr by
 * Return: the address; DMA_MAPPING_ERROR when no window of @dev's
 * dma-ranges holds the whole buffer (test with dma_mapping_error()).
 */
static inline dma_addr_t dma_map_single(struct device *dev, void *ptr, size_t size,
					enum dma_data_direction dir)
{
	phys_addr_t pa = virt_to_phys(ptr);
	dma_addr_t start = phys_to_dma(dev, pa), end;

	(void)dir;
	if (start == DMA_MAPPING_ERROR || !size)
		return DMA_MAPPING_ERROR;
	end = phys_to_dma(dev, pa + size - 1);
	return end == start + size - 1 ? start : DMA_MAPPING_ERROR;
}

static inline void dma_unmap_single(struct device *dev, dma_addr_t addr, size_t size,
				    enum dma_data_direction dir)
{
	(void)dev;
	(void)addr;
	(void)size;
	(void)dir;
}

static inline int dma_mapping_error(struct device *dev, dma_addr_t addr)
{
	(void)dev;
	return addr == DMA_MAPPING_ERROR ? -ENOMEM : 0;
}

#endif /* _LINUX_DMA_MAPPING_H */
