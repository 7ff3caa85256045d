// SPDX-License-Identifier: BSD-2-Clause
/*
 * `selftest of`: the OF API on the target, on a tree of its own
 * (of/of-selftest.dts, built into the image), swapped in as the live tree
 * while the suite runs: lookups, every property reader and its errors,
 * phandle lists with #cells and through <stem>-map nexus nodes, ranges
 * (multi-level, empty, missing), interrupt-map with masks, aliases, %pOF.  The last cases check the board's own
 * tree: every node found again by its path, every phandle unique and found,
 * parent, child and sibling links consistent.  The oftest_* cases run on
 * the host tests' tree (tests/dts/host/oftest.dts, also built into the
 * image) what only it has: 3-cell buses whose first cell is flags, the
 * range parser, dma-ranges.
 */
#include <linux/device.h>
#include <linux/dma-direct.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_device.h>
#include <linux/of_fdt.h>
#include <linux/of_irq.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/selftest.h>

extern const char __of_selftest_dtb_start[], __of_selftest_dtb_end[];
extern const char __oftest_dtb_start[], __oftest_dtb_end[];

static int of_suite_init(struct selftest *t)
{
	return of_fdt_swap_in(__of_selftest_dtb_start,
			      (size_t)(__of_selftest_dtb_end - __of_selftest_dtb_start));
}

static void of_suite_exit(struct selftest *t)
{
	of_fdt_swap_out();
}

static struct device_node *node(struct selftest *t, const char *path)
{
	struct device_node *np = of_find_node_by_path(path);

	ST_EXPECT(t, np, "%s is in the test tree", path);
	return np;
}

/* --- lookups ---------------------------------------------------------- */

static void find_root(struct selftest *t)
{
	struct device_node *np = of_find_node_by_path("/");

	ST_ASSERT(t, np, "/ found");
	ST_EXPECT(t, of_node_is_root(np), "/ is the root");
	ST_EXPECT_STREQ(t, np->full_name, "/");
	ST_EXPECT_EQ(t, of_device_is_compatible(np, "coyote,selftest-tree") > 0, 1);
}

static void find_by_full_path(struct selftest *t)
{
	struct device_node *np = of_find_node_by_path("/bus@40000000/sub@80000/flat@8000/gpio@8100");

	ST_ASSERT(t, np, "four levels deep found");
	ST_EXPECT_STREQ(t, np->full_name, "gpio@8100");
	ST_EXPECT_STREQ(t, np->name, "gpio");
	ST_EXPECT(t, !of_find_node_by_path("/bus@40000000/sub@80000/flat@8000/gpio@8101"),
		  "a wrong unit address is not found");
	ST_EXPECT(t, !of_find_node_by_path("/bus@40000000/nosuch"), "a missing node is NULL");
	ST_EXPECT(t, !of_find_node_by_path(""), "an empty path is NULL");
}

static void find_by_alias_path(struct selftest *t)
{
	const char *opts = NULL;
	struct device_node *np = of_find_node_opts_by_path("testser0:115200", &opts);

	ST_ASSERT(t, np, "alias testser0 found");
	ST_EXPECT_STREQ(t, np->full_name, "serial@1000");
	ST_EXPECT_STREQ(t, opts, "115200");
	np = of_find_node_by_path("testser7");
	ST_ASSERT(t, np, "alias given as a path string found");
	ST_EXPECT_STREQ(t, np->full_name, "serial@2000");
	ST_EXPECT(t, !of_find_node_by_path("nosuchalias"), "an unknown alias is NULL");
}

static void find_compatible(struct selftest *t)
{
	struct device_node *np = NULL;
	int n = 0;

	while ((np = of_find_compatible_node(np, NULL, "coyote,selftest-uart")))
		n++;
	ST_EXPECT_EQ(t, n, 2);
	ST_EXPECT(t, of_find_compatible_node(NULL, NULL, "COYOTE,SELFTEST-GPIO"),
		  "compatible compares without case");
	ST_EXPECT(t, !of_find_compatible_node(NULL, NULL, "coyote,nosuch"), "unknown compatible");
}

static void find_by_name_and_children(struct selftest *t)
{
	struct device_node *bus = node(t, "/bus@40000000"), *np;

	ST_ASSERT(t, bus, "bus");
	ST_EXPECT_EQ(t, of_get_child_count(bus), 6);
	ST_EXPECT_EQ(t, of_get_available_child_count(bus), 5);
	np = of_get_child_by_name(bus, "sub");
	ST_ASSERT(t, np, "child by name without unit address");
	ST_EXPECT(t, of_get_parent(np) == bus, "its parent is the bus");
	ST_EXPECT(t, of_get_compatible_child(bus, "coyote,selftest-uart") == node(t, "testser0"),
		  "first compatible child");
	np = of_find_node_by_name(NULL, "hidden");
	ST_EXPECT(t, np && !strcmp(np->full_name, "hidden@10"), "node by name");
}

static void find_by_phandle(struct selftest *t)
{
	struct device_node *np;
	int n = 0;

	for_each_of_allnodes(np) {
		if (!np->phandle)
			continue;
		n++;
		ST_EXPECT(t, of_find_node_by_phandle(np->phandle) == np, "%s by its phandle %u",
			  np->full_name, np->phandle);
	}
	ST_EXPECT(t, n >= 8, "the tree has phandles (%d)", n);
	ST_EXPECT(t, !of_find_node_by_phandle(0), "phandle 0 is no node");
	ST_EXPECT(t, !of_find_node_by_phandle(0xdead), "unknown phandle");
	/* Numbers in the gaps the explicit phandles leave. */
	for (phandle ph = 1; ph < 0x30; ph++) {
		bool exists = false;

		for_each_of_allnodes(np)
			exists |= np->phandle == ph;
		if (!exists)
			ST_EXPECT(t, !of_find_node_by_phandle(ph), "no node has phandle %u", ph);
	}
	ST_EXPECT(t, of_find_node_by_phandle(0x20) == of_find_node_by_path("/provider2"),
		  "explicit phandle 0x20");
	ST_EXPECT(t, of_find_node_by_phandle(0x7fff0000) ==
		     of_find_node_by_path("/provider-nocells"), "explicit phandle 0x7fff0000");
}

static void node_available(struct selftest *t)
{
	ST_EXPECT(t, of_device_is_available(node(t, "testser0")), "no status: available");
	ST_EXPECT(t, !of_device_is_available(node(t, "testser7")), "disabled");
	ST_EXPECT(t, !of_device_is_available(NULL), "NULL node");
}

/* --- property readers ------------------------------------------------- */

static struct device_node *props(struct selftest *t)
{
	return node(t, "/props");
}

static void read_u32(struct selftest *t)
{
	u32 v = 0;

	ST_EXPECT_EQ(t, of_property_read_u32(props(t), "u32", &v), 0);
	ST_EXPECT_EQ(t, v, 0x12345678);
	ST_EXPECT_EQ(t, of_property_read_u32_index(props(t), "u32-array", 3, &v), 0);
	ST_EXPECT_EQ(t, v, 40);
}

static void read_u64(struct selftest *t)
{
	u64 v = 0;

	ST_EXPECT_EQ(t, of_property_read_u64(props(t), "u64", &v), 0);
	ST_EXPECT_EQ(t, v, 0x1122334455667788ull);
	ST_EXPECT_EQ(t, of_property_read_u64_index(props(t), "u64-array", 1, &v), 0);
	ST_EXPECT_EQ(t, v, 0x200000000ull);
}

static void read_arrays(struct selftest *t)
{
	u8 b[5] = { 0 };
	u16 h[3] = { 0 };
	u32 w[4] = { 0 };

	ST_EXPECT_EQ(t, of_property_read_u8_array(props(t), "u8-array", b, 5), 0);
	ST_EXPECT_EQ(t, b[0] + b[4], 6);
	ST_EXPECT_EQ(t, of_property_read_u16_array(props(t), "u16-array", h, 3), 0);
	ST_EXPECT_EQ(t, h[2], 0x3333);
	ST_EXPECT_EQ(t, of_property_read_u32_array(props(t), "u32-array", w, 4), 0);
	ST_EXPECT_EQ(t, w[0] + w[3], 50);
	ST_EXPECT_EQ(t, of_property_read_variable_u32_array(props(t), "u32-array", w, 1, 4), 4);
	ST_EXPECT_EQ(t, of_property_count_u32_elems(props(t), "u32-array"), 4);
	ST_EXPECT_EQ(t, of_property_count_u64_elems(props(t), "u64-array"), 2);
}

static void read_strings(struct selftest *t)
{
	const char *s = NULL, *arr[3] = { 0 };

	ST_EXPECT_EQ(t, of_property_read_string(props(t), "string", &s), 0);
	ST_EXPECT_STREQ(t, s, "hello");
	ST_EXPECT_EQ(t, of_property_count_strings(props(t), "strings"), 3);
	ST_EXPECT_EQ(t, of_property_read_string_index(props(t), "strings", 2, &s), 0);
	ST_EXPECT_STREQ(t, s, "gamma");
	ST_EXPECT_EQ(t, of_property_read_string_array(props(t), "strings", arr, 3), 3);
	ST_EXPECT_STREQ(t, arr[1], "beta");
	ST_EXPECT_EQ(t, of_property_match_string(props(t), "strings", "beta"), 1);
}

static void read_bool(struct selftest *t)
{
	ST_EXPECT(t, of_property_read_bool(props(t), "bool-true"), "present");
	ST_EXPECT(t, of_property_read_bool(props(t), "empty"), "empty is true");
	ST_EXPECT(t, !of_property_read_bool(props(t), "nosuch"), "missing is false");
}

/* Every reader's every error, one parameter each. */
struct reader_error {
	const char *name;
	int (*read)(struct device_node *np);
	int want;
};

static int rd_u32_missing(struct device_node *np) { u32 v; return of_property_read_u32(np, "nosuch", &v); }
static int rd_u32_empty(struct device_node *np) { u32 v; return of_property_read_u32(np, "empty", &v); }
static int rd_u32_short(struct device_node *np) { u32 v; return of_property_read_u32(np, "two-bytes", &v); }
static int rd_u32_index_past(struct device_node *np) { u32 v; return of_property_read_u32_index(np, "u32-array", 4, &v); }
static int rd_u64_short(struct device_node *np) { u64 v; return of_property_read_u64(np, "u32", &v); }
static int rd_u64_missing(struct device_node *np) { u64 v; return of_property_read_u64(np, "nosuch", &v); }
static int rd_u8_array_long(struct device_node *np) { u8 b[6]; return of_property_read_u8_array(np, "u8-array", b, 6); }
static int rd_u16_array_empty(struct device_node *np) { u16 h[1]; return of_property_read_u16_array(np, "empty", h, 1); }
static int rd_u32_array_long(struct device_node *np) { u32 w[5]; return of_property_read_u32_array(np, "u32-array", w, 5); }
static int rd_var_array_min(struct device_node *np) { u32 w[8]; return of_property_read_variable_u32_array(np, "u32-array", w, 5, 8); }
static int rd_string_missing(struct device_node *np) { const char *s; return of_property_read_string(np, "nosuch", &s); }
static int rd_string_empty(struct device_node *np) { const char *s; return of_property_read_string(np, "empty", &s); }
static int rd_string_unterminated(struct device_node *np) { const char *s; return of_property_read_string(np, "unterminated", &s); }
static int rd_string_index_past(struct device_node *np) { const char *s; return of_property_read_string_index(np, "strings", 3, &s); }
static int rd_match_missing(struct device_node *np) { return of_property_match_string(np, "strings", "delta"); }
static int rd_count_missing(struct device_node *np) { return of_property_count_u32_elems(np, "nosuch"); }
static int rd_count_odd(struct device_node *np) { return of_property_count_u32_elems(np, "u8-array"); }

