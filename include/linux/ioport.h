/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Claims on the physical address space, with Linux's names
 * (include/linux/ioport.h): a driver claims its register window with
 * request_mem_region() before mapping it, so two drivers can never drive
 * the same registers and no window can cover memory the kernel uses.
 *
 * coyote keeps two lists.  System ranges (RAM, and inside it the kernel
 * image, the blob, the initrd, /memreserve/) are recorded by the memory
 * map at boot and may overlap each other; no claim may touch them.
 * Claims are device windows; no two may overlap.
 */
#ifndef _LINUX_IOPORT_H
#define _LINUX_IOPORT_H

#include <linux/compiler_types.h>
#include <linux/of.h>
#include <linux/types.h>

struct device;

#define IORESOURCE_BUSY		0x80000000
#define IORESOURCE_SYSTEM_RAM	0x01000000
#define IORESOURCE_SYSTEM	0x02000000	/* RAM or reserved: no claim may touch it */

/**
 * iomem_add_system() - record a range the kernel owns (RAM or a reserved
 * range in it, @what names it: "kernel image", "/memory@0").
 * Return: 0; -ENOSPC when the table is full; -ERANGE for an empty or
 * wrapping range.
 */
int iomem_add_system(phys_addr_t start, phys_addr_t size, unsigned long flags, const char *what);

/**
 * iomem_find_conflict() - the system range or claim that [start, start +
 * size) overlaps, or NULL.  A range that wraps past 4 GiB conflicts with a
 * static "beyond 4 GiB" entry.
 */
const struct resource *iomem_find_conflict(phys_addr_t start, phys_addr_t size);

/**
 * request_mem_region() - claim [@start, @start + @n) for @name
 * Return: the claim, or NULL when it overlaps another claim or a system
 * range, wraps past 4 GiB, or memory ran out.  release_mem_region() gives
 * it back (the exact range that was claimed).
 */
struct resource *request_mem_region(resource_size_t start, resource_size_t n, const char *name);
void release_mem_region(resource_size_t start, resource_size_t n);

/**
 * devm_request_mem_region() - request_mem_region() released when @dev
 * unbinds or its probe fails.  Return: the claim or NULL (as above).
 */
struct resource *devm_request_mem_region(struct device *dev, resource_size_t start,
					 resource_size_t n, const char *name);

/**
 * devm_ioremap_resource() - claim and map @res for @dev, both undone on
 * unbind.  A refusal is logged with the device's node path and both ranges.
 * Return: the mapping; ERR_PTR(-EINVAL) for a missing or non-MEM resource;
 * ERR_PTR(-EBUSY) when the window overlaps a claim, RAM or a reserved
 * range, or wraps; ERR_PTR(-ENOMEM) when it cannot be mapped.
 */
void __iomem *devm_ioremap_resource(struct device *dev, const struct resource *res);

/* Device claims in address order, then the system ranges as recorded. */
void iomem_for_each(void (*fn)(const struct resource *res, void *data), void *data);

/* Forget every claim and system range (host tests). */
void iomem_reset(void);

#endif
