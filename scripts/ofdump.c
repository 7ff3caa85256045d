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
 *                              order by the kernel's of/overlay.c, as DTS;
 *                              NAME=VALUE after an overlay sets one of its
 *                              parameters (of/overlay_params.c)
 *   ofdump --devices --overlay BASE.dtb A.dtbo...  the dry run: only the
 *                              devices the overlays would add or remove
 *   ofdump --html [--log LOG] FILE.dtb  (or --overlay BASE.dtb A.dtbo...)
 *                              one HTML page of all the above (make
 *                              explore): the tree with phandles as links,
 *                              each node's --devices answer, the --graph
 *                              boot's links, the probe timeline of LOG (a
 *                              boot of FILE), what the overlays changed
 *
 * A blob the kernel would refuse: exit status 1 and the checker's reason.
 */
#define _GNU_SOURCE             /* open_memstream, asprintf */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include <linux/of.h>
#include <linux/of_dump.h>
#include <linux/of_address.h>
#include <linux/of_fdt.h>
#include <linux/of_irq.h>
#include <linux/of_platform.h>
#include <linux/of_supplier.h>
#include <linux/platform_device.h>
#include <linux/i2c.h>
#include <linux/virtio_mmio.h>
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
		"       %s [--devices] --overlay BASE.dtb OVERLAY.dtbo [PARAM=VALUE...]...\n"
		"       %s --html [--log LOG] [--overlay] FILE.dtb [OVERLAY.dtbo...]\n"
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
		"            overlays would add (+) or remove (-): a dry run.  PARAM=VALUE\n"
		"            after an overlay sets its parameter (its __overrides__, the\n"
		"            Raspberry Pi's dtoverlay=NAME,PARAM=VALUE) as `overlay apply\n"
		"            NAME PARAM=VALUE` does\n"
		"  --html    one self-contained HTML page (make explore): the tree,\n"
		"            phandles as links, each node's --devices answer, the\n"
		"            --graph boot's links and cycles, what --overlay changed;\n"
		"            a problem with the input is said at its top (status 1)\n"
		"  --log LOG with --html: the probe timeline of LOG, the console log\n"
		"            of a boot of FILE (a log of another blob is refused)\n"
		"  --help    this text\n"
		"\n"
		"Exit status: 0 ok, 1 unreadable or invalid blob (reason on stderr),\n"
		"2 bad usage; an overlay the kernel would refuse: 1 and its reason.\n",
		prog, prog, prog);
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
	fprintf(ctx, "  - %s\n", line);
}

static void print_regs(FILE *f, struct device_node *np, const char *bus)
{
	struct resource res;
	int i, n = of_address_count(np);
	u32 addr;

	if (bus && !strcmp(bus, "i2c")) {
		if (!of_property_read_u32(np, "reg", &addr))
			fprintf(f, "  address:   0x%02x on the I2C bus\n", (unsigned int)addr);
		return;
	}
	for (i = 0; i < n; i++) {
		if (of_address_to_resource(np, i, &res))
			fprintf(f, "  reg[%d]:    not reachable from the CPU\n", i);
		else
			fprintf(f, "  reg[%d]:    0x%08llx..0x%08llx\n", i,
				(unsigned long long)res.start, (unsigned long long)res.end);
	}
}

/* A PCI bridge's windows, as the kernel's host bridge logs them. */
static void print_pci_ranges(FILE *f, struct device_node *np)
{
	struct of_pci_range_parser parser;
	struct of_pci_range range;
	char line[80];
	int i = 0;

	if (!of_node_is_type(np, "pci") && !of_node_is_type(np, "pciex"))
		return;
	if (of_pci_range_parser_init(&parser, np))
		return;
	for_each_of_pci_range(&parser, &range) {
		of_pci_range_print(line, sizeof(line), &range);
		fprintf(f, "  ranges[%d]: %s\n", i++, line);
	}
}

static void print_irqs(FILE *f, struct device_node *np)
{
	struct of_phandle_args args;
	char path[128];
	int i, j, n = of_irq_count(np);

	for (i = 0; i < n; i++) {
		if (of_irq_parse_one(np, i, &args)) {
			fprintf(f, "  irq[%d]:    cannot be parsed (interrupt-parent, #interrupt-cells)\n", i);
			continue;
		}
		if (of_node_full_path(args.np, path, sizeof(path)) < 0)
			snprintf(path, sizeof(path), "%s", args.np->full_name);
		fprintf(f, "  irq[%d]:    %s", i, path);
		for (j = 0; j < args.args_count; j++)
			fprintf(f, " %u", (unsigned int)args.args[j]);
		fprintf(f, "%s\n", of_device_is_available(args.np) ? "" : " (controller disabled)");
	}
}