static const struct reader_error reader_errors[] = {
	{ "u32_missing_einval", rd_u32_missing, -EINVAL },
	{ "u32_empty_eoverflow", rd_u32_empty, -EOVERFLOW },
	{ "u32_short_eoverflow", rd_u32_short, -EOVERFLOW },
	{ "u32_index_past_end_eoverflow", rd_u32_index_past, -EOVERFLOW },
	{ "u64_short_eoverflow", rd_u64_short, -EOVERFLOW },
	{ "u64_missing_einval", rd_u64_missing, -EINVAL },
	{ "u8_array_too_long_eoverflow", rd_u8_array_long, -EOVERFLOW },
	{ "u16_array_empty_eoverflow", rd_u16_array_empty, -EOVERFLOW },
	{ "u32_array_too_long_eoverflow", rd_u32_array_long, -EOVERFLOW },
	{ "variable_array_below_min_eoverflow", rd_var_array_min, -EOVERFLOW },
	{ "string_missing_einval", rd_string_missing, -EINVAL },
	{ "string_empty_enodata", rd_string_empty, -ENODATA },
	{ "string_unterminated_eilseq", rd_string_unterminated, -EILSEQ },
	{ "string_index_past_end_enodata", rd_string_index_past, -ENODATA },
	{ "match_string_absent_enodata", rd_match_missing, -ENODATA },
	{ "count_missing_einval", rd_count_missing, -EINVAL },
	{ "count_not_multiple_einval", rd_count_odd, -EINVAL },
};

static const char *reader_error_name(unsigned int i)
{
	return reader_errors[i].name;
}

static void property_errors(struct selftest *t)
{
	const struct reader_error *e = &reader_errors[t->param];

	ST_EXPECT_EQ(t, e->read(props(t)), e->want);
}

/* --- phandle lists ---------------------------------------------------- */

static struct device_node *consumer(struct selftest *t)
{
	return node(t, "/consumer");
}

struct phandle_want {
	const char *name;
	const char *target;	/* path; NULL: error @ret */
	int ret;
	int nargs;
	u32 args[2];
};

static const struct phandle_want phandle_wants[] = {
	{ "index0_no_cells", "/provider0", 0, 0, { 0 } },
	{ "index1_one_cell", "/provider1", 0, 1, { 5 } },
	{ "index2_two_cells", "/provider2", 0, 2, { 6, 7 } },
	{ "index3_empty_entry_enoent", NULL, -ENOENT, 0, { 0 } },
	{ "index4_after_empty", "/provider1", 0, 1, { 9 } },
	{ "index5_past_end_enoent", NULL, -ENOENT, 0, { 0 } },
};

static const char *phandle_want_name(unsigned int i)
{
	return phandle_wants[i].name;
}

static void phandle_args(struct selftest *t)
{
	const struct phandle_want *w = &phandle_wants[t->param];
	struct of_phandle_args args;
	int ret = of_parse_phandle_with_args(consumer(t), "test-list", "#test-cells",
					     (int)t->param, &args);

	ST_EXPECT_EQ(t, ret, w->ret);
	if (ret || !w->target)
		return;
	ST_EXPECT(t, args.np == of_find_node_by_path(w->target), "entry %u's node is %s",
		  t->param, w->target);
	ST_EXPECT_EQ(t, args.args_count, w->nargs);
	for (int i = 0; i < w->nargs; i++)
		ST_EXPECT_EQ(t, args.args[i], w->args[i]);
}

static void phandle_count(struct selftest *t)
{
	ST_EXPECT_EQ(t, of_count_phandle_with_args(consumer(t), "test-list", "#test-cells"), 5);
	ST_EXPECT_EQ(t, of_count_phandle_with_args(consumer(t), "plain-list", NULL), 2);
	ST_EXPECT_EQ(t, of_count_phandle_with_args(consumer(t), "nosuch", "#test-cells"), -ENOENT);
}

static void phandle_plain(struct selftest *t)
{
	ST_EXPECT(t, of_parse_phandle(consumer(t), "plain-list", 1) == node(t, "/provider2"),
		  "entry 1 of a plain list");
	ST_EXPECT(t, !of_parse_phandle(consumer(t), "plain-list", 2), "past the end");
	ST_EXPECT(t, !of_parse_phandle(consumer(t), "plain-list", -1), "negative index");
}

