// SPDX-License-Identifier: BSD-2-Clause
/*
 * of/irq.c: interrupt parents inherited from ancestors, interrupts-extended,
 * interrupt-map with interrupt-map-mask (plain and PCI), and cycles.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/of_irq.h>

#include "fdtbuild.h"
#include "ktap.h"

#define P(path) of_find_node_by_path(path)

/* interrupt @i of @path resolves to controller @ctl with @n cells @c... */
static void irq(const char *path, int i, const char *ctl, int n, u32 c0, u32 c1, u32 c2)
{
	struct of_phandle_args a;
	int err = of_irq_parse_one(P(path), i, &a);
	u32 want[3] = { c0, c1, c2 };
	int j;

	KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s irq %d", path, i);
	if (err)
		return;
	KUNIT_EXPECT_STREQ_MSG(test, a.np ? a.np->full_name : NULL, ctl, "%s irq %d controller", path, i);
	KUNIT_EXPECT_EQ_MSG(test, a.args_count, n, "%s irq %d cell count", path, i);
	for (j = 0; j < n && j < 3; j++)
		KUNIT_EXPECT_EQ_MSG(test, a.args[j], want[j], "%s irq %d cell %d", path, i, j);
}

static void test_cycle(void)
{
	static struct fdtb b;
	struct of_phandle_args a;
	uint32_t size;

	/* a's interrupt parent is b, b's is a, and neither has #interrupt-cells */
	fdtb_init(&b);
	fdtb_begin(&b, "");
	fdtb_begin(&b, "a");
	fdtb_prop_u32(&b, "phandle", 1);
	fdtb_prop_u32(&b, "interrupt-parent", 2);
	fdtb_prop_u32(&b, "interrupts", 5);
	fdtb_end(&b);
	fdtb_begin(&b, "b");
	fdtb_prop_u32(&b, "phandle", 2);
	fdtb_prop_u32(&b, "interrupt-parent", 1);
	fdtb_end(&b);
	/* c and d: nexus nodes whose maps point at each other */
	fdtb_begin(&b, "c");
	{
		uint8_t map[12];

		fdtb_prop_u32(&b, "phandle", 3);
		fdtb_prop_u32(&b, "#interrupt-cells", 1);
		fdtb_prop_u32(&b, "#address-cells", 0);
		fdtb_put32(map, 7);
		fdtb_put32(map + 4, 4);
		fdtb_put32(map + 8, 7);
		fdtb_prop(&b, "interrupt-map", map, 12);
		fdtb_end(&b);
		fdtb_begin(&b, "d");
		fdtb_prop_u32(&b, "phandle", 4);
		fdtb_prop_u32(&b, "#interrupt-cells", 1);
		fdtb_prop_u32(&b, "#address-cells", 0);
		fdtb_put32(map + 4, 3);
		fdtb_prop(&b, "interrupt-map", map, 12);
		fdtb_end(&b);
	}
	fdtb_begin(&b, "e");
	fdtb_prop_u32(&b, "interrupt-parent", 3);
	fdtb_prop_u32(&b, "interrupts", 7);
	fdtb_end(&b);
	/* a nexus with a wild #address-cells (found by the fuzzer) */
	fdtb_begin(&b, "f");
	fdtb_prop_u32(&b, "phandle", 6);
	fdtb_prop_u32(&b, "#interrupt-cells", 1);
	fdtb_prop_u32(&b, "#address-cells", 0xffffffff);
	fdtb_prop_u32(&b, "interrupt-map", 0);
	fdtb_end(&b);
	fdtb_begin(&b, "g");
	fdtb_prop_u32(&b, "interrupt-parent", 6);
	fdtb_prop_u32(&b, "reg", 0);
	fdtb_prop_u32(&b, "interrupts", 7);
	fdtb_end(&b);
	fdtb_end(&b);
	fdtb_finish_tree(&b);
	size = fdtb_finish(&b);
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(b.out, size, NULL, 0), 0, "cycle blob");
	KUNIT_EXPECT_TRUE_MSG(test, of_irq_find_parent(P("/a")) == NULL, "interrupt-parent cycle: no parent, no hang");
	KUNIT_EXPECT_EQ_MSG(test, of_irq_parse_one(P("/a"), 0, &a), -EINVAL, "interrupt-parent cycle: -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_irq_parse_one(P("/e"), 0, &a), -EINVAL, "interrupt-map cycle: -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_irq_count(P("/e")), 0, "interrupt-map cycle: count 0");
	KUNIT_EXPECT_EQ_MSG(test, of_irq_parse_one(P("/g"), 0, &a), -EFAULT,
		  "#address-cells 0xffffffff on a nexus: -EFAULT, no overflow");
}

