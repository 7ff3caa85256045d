// SPDX-License-Identifier: BSD-2-Clause
/* panic(): the kernel cannot go on; say why and where, then stop. */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <coyote/kallsyms.h>
#include <asm/irq.h>
#include <asm/irqflags.h>

void panic(const char *fmt, ...)
{
	char buf[256];
	char sym[KSYM_SYMBOL_LEN];
	va_list args;

	local_irq_disable();
	va_start(args, fmt);
	vscnprintf(buf, sizeof(buf), fmt, args);
	va_end(args);
	sprint_symbol(sym, (unsigned long)__builtin_return_address(0));
	pr_emerg("Kernel panic: %s\n", buf);
	pr_emerg("  called from %s\n", sym);
	pr_emerg("halted: panic\n");
	arch_halt();
}
