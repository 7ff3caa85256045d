// SPDX-License-Identifier: BSD-2-Clause
/*
 * SYS_EXIT through ARM semihosting (ARM state: svc 0x123456).  In AArch32
 * the reason code itself goes in r1: ADP_Stopped_ApplicationExit makes QEMU
 * exit 0, any other reason exit 1.
 */
#include <linux/errno.h>
#include <asm/semihosting.h>

#define SYS_EXIT				0x18
#define ADP_STOPPED_APPLICATION_EXIT		0x20026
#define ADP_STOPPED_RUNTIME_ERROR_UNKNOWN	0x20023

int semihosting_exit(int status)
{
	register long r0 __asm__("r0") = SYS_EXIT;
	register long r1 __asm__("r1") = status ? ADP_STOPPED_RUNTIME_ERROR_UNKNOWN :
						  ADP_STOPPED_APPLICATION_EXIT;

	/* SVC from SVC mode overwrites lr and spsr: tell the compiler. */
	__asm__ volatile("svc 0x123456" : "+r"(r0) : "r"(r1) : "lr", "memory", "cc");
	return -ENOSYS;
}