/* One device node: what the kernel will make of it. */
static void print_device(FILE *f, struct device_node *np, const struct whynot_catalog *cat)
{
	const struct whynot_driver *drv;
	char path[128], why[160];
	const char *bus;
	enum whynot_verdict v;

	if (of_node_full_path(np, path, sizeof(path)) < 0)
		snprintf(path, sizeof(path), "%s", np->full_name);
	bus = whynot_node_bus(np, cat, false, why, sizeof(why));
	fprintf(f, "%s\n", path);
	fprintf(f, "  bus:       %s\n", bus ? bus : "none");
	print_regs(f, np, bus);
	print_pci_ranges(f, np);
	print_irqs(f, np);
	v = whynot_explain(np, cat, false, put_reason, f);
	drv = v == WHYNOT_WOULD_BIND || v == WHYNOT_WOULD_DEFER ?
		whynot_best_driver(cat, np, bus, NULL) : NULL;
	if ((v == WHYNOT_WOULD_BIND || v == WHYNOT_WOULD_DEFER) && !drv) {
		/* Only modules.alias knows it: the name, not the driver's. */
		fprintf(f, "  verdict:   %s (module %s)\n", whynot_verdict_name(v),
			whynot_module(cat, np, NULL));
		return;
	}
	fprintf(f, "  verdict:   %s%s%s\n", whynot_verdict_name(v),
		drv ? " " : "", drv ? drv->name : "");
}

/* The kernel's drivers, and what its buses register with whynot at boot. */
static void host_catalog(struct whynot_catalog *cat)
{
	*cat = kernel_driver_catalog;
	cat->modalias = host_modalias;
	whynot_bus_register(&i2c_whynot_bus);		/* -EEXIST when again */
	whynot_bus_register(&virtio_mmio_whynot_bus);
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
		print_device(stdout, np, &cat);
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

/* The boot on the host: stand-in drivers, populate, autoload, links settle. */
static void graph_boot(void)
{
	struct whynot_catalog host_cat = kernel_driver_catalog;
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
}

static void print_graph(void)
{
	struct bus_type *bus = NULL;
	char path[128], spath[128];

	graph_boot();
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
 * by the rule the kernel's buses follow (of_reconfig_get_state_change), and
 * each device bound again because its compatible changed
 * (of_reconfig_compatible_changed).
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
		struct of_reconfig_data rd;
		unsigned long action = of_changeset_entry_reconfig(ce, false, &rd);
		int change = of_reconfig_get_state_change(action, &rd);

		if (of_reconfig_compatible_changed(action, &rd)) {
			n++;
			printf("~ ");   /* unbound, then matched by its new compatible */
			print_device(stdout, ce->np, &cat);
			continue;
		}
		if (change == OF_RECONFIG_NO_CHANGE || !of_get_property(ce->np, "compatible", NULL))
			continue;
		n++;
		if (change == OF_RECONFIG_CHANGE_ADD) {
			printf("+ ");
			print_device(stdout, ce->np, &cat);
			continue;
		}
		of_node_full_path(ce->np, path, sizeof(path));
		printf("- %s\n  its device would be removed (status \"%s\")\n", path,
		       ce->prop ? (const char *)ce->prop->value : "");
	}
	if (!n)
		printf("no device added or removed\n");
}

/* An overlay file and the parameters given after it (name=value). */
#define OFDUMP_MAX_PARAMS 16
struct ovfile {
	char *file;
	const char *params[OFDUMP_MAX_PARAMS];
	int nparams;
};

/*
 * Read @ov's file and apply it with its parameters, by the kernel's code.
 * Return: 0 and *@id; -errno of the read (errno set); the kernel's error
 * (its reason in of_overlay_error()).
 */
static int apply_ovfile(const struct ovfile *ov, int *id, bool *read_failed)
{
	size_t size;
	void *dtbo;
	int err;

	errno = 0;
	*read_failed = false;
	dtbo = read_file(ov->file, &size);
	if (!dtbo) {
		*read_failed = true;
		return -errno;
	}
	err = of_overlay_fdt_apply_params(dtbo, (u32)size, ov->params, ov->nparams, id);
	free(dtbo);     /* the kernel's code keeps its own copy */
	return err;
}

/* Apply each overlay file in order; the first refusal ends the program. */
static int apply_overlays(const struct ovfile *ovs, int n, bool devices)
{
	for (int i = 0; i < n; i++) {
		bool read_failed;
		int id, err = apply_ovfile(&ovs[i], &id, &read_failed);

		if (err) {
			fprintf(stderr, "%s: %s: %s%s%s%s\n", prog, ovs[i].file,
				read_failed ? "" : of_overlay_error(), read_failed ? "" : " (",
				strerror(-err), read_failed ? "" : ")");
			return 1;
		}
		if (devices)
			print_overlay_devices(ovs[i].file, id);
	}
	return 0;
}

/* --- --html: the tree, its devices, links and probe order as one page --- */

/*
 * The page's style and script (scripts/explore/page.html) as a C string,
 * made at build time; the data below goes where it says @COYOTE_DATA@.
 * Everything the page shows is computed here, by the kernel's code: the
 * script only lays it out.
 */
extern const char explore_page[];
#define EXPLORE_DATA_MARK "@COYOTE_DATA@"

#define HTML_PATH_MAX 1024

/* What the page says at the top: a refused blob, a log or overlay that does
 * not fit.  Any of them makes the exit status 1 (the page is still written). */
static char *html_problems[16];
static int html_nproblems;