static void phandle_fixed_args(struct selftest *t)
{
	struct of_phandle_args args;

	ST_ASSERT(t, !of_parse_phandle_with_fixed_args(consumer(t), "fixed-list", 2, 1, &args),
		  "entry 1");
	ST_EXPECT(t, args.np == node(t, "/provider1"), "its node");
	ST_EXPECT_EQ(t, args.args[0] * 10 + args.args[1], 34);
	ST_EXPECT_EQ(t, of_parse_phandle_with_fixed_args(consumer(t), "fixed-list", -1, 0, &args),
		     -EINVAL);
}

static void phandle_errors(struct selftest *t)
{
	struct of_phandle_args args;

	selftest_expect_begin(t, "could not find phandle");
	ST_EXPECT_EQ(t, of_parse_phandle_with_args(consumer(t), "unknown-phandle", "#test-cells",
						   0, &args), -EINVAL);
	selftest_expect_end(t, "could not find phandle");
	selftest_expect_begin(t, "could not get #test-cells");
	ST_EXPECT_EQ(t, of_parse_phandle_with_args(consumer(t), "no-cells", "#test-cells", 0,
						   &args), -EINVAL);
	selftest_expect_end(t, "could not get #test-cells");
	selftest_expect_begin(t, "arguments longer than property");
	ST_EXPECT_EQ(t, of_parse_phandle_with_args(consumer(t), "short-args", "#test-cells", 0,
						   &args), -EINVAL);
	selftest_expect_end(t, "arguments longer than property");
	ST_EXPECT_EQ(t, of_parse_phandle_with_args(consumer(t), "test-list", "#test-cells", -1,
						   &args), -EINVAL);
}

/* Through "widget-map" nexus nodes: entry, controller, cells. */
struct map_want {
	const char *name;
	const char *ctrl;	/* NULL: error @ret */
	int ret;
	int nargs;
	u32 args[2];
};

static const struct map_want map_wants[] = {
	{ "to_one_cell_controller", "/widget-ctl1", 0, 1, { 11 } },
	{ "pass_thru_keeps_flags", "/widget-ctl2", 0, 2, { 12, 5 } },
	{ "two_connectors", "/widget-ctl2", 0, 2, { 13, 9 } },
	{ "no_map_entry_enoent", NULL, -ENOENT, 0, { 0 } },
	{ "controller_direct", "/widget-ctl1", 0, 1, { 4 } },
	{ "past_end_enoent", NULL, -ENOENT, 0, { 0 } },
};

static const char *map_want_name(unsigned int i)
{
	return map_wants[i].name;
}

static void phandle_args_map(struct selftest *t)
{
	const struct map_want *w = &map_wants[t->param];
	struct of_phandle_args args;
	int ret = of_parse_phandle_with_args_map(node(t, "/widget-user"), "widgets", "widget",
						 (int)t->param, &args);

	ST_EXPECT_EQ(t, ret, w->ret);
	if (ret || !w->ctrl)
		return;
	ST_EXPECT(t, args.np == of_find_node_by_path(w->ctrl), "entry %u ends at %s", t->param,
		  w->ctrl);
	ST_EXPECT_EQ(t, args.args_count, w->nargs);
	for (int i = 0; i < w->nargs; i++)
		ST_EXPECT_EQ(t, args.args[i], w->args[i]);
}

/* --- addresses -------------------------------------------------------- */

static u64 reg_addr(struct selftest *t, const char *path, int index)
{
	struct device_node *np = node(t, path);
	const __be32 *reg = np ? of_get_address(np, index, NULL, NULL) : NULL;

	if (!ST_EXPECT(t, reg, "%s has reg entry %d", path, index))
		return 0;
	return of_translate_address(np, reg);
}

static void ranges_one_level(struct selftest *t)
{
	ST_EXPECT_EQ(t, reg_addr(t, "testser0", 0), 0x40001000);
	ST_EXPECT_EQ(t, reg_addr(t, "testser0", 1), 0x40001800);
}

static void ranges_multi_level(struct selftest *t)
{
	ST_EXPECT_EQ(t, reg_addr(t, "testi2c3", 0), 0x40080300);
}

static void ranges_empty(struct selftest *t)
{
	ST_EXPECT_EQ(t, reg_addr(t, "/bus@40000000/sub@80000/flat@8000/gpio@8100", 0),
		     0x40088100);
}

static void ranges_missing(struct selftest *t)
{
	struct device_node *np = node(t, "/bus@40000000/sub@80000/closed@9000/hidden@10");
	struct resource r;

	ST_EXPECT_EQ(t, reg_addr(t, "/bus@40000000/sub@80000/closed@9000/hidden@10", 0),
		     OF_BAD_ADDR);
	ST_EXPECT_EQ(t, of_address_to_resource(np, 0, &r), -EINVAL);
	ST_EXPECT_EQ(t, of_address_count(np), 0);
}

static void ranges_outside(struct selftest *t)
{
	ST_EXPECT_EQ(t, reg_addr(t, "/bus@40000000/outside@200000", 0), OF_BAD_ADDR);
}

static void ranges_window_edges(struct selftest *t)
{
	ST_EXPECT_EQ(t, reg_addr(t, "/bus@40000000/last@ffff0", 0), 0x400ffff0);
	ST_EXPECT_EQ(t, reg_addr(t, "/bus@40000000/edge@100000", 0), OF_BAD_ADDR);
}

static void ranges_two_cells(struct selftest *t)
{
	ST_EXPECT_EQ(t, reg_addr(t, "/wide@80000000/dev@1,40", 0), 0x80000040);
	ST_EXPECT_EQ(t, reg_addr(t, "/wide@80000000/dev@2,80", 0), 0x90000080);
}

static void address_resource(struct selftest *t)
{
	struct resource r;

	ST_ASSERT(t, !of_address_to_resource(node(t, "testser0"), 1, &r), "entry 1");
	ST_EXPECT_EQ(t, r.start, 0x40001800);
	ST_EXPECT_EQ(t, resource_size(&r), 0x10);
	ST_EXPECT_STREQ(t, r.name, "fifo");
	ST_EXPECT_EQ(t, of_address_to_resource(node(t, "testser0"), 2, &r), -EINVAL);
	ST_EXPECT_EQ(t, of_address_count(node(t, "testser0")), 2);
}

/* --- interrupts ------------------------------------------------------- */

struct irq_want {
	const char *name;
	const char *path;
	const char *ctrl;	/* NULL: of_irq_parse_one fails */
	int nargs;
	u32 args[2];
};

static const struct irq_want irq_wants[] = {
	{ "direct_from_root_parent", "testser0", "/intc0", 1, { 3 } },
	{ "map_exact_match", "/nexus/child@100", "/intc0", 1, { 10 } },
	{ "map_masked_address_and_specifier", "/nexus/child@1a0", "/intc0", 1, { 11 } },
	{ "map_to_two_cell_parent", "/nexus/child@200", "/intc1", 2, { 20, 4 } },
	{ "map_no_entry_fails", "/nexus/child@300", NULL, 0, { 0 } },
};

static const char *irq_want_name(unsigned int i)
{
	return irq_wants[i].name;
}

static void irq_parse(struct selftest *t)
{
	const struct irq_want *w = &irq_wants[t->param];
	struct of_phandle_args out;
	int ret = of_irq_parse_one(node(t, w->path), 0, &out);

	if (!w->ctrl) {
		ST_EXPECT(t, ret < 0, "%s resolves to nothing (got %d)", w->path, ret);
		return;
	}
	ST_ASSERT(t, ret == 0, "%s resolves (got %d)", w->path, ret);
	ST_EXPECT(t, out.np == of_find_node_by_path(w->ctrl), "controller %s", w->ctrl);
	ST_EXPECT_EQ(t, out.args_count, w->nargs);
	for (int i = 0; i < w->nargs; i++)
		ST_EXPECT_EQ(t, out.args[i], w->args[i]);
}

static void irq_extended(struct selftest *t)
{
	struct of_phandle_args out;
	struct device_node *np = node(t, "/extended");

	ST_EXPECT_EQ(t, of_irq_count(np), 2);
	ST_ASSERT(t, !of_irq_parse_one(np, 1, &out), "entry 1");
	ST_EXPECT(t, out.np == node(t, "/intc1"), "its controller");
	ST_EXPECT_EQ(t, out.args_count, 2);
	ST_EXPECT_EQ(t, out.args[0] * 10 + out.args[1], 81);
	ST_EXPECT(t, of_irq_parse_one(np, 2, &out) < 0, "no entry 2");
}

static void irq_find_parent(struct selftest *t)
{
	ST_EXPECT(t, of_irq_find_parent(node(t, "testi2c3")) == node(t, "/intc0"),
		  "inherited interrupt-parent from the root");
	ST_EXPECT(t, of_irq_find_parent(node(t, "/nexus/child@100")) == node(t, "/nexus"),
		  "the nexus is its children's parent");
}

/* --- aliases and names ------------------------------------------------ */

static void alias_ids(struct selftest *t)
{
	ST_EXPECT_EQ(t, of_alias_get_id(node(t, "testser0"), "testser"), 0);
	ST_EXPECT_EQ(t, of_alias_get_id(node(t, "testser7"), "testser"), 7);
	ST_EXPECT_EQ(t, of_alias_get_id(node(t, "testi2c3"), "testi2c"), 3);
	ST_EXPECT_EQ(t, of_alias_get_highest_id("testser"), 7);
	ST_EXPECT_EQ(t, of_alias_get_id(node(t, "/props"), "testser"), -ENODEV);
	ST_EXPECT(t, of_alias_get_highest_id("nosuch") < 0, "no such stem");
}

static void full_path(struct selftest *t)
{
	char buf[64];

	ST_EXPECT(t, of_node_full_path(node(t, "testi2c3"), buf, sizeof(buf)) > 0, "fits");
	ST_EXPECT_STREQ(t, buf, "/bus@40000000/sub@80000/i2c@300");
	ST_EXPECT(t, of_node_full_path(of_find_node_by_path("/"), buf, sizeof(buf)) > 0, "root");
	ST_EXPECT_STREQ(t, buf, "/");
}

/* %pOF and its modifiers print what the node is. */
static void print_pOF(struct selftest *t)
{
	struct device_node *np = node(t, "testi2c3");
	char buf[96];

	ST_ASSERT(t, np, "node");
	snprintf(buf, sizeof(buf), "%pOF", np);
	ST_EXPECT_STREQ(t, buf, "/bus@40000000/sub@80000/i2c@300");
	snprintf(buf, sizeof(buf), "%pOFn", np);
	ST_EXPECT_STREQ(t, buf, "i2c");
	snprintf(buf, sizeof(buf), "%pOFP", np);
	ST_EXPECT_STREQ(t, buf, "i2c@300");
	snprintf(buf, sizeof(buf), "%pOFc", np);
	ST_EXPECT_STREQ(t, buf, "coyote,selftest-i2c");
	snprintf(buf, sizeof(buf), "%pOFp", node(t, "/provider2"));
	ST_EXPECT_STREQ(t, buf, "32");
	snprintf(buf, sizeof(buf), "%pOF", of_find_node_by_path("/"));
	ST_EXPECT_STREQ(t, buf, "/");
}

