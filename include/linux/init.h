/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Initcalls: built-in code registers itself by placing a function pointer in
 * a linker section; start_kernel() runs each level in order.  Adding a driver
 * is adding a file and a line to its folder's Makefile, never editing a list.
 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

#ifdef COYOTE_HOST
/* Host builds collect initcalls the same way; tests call them explicitly. */
#endif

#define __define_initcall(fn, level) \
	static initcall_t __initcall_##fn##level \
	__attribute__((used, section(".initcall" #level ".init"))) = fn

#define core_initcall(fn)     __define_initcall(fn, 1)
#define postcore_initcall(fn) __define_initcall(fn, 2)
#define arch_initcall(fn)     __define_initcall(fn, 3)
#define subsys_initcall(fn)   __define_initcall(fn, 4)
#define fs_initcall(fn)       __define_initcall(fn, 5)
#define device_initcall(fn)   __define_initcall(fn, 6)
#define late_initcall(fn)     __define_initcall(fn, 7)

#define __init
#define __exit

/* Runs every initcall of @level in link order; logs failures by name. */
void do_initcall_level(int level);
/* All levels, core to late (kernel/main.c). */
void do_initcalls(void);

#endif
