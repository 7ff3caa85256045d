/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The registers of an interrupted context, as the exception entry code in
 * arch/arm/entry.S saves them (Linux's struct pt_regs layout for ARM).
 */
#ifndef _ASM_PTRACE_H
#define _ASM_PTRACE_H

/* CPSR mode and mask bits (ARMv5). */
#define USR_MODE	0x10
#define FIQ_MODE	0x11
#define IRQ_MODE	0x12
#define SVC_MODE	0x13
#define MON_MODE	0x16	/* ARMv7 Security Extensions: the secure monitor */
#define ABT_MODE	0x17
#define UND_MODE	0x1b
#define SYS_MODE	0x1f
#define HYP_MODE	0x1a	/* ARMv7 Virtualization Extensions */
#define MODE_MASK	0x1f
#define PSR_T_BIT	0x20
#define PSR_F_BIT	0x40
#define PSR_I_BIT	0x80
#define PSR_A_BIT	0x100	/* ARMv6+: imprecise aborts masked */

/* Byte offsets into struct pt_regs, shared with the assembly. */
#define S_R0		0
#define S_SP		52
#define S_LR		56
#define S_PC		60
#define S_PSR		64
#define S_OLD_R0	68
#define PT_REGS_SIZE	72	/* a multiple of 8: the C ABI wants sp 8-aligned */

#ifndef __ASSEMBLY__
#include <linux/types.h>

struct pt_regs {
	unsigned long uregs[18];
};

#define ARM_r0		uregs[0]
#define ARM_ip		uregs[12]
#define ARM_fp		uregs[11]
#define ARM_sp		uregs[13]
#define ARM_lr		uregs[14]
#define ARM_pc		uregs[15]
#define ARM_cpsr	uregs[16]
#define ARM_ORIG_r0	uregs[17]

/* The ARM kernel's frame; a host build (the fuzzer's shell) has wider words. */
#ifndef COYOTE_HOST
_Static_assert(sizeof(struct pt_regs) == PT_REGS_SIZE, "pt_regs layout");
#endif

static inline int processor_mode(const struct pt_regs *regs)
{
	return regs->ARM_cpsr & MODE_MASK;
}

static inline unsigned long instruction_pointer(const struct pt_regs *regs)
{
	return regs->ARM_pc;
}
#endif

#endif
