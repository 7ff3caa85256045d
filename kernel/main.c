// SPDX-License-Identifier: BSD-2-Clause
/*
 * start_kernel(): the story of a boot, one step per line.  Each step logs
 * what it found; read this function with the boot log beside it.
 */
#define pr_fmt(fmt) "init: " fmt

#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/device.h>
#include <linux/irq.h>
#include <linux/of_platform.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <coyote/kallsyms.h>
#include <coyote/coldplug.h>
#include <coyote/selftest.h>
#include <coyote/setup.h>
#include <coyote/shell.h>
#include <coyote/time.h>
#include <coyote/version.h>
#include <asm/mmu.h>
#include <asm/smp.h>

void start_kernel(u32 r0, u32 machid, u32 fdt_phys);

void start_kernel(u32 r0, u32 machid, u32 fdt_phys)
{
	smp_setup_processor_id();		/* spinlocks by the MIDR: ldrex/strex, or IRQ masking */
	early_trap_init();			/* exception vectors: copied to 0, or VBAR (by MIDR) */
	setup_boot_fdt(r0, machid, fdt_phys);	/* r2's blob if it checks out, else built-in */
	setup_console();			/* early console from /chosen/stdout-path */
	printk(KERN_NOTICE "%s\n", linux_banner);
	report_boot_fdt();			/* which blob, and why */
	early_init_dt_scan_memory();		/* RAM from /memory */
	reserve_boot_memory();			/* minus kernel, blob, initrd, /memreserve/ */
	kmem_init();				/* the heap over what is left */
	paging_init();				/* MMU on: NULL page unmapped, text read-only */
	unflatten_device_tree();		/* the live tree, /aliases and /chosen */
	irq_init();				/* IRQ core; controllers add domains when they probe */
	driver_init();				/* driver core: buses ready for drivers */
	do_initcalls();				/* built-in subsystems and drivers, by level */
	apply_boot_overlays();			/* overlays=a,b from bootargs, before the devices */
	of_platform_default_populate(NULL, NULL, NULL);	/* devices from the tree, each probed */
	load_boot_modules();			/* initrd; modules for devices still without driver */
	fw_devlink_drivers_done();		/* suppliers that never bound: consumers probe anyway */
	driver_deferred_probe_report();		/* what is still deferred, and why */
	softlockup_init();			/* the tick watches for a CPU that never idles */
	irq_start();				/* unmask IRQs: tick and console input */
	tick_check();				/* the tick ticks, or it is reported */
	smp_init();				/* the other CPUs the tree names, by enable-method */
	selftest_boot();			/* suites named by selftest=, if any */
	shell_run();				/* the console is the user's now */
}

/* Level names as in Linux's initcall_level_names; index = level. */
static const char *const initcall_level_names[] = {
	NULL, "core", "postcore", "arch", "subsys", "fs", "device", "late",
};

extern initcall_t __initcall1_start[], __initcall2_start[], __initcall3_start[],
	__initcall4_start[], __initcall5_start[], __initcall6_start[], __initcall7_start[],
	__initcall_end[];

static initcall_t *const initcall_levels[] = {
	NULL, __initcall1_start, __initcall2_start, __initcall3_start, __initcall4_start,
	__initcall5_start, __initcall6_start, __initcall7_start, __initcall_end,
};

void do_initcall_level(int level)
{
	int calls = 0, failed = 0;

	if (level < 1 || level > 7)
		return;
	for (initcall_t *fn = initcall_levels[level]; fn < initcall_levels[level + 1]; fn++) {
		int ret = (*fn)();

		calls++;
		if (ret) {
			char sym[KSYM_SYMBOL_LEN];

			failed++;
			sprint_symbol(sym, (unsigned long)*fn);
			pr_err("%s returned %d (-%s)\n", sym, ret, errname(ret));
		}
	}
	if (calls)
		pr_info("%s initcalls: %d run, %d failed\n", initcall_level_names[level], calls,
			failed);
}

void do_initcalls(void)
{
	long total = __initcall_end - __initcall1_start;

	pr_info("running %ld initcall%s in 7 levels\n", total, total == 1 ? "" : "s");
	for (int level = 1; level <= 7; level++)
		do_initcall_level(level);
}
