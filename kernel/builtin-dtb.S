/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The board's own blob, built into the image: the fallback when the
 * boot loader passes no blob or a bad one (QEMU without -dtb passes
 * ATAGs).  BUILTIN_DTB is set by scripts/Makefile.kernel, which also makes
 * this object depend on the .dtb (.incbin is invisible to -MD).
 */
	.section .builtin_dtb, "a"
	.balign	8
	.globl	__builtin_dtb_start, __builtin_dtb_end
__builtin_dtb_start:
	.incbin	BUILTIN_DTB
__builtin_dtb_end:
