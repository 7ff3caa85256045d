// SPDX-License-Identifier: BSD-2-Clause
/*
 * The OF API against the host tests' tree (tests/dts/host/oftest.dts),
 * written once and run on both sides: tests/host/test_oftest.c calls each
 * case on the host, the kernel's of suite runs them as of/oftest/NAME with
 * the same tree built into the image.  Phandle lists with 0..3 cells and
 * their bad cases, nexus maps, strings, interrupts, match tables, address
 * translation (3-cell flag buses, nested, empty and missing ranges,
 * wrapping, partial entries), the range parser, dma-ranges, %pOF, aliases.
 * Expected error lines are bracketed with kunit_expect_begin()/end().
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
#include <kunit/test.h>

#include "oftest_cases.h"

#define T "/testcase-data"
#define P(path) of_find_node_by_path(path)

/* --- phandle lists --- */

static void args_are(struct kunit *test, const struct of_phandle_args *a, const char *np, int n,
		     u32 a0, u32 a1, u32 a2, const char *what)
{
	const u32 want[3] = { a0, a1, a2 };
	int i;

	KUNIT_EXPECT_TRUE_MSG(test, a->np == P(np), "%s: provider %s", what, np);
	KUNIT_EXPECT_EQ_MSG(test, a->args_count, n, "%s: argument count", what);
	for (i = 0; i < n && i < 3 && i < a->args_count; i++)
		KUNIT_EXPECT_EQ_MSG(test, a->args[i], want[i], "%s: argument %d", what, i);
	of_node_put(a->np);	/* the parse's reference */
}

static void phandles(struct kunit *test)
{
	struct device_node *c = P(T "/phandle-tests/consumer-a");
	struct of_phandle_args a;
	const char *s;

	KUNIT_EXPECT_TRUE_MSG(test, c != NULL, "consumer-a found");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 0, &a), 0,
		  "entry 0 (1 cell)");
	args_are(test, &a, T "/phandle-tests/provider1", 1, 11, 0, 0, "entry 0");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 1, &a), 0,
		  "entry 1 (2 cells)");
	args_are(test, &a, T "/phandle-tests/provider2", 2, 21, 22, 0, "entry 1");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 2, &a),
		  -ENOENT, "entry 2 is empty: -ENOENT");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 3, &a), 0,
		  "entry 3 (3 cells)");
	args_are(test, &a, T "/phandle-tests/provider3", 3, 31, 32, 33, "entry 3");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 4, &a), 0,
		  "entry 4 (0 cells)");
	args_are(test, &a, T "/phandle-tests/provider0", 0, 0, 0, 0, "entry 4");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 6, &a), 0,
		  "entry 6, after a 3-cell entry");
	args_are(test, &a, T "/phandle-tests/provider1", 1, 12, 0, 0, "entry 6");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 7, &a),
		  -ENOENT, "past the end: -ENOENT");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", -1, &a),
		  -EINVAL, "negative index: -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "missing", "#phandle-cells", 0, &a),
		  -ENOENT, "missing list: -ENOENT");
	KUNIT_EXPECT_EQ_MSG(test, of_count_phandle_with_args(c, "phandle-list", "#phandle-cells"), 7,
		  "count, the empty entry included");

	/* the names beside the list */
	KUNIT_EXPECT_EQ_MSG(test, of_property_match_string(c, "phandle-list-names", "three"), 3,
		  "name -> index");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string_index(c, "phandle-list-names", 5, &s), 0,
		  "index -> name");
	KUNIT_EXPECT_STREQ_MSG(test, s, "three-again", "name of entry 5");

	KUNIT_EXPECT_TRUE_MSG(test, of_parse_phandle(c, "single", 0) == P(T "/phandle-tests/provider2"),
	      "of_parse_phandle");
	KUNIT_EXPECT_TRUE_MSG(test, of_parse_phandle(c, "single", 1) == NULL, "of_parse_phandle past the end");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_fixed_args(c, "fixed", 2, 1, &a), 0, "fixed args");
	args_are(test, &a, T "/phandle-tests/provider3", 2, 3, 4, 0, "fixed entry 1");

	kunit_expect_begin(test, "of: " T "/phandle-tests/consumer-a: unknown-phandle: could not find phandle 57005");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "unknown-phandle", "#phandle-cells", 0, &a),
		  -EINVAL, "unknown phandle: -EINVAL");
	kunit_expect_end(test);

	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "runs-off-the-end", "#phandle-cells", 0, &a),
		  0, "entry before the bad one");
	of_node_put(a.np);
	kunit_expect_begin(test, "of: " T "/phandle-tests/consumer-a: runs-off-the-end: arguments longer than property");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "runs-off-the-end", "#phandle-cells", 1, &a),
		  -EINVAL, "arguments past the end: -EINVAL");
	kunit_expect_end(test);

	kunit_expect_begin(test, "of: " T "/phandle-tests/consumer-a: could not get #phandle-cells for "
			  T "/phandle-tests/provider-without-cells");
	KUNIT_EXPECT_EQ_MSG(test, of_count_phandle_with_args(c, "target-without-cells", "#phandle-cells"),
		  -EINVAL, "target without #phandle-cells: -EINVAL");
	kunit_expect_end(test);
}

