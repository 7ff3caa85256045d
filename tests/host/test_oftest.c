// SPDX-License-Identifier: BSD-2-Clause
/*
 * The OF API against coyote's own test tree (tests/dts/host/oftest.dts):
 * phandle lists with 0..3 cells and their bad cases, nexus maps, strings,
 * interrupts, match tables, address translation (3-cell flag buses, nested,
 * empty and missing ranges, wrapping, partial entries), the range parser,
 * dma-ranges, and %pOF.  Expected error lines are bracketed with EXPECT
 * markers and checked to appear.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/device.h>
#include <linux/dma-direct.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_device.h>
#include <linux/of_fdt.h>
#include <linux/of_irq.h>
#include <linux/slab.h>

#include "ktap.h"

#define T "/testcase-data"
#define P(path) of_find_node_by_path(path)

/* --- phandle lists --- */

static void args_are(const struct of_phandle_args *a, const char *np, int n,
		     u32 a0, u32 a1, u32 a2, const char *what)
{
	const u32 want[3] = { a0, a1, a2 };
	int i;

	CHECK(a->np == P(np), "%s: provider %s", what, np);
	CHECK_INT(a->args_count, n, "%s: argument count", what);
	for (i = 0; i < n && i < 3 && i < a->args_count; i++)
		CHECK_INT(a->args[i], want[i], "%s: argument %d", what, i);
}

static void test_phandles(void)
{
	struct device_node *c = P(T "/phandle-tests/consumer-a");
	struct of_phandle_args a;
	const char *s;

	CHECK(c != NULL, "consumer-a found");
	CHECK_INT(of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 0, &a), 0,
		  "entry 0 (1 cell)");
	args_are(&a, T "/phandle-tests/provider1", 1, 11, 0, 0, "entry 0");
	CHECK_INT(of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 1, &a), 0,
		  "entry 1 (2 cells)");
	args_are(&a, T "/phandle-tests/provider2", 2, 21, 22, 0, "entry 1");
	CHECK_INT(of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 2, &a),
		  -ENOENT, "entry 2 is empty: -ENOENT");
	CHECK_INT(of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 3, &a), 0,
		  "entry 3 (3 cells)");
	args_are(&a, T "/phandle-tests/provider3", 3, 31, 32, 33, "entry 3");
	CHECK_INT(of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 4, &a), 0,
		  "entry 4 (0 cells)");
	args_are(&a, T "/phandle-tests/provider0", 0, 0, 0, 0, "entry 4");
	CHECK_INT(of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 6, &a), 0,
		  "entry 6, after a 3-cell entry");
	args_are(&a, T "/phandle-tests/provider1", 1, 12, 0, 0, "entry 6");
	CHECK_INT(of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", 7, &a),
		  -ENOENT, "past the end: -ENOENT");
	CHECK_INT(of_parse_phandle_with_args(c, "phandle-list", "#phandle-cells", -1, &a),
		  -EINVAL, "negative index: -EINVAL");
	CHECK_INT(of_parse_phandle_with_args(c, "missing", "#phandle-cells", 0, &a),
		  -ENOENT, "missing list: -ENOENT");
	CHECK_INT(of_count_phandle_with_args(c, "phandle-list", "#phandle-cells"), 7,
		  "count, the empty entry included");

	/* the names beside the list */
	CHECK_INT(of_property_match_string(c, "phandle-list-names", "three"), 3,
		  "name -> index");
	CHECK_INT(of_property_read_string_index(c, "phandle-list-names", 5, &s), 0,
		  "index -> name");
	CHECK_STR(s, "three-again", "name of entry 5");

	CHECK(of_parse_phandle(c, "single", 0) == P(T "/phandle-tests/provider2"),
	      "of_parse_phandle");
	CHECK(of_parse_phandle(c, "single", 1) == NULL, "of_parse_phandle past the end");
	CHECK_INT(of_parse_phandle_with_fixed_args(c, "fixed", 2, 1, &a), 0, "fixed args");
	args_are(&a, T "/phandle-tests/provider3", 2, 3, 4, 0, "fixed entry 1");

	ktap_expect_begin("of: " T "/phandle-tests/consumer-a: unknown-phandle: could not find phandle 57005");
	CHECK_INT(of_parse_phandle_with_args(c, "unknown-phandle", "#phandle-cells", 0, &a),
		  -EINVAL, "unknown phandle: -EINVAL");
	ktap_expect_end();

	CHECK_INT(of_parse_phandle_with_args(c, "runs-off-the-end", "#phandle-cells", 0, &a),
		  0, "entry before the bad one");
	ktap_expect_begin("of: " T "/phandle-tests/consumer-a: runs-off-the-end: arguments longer than property");
	CHECK_INT(of_parse_phandle_with_args(c, "runs-off-the-end", "#phandle-cells", 1, &a),
		  -EINVAL, "arguments past the end: -EINVAL");
	ktap_expect_end();

	ktap_expect_begin("of: " T "/phandle-tests/consumer-a: could not get #phandle-cells for "
			  T "/phandle-tests/provider-without-cells");
	CHECK_INT(of_count_phandle_with_args(c, "target-without-cells", "#phandle-cells"),
		  -EINVAL, "target without #phandle-cells: -EINVAL");
	ktap_expect_end();
}

