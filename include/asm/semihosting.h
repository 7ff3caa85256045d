/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARM semihosting (the debugger's "angel" calls), as QEMU implements them
 * under -semihosting: a way out of QEMU for a board with no reset QEMU
 * models (realview-eb) and for a boot that found no console at all.
 * Without -semihosting the SVC lands in the kernel's own SWI vector, which
 * recognises the call and makes it return -1 (arch/arm/entry.S).
 */
#ifndef _ASM_SEMIHOSTING_H
#define _ASM_SEMIHOSTING_H

/**
 * semihosting_exit() - end QEMU with exit status 0 (@status 0) or 1 (else)
 * Return: only when semihosting is not enabled: -ENOSYS.
 */
int semihosting_exit(int status);

#endif
