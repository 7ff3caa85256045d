// SPDX-License-Identifier: BSD-2-Clause
/*
 * Shell commands that explain the device model: `dt` (the live tree as
 * DTS), `devices` (what became of every device), `drivers` and `whynot`
 * (why one node has no bound driver: drivers/base/whynot.c).
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/ioport.h>
#include <linux/of.h>
#include <linux/of_dump.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <coyote/shell.h>
#include <coyote/whynot.h>

#include "base.h"

static void put_console(void *ctx, const char *s, size_t n)
{
	printf("%.*s", (int)n, s);
}

static int cmd_dt(int argc, char **argv)
{
	struct device_node *np = of_root;

	if (argc > 2)
		return -EINVAL;
	if (argc == 2) {
		np = of_find_node_by_path(argv[1]);
		if (!np) {
			printf("dt: no node %s (an absolute path or an alias)\n", argv[1]);
			return -ENOENT;
		}
	}
	if (!np) {
		printf("dt: no live tree\n");
		return -ENOENT;
	}
	/* The whole tree is a DTS file dtc can compile back. */
	if (np == of_root)
		printf("/dts-v1/;\n\n");
	return of_print_dts(np, put_console, NULL);
}
SHELL_COMMAND(dt, cmd_dt, "dt [PATH]", "the live device tree (or the subtree at PATH) as DTS");

/* "bound", "deferred (waiting for ...)", "failed (ENODEV)", "no driver". */
static void state_text(const struct device *dev, char *buf, size_t len)
{
	switch (dev->state) {
	case DEVICE_DEFERRED:
		snprintf(buf, len, "deferred (%s)", dev->defer_reason);
		break;
	case DEVICE_FAILED:
		snprintf(buf, len, "failed (%s)", errname(dev->probe_err));
		break;
	default:
		snprintf(buf, len, "%s", dev_state_name(dev->state));
		break;
	}
}

static int cmd_devices(int argc, char **argv)
{
	struct device_state_counts c;
	struct bus_type *bus = NULL;
	char path[80], state[DEVICE_REASON_MAX + 16];

	printf("%-40s %-30s %-8s %-14s %s\n", "node", "device", "bus", "driver", "state");
	while ((bus = bus_next(bus))) {
		struct device *dev;

		list_for_each_entry(dev, &bus->devices, bus_node) {
			const struct device_driver *drv = dev->driver ? dev->driver : dev->tried;

			dev_node_path(dev, path, sizeof(path));
			state_text(dev, state, sizeof(state));
			printf("%-40s %-30s %-8s %-14s %s\n", path, dev_name(dev), bus->name,
			       drv ? drv->name : "-", state);
		}
	}
	device_count_states(&c);
	printf("%d bound, %d deferred, %d failed, %d without driver\n",
	       c.bound, c.deferred, c.failed, c.no_driver);
	return 0;
}
SHELL_COMMAND(devices, cmd_devices, "devices",
	      "every device: node, bus, driver, bound/deferred/failed/no driver");

static int cmd_drivers(int argc, char **argv)
{
	struct bus_type *bus = NULL;
	char compat[160];

	printf("%-20s %-8s %s\n", "driver", "bus", "compatible");
	while ((bus = bus_next(bus))) {
		struct device_driver *drv;

		list_for_each_entry(drv, &bus->drivers, bus_node) {
			const struct of_device_id *id = drv->of_match_table;
			size_t used = 0;

			compat[0] = '\0';
			for (; id && (id->compatible[0] || id->name[0] || id->type[0]); id++) {
				int n;

				if (!id->compatible[0])
					continue;
				n = snprintf(compat + used, sizeof(compat) - used, "%s%s",
					     used ? " " : "", id->compatible);
				if (n < 0 || (size_t)n >= sizeof(compat) - used)
					break;
				used += (size_t)n;
			}
			printf("%-20s %-8s %s\n", drv->name, bus->name, used ? compat : "-");
		}
	}
	return 0;
}
SHELL_COMMAND(drivers, cmd_drivers, "drivers", "every driver: bus and compatible strings");

static void put_line(void *ctx, const char *line)
{
	printf("  %s\n", line);
}

static int cmd_whynot(int argc, char **argv)
{
	struct device_node *np;
	enum whynot_verdict v;
	char path[96];

	if (argc != 2)
		return -EINVAL;
	np = of_find_node_by_path(argv[1]);
	if (!np) {
		printf("whynot: no node %s (an absolute path or an alias)\n", argv[1]);
		return -ENOENT;
	}
	if (of_node_full_path(np, path, sizeof(path)) < 0)
		snprintf(path, sizeof(path), "%s", np->full_name);
	printf("%s:\n", path);
	v = whynot_explain(np, whynot_live_catalog(), true, put_line, NULL);
	printf("verdict: %s\n", whynot_verdict_name(v));
	return 0;
}
SHELL_COMMAND(whynot, cmd_whynot, "whynot PATH|ALIAS",
	      "why a node has no bound driver (or which driver and entry won)");

static void print_iomem(const struct resource *r, void *data)
{
	const char *kind = r->flags & IORESOURCE_SYSTEM_RAM ? "RAM" :
			   r->flags & IORESOURCE_SYSTEM ? "reserved" : "device";

	printf("  %08llx-%08llx  %-8s  %s\n", r->start, r->end, kind, r->name);
}

static int cmd_iomem(int argc, char **argv)
{
	iomem_for_each(print_iomem, NULL);
	return 0;
}
SHELL_COMMAND(iomem, cmd_iomem, "iomem", "claimed device windows, RAM and reserved ranges");