/* --- nexus maps --- */

static void test_maps(void)
{
	struct device_node *c = P(T "/map-tests/gpio-consumer");
	struct of_phandle_args a;

#define MAP(i) of_parse_phandle_with_args_map(c, "pins", "gpio", (i), &a)
	CHECK_INT(MAP(0), 0, "map entry 0");
	args_are(&a, T "/map-tests/provider1", 1, 5, 0, 0, "pin 0 -> provider1 5");
	CHECK_INT(MAP(1), 0, "map entry 1");
	args_are(&a, T "/map-tests/provider2", 2, 6, 3, 0,
		 "pin 1 -> provider2 6, flags 3 passed through");
	CHECK_INT(MAP(2), 0, "map entry 2: mask, disabled target skipped");
	args_are(&a, T "/map-tests/provider1", 1, 8, 0, 0,
		 "pin 0x102 masked to 2; the disabled provider is skipped");
	CHECK_INT(MAP(3), 0, "map entry 3: two levels");
	args_are(&a, T "/map-tests/provider2", 2, 9, 5, 0,
		 "pin 3 -> connector1 pin 1 -> provider2 9, flags 5 kept");
	CHECK_INT(MAP(4), -ENOENT, "no map entry matches: -ENOENT");
	CHECK_INT(MAP(5), 0, "a provider without a map");
	args_are(&a, T "/map-tests/provider2", 2, 4, 1, 0, "provider2 taken as is");
	ktap_expect_begin("of: " T "/map-tests/connector-bad-phandle: gpio-map: no node has phandle 57005");
	CHECK_INT(MAP(6), -EINVAL, "map to an unknown phandle: -EINVAL");
	ktap_expect_end();
	ktap_expect_begin("of: " T "/map-tests/connector-short-mask: gpio-map-mask or gpio-map-pass-thru is shorter than the 2-cell specifier");
	CHECK_INT(MAP(7), -EINVAL, "short mask: -EINVAL");
	ktap_expect_end();
	ktap_expect_begin("of: " T "/map-tests/gpio-consumer: pins: maps lead round in a circle");
	CHECK_INT(MAP(8), -EINVAL, "maps in a circle: -EINVAL, no hang");
	ktap_expect_end();
	ktap_expect_begin("of: " T "/map-tests/gpio-consumer: pins: arguments longer than property");
	CHECK_INT(MAP(9), -EINVAL, "specifier cut short: -EINVAL");
	ktap_expect_end();
	CHECK_INT(MAP(-1), -EINVAL, "negative index: -EINVAL");
	CHECK_INT(of_parse_phandle_with_args_map(c, "pins", NULL, 0, &a), -EINVAL,
		  "no stem: -EINVAL");
#undef MAP
}

/* --- strings --- */

