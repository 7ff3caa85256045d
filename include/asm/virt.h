/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The mode the boot loader entered the kernel in (arch/arm/head.S saves
 * it), with Linux's names.  A loader that knows the Virtualization
 * Extensions enters in HYP mode, leaving the hypervisor to the kernel;
 * QEMU does so only with `-M virt,virtualization=on`.  Drivers that differ
 * by it (the generic timer: virtual or physical) ask here.
 */
#ifndef _ASM_VIRT_H
#define _ASM_VIRT_H

#include <linux/types.h>
#include <asm/ptrace.h>

extern u32 __boot_cpu_mode;

/* The kernel was entered in HYP mode: the hypervisor is ours. */
static inline bool is_hyp_mode_available(void)
{
	return __boot_cpu_mode == HYP_MODE;
}

#endif
