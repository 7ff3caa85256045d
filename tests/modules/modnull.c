// SPDX-License-Identifier: BSD-2-Clause
/* Test module: its init writes through a NULL pointer, so the fault dump
 * must say so and name the function, the offset and [modnull]; with
 * text=1 it writes into its own (read-only) code instead. */
#include <linux/module.h>

static bool text;
module_param(text, bool, 0444);

struct victim {
	int pad[4];
	int value;
};

__attribute__((noinline)) void modnull_write(struct victim *v);

__attribute__((noinline)) void modnull_write(struct victim *v)
{
	/* The compiler may not drop it: it cannot know v is NULL. */
	*(volatile int *)&v->value = 42;
}

static int modnull_init(void)
{
	struct victim *v = NULL;

	if (text)
		v = (struct victim *)(void *)modnull_write;
	__asm__ volatile("" : "+r"(v));
	modnull_write(v);
	return 0;
}

module_init(modnull_init);
MODULE_LICENSE("Dual BSD/GPL");
