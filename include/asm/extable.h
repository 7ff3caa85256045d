/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The exception table (Linux's __ex_table): pairs of "this instruction may
 * fault" and "where to go on when it does".  An instruction the kernel
 * cannot know will work -- a firmware call on a CPU that may have no
 * firmware, the first read of a device window where nothing may answer --
 * is written with _ASM_EXTABLE() beside it; when it takes an undefined-
 * instruction exception or an abort, the trap handler (arch/arm/traps.c)
 * finds its entry, resumes at the fixup instead of halting, and the caller
 * gets an error to report.  Any other fault still halts with a dump.
 *
 * Entries hold offsets from themselves (as arm64's do), so the table needs
 * no relocation in this position-independent image.  Kernel code only:
 * the module loader does not read a module's table; modules call the
 * guarded helpers the kernel exports (readl_nofault() in asm/io.h).
 */
#ifndef _ASM_EXTABLE_H
#define _ASM_EXTABLE_H

#include <linux/errno.h>

struct exception_table_entry {
	int insn;	/* the guarded instruction, relative to this field */
	int fixup;	/* where to resume, relative to this field */
};

/* One entry: the instruction at label @from resumes at label @to. */
#define _ASM_EXTABLE(from, to)						\
	"	.pushsection __ex_table, \"a\"\n"			\
	"	.balign 4\n"						\
	"	.long	(" #from ") - ., (" #to ") - .\n"		\
	"	.popsection\n"

_Static_assert(EFAULT == 14, "_ASM_GUARD's fixup loads -EFAULT as ~13");

/*
 * _ASM_GUARD(insn, err): @insn (one instruction, as an asm string), and if
 * it faults, the code after it runs with the register operand @err (an
 * "+r" operand the caller set to 0) holding -EFAULT.  Uses the local
 * labels 7, 8 and 9.
 */
#define _ASM_GUARD(insn, err)						\
	"7:	" insn "\n"						\
	"8:\n"								\
	"	.pushsection .text.fixup, \"ax\"\n"			\
	"	.balign 4\n"						\
	"9:	mvn	" err ", #13\n"					\
	"	b	8b\n"						\
	"	.popsection\n"						\
	_ASM_EXTABLE(7b, 9b)

struct pt_regs;

/* The trap handler's half: when @regs->ARM_pc has an entry, move it to
 * the fixup and return true (the exception returns there). */
bool fixup_exception(struct pt_regs *regs);

#endif