int main(void)
{
	size_t size;
	void *api = ktap_load("api.dtb", &size);
	struct of_phandle_args a;

	if (!api)
		return ktap_done();
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(api, size, NULL, 0), 0, "unflatten api.dtb");

	/* interrupt-parent inherited from the root */
	irq("serial0", 0, "interrupt-controller@10140000", 1, 12, 0, 0);
	irq("serial1", 0, "interrupt-controller@10140000", 1, 13, 0, 0);
	irq("ethernet", 0, "interrupt-controller@10140000", 1, 25, 0, 0);
	irq("i2c0", 0, "interrupt-controller@10140000", 1, 26, 0, 0);
	KUNIT_EXPECT_EQ_MSG(test, of_irq_parse_one(P("serial0"), 1, &a), -EINVAL, "no second interrupt");
	KUNIT_EXPECT_EQ_MSG(test, of_irq_parse_one(P("/cpus/cpu@0"), 0, &a), -EINVAL, "no interrupts at all");
	KUNIT_EXPECT_EQ_MSG(test, of_irq_parse_one(NULL, 0, &a), -EINVAL, "NULL node");
	KUNIT_EXPECT_EQ_MSG(test, of_irq_parse_one(P("serial0"), -1, &a), -EINVAL, "negative index");
	KUNIT_EXPECT_STREQ_MSG(test, of_irq_find_parent(P("serial0"))->full_name, "interrupt-controller@10140000",
		  "of_irq_find_parent from an ancestor");
	KUNIT_EXPECT_EQ_MSG(test, of_irq_count(P("serial0")), 1, "of_irq_count");
	KUNIT_EXPECT_TRUE_MSG(test, of_irq_is_root(P("/interrupt-controller@10140000")),
	      "of_irq_is_root: the root's interrupt-parent names it");
	KUNIT_EXPECT_TRUE_MSG(test, !of_irq_is_root(P("/interrupt-controller@20000000")),
	      "of_irq_is_root: a controller whose parent is another one");

	/* interrupts-extended: a parent per entry */
	irq("/multi@30000000", 0, "interrupt-controller@10140000", 1, 7, 0, 0);
	irq("/multi@30000000", 1, "interrupt-controller@20000000", 3, 0, 9, 4);
	KUNIT_EXPECT_EQ_MSG(test, of_irq_parse_one(P("/multi@30000000"), 2, &a), -EINVAL, "extended: past end");
	KUNIT_EXPECT_EQ_MSG(test, of_irq_count(P("/multi@30000000")), 2, "extended: count");

	/* interrupt-map with a mask on unit address and specifier */
	irq("/nexus@31000000/child@100", 0, "interrupt-controller@10140000", 1, 30, 0, 0);
	irq("/nexus@31000000/child@100", 1, "interrupt-controller@10140000", 1, 31, 0, 0);
	KUNIT_EXPECT_EQ_MSG(test, of_irq_parse_one(P("/nexus@31000000/child@100"), 2, &a), -EINVAL,
		  "map: no entry for specifier 3");
	KUNIT_EXPECT_EQ_MSG(test, of_irq_count(P("/nexus@31000000/child@100")), 2, "map: count");
	irq("/nexus@31000000/child@201", 0, "interrupt-controller@20000000", 3, 0, 32, 1);
	KUNIT_EXPECT_EQ_MSG(test, of_irq_parse_one(P("/nexus@31000000/child@300"), 0, &a), -EINVAL,
		  "map: no entry for unit address 0x300");

	/* PCI: 3-cell unit address, INTB of device 1 */
	irq("/pci@50000000/ethernet@1,0", 0, "interrupt-controller@20000000", 3, 0, 23, 4);

	/* of_irq_parse_raw straight onto a controller */
	a.np = P("/interrupt-controller@10140000");
	a.args_count = 1;
	a.args[0] = 3;
	KUNIT_EXPECT_EQ_MSG(test, of_irq_parse_raw(NULL, &a), 0, "parse_raw on a controller");
	a.args_count = 2;
	KUNIT_EXPECT_EQ_MSG(test, of_irq_parse_raw(NULL, &a), -EINVAL, "parse_raw: wrong specifier size");

	test_cycle();
	free(api);

	/* No #address-cells anywhere: the map takes two unit-address cells. */
	{
		void *nocells = ktap_load("irq-nocells.dtb", &size);

		if (nocells && !of_fdt_unflatten(nocells, size, NULL, 0)) {
			irq("/dev@0", 0, "intc", 1, 9, 0, 0);
			free(nocells);
		}
	}
	return ktap_done();
}
