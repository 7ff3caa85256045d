// SPDX-License-Identifier: BSD-2-Clause
/* Test module: allocates, then fails its init; the loader unloads it and
 * the heap must come back to where it was (the module frees what it took,
 * the loader what it took). */
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>

static int modinitfail_init(void)
{
	void *p = kmalloc(4096, GFP_KERNEL);

	pr_info("modinitfail: failing on purpose\n");
	kfree(p);
	return -ENODEV;
}

module_init(modinitfail_init);
MODULE_LICENSE("Dual BSD/GPL");
