/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Spinlocks with Linux's names.  One image runs on the ARM926 (ARMv5, one
 * CPU, no ldrex/strex) and on ARMv7 cores that may have company, so the
 * choice is made at run time from the MIDR (smp_setup_processor_id()):
 * on ARMv7 a ticket lock in ldrex/strex with the barriers the architecture
 * needs (arch/arm/spinlock.S), on the ARM926 nothing but the masking of
 * IRQs the _irqsave forms do, as before there were locks.  The host build
 * (tests, single-threaded) takes no lock.
 *
 * No preemption in coyote: spin_lock() only spins.  Take a lock an IRQ
 * handler also takes with spin_lock_irqsave(), or the handler spins on
 * its own CPU forever.
 */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/irqflags.h>
#include <linux/smp.h>
#include <linux/types.h>

typedef struct {
	volatile u32 slock;	/* next ticket 31:16, owner 15:0 */
} spinlock_t;

#define __SPIN_LOCK_UNLOCKED(name)	{ 0 }
#define DEFINE_SPINLOCK(x)		spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

#ifdef COYOTE_HOST
static inline void spin_lock(spinlock_t *lock) { (void)lock; }
static inline void spin_unlock(spinlock_t *lock) { (void)lock; }
static inline bool spin_trylock(spinlock_t *lock) { (void)lock; return true; }
#else
void __arch_spin_lock(spinlock_t *lock);
void __arch_spin_unlock(spinlock_t *lock);
int __arch_spin_trylock(spinlock_t *lock);

static inline void spin_lock(spinlock_t *lock)
{
	if (cpu_has_ldrex)
		__arch_spin_lock(lock);
}

static inline void spin_unlock(spinlock_t *lock)
{
	if (cpu_has_ldrex)
		__arch_spin_unlock(lock);
}

/* Return: true when the lock was free and is now ours. */
static inline bool spin_trylock(spinlock_t *lock)
{
	return cpu_has_ldrex ? __arch_spin_trylock(lock) != 0 : true;
}
#endif

static inline void spin_lock_init(spinlock_t *lock)
{
	lock->slock = 0;
}

/* Held by someone (a diagnostic: the answer may be stale at once). */
static inline bool spin_is_locked(spinlock_t *lock)
{
	u32 v = lock->slock;

	return (v >> 16) != (v & 0xffff);
}

#define spin_lock_irqsave(lock, flags) \
	do { local_irq_save(flags); spin_lock(lock); } while (0)
#define spin_unlock_irqrestore(lock, flags) \
	do { spin_unlock(lock); local_irq_restore(flags); } while (0)
#define spin_lock_irq(lock) \
	do { local_irq_disable(); spin_lock(lock); } while (0)
#define spin_unlock_irq(lock) \
	do { spin_unlock(lock); local_irq_enable(); } while (0)

#endif
