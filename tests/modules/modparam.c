// SPDX-License-Identifier: BSD-2-Clause
/* Test module: parameters of each type, printed by init. */
#include <linux/module.h>
#include <linux/printk.h>

static int count = 1;
static unsigned int mask = 0x10;
static bool loud;
static char *who = "world";

module_param(count, int, 0444);
MODULE_PARM_DESC(count, "how many greetings");
module_param(mask, uint, 0444);
module_param(loud, bool, 0444);
module_param(who, charp, 0444);
MODULE_PARM_DESC(who, "whom to greet");

static int modparam_init(void)
{
	pr_info("modparam: count=%d mask=0x%x loud=%d who=%s\n", count, mask, loud, who);
	return 0;
}

static void modparam_exit(void)
{
}

module_init(modparam_init);
module_exit(modparam_exit);
MODULE_LICENSE("Dual BSD/GPL");