static void html_problem(const char *fmt, ...)
{
	char buf[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: %s\n", prog, buf);
	if (html_nproblems < (int)ARRAY_SIZE(html_problems))
		html_problems[html_nproblems++] = strdup(buf);
}

/* A JSON string that is also safe inside <script>: no '<', '>' or '&'. */
static void json_strn(FILE *f, const char *s, size_t n)
{
	fputc('"', f);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f || c == '<' || c == '>' || c == '&')
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void json_str(FILE *f, const char *s)
{
	if (s)
		json_strn(f, s, strlen(s));
	else
		fputs("null", f);
}

/* Every node in tree order; a node's index is its place in hnodes. */
static struct device_node **hnodes;
static int hn;
static int *hindex;             /* open addressing: pointer -> index + 1 */
static unsigned int hmask;

static unsigned int hash_ptr(const void *p)
{
	return (unsigned int)(((unsigned long)p >> 4) * 2654435761u);
}

static int node_index(const struct device_node *np)
{
	if (!np)
		return -1;
	for (unsigned int h = hash_ptr(np) & hmask; hindex[h]; h = (h + 1) & hmask)
		if (hnodes[hindex[h] - 1] == np)
			return hindex[h] - 1;
	return -1;
}

static int html_index_nodes(void)
{
	struct device_node *np = NULL;
	int cap = 0;

	while ((np = of_find_all_nodes(np)))
		cap++;
	hnodes = calloc(cap + 1, sizeof(*hnodes));
	for (hmask = 1; hmask < 2u * (unsigned int)cap + 2; hmask <<= 1)
		;
	hindex = calloc(hmask, sizeof(*hindex));
	hmask--;
	if (!hnodes || !hindex)
		return -ENOMEM;
	while ((np = of_find_all_nodes(np)) && hn < cap) {
		unsigned int h = hash_ptr(np) & hmask;

		while (hindex[h])
			h = (h + 1) & hmask;
		hindex[h] = hn + 1;
		hnodes[hn++] = np;
	}
	of_node_put(np);	/* the walk's, were it cut short */
	return 0;
}

static void node_path(const struct device_node *np, char *buf, size_t len)
{
	if (of_node_full_path(np, buf, len) < 0)
		snprintf(buf, len, "%s", np->full_name);
}

/* One phandle (or path) reference: @from's property @prop names @to. */
struct html_ref {
	int from, to;
	char prop[48];
};

static struct html_ref *hrefs;
static int hnrefs, hcaprefs;
/* hrefs is in "from" order: node i's own are hrefs[rfrom[i]..rfrom[i + 1]);
 * rto lists the refs by target the same way (rtofirst[i]..rtofirst[i + 1]). */
static int *rfrom, *rto, *rtofirst;
/* Each node's device panel, made before the host boot fills the driver core. */
static char **hdev;

static int html_index_refs(void)
{
	int i, r;

	rfrom = calloc(hn + 1, sizeof(*rfrom));
	rtofirst = calloc(hn + 2, sizeof(*rtofirst));
	rto = calloc(hnrefs + 1, sizeof(*rto));
	if (!rfrom || !rtofirst || !rto)
		return -ENOMEM;
	for (i = 0, r = 0; i <= hn; i++) {
		while (r < hnrefs && hrefs[r].from < i)
			r++;
		rfrom[i] = r;
	}
	for (r = 0; r < hnrefs; r++)
		rtofirst[hrefs[r].to + 2]++;
	for (i = 2; i <= hn + 1; i++)
		rtofirst[i] += rtofirst[i - 1];
	for (r = 0; r < hnrefs; r++)
		rto[rtofirst[hrefs[r].to + 1]++] = r;
	return 0;
}

static void add_ref(int from, int to, const char *prop)
{
	if (from < 0 || to < 0)
		return;
	if (hnrefs == hcaprefs) {
		struct html_ref *n;

		hcaprefs = hcaprefs ? 2 * hcaprefs : 256;
		n = realloc(hrefs, hcaprefs * sizeof(*n));
		if (!n)
			return;
		hrefs = n;
	}
	hrefs[hnrefs].from = from;
	hrefs[hnrefs].to = to;
	snprintf(hrefs[hnrefs].prop, sizeof(hrefs[hnrefs].prop), "%s", prop);
	hnrefs++;
}

struct ref_walk {
	struct device_node *np;
};

/* The supplier table's answer: only the node's own properties (a
 * descendant without compatible is asked for itself). */
static int html_supplier(void *ctx, const struct of_supplier_ref *ref)
{
	struct ref_walk *w = ctx;
	char name[48];

	if (ref->from != w->np)
		return 0;
	add_ref(node_index(ref->from), node_index(ref->supplier),
		of_supplier_ref_name(ref, name, sizeof(name)));
	return 0;
}

/*
 * A node whose properties are no device's: /aliases, /chosen, /__symbols__
 * (paths, labels) and the fixup nodes, whose subtrees mirror the tree's.
 * A child of /chosen (a framebuffer) is a device like any other.
 */
static bool html_special(const struct device_node *np)
{
	static const char *const names[] = {
		"aliases", "chosen", "__symbols__", "__fixups__", "__local_fixups__",
	};

	for (const struct device_node *p = np; p && p->parent; p = p->parent) {
		if (p->parent->parent)
			continue;
		for (size_t i = 0; i < ARRAY_SIZE(names); i++)
			if (!strcmp(p->full_name, names[i]))
				return p == np || i >= 3;
	}
	return false;
}

/* /aliases, /__symbols__ and /chosen name nodes by path ("/amba/serial@0",
 * "serial0:115200n8"): the kernel's own lookup resolves them. */
static void path_refs(struct device_node *np)
{
	const char *pn = np->parent && !np->parent->parent ? np->full_name : NULL;
	struct property *pp;

	if (!pn || (strcmp(pn, "aliases") && strcmp(pn, "__symbols__") && strcmp(pn, "chosen")))
		return;
	for (pp = np->properties; pp; pp = pp->next) {
		const char *v = pp->value;
		char buf[HTML_PATH_MAX];
		struct device_node *t;

		if (!pp->length || v[pp->length - 1] || memchr(v, 0, pp->length - 1))
			continue;
		snprintf(buf, sizeof(buf), "%s", v);
		if (!strcmp(pn, "chosen"))
			buf[strcspn(buf, ":")] = 0;
		t = of_find_node_by_path(buf);
		if (t)
			add_ref(node_index(np), node_index(t), pp->name);
		of_node_put(t);
	}
}

/* What an overlay changed: a node added, a property added or changed. */
struct html_mark {
	const struct device_node *np;
	const char *prop;       /* NULL: the node itself */
	const char *what;       /* "added", "changed", "device added", "device removed" */
	char *old;              /* a changed property's value before */
};

static struct html_mark hmarks[1024];
static int hnmarks;
static char *hdeleted[256];     /* "path" or "path: property = value" */
static int hndeleted;

/* A property's value as ofdump prints it: the text after "name = ". */
static char *prop_text(const struct property *pp)
{
	char *buf = NULL, *v;
	size_t len = 0, nl = strlen(pp->name);
	FILE *m = open_memstream(&buf, &len);

	if (!m)
		return strdup("");
	of_print_property(pp, put_stdout, m);
	fclose(m);
	if (!buf)
		return strdup("");
	if (len >= 2 && buf[len - 1] == '\n' && buf[len - 2] == ';')
		buf[len - 2] = 0;
	v = buf + nl;
	if (!strncmp(v, " = ", 3))
		v += 3;
	memmove(buf, v, strlen(v) + 1);
	return buf;
}

static void mark_overlay(int id)
{
	struct of_changeset *cs = of_overlay_changeset(id);
	struct of_changeset_entry *ce;
	char path[HTML_PATH_MAX];

	list_for_each_entry(ce, &cs->entries, node) {
		struct of_reconfig_data rd;
		unsigned long action = of_changeset_entry_reconfig(ce, false, &rd);
		int change = of_reconfig_get_state_change(action, &rd);
		struct html_mark *mk = hnmarks < (int)ARRAY_SIZE(hmarks) ? &hmarks[hnmarks] : NULL;
		char *old;

		if (!mk)
			break;
		mk->np = ce->np;
		switch (ce->action) {
		case OF_RECONFIG_ATTACH_NODE:
			*mk = (struct html_mark){ ce->np, NULL, "added", NULL };
			hnmarks++;
			break;
		case OF_RECONFIG_ADD_PROPERTY:
			*mk = (struct html_mark){ ce->np, ce->prop->name, "added", NULL };
			hnmarks++;
			break;
		case OF_RECONFIG_UPDATE_PROPERTY:
			*mk = (struct html_mark){ ce->np, ce->prop->name, "changed",
						  ce->old_prop ? prop_text(ce->old_prop) : NULL };
			hnmarks++;
			break;
		case OF_RECONFIG_DETACH_NODE:
		case OF_RECONFIG_REMOVE_PROPERTY:
			if (hndeleted == (int)ARRAY_SIZE(hdeleted))
				break;
			node_path(ce->np, path, sizeof(path));
			old = ce->prop ? prop_text(ce->prop) : NULL;
			if (asprintf(&hdeleted[hndeleted], "%s%s%s%s%s", path,
				     ce->prop ? ": " : "", ce->prop ? ce->prop->name : "",
				     old && old[0] ? " = " : "", old ? old : "") >= 0)
				hndeleted++;
			free(old);
			break;
		}
		/* The devices it makes appear or go, by the buses' own rule. */
		if (change != OF_RECONFIG_NO_CHANGE && of_get_property(ce->np, "compatible", NULL) &&
		    hnmarks < (int)ARRAY_SIZE(hmarks))
			hmarks[hnmarks++] = (struct html_mark){ ce->np, NULL,
				change == OF_RECONFIG_CHANGE_ADD ? "device added" : "device removed", NULL };
	}
}

static const struct html_mark *find_mark(const struct device_node *np, const char *prop,
					 const struct html_mark *after)
{
	for (const struct html_mark *m = after ? after + 1 : hmarks; m < hmarks + hnmarks; m++)
		if (m->np == np && (prop ? m->prop && !strcmp(m->prop, prop) : !m->prop))
			return m;
	return NULL;
}

/* Apply the overlays as `ofdump --overlay` does; a refusal is said at the
 * top and the page shows the tree as it was before that overlay. */
static void html_overlays(const struct ovfile *ovs, int n)
{
	for (int i = 0; i < n; i++) {
		bool read_failed;
		int id, err = apply_ovfile(&ovs[i], &id, &read_failed);

		if (read_failed) {
			html_problem("overlay %s: %s", ovs[i].file, strerror(-err));
			return;
		}
		if (err) {
			html_problem("overlay %s does not apply: %s (%s); the page shows the "
				     "tree without it", ovs[i].file, of_overlay_error(), strerror(-err));
			return;
		}
		mark_overlay(id);
	}
}

/* --- the boot log: what probed when ------------------------------------ */

struct log_event {
	int line;
	const char *kind;       /* "bound", "deferred", "failed", "module", "still deferred" */
	char dev[64];           /* the device's name, or its node's path */
	char drv[48];
	char detail[192];
	int node;
	int released;           /* deferred: the supplier whose binding released it */
};

static struct log_event *hevents;
static int hnevents;

/* The device the host boot made with the kernel's name @name ("101f1000.serial"). */
static struct device *device_by_name(const char *name)
{
	struct bus_type *bus = NULL;

	while ((bus = bus_next(bus))) {
		struct device *dev;

		list_for_each_entry(dev, &bus->devices, bus_node)
			if (!strcmp(dev_name(dev), name))
				return dev;
	}
	return NULL;
}

static int event_node(const char *dev)
{
	struct device_node *np;
	struct device *d;
	int i;

	if (dev[0] == '/') {
		np = of_find_node_by_path(dev);
		i = node_index(np);
		of_node_put(np);
		return i;
	}
	d = device_by_name(dev);
	return d ? node_index(d->of_node) : -1;
}

static void add_event(int line, const char *kind, const char *dev, size_t devlen,
		      const char *drv, size_t drvlen, const char *detail)
{
	struct log_event *e, *n;

	n = realloc(hevents, (hnevents + 1) * sizeof(*n));
	if (!n)
		return;
	hevents = n;
	e = &hevents[hnevents++];
	memset(e, 0, sizeof(*e));
	e->line = line;
	e->kind = kind;
	snprintf(e->dev, sizeof(e->dev), "%.*s", (int)devlen, dev);
	snprintf(e->drv, sizeof(e->drv), "%.*s", (int)drvlen, drv);
	snprintf(e->detail, sizeof(e->detail), "%s", detail);
	e->node = event_node(e->dev);
	e->released = -1;
}

/* One line of the log, by the formats drivers/base/ and the module loader print. */
static void parse_log_line(int ln, const char *s)
{
	const char *p, *sp;

	if (!strncmp(s, "driver core: ", 13))
		s += 13;
	if ((p = strstr(s, ": bound (")) && (sp = memchr(s, ' ', p - s))) {
		char how[128];

		snprintf(how, sizeof(how), "%s", p + 9);
		how[strcspn(how, ")")] = 0;
		add_event(ln, "bound", sp + 1, p - sp - 1, s, sp - s, how);
	} else if ((p = strstr(s, ": probe of ")) && (sp = strstr(p, " failed: "))) {
		add_event(ln, "failed", p + 11, sp - p - 11, s, p - s, sp + 9);
	} else if ((p = strstr(s, " still deferred at end of boot: "))) {
		add_event(ln, "still deferred", s, p - s, "", 0, p + 32);
	} else if ((p = strstr(s, " deferred: ")) && (sp = memchr(s, ' ', p - s))) {
		add_event(ln, "deferred", sp + 1, p - sp - 1, s, sp - s, p + 11);
	} else if (!strncmp(s, "module: ", 8) && (p = strstr(s, " pulls in ")) &&
		   (sp = strchr(s + 8, ' ')) && sp < p) {
		char compat[128];

		snprintf(compat, sizeof(compat), "%.*s", (int)(p - sp - 1), sp + 1);
		add_event(ln, "module", s + 8, sp - s - 8, p + 10, strlen(p + 10), compat);
	}
}

static bool event_device_links(int consumer, int supplier);

/* A deferral ends when the device binds: the supplier that bound last
 * before that, among those the kernel linked it to, released it. */
static void find_releases(void)
{
	for (int i = 0; i < hnevents; i++) {
		struct log_event *d = &hevents[i];
		int j, k;

		if (strcmp(d->kind, "deferred") || d->node < 0)
			continue;
		for (j = i + 1; j < hnevents; j++)
			if (hevents[j].node == d->node && !strcmp(hevents[j].kind, "bound"))
				break;
		if (j == hnevents)
			continue;
		for (k = j - 1; k > i; k--)
			if (!strcmp(hevents[k].kind, "bound") && hevents[k].node >= 0 &&
			    event_device_links(d->node, hevents[k].node)) {
				d->released = hevents[k].node;
				break;
			}
	}
}

/* Does the host boot link @consumer's device to @supplier's node? */
static bool event_device_links(int consumer, int supplier)
{
	struct device *dev = hnodes[consumer]->data;
	struct device_link *link;

	if (!dev)
		return false;
	list_for_each_entry(link, &dev->links_suppliers, c_node) {
		const struct device_node *s = link->supplier ? link->supplier->of_node : link->target;

		if (node_index(s) == supplier)
			return true;
	}
	return false;
}

/*
 * The log must be of this very blob: its "fdt: machine: MODEL (compatible
 * "C")", "fdt: blob at A: N bytes" and "of: unflattened N nodes, M
 * properties" lines against the file's.  QEMU adds to the blob it passes
 * (/chosen, initrd, virtio-mmio nodes): the blob to page is the one QEMU
 * dumps, not the file given to -dtb.
 */
static void html_read_log(const char *file, const char *blobfile, const struct of_fdt_stats *st)
{
	const char *model = of_get_property(of_root, "model", NULL);
	const char *compat = of_get_property(of_root, "compatible", NULL);
	char *text, *line, *save = NULL, lmodel[160] = "", lcompat[160] = "", last[160] = "";
	unsigned int bytes = 0, nodes = 0, props = 0, a, b;
	bool seen_machine = false, seen_tree = false;
	int ln = 0;
	size_t len;

	errno = 0;
	text = read_file(file, &len);
	if (!text) {
		html_problem("log %s: %s", file, strerror(errno));
		return;
	}
	text = realloc(text, len + 1);
	text[len] = 0;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		const char *p;

		ln++;
		line[strcspn(line, "\r")] = 0;
		if (line[0])
			snprintf(last, sizeof(last), "%s", line);
		if (!seen_machine && !strncmp(line, "fdt: machine: ", 14) &&
		    (p = strstr(line, " (compatible \""))) {
			snprintf(lmodel, sizeof(lmodel), "%.*s", (int)(p - line - 14), line + 14);
			snprintf(lcompat, sizeof(lcompat), "%s", p + 14);
			lcompat[strcspn(lcompat, "\"")] = 0;
			seen_machine = true;
		} else if (!bytes && sscanf(line, "fdt: blob at %*x: %u bytes", &a) == 1) {
			bytes = a;
		} else if (!seen_tree && sscanf(line, "of: unflattened %u nodes, %u properties",
						&a, &b) == 2) {
			nodes = a;
			props = b;
			seen_tree = true;
		} else if (seen_tree) {
			parse_log_line(ln, line);
		}
	}
	free(text);
	if (!seen_machine || !seen_tree) {
		html_problem("log %s holds no boot of a blob (no \"fdt: machine:\" and \"of: "
			     "unflattened\" lines): the kernel did not get that far, or printed "
			     "where this log did not see; its last line: \"%s\"; no timeline",
			     file, last);
		hnevents = 0;
		return;
	}
	if (bytes != st->blob_bytes || nodes != st->nodes || props != st->properties ||
	    strcmp(lcompat, compat ? compat : "") || (model && strcmp(lmodel, model))) {
		html_problem("log %s is from another blob: it booted \"%s\" (compatible \"%s\"), "
			     "%u bytes, %u nodes, %u properties; %s is \"%s\" (compatible \"%s\"), "
			     "%zu bytes, %u nodes, %u properties (QEMU adds to the blob it passes: "
			     "-M BOARD,dumpdtb=FILE writes that one, as make explore does); no "
			     "timeline", file, lmodel, lcompat, bytes, nodes, props, blobfile,
			     model ? model : "", compat ? compat : "", st->blob_bytes, st->nodes,
			     st->properties);
		hnevents = 0;
		return;
	}
	/* A device the kernel made on a bus of its own (virtio0) has no node:
	 * its events stay in the timeline, unlinked. */
	find_releases();
}

