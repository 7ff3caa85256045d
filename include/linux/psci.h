/* SPDX-License-Identifier: BSD-2-Clause */
/* PSCI calls other code makes (drivers/firmware/psci/psci.c). */
#ifndef _LINUX_PSCI_H
#define _LINUX_PSCI_H

#include <linux/types.h>

/**
 * psci_cpu_on() - PSCI CPU_ON: start the core whose MPIDR affinity is
 * @hwid at physical address @entry, with @context in its r0.
 * Return: 0 (PSCI_RET_SUCCESS); PSCI's own negative answer (-2
 * INVALID_PARAMETERS: no such core, -4 ALREADY_ON, ...: psci_ret_name());
 * -ENODEV when no PSCI firmware is bound; -EFAULT when the call trapped.
 */
int psci_cpu_on(u64 hwid, unsigned long entry, unsigned long context);
/* The specification's name for a PSCI return value ("INVALID_PARAMETERS"). */
const char *psci_ret_name(int ret);

#endif