/* --- nexus maps --- */

static void maps(struct kunit *test)
{
	struct device_node *c = P(T "/map-tests/gpio-consumer");
	struct of_phandle_args a;

#define MAP(i) of_parse_phandle_with_args_map(c, "pins", "gpio", (i), &a)
	KUNIT_EXPECT_EQ_MSG(test, MAP(0), 0, "map entry 0");
	args_are(test, &a, T "/map-tests/provider1", 1, 5, 0, 0, "pin 0 -> provider1 5");
	KUNIT_EXPECT_EQ_MSG(test, MAP(1), 0, "map entry 1");
	args_are(test, &a, T "/map-tests/provider2", 2, 6, 3, 0,
		 "pin 1 -> provider2 6, flags 3 passed through");
	KUNIT_EXPECT_EQ_MSG(test, MAP(2), 0, "map entry 2: mask, disabled target skipped");
	args_are(test, &a, T "/map-tests/provider1", 1, 8, 0, 0,
		 "pin 0x102 masked to 2; the disabled provider is skipped");
	KUNIT_EXPECT_EQ_MSG(test, MAP(3), 0, "map entry 3: two levels");
	args_are(test, &a, T "/map-tests/provider2", 2, 9, 5, 0,
		 "pin 3 -> connector1 pin 1 -> provider2 9, flags 5 kept");
	KUNIT_EXPECT_EQ_MSG(test, MAP(4), -ENOENT, "no map entry matches: -ENOENT");
	KUNIT_EXPECT_EQ_MSG(test, MAP(5), 0, "a provider without a map");
	args_are(test, &a, T "/map-tests/provider2", 2, 4, 1, 0, "provider2 taken as is");
	kunit_expect_begin(test, "of: " T "/map-tests/connector-bad-phandle: gpio-map: no node has phandle 57005");
	KUNIT_EXPECT_EQ_MSG(test, MAP(6), -EINVAL, "map to an unknown phandle: -EINVAL");
	kunit_expect_end(test);
	kunit_expect_begin(test, "of: " T "/map-tests/connector-short-mask: gpio-map-mask or gpio-map-pass-thru is shorter than the 2-cell specifier");
	KUNIT_EXPECT_EQ_MSG(test, MAP(7), -EINVAL, "short mask: -EINVAL");
	kunit_expect_end(test);
	kunit_expect_begin(test, "of: " T "/map-tests/gpio-consumer: pins: maps lead round in a circle");
	KUNIT_EXPECT_EQ_MSG(test, MAP(8), -EINVAL, "maps in a circle: -EINVAL, no hang");
	kunit_expect_end(test);
	kunit_expect_begin(test, "of: " T "/map-tests/gpio-consumer: pins: arguments longer than property");
	KUNIT_EXPECT_EQ_MSG(test, MAP(9), -EINVAL, "specifier cut short: -EINVAL");
	kunit_expect_end(test);
	KUNIT_EXPECT_EQ_MSG(test, MAP(-1), -EINVAL, "negative index: -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args_map(c, "pins", NULL, 0, &a), -EINVAL,
		  "no stem: -EINVAL");
#undef MAP
}

