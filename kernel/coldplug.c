// SPDX-License-Identifier: BSD-2-Clause
/*
 * The boot's module step, and "coldplug" as udev does it for Linux: the
 * initrd QEMU (or a boot loader) put in RAM, found through /chosen by
 * kernel/setup.c and reserved from the heap; then each device the built-in
 * drivers left without one is looked up in the initrd's modules.alias by
 * each of its compatible strings, most specific first (kernel/module's
 * module_alias_find()), and the first module that matches is loaded: its
 * driver binds the device.  The one place that knows both the driver
 * core's devices and the module loader; neither knows the other.
 *
 * Bootargs: modules.autoload=0 turns autoload off; module_blacklist=a,b
 * names modules autoload must skip (insmod still loads them), as in Linux.
 */
#define pr_fmt(fmt) "module: " fmt

#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/coldplug.h>
#include <coyote/module.h>
#include <coyote/setup.h>

static bool in_list(const char *list, const char *name, size_t len)
{
	while (list && *list) {
		const char *c = strchr(list, ',');
		size_t n = c ? (size_t)(c - list) : strlen(list);

		if (n == len && !strncmp(list, name, len))
			return true;
		list = c ? c + 1 : NULL;
	}
	return false;
}

struct autoload {
	const char *alias, *alias_end;
	const char *blacklist;
	int loaded, failed;
	char failed_names[64];			/* "a, b": for the summary line */
	bool changed;
	char tried[16][MODULE_NAME_LEN];	/* loaded or failed: never twice */
	int nr_tried;
};

static bool tried(struct autoload *al, const char *mod)
{
	for (int i = 0; i < al->nr_tried; i++)
		if (!strcmp(al->tried[i], mod))
			return true;
	if (al->nr_tried < (int)ARRAY_SIZE(al->tried))
		strscpy(al->tried[al->nr_tried++], mod, MODULE_NAME_LEN);
	return false;
}

static bool lookup(struct autoload *al, const struct device_node *np, const char *compat,
		   char *mod, size_t size)
{
	return module_alias_find(al->alias, (size_t)(al->alias_end - al->alias), np, compat,
				 mod, size);
}

/* @mod matched @dev (by @what): load it unless done or blacklisted.
 * Return: 1 when it was loaded (or tried now), 0 otherwise. */
static int autoload_one(struct autoload *al, struct device *dev, const char *what,
			const char *mod)
{
	if (find_module(mod) || tried(al, mod))
		return 0;	/* loaded (or failed), yet this device stayed unbound */
	if (in_list(al->blacklist, mod, strlen(mod))) {
		pr_info("%s (%s): %s is blacklisted\n", dev_name(dev), what, mod);
		return 0;
	}
	pr_info("%s (%s) pulls in %s\n", dev_name(dev), what, mod);
	if (!request_module(mod)) {
		al->loaded++;
	} else {
		size_t n = strlen(al->failed_names);

		al->failed++;
		snprintf(al->failed_names + n, sizeof(al->failed_names) - n, "%s%s",
			 n ? ", " : "", mod);
		pr_warn("%s (%s): %s did not load; the device stays without a driver\n",
			dev_name(dev), what, mod);
	}
	/* Loading may have added devices (a bus driver): walk again. */
	al->changed = true;
	return 1;
}

static int autoload_dev(struct device *dev, void *data)
{
	struct autoload *al = data;
	struct device_node *np = dev->of_node;
	const char *compat = NULL;
	char mod[MODULE_NAME_LEN], modalias[64];

	if (dev->state != DEVICE_NO_DRIVER)
		return 0;
	/* A device the tree does not describe (virtio): its bus names it. */
	if (!np && dev->bus->modalias) {
		dev->bus->modalias(dev, modalias, sizeof(modalias));
		if (!module_alias_find_modalias(al->alias, (size_t)(al->alias_end - al->alias),
						modalias, mod, sizeof(mod)))
			return 0;
		return autoload_one(al, dev, modalias, mod);
	}
	if (!np)
		return 0;
	while ((compat = of_prop_next_string(of_find_property(np, "compatible", NULL), compat))) {
		if (lookup(al, np, compat, mod, sizeof(mod)))
			return autoload_one(al, dev, compat, mod);
	}
	return 0;
}

int module_autoload(const char *blacklist)
{
	struct autoload al = { .blacklist = blacklist };
	struct cpio_entry e;
	int passes = 0;

	if (initrd_find(MODULE_ALIAS_FILE, &e)) {
		pr_info("autoload: no %s in the initrd\n", MODULE_ALIAS_FILE);
		return 0;
	}
	al.alias = e.data;
	al.alias_end = al.alias + e.size;
	/* Each pass loads at most one module and a module loads once (a
	 * failed one is remembered in al.tried), so this ends; the bound
	 * guards against surprises. */
	do {
		struct bus_type *bus = NULL;

		al.changed = false;
		while (!al.changed && (bus = bus_next(bus)))
			bus_for_each_dev(bus, &al, autoload_dev);
	} while (al.changed && ++passes < 64);
	if (al.failed)
		pr_warn("autoload: %d module%s loaded, %d failed (%s)\n", al.loaded,
			al.loaded == 1 ? "" : "s", al.failed, al.failed_names);
	else
		pr_info("autoload: %d module%s loaded\n", al.loaded, al.loaded == 1 ? "" : "s");
	return al.loaded;
}

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
