// SPDX-License-Identifier: BSD-2-Clause
/*
 * ofdump: what the kernel will see in a blob, on the host.
 *
 * It runs the kernel's own of/ code (build/host/libof.a): the blob is
 * checked, unflattened into the live tree, and printed back as DTS source
 * with of_print_dts(), so `dtc` compiles the output into the same tree.
 *
 *   ofdump FILE.dtb            the tree as DTS source
 *   ofdump --stats FILE.dtb    nodes, properties, blob and live-tree bytes
 *   ofdump --devices FILE.dtb  each device node: bus, addresses, interrupts
 *                              and the driver that would bind, or why none
 *                              would (drivers/base/whynot.c, the kernel's
 *                              code, with the kernel's driver catalogue and
 *                              modules.alias for the drivers built as modules)
 *   ofdump --graph FILE.dtb    Graphviz DOT of the devices and their links,
 *                              from a boot simulated on the host: the
 *                              kernel's driver core, with a stand-in driver
 *                              (probe returns 0) for every catalogue entry
 *                              and module, so links, cycles and the probe
 *                              order are the kernel's own decisions
 *   ofdump --overlay BASE.dtb A.dtbo...  BASE with the overlays applied in
 *                              order by the kernel's of/overlay.c, as DTS
 *   ofdump --devices --overlay BASE.dtb A.dtbo...  the dry run: only the
 *                              devices the overlays would add or remove
 *
 * A blob the kernel would refuse: exit status 1 and the checker's reason.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/of.h>
#include <linux/of_dump.h>
#include <linux/of_address.h>
#include <linux/of_fdt.h>
#include <linux/of_irq.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/i2c.h>
#include <coyote/module.h>
#include <coyote/whynot.h>

/* Generated at build time from the kernel ELF (scripts/gdb/gen_catalog.py). */
extern const struct whynot_catalog kernel_driver_catalog;

static const char *prog = "ofdump";

/* modules.alias (--modules FILE, else build/modules/ beside build/host/). */
static char *alias_text;
static size_t alias_len;

/* The kernel's own lookup (kernel/module/autoload.c) on the host's file. */
static const char *host_modalias(const struct device_node *np, const char *compat)
{
	static char mod[MODULE_NAME_LEN];

	if (!alias_text)
		return NULL;
	return module_alias_find(alias_text, alias_len, np, compat, mod, sizeof(mod));
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s [--stats|--devices|--graph [--modules FILE]] FILE.dtb\n"
		"       %s [--devices] --overlay BASE.dtb OVERLAY.dtbo...\n"
		"\n"
		"Check and unflatten FILE.dtb with coyote's of/ library, as the kernel\n"
		"does at boot, and print the live tree back as DTS source (dtc's\n"
		"decompiler format: `dtc -I dts` compiles it into the same tree).\n"
		"\n"
		"  --stats   print node, property and phandle counts, blob bytes and\n"
		"            live-tree bytes (as the 32-bit kernel allocates them, and\n"
		"            on this host) instead of the tree\n"
		"  --devices print each device node: its bus, translated addresses,\n"
		"            interrupts (controller and number) and the driver that\n"
		"            would bind, or every reason none would, as the kernel's\n"
		"            `whynot` says it\n"
		"  --graph   Graphviz DOT: devices (node, driver, predicted probe\n"
		"            order) and device links (property), suppliers above\n"
		"            consumers, relaxed links dashed, what never binds red;\n"
		"            the kernel's driver core decides, on the host, with a\n"
		"            stand-in driver for each built-in driver and module;\n"
		"            its log goes to stderr\n"
		"  --modules FILE  the modules.alias the initrd carries, for drivers\n"
		"            built as modules (default: ../modules/modules.alias from\n"
		"            this program's folder, when it exists; '' for none)\n"
		"  --overlay BASE.dtb A.dtbo...  apply the overlays to BASE in order,\n"
		"            with the kernel's code (`overlay apply`), and print the\n"
		"            merged tree; with --devices, print only the devices the\n"
		"            overlays would add (+) or remove (-): a dry run\n"
		"  --help    this text\n"
		"\n"
		"Exit status: 0 ok, 1 unreadable or invalid blob (reason on stderr),\n"
		"2 bad usage; an overlay the kernel would refuse: 1 and its reason.\n",
		prog, prog);
}

/* The whole file in one malloc'd buffer (the live tree points into it). */
static void *read_file(const char *path, size_t *sizep)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 16, len = 0, n;
	char *buf = NULL, *nbuf;

	if (!f)
		return NULL;
	for (;;) {
		nbuf = realloc(buf, cap);
		if (!nbuf)
			goto err_free_buf;
		buf = nbuf;
		n = fread(buf + len, 1, cap - len, f);
		len += n;
		if (len < cap)
			break;
		cap *= 2;
	}
	if (ferror(f))
		goto err_free_buf;
	fclose(f);
	*sizep = len;
	return buf;

err_free_buf:
	free(buf);
	fclose(f);
	if (!errno)
		errno = EIO;
	return NULL;
}

static void put_stdout(void *ctx, const char *s, size_t n)
{
	fwrite(s, 1, n, ctx);
}

static void print_dts(const void *blob)
{
	u64 addr, size;
	int i;

	printf("/dts-v1/;\n\n");
	for (i = 0; of_fdt_get_mem_rsv(blob, i, &addr, &size) == 0; i++)
		printf("/memreserve/\t0x%016llx 0x%016llx;\n",
		       (unsigned long long)addr, (unsigned long long)size);
	fflush(stdout);
	of_print_dts(of_root, put_stdout, stdout);
}

static void print_stats(void)
{
	struct of_fdt_stats st;

	of_fdt_get_stats(&st);
	printf("nodes: %u\n", st.nodes);
	printf("properties: %u\n", st.properties);
	printf("phandles: %u\n", st.phandles);
	printf("blob bytes: %zu\n", st.blob_bytes);
	/* The figure that matters is the kernel's: 32-bit pointers. */
	printf("live-tree bytes: %zu\n", st.tree_bytes_ilp32);
	printf("live-tree bytes on this host: %zu\n", st.tree_bytes);
}

static void put_reason(void *ctx, const char *line)
{
	printf("  - %s\n", line);
}

static void print_regs(struct device_node *np, const char *bus)
{
	struct resource res;
	int i, n = of_address_count(np);
	u32 addr;

	if (bus && !strcmp(bus, "i2c")) {
		if (!of_property_read_u32(np, "reg", &addr))
			printf("  address:   0x%02x on the I2C bus\n", (unsigned int)addr);
		return;
	}
	for (i = 0; i < n; i++) {
		if (of_address_to_resource(np, i, &res))
			printf("  reg[%d]:    not reachable from the CPU\n", i);
		else
			printf("  reg[%d]:    0x%08llx..0x%08llx\n", i,
			       (unsigned long long)res.start, (unsigned long long)res.end);
	}
}

static void print_irqs(struct device_node *np)
{
	struct of_phandle_args args;
	char path[128];
	int i, j, n = of_irq_count(np);

	for (i = 0; i < n; i++) {
		if (of_irq_parse_one(np, i, &args)) {
			printf("  irq[%d]:    cannot be parsed (interrupt-parent, #interrupt-cells)\n", i);
			continue;
		}
		if (of_node_full_path(args.np, path, sizeof(path)) < 0)
			snprintf(path, sizeof(path), "%s", args.np->full_name);
		printf("  irq[%d]:    %s", i, path);
		for (j = 0; j < args.args_count; j++)
			printf(" %u", (unsigned int)args.args[j]);
		printf("%s\n", of_device_is_available(args.np) ? "" : " (controller disabled)");
	}
}

/* One device node: what the kernel will make of it. */
static void print_device(struct device_node *np, const struct whynot_catalog *cat)
{
	const struct whynot_driver *drv;
	char path[128], why[160];
	const char *bus;
	enum whynot_verdict v;

	if (of_node_full_path(np, path, sizeof(path)) < 0)
		snprintf(path, sizeof(path), "%s", np->full_name);
	bus = whynot_node_bus(np, cat, false, why, sizeof(why));
	printf("%s\n", path);
	printf("  bus:       %s\n", bus ? bus : "none");
	print_regs(np, bus);
	print_irqs(np);
	v = whynot_explain(np, cat, false, put_reason, NULL);
	drv = v == WHYNOT_WOULD_BIND || v == WHYNOT_WOULD_DEFER ?
		whynot_best_driver(cat, np, bus, NULL) : NULL;
	if ((v == WHYNOT_WOULD_BIND || v == WHYNOT_WOULD_DEFER) && !drv) {
		/* Only modules.alias knows it: the name, not the driver's. */
		printf("  verdict:   %s (module %s)\n", whynot_verdict_name(v),
		       whynot_module(cat, np, NULL));
		return;
	}
	printf("  verdict:   %s%s%s\n", whynot_verdict_name(v),
	       drv ? " " : "", drv ? drv->name : "");
}