/* --- strings --- */

static void strings(struct kunit *test)
{
	struct device_node *n = P(T "/string-tests");
	const char *out[4], *s;

	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string(n, "one", &s), 0, "read_string");
	KUNIT_EXPECT_STREQ_MSG(test, s, "one", "read_string value");
	KUNIT_EXPECT_EQ_MSG(test, of_property_count_strings(n, "three"), 3, "count_strings");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string_array(n, "three", out, 4), 3, "string_array");
	KUNIT_EXPECT_STREQ_MSG(test, out[2], "ccc", "string_array [2]");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string_index(n, "three", 3, &s), -ENODATA,
		  "index past the end: -ENODATA");
	KUNIT_EXPECT_EQ_MSG(test, of_property_match_string(n, "with-empty", ""), 0, "match the empty string");
	KUNIT_EXPECT_EQ_MSG(test, of_property_match_string(n, "three", "dd"), -ENODATA, "no match: -ENODATA");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string(n, "empty", &s), -ENODATA, "empty: -ENODATA");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string(n, "missing", &s), -EINVAL, "missing: -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string(n, "not-terminated", &s), -EILSEQ,
		  "not terminated: -EILSEQ");
	KUNIT_EXPECT_EQ_MSG(test, of_property_count_strings(n, "bad-second"), -EILSEQ,
		  "second string not terminated: -EILSEQ");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string_index(n, "bad-second", 0, &s), 0,
		  "the good first string still reads");
}

/* --- interrupts --- */

static void irq_is(struct kunit *test, const char *node, int index, int ret, const char *ctl, int n,
		   u32 a0, u32 a1)
{
	struct of_phandle_args a;
	int got = of_irq_parse_one(P(node), index, &a);

	KUNIT_EXPECT_EQ_MSG(test, got, ret, "%s interrupt %d", node, index);
	if (got || ret)
		return;
	args_are(test, &a, ctl, n, a0, a1, 0, node);
}

static void interrupts(struct kunit *test)
{
	const char *i0 = T "/interrupt-tests/controller@0";
	const char *i1 = T "/interrupt-tests/controller@1";

	irq_is(test, T "/interrupt-tests/inherits/device@2", 0, 0, i0, 1, 3, 0);
	irq_is(test, T "/interrupt-tests/inherits/device@2", 1, 0, i0, 1, 4, 0);
	irq_is(test, T "/interrupt-tests/inherits/device@2", 2, -EINVAL, NULL, 0, 0, 0);
	KUNIT_EXPECT_EQ_MSG(test, of_irq_count(P(T "/interrupt-tests/inherits/device@2")), 2,
		  "of_irq_count, parent inherited");
	irq_is(test, T "/interrupt-tests/extended@3", 0, 0, i0, 1, 5, 0);
	irq_is(test, T "/interrupt-tests/extended@3", 1, 0, i1, 2, 6, 7);
	irq_is(test, T "/interrupt-tests/nexus@4/slot@10", 0, 0, i0, 1, 20, 0);
	irq_is(test, T "/interrupt-tests/nexus@4/slot@11", 0, 0, i1, 2, 21, 4);
	irq_is(test, T "/interrupt-tests/nexus@4/slot@12", 0, -EINVAL, NULL, 0, 0, 0);
	/* No mask: whole cells compared; a parent's unit-address cell
	 * skipped; a disabled controller's entry passed over. */
	irq_is(test, T "/interrupt-tests/nexus@5/slot@20", 0, 0, T "/interrupt-tests/controller@6", 1, 30, 0);
	irq_is(test, T "/interrupt-tests/nexus@5/slot@21", 0, 0, i0, 1, 31, 0);
	irq_is(test, T "/interrupt-tests/nexus@5/slot@22", 0, -EINVAL, NULL, 0, 0, 0);
	irq_is(test, T "/interrupt-tests/nexus@5/slot@23", 0, 0, i0, 1, 41, 0);
}

