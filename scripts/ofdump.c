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
		"usage: %s [--stats|--devices [--modules FILE]] FILE.dtb\n"
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
		"  --modules FILE  the modules.alias the initrd carries, for drivers\n"
		"            built as modules (default: ../modules/modules.alias from\n"
		"            this program's folder, when it exists; '' for none)\n"
		"  --help    this text\n"
		"\n"
		"Exit status: 0 ok, 1 unreadable or invalid blob (reason on stderr),\n"
		"2 bad usage.\n", prog);
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

/* Every node with a compatible, in tree order: what the kernel will make of it. */
static void print_devices(void)
{
	struct whynot_catalog host_cat = kernel_driver_catalog, *cat = &host_cat;
	struct device_node *np = NULL;
	char path[128], why[160];

	host_cat.modalias = host_modalias;

	while ((np = of_find_all_nodes(np))) {
		const struct whynot_driver *drv;
		const char *bus;
		enum whynot_verdict v;

		if (of_node_is_root(np) || !of_get_property(np, "compatible", NULL))
			continue;
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
			continue;
		}
		printf("  verdict:   %s%s%s\n", whynot_verdict_name(v),
		       drv ? " " : "", drv ? drv->name : "");
	}
}

enum mode { MODE_DTS, MODE_STATS, MODE_DEVICES };

int main(int argc, char **argv)
{
	enum mode mode = MODE_DTS;
	const char *file = NULL, *alias_file = NULL;
	char def_alias[4096];
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
		} else if (!strcmp(argv[i], "--modules") && i + 1 < argc) {
			alias_file = argv[++i];
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "%s: unknown option %s\n", prog, argv[i]);
			usage(stderr);
			return 2;
		} else if (!file) {
			file = argv[i];
		} else {
			fprintf(stderr, "%s: one FILE only\n", prog);
			return 2;
		}
	}
	if (!file) {
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
	err = of_fdt_unflatten(blob, size);
	if (err) {
		const char *why = of_fdt_unflatten_error();

		fprintf(stderr, "%s: %s: %s\n", prog, file,
			why && why[0] ? why : strerror(-err));
		free(blob);
		return 1;
	}

	/* Text dtc would turn into another tree is no DTS: say why instead. */
	if (mode == MODE_DTS) {
		char why[160];

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
	else
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