static void host_catalog(struct whynot_catalog *cat)
{
	*cat = kernel_driver_catalog;
	cat->modalias = host_modalias;
}

/* Every node with a compatible, in tree order: what the kernel will make of it. */
static void print_devices(void)
{
	struct whynot_catalog cat;
	struct device_node *np = NULL;

	host_catalog(&cat);
	while ((np = of_find_all_nodes(np))) {
		if (of_node_is_root(np) || !of_get_property(np, "compatible", NULL))
			continue;
		print_device(np, &cat);
	}
}

/* --- --graph: a boot on the host, drawn ------------------------------- */

#define GRAPH_DRIVERS_MAX 128

/* Stand-in drivers: probe succeeds; an I2C controller's registers an adapter
 * (its children become clients, as the kernel's I2C core makes them). */
static int fake_xfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	return -ENXIO;
}

static const struct i2c_algorithm fake_algo = { .master_xfer = fake_xfer };

static int fake_platform_probe(struct platform_device *pdev)
{
	struct i2c_adapter *adap;

	if (!of_i2c_node_is_controller(pdev->dev.of_node))
		return 0;
	adap = calloc(1, sizeof(*adap));
	if (!adap)
		return -ENOMEM;
	adap->algo = &fake_algo;
	adap->dev.parent = &pdev->dev;
	adap->dev.of_node = pdev->dev.of_node;
	return i2c_add_adapter(adap);
}

static int fake_i2c_probe(struct i2c_client *client)
{
	return 0;
}

static struct platform_driver graph_pdrv[GRAPH_DRIVERS_MAX];
static struct i2c_driver graph_idrv[GRAPH_DRIVERS_MAX];
static int graph_npdrv, graph_nidrv;

static void graph_register(const char *name, const char *bus, const struct of_device_id *table)
{
	if (!strcmp(bus, "i2c") && graph_nidrv < GRAPH_DRIVERS_MAX) {
		struct i2c_driver *d = &graph_idrv[graph_nidrv++];

		d->probe = fake_i2c_probe;
		d->driver.name = name;
		d->driver.of_match_table = table;
		i2c_register_driver(d);
	} else if (!strcmp(bus, "platform") && graph_npdrv < GRAPH_DRIVERS_MAX) {
		struct platform_driver *d = &graph_pdrv[graph_npdrv++];

		d->probe = fake_platform_probe;
		d->driver.name = name;
		d->driver.of_match_table = table;
		platform_driver_register(d);
	}
}

/* The module for @dev's node, as autoload looks it up, or NULL. */
static const char *graph_module_of(struct device *dev, const struct whynot_catalog *cat,
				   const char **compat)
{
	if (dev->state != DEVICE_NO_DRIVER || !dev->of_node)
		return NULL;
	return whynot_module(cat, dev->of_node, compat);
}

/*
 * Autoload as kernel/coldplug.c does it: walk the buses, load the
 * first device's module, walk again.  A "module" here is a stand-in driver
 * whose table holds the compatible strings modules.alias matched.
 */
static void graph_autoload(const struct whynot_catalog *cat)
{
	static struct of_device_id ids[GRAPH_DRIVERS_MAX][2];
	static char names[GRAPH_DRIVERS_MAX][MODULE_NAME_LEN];
	int loaded = 0, passes;

	for (passes = 0; passes < GRAPH_DRIVERS_MAX && loaded < GRAPH_DRIVERS_MAX; passes++) {
		struct bus_type *bus = NULL;
		struct device *found = NULL;
		const char *mod = NULL, *compat = NULL;

		while (!found && (bus = bus_next(bus))) {
			struct device *dev;

			list_for_each_entry(dev, &bus->devices, bus_node) {
				mod = graph_module_of(dev, cat, &compat);
				if (mod) {
					found = dev;
					break;
				}
			}
		}
		if (!found)
			return;
		snprintf(names[loaded], sizeof(names[loaded]), "module %s", mod);
		snprintf(ids[loaded][0].compatible, sizeof(ids[loaded][0].compatible), "%s", compat);
		graph_register(names[loaded], found->bus->name, ids[loaded]);
		loaded++;
	}
}

static void dot_id(const struct device_node *np, char *buf, size_t len)
{
	if (of_node_full_path(np, buf, len) < 0)
		snprintf(buf, len, "%s", np->full_name);
}