static void cells(struct selftest *t)
{
	ST_EXPECT_EQ(t, of_n_addr_cells(node(t, "/wide@80000000/dev@1,40")), 2);
	ST_EXPECT_EQ(t, of_n_size_cells(node(t, "/wide@80000000/dev@1,40")), 1);
	ST_EXPECT_EQ(t, of_n_addr_cells(node(t, "/nexus/child@100")), 1);
	ST_EXPECT_EQ(t, of_n_size_cells(node(t, "/nexus/child@100")), 0);
}

/* --- the board's own tree --------------------------------------------- */

/* Runs @check on the board's tree: the test tree is swapped out meanwhile. */
static void on_board_tree(struct selftest *t, void (*check)(struct selftest *t))
{
	of_fdt_swap_out();
	check(t);
	ST_EXPECT_EQ(t, of_fdt_swap_in(__of_selftest_dtb_start,
				       (size_t)(__of_selftest_dtb_end - __of_selftest_dtb_start)), 0);
}

static void check_paths(struct selftest *t)
{
	struct device_node *np;
	char path[256];
	int n = 0;

	for_each_of_allnodes(np) {
		n++;
		if (!ST_EXPECT(t, of_node_full_path(np, path, sizeof(path)) > 0, "path of %s",
			       np->full_name))
			continue;
		ST_EXPECT(t, of_find_node_by_path(path) == np, "%s found by its path", path);
	}
	ST_EXPECT(t, n > 1, "the board tree has nodes (%d)", n);
	ST_EXPECT(t, !of_find_compatible_node(NULL, NULL, "coyote,selftest-tree"),
		  "the test tree is not the board's");
}

static void check_phandles(struct selftest *t)
{
	struct device_node *np, *other;

	for_each_of_allnodes(np) {
		if (!np->phandle)
			continue;
		ST_EXPECT(t, of_find_node_by_phandle(np->phandle) == np, "%s found by phandle %u",
			  np->full_name, np->phandle);
		for (other = of_find_all_nodes(np); other; other = of_find_all_nodes(other))
			ST_EXPECT(t, other->phandle != np->phandle, "%s and %s share phandle %u",
				  np->full_name, other->full_name, np->phandle);
	}
}

static void check_links(struct selftest *t)
{
	struct device_node *np, *child;

	for_each_of_allnodes(np) {
		bool found = of_node_is_root(np);

		ST_EXPECT(t, !np->parent == of_node_is_root(np), "%s: only the root has no parent",
			  np->full_name);
		if (np->parent)
			for_each_child_of_node(np->parent, child)
				found |= child == np;
		ST_EXPECT(t, found, "%s is among its parent's children", np->full_name);
		for (child = np->child; child; child = child->sibling)
			ST_EXPECT(t, child->parent == np, "%s's child %s points back", np->full_name,
				  child->full_name);
	}
}

static void board_tree_paths(struct selftest *t)
{
	on_board_tree(t, check_paths);
}

static void board_tree_phandles(struct selftest *t)
{
	on_board_tree(t, check_phandles);
}

static void board_tree_links(struct selftest *t)
{
	on_board_tree(t, check_links);
}


/* --- the host tests' tree: flag buses, range parser, dma-ranges ---------- */

#define OT "/testcase-data"

/* Runs @check with tests/dts/host/oftest.dts as the live tree. */
static void on_oftest_tree(struct selftest *t, void (*check)(struct selftest *t))
{
	of_fdt_swap_out();
	if (ST_EXPECT(t, of_fdt_swap_in(__oftest_dtb_start,
					(size_t)(__oftest_dtb_end - __oftest_dtb_start)) == 0,
		      "oftest tree swapped in")) {
		check(t);
		of_fdt_swap_out();
	}
	ST_EXPECT_EQ(t, of_fdt_swap_in(__of_selftest_dtb_start,
				       (size_t)(__of_selftest_dtb_end - __of_selftest_dtb_start)), 0);
}

static void res_is(struct selftest *t, const char *path, int i, u64 start, u64 size)
{
	struct resource r;
	int err = of_address_to_resource(of_find_node_by_path(path), i, &r);

	if (!ST_EXPECT(t, err == 0, "%s reg %d translates (%d)", path, i, err))
		return;
	ST_EXPECT(t, r.start == start && resource_size(&r) == size,
		  "%s reg %d: 0x%llx+0x%llx, want 0x%llx+0x%llx", path, i,
		  (unsigned long long)r.start, (unsigned long long)resource_size(&r),
		  (unsigned long long)start, (unsigned long long)size);
}

static int res_err(const char *path)
{
	struct resource r;

	return of_address_to_resource(of_find_node_by_path(path), 0, &r);
}

static void check_flag_buses(struct selftest *t)
{
	/* The first cell is flags, compared and kept: two entries of one
	 * device land in two windows. */
	res_is(t, OT "/flag-bus@20000000/device@1,0,100", 0, 0x20000100, 0x10);
	res_is(t, OT "/flag-bus@20000000/device@1,0,100", 1, 0x30000100, 0x10);
	ST_EXPECT_EQ(t, res_err(OT "/flag-bus@20000000/no-window@3,0,0"), -EINVAL);
	res_is(t, OT "/flag-bus@20000000/same-flags/device@2,0,200", 0, 0x30000200, 0x10);
	res_is(t, OT "/flag-bus@20000000/inner-flags@2,0,800/device@7,0,10", 0, 0x30000810, 0x4);
	ST_EXPECT_EQ(t, res_err(OT "/flag-bus@20000000/inner-flags@2,0,800/wrong-flags@2,0,10"),
		     -EINVAL);
}

