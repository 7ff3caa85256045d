// SPDX-License-Identifier: BSD-2-Clause
/*
 * Shell commands that explain the device model: `dt` (the live tree as
 * DTS), `devices` (what became of every device), `drivers` and `whynot`
 * (why one node has no bound driver: drivers/base/whynot.c), `devlinks`
 * (the links between devices: links.c) and `probes` (the probe timeline).
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

static void add_children(struct shell_compl *c, const struct device_node *parent,
			 const char *dir, size_t dirlen)
{
	static char cand[SHELL_LINE_MAX + 1];
	struct device_node *child;

	for_each_child_of_node(parent, child) {
		if (snprintf(cand, sizeof(cand), "%.*s/%s", (int)dirlen, dir,
			     child->full_name) >= (int)sizeof(cand))
			continue;
		shell_compl_add(c, cand, child->child != NULL, '/');
	}
}

/*
 * "/amba/se" completes among /amba's children; "i2c0/r" among the
 * children of the node alias i2c0 names; a word without '/' to an alias
 * name (or "/").
 */
void complete_dt_path(struct shell_compl *c, int argi)
{
	static char dir[SHELL_LINE_MAX + 1];
	const char *word = shell_compl_word(c);
	const char *slash = strrchr(word, '/');
	struct device_node *np;
	struct property *pp;

	if (!of_root)
		return;
	if (slash) {
		size_t dirlen = (size_t)(slash - word);

		memcpy(dir, word, dirlen);
		dir[dirlen] = '\0';
		np = of_find_node_by_path(dirlen ? dir : "/");
		if (np)
			add_children(c, np, dir, dirlen);
		of_node_put(np);
		return;
	}
	shell_compl_add(c, "/", true, 0);
	if (!of_aliases)
		return;
	for_each_property_of_node(of_aliases, pp) {
		if (!strcmp(pp->name, "name") || !strcmp(pp->name, "phandle"))
			continue;
		np = of_find_node_by_path(pp->name);
		if (np)
			shell_compl_add(c, pp->name, np->child != NULL, '/');
		of_node_put(np);
	}
}

/* After a Ctrl-C the walk goes on, silent: printing is what takes time. */
static void put_console(void *ctx, const char *s, size_t n)
{
	if (!intr_pending())
		printf("%.*s", (int)n, s);
}

/* A listing walks the buses' lists, which another CPU may be changing. */
static int core_locked(int (*fn)(int argc, char **argv), int argc, char **argv)
{
	int ret;

	device_core_lock();
	ret = fn(argc, argv);
	device_core_unlock();
	return ret;
}

static int cmd_dt(int argc, char **argv)
{
	struct device_node *np;
	int ret;

	if (argc > 2)
		return -EINVAL;
	if (!of_root) {
		printf("dt: no live tree\n");
		return -ENOENT;
	}
	np = of_find_node_by_path(argc == 2 ? argv[1] : "/");
	if (!np) {
		printf("dt: no node %s (an absolute path or an alias)\n", argv[1]);
		return -ENOENT;
	}
	/* The whole tree is a DTS file dtc can compile back. */
	if (np == of_root)
		printf("/dts-v1/;\n\n");
	ret = of_print_dts(np, put_console, NULL);
	of_node_put(np);
	return intr_pending() ? -EINTR : ret;
}
SHELL_COMMAND(dt, cmd_dt, "dt [PATH]", "the live device tree (or the subtree at PATH) as DTS",
	      .topic = TOPIC_DT, .complete = complete_dt_path,
	      .example = "dt /amba/serial@101f1000");

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

/*
 * Columns fit their longest entry: a first pass measures, the second
 * prints (the lists do not change in between: the shell is all that runs).
 */
static int list_devices(int argc, char **argv)
{
	struct device_state_counts c;
	char path[160], state[DEVICE_REASON_MAX + 16];
	int w[4] = { 4, 6, 3, 6 };	/* "node", "device", "bus", "driver" */

	for (int pass = 0; pass < 2; pass++) {
		struct bus_type *bus = NULL;

		if (pass)
			printf("%-*s  %-*s  %-*s  %-*s  %-5s  %s\n", w[0], "node", w[1], "device",
			       w[2], "bus", w[3], "driver", "order", "state");
		while ((bus = bus_next(bus))) {
			struct device *dev;

			list_for_each_entry(dev, &bus->devices, bus_node) {
				const struct device_driver *drv = dev->driver ? dev->driver : dev->tried;
				const char *col[4] = { path, dev_name(dev), bus->name,
						       drv ? drv->name : "-" };
				char order[12] = "-";

				dev_node_path(dev, path, sizeof(path));
				if (!pass) {
					for (int i = 0; i < 4; i++)
						w[i] = max(w[i], (int)strlen(col[i]));
					continue;
				}
				state_text(dev, state, sizeof(state));
				if (dev->probe_order)
					snprintf(order, sizeof(order), "%u", dev->probe_order);
				printf("%-*s  %-*s  %-*s  %-*s  %-5s  %s\n", w[0], col[0], w[1], col[1],
				       w[2], col[2], w[3], col[3], order, state);
			}
		}
	}
	device_count_states(&c);
	printf("%d bound, %d deferred, %d failed, %d without driver\n",
	       c.bound, c.deferred, c.failed, c.no_driver);
	return 0;
}
static int cmd_devices(int argc, char **argv)
{
	return core_locked(list_devices, argc, argv);
}

SHELL_COMMAND(devices, cmd_devices, "devices",
	      "every device: node, bus, driver, probe order, bound/deferred/failed/no driver",
	      .topic = TOPIC_DEVICES,
	      .example = "devices");

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

static int list_devlinks(int argc, char **argv)
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
	of_node_put(only);
	return 0;
}
static int cmd_devlinks(int argc, char **argv)
{
	return core_locked(list_devlinks, argc, argv);
}

SHELL_COMMAND(devlinks, cmd_devlinks, "devlinks [PATH]",
	      "device links from the tree: supplier, consumer, property, state",
	      .topic = TOPIC_DEVICES, .complete = complete_dt_path,
	      .example = "devlinks /amba/timer@101e2000");

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
	      "every probe call since boot: start, duration, device, driver, trigger, result",
	      .topic = TOPIC_DEVICES, .example = "probes");

/* @drv's compatible strings, space-separated, into @buf ("-" for none). */
static void driver_compats(const struct device_driver *drv, char *buf, size_t len)
{
	const struct of_device_id *id = drv->of_match_table;
	size_t used = 0;

	buf[0] = '\0';
	for (; id && (id->compatible[0] || id->name[0] || id->type[0]); id++) {
		int n;

		if (!id->compatible[0])
			continue;
		n = snprintf(buf + used, len - used, "%s%s", used ? " " : "", id->compatible);
		if (n < 0 || (size_t)n >= len - used)
			break;
		used += (size_t)n;
	}
	if (!used)
		snprintf(buf, len, "-");
}

static int list_drivers(int argc, char **argv)
{
	char compat[160];
	int w[2] = { 6, 3 };	/* "driver", "bus" */

	for (int pass = 0; pass < 2; pass++) {
		struct bus_type *bus = NULL;

		if (pass)
			printf("%-*s  %-*s  %s\n", w[0], "driver", w[1], "bus", "compatible");
		while ((bus = bus_next(bus))) {
			struct device_driver *drv;

			list_for_each_entry(drv, &bus->drivers, bus_node) {
				if (!pass) {
					w[0] = max(w[0], (int)strlen(drv->name));
					w[1] = max(w[1], (int)strlen(bus->name));
					continue;
				}
				driver_compats(drv, compat, sizeof(compat));
				printf("%-*s  %-*s  %s\n", w[0], drv->name, w[1], bus->name, compat);
			}
		}
	}
	return 0;
}
static int cmd_drivers(int argc, char **argv)
{
	return core_locked(list_drivers, argc, argv);
}

SHELL_COMMAND(drivers, cmd_drivers, "drivers", "every driver: bus and compatible strings",
	      .topic = TOPIC_DEVICES,
	      .example = "drivers");

static void put_line(void *ctx, const char *line)
{
	printf("  %s\n", line);
}

static int explain_whynot(int argc, char **argv)
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
	of_node_put(np);
	printf("verdict: %s\n", whynot_verdict_name(v));
	return 0;
}
static int cmd_whynot(int argc, char **argv)
{
	return core_locked(explain_whynot, argc, argv);
}

SHELL_COMMAND(whynot, cmd_whynot, "whynot PATH|ALIAS",
	      "why a node has no bound driver (or which driver and entry won)",
	      .topic = TOPIC_DT, .complete = complete_dt_path,
	      .example = "whynot /external-bus/i2c@1,0/rtc@68");

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
SHELL_COMMAND(iomem, cmd_iomem, "iomem", "claimed device windows, RAM and reserved ranges",
	      .topic = TOPIC_DEVICES, .example = "iomem");