static void print_graph(void)
{
	struct whynot_catalog host_cat = kernel_driver_catalog;
	struct bus_type *bus = NULL;
	char path[128], spath[128];
	int i;

	host_cat.modalias = host_modalias;
	for (i = 0; i < host_cat.count; i++)
		graph_register(host_cat.drivers[i].name, host_cat.drivers[i].bus,
			       host_cat.drivers[i].of_match_table);
	fflush(stdout);
	of_platform_default_populate(NULL, NULL, NULL);
	graph_autoload(&host_cat);
	fw_devlink_drivers_done();
	fflush(stderr);

	printf("digraph devices {\n");
	printf("\t// suppliers above consumers; label: node, driver, predicted probe order\n");
	printf("\trankdir=TB;\n\tnode [shape=box, fontname=\"monospace\", fontsize=10];\n");
	printf("\tedge [fontname=\"monospace\", fontsize=8];\n");
	while ((bus = bus_next(bus))) {
		struct device *dev;

		list_for_each_entry(dev, &bus->devices, bus_node) {
			const struct device_driver *drv = dev->driver ? dev->driver : dev->tried;
			bool bound = dev->state == DEVICE_BOUND;

			if (!dev->of_node)
				continue;
			dot_id(dev->of_node, path, sizeof(path));
			printf("\t\"%s\" [label=\"%s\\n%s", path, path, drv ? drv->name : "no driver");
			/* Red: a supplier that never binds; grey: unbound, needed by none. */
			if (bound)
				printf("\\nprobe #%u\"", dev->probe_order);
			else
				printf("%s%s%s\", %s", drv ? " (" : "", drv ? dev_state_name(dev->state) : "",
				       drv ? ")" : "", list_empty(&dev->links_consumers) ?
				       "color=grey, fontcolor=grey" : "color=red, fontcolor=red");
			printf("];\n");
		}
	}
	bus = NULL;
	while ((bus = bus_next(bus))) {
		struct device *dev;

		list_for_each_entry(dev, &bus->devices, bus_node) {
			struct device_link *link;
			struct device_node *np;

			if (!dev->of_node)
				continue;
			dot_id(dev->of_node, path, sizeof(path));
			/* Parent before child is implicit: drawn dotted. */
			for (np = dev->of_node->parent; np && !np->data; np = np->parent)
				;
			if (np) {
				dot_id(np, spath, sizeof(spath));
				printf("\t\"%s\" -> \"%s\" [style=dotted, label=\"parent\"];\n", spath, path);
			}
			list_for_each_entry(link, &dev->links_suppliers, c_node) {
				enum device_link_state st = device_link_state(link);
				const struct device_node *sup = link->supplier ?
					link->supplier->of_node : link->target;

				dot_id(sup, spath, sizeof(spath));
				/* A supplier without a device is drawn from its node. */
				if (!link->supplier)
					printf("\t\"%s\" [label=\"%s\\n(%s)\", color=red, "
					       "fontcolor=red];\n", spath, spath, link->reason);
				printf("\t\"%s\" -> \"%s\" [label=\"%s\"%s];\n", spath, path, link->prop,
				       st == DL_STATE_RELAXED ? ", style=dashed" :
				       st == DL_STATE_SUPPLIER_MISSING ? ", color=red" : "");
			}
		}
	}
	printf("}\n");
}

/*
 * The dry run: each change of the overlay that makes a device appear or go,
 * by the rule the kernel's buses follow (of_reconfig_get_state_change).
 */
static void print_overlay_devices(const char *file, int id)
{
	struct of_changeset *cs = of_overlay_changeset(id);
	struct of_changeset_entry *ce;
	struct whynot_catalog cat;
	char path[128];
	int n = 0;

	host_catalog(&cat);
	printf("# %s\n", file);
	list_for_each_entry(ce, &cs->entries, node) {
		struct of_reconfig_data rd = { ce->np, ce->prop, ce->old_prop };
		int change = of_reconfig_get_state_change(ce->action, &rd);

		if (change == OF_RECONFIG_NO_CHANGE || !of_get_property(ce->np, "compatible", NULL))
			continue;
		n++;
		if (change == OF_RECONFIG_CHANGE_ADD) {
			printf("+ ");
			print_device(ce->np, &cat);
			continue;
		}
		of_node_full_path(ce->np, path, sizeof(path));
		printf("- %s\n  its device would be removed (status \"%s\")\n", path,
		       ce->prop ? (const char *)ce->prop->value : "");
	}
	if (!n)
		printf("no device added or removed\n");
}