/* --- the data, as JSON ------------------------------------------------- */

static void ignore_reason(void *ctx, const char *line)
{
}

static void json_device(FILE *f, struct device_node *np, const struct whynot_catalog *cat)
{
	const struct of_device_id *id = NULL;
	const struct whynot_driver *drv = NULL;
	const char *bus, *mod = NULL;
	char *text = NULL, why[160];
	size_t len = 0;
	enum whynot_verdict v;
	FILE *m;

	bus = whynot_node_bus(np, cat, false, why, sizeof(why));
	v = whynot_explain(np, cat, false, ignore_reason, NULL);
	if (v == WHYNOT_WOULD_BIND || v == WHYNOT_WOULD_DEFER) {
		drv = whynot_best_driver(cat, np, bus, &id);
		if (!drv)
			mod = whynot_module(cat, np, NULL);
	}
	m = open_memstream(&text, &len);
	if (m) {
		print_device(m, np, cat);
		fclose(m);
	}
	fprintf(f, "{\"bus\":");
	json_str(f, bus);
	fprintf(f, ",\"v\":");
	json_str(f, whynot_verdict_name(v));
	fprintf(f, ",\"drv\":");
	json_str(f, drv ? drv->name : NULL);
	fprintf(f, ",\"entry\":");
	json_str(f, id ? id->compatible : NULL);
	fprintf(f, ",\"mod\":");
	json_str(f, mod);
	fprintf(f, ",\"t\":");
	json_str(f, text ? text : "");
	fputc('}', f);
	free(text);
}

static void json_node(FILE *f, int i)
{
	struct device_node *np = hnodes[i];
	const struct html_mark *mk;
	struct property *pp;
	char path[HTML_PATH_MAX];
	bool first;

	node_path(np, path, sizeof(path));
	fprintf(f, "{\"p\":");
	json_str(f, path);
	fprintf(f, ",\"u\":%d,\"ph\":%u", node_index(np->parent), (unsigned int)np->phandle);
	/* Labels: the __symbols__ entries naming this node. */
	fprintf(f, ",\"l\":[");
	first = true;
	for (int k = rtofirst[i]; k < rtofirst[i + 1]; k++) {
		int r = rto[k];
		struct device_node *from = hnodes[hrefs[r].from];

		if (from->parent && !from->parent->parent &&
		    !strcmp(from->full_name, "__symbols__")) {
			fprintf(f, first ? "" : ",");
			json_str(f, hrefs[r].prop);
			first = false;
		}
	}
	fprintf(f, "],\"pr\":[");
	for (pp = np->properties; pp; pp = pp->next) {
		char *v = prop_text(pp);

		fprintf(f, "%s[", pp == np->properties ? "" : ",");
		json_str(f, pp->name);
		fputc(',', f);
		json_str(f, v);
		free(v);
		fprintf(f, ",[");
		first = true;
		for (int r = rfrom[i]; r < rfrom[i + 1]; r++) {
			size_t pl = strlen(pp->name);
			bool inherited = !strcmp(hrefs[r].prop, "interrupt-parent (inherited)");

			/* An inherited interrupt parent is what "interrupts" names. */
			if (inherited ? strcmp(pp->name, "interrupts") :
			    strncmp(hrefs[r].prop, pp->name, pl) ||
			    (hrefs[r].prop[pl] && hrefs[r].prop[pl] != ' '))
				continue;
			fprintf(f, "%s%d", first ? "" : ",", hrefs[r].to);
			first = false;
		}
		fputc(']', f);
		mk = find_mark(np, pp->name, NULL);
		if (mk) {
			fputc(',', f);
			json_str(f, mk->what);
			fputc(',', f);
			json_str(f, mk->old);
		}
		fputc(']', f);
	}
	/* References the node makes without a property of its own name. */
	fprintf(f, "],\"rf\":[");
	first = true;
	for (int r = rfrom[i]; r < rfrom[i + 1]; r++) {
		fprintf(f, "%s[%d,", first ? "" : ",", hrefs[r].to);
		json_str(f, hrefs[r].prop);
		fputc(']', f);
		first = false;
	}
	fprintf(f, "],\"rb\":[");
	first = true;
	for (int k = rtofirst[i]; k < rtofirst[i + 1]; k++) {
		int r = rto[k];

		fprintf(f, "%s[%d,", first ? "" : ",", hrefs[r].from);
		json_str(f, hrefs[r].prop);
		fputc(']', f);
		first = false;
	}
	fprintf(f, "],\"m\":[");
	first = true;
	for (mk = find_mark(np, NULL, NULL); mk; mk = find_mark(np, NULL, mk)) {
		fprintf(f, first ? "" : ",");
		json_str(f, mk->what);
		first = false;
	}
	fprintf(f, "],\"d\":%s}", hdev[i] ? hdev[i] : "null");
}

static void json_graph(FILE *f)
{
	struct bus_type *bus = NULL;
	bool first = true;

	fprintf(f, "{\"devs\":[");
	while ((bus = bus_next(bus))) {
		struct device *dev;

		list_for_each_entry(dev, &bus->devices, bus_node) {
			const struct device_driver *drv = dev->driver ? dev->driver : dev->tried;

			if (!dev->of_node)
				continue;
			fprintf(f, "%s{\"n\":%d,\"name\":", first ? "" : ",", node_index(dev->of_node));
			json_str(f, dev_name(dev));
			fprintf(f, ",\"bus\":");
			json_str(f, bus->name);
			fprintf(f, ",\"drv\":");
			json_str(f, drv ? drv->name : NULL);
			fprintf(f, ",\"st\":");
			json_str(f, dev_state_name(dev->state));
			fprintf(f, ",\"o\":%u}", dev->state == DEVICE_BOUND ? dev->probe_order : 0);
			first = false;
		}
	}
	fprintf(f, "],\"links\":[");
	first = true;
	bus = NULL;
	while ((bus = bus_next(bus))) {
		struct device *dev;

		list_for_each_entry(dev, &bus->devices, bus_node) {
			struct device_link *link;

			if (!dev->of_node)
				continue;
			list_for_each_entry(link, &dev->links_suppliers, c_node) {
				const struct device_node *sup = link->supplier ?
					link->supplier->of_node : link->target;

				fprintf(f, "%s{\"s\":%d,\"c\":%d,\"p\":", first ? "" : ",",
					node_index(sup), node_index(dev->of_node));
				json_str(f, link->prop);
				fprintf(f, ",\"st\":");
				json_str(f, device_link_state_name(device_link_state(link)));
				fprintf(f, ",\"cycle\":%s,\"r\":", link->relaxed ? "true" : "false");
				json_str(f, link->reason);
				fputc('}', f);
				first = false;
			}
		}
	}
	fprintf(f, "]}");
}

