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

#define WHY(...) why_set(why, whylen, __VA_ARGS__)

/* The early console driver whose compatible comes earliest in @node's list. */
static const struct earlycon_id *earlycon_match(const void *fdt, int node)
{
	const struct earlycon_id *match = NULL, *id;
	int best = 1 << 30;

	for (id = __earlycon_table; id < __earlycon_table_end; id++) {
		int idx = fdt_compatible_index(fdt, node, id->compatible);

		if (idx >= 0 && idx < best) {
			best = idx;
			match = id;
		}
	}
	return match;
}

/* Start the early console on @node; @what names how it was found. */
static int earlycon_setup_node(const void *fdt, int node, const char *what,
			       const char *options, char *why, size_t whylen)
{
	static struct earlycon_device dev;
	const struct earlycon_id *match;
	const char *name = of_fdt_get_name(fdt, node, NULL);
	u64 addr, size;
	int ret;

	if (!of_fdt_device_is_available(fdt, node)) {
		WHY("%s: %s is disabled", what, name);
		return -ENODEV;
	}
	match = earlycon_match(fdt, node);
	if (!match) {
		WHY("%s: no early console driver for %s", what, name);
		return -ENODEV;
	}
	ret = of_fdt_translate_reg(fdt, node, 0, &addr, &size);
	if (ret) {
		WHY("%s: reg of %s does not translate to a CPU address", what, name);
		return -EINVAL;
	}
	if (!size) {
		WHY("%s: reg of %s gives no size (#size-cells = <0> on its bus?): no window to map",
		    what, name);
		return -EINVAL;
	}
	if (addr + size < addr || addr + size > (1ull << 32)) {
		WHY("%s: %s at 0x%llx is beyond 4 GiB", what, name, addr);
		return -EINVAL;
	}
	dev = (struct earlycon_device){
		.mapbase = addr,
		.mapsize = (unsigned long)size,
		.membase = ioremap(addr, size),
		.fdt = fdt,
		.node = node,
		.options = options,
	};
	if (!dev.membase) {
		WHY("%s: ioremap refused %s at 0x%llx", what, name, addr);
		return -EINVAL;
	}
	ret = match->setup(&dev, options);
	if (ret && dev.reason) {
		WHY("%s: %s at 0x%08llx refused: %s", what, match->name, addr, dev.reason);
		return ret;
	}
	if (ret) {
		WHY("%s: %s at 0x%08llx did not answer (%s)", what, match->name, addr,
		    errname(ret));
		return ret;
	}
	mapbase = addr;
	scnprintf(description, sizeof(description), "%s at MMIO 0x%08llx (options '%s'), from %s",
		  match->name, addr, options, what);
	register_console(dev.con);
	return 0;
}

int early_init_dt_scan_stdout(const void *fdt, char *why, size_t whylen)
{
	const char *path, *options;
	int chosen, node, len;

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
	return earlycon_setup_node(fdt, node, "stdout-path", options, why, whylen);
}

int earlycon_from_cmdline(const void *fdt, const char *console, char *why, size_t whylen)
{
	static char options[32];
	char alias[16];
	const char *p = console, *comma;
	int node;

	/* "ttyAMA1,115200": the tty name's number is the serialN alias. */
	while (*p && (*p < '0' || *p > '9') && *p != ',')
		p++;
	if (*p < '0' || *p > '9') {
		WHY("console=%s has no port number", console);
		return -EINVAL;
	}
	comma = strchr(p, ',');
	scnprintf(alias, sizeof(alias), "serial%.*s", comma ? (int)(comma - p) : 3, p);
	strscpy(options, comma ? comma + 1 : "", sizeof(options));
	node = of_fdt_path_offset(fdt, alias);
	if (node < 0) {
		WHY("console=%s: no alias %s", console, alias);
		return -ENOENT;
	}
	return earlycon_setup_node(fdt, node, "console= in bootargs", options, why, whylen);
}

int earlycon_from_alias(const void *fdt, const char *alias, char *why, size_t whylen)
{
	int node = of_fdt_path_offset(fdt, alias);

	if (node < 0) {
		WHY("no %s alias", alias);
		return -ENOENT;
	}
	return earlycon_setup_node(fdt, node, "the serial0 alias", "", why, whylen);
}

int earlycon_first_uart(const void *fdt, char *why, size_t whylen)
{
	int node = -1, depth = 0, tried = 0, ret = -ENODEV;

	while ((node = of_fdt_next_node(fdt, node, &depth)) >= 0) {
		if (!of_fdt_device_is_available(fdt, node) || !earlycon_match(fdt, node))
			continue;
		tried++;
		ret = earlycon_setup_node(fdt, node, "the first UART that answers", "", why,
					  whylen);
		if (!ret)
			return 0;
	}
	if (!tried)
		WHY("no enabled node has an early console driver");
	return ret;
}