/* Apply each overlay file in order; the first refusal ends the program. */
static int apply_overlays(char **files, int n, bool devices)
{
	for (int i = 0; i < n; i++) {
		size_t size;
		void *dtbo;
		int id, err;

		errno = 0;
		dtbo = read_file(files[i], &size);
		if (!dtbo) {
			fprintf(stderr, "%s: %s: %s\n", prog, files[i], strerror(errno));
			return 1;
		}
		err = of_overlay_fdt_apply(dtbo, (u32)size, &id, NULL);
		free(dtbo);     /* the kernel's code keeps its own copy */
		if (err) {
			fprintf(stderr, "%s: %s: %s (%s)\n", prog, files[i], of_overlay_error(),
				strerror(-err));
			return 1;
		}
		if (devices)
			print_overlay_devices(files[i], id);
	}
	return 0;
}

/* MODE_DONE: the dry run printed its lines as each overlay applied. */
enum mode { MODE_DTS, MODE_STATS, MODE_DEVICES, MODE_GRAPH, MODE_DONE };

int main(int argc, char **argv)
{
	enum mode mode = MODE_DTS;
	const char *file = NULL, *alias_file = NULL;
	char *ovfiles[64];
	int novfiles = 0;
	bool overlay = false;
	char def_alias[4096], why[160];
	size_t size;
	void *blob;
	int i, err;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--stats")) {
			mode = MODE_STATS;
		} else if (!strcmp(argv[i], "--devices")) {
			mode = MODE_DEVICES;
		} else if (!strcmp(argv[i], "--graph")) {
			mode = MODE_GRAPH;
		} else if (!strcmp(argv[i], "--overlay")) {
			overlay = true;
		} else if (!strcmp(argv[i], "--modules") && i + 1 < argc) {
			alias_file = argv[++i];
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "%s: unknown option %s\n", prog, argv[i]);
			usage(stderr);
			return 2;
		} else if (!file) {
			file = argv[i];
		} else if (overlay && novfiles < (int)ARRAY_SIZE(ovfiles)) {
			ovfiles[novfiles++] = argv[i];
		} else {
			fprintf(stderr, "%s: one FILE only\n", prog);
			return 2;
		}
	}
	if (!file || (overlay && (!novfiles || mode == MODE_STATS))) {
		usage(stderr);
		return 2;
	}

	if (!alias_file) {
		const char *slash = strrchr(argv[0], '/');

		snprintf(def_alias, sizeof(def_alias), "%.*s../modules/modules.alias",
			 slash ? (int)(slash - argv[0] + 1) : 0, argv[0]);
		alias_text = read_file(def_alias, &alias_len);
	} else if (alias_file[0]) {
		alias_text = read_file(alias_file, &alias_len);
		if (!alias_text) {
			fprintf(stderr, "%s: %s: %s\n", prog, alias_file, strerror(errno));
			return 1;
		}
	}
	errno = 0;
	blob = read_file(file, &size);
	if (!blob) {
		fprintf(stderr, "%s: %s: %s\n", prog, file, strerror(errno));
		return 1;
	}
	/* Unflatten checks the whole blob first and says what is wrong. */
	err = of_fdt_unflatten(blob, size, why, sizeof(why));
	if (err) {
		fprintf(stderr, "%s: %s: %s\n", prog, file, why[0] ? why : strerror(-err));
		free(blob);
		return 1;
	}

	if (overlay) {
		if (apply_overlays(ovfiles, novfiles, mode == MODE_DEVICES))
			return 1;
		if (mode == MODE_DEVICES)
			mode = MODE_DONE;
	}
	/* Text dtc would turn into another tree is no DTS: say why instead. */
	if (mode == MODE_DTS) {
		if (of_dts_unwritable(of_root, why, sizeof(why))) {
			fprintf(stderr, "%s: %s: the kernel accepts this tree, but DTS cannot "
				"write it: %s\n", prog, file, why);
			free(blob);
			return 1;
		}
	}
	if (mode == MODE_STATS)
		print_stats();
	else if (mode == MODE_DEVICES)
		print_devices();
	else if (mode == MODE_GRAPH)
		print_graph();
	else if (mode == MODE_DTS)
		print_dts(blob);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", prog, strerror(errno));
		return 1;
	}
	/* Nothing reads the live tree (which points into blob) from here. */
	free(blob);
	free(alias_text);
	return 0;
}
