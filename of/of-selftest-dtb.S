/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The of self-test's tree (of/of-selftest.dts), built into the image but
 * read only by `selftest of`.  SELFTEST_DTB is set by
 * scripts/Makefile.selftest, which also makes this object depend on the
 * .dtb (.incbin is invisible to -MD).
 */
	.section .rodata.of_selftest_dtb, "a"
	.balign	8
	.globl	__of_selftest_dtb_start, __of_selftest_dtb_end
__of_selftest_dtb_start:
	.incbin	SELFTEST_DTB
__of_selftest_dtb_end:
