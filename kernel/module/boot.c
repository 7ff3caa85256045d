// SPDX-License-Identifier: BSD-2-Clause
/*
 * The boot's module step: the initrd QEMU (or a boot loader) put in RAM,
 * found through /chosen by kernel/setup.c and reserved from the heap, then
 * autoload for the devices the built-in drivers left alone.  Kernel only:
 * the rest of kernel/module/ is portable.
 *
 * Bootargs: modules.autoload=0 turns autoload off; module_blacklist=a,b
 * names modules autoload must skip (insmod still loads them), as in Linux.
 */
#define pr_fmt(fmt) "module: " fmt

#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/module.h>
#include <coyote/setup.h>

extern const struct kernel_symbol __start___ksymtab[], __stop___ksymtab[];

void load_boot_modules(void)
{
	char opt[8], blacklist[128];

	module_set_kernel_symbols(__start___ksymtab, __stop___ksymtab);
	pr_info("%d exported symbols\n", (int)(__stop___ksymtab - __start___ksymtab));
	if (!phys_initrd_size) {
		pr_info("no initrd: nothing to autoload\n");
		return;
	}
	if (initrd_init((const void *)(uintptr_t)phys_initrd_start, phys_initrd_size) < 0)
		return;
	if (cmdline_find_option("modules.autoload", opt, sizeof(opt)) >= 0 && !strcmp(opt, "0")) {
		pr_info("autoload off (modules.autoload=0)\n");
		return;
	}
	if (cmdline_find_option("module_blacklist", blacklist, sizeof(blacklist)) < 0)
		blacklist[0] = '\0';
	module_autoload(blacklist);
}
