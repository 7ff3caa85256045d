/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Physical memory as the boot found it: RAM regions from the tree's
 * /memory nodes, and reserved ranges (kernel image, blob, initrd,
 * /memreserve/ entries) that the heap must never hand out.
 */
#ifndef _COYOTE_MEMORY_H
#define _COYOTE_MEMORY_H

#include <linux/types.h>

#define MEM_MAX_REGIONS		8
#define MEM_MAX_RESERVED	16

struct mem_region {
	phys_addr_t base;
	phys_addr_t size;
	const char *what;	/* "/memory@0", "kernel image", ... */
};

struct mem_map {
	int nr_ram, nr_reserved;
	struct mem_region ram[MEM_MAX_REGIONS];
	struct mem_region reserved[MEM_MAX_RESERVED];
};

extern struct mem_map mem_map;

/**
 * mem_add_ram() / mem_reserve() - record a RAM region / a reserved range
 * Return: 0; -ENOSPC when the table is full; -ERANGE for a range that
 * wraps or lies above 4 GiB (this CPU cannot reach it; it is ignored).
 */
int mem_add_ram(phys_addr_t base, phys_addr_t size, const char *what);
int mem_reserve(phys_addr_t base, phys_addr_t size, const char *what);

/**
 * mem_reserve_optional() - mem_reserve() for a range the kernel may do
 * without (a /memreserve/ entry): refused when it would leave no free RAM.
 * Return: 0; -EBUSY when no RAM would be left; -ENOSPC; -ERANGE.
 */
int mem_reserve_optional(phys_addr_t base, phys_addr_t size, const char *what);

/**
 * mem_for_each_free() - call @fn for each part of RAM not reserved, in
 * address order.  Return: the number of free ranges.
 */
int mem_for_each_free(void (*fn)(phys_addr_t base, phys_addr_t size));

/* "128 MiB", "4 KiB", "312 bytes": sizes for humans. */
const char *mem_size_str(char *buf, size_t len, u64 size);

/* The heap over the free ranges (kernel/slab.c). */
struct heap_stats {
	size_t total, used, free, largest_free;
	unsigned int allocs, regions, free_blocks;
};
void kmem_add_region(phys_addr_t base, phys_addr_t size);
void kmem_get_stats(struct heap_stats *st);
/* Walk every block; 0 when all headers (and, in debug mode, red zones)
 * are sound, else -EFAULT (reported). */
int kmem_check(void);
/* Debug mode (`slub_debug`): see kernel/slab.c. */
int kmem_debug_enable(void);
bool kmem_debug_enabled(void);
/* How many heap errors debug mode has reported since boot. */
unsigned int kmem_debug_reports(void);

#endif
