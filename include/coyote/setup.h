/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the boot found, for the rest of the kernel (kernel/setup.c).
 * Names follow Linux where Linux has the same thing.
 */
#ifndef _COYOTE_SETUP_H
#define _COYOTE_SETUP_H

#include <linux/types.h>

/* The flat blob the kernel runs on: the one in r2, or the built-in one. */
extern const void *initial_boot_params;
extern bool fdt_is_builtin;
/* The initrd from /chosen (linux,initrd-start/-end); size 0 when none. */
extern phys_addr_t phys_initrd_start;
extern unsigned long phys_initrd_size;
/* r1 from the boot loader: the ARM machine number (0x183 for Versatile PB). */
extern u32 __machine_arch_type;

/* The image, from the linker script. */
extern char _text[], _etext[], _edata[], _end[];
extern char __builtin_dtb_start[], __builtin_dtb_end[];

/* Where QEMU loaded the image minus where it was linked (arch/arm/head.S). */
extern unsigned long __load_delta;
/* Where the exception vectors are: 0 (copied there) or VBAR's value. */
extern unsigned long vectors_base;

/* Boot steps, in the order start_kernel() calls them. */
void early_trap_init(void);
void setup_boot_fdt(u32 r0, u32 machid, u32 fdt_phys);
void setup_console(void);
void report_boot_fdt(void);
void early_init_dt_scan_memory(void);
void reserve_boot_memory(void);
void kmem_init(void);
void unflatten_device_tree(void);
void apply_boot_overlays(void);	/* kernel/overlay-cmd.c */

/* The "bootargs" of /chosen (live tree once unflattened), or "". */
const char *boot_command_line(void);

/*
 * Value of "option=value" (or "" for a bare "option") in the bootargs,
 * copied to @buf; returns its length, or -ENOENT when absent.
 */
int cmdline_find_option(const char *option, char *buf, int bufsize);

/* Resets the board as the tree describes (kernel/reboot.c); returns only on failure. */
int machine_restart(void);

#endif
