// SPDX-License-Identifier: BSD-2-Clause
/*
 * Test module: exports modexp_value() for moduse.ko, so the tests can see a
 * dependency (lsmod "Used by", rmmod refused while moduse is loaded).  It
 * also makes the relocations the drivers happen not to: BL to a function in
 * another section, declared short_call (R_ARM_CALL), a tail call there (R_ARM_JUMP24), a
 * place-relative word (R_ARM_REL32) and, built with -funwind-tables, the
 * unwind index (R_ARM_PREL31).  The host test relocates this file too.
 */
#include <linux/module.h>
#include <linux/printk.h>

__attribute__((noinline, short_call, section(".text.far"))) int modexp_twice(int x);

__attribute__((noinline, section(".text.far"))) int modexp_twice(int x)
{
	__asm__ volatile("" : "+r"(x));	/* not folded into the caller */
	return 2 * x;
}

int modexp_value(int x);

int modexp_value(int x)
{
	return modexp_twice(x) + 1;		/* BL: R_ARM_CALL */
}
EXPORT_SYMBOL(modexp_value);

int modexp_tail(int x);

int modexp_tail(int x)
{
	return modexp_twice(x + 1);		/* B: R_ARM_JUMP24 */
}

/* The distance from this word to modexp_value (R_ARM_REL32). */
__asm__(".section .rodata\n"
	".global modexp_rel\n"
	".align 2\n"
	"modexp_rel: .word modexp_value - .\n"
	".previous\n");
extern const int modexp_rel;

static int modexp_init(void)
{
	unsigned long target = (unsigned long)&modexp_rel + (unsigned long)modexp_rel;

	if (target != (unsigned long)modexp_value || modexp_tail(1) != 4 || modexp_value(20) != 41) {
		pr_err("modexp: relocated code computes wrong values\n");
		return -22;
	}
	pr_info("modexp: modexp_value(20) = %d, relocations check out\n", modexp_value(20));
	return 0;
}

static void modexp_exit(void)
{
	pr_info("modexp: exit\n");
}

module_init(modexp_init);
module_exit(modexp_exit);
MODULE_DESCRIPTION("test: exports a symbol, covers CALL/JUMP24/REL32/PREL31");
MODULE_LICENSE("Dual BSD/GPL");
