// SPDX-License-Identifier: BSD-2-Clause
/*
 * The boot's memory map: what RAM exists and which parts of it are taken.
 * Reserved ranges may overlap each other (the built-in blob lies inside the
 * kernel image); the free ranges are RAM minus their union.
 */
#define pr_fmt(fmt) "mem: " fmt

#include <linux/errno.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <coyote/memory.h>

struct mem_map mem_map;

static int add(struct mem_region *tab, int *nr, int max, phys_addr_t base, phys_addr_t size,
	       const char *what)
{
	int i;

	if (!size)
		return 0;
	if (base + size < base || base + size > 0x100000000ull) {
		pr_warn("ignoring %s at 0x%llx (+0x%llx): beyond the 32-bit address space\n", what,
			base, size);
		return -ERANGE;
	}
	if (*nr >= max) {
		pr_err("too many ranges, dropping %s at 0x%llx\n", what, base);
		return -ENOSPC;
	}
	/* Keep the table sorted by base: the free-range walk relies on it. */
	for (i = *nr; i > 0 && tab[i - 1].base > base; i--)
		tab[i] = tab[i - 1];
	tab[i] = (struct mem_region){ .base = base, .size = size, .what = what };
	(*nr)++;
	return 0;
}

/* Both tables feed the claims' check too: no device window may cover them. */
int mem_add_ram(phys_addr_t base, phys_addr_t size, const char *what)
{
	int ret = add(mem_map.ram, &mem_map.nr_ram, MEM_MAX_REGIONS, base, size, what);

	if (!ret)
		iomem_add_system(base, size, IORESOURCE_SYSTEM_RAM, what);
	return ret;
}

int mem_reserve(phys_addr_t base, phys_addr_t size, const char *what)
{
	int ret = add(mem_map.reserved, &mem_map.nr_reserved, MEM_MAX_RESERVED, base, size, what);

	if (!ret)
		iomem_add_system(base, size, 0, what);
	return ret;
}

static phys_addr_t free_total;

static void sum_free(phys_addr_t base, phys_addr_t size)
{
	free_total += size;
}

int mem_reserve_optional(phys_addr_t base, phys_addr_t size, const char *what)
{
	int i, ret = add(mem_map.reserved, &mem_map.nr_reserved, MEM_MAX_RESERVED, base, size,
			 what);

	if (ret || !size)
		return ret;
	free_total = 0;
	mem_for_each_free(sum_free);
	if (free_total) {
		iomem_add_system(base, size, 0, what);
		return 0;
	}
	/* It would leave the heap nothing: take it back out of the table. */
	for (i = 0; i < mem_map.nr_reserved; i++)
		if (mem_map.reserved[i].base == base && mem_map.reserved[i].size == size)
			break;
	for (mem_map.nr_reserved--; i < mem_map.nr_reserved; i++)
		mem_map.reserved[i] = mem_map.reserved[i + 1];
	return -EBUSY;
}

int mem_for_each_free(void (*fn)(phys_addr_t base, phys_addr_t size))
{
	int count = 0;

	for (int r = 0; r < mem_map.nr_ram; r++) {
		phys_addr_t pos = mem_map.ram[r].base;
		phys_addr_t end = pos + mem_map.ram[r].size;

		/* Reserved ranges are sorted by base; skip past each one. */
		for (int i = 0; i < mem_map.nr_reserved && pos < end; i++) {
			phys_addr_t rb = mem_map.reserved[i].base;
			phys_addr_t re = rb + mem_map.reserved[i].size;

			if (re <= pos)
				continue;
			if (rb >= end)
				break;
			if (rb > pos) {
				fn(pos, rb - pos);
				count++;
			}
			if (re > pos)
				pos = re;
		}
		if (pos < end) {
			fn(pos, end - pos);
			count++;
		}
	}
	return count;
}

const char *mem_size_str(char *buf, size_t len, u64 size)
{
	if (size >= (1ull << 20) && (size & ((1ull << 20) - 1)))
		scnprintf(buf, len, "%llu.%llu MiB", size >> 20, ((size & 0xfffff) * 10) >> 20);
	else if (size >= (1ull << 20))
		scnprintf(buf, len, "%llu MiB", size >> 20);
	else if (size >= 1024 && !(size & 1023))
		scnprintf(buf, len, "%llu KiB", size >> 10);
	else if (size >= 10240)
		scnprintf(buf, len, "%llu.%llu KiB", size >> 10, ((size & 1023) * 10) >> 10);
	else
		scnprintf(buf, len, "%llu bytes", size);
	return buf;
}