static void test_strings(void)
{
	struct device_node *n = P(T "/string-tests");
	const char *out[4], *s;

	CHECK_INT(of_property_read_string(n, "one", &s), 0, "read_string");
	CHECK_STR(s, "one", "read_string value");
	CHECK_INT(of_property_count_strings(n, "three"), 3, "count_strings");
	CHECK_INT(of_property_read_string_array(n, "three", out, 4), 3, "string_array");
	CHECK_STR(out[2], "ccc", "string_array [2]");
	CHECK_INT(of_property_read_string_index(n, "three", 3, &s), -ENODATA,
		  "index past the end: -ENODATA");
	CHECK_INT(of_property_match_string(n, "with-empty", ""), 0, "match the empty string");
	CHECK_INT(of_property_match_string(n, "three", "dd"), -ENODATA, "no match: -ENODATA");
	CHECK_INT(of_property_read_string(n, "empty", &s), -ENODATA, "empty: -ENODATA");
	CHECK_INT(of_property_read_string(n, "missing", &s), -EINVAL, "missing: -EINVAL");
	CHECK_INT(of_property_read_string(n, "not-terminated", &s), -EILSEQ,
		  "not terminated: -EILSEQ");
	CHECK_INT(of_property_count_strings(n, "bad-second"), -EILSEQ,
		  "second string not terminated: -EILSEQ");
	CHECK_INT(of_property_read_string_index(n, "bad-second", 0, &s), 0,
		  "the good first string still reads");
}

/* --- interrupts --- */

static void irq_is(const char *node, int index, int ret, const char *ctl, int n,
		   u32 a0, u32 a1)
{
	struct of_phandle_args a;
	int got = of_irq_parse_one(P(node), index, &a);

	CHECK_INT(got, ret, "%s interrupt %d", node, index);
	if (got || ret)
		return;
	args_are(&a, ctl, n, a0, a1, 0, node);
}

static void test_interrupts(void)
{
	const char *i0 = T "/interrupt-tests/controller@0";
	const char *i1 = T "/interrupt-tests/controller@1";

	irq_is(T "/interrupt-tests/inherits/device@2", 0, 0, i0, 1, 3, 0);
	irq_is(T "/interrupt-tests/inherits/device@2", 1, 0, i0, 1, 4, 0);
	irq_is(T "/interrupt-tests/inherits/device@2", 2, -EINVAL, NULL, 0, 0, 0);
	CHECK_INT(of_irq_count(P(T "/interrupt-tests/inherits/device@2")), 2,
		  "of_irq_count, parent inherited");
	irq_is(T "/interrupt-tests/extended@3", 0, 0, i0, 1, 5, 0);
	irq_is(T "/interrupt-tests/extended@3", 1, 0, i1, 2, 6, 7);
	irq_is(T "/interrupt-tests/nexus@4/slot@10", 0, 0, i0, 1, 20, 0);
	irq_is(T "/interrupt-tests/nexus@4/slot@11", 0, 0, i1, 2, 21, 4);
	irq_is(T "/interrupt-tests/nexus@4/slot@12", 0, -EINVAL, NULL, 0, 0, 0);
	/* No mask: whole cells compared; a parent's unit-address cell
	 * skipped; a disabled controller's entry passed over. */
	irq_is(T "/interrupt-tests/nexus@5/slot@20", 0, 0, T "/interrupt-tests/controller@6", 1, 30, 0);
	irq_is(T "/interrupt-tests/nexus@5/slot@21", 0, 0, i0, 1, 31, 0);
	irq_is(T "/interrupt-tests/nexus@5/slot@22", 0, -EINVAL, NULL, 0, 0, 0);
	irq_is(T "/interrupt-tests/nexus@5/slot@23", 0, 0, i0, 1, 41, 0);
}

/* --- match tables --- */

