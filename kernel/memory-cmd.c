// SPDX-License-Identifier: BSD-2-Clause
/*
 * `mem`: the boot's memory map, the heap and the MMU's layout.  A file of
 * its own so that the memory map (kernel/memory.c) needs neither the shell
 * nor the MMU, which reads the map: the layers point one way.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <coyote/memory.h>
#include <coyote/shell.h>
#include <asm/mmu.h>

static int cmd_mem(int argc, char **argv)
{
	struct heap_stats st;
	char a[24], b[24], c[24], d[24];
	int ret;

	printf("RAM:\n");
	for (int i = 0; i < mem_map.nr_ram; i++) {
		const struct mem_region *r = &mem_map.ram[i];

		printf("  0x%08llx-0x%08llx %10s  %s\n", r->base, r->base + r->size - 1,
		       mem_size_str(a, sizeof(a), r->size), r->what);
	}
	printf("Reserved:\n");
	for (int i = 0; i < mem_map.nr_reserved; i++) {
		const struct mem_region *r = &mem_map.reserved[i];

		printf("  0x%08llx-0x%08llx %10s  %s\n", r->base, r->base + r->size - 1,
		       mem_size_str(a, sizeof(a), r->size), r->what);
	}
	ret = kmem_check();
	kmem_get_stats(&st);
	printf("Heap: %s in %u range%s: used %s in %u allocation%s, free %s (largest %s, %u block%s)%s\n",
	       mem_size_str(a, sizeof(a), st.total), st.regions, st.regions == 1 ? "" : "s",
	       mem_size_str(b, sizeof(b), st.used), st.allocs, st.allocs == 1 ? "" : "s",
	       mem_size_str(c, sizeof(c), st.free), mem_size_str(d, sizeof(d), st.largest_free),
	       st.free_blocks, st.free_blocks == 1 ? "" : "s",
	       ret ? " -- CORRUPTED, see log" : "");
	if (kmem_debug_enabled())
		printf("Heap debug (slub_debug): %u error%s reported\n", kmem_debug_reports(),
		       kmem_debug_reports() == 1 ? "" : "s");
	mmu_show_layout();
	return ret;
}
SHELL_COMMAND(mem, cmd_mem, "mem", "RAM regions, reserved ranges and heap use",
	      .topic = TOPIC_SYSTEM,
	      .example = "mem");