static void oftest_flag_buses(struct selftest *t)
{
	on_oftest_tree(t, check_flag_buses);
}

static void check_nested_and_bad_ranges(struct selftest *t)
{
	res_is(t, OT "/outer@40000000/middle@8000/device@100", 0, 0x40008100, 0x20);
	res_is(t, OT "/outer@40000000/middle@8000/empty/device@200", 0, 0x40008200, 0x20);
	ST_EXPECT_EQ(t, res_err(OT "/outer@40000000/middle@8000/closed/device@300"), -EINVAL);
	selftest_expect_begin(t, "wrap-bus@f0000000: ranges: 0xfffff000 + 0x2000 wraps");
	ST_EXPECT_EQ(t, res_err(OT "/wrap-bus@f0000000/device@2000"), -EINVAL);
	selftest_expect_end(t, "wrap-bus@f0000000: ranges: 0xfffff000 + 0x2000 wraps");
	selftest_expect_begin(t, "wraps-itself@fffff000: reg 0: 0xfffff000 + 0x2000 wraps");
	ST_EXPECT_EQ(t, res_err(OT "/wraps-itself@fffff000"), -EINVAL);
	selftest_expect_end(t, "wraps-itself@fffff000: reg 0: 0xfffff000 + 0x2000 wraps");
	selftest_expect_begin(t, "partial-bus@50000000: ranges: last 4 bytes are not a whole entry");
	res_is(t, OT "/partial-bus@50000000/device@10", 0, 0x50000010, 0x10);
	selftest_expect_end(t, "partial-bus@50000000: ranges: last 4 bytes are not a whole entry");
}

static void oftest_nested_and_bad_ranges(struct selftest *t)
{
	on_oftest_tree(t, check_nested_and_bad_ranges);
}

static void check_range_parser(struct selftest *t)
{
	struct device_node *fb = of_find_node_by_path(OT "/flag-bus@20000000");
	const u64 want_cpu[] = { 0x20000000, 0x30000000 }, want_size[] = { 0x1000, 0x2000 };
	struct of_range_parser parser;
	struct of_range range;
	struct resource r;
	int n = 0;

	ST_ASSERT(t, of_range_parser_init(&parser, fb) == 0, "parser on the flag bus");
	ST_EXPECT_EQ(t, of_range_count(&parser), 3);
	for_each_of_range(&parser, &range) {
		if (n < 2) {
			ST_EXPECT_EQ(t, range.cpu_addr, want_cpu[n]);
			ST_EXPECT_EQ(t, range.size, want_size[n]);
			ST_EXPECT_EQ(t, range.bus_addr, 0);
			ST_EXPECT_EQ(t, range.flags, n + 1);     /* the flags cell, as Linux */
		}
		n++;
	}
	ST_EXPECT_EQ(t, n, 2);
	ST_EXPECT_EQ(t, of_range_to_resource(fb, 1, &r), 0);
	ST_EXPECT_EQ(t, r.start, 0x30000000);
	ST_EXPECT_EQ(t, r.end, 0x30001fff);
	ST_EXPECT_STREQ(t, r.name, "flag-bus@20000000");
	ST_EXPECT_EQ(t, of_range_to_resource(fb, 2, &r), -ENOENT);
	ST_EXPECT_EQ(t, of_range_to_resource(of_find_node_by_path(OT "/outer@40000000/middle@8000/closed"),
					     0, &r), -ENOENT);
	ST_EXPECT_EQ(t, of_range_parser_init(&parser, NULL), -EINVAL);
	ST_ASSERT(t, of_range_parser_init(&parser, of_find_node_by_path(OT "/pci@70000000")) == 0,
		  "parser on PCI");
	ST_EXPECT_EQ(t, of_range_count(&parser), 2);
	ST_ASSERT(t, of_range_parser_one(&parser, &range), "PCI range 0");
	ST_EXPECT_EQ(t, range.flags, IORESOURCE_MEM);
	ST_EXPECT_EQ(t, range.bus_addr, 0x80000000);
	ST_EXPECT_EQ(t, range.size, 0x100000);
	ST_ASSERT(t, of_range_parser_one(&parser, &range), "PCI range 1");
	ST_EXPECT_EQ(t, range.flags, IORESOURCE_IO);
	ST_EXPECT_EQ(t, range.cpu_addr, 0x71000000);
	ST_EXPECT(t, !of_range_parser_one(&parser, &range), "PCI: no range 2");
	ST_EXPECT_EQ(t, of_range_to_resource(of_find_node_by_path(OT "/pci@70000000"), 1, &r),
		     -EINVAL);
	ST_ASSERT(t, of_range_parser_init(&parser,
					  of_find_node_by_path(OT "/outer@40000000/middle@8000/empty")) == 0,
		  "empty ranges parse");
	ST_EXPECT_EQ(t, of_range_count(&parser), 0);
}

static void oftest_range_parser(struct selftest *t)
{
	on_oftest_tree(t, check_range_parser);
}

