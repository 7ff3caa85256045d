// SPDX-License-Identifier: BSD-2-Clause
/* Test module: links against modexp.ko's export, so it depends on it. */
#include <linux/module.h>
#include <linux/printk.h>

int modexp_value(int x);

static int moduse_init(void)
{
	pr_info("moduse: modexp_value(1) = %d\n", modexp_value(1));
	return 0;
}

static void moduse_exit(void)
{
	pr_info("moduse: exit\n");
}

module_init(moduse_init);
module_exit(moduse_exit);
MODULE_DESCRIPTION("test: uses modexp_value from modexp.ko");
MODULE_LICENSE("Dual BSD/GPL");
