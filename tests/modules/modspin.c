// SPDX-License-Identifier: BSD-2-Clause
/* Test module: its init never returns and never idles, with IRQs on; the
 * soft-lockup watchdog must report it once, naming modspin_loop [modspin]. */
#include <linux/module.h>

__attribute__((noinline)) void modspin_loop(void);

__attribute__((noinline)) void modspin_loop(void)
{
	for (;;)
		__asm__ volatile("" ::: "memory");
}

static int modspin_init(void)
{
	modspin_loop();
	return 0;
}

module_init(modspin_init);
MODULE_LICENSE("Dual BSD/GPL");