static void test_match(void)
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

	CHECK(of_match_node(ids, P(T "/match-tests/two-compat@1")) == &ids[1],
	      "the node's first compatible wins over table order");
	CHECK(of_match_node(ids, P(T "/match-tests/typed-compat@2")) == &ids[2],
	      "compatible and type beat compatible alone");
	CHECK(of_match_node(ids, P(T "/match-tests/typed")) == &ids[3], "type alone");
	CHECK(of_match_node(ids, P(T "/match-tests/name-only")) == &ids[4], "name alone");
	CHECK(of_match_node(none, P(T "/match-tests/two-compat@1")) == NULL, "no match: NULL");
	CHECK(of_find_compatible_node(NULL, NULL, "coyote,specific") ==
	      P(T "/match-tests/two-compat@1"), "of_find_compatible_node");
	CHECK(of_device_is_compatible(P(T "/match-tests/two-compat@1"), "COYOTE,GENERIC") > 0,
	      "compatible compares without case");
	CHECK(of_device_is_compatible(P(T "/match-tests/two-compat@1"), "coyote,specific") >
	      of_device_is_compatible(P(T "/match-tests/two-compat@1"), "coyote,generic"),
	      "an earlier compatible scores higher");
}

/* --- addresses --- */

static void res_is(const char *path, int i, u64 start, u64 size)
{
	struct resource r;
	int err = of_address_to_resource(P(path), i, &r);

	CHECK_INT(err, 0, "%s reg %d translates", path, i);
	if (err)
		return;
	CHECK_INT(r.start, start, "%s reg %d start", path, i);
	CHECK_INT(resource_size(&r), size, "%s reg %d size", path, i);
}

static void test_addresses(void)
{
	struct resource r;

	/* 0xfffff000 + 0x2000 in a two-cell bus: 0x1_00001000, the carry
	 * kept, then mapped back to 0x48001000. */
	res_is(T "/wide@48000000/inner@0,fffff000/device@2000", 0, 0x48001000, 0x10);
	/* An empty ranges from one cell to two keeps the address. */
	res_is(T "/wide@48000000/mid/device@58000010", 0, 0x58000010, 0x4);

	/* flags cell compared: two entries, two windows (before Linux 6.7
	 * and in coyote until now, both landed in the first) */
	res_is(T "/flag-bus@20000000/device@1,0,100", 0, 0x20000100, 0x10);
	res_is(T "/flag-bus@20000000/device@1,0,100", 1, 0x30000100, 0x10);
	CHECK_INT(of_address_to_resource(P(T "/flag-bus@20000000/no-window@3,0,0"), 0, &r),
		  -EINVAL, "flags no range has: -EINVAL");
	res_is(T "/flag-bus@20000000/same-flags/device@2,0,200", 0, 0x30000200, 0x10);
	res_is(T "/flag-bus@20000000/inner-flags@2,0,800/device@7,0,10", 0, 0x30000810, 0x4);
	CHECK_INT(of_address_to_resource(P(T "/flag-bus@20000000/inner-flags@2,0,800/wrong-flags@2,0,10"),
					 0, &r), -EINVAL, "flags of the bus above, not this one: -EINVAL");

	res_is(T "/outer@40000000/middle@8000/device@100", 0, 0x40008100, 0x20);
	res_is(T "/outer@40000000/middle@8000/empty/device@200", 0, 0x40008200, 0x20);
	CHECK_INT(of_address_to_resource(P(T "/outer@40000000/middle@8000/closed/device@300"),
					 0, &r), -EINVAL, "a bus without ranges: -EINVAL");

	ktap_expect_begin("of: " T "/wrap-bus@f0000000: ranges: 0xfffff000 + 0x2000 wraps past the parent's 32-bit address space");
	CHECK_INT(of_address_to_resource(P(T "/wrap-bus@f0000000/device@2000"), 0, &r),
		  -EINVAL, "translation past 4 GiB: -EINVAL");
	ktap_expect_end();
	ktap_expect_begin("of: " T "/wraps-itself@fffff000: reg 0: 0xfffff000 + 0x2000 wraps past the CPU's 32-bit address space");
	CHECK_INT(of_address_to_resource(P(T "/wraps-itself@fffff000"), 0, &r),
		  -EINVAL, "a window running past 4 GiB: -EINVAL");
	ktap_expect_end();

	ktap_expect_begin("of: " T "/partial-bus@50000000: ranges: last 4 bytes are not a whole entry (3 cells: 1 child, 1 parent, 1 size); ignored");
	res_is(T "/partial-bus@50000000/device@10", 0, 0x50000010, 0x10);
	ktap_expect_end();
}

/* --- ranges, parsed --- */

static void test_range_parser(void)
{
	struct of_range_parser parser;
	struct of_range range;
	struct resource r;
	struct device_node *fb = P(T "/flag-bus@20000000");
	u64 want_cpu[] = { 0x20000000, 0x30000000 };
	u64 want_size[] = { 0x1000, 0x2000 };
	int n = 0;

	CHECK_INT(of_range_parser_init(&parser, fb), 0, "parser on the flag bus");
	CHECK_INT(of_range_count(&parser), 3, "3 entries");
	for_each_of_range(&parser, &range) {
		if (n < 2) {
			CHECK_INT(range.cpu_addr, want_cpu[n], "range %d cpu address", n);
			CHECK_INT(range.size, want_size[n], "range %d size (contiguous merged)", n);
			CHECK_INT(range.bus_addr, 0, "range %d bus address, flags left out", n);
			CHECK_INT(range.flags, n + 1, "range %d flags: the flags cell, as Linux", n);
		}
		n++;
	}
	CHECK_INT(n, 2, "entries 2 and 3 continue each other: 2 ranges");
	CHECK_INT(of_range_count(&parser), 0, "count after the walk");
	CHECK_INT(of_range_to_resource(fb, 1, &r), 0, "of_range_to_resource");
	CHECK_INT(r.start, 0x30000000, "resource start");
	CHECK_INT(r.end, 0x30001fff, "resource end");
	CHECK_STR(r.name, "flag-bus@20000000", "resource name");
	CHECK_INT(of_range_to_resource(fb, 2, &r), -ENOENT, "no range 2: -ENOENT");
	CHECK_INT(of_range_to_resource(P(T "/outer@40000000/middle@8000/closed"), 0, &r),
		  -ENOENT, "no ranges: -ENOENT");
	CHECK_INT(of_range_parser_init(&parser, NULL), -EINVAL, "NULL node: -EINVAL");

	/* PCI: flags say memory or I/O; coyote has no port I/O to map */
	CHECK_INT(of_range_parser_init(&parser, P(T "/pci@70000000")), 0, "parser on PCI");
	CHECK_INT(of_range_count(&parser), 2, "PCI: 2 entries");
	CHECK(of_range_parser_one(&parser, &range) != NULL, "PCI range 0");
	CHECK_INT(range.flags, IORESOURCE_MEM, "PCI range 0 is memory");
	CHECK_INT(range.bus_addr, 0x80000000, "PCI range 0 bus address");
	CHECK_INT(range.cpu_addr, 0x80000000, "PCI range 0 CPU address");
	CHECK_INT(range.size, 0x100000, "PCI range 0 size (2 cells)");
	CHECK(of_range_parser_one(&parser, &range) != NULL, "PCI range 1");
	CHECK_INT(range.flags, IORESOURCE_IO, "PCI range 1 is I/O");
	CHECK_INT(range.cpu_addr, 0x71000000, "PCI range 1 CPU address");
	CHECK(of_range_parser_one(&parser, &range) == NULL, "PCI: no range 2");
	CHECK_INT(of_range_to_resource(P(T "/pci@70000000"), 0, &r), 0, "PCI memory resource");
	CHECK_INT(of_range_to_resource(P(T "/pci@70000000"), 1, &r), -EINVAL,
		  "PCI I/O resource: -EINVAL");
	CHECK_INT(r.start, (resource_size_t)OF_BAD_ADDR, "refused range: start OF_BAD_ADDR");
	CHECK_INT(of_range_parser_init(&parser, P(T "/outer@40000000/middle@8000/empty")), 0,
		  "empty ranges parse");
	CHECK_INT(of_range_count(&parser), 0, "empty ranges: 0 entries");
	CHECK(of_range_parser_one(&parser, &range) == NULL, "empty ranges: no range");
}

