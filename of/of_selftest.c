// SPDX-License-Identifier: BSD-2-Clause
/*
 * `selftest of`: the OF API on the target, on a tree of its own
 * (of/of-selftest.dts, built into the image), swapped in as the live tree
 * while the suite runs: lookups, every property reader and its errors,
 * phandle lists with #cells and through <stem>-map nexus nodes, ranges
 * (multi-level, empty, missing), interrupt-map with masks, aliases, %pOF.  The last cases check the board's own
 * tree: every node found again by its path, every phandle unique and found,
 * parent, child and sibling links consistent.  The oftest case runs the
 * cases the host's test_oftest runs (of/oftest_cases.c), one parameter
 * each, on the host tests' tree (tests/dts/host/oftest.dts, also built into
 * the image).
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

#include "oftest_cases.h"

extern const char __of_selftest_dtb_start[], __of_selftest_dtb_end[];
extern const char __oftest_dtb_start[], __oftest_dtb_end[];

static int of_suite_init(struct kunit *t)
{
	return of_fdt_swap_in(__of_selftest_dtb_start,
			      (size_t)(__of_selftest_dtb_end - __of_selftest_dtb_start));
}

static void of_suite_exit(struct kunit *t)
{
	of_fdt_swap_out();
}

/* The test tree's node at @path, lent: the suite holds the tree. */
static struct device_node *node(struct kunit *t, const char *path)
{
	struct device_node *np = of_find_node_by_path(path);

	KUNIT_EXPECT_TRUE_MSG(t, np, "%s is in the test tree", path);
	of_node_put(np);
	return np;
}

/* --- lookups ---------------------------------------------------------- */

static void find_root(struct kunit *t)
{
	struct device_node *np = of_find_node_by_path("/");

	KUNIT_ASSERT_TRUE_MSG(t, np, "/ found");
	KUNIT_EXPECT_TRUE_MSG(t, of_node_is_root(np), "/ is the root");
	KUNIT_EXPECT_STREQ(t, np->full_name, "/");
	KUNIT_EXPECT_EQ(t, of_device_is_compatible(np, "coyote,selftest-tree") > 0, 1);
}

static void find_by_full_path(struct kunit *t)
{
	struct device_node *np = of_find_node_by_path("/bus@40000000/sub@80000/flat@8000/gpio@8100");

	KUNIT_ASSERT_TRUE_MSG(t, np, "four levels deep found");
	KUNIT_EXPECT_STREQ(t, np->full_name, "gpio@8100");
	KUNIT_EXPECT_STREQ(t, np->name, "gpio");
	KUNIT_EXPECT_TRUE_MSG(t, !of_find_node_by_path("/bus@40000000/sub@80000/flat@8000/gpio@8101"),
		  "a wrong unit address is not found");
	KUNIT_EXPECT_TRUE_MSG(t, !of_find_node_by_path("/bus@40000000/nosuch"), "a missing node is NULL");
	KUNIT_EXPECT_TRUE_MSG(t, !of_find_node_by_path(""), "an empty path is NULL");
}

static void find_by_alias_path(struct kunit *t)
{
	const char *opts = NULL;
	struct device_node *np = of_find_node_opts_by_path("testser0:115200", &opts);

	KUNIT_ASSERT_TRUE_MSG(t, np, "alias testser0 found");
	KUNIT_EXPECT_STREQ(t, np->full_name, "serial@1000");
	KUNIT_EXPECT_STREQ(t, opts, "115200");
	np = of_find_node_by_path("testser7");
	KUNIT_ASSERT_TRUE_MSG(t, np, "alias given as a path string found");
	KUNIT_EXPECT_STREQ(t, np->full_name, "serial@2000");
	KUNIT_EXPECT_TRUE_MSG(t, !of_find_node_by_path("nosuchalias"), "an unknown alias is NULL");
}

static void find_compatible(struct kunit *t)
{
	struct device_node *np = NULL;
	int n = 0;

	while ((np = of_find_compatible_node(np, NULL, "coyote,selftest-uart")))
		n++;
	KUNIT_EXPECT_EQ(t, n, 2);
	np = of_find_compatible_node(NULL, NULL, "COYOTE,SELFTEST-GPIO");
	KUNIT_EXPECT_TRUE_MSG(t, np, "compatible compares without case");
	of_node_put(np);
	np = of_find_compatible_node(NULL, NULL, "coyote,nosuch");
	KUNIT_EXPECT_TRUE_MSG(t, !np, "unknown compatible");
	of_node_put(np);
}

static void find_by_name_and_children(struct kunit *t)
{
	struct device_node *bus = node(t, "/bus@40000000"), *np;

	KUNIT_ASSERT_TRUE_MSG(t, bus, "bus");
	KUNIT_EXPECT_EQ(t, of_get_child_count(bus), 6);
	KUNIT_EXPECT_EQ(t, of_get_available_child_count(bus), 5);
	np = of_get_child_by_name(bus, "sub");
	KUNIT_ASSERT_TRUE_MSG(t, np, "child by name without unit address");
	KUNIT_EXPECT_TRUE_MSG(t, of_get_parent(np) == bus, "its parent is the bus");
	KUNIT_EXPECT_TRUE_MSG(t, of_get_compatible_child(bus, "coyote,selftest-uart") == node(t, "testser0"),
		  "first compatible child");
	np = of_find_node_by_name(NULL, "hidden");
	KUNIT_EXPECT_TRUE_MSG(t, np && !strcmp(np->full_name, "hidden@10"), "node by name");
	of_node_put(np);
}

static void find_by_phandle(struct kunit *t)
{
	struct device_node *np;
	int n = 0;

	for_each_of_allnodes(np) {
		if (!np->phandle)
			continue;
		n++;
		KUNIT_EXPECT_TRUE_MSG(t, selftest_phandle_is(np->phandle, np), "%s by its phandle %u",
			  np->full_name, np->phandle);
	}
	KUNIT_EXPECT_TRUE_MSG(t, n >= 8, "the tree has phandles (%d)", n);
	KUNIT_EXPECT_TRUE_MSG(t, selftest_phandle_is(0, NULL), "phandle 0 is no node");
	KUNIT_EXPECT_TRUE_MSG(t, selftest_phandle_is(0xdead, NULL), "unknown phandle");
	/* Numbers in the gaps the explicit phandles leave. */
	for (phandle ph = 1; ph < 0x30; ph++) {
		bool exists = false;

		for_each_of_allnodes(np)
			exists |= np->phandle == ph;
		if (!exists)
			KUNIT_EXPECT_TRUE_MSG(t, selftest_phandle_is(ph, NULL), "no node has phandle %u", ph);
	}
	KUNIT_EXPECT_TRUE_MSG(t, selftest_phandle_is(0x20, node(t, "/provider2")),
		  "explicit phandle 0x20");
	KUNIT_EXPECT_TRUE_MSG(t, selftest_phandle_is(0x7fff0000, node(t, "/provider-nocells")),
			      "explicit phandle 0x7fff0000");
}

static void node_available(struct kunit *t)
{
	KUNIT_EXPECT_TRUE_MSG(t, of_device_is_available(node(t, "testser0")), "no status: available");
	KUNIT_EXPECT_TRUE_MSG(t, !of_device_is_available(node(t, "testser7")), "disabled");
	KUNIT_EXPECT_TRUE_MSG(t, !of_device_is_available(NULL), "NULL node");
}

/* --- property readers ------------------------------------------------- */

static struct device_node *props(struct kunit *t)
{
	return node(t, "/props");
}

static void read_u32(struct kunit *t)
{
	u32 v = 0;

	KUNIT_EXPECT_EQ(t, of_property_read_u32(props(t), "u32", &v), 0);
	KUNIT_EXPECT_EQ(t, v, 0x12345678);
	KUNIT_EXPECT_EQ(t, of_property_read_u32_index(props(t), "u32-array", 3, &v), 0);
	KUNIT_EXPECT_EQ(t, v, 40);
}

