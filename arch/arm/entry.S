/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Exception vectors and entry code.
 *
 * The vector page (eight branch slots and the table they load from) is
 * linked here; early_trap_init() (traps.c) copies it to address 0 on the
 * ARM926 or points VBAR at it on the Cortex-A9.  "ldr pc, [pc, #24]" is
 * position independent, so both work wherever the table is.
 *
 * Every entry saves the interrupted context as a struct pt_regs on its own
 * mode's stack, including the interrupted mode's banked sp and lr, so the
 * C code can print exactly where the CPU was.
 */
#include <asm/ptrace.h>

#define EXC_UNDEF	0
#define EXC_SWI		1
#define EXC_PABT	2
#define EXC_DABT	3
#define EXC_FIQ		4

	.section .vectors, "ax"
	.arm
	.balign	32			@ VBAR ignores bits 4:0 (ARMv7)
	.globl	__vectors_start, __vectors_end
__vectors_start:
	ldr	pc, [pc, #24]		@ reset
	ldr	pc, [pc, #24]		@ undefined instruction
	ldr	pc, [pc, #24]		@ SWI
	ldr	pc, [pc, #24]		@ prefetch abort
	ldr	pc, [pc, #24]		@ data abort
	ldr	pc, [pc, #24]		@ reserved
	ldr	pc, [pc, #24]		@ IRQ
	ldr	pc, [pc, #24]		@ FIQ
	.word	_start
	.word	vector_undef
	.word	vector_swi
	.word	vector_pabt
	.word	vector_dabt
	.word	vector_reserved
	.word	vector_irq
	.word	vector_fiq
__vectors_end:

	.text
/*
 * save_regs: build a pt_regs on the current (exception mode) stack.
 * On entry lr already holds the address of the interrupted instruction.
 * Leaves r0 = pointer to the pt_regs.  Clobbers r1-r6.
 */
	.macro	save_regs
	sub	sp, sp, #PT_REGS_SIZE
	stmia	sp, {r0 - r12}
	str	lr, [sp, #S_PC]
	mrs	r1, spsr
	str	r1, [sp, #S_PSR]
	str	r0, [sp, #S_OLD_R0]
	/* Fetch the banked sp/lr of the interrupted mode (USR's through SYS). */
	orr	r2, r1, #(PSR_I_BIT | PSR_F_BIT)
	bic	r2, r2, #PSR_T_BIT
	and	r3, r2, #MODE_MASK
	cmp	r3, #USR_MODE
	orreq	r2, r2, #SYS_MODE
	mrs	r4, cpsr
	msr	cpsr_c, r2
	mov	r5, sp
	mov	r6, lr
	msr	cpsr_c, r4
	str	r5, [sp, #S_SP]
	str	r6, [sp, #S_LR]
	mov	r0, sp
	.endm

/*
 * A fault returns only when do_exception() found the instruction in the
 * exception table (asm/extable.h) and moved the saved pc to its fixup;
 * otherwise the C side prints the dump and halts.
 */
	.macro	fault_entry, type, adjust
	.if	\adjust
	sub	lr, lr, #\adjust
	.endif
	save_regs
	mov	r1, #\type
	mov	fp, #0
	bl	do_exception
	b	ret_from_exception
	.endm

vector_undef:
	fault_entry EXC_UNDEF, 4	@ lr = faulting instruction + 4
/* SWI from SVC mode (the kernel's own mode) enters the same mode: the
 * dump's sp and lr are then the handler's, not the caller's. */
vector_swi:
	/* A semihosting call QEMU did not take (no -semihosting): return -1. */
	stmfd	sp!, {r0, r1}
	ldr	r0, [lr, #-4]
	ldr	r1, =0xef123456			@ svc 0x123456, ARM state
	cmp	r0, r1
	ldmfd	sp!, {r0, r1}
	mvneq	r0, #0
	moveqs	pc, lr
	fault_entry EXC_SWI, 4		@ lr = swi + 4
vector_pabt:
	fault_entry EXC_PABT, 4		@ lr = faulting instruction + 4
vector_dabt:
	fault_entry EXC_DABT, 8		@ lr = faulting instruction + 8
vector_fiq:
	fault_entry EXC_FIQ, 4
vector_reserved:
	fault_entry EXC_FIQ + 1, 0

/*
 * IRQ: save everything, call handle_arch_irq(regs) on the IRQ stack, and
 * return to the interrupted instruction with its CPSR.  IRQs stay masked
 * throughout; making dispatch nested-safe belongs to the IRQ core.
 */
vector_irq:
	sub	lr, lr, #4
	save_regs
	bl	handle_arch_irq
ret_from_exception:
	ldr	r0, [sp, #S_PSR]
	msr	spsr_cxsf, r0
	ldmia	sp, {r0 - r12}
	ldr	lr, [sp, #S_PC]
	add	sp, sp, #PT_REGS_SIZE
	movs	pc, lr
