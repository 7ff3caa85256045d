/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel entry.  QEMU's boot stub (like a Linux bootloader) jumps to the
 * first byte of the raw image wherever it loaded it: RAM + 0x10000, which
 * is 0x00010000 on versatilepb and realview-eb and 0x60010000 on
 * vexpress-a9.  SVC mode, MMU off, IRQ and FIQ masked, r0 = 0, r1 = machine
 * id, r2 = DTB (or ATAG) address.
 *
 * The image is linked at 0x00010000 as a position-independent executable:
 * every absolute address it holds (literal pools, pointers in data) is listed
 * in .rel.dyn as an R_ARM_RELATIVE entry.  First thing, with nothing yet
 * touching memory by absolute address, we compute how far from its link
 * address the image was loaded and add that to each listed word.  Then we
 * give every exception mode its own stack, clear .bss and call
 * start_kernel(r0, r1, r2).  docs/boot.md tells the story.
 */
#include <asm/ptrace.h>

#define R_ARM_RELATIVE	23

/*
 * Entered in HYP mode (CPSR in r12): give PL1 the physical timer and
 * counter, no virtual counter offset, and drop to SVC.  Clobbers r3.
 */
	.macro	leave_hyp
	and	r3, r12, #MODE_MASK
	teq	r3, #HYP_MODE
	bne	6f
	mrc	p15, 0, r3, c0, c1, 1		@ ID_PFR1: generic timer in 19:16?
	tst	r3, #0x000f0000
	beq	5f
	mrc	p15, 4, r3, c14, c1, 0		@ CNTHCTL
	orr	r3, r3, #3			@ PL1PCTEN | PL1PCEN
	mcr	p15, 4, r3, c14, c1, 0
	mov	r3, #0
	mcrr	p15, 4, r3, r3, c14		@ CNTVOFF = 0
5:	mov	r3, #(SVC_MODE | PSR_I_BIT | PSR_F_BIT)
	orr	r3, r3, #PSR_A_BIT
	msr	spsr_cxsf, r3
	adr	r3, 6f
	.inst	0xe12ef303			@ msr ELR_hyp, r3
	.inst	0xe160006e			@ eret
6:
	.endm

	.section .head.text, "ax"
	.arm
	.globl	_start
_start:
	/* Keep the boot arguments out of the way of the loops below. */
	mov	r8, r0
	mov	r9, r1
	mov	r10, r2
	mrs	r12, cpsr			@ the mode we were entered in

	/*
	 * Entered in HYP mode (a loader that leaves the hypervisor to us:
	 * QEMU's virt with virtualization=on): let PL1 use the physical
	 * timer and counter, no virtual counter offset, then drop to SVC
	 * as Linux does.  Coyote is no hypervisor; IRQs then go to the
	 * vectors VBAR names, not HVBAR.  The entry mode stays in r12 for
	 * __boot_cpu_mode.  The HYP instructions are words: this file is
	 * assembled for the ARMv5 the image also runs on.
	 */
	leave_hyp

	/*
	 * delta = where we run - where we were linked.  adr is PC-relative
	 * (the run address); the literal still holds the link address, as
	 * nothing has been relocated yet.
	 */
	adr	r0, _start
	ldr	r1, =_start
	subs	r11, r0, r1			@ r11 = delta, kept for the C side
	beq	2f
	ldr	r2, =__rel_start
	ldr	r3, =__rel_end
	add	r2, r2, r11
	add	r3, r3, r11
1:	cmp	r2, r3
	bhs	2f
	ldmia	r2!, {r4, r5}			@ r4 = offset (link address), r5 = info
	and	r5, r5, #0xff
	cmp	r5, #R_ARM_RELATIVE
	bne	9f				@ anything else: the link went wrong
	ldr	r6, [r4, r11]
	add	r6, r6, r11
	str	r6, [r4, r11]
	b	1b
2:	ldr	r0, =__load_delta		@ relocated now: a run-time address
	str	r11, [r0]
	ldr	r0, =__boot_cpu_mode
	and	r12, r12, #MODE_MASK
	str	r12, [r0]

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

	/* .bss (which also holds the stacks, unused so far) starts zeroed. */
	ldr	r0, =__bss_start
	ldr	r1, =__bss_end
	mov	r2, #0
3:	cmp	r0, r1
	strlo	r2, [r0], #4
	blo	3b

	mov	r0, r8
	mov	r1, r9
	mov	r2, r10
	mov	fp, #0				@ ends frame-pointer backtraces
	bl	start_kernel

	/* start_kernel() never returns; if it does, say so rather than hang. */
	ldr	r0, =start_kernel_returned
	bl	panic
4:	b	4b

	/*
	 * A relocation other than R_ARM_RELATIVE: the image was not linked
	 * as a static PIE.  There is no console yet; stop where a debugger
	 * sees it (r5 = the type) rather than run with wrong addresses.
	 */
9:	b	9b

/*
 * A secondary core, started by its enable-method (arch/arm/smp.c) at this
 * physical address: MMU off, IRQs masked, SVC mode (or HYP).  The image
 * is relocated already (the boot CPU did it), so literals hold run
 * addresses, which equal physical ones (the map is the identity).  Its
 * stacks, the boot CPU's page tables, domains, SCTLR and vectors come from
 * secondary_data; TPIDRPRW gets its logical number (smp_processor_id()).
 */
