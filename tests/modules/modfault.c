// SPDX-License-Identifier: BSD-2-Clause
/* Test module: its init executes an undefined instruction, so the fault
 * dump must name the function, the offset and [modfault]. */
#include <linux/module.h>

__attribute__((noinline)) void modfault_crash(void);

__attribute__((noinline)) void modfault_crash(void)
{
	__asm__ volatile(".word 0xe7f000f0");	/* UDF: undefined instruction */
}

static int modfault_init(void)
{
	modfault_crash();
	return 0;
}

module_init(modfault_init);
MODULE_LICENSE("Dual BSD/GPL");