static void json_events(FILE *f)
{
	fputc('[', f);
	for (int i = 0; i < hnevents; i++) {
		const struct log_event *e = &hevents[i];

		fprintf(f, "%s{\"ln\":%d,\"k\":", i ? "," : "", e->line);
		json_str(f, e->kind);
		fprintf(f, ",\"dev\":");
		json_str(f, e->dev);
		fprintf(f, ",\"drv\":");
		json_str(f, e->drv);
		fprintf(f, ",\"x\":");
		json_str(f, e->detail);
		fprintf(f, ",\"n\":%d,\"rel\":%d}", e->node, e->released);
	}
	fputc(']', f);
}

struct html_args {
	const char *file, *log;
	const struct ovfile *overlays;
	int noverlays;
};

static void html_page(FILE *f, const struct html_args *a, bool tree)
{
	const char *mark = strstr(explore_page, EXPLORE_DATA_MARK);

	fwrite(explore_page, 1, mark - explore_page, f);
	fprintf(f, "{\"file\":");
	json_str(f, a->file);
	fprintf(f, ",\"log\":");
	json_str(f, a->log);
	fprintf(f, ",\"overlays\":[");
	for (int i = 0; i < a->noverlays; i++) {
		fprintf(f, i ? "," : "");
		json_str(f, a->overlays[i].file);
	}
	fprintf(f, "],\"problems\":[");
	for (int i = 0; i < html_nproblems; i++) {
		fprintf(f, i ? "," : "");
		json_str(f, html_problems[i]);
	}
	fprintf(f, "],\"deleted\":[");
	for (int i = 0; i < hndeleted; i++) {
		fprintf(f, i ? "," : "");
		json_str(f, hdeleted[i]);
	}
	fprintf(f, "],\"nodes\":[");
	for (int i = 0; tree && i < hn; i++) {
		fprintf(f, i ? ",\n" : "\n");
		json_node(f, i);
	}
	fprintf(f, "],\"graph\":");
	if (tree)
		json_graph(f);
	else
		fprintf(f, "{\"devs\":[],\"links\":[]}");
	fprintf(f, ",\"timeline\":");
	json_events(f);
	fprintf(f, ",\"logged\":%s}", a->log && hnevents ? "true" : "false");
	fputs(mark + strlen(EXPLORE_DATA_MARK), f);
}

/*
 * The kernel's code logs what it finds as it goes (a phandle that names
 * nothing, the host boot's probes): no part of the page, and stderr is for
 * what is wrong with the input.
 */
static void html_quiet(bool on)
{
	static int saved = -1;
	int null;

	fflush(stderr);
	if (on && saved < 0) {
		saved = dup(2);
		null = open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, 2);
			close(null);
		}
	} else if (!on && saved >= 0) {
		dup2(saved, 2);
		close(saved);
		saved = -1;
	}
}

/*
 * ofdump --html: the page for @a->file (refused: a page that says why),
 * overlays applied as --overlay does, the log parsed against the host boot.
 * Return: the exit status (1 when the page reports a problem).
 */
static int html_main(const struct html_args *a, void *blob, size_t size)
{
	struct whynot_catalog cat;
	struct of_fdt_stats st;
	char why[160];
	int err, i;

	err = of_fdt_unflatten(blob, size, why, sizeof(why));
	if (err) {
		html_problem("%s: the kernel refuses this blob: %s", a->file,
			     why[0] ? why : strerror(-err));
		html_page(stdout, a, false);
		return 1;
	}
	of_fdt_get_stats(&st);
	html_overlays(a->overlays, a->noverlays);
	if (html_index_nodes()) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return 1;
	}
	html_quiet(true);
	for (i = 0; i < hn; i++) {
		struct ref_walk w = { hnodes[i] };
		int before = hnrefs;
		u32 ph;

		/* /aliases and friends hold paths and labels, not phandles */
		if (!html_special(hnodes[i]))
			of_for_each_supplier(hnodes[i], html_supplier, &w);
		/* The root's interrupt-parent: a default, no supplier of its own. */
		if (hnrefs == before && !of_property_read_u32(hnodes[i], "interrupt-parent", &ph)) {
			struct device_node *par = of_find_node_by_phandle(ph);

			add_ref(i, node_index(par), "interrupt-parent");
			of_node_put(par);
		}
		path_refs(hnodes[i]);
	}
	hdev = calloc(hn + 1, sizeof(*hdev));
	if (!hdev || html_index_refs()) {
		html_quiet(false);
		fprintf(stderr, "%s: out of memory\n", prog);
		return 1;
	}
	/* The device panels first: the host boot below fills the driver core. */
	host_catalog(&cat);
	for (i = 0; i < hn; i++) {
		size_t len = 0;
		FILE *m;

		if (!hnodes[i]->parent || html_special(hnodes[i]) ||
		    !(m = open_memstream(&hdev[i], &len)))
			continue;
		json_device(m, hnodes[i], &cat);
		fclose(m);
	}
	graph_boot();
	html_quiet(false);
	if (a->log)
		html_read_log(a->log, a->file, &st);
	html_page(stdout, a, true);
	return html_nproblems ? 1 : 0;
}

/* MODE_DONE: the dry run printed its lines as each overlay applied. */
enum mode { MODE_DTS, MODE_STATS, MODE_DEVICES, MODE_GRAPH, MODE_HTML, MODE_DONE };

int main(int argc, char **argv)
{
	enum mode mode = MODE_DTS;
	const char *file = NULL, *alias_file = NULL, *log_file = NULL;
	static struct ovfile ovfiles[64];
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
		} else if (!strcmp(argv[i], "--html")) {
			mode = MODE_HTML;
		} else if (!strcmp(argv[i], "--log") && i + 1 < argc) {
			log_file = argv[++i];
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
		} else if (overlay && strchr(argv[i], '=')) {
			struct ovfile *ov = &ovfiles[novfiles ? novfiles - 1 : 0];

			if (!novfiles) {
				fprintf(stderr, "%s: %s: a parameter belongs after its overlay\n",
					prog, argv[i]);
				return 2;
			}
			if (ov->nparams == OFDUMP_MAX_PARAMS) {
				fprintf(stderr, "%s: %s: at most %d parameters\n", prog, ov->file,
					OFDUMP_MAX_PARAMS);
				return 2;
			}
			ov->params[ov->nparams++] = argv[i];
		} else if (overlay && novfiles < (int)ARRAY_SIZE(ovfiles)) {
			ovfiles[novfiles++].file = argv[i];
		} else {
			fprintf(stderr, "%s: one FILE only\n", prog);
			return 2;
		}
	}
	if (!file || (overlay && (!novfiles || mode == MODE_STATS)) ||
	    (log_file && mode != MODE_HTML)) {
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
	if (mode == MODE_HTML) {
		struct html_args a = { file, log_file, ovfiles, novfiles };

		err = html_main(&a, blob, size);
		if (fflush(stdout) || ferror(stdout)) {
			fprintf(stderr, "%s: write error: %s\n", prog, strerror(errno));
			return 1;
		}
		return err;
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
