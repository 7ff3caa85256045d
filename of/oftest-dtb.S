/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The OF API test tree the host tests use (tests/dts/host/oftest.dts),
 * built into the image too: the `of` suite's oftest_* cases run the same
 * categories on the target.  OFTEST_DTB is set by scripts/Makefile.selftest.
 */
	.section .rodata.oftest_dtb, "a"
	.balign	8
	.globl	__oftest_dtb_start, __oftest_dtb_end
__oftest_dtb_start:
	.incbin	OFTEST_DTB
__oftest_dtb_end:
