/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel entry.  QEMU's boot stub (like a Linux bootloader) jumps to the
 * first byte of the raw image at 0x00010000 in SVC mode, MMU off, IRQ and
 * FIQ masked, with r0 = 0, r1 = machine id, r2 = DTB (or ATAG) address.
 * We keep those three, give every exception mode its own stack, copy the
 * vector page to address 0, clear .bss and call start_kernel(r0, r1, r2).
 */
#include <asm/ptrace.h>

	.section .head.text, "ax"
	.arm
	.globl	_start
_start:
	/* Keep the boot arguments out of the way of the loops below. */
	mov	r8, r0
	mov	r9, r1
	mov	r10, r2

	/* One stack per mode; all masked, so nothing runs before we are ready. */
	msr	cpsr_c, #(IRQ_MODE | PSR_I_BIT | PSR_F_BIT)
	ldr	sp, =__irq_stack_top
	msr	cpsr_c, #(ABT_MODE | PSR_I_BIT | PSR_F_BIT)
	ldr	sp, =__abt_stack_top
	msr	cpsr_c, #(UND_MODE | PSR_I_BIT | PSR_F_BIT)
	ldr	sp, =__und_stack_top
	msr	cpsr_c, #(FIQ_MODE | PSR_I_BIT | PSR_F_BIT)
	ldr	sp, =__fiq_stack_top
	msr	cpsr_c, #(SVC_MODE | PSR_I_BIT | PSR_F_BIT)
	ldr	sp, =__svc_stack_top

	/*
	 * ARM926 takes exceptions at 0x00000000 while SCTLR.V is clear (low
	 * vectors).  Copy the vector page there in assembly: to C, a store
	 * through address 0 is undefined behaviour.
	 */
	mrc	p15, 0, r0, c1, c0, 0
	bic	r0, r0, #(1 << 13)		@ V: low vectors
	mcr	p15, 0, r0, c1, c0, 0
	ldr	r0, =__vectors_start
	ldr	r1, =__vectors_end
	mov	r2, #0
1:	cmp	r0, r1
	ldrlo	r3, [r0], #4
	strlo	r3, [r2], #4
	blo	1b

	/* .bss (which also holds the stacks, unused so far) starts zeroed. */
	ldr	r0, =__bss_start
	ldr	r1, =__bss_end
	mov	r2, #0
2:	cmp	r0, r1
	strlo	r2, [r0], #4
	blo	2b

	mov	r0, r8
	mov	r1, r9
	mov	r2, r10
	mov	fp, #0				@ ends frame-pointer backtraces
	bl	start_kernel

	/* start_kernel() never returns; if it does, say so rather than hang. */
	ldr	r0, =start_kernel_returned
	bl	panic
3:	b	3b

	.section .rodata.str1.4, "aMS", %progbits, 1
start_kernel_returned:
	.asciz	"start_kernel() returned"

/* Stacks.  The SVC stack is the one C code runs on; IRQ runs the interrupt
 * handlers; ABT and UND run the fault dump, which goes through printk and
 * the console driver, hence 4 KiB each. */
	.section .bss.stacks, "aw", %nobits
	.balign	8
	.globl	__svc_stack_bottom, __svc_stack_top
__svc_stack_bottom:
	.space	16384
__svc_stack_top:
	.globl	__irq_stack_bottom, __irq_stack_top
__irq_stack_bottom:
	.space	4096
__irq_stack_top:
	.globl	__abt_stack_bottom, __abt_stack_top
__abt_stack_bottom:
	.space	4096
__abt_stack_top:
	.globl	__und_stack_bottom, __und_stack_top
__und_stack_bottom:
	.space	4096
__und_stack_top:
	.globl	__fiq_stack_bottom, __fiq_stack_top
__fiq_stack_bottom:
	.space	1024
__fiq_stack_top:
