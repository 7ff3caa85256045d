// SPDX-License-Identifier: BSD-2-Clause
/*
 * Shell commands that explain the device model: `dt` (the live tree as
 * DTS), `devices` (what became of every device), `drivers` and `whynot`
 * (why one node has no bound driver: drivers/base/whynot.c), `devlinks`
 * (the links between devices: links.c) and `probes` (the probe timeline).
 */
#include <linux/device.h>
#include <linux/errno.h>
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

	printf("%-40s %-30s %-8s %-14s %-5s %s\n", "node", "device", "bus", "driver", "order",
	       "state");
	while ((bus = bus_next(bus))) {
		struct device *dev;

		list_for_each_entry(dev, &bus->devices, bus_node) {
			const struct device_driver *drv = dev->driver ? dev->driver : dev->tried;
			char order[12] = "-";

			dev_node_path(dev, path, sizeof(path));
			state_text(dev, state, sizeof(state));
			if (dev->probe_order)
				snprintf(order, sizeof(order), "%u", dev->probe_order);
			printf("%-40s %-30s %-8s %-14s %-5s %s\n", path, dev_name(dev), bus->name,
			       drv ? drv->name : "-", order, state);
		}
	}
	device_count_states(&c);
	printf("%d bound, %d deferred, %d failed, %d without driver\n",
	       c.bound, c.deferred, c.failed, c.no_driver);
	return 0;
}
SHELL_COMMAND(devices, cmd_devices, "devices",
	      "every device: node, bus, driver, probe order, bound/deferred/failed/no driver");

static void link_path(const struct device *dev, const struct device_node *np, char *buf,
		      size_t len)
{
	if (np && of_node_full_path(np, buf, len) >= 0)
		return;
	if (dev)
		dev_node_path(dev, buf, len);
	else
		snprintf(buf, len, "-");
}

static bool link_touches(const struct device_link *link, const struct device_node *np)
{
	return !np || link->consumer->of_node == np || link->target == np ||
	       (link->supplier && link->supplier->of_node == np);
}

static int cmd_devlinks(int argc, char **argv)
{
	struct device_node *only = NULL;
	struct bus_type *bus = NULL;
	char cpath[80], spath[80];
	int shown = 0, total = 0;

	if (argc > 2)
		return -EINVAL;
	if (argc == 2) {
		only = of_find_node_by_path(argv[1]);
		if (!only) {
			printf("devlinks: no node %s (an absolute path or an alias)\n", argv[1]);
			return -ENOENT;
		}
	}
	printf("%-36s %-36s %-30s %s\n", "supplier", "consumer", "property", "state");
	while ((bus = bus_next(bus))) {
		struct device *dev;

		list_for_each_entry(dev, &bus->devices, bus_node) {
			struct device_link *link;

			list_for_each_entry(link, &dev->links_suppliers, c_node) {
				enum device_link_state st = device_link_state(link);
				bool why = st == DL_STATE_SUPPLIER_MISSING || st == DL_STATE_RELAXED;

				total++;
				if (!link_touches(link, only))
					continue;
				/* A missing supplier is named by the node the property names. */
				link_path(link->supplier, link->supplier ? link->supplier->of_node :
					  link->target, spath, sizeof(spath));
				link_path(dev, dev->of_node, cpath, sizeof(cpath));
				printf("%-36s %-36s %-30s %s%s%s\n", spath, cpath, link->prop,
				       device_link_state_name(st), why ? ": " : "",
				       why ? link->reason : "");
				shown++;
			}
		}
	}
	printf("%d of %d link(s)\n", shown, total);
	return 0;
}
SHELL_COMMAND(devlinks, cmd_devlinks, "devlinks [PATH]",
	      "device links from the tree: supplier, consumer, property, state");

static int cmd_probes(int argc, char **argv)
{
	const struct probe_record *r;
	unsigned int i;

	if (argc > 1)
		return -EINVAL;
	printf("%-4s %10s %8s %-30s %-16s %-17s %s\n", "#", "start us", "took us", "device",
	       "driver", "trigger", "result");
	for (i = 0; (r = probe_record_get(i)); i++)
		printf("%-4u %10llu %8llu %-30s %-16s %-17s %s\n", i + 1,
		       (unsigned long long)(r->start_ns / 1000),
		       (unsigned long long)((r->end_ns - r->start_ns) / 1000), r->device, r->driver,
		       probe_trigger_name(r->trigger), r->ret ? errname(r->ret) : "bound");
	if (probe_calls() > i)
		printf("(%lu more probe calls not kept: the log holds %u)\n", probe_calls() - i, i);
	return 0;
}
SHELL_COMMAND(probes, cmd_probes, "probes",
	      "every probe call since boot: start, duration, device, driver, trigger, result");

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
	snprintf(path, sizeof(path), "%pOF", np);
	printf("%s:\n", path);
	v = whynot_explain(np, whynot_live_catalog(), true, put_line, NULL);
	printf("verdict: %s\n", whynot_verdict_name(v));
	return 0;
}
SHELL_COMMAND(whynot, cmd_whynot, "whynot PATH|ALIAS",
	      "why a node has no bound driver (or which driver and entry won)");