#define SD_CPU		0
#define SD_STACKS	4
#define SD_TTBR0	20
#define SD_DACR		24
#define SD_SCTLR	28
#define SD_VBAR		32
#define SD_MPIDR	36
	.globl	secondary_startup
secondary_startup:
	/*
	 * The holding pen: a release that reaches every parked core (the
	 * firmware stubs that share one flags register, an IPI that goes to
	 * all before a core's GIC interface is known) lets in only the core
	 * whose MPIDR smp.c put in secondary_data; the others wait for its
	 * sev and look again.
	 */
	ldr	r4, =secondary_data
	mrc	p15, 0, r0, c0, c0, 5		@ MPIDR
	bic	r0, r0, #0xff000000		@ the affinity, as the tree's reg
1:	ldr	r1, [r4, #SD_MPIDR]
	cmp	r0, r1
	beq	2f
	.word	0xe320f002			@ wfe
	b	1b
2:	mrs	r12, cpsr
	leave_hyp
	msr	cpsr_c, #(SVC_MODE | PSR_I_BIT | PSR_F_BIT)
	ldr	r4, =secondary_data
	ldr	r0, [r4, #SD_STACKS + 4]
	msr	cpsr_c, #(IRQ_MODE | PSR_I_BIT | PSR_F_BIT)
	mov	sp, r0
	ldr	r0, [r4, #SD_STACKS + 8]
	msr	cpsr_c, #(ABT_MODE | PSR_I_BIT | PSR_F_BIT)
	mov	sp, r0
	ldr	r0, [r4, #SD_STACKS + 12]
	msr	cpsr_c, #(UND_MODE | PSR_I_BIT | PSR_F_BIT)
	mov	sp, r0
	msr	cpsr_c, #(FIQ_MODE | PSR_I_BIT | PSR_F_BIT)
	mov	sp, r0
	msr	cpsr_c, #(SVC_MODE | PSR_I_BIT | PSR_F_BIT)
	ldr	sp, [r4, #SD_STACKS]

	mov	r0, #0
	mcr	p15, 0, r0, c2, c0, 2		@ TTBCR: TTBR0 only
	ldr	r0, [r4, #SD_TTBR0]
	mcr	p15, 0, r0, c2, c0, 0
	ldr	r0, [r4, #SD_DACR]
	mcr	p15, 0, r0, c3, c0, 0
	mov	r0, #0
	mcr	p15, 0, r0, c8, c7, 0		@ TLBIALL
	mcr	p15, 0, r0, c7, c10, 4		@ DSB
	ldr	r0, [r4, #SD_VBAR]
	mcr	p15, 0, r0, c12, c0, 0		@ VBAR
	ldr	r0, [r4, #SD_CPU]
	mcr	p15, 0, r0, c13, c0, 4		@ TPIDRPRW = logical CPU
	mcr	p15, 0, r0, c7, c5, 4		@ ISB
	ldr	r1, [r4, #SD_SCTLR]
	mcr	p15, 0, r1, c1, c0, 0		@ MMU on, as on the boot CPU
	mcr	p15, 0, r0, c7, c5, 4		@ ISB
	mov	fp, #0
	bl	secondary_start_kernel
7:	b	7b
	.ltorg

	/* Where the image was loaded minus where it was linked (0 when at 0x10000). */
	.data
	.balign	4
	.globl	__load_delta
__load_delta:
	.word	0

	/* CPSR mode bits at entry (asm/virt.h): SVC, or HYP from a hypervisor-aware loader. */
	.globl	__boot_cpu_mode
__boot_cpu_mode:
	.word	0

	.section .rodata.str1.4, "aMS", %progbits, 1
start_kernel_returned:
	.asciz	"start_kernel() returned"

/* Stacks.  The SVC stack is the one C code runs on; IRQ runs the interrupt
 * handlers; ABT and UND run the fault dump, which goes through printk and
 * the console driver, hence 4 KiB each.  Each sits on page boundaries
 * above a guard page the MMU leaves unmapped (arch/arm/mmu.c), so an
 * overflow faults instead of overwriting the stack below. */
	.section .bss.stacks, "aw", %nobits
	.balign	4096
	.globl	__stack_guards_start
__stack_guards_start:
	.space	4096				@ guard
	.globl	__svc_stack_bottom, __svc_stack_top
__svc_stack_bottom:
	.space	16384
__svc_stack_top:
	.space	4096				@ guard
	.globl	__irq_stack_bottom, __irq_stack_top
__irq_stack_bottom:
	.space	4096
__irq_stack_top:
	.space	4096				@ guard
	.globl	__abt_stack_bottom, __abt_stack_top
__abt_stack_bottom:
	.space	4096
__abt_stack_top:
	.space	4096				@ guard
	.globl	__und_stack_bottom, __und_stack_top
__und_stack_bottom:
	.space	4096
__und_stack_top:
	.space	4096				@ guard
	.globl	__fiq_stack_bottom, __fiq_stack_top
__fiq_stack_bottom:
	.space	4096
__fiq_stack_top:
