// SPDX-License-Identifier: BSD-2-Clause
/*
 * Test module: does one thing a hostile module would, at addr= (size=),
 * for tests/qemu/test_harden.py:
 *   map=1    ioremap(addr, size): prints what it returned, then unmaps
 *   read=1   ioremap(addr, 4) and an unguarded readl() of it
 *   write=1  a plain store of 0 to addr (the page tables, the vectors)
 *   dfree=1  kfree() of one block twice
 *   link=1   kfree() of a block, then a store to its first word (where
 *            the heap keeps its free-list link), then a kmalloc() no
 *            block can meet, which walks the whole list past it
 */
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <asm/io.h>

static unsigned int addr;
static unsigned int size = 4;
static bool map, read, write, dfree, link;

module_param(addr, uint, 0444);
module_param(size, uint, 0444);
module_param(map, bool, 0444);
module_param(read, bool, 0444);
module_param(write, bool, 0444);
module_param(dfree, bool, 0444);
module_param(link, bool, 0444);

__attribute__((noinline)) void modpoke_write(unsigned int where);

__attribute__((noinline)) void modpoke_write(unsigned int where)
{
	*(volatile u32 *)(uintptr_t)where = 0;
}

static void modpoke_heap(void)
{
	char *a = kmalloc(64, GFP_KERNEL), *p = kmalloc(64, GFP_KERNEL);
	char *b = kmalloc(64, GFP_KERNEL);

	if (!a || !p || !b)
		goto out;
	kfree(p);
	if (dfree)
		kfree(p);
	if (link) {
		*(volatile unsigned long *)(void *)p = (unsigned long)(uintptr_t)(p - 8);
		pr_info("modpoke: kmalloc past a looped link: %p\n", kmalloc(0x7fff0000, GFP_KERNEL));
	}
out:
	kfree(b);
	kfree(a);
}

static int modpoke_init(void)
{
	void __iomem *p;

	if (dfree || link)
		modpoke_heap();

	if (write) {
		modpoke_write(addr);
		pr_info("modpoke: wrote 0 to 0x%08x\n", addr);
	}
	if (map || read) {
		p = ioremap(addr, read ? 4 : size);
		pr_info("modpoke: ioremap(0x%08x, 0x%x) = 0x%08lx\n", addr, read ? 4 : size,
			(unsigned long)p);
		if (p && read)
			pr_info("modpoke: read 0x%08x\n", readl(p));
		if (p)
			iounmap(p);
	}
	return 0;
}

static void modpoke_exit(void)
{
}

module_init(modpoke_init);
module_exit(modpoke_exit);
MODULE_LICENSE("Dual BSD/GPL");
