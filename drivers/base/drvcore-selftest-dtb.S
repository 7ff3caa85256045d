/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The drvcore self-test's tree (drivers/base/drvcore-selftest.dts), built
 * into the image but read only by `selftest drvcore`'s link cases.
 * SELFTEST_DTB is set by scripts/Makefile.selftest.
 */
	.section .rodata.drvcore_selftest_dtb, "a"
	.balign	8
	.globl	__drvcore_selftest_dtb_start, __drvcore_selftest_dtb_end
__drvcore_selftest_dtb_start:
	.incbin	SELFTEST_DTB
__drvcore_selftest_dtb_end:
