// SPDX-License-Identifier: BSD-2-Clause
/*
 * The exception table's run-time half (asm/extable.h): the search the trap
 * handler does, and the guarded accessors built on it.
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <asm/extable.h>
#include <asm/io.h>
#include <asm/ptrace.h>

extern const struct exception_table_entry __start___ex_table[], __stop___ex_table[];

static unsigned long ex_insn(const struct exception_table_entry *e)
{
	return (unsigned long)&e->insn + e->insn;
}

static unsigned long ex_fixup(const struct exception_table_entry *e)
{
	return (unsigned long)&e->fixup + e->fixup;
}

/* A handful of entries: a linear search is enough. */
bool fixup_exception(struct pt_regs *regs)
{
	for (const struct exception_table_entry *e = __start___ex_table;
	     e < __stop___ex_table; e++) {
		if (ex_insn(e) == regs->ARM_pc) {
			regs->ARM_pc = ex_fixup(e);
			return true;
		}
	}
	return false;
}

int readl_nofault(const volatile void __iomem *addr, u32 *val)
{
	u32 v = 0;
	int err = 0;

	__asm__ volatile(_ASM_GUARD("ldr	%[v], [%[a]]", "%[e]")
			 : [v] "+r"(v), [e] "+r"(err)
			 : [a] "r"(addr)
			 : "memory");
	if (err)
		return err;
	*val = v;
	return 0;
}
EXPORT_SYMBOL(readl_nofault);