/* --- match tables --- */

static void match(struct kunit *test)
{
	static const struct of_device_id ids[] = {
		{ .compatible = "coyote,generic" },
		{ .compatible = "coyote,specific" },
		{ .type = "serial", .compatible = "coyote,generic" },
		{ .type = "serial" },
		{ .name = "name-only" },
		{ }
	};
	static const struct of_device_id none[] = { { .compatible = "coyote,absent" }, { } };

	KUNIT_EXPECT_TRUE_MSG(test, of_match_node(ids, P(T "/match-tests/two-compat@1")) == &ids[1],
	      "the node's first compatible wins over table order");
	KUNIT_EXPECT_TRUE_MSG(test, of_match_node(ids, P(T "/match-tests/typed-compat@2")) == &ids[2],
	      "compatible and type beat compatible alone");
	KUNIT_EXPECT_TRUE_MSG(test, of_match_node(ids, P(T "/match-tests/typed")) == &ids[3], "type alone");
	KUNIT_EXPECT_TRUE_MSG(test, of_match_node(ids, P(T "/match-tests/name-only")) == &ids[4], "name alone");
	KUNIT_EXPECT_TRUE_MSG(test, of_match_node(none, P(T "/match-tests/two-compat@1")) == NULL, "no match: NULL");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_compatible_node(NULL, NULL, "coyote,specific") ==
	      P(T "/match-tests/two-compat@1"), "of_find_compatible_node");
	KUNIT_EXPECT_TRUE_MSG(test, of_device_is_compatible(P(T "/match-tests/two-compat@1"), "COYOTE,GENERIC") > 0,
	      "compatible compares without case");
	KUNIT_EXPECT_TRUE_MSG(test, of_device_is_compatible(P(T "/match-tests/two-compat@1"), "coyote,specific") >
	      of_device_is_compatible(P(T "/match-tests/two-compat@1"), "coyote,generic"),
	      "an earlier compatible scores higher");
}

/* --- addresses --- */

static void res_is(struct kunit *test, const char *path, int i, u64 start, u64 size)
{
	struct resource r;
	int err = of_address_to_resource(P(path), i, &r);

	KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s reg %d translates", path, i);
	if (err)
		return;
	KUNIT_EXPECT_EQ_MSG(test, r.start, start, "%s reg %d start", path, i);
	KUNIT_EXPECT_EQ_MSG(test, resource_size(&r), size, "%s reg %d size", path, i);
}

static void addresses(struct kunit *test)
{
	struct resource r;

	/* 0xfffff000 + 0x2000 in a two-cell bus: 0x1_00001000, the carry
	 * kept, then mapped back to 0x48001000. */
	res_is(test, T "/wide@48000000/inner@0,fffff000/device@2000", 0, 0x48001000, 0x10);
	/* An empty ranges from one cell to two keeps the address. */
	res_is(test, T "/wide@48000000/mid/device@58000010", 0, 0x58000010, 0x4);

	/* flags cell compared: two entries, two windows (before Linux 6.7
	 * and in coyote until now, both landed in the first) */
	res_is(test, T "/flag-bus@20000000/device@1,0,100", 0, 0x20000100, 0x10);
	res_is(test, T "/flag-bus@20000000/device@1,0,100", 1, 0x30000100, 0x10);
	KUNIT_EXPECT_EQ_MSG(test, of_address_to_resource(P(T "/flag-bus@20000000/no-window@3,0,0"), 0, &r),
		  -EINVAL, "flags no range has: -EINVAL");
	res_is(test, T "/flag-bus@20000000/same-flags/device@2,0,200", 0, 0x30000200, 0x10);
	res_is(test, T "/flag-bus@20000000/inner-flags@2,0,800/device@7,0,10", 0, 0x30000810, 0x4);
	KUNIT_EXPECT_EQ_MSG(test, of_address_to_resource(P(T "/flag-bus@20000000/inner-flags@2,0,800/wrong-flags@2,0,10"),
					 0, &r), -EINVAL, "flags of the bus above, not this one: -EINVAL");

	res_is(test, T "/outer@40000000/middle@8000/device@100", 0, 0x40008100, 0x20);
	res_is(test, T "/outer@40000000/middle@8000/empty/device@200", 0, 0x40008200, 0x20);
	KUNIT_EXPECT_EQ_MSG(test, of_address_to_resource(P(T "/outer@40000000/middle@8000/closed/device@300"),
					 0, &r), -EINVAL, "a bus without ranges: -EINVAL");

	kunit_expect_begin(test, "of: " T "/wrap-bus@f0000000: ranges: 0xfffff000 + 0x2000 wraps past the parent's 32-bit address space");
	KUNIT_EXPECT_EQ_MSG(test, of_address_to_resource(P(T "/wrap-bus@f0000000/device@2000"), 0, &r),
		  -EINVAL, "translation past 4 GiB: -EINVAL");
	kunit_expect_end(test);
	kunit_expect_begin(test, "of: " T "/wraps-itself@fffff000: reg 0: 0xfffff000 + 0x2000 wraps past the CPU's 32-bit address space");
	KUNIT_EXPECT_EQ_MSG(test, of_address_to_resource(P(T "/wraps-itself@fffff000"), 0, &r),
		  -EINVAL, "a window running past 4 GiB: -EINVAL");
	kunit_expect_end(test);

	kunit_expect_begin(test, "of: " T "/partial-bus@50000000: ranges: last 4 bytes are not a whole entry (3 cells: 1 child, 1 parent, 1 size); ignored");
	res_is(test, T "/partial-bus@50000000/device@10", 0, 0x50000010, 0x10);
	kunit_expect_end(test);
}

/* --- ranges, parsed --- */

static void range_parser(struct kunit *test)
{
	struct of_range_parser parser;
	struct of_range range;
	struct resource r;
	struct device_node *fb = P(T "/flag-bus@20000000");
	u64 want_cpu[] = { 0x20000000, 0x30000000 };
	u64 want_size[] = { 0x1000, 0x2000 };
	int n = 0;

	KUNIT_EXPECT_EQ_MSG(test, of_range_parser_init(&parser, fb), 0, "parser on the flag bus");
	KUNIT_EXPECT_EQ_MSG(test, of_range_count(&parser), 3, "3 entries");
	for_each_of_range(&parser, &range) {
		if (n < 2) {
			KUNIT_EXPECT_EQ_MSG(test, range.cpu_addr, want_cpu[n], "range %d cpu address", n);
			KUNIT_EXPECT_EQ_MSG(test, range.size, want_size[n], "range %d size (contiguous merged)", n);
			KUNIT_EXPECT_EQ_MSG(test, range.bus_addr, 0, "range %d bus address, flags left out", n);
			KUNIT_EXPECT_EQ_MSG(test, range.flags, n + 1, "range %d flags: the flags cell, as Linux", n);
		}
		n++;
	}
	KUNIT_EXPECT_EQ_MSG(test, n, 2, "entries 2 and 3 continue each other: 2 ranges");
	KUNIT_EXPECT_EQ_MSG(test, of_range_count(&parser), 0, "count after the walk");
	KUNIT_EXPECT_EQ_MSG(test, of_range_to_resource(fb, 1, &r), 0, "of_range_to_resource");
	KUNIT_EXPECT_EQ_MSG(test, r.start, 0x30000000, "resource start");
	KUNIT_EXPECT_EQ_MSG(test, r.end, 0x30001fff, "resource end");
	KUNIT_EXPECT_STREQ_MSG(test, r.name, "flag-bus@20000000", "resource name");
	KUNIT_EXPECT_EQ_MSG(test, of_range_to_resource(fb, 2, &r), -ENOENT, "no range 2: -ENOENT");
	KUNIT_EXPECT_EQ_MSG(test, of_range_to_resource(P(T "/outer@40000000/middle@8000/closed"), 0, &r),
		  -ENOENT, "no ranges: -ENOENT");
	KUNIT_EXPECT_EQ_MSG(test, of_range_parser_init(&parser, NULL), -EINVAL, "NULL node: -EINVAL");

	/* PCI: flags say memory or I/O; coyote has no port I/O to map */
	KUNIT_EXPECT_EQ_MSG(test, of_range_parser_init(&parser, P(T "/pci@70000000")), 0, "parser on PCI");
	KUNIT_EXPECT_EQ_MSG(test, of_range_count(&parser), 2, "PCI: 2 entries");
	KUNIT_EXPECT_TRUE_MSG(test, of_range_parser_one(&parser, &range) != NULL, "PCI range 0");
	KUNIT_EXPECT_EQ_MSG(test, range.flags, IORESOURCE_MEM, "PCI range 0 is memory");
	KUNIT_EXPECT_EQ_MSG(test, range.bus_addr, 0x80000000, "PCI range 0 bus address");
	KUNIT_EXPECT_EQ_MSG(test, range.cpu_addr, 0x80000000, "PCI range 0 CPU address");
	KUNIT_EXPECT_EQ_MSG(test, range.size, 0x100000, "PCI range 0 size (2 cells)");
	KUNIT_EXPECT_TRUE_MSG(test, of_range_parser_one(&parser, &range) != NULL, "PCI range 1");
	KUNIT_EXPECT_EQ_MSG(test, range.flags, IORESOURCE_IO, "PCI range 1 is I/O");
	KUNIT_EXPECT_EQ_MSG(test, range.cpu_addr, 0x71000000, "PCI range 1 CPU address");
	KUNIT_EXPECT_TRUE_MSG(test, of_range_parser_one(&parser, &range) == NULL, "PCI: no range 2");
	KUNIT_EXPECT_EQ_MSG(test, of_range_to_resource(P(T "/pci@70000000"), 0, &r), 0, "PCI memory resource");
	KUNIT_EXPECT_EQ_MSG(test, of_range_to_resource(P(T "/pci@70000000"), 1, &r), -EINVAL,
		  "PCI I/O resource: -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, r.start, (resource_size_t)OF_BAD_ADDR, "refused range: start OF_BAD_ADDR");
	KUNIT_EXPECT_EQ_MSG(test, of_range_parser_init(&parser, P(T "/outer@40000000/middle@8000/empty")), 0,
		  "empty ranges parse");
	KUNIT_EXPECT_EQ_MSG(test, of_range_count(&parser), 0, "empty ranges: 0 entries");
	KUNIT_EXPECT_TRUE_MSG(test, of_range_parser_one(&parser, &range) == NULL, "empty ranges: no range");
}

/* --- dma-ranges --- */

static void dma(struct kunit *test)
{
	const struct bus_dma_region *map = NULL;
	struct device dev;
	struct device_node *bus = P(T "/dma-bus@60000000");

	KUNIT_EXPECT_EQ_MSG(test, of_dma_get_range(bus, &map), 0, "of_dma_get_range");
	if (map) {
		KUNIT_EXPECT_EQ_MSG(test, map[0].dma_start, 0, "window 0 bus address");
		KUNIT_EXPECT_EQ_MSG(test, map[0].cpu_start, 0x60000000, "window 0 CPU address");
		KUNIT_EXPECT_EQ_MSG(test, map[0].size, 0x200000, "window 0 size (two entries merged)");
		KUNIT_EXPECT_EQ_MSG(test, map[1].dma_start, 0x80000000, "window 1 bus address");
		KUNIT_EXPECT_EQ_MSG(test, map[1].cpu_start, 0x70000000, "window 1 CPU address");
		KUNIT_EXPECT_EQ_MSG(test, map[2].size, 0, "the map ends with a 0-size window");
		kfree(map);
	}
	map = NULL;
	KUNIT_EXPECT_EQ_MSG(test, of_dma_get_range(P(T "/dma-bus@60000000/empty-dma"), &map), 0,
		  "empty dma-ranges: the parent's windows");
	KUNIT_EXPECT_TRUE_MSG(test, map && map[0].cpu_start == 0x60000000, "... which are dma-bus's");
	kfree(map);
	map = NULL;
	KUNIT_EXPECT_EQ_MSG(test, of_dma_get_range(P(T "/dma-bus@60000000/no-dma"), &map), 0,
		  "the node asked about may lack dma-ranges: its parent's windows");
	kfree(map);
	map = NULL;
	KUNIT_EXPECT_EQ_MSG(test, of_dma_get_range(P(T "/dma-bus@60000000/no-dma/device@3000"), &map),
		  -ENODEV, "a node on the way up without dma-ranges: -ENODEV");
	KUNIT_EXPECT_EQ_MSG(test, of_dma_get_range(P(T "/outer@40000000"), &map), -ENODEV,
		  "no dma-ranges anywhere: -ENODEV");
	kunit_expect_begin(test, "of: " T "/closed-dma-bus/inner: dma-ranges: bus address 0x0 has no CPU address");
	KUNIT_EXPECT_EQ_MSG(test, of_dma_get_range(P(T "/closed-dma-bus/inner"), &map), -EINVAL,
		  "dma-ranges the CPU cannot reach: -EINVAL");
	kunit_expect_end(test);

	memset(&dev, 0, sizeof(dev));
	KUNIT_EXPECT_EQ_MSG(test, of_dma_configure(&dev, P(T "/dma-bus@60000000/dma-device@1000"), false), 0,
		  "of_dma_configure");
	KUNIT_EXPECT_TRUE_MSG(test, dev.dma_range_map != NULL, "the device has a DMA map");
	KUNIT_EXPECT_EQ_MSG(test, phys_to_dma(&dev, 0x60100010), 0x100010, "phys_to_dma, second entry");
	KUNIT_EXPECT_EQ_MSG(test, dma_to_phys(&dev, 0x80000004), 0x70000004, "dma_to_phys, window 1");
	KUNIT_EXPECT_EQ_MSG(test, phys_to_dma(&dev, 0x50000000), DMA_MAPPING_ERROR,
		  "outside every window: DMA_MAPPING_ERROR");
	KUNIT_EXPECT_EQ_MSG(test, dma_to_phys(&dev, 0x90000000), (phys_addr_t)-1, "outside: -1");
	kfree(dev.dma_range_map);
	memset(&dev, 0, sizeof(dev));
	KUNIT_EXPECT_EQ_MSG(test, of_dma_configure(&dev, P(T "/outer@40000000/middle@8000/device@100"), false),
		  0, "no dma-ranges: 0");
	KUNIT_EXPECT_EQ_MSG(test, phys_to_dma(&dev, 0x1234), 0x1234, "no map: 1:1");
	KUNIT_EXPECT_EQ_MSG(test, of_dma_configure(&dev, P(T "/outer@40000000/middle@8000/device@100"), true),
		  -ENODEV, "no dma-ranges, forced: -ENODEV");
}

/* --- %pOF --- */

static void fmt_is(struct kunit *test, const char *want, const char *fmt, const struct device_node *np)
{
	char buf[256];
	int n = snprintf(buf, sizeof(buf), fmt, np);

	KUNIT_EXPECT_STREQ_MSG(test, buf, want, "\"%s\"", fmt);
	KUNIT_EXPECT_EQ_MSG(test, n, (int)strlen(want), "\"%s\" length", fmt);
}

static void print_pOF(struct kunit *test)
{
	struct device_node *p1 = P(T "/phandle-tests/provider1");
	struct device_node *tc = P(T "/match-tests/two-compat@1");
	char small[8];

	fmt_is(test, T "/phandle-tests/provider1", "%pOF", p1);
	fmt_is(test, T "/phandle-tests/provider1", "%pOFf", p1);
	fmt_is(test, "two-compat", "%pOFn", tc);
	fmt_is(test, "two-compat@1", "%pOFP", tc);
	fmt_is(test, "/", "%pOFP", of_root);
	fmt_is(test, "/", "%pOF", of_root);
	fmt_is(test, "coyote,specific", "%pOFc", tc);
	fmt_is(test, "\"coyote,specific\",\"coyote,generic\"", "%pOFC", tc);
	fmt_is(test, "", "%pOFC", p1);
	fmt_is(test, "----", "%pOFF", tc);
	fmt_is(test, "two-compat:coyote,specific", "%pOFnc", tc);
	fmt_is(test, "(null)", "%pOF", NULL);
	fmt_is(test, "[   two-compat]", "[%13pOFn]", tc);
	fmt_is(test, "[two-compat   ]", "[%-13pOFn]", tc);
	fmt_is(test, "<" T "/phandle-tests/provider1>", "<%pOFxyz>", p1);
	KUNIT_EXPECT_EQ_MSG(test, snprintf(small, sizeof(small), "%pOF", p1),
		  (int)strlen(T "/phandle-tests/provider1"), "truncated: full length returned");
	KUNIT_EXPECT_STREQ_MSG(test, small, "/testca", "truncated output terminated");
	{
		char buf[32], want[16];

		snprintf(buf, sizeof(buf), "%pOFp", p1);
		snprintf(want, sizeof(want), "%u", p1->phandle);
		KUNIT_EXPECT_TRUE_MSG(test, !strcmp(buf, want) && p1->phandle,
				      "%%pOFp: the phandle in decimal");
		of_node_set_flag(tc, OF_POPULATED);
		fmt_is(test, "--P-", "%pOFF", tc);
		of_node_clear_flag(tc, OF_POPULATED);
	}
}

/* Every number a lookup answers names the node that has it: explicit
 * phandles leave gaps dtc's numbering would not. */
static void phandle_gaps(struct kunit *test)
{
	struct device_node *big = of_find_node_by_path(T "/explicit-phandles/big");
	int wrong = 0;

	KUNIT_EXPECT_TRUE_MSG(test, big && of_find_node_by_phandle(0x1000) == big, "explicit phandle 0x1000 found");
	for (phandle h = 1; h <= 0x2000; h++) {
		struct device_node *np = of_find_node_by_phandle(h);

		wrong += np && np->phandle != h;
		of_node_put(np);
	}
	KUNIT_EXPECT_EQ_MSG(test, wrong, 0, "no lookup in 1..0x2000 answers another node");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_node_by_phandle(0x1001) == NULL, "a number in a gap: NULL");
}

