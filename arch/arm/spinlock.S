/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ARMv7 half of include/linux/spinlock.h: a ticket lock.  The word
 * holds the next ticket to hand out (31:16) and the ticket now served
 * (15:0); a CPU takes a ticket with ldrex/strex and waits until it is
 * served, in wfe, woken by the sev of an unlock.  Tickets serve CPUs in
 * the order they came, so none starves under contention (the lock-torture
 * self-test counts on it).  dmb after taking and before releasing orders
 * the critical section's accesses against the lock's; dsb before sev
 * makes the release visible before the others wake.
 *
 * Only called on ARMv7 (cpu_has_ldrex): these encodings UNDEF on the
 * ARM926 the rest of the image is built for.
 */
	.arch	armv7-a
	.syntax	unified
	.text
	.arm

	.globl	__arch_spin_lock
__arch_spin_lock:
1:	ldrex	r1, [r0]
	add	r2, r1, #0x10000		@ the next ticket for the next CPU
	strex	r3, r2, [r0]
	teq	r3, #0
	bne	1b
	lsr	r2, r1, #16			@ our ticket
2:	uxth	r3, r1				@ the ticket served
	teq	r3, r2
	beq	3f
	wfe
	ldr	r1, [r0]
	b	2b
3:	dmb	ish
	bx	lr

	.globl	__arch_spin_unlock
__arch_spin_unlock:
	dmb	ish
	ldrh	r1, [r0]			@ only the owner writes the low half
	add	r1, r1, #1
	strh	r1, [r0]
	dsb	ishst
	sev
	bx	lr

	.globl	__arch_spin_trylock
__arch_spin_trylock:
1:	ldrex	r1, [r0]
	eor	r2, r1, r1, ror #16		@ 31:16 = next ^ served
	lsrs	r2, r2, #16
	beq	2f
	clrex					@ held: leave it untouched
	mov	r0, #0
	bx	lr
2:	add	r2, r1, #0x10000
	strex	r3, r2, [r0]
	teq	r3, #0
	bne	1b
	dmb	ish
	mov	r0, #1
	bx	lr
