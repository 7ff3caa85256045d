// SPDX-License-Identifier: BSD-2-Clause
/*
 * Early console from the flat blob: /chosen/stdout-path names the UART
 * (an alias such as "serial0" or a full path, ":115200n8" options after a
 * colon), the node's reg translated through its parents' ranges gives the
 * address, its compatible picks the early console driver
 * (OF_EARLYCON_DECLARE).  No UART address is known to C.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of_fdt.h>
#include <linux/serial_core.h>
#include <linux/string.h>

extern const struct earlycon_id __earlycon_table[], __earlycon_table_end[];

static char description[96];
static phys_addr_t mapbase;

const char *earlycon_description(void)
{
	return description;
}

phys_addr_t earlycon_mapbase(void)
{
	return mapbase;
}

/* Index of @compat in the node's compatible list, or -1. */
static int fdt_compatible_index(const void *fdt, int node, const char *compat)
{
	int len, i = 0;
	const char *s = of_fdt_getprop(fdt, node, "compatible", &len);

	while (s && len > 0) {
		int n = strnlen(s, len) + 1;

		if (!strcmp(s, compat))
			return i;
		s += n;
		len -= n;
		i++;
	}
	return -1;
}

#define WHY(...) do { if (why) scnprintf(why, whylen, __VA_ARGS__); } while (0)

int early_init_dt_scan_stdout(const void *fdt, char *why, size_t whylen)
{
	static struct earlycon_device dev;
	const struct earlycon_id *match = NULL, *id;
	const char *path, *options, *status;
	int chosen, node, len, best = 1 << 30, ret;
	u64 addr, size;

	chosen = of_fdt_path_offset(fdt, "/chosen");
	if (chosen < 0) {
		WHY("no /chosen node");
		return -ENOENT;
	}
	path = of_fdt_getprop(fdt, chosen, "stdout-path", &len);
	if (!path)
		path = of_fdt_getprop(fdt, chosen, "linux,stdout-path", &len);
	if (!path || len < 2 || path[len - 1]) {
		WHY("no stdout-path in /chosen");
		return -ENOENT;
	}
	node = of_fdt_path_offset(fdt, path);
	if (node < 0) {
		WHY("stdout-path \"%s\" names no node", path);
		return -ENOENT;
	}
	options = strchr(path, ':');
	options = options ? options + 1 : "";
	status = of_fdt_getprop(fdt, node, "status", NULL);
	if (status && strcmp(status, "okay") && strcmp(status, "ok")) {
		WHY("stdout-path \"%s\" is status \"%s\"", path, status);
		return -ENODEV;
	}

	/* The best match is the one earliest in the node's compatible list. */
	for (id = __earlycon_table; id < __earlycon_table_end; id++) {
		int idx = fdt_compatible_index(fdt, node, id->compatible);

		if (idx >= 0 && idx < best) {
			best = idx;
			match = id;
		}
	}
	if (!match) {
		WHY("no early console driver for \"%s\"", path);
		return -ENODEV;
	}
	ret = of_fdt_translate_reg(fdt, node, 0, &addr, &size);
	if (ret) {
		WHY("reg of \"%s\" does not translate to a CPU address", path);
		return -EINVAL;
	}
	dev = (struct earlycon_device){
		.mapbase = addr,
		.membase = ioremap(addr, size),
		.fdt = fdt,
		.node = node,
		.options = options,
	};
	if (!dev.membase) {
		WHY("\"%s\" at 0x%llx is beyond 4 GiB", path, addr);
		return -EINVAL;
	}
	ret = match->setup(&dev, options);
	if (ret) {
		WHY("%s at 0x%08llx did not answer (%s)", match->name, addr, errname(ret));
		return ret;
	}
	mapbase = addr;
	scnprintf(description, sizeof(description), "%s at MMIO 0x%08llx (options '%s')",
		  match->name, addr, options);
	register_console(dev.con);
	return 0;
}