/* --- dma-ranges --- */

static void test_dma(void)
{
	const struct bus_dma_region *map = NULL;
	struct device dev;
	struct device_node *bus = P(T "/dma-bus@60000000");

	CHECK_INT(of_dma_get_range(bus, &map), 0, "of_dma_get_range");
	if (map) {
		CHECK_INT(map[0].dma_start, 0, "window 0 bus address");
		CHECK_INT(map[0].cpu_start, 0x60000000, "window 0 CPU address");
		CHECK_INT(map[0].size, 0x200000, "window 0 size (two entries merged)");
		CHECK_INT(map[1].dma_start, 0x80000000, "window 1 bus address");
		CHECK_INT(map[1].cpu_start, 0x70000000, "window 1 CPU address");
		CHECK_INT(map[2].size, 0, "the map ends with a 0-size window");
		kfree(map);
	}
	map = NULL;
	CHECK_INT(of_dma_get_range(P(T "/dma-bus@60000000/empty-dma"), &map), 0,
		  "empty dma-ranges: the parent's windows");
	CHECK(map && map[0].cpu_start == 0x60000000, "... which are dma-bus's");
	kfree(map);
	map = NULL;
	CHECK_INT(of_dma_get_range(P(T "/dma-bus@60000000/no-dma"), &map), 0,
		  "the node asked about may lack dma-ranges: its parent's windows");
	kfree(map);
	map = NULL;
	CHECK_INT(of_dma_get_range(P(T "/dma-bus@60000000/no-dma/device@3000"), &map),
		  -ENODEV, "a node on the way up without dma-ranges: -ENODEV");
	CHECK_INT(of_dma_get_range(P(T "/outer@40000000"), &map), -ENODEV,
		  "no dma-ranges anywhere: -ENODEV");
	ktap_expect_begin("of: " T "/closed-dma-bus/inner: dma-ranges: bus address 0x0 has no CPU address");
	CHECK_INT(of_dma_get_range(P(T "/closed-dma-bus/inner"), &map), -EINVAL,
		  "dma-ranges the CPU cannot reach: -EINVAL");
	ktap_expect_end();

	memset(&dev, 0, sizeof(dev));
	CHECK_INT(of_dma_configure(&dev, P(T "/dma-bus@60000000/dma-device@1000"), false), 0,
		  "of_dma_configure");
	CHECK(dev.dma_range_map != NULL, "the device has a DMA map");
	CHECK_INT(phys_to_dma(&dev, 0x60100010), 0x100010, "phys_to_dma, second entry");
	CHECK_INT(dma_to_phys(&dev, 0x80000004), 0x70000004, "dma_to_phys, window 1");
	CHECK_INT(phys_to_dma(&dev, 0x50000000), DMA_MAPPING_ERROR,
		  "outside every window: DMA_MAPPING_ERROR");
	CHECK_INT(dma_to_phys(&dev, 0x90000000), (phys_addr_t)-1, "outside: -1");
	kfree(dev.dma_range_map);
	memset(&dev, 0, sizeof(dev));
	CHECK_INT(of_dma_configure(&dev, P(T "/outer@40000000/middle@8000/device@100"), false),
		  0, "no dma-ranges: 0");
	CHECK_INT(phys_to_dma(&dev, 0x1234), 0x1234, "no map: 1:1");
	CHECK_INT(of_dma_configure(&dev, P(T "/outer@40000000/middle@8000/device@100"), true),
		  -ENODEV, "no dma-ranges, forced: -ENODEV");
}

/* --- %pOF --- */

static void fmt_is(const char *want, const char *fmt, const struct device_node *np)
{
	char buf[256];
	int n = snprintf(buf, sizeof(buf), fmt, np);

	CHECK_STR(buf, want, "\"%s\"", fmt);
	CHECK_INT(n, (int)strlen(want), "\"%s\" length", fmt);
}

