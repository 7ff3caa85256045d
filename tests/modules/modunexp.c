// SPDX-License-Identifier: BSD-2-Clause
/*
 * Test module: calls kmem_init(), which the kernel has but does not export:
 * the loader must refuse it ("unknown symbol kmem_init") before running any
 * of it.  (The build's modpost check is for drivers; tests bypass it.)
 */
#include <linux/module.h>
#include <coyote/setup.h>

static int modunexp_init(void)
{
	kmem_init();
	return 0;
}

module_init(modunexp_init);
MODULE_LICENSE("Dual BSD/GPL");