static void read_u64(struct kunit *t)
{
	u64 v = 0;

	KUNIT_EXPECT_EQ(t, of_property_read_u64(props(t), "u64", &v), 0);
	KUNIT_EXPECT_EQ(t, v, 0x1122334455667788ull);
	KUNIT_EXPECT_EQ(t, of_property_read_u64_index(props(t), "u64-array", 1, &v), 0);
	KUNIT_EXPECT_EQ(t, v, 0x200000000ull);
}

static void read_arrays(struct kunit *t)
{
	u8 b[5] = { 0 };
	u16 h[3] = { 0 };
	u32 w[4] = { 0 };

	KUNIT_EXPECT_EQ(t, of_property_read_u8_array(props(t), "u8-array", b, 5), 0);
	KUNIT_EXPECT_EQ(t, b[0] + b[4], 6);
	KUNIT_EXPECT_EQ(t, of_property_read_u16_array(props(t), "u16-array", h, 3), 0);
	KUNIT_EXPECT_EQ(t, h[2], 0x3333);
	KUNIT_EXPECT_EQ(t, of_property_read_u32_array(props(t), "u32-array", w, 4), 0);
	KUNIT_EXPECT_EQ(t, w[0] + w[3], 50);
	KUNIT_EXPECT_EQ(t, of_property_read_variable_u32_array(props(t), "u32-array", w, 1, 4), 4);
	KUNIT_EXPECT_EQ(t, of_property_count_u32_elems(props(t), "u32-array"), 4);
	KUNIT_EXPECT_EQ(t, of_property_count_u64_elems(props(t), "u64-array"), 2);
}

static void read_strings(struct kunit *t)
{
	const char *s = NULL, *arr[3] = { 0 };

	KUNIT_EXPECT_EQ(t, of_property_read_string(props(t), "string", &s), 0);
	KUNIT_EXPECT_STREQ(t, s, "hello");
	KUNIT_EXPECT_EQ(t, of_property_count_strings(props(t), "strings"), 3);
	KUNIT_EXPECT_EQ(t, of_property_read_string_index(props(t), "strings", 2, &s), 0);
	KUNIT_EXPECT_STREQ(t, s, "gamma");
	KUNIT_EXPECT_EQ(t, of_property_read_string_array(props(t), "strings", arr, 3), 3);
	KUNIT_EXPECT_STREQ(t, arr[1], "beta");
	KUNIT_EXPECT_EQ(t, of_property_match_string(props(t), "strings", "beta"), 1);
}

static void read_bool(struct kunit *t)
{
	KUNIT_EXPECT_TRUE_MSG(t, of_property_read_bool(props(t), "bool-true"), "present");
	KUNIT_EXPECT_TRUE_MSG(t, of_property_read_bool(props(t), "empty"), "empty is true");
	KUNIT_EXPECT_TRUE_MSG(t, !of_property_read_bool(props(t), "nosuch"), "missing is false");
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

static void property_errors(struct kunit *t)
{
	const struct reader_error *e = &reader_errors[t->param];

	KUNIT_EXPECT_EQ(t, e->read(props(t)), e->want);
}

/* --- phandle lists ---------------------------------------------------- */

static struct device_node *consumer(struct kunit *t)
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

static void phandle_args(struct kunit *t)
{
	const struct phandle_want *w = &phandle_wants[t->param];
	struct of_phandle_args args;
	int ret = of_parse_phandle_with_args(consumer(t), "test-list", "#test-cells",
					     (int)t->param, &args);

	KUNIT_EXPECT_EQ(t, ret, w->ret);
	if (!ret && !w->target)
		of_node_put(args.np);
	if (ret || !w->target)
		return;
	KUNIT_EXPECT_TRUE_MSG(t, selftest_path_is(w->target, args.np), "entry %u's node is %s",
		  t->param, w->target);
	of_node_put(args.np);
	KUNIT_EXPECT_EQ(t, args.args_count, w->nargs);
	for (int i = 0; i < w->nargs; i++)
		KUNIT_EXPECT_EQ(t, args.args[i], w->args[i]);
}

static void phandle_count(struct kunit *t)
{
	KUNIT_EXPECT_EQ(t, of_count_phandle_with_args(consumer(t), "test-list", "#test-cells"), 5);
	KUNIT_EXPECT_EQ(t, of_count_phandle_with_args(consumer(t), "plain-list", NULL), 2);
	KUNIT_EXPECT_EQ(t, of_count_phandle_with_args(consumer(t), "nosuch", "#test-cells"), -ENOENT);
}

static void phandle_plain(struct kunit *t)
{
	KUNIT_EXPECT_TRUE_MSG(t, of_parse_phandle(consumer(t), "plain-list", 1) == node(t, "/provider2"),
		  "entry 1 of a plain list");
	KUNIT_EXPECT_TRUE_MSG(t, !of_parse_phandle(consumer(t), "plain-list", 2), "past the end");
	KUNIT_EXPECT_TRUE_MSG(t, !of_parse_phandle(consumer(t), "plain-list", -1), "negative index");
}

static void phandle_fixed_args(struct kunit *t)
{
	struct of_phandle_args args;

	KUNIT_ASSERT_TRUE_MSG(t, !of_parse_phandle_with_fixed_args(consumer(t), "fixed-list", 2, 1, &args),
		  "entry 1");
	KUNIT_EXPECT_TRUE_MSG(t, args.np == node(t, "/provider1"), "its node");
	of_node_put(args.np);
	KUNIT_EXPECT_EQ(t, args.args[0] * 10 + args.args[1], 34);
	KUNIT_EXPECT_EQ(t, of_parse_phandle_with_fixed_args(consumer(t), "fixed-list", -1, 0, &args),
		     -EINVAL);
}

static void phandle_errors(struct kunit *t)
{
	struct of_phandle_args args;

	kunit_expect_begin(t, "could not find phandle");
	KUNIT_EXPECT_EQ(t, of_parse_phandle_with_args(consumer(t), "unknown-phandle", "#test-cells",
						   0, &args), -EINVAL);
	kunit_expect_end(t);
	kunit_expect_begin(t, "could not get #test-cells");
	KUNIT_EXPECT_EQ(t, of_parse_phandle_with_args(consumer(t), "no-cells", "#test-cells", 0,
						   &args), -EINVAL);
	kunit_expect_end(t);
	kunit_expect_begin(t, "arguments longer than property");
	KUNIT_EXPECT_EQ(t, of_parse_phandle_with_args(consumer(t), "short-args", "#test-cells", 0,
						   &args), -EINVAL);
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, of_parse_phandle_with_args(consumer(t), "test-list", "#test-cells", -1,
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

static void phandle_args_map(struct kunit *t)
{
	const struct map_want *w = &map_wants[t->param];
	struct of_phandle_args args;
	int ret = of_parse_phandle_with_args_map(node(t, "/widget-user"), "widgets", "widget",
						 (int)t->param, &args);

	KUNIT_EXPECT_EQ(t, ret, w->ret);
	if (!ret && !w->ctrl)
		of_node_put(args.np);
	if (ret || !w->ctrl)
		return;
	KUNIT_EXPECT_TRUE_MSG(t, selftest_path_is(w->ctrl, args.np), "entry %u ends at %s", t->param,
		  w->ctrl);
	of_node_put(args.np);
	KUNIT_EXPECT_EQ(t, args.args_count, w->nargs);
	for (int i = 0; i < w->nargs; i++)
		KUNIT_EXPECT_EQ(t, args.args[i], w->args[i]);
}

/* --- addresses -------------------------------------------------------- */

static u64 reg_addr(struct kunit *t, const char *path, int index)
{
	struct device_node *np = node(t, path);
	const __be32 *reg = np ? of_get_address(np, index, NULL, NULL) : NULL;

	if (!KUNIT_EXPECT_TRUE_MSG(t, reg, "%s has reg entry %d", path, index))
		return 0;
	return of_translate_address(np, reg);
}

static void ranges_one_level(struct kunit *t)
{
	KUNIT_EXPECT_EQ(t, reg_addr(t, "testser0", 0), 0x40001000);
	KUNIT_EXPECT_EQ(t, reg_addr(t, "testser0", 1), 0x40001800);
}

static void ranges_multi_level(struct kunit *t)
{
	KUNIT_EXPECT_EQ(t, reg_addr(t, "testi2c3", 0), 0x40080300);
}

static void ranges_empty(struct kunit *t)
{
	KUNIT_EXPECT_EQ(t, reg_addr(t, "/bus@40000000/sub@80000/flat@8000/gpio@8100", 0),
		     0x40088100);
}

static void ranges_missing(struct kunit *t)
{
	struct device_node *np = node(t, "/bus@40000000/sub@80000/closed@9000/hidden@10");
	struct resource r;

	KUNIT_EXPECT_EQ(t, reg_addr(t, "/bus@40000000/sub@80000/closed@9000/hidden@10", 0),
		     OF_BAD_ADDR);
	KUNIT_EXPECT_EQ(t, of_address_to_resource(np, 0, &r), -EINVAL);
	KUNIT_EXPECT_EQ(t, of_address_count(np), 0);
}

static void ranges_outside(struct kunit *t)
{
	KUNIT_EXPECT_EQ(t, reg_addr(t, "/bus@40000000/outside@200000", 0), OF_BAD_ADDR);
}

static void ranges_window_edges(struct kunit *t)
{
	KUNIT_EXPECT_EQ(t, reg_addr(t, "/bus@40000000/last@ffff0", 0), 0x400ffff0);
	KUNIT_EXPECT_EQ(t, reg_addr(t, "/bus@40000000/edge@100000", 0), OF_BAD_ADDR);
}

static void ranges_two_cells(struct kunit *t)
{
	KUNIT_EXPECT_EQ(t, reg_addr(t, "/wide@80000000/dev@1,40", 0), 0x80000040);
	KUNIT_EXPECT_EQ(t, reg_addr(t, "/wide@80000000/dev@2,80", 0), 0x90000080);
}

static void address_resource(struct kunit *t)
{
	struct resource r;

	KUNIT_ASSERT_TRUE_MSG(t, !of_address_to_resource(node(t, "testser0"), 1, &r), "entry 1");
	KUNIT_EXPECT_EQ(t, r.start, 0x40001800);
	KUNIT_EXPECT_EQ(t, resource_size(&r), 0x10);
	KUNIT_EXPECT_STREQ(t, r.name, "fifo");
	KUNIT_EXPECT_EQ(t, of_address_to_resource(node(t, "testser0"), 2, &r), -EINVAL);
	KUNIT_EXPECT_EQ(t, of_address_count(node(t, "testser0")), 2);
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

static void irq_parse(struct kunit *t)
{
	const struct irq_want *w = &irq_wants[t->param];
	struct of_phandle_args out;
	int ret = of_irq_parse_one(node(t, w->path), 0, &out);

	if (!w->ctrl) {
		KUNIT_EXPECT_TRUE_MSG(t, ret < 0, "%s resolves to nothing (got %d)", w->path, ret);
		return;
	}
	KUNIT_ASSERT_TRUE_MSG(t, ret == 0, "%s resolves (got %d)", w->path, ret);
	KUNIT_EXPECT_TRUE_MSG(t, out.np == of_find_node_by_path(w->ctrl), "controller %s", w->ctrl);
	KUNIT_EXPECT_EQ(t, out.args_count, w->nargs);
	for (int i = 0; i < w->nargs; i++)
		KUNIT_EXPECT_EQ(t, out.args[i], w->args[i]);
}

static void irq_extended(struct kunit *t)
{
	struct of_phandle_args out;
	struct device_node *np = node(t, "/extended");

	KUNIT_EXPECT_EQ(t, of_irq_count(np), 2);
	KUNIT_ASSERT_TRUE_MSG(t, !of_irq_parse_one(np, 1, &out), "entry 1");
	KUNIT_EXPECT_TRUE_MSG(t, out.np == node(t, "/intc1"), "its controller");
	KUNIT_EXPECT_EQ(t, out.args_count, 2);
	KUNIT_EXPECT_EQ(t, out.args[0] * 10 + out.args[1], 81);
	KUNIT_EXPECT_TRUE_MSG(t, of_irq_parse_one(np, 2, &out) < 0, "no entry 2");
}

static void irq_find_parent(struct kunit *t)
{
	struct device_node *p = of_irq_find_parent(node(t, "testi2c3"));

	KUNIT_EXPECT_TRUE_MSG(t, p == node(t, "/intc0"), "inherited interrupt-parent from the root");
	of_node_put(p);
	p = of_irq_find_parent(node(t, "/nexus/child@100"));
	KUNIT_EXPECT_TRUE_MSG(t, p == node(t, "/nexus"), "the nexus is its children's parent");
	of_node_put(p);
}

/* --- aliases and names ------------------------------------------------ */

static void alias_ids(struct kunit *t)
{
	KUNIT_EXPECT_EQ(t, of_alias_get_id(node(t, "testser0"), "testser"), 0);
	KUNIT_EXPECT_EQ(t, of_alias_get_id(node(t, "testser7"), "testser"), 7);
	KUNIT_EXPECT_EQ(t, of_alias_get_id(node(t, "testi2c3"), "testi2c"), 3);
	KUNIT_EXPECT_EQ(t, of_alias_get_highest_id("testser"), 7);
	KUNIT_EXPECT_EQ(t, of_alias_get_id(node(t, "/props"), "testser"), -ENODEV);
	KUNIT_EXPECT_TRUE_MSG(t, of_alias_get_highest_id("nosuch") < 0, "no such stem");
}

static void full_path(struct kunit *t)
{
	char buf[64];

	KUNIT_EXPECT_TRUE_MSG(t, of_node_full_path(node(t, "testi2c3"), buf, sizeof(buf)) > 0, "fits");
	KUNIT_EXPECT_STREQ(t, buf, "/bus@40000000/sub@80000/i2c@300");
	KUNIT_EXPECT_TRUE_MSG(t, of_node_full_path(of_find_node_by_path("/"), buf, sizeof(buf)) > 0, "root");
	KUNIT_EXPECT_STREQ(t, buf, "/");
}

/* %pOF and its modifiers print what the node is. */
static void print_pOF(struct kunit *t)
{
	struct device_node *np = node(t, "testi2c3");
	char buf[96];

	KUNIT_ASSERT_TRUE_MSG(t, np, "node");
	snprintf(buf, sizeof(buf), "%pOF", np);
	KUNIT_EXPECT_STREQ(t, buf, "/bus@40000000/sub@80000/i2c@300");
	snprintf(buf, sizeof(buf), "%pOFn", np);
	KUNIT_EXPECT_STREQ(t, buf, "i2c");
	snprintf(buf, sizeof(buf), "%pOFP", np);
	KUNIT_EXPECT_STREQ(t, buf, "i2c@300");
	snprintf(buf, sizeof(buf), "%pOFc", np);
	KUNIT_EXPECT_STREQ(t, buf, "coyote,selftest-i2c");
	snprintf(buf, sizeof(buf), "%pOFp", node(t, "/provider2"));
	KUNIT_EXPECT_STREQ(t, buf, "32");
	snprintf(buf, sizeof(buf), "%pOF", of_find_node_by_path("/"));
	KUNIT_EXPECT_STREQ(t, buf, "/");
}

static void cells(struct kunit *t)
{
	KUNIT_EXPECT_EQ(t, of_n_addr_cells(node(t, "/wide@80000000/dev@1,40")), 2);
	KUNIT_EXPECT_EQ(t, of_n_size_cells(node(t, "/wide@80000000/dev@1,40")), 1);
	KUNIT_EXPECT_EQ(t, of_n_addr_cells(node(t, "/nexus/child@100")), 1);
	KUNIT_EXPECT_EQ(t, of_n_size_cells(node(t, "/nexus/child@100")), 0);
}

/* --- the board's own tree --------------------------------------------- */

/* Runs @check on the board's tree: the test tree is swapped out meanwhile. */
static void on_board_tree(struct kunit *t, void (*check)(struct kunit *t))
{
	of_fdt_swap_out();
	check(t);
	KUNIT_EXPECT_EQ(t, of_fdt_swap_in(__of_selftest_dtb_start,
				       (size_t)(__of_selftest_dtb_end - __of_selftest_dtb_start)), 0);
}

static void check_paths(struct kunit *t)
{
	struct device_node *np;
	char path[256];
	int n = 0;

	for_each_of_allnodes(np) {
		n++;
		if (!KUNIT_EXPECT_TRUE_MSG(t, of_node_full_path(np, path, sizeof(path)) > 0, "path of %s",
			       np->full_name))
			continue;
		KUNIT_EXPECT_TRUE_MSG(t, selftest_path_is(path, np), "%s found by its path", path);
	}
	KUNIT_EXPECT_TRUE_MSG(t, n > 1, "the board tree has nodes (%d)", n);
	np = of_find_compatible_node(NULL, NULL, "coyote,selftest-tree");
	KUNIT_EXPECT_TRUE_MSG(t, !np, "the test tree is not the board's");
	of_node_put(np);
}

static void check_phandles(struct kunit *t)
{
	struct device_node *np, *other;

	for_each_of_allnodes(np) {
		if (!np->phandle)
			continue;
		KUNIT_EXPECT_TRUE_MSG(t, selftest_phandle_is(np->phandle, np), "%s found by phandle %u",
			  np->full_name, np->phandle);
		/* The inner walk puts where it starts: it starts with a reference of its own. */
		for (other = of_find_all_nodes(of_node_get(np)); other; other = of_find_all_nodes(other))
			KUNIT_EXPECT_TRUE_MSG(t, other->phandle != np->phandle, "%s and %s share phandle %u",
				  np->full_name, other->full_name, np->phandle);
	}
}

static void check_links(struct kunit *t)
{
	struct device_node *np, *child;

	for_each_of_allnodes(np) {
		bool found = of_node_is_root(np);

		KUNIT_EXPECT_TRUE_MSG(t, !np->parent == of_node_is_root(np), "%s: only the root has no parent",
			  np->full_name);
		if (np->parent)
			for_each_child_of_node(np->parent, child)
				found |= child == np;
		KUNIT_EXPECT_TRUE_MSG(t, found, "%s is among its parent's children", np->full_name);
		for (child = np->child; child; child = child->sibling)
			KUNIT_EXPECT_TRUE_MSG(t, child->parent == np, "%s's child %s points back", np->full_name,
				  child->full_name);
	}
}

static void board_tree_paths(struct kunit *t)
{
	on_board_tree(t, check_paths);
}

static void board_tree_phandles(struct kunit *t)
{
	on_board_tree(t, check_phandles);
}

static void board_tree_links(struct kunit *t)
{
	on_board_tree(t, check_links);
}


/* --- the host tests' tree: of/oftest_cases.c, run on the host too ------ */

/* Runs one shared case with tests/dts/host/oftest.dts as the live tree. */
static void oftest(struct kunit *t)
{
	of_fdt_swap_out();
	if (KUNIT_EXPECT_EQ_MSG(t, of_fdt_swap_in(__oftest_dtb_start,
						  (size_t)(__oftest_dtb_end - __oftest_dtb_start)),
				0, "oftest tree swapped in")) {
		oftest_cases[t->param].run(t);
		of_fdt_swap_out();
	}
	KUNIT_EXPECT_EQ(t, of_fdt_swap_in(__of_selftest_dtb_start,
				       (size_t)(__of_selftest_dtb_end - __of_selftest_dtb_start)), 0);
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
	SELFTEST_BOARD_PARAM_CASE(oftest, oftest_case_count, oftest_case_name),
	SELFTEST_CASE(board_tree_paths),
	SELFTEST_CASE(board_tree_phandles),
	SELFTEST_CASE(board_tree_links),
	{ }
};
SELFTEST_SUITE(of, of_cases, of_suite_init, of_suite_exit);