static void test_printk(void)
{
	struct device_node *p1 = P(T "/phandle-tests/provider1");
	struct device_node *tc = P(T "/match-tests/two-compat@1");
	char small[8];

	fmt_is(T "/phandle-tests/provider1", "%pOF", p1);
	fmt_is(T "/phandle-tests/provider1", "%pOFf", p1);
	fmt_is("two-compat", "%pOFn", tc);
	fmt_is("two-compat@1", "%pOFP", tc);
	fmt_is("/", "%pOFP", of_root);
	fmt_is("/", "%pOF", of_root);
	fmt_is("coyote,specific", "%pOFc", tc);
	fmt_is("\"coyote,specific\",\"coyote,generic\"", "%pOFC", tc);
	fmt_is("", "%pOFC", p1);
	fmt_is("----", "%pOFF", tc);
	fmt_is("two-compat:coyote,specific", "%pOFnc", tc);
	fmt_is("(null)", "%pOF", NULL);
	fmt_is("[   two-compat]", "[%13pOFn]", tc);
	fmt_is("[two-compat   ]", "[%-13pOFn]", tc);
	fmt_is("<" T "/phandle-tests/provider1>", "<%pOFxyz>", p1);
	CHECK_INT(snprintf(small, sizeof(small), "%pOF", p1),
		  (int)strlen(T "/phandle-tests/provider1"), "truncated: full length returned");
	CHECK_STR(small, "/testca", "truncated output terminated");
	{
		char buf[32];

		snprintf(buf, sizeof(buf), "%pOFp", p1);
		CHECK(strtoul(buf, NULL, 10) == p1->phandle && p1->phandle,
		      "%%pOFp: the phandle in decimal");
		of_node_set_flag(tc, OF_POPULATED);
		fmt_is("--P-", "%pOFF", tc);
		of_node_clear_flag(tc, OF_POPULATED);
	}
}

/* Every number a lookup answers names the node that has it: explicit
 * phandles leave gaps dtc's numbering would not. */
static void test_phandle_gaps(void)
{
	struct device_node *big = of_find_node_by_path(T "/explicit-phandles/big");
	int wrong = 0;

	CHECK(big && of_find_node_by_phandle(0x1000) == big, "explicit phandle 0x1000 found");
	for (phandle h = 1; h <= 0x2000; h++) {
		struct device_node *np = of_find_node_by_phandle(h);

		wrong += np && np->phandle != h;
	}
	CHECK_INT(wrong, 0, "no lookup in 1..0x2000 answers another node");
	CHECK(of_find_node_by_phandle(0x1001) == NULL, "a number in a gap: NULL");
}

/* Numbered aliases: the number is every trailing digit; the value a path. */
static void test_aliases(void)
{
	struct device_node *p1 = of_find_node_by_path("/testcase-data/phandle-tests/provider1");
	struct device_node *p2 = of_find_node_by_path("/testcase-data/phandle-tests/provider2");

	CHECK_INT(of_alias_get_id(p1, "testcase-alias"), 0, "one digit");
	CHECK_INT(of_alias_get_id(p2, "testcase-alias"), 12, "two digits: testcase-alias12");
	CHECK_INT(of_alias_get_highest_id("testcase-alias"), 12, "highest id counts both digits");
	CHECK_INT(of_alias_get_id(p1, "testcase-byname"), -ENODEV,
		  "an alias whose value is not a path gets no id");
	CHECK(of_find_node_by_path("testcase-alias12") == p2, "a two-digit alias as a path");
}

int main(void)
{
	size_t size;
	void *blob = ktap_load("oftest.dtb", &size);

	if (!blob)
		return ktap_done();
	CHECK_INT(of_fdt_unflatten(blob, size, NULL, 0), 0, "unflatten oftest.dtb");
	test_phandles();
	test_maps();
	test_strings();
	test_interrupts();
	test_match();
	test_addresses();
	test_range_parser();
	test_dma();
	test_printk();
	test_aliases();
	test_phandle_gaps();
	free(blob);
	return ktap_done();
}