static void check_dma_ranges(struct selftest *t)
{
	const struct bus_dma_region *map = NULL;
	struct device dev;

	ST_ASSERT(t, of_dma_get_range(of_find_node_by_path(OT "/dma-bus@60000000"), &map) == 0 && map,
		  "of_dma_get_range");
	ST_EXPECT_EQ(t, map[0].dma_start, 0);
	ST_EXPECT_EQ(t, map[0].cpu_start, 0x60000000);
	ST_EXPECT_EQ(t, map[0].size, 0x200000);
	ST_EXPECT_EQ(t, map[1].dma_start, 0x80000000);
	ST_EXPECT_EQ(t, map[1].cpu_start, 0x70000000);
	ST_EXPECT_EQ(t, map[2].size, 0);
	kfree(map);
	map = NULL;
	ST_EXPECT_EQ(t, of_dma_get_range(of_find_node_by_path(OT "/dma-bus@60000000/empty-dma"), &map), 0);
	ST_EXPECT(t, map && map[0].cpu_start == 0x60000000, "empty dma-ranges: the parent's windows");
	kfree(map);
	map = NULL;
	ST_EXPECT_EQ(t, of_dma_get_range(of_find_node_by_path(OT "/dma-bus@60000000/no-dma/device@3000"),
					 &map), -ENODEV);
	ST_EXPECT_EQ(t, of_dma_get_range(of_find_node_by_path(OT "/outer@40000000"), &map), -ENODEV);
	selftest_expect_begin(t, "closed-dma-bus/inner: dma-ranges: bus address 0x0 has no CPU address");
	ST_EXPECT_EQ(t, of_dma_get_range(of_find_node_by_path(OT "/closed-dma-bus/inner"), &map), -EINVAL);
	selftest_expect_end(t, "closed-dma-bus/inner: dma-ranges: bus address 0x0 has no CPU address");

	memset(&dev, 0, sizeof(dev));
	ST_ASSERT(t, of_dma_configure(&dev, of_find_node_by_path(OT "/dma-bus@60000000/dma-device@1000"),
				      false) == 0, "of_dma_configure");
	ST_EXPECT(t, dev.dma_range_map, "the device has a DMA map");
	ST_EXPECT_EQ(t, phys_to_dma(&dev, 0x60100010), 0x100010);
	ST_EXPECT_EQ(t, dma_to_phys(&dev, 0x80000004), 0x70000004);
	ST_EXPECT_EQ(t, phys_to_dma(&dev, 0x50000000), DMA_MAPPING_ERROR);
	kfree(dev.dma_range_map);
	memset(&dev, 0, sizeof(dev));
	ST_EXPECT_EQ(t, of_dma_configure(&dev, of_find_node_by_path(OT "/outer@40000000/middle@8000/device@100"),
					 false), 0);
	ST_EXPECT_EQ(t, phys_to_dma(&dev, 0x1234), 0x1234);
}

static void oftest_dma_ranges(struct selftest *t)
{
	on_oftest_tree(t, check_dma_ranges);
}

static const struct selftest_case of_cases[] = {
	SELFTEST_CASE(find_root),
	SELFTEST_CASE(find_by_full_path),
	SELFTEST_CASE(find_by_alias_path),
	SELFTEST_CASE(find_compatible),
	SELFTEST_CASE(find_by_name_and_children),
	SELFTEST_CASE(find_by_phandle),
	SELFTEST_CASE(node_available),
	SELFTEST_CASE(read_u32),
	SELFTEST_CASE(read_u64),
	SELFTEST_CASE(read_arrays),
	SELFTEST_CASE(read_strings),
	SELFTEST_CASE(read_bool),
	SELFTEST_PARAM_CASE(property_errors, ARRAY_SIZE(reader_errors), reader_error_name),
	SELFTEST_PARAM_CASE(phandle_args, ARRAY_SIZE(phandle_wants), phandle_want_name),
	SELFTEST_CASE(phandle_count),
	SELFTEST_CASE(phandle_plain),
	SELFTEST_CASE(phandle_fixed_args),
	SELFTEST_CASE(phandle_errors),
	SELFTEST_PARAM_CASE(phandle_args_map, ARRAY_SIZE(map_wants), map_want_name),
	SELFTEST_CASE(ranges_one_level),
	SELFTEST_CASE(ranges_multi_level),
	SELFTEST_CASE(ranges_empty),
	SELFTEST_CASE(ranges_missing),
	SELFTEST_CASE(ranges_outside),
	SELFTEST_CASE(ranges_window_edges),
	SELFTEST_CASE(ranges_two_cells),
	SELFTEST_CASE(address_resource),
	SELFTEST_PARAM_CASE(irq_parse, ARRAY_SIZE(irq_wants), irq_want_name),
	SELFTEST_CASE(irq_extended),
	SELFTEST_CASE(irq_find_parent),
	SELFTEST_CASE(alias_ids),
	SELFTEST_CASE(full_path),
	SELFTEST_CASE(print_pOF),
	SELFTEST_CASE(cells),
	SELFTEST_CASE(oftest_flag_buses),
	SELFTEST_CASE(oftest_nested_and_bad_ranges),
	SELFTEST_CASE(oftest_range_parser),
	SELFTEST_CASE(oftest_dma_ranges),
	SELFTEST_CASE(board_tree_paths),
	SELFTEST_CASE(board_tree_phandles),
	SELFTEST_CASE(board_tree_links),
	{ }
};
SELFTEST_SUITE(of, of_cases, of_suite_init, of_suite_exit);
