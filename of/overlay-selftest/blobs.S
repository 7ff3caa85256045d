/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The overlay self-test's blobs (of/overlay-selftest/*.dts), built into the
 * image but read only by `selftest overlay`.  Their folder is on the
 * assembler's include path (-Wa,-I) through
 * scripts/Makefile.selftest, which also makes this object depend on them.
 */
#define BLOB(name, file)			\
	.balign	8;				\
	.globl	__ovst_##name##_start, __ovst_##name##_end; \
__ovst_##name##_start:				\
	.incbin	file;				\
__ovst_##name##_end:

	.section .rodata.overlay_selftest, "a"
	BLOB(base, "base.dtb")
	BLOB(good, "good.dtbo")
	BLOB(stack, "stack.dtbo")
	BLOB(below, "below.dtbo")
	BLOB(bad_target, "bad-target.dtbo")
	BLOB(bad_label, "bad-label.dtbo")
	BLOB(bad_cells, "bad-cells.dtbo")
	BLOB(bad_twice, "bad-twice.dtbo")
	BLOB(devices, "devices.dtbo")
	BLOB(bad_phandle, "bad-phandle.dtbo")
	BLOB(no_target, "no-target.dtbo")
	BLOB(no_overlay, "no-overlay.dtbo")
	BLOB(i2c, "i2c.dtbo")
	BLOB(above, "above.dtbo")
	BLOB(same_cells, "same-cells.dtbo")
	BLOB(lookups, "lookups.dtbo")
	BLOB(bad_symbol, "bad-symbol.dtbo")