/* Numbered aliases: the number is every trailing digit; the value a path. */
static void aliases(struct kunit *test)
{
	struct device_node *p1 = of_find_node_by_path("/testcase-data/phandle-tests/provider1");
	struct device_node *p2 = of_find_node_by_path("/testcase-data/phandle-tests/provider2");

	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_id(p1, "testcase-alias"), 0, "one digit");
	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_id(p2, "testcase-alias"), 12, "two digits: testcase-alias12");
	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_highest_id("testcase-alias"), 12, "highest id counts both digits");
	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_id(p1, "testcase-byname"), -ENODEV,
		  "an alias whose value is not a path gets no id");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_node_by_path("testcase-alias12") == p2, "a two-digit alias as a path");
}

const struct oftest_case oftest_cases[] = {
	{ "phandles", phandles },
	{ "maps", maps },
	{ "strings", strings },
	{ "interrupts", interrupts },
	{ "match", match },
	{ "addresses", addresses },
	{ "range_parser", range_parser },
	{ "dma", dma },
	{ "print_pOF", print_pOF },
	{ "aliases", aliases },
	{ "phandle_gaps", phandle_gaps },
	{ }
};

unsigned int oftest_case_count(void)
{
	return ARRAY_SIZE(oftest_cases) - 1;
}

const char *oftest_case_name(unsigned int i)
{
	return oftest_cases[i].name;
}
