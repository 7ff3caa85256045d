// SPDX-License-Identifier: BSD-2-Clause
/*
 * of/base.c and of/unflatten.c: the tree's shape, paths and aliases,
 * phandles, children, compatible scoring and matching, availability, cells.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/of_fdt.h>

#include "fdtbuild.h"
#include "ktap.h"

#define P(path) of_find_node_by_path(path)

static const char *fp(const struct device_node *np)
{
	static char buf[4][256];
	static int i;

	i = (i + 1) % 4;
	if (!np)
		return "(null)";
	of_node_full_path(np, buf[i], sizeof(buf[i]));
	return buf[i];
}

static void test_shape(void)
{
	struct device_node *np, *bus = P("/bus@10000000");
	struct property *pp;
	struct of_fdt_stats st;
	unsigned int nodes = 0, props = 0, phandles = 0;
	size_t uboot = 0, linux_bytes = 0;
	const char *order[] = { "serial@1000", "serial@2000", "serial@3000",
				"serial@4000", "serial@5000", "sub@80000" };
	int i;

	KUNIT_EXPECT_TRUE_MSG(test, of_root != NULL, "of_root set");
	KUNIT_EXPECT_STREQ_MSG(test, of_root->full_name, "/", "root full_name");
	KUNIT_EXPECT_STREQ_MSG(test, of_root->name, "", "root name");
	KUNIT_EXPECT_TRUE_MSG(test, of_node_is_root(of_root), "of_node_is_root");
	KUNIT_EXPECT_STREQ_MSG(test, fp(of_chosen), "/chosen", "of_chosen");
	KUNIT_EXPECT_STREQ_MSG(test, fp(of_aliases), "/aliases", "of_aliases");

	of_fdt_get_stats(&st);
	for_each_of_allnodes(np) {
		nodes++;
		uboot += 32 + strlen(fp(np)) + 1;
		linux_bytes += 76 + strlen(np->full_name) + 1 + 16 + strlen(np->name) + 1;
		for_each_property_of_node(np, pp) {
			props++;
			uboot += 16;
			linux_bytes += 16;
		}
		if (np->phandle) {
			phandles++;
			KUNIT_EXPECT_TRUE_MSG(test, of_find_node_by_phandle(np->phandle) == np,
			      "phandle %u finds %s", np->phandle, fp(np));
		}
	}
	KUNIT_EXPECT_EQ_MSG(test, st.nodes, nodes, "stats: nodes");
	KUNIT_EXPECT_EQ_MSG(test, st.properties, props, "stats: properties");
	KUNIT_EXPECT_EQ_MSG(test, st.phandles, phandles, "stats: phandles");
	KUNIT_EXPECT_EQ_MSG(test, st.aliases, 4, "stats: aliases with an id (serial0, serial1, serial3, i2c0)");
	KUNIT_EXPECT_TRUE_MSG(test, st.tree_bytes > 0 && st.blob_bytes > 0, "stats: bytes");
	printf("# api.dtb: %u nodes, %u properties, live tree %zu bytes here, "
	       "%zu in the 32-bit kernel; U-Boot layout %zu, Linux about %zu\n",
	       st.nodes, st.properties, st.tree_bytes, st.tree_bytes_ilp32,
	       uboot, linux_bytes);
	KUNIT_EXPECT_TRUE_MSG(test, st.tree_bytes_ilp32 < uboot, "32-bit live tree smaller than U-Boot's layout");

	KUNIT_EXPECT_STREQ_MSG(test, of_find_all_nodes(NULL)->full_name, "/", "all nodes: root first");
	KUNIT_EXPECT_STREQ_MSG(test, fp(of_find_all_nodes(of_root)), "/chosen", "all nodes: source order");

	np = NULL;
	for (i = 0; (np = of_get_next_child(bus, np)); i++)
		KUNIT_EXPECT_STREQ_MSG(test, np->full_name, i < 6 ? order[i] : "?", "child %d in source order", i);
	KUNIT_EXPECT_EQ_MSG(test, i, 6, "bus has 6 children");
	KUNIT_EXPECT_EQ_MSG(test, of_get_child_count(bus), 6, "of_get_child_count");
	KUNIT_EXPECT_EQ_MSG(test, of_get_available_child_count(bus), 4, "of_get_available_child_count");
	i = 0;
	for_each_available_child_of_node(bus, np) {
		static const char *avail[] = { "serial@1000", "serial@2000",
					       "serial@5000", "sub@80000" };
		KUNIT_EXPECT_STREQ_MSG(test, np->full_name, i < 4 ? avail[i] : "?", "available child %d", i);
		i++;
	}
	i = 0;
	for_each_child_of_node(bus, np)
		i++;
	KUNIT_EXPECT_EQ_MSG(test, i, 6, "for_each_child_of_node");
	KUNIT_EXPECT_TRUE_MSG(test, of_get_next_child(NULL, NULL) == NULL, "next child of NULL");
	KUNIT_EXPECT_TRUE_MSG(test, of_get_parent(P("serial0")) == bus, "of_get_parent");
	KUNIT_EXPECT_TRUE_MSG(test, of_get_parent(of_root) == NULL, "root has no parent");
	KUNIT_EXPECT_TRUE_MSG(test, of_get_parent(NULL) == NULL, "of_get_parent(NULL)");
	KUNIT_EXPECT_TRUE_MSG(test, of_get_next_parent(P("serial0")) == bus, "of_get_next_parent");
	KUNIT_EXPECT_TRUE_MSG(test, of_node_get(bus) == bus, "of_node_get returns its node");
	of_node_put(bus);

	KUNIT_EXPECT_STREQ_MSG(test, fp(of_get_child_by_name(bus, "sub")), "/bus@10000000/sub@80000",
		  "child by name without unit address");
	KUNIT_EXPECT_STREQ_MSG(test, fp(of_get_child_by_name(bus, "serial")), "/bus@10000000/serial@1000",
		  "child by name: the first");
	KUNIT_EXPECT_TRUE_MSG(test, of_get_child_by_name(bus, "serial@1000") == NULL,
	      "child by name ignores full names (as Linux)");
	KUNIT_EXPECT_TRUE_MSG(test, of_get_child_by_name(bus, "nope") == NULL, "child by name: missing");
	KUNIT_EXPECT_STREQ_MSG(test, fp(of_get_compatible_child(P("/bus@10000000/sub@80000"), "arm,sp804")),
		  "/bus@10000000/sub@80000/timer@100", "of_get_compatible_child");
}

static void test_paths(void)
{
	const char *opts = "unset";
	struct device_node *uart = P("/bus@10000000/serial@1000");
	char buf[8];

	KUNIT_EXPECT_TRUE_MSG(test, P("/") == of_root, "path /");
	KUNIT_EXPECT_STREQ_MSG(test, fp(uart), "/bus@10000000/serial@1000", "absolute path");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_node_opts_by_path("/bus@10000000/serial@1000", &opts) == uart &&
	      opts == NULL, "no options: opts NULL");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_node_opts_by_path("serial0:115200n8", &opts) == uart,
	      "alias with options");
	KUNIT_EXPECT_STREQ_MSG(test, opts, "115200n8", "options after ':'");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_node_opts_by_path("/bus@10000000/serial@1000:abc", &opts) == uart,
	      "absolute path with options");
	KUNIT_EXPECT_STREQ_MSG(test, opts, "abc", "absolute path options");
	KUNIT_EXPECT_STREQ_MSG(test, fp(P("serial1")), "/bus@10000000/serial@2000", "string alias");
	KUNIT_EXPECT_STREQ_MSG(test, fp(P("ethernet")), "/external-bus@10100000/ethernet@0,0",
		  "alias without a number");
	KUNIT_EXPECT_STREQ_MSG(test, fp(P("bus/sub@80000/timer@100")), "/bus@10000000/sub@80000/timer@100",
		  "alias-relative path");
	KUNIT_EXPECT_STREQ_MSG(test, fp(P("bus/sub@80000:x/timer@100")), "/bus@10000000/sub@80000",
		  "options end an alias-relative path");
	KUNIT_EXPECT_STREQ_MSG(test, fp(P("/d1/d2/d3/d4/d5/d6/d7/d8/d9/d10/d11/d12/d13/d14/d15/d16/d17/d18/d19/d20")),
		  "/d1/d2/d3/d4/d5/d6/d7/d8/d9/d10/d11/d12/d13/d14/d15/d16/d17/d18/d19/d20",
		  "20 levels deep");
	KUNIT_EXPECT_TRUE_MSG(test, P("/bus@10000000/serial") == NULL, "no unit address: no match (as Linux)");
	KUNIT_EXPECT_TRUE_MSG(test, P("/cpus/") == NULL, "trailing slash: no match (as Linux)");
	KUNIT_EXPECT_TRUE_MSG(test, P("/nothing") == NULL, "missing node");
	KUNIT_EXPECT_TRUE_MSG(test, P("nosuch") == NULL, "missing alias");
	KUNIT_EXPECT_TRUE_MSG(test, P("nosuch/x") == NULL, "missing alias, relative");
	KUNIT_EXPECT_TRUE_MSG(test, P(NULL) == NULL, "NULL path");

	KUNIT_EXPECT_EQ_MSG(test, of_node_full_path(uart, buf, sizeof(buf)), 25, "full path length");
	KUNIT_EXPECT_STREQ_MSG(test, buf, "/bus@10", "full path truncated and terminated");
	KUNIT_EXPECT_EQ_MSG(test, of_node_full_path(of_root, buf, sizeof(buf)), 1, "root path length");
	KUNIT_EXPECT_STREQ_MSG(test, buf, "/", "root path");
	KUNIT_EXPECT_EQ_MSG(test, of_node_full_path(NULL, buf, sizeof(buf)), 0, "NULL node path");

	KUNIT_EXPECT_TRUE_MSG(test, of_node_name_eq(uart, "serial"), "name_eq without unit address");
	KUNIT_EXPECT_TRUE_MSG(test, !of_node_name_eq(uart, "serial@1000"), "name_eq: not the full name");
	KUNIT_EXPECT_TRUE_MSG(test, !of_node_name_eq(uart, "seria"), "name_eq: no prefix");
	KUNIT_EXPECT_TRUE_MSG(test, !of_node_name_eq(NULL, "serial"), "name_eq: NULL node");
	KUNIT_EXPECT_TRUE_MSG(test, of_node_name_prefix(uart, "ser"), "name_prefix");
	KUNIT_EXPECT_TRUE_MSG(test, !of_node_name_prefix(uart, "uart"), "name_prefix: no");
}

static void test_find(void)
{
	struct device_node *np;
	int n;

	n = 0;
	for_each_node_by_name(np, "serial")
		n++;
	KUNIT_EXPECT_EQ_MSG(test, n, 5, "five nodes named serial");
	n = 0;
	for_each_node_by_type(np, "cpu")
		n++;
	KUNIT_EXPECT_EQ_MSG(test, n, 2, "two cpus by type");
	KUNIT_EXPECT_STREQ_MSG(test, fp(of_find_node_by_type(NULL, "memory")), "/memory@0", "memory by type");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_node_by_type(NULL, "nope") == NULL, "no such type");

	n = 0;
	for_each_compatible_node(np, NULL, "arm,pl011")
		n++;
	KUNIT_EXPECT_EQ_MSG(test, n, 5, "for_each_compatible_node");
	KUNIT_EXPECT_STREQ_MSG(test, fp(of_find_compatible_node(NULL, "cpu", "arm,arm926ej-s")),
		  "/cpus/cpu@0", "compatible with type");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_compatible_node(NULL, "serial", "arm,pl011") == NULL,
	      "compatible with the wrong type");
	KUNIT_EXPECT_STREQ_MSG(test, fp(of_find_compatible_node(P("/cpus/cpu@0"), NULL, "arm,arm926ej-s")),
		  "/cpus/cpu@1", "compatible: from is excluded");

	KUNIT_EXPECT_TRUE_MSG(test, of_find_node_by_phandle(0) == NULL, "phandle 0");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_node_by_phandle(0x7777) == NULL, "unknown phandle");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_node_by_phandle(0xffffffff) == NULL, "phandle -1");

	n = 0;
	for_each_of_cpu_node(np)
		KUNIT_EXPECT_STREQ_MSG(test, fp(np), n++ ? "/cpus/cpu@1" : "/cpus/cpu@0", "for_each_of_cpu_node: in order");
	KUNIT_EXPECT_EQ_MSG(test, n, 2, "for_each_of_cpu_node: two cpus");
	KUNIT_EXPECT_STREQ_MSG(test, fp(of_get_cpu_node(1, NULL)), "/cpus/cpu@1", "of_get_cpu_node");
	KUNIT_EXPECT_TRUE_MSG(test, of_get_cpu_node(2, NULL) == NULL, "of_get_cpu_node: no cpu 2");
}

static void test_compatible(void)
{
	struct device_node *uart = P("serial0"), *a = P("/match-a"), *w = P("/widget");
	const struct of_device_id t1[] = {
		{ .compatible = "coyote,third" },
		{ .compatible = "coyote,second" },
		{ .type = "widget" },
		{ .name = "match-a" },
		{ }
	};
	const struct of_device_id t2[] = {
		{ .name = "match-a" },
		{ .type = "widget" },
		{ }
	};
	const struct of_device_id t3[] = {
		{ .compatible = "coyote,second" },
		{ .compatible = "coyote,second", .type = "widget" },
		{ }
	};
	const struct of_device_id t4[] = {
		{ .compatible = "coyote,first", .type = "gadget" },
		{ .compatible = "nope" },
		{ }
	};
	const struct of_device_id t5[] = {
		{ .compatible = "arm,sp804", .data = "timer" },
		{ }
	};
	const struct of_device_id t6[] = {
		{ .compatible = "coyote,second", .data = "first entry" },
		{ .compatible = "coyote,second", .data = "second entry" },
		{ }
	};
	const struct of_device_id *m;
	struct device_node *np;

	KUNIT_EXPECT_TRUE_MSG(test, of_device_is_compatible(uart, "arm,pl011") > 0, "compatible: first entry");
	KUNIT_EXPECT_TRUE_MSG(test, of_device_is_compatible(uart, "arm,primecell") > 0, "compatible: second entry");
	KUNIT_EXPECT_TRUE_MSG(test, of_device_is_compatible(uart, "arm,pl011") >
	      of_device_is_compatible(uart, "arm,primecell"), "earlier entries score higher");
	KUNIT_EXPECT_TRUE_MSG(test, of_device_is_compatible(uart, "ARM,PL011") > 0, "compatible ignores case");
	KUNIT_EXPECT_EQ_MSG(test, of_device_is_compatible(uart, "arm,pl01"), 0, "no prefix match");
	KUNIT_EXPECT_EQ_MSG(test, of_device_is_compatible(uart, "nope"), 0, "not compatible");
	KUNIT_EXPECT_EQ_MSG(test, of_device_is_compatible(NULL, "arm,pl011"), 0, "NULL node");
	KUNIT_EXPECT_EQ_MSG(test, of_device_is_compatible(P("/props"), "x"), 0, "no compatible property");

	KUNIT_EXPECT_TRUE_MSG(test, of_match_node(t1, a) == &t1[1], "best match: earliest compatible string");
	KUNIT_EXPECT_TRUE_MSG(test, of_match_node(t2, a) == &t2[1], "type beats name");
	KUNIT_EXPECT_TRUE_MSG(test, of_match_node(t3, a) == &t3[1], "compatible + type beats compatible");
	KUNIT_EXPECT_TRUE_MSG(test, of_match_node(t4, a) == NULL, "a criterion that fails rules the entry out");
	KUNIT_EXPECT_TRUE_MSG(test, of_match_node(t6, a) == &t6[0], "on a tie the first entry wins");
	KUNIT_EXPECT_TRUE_MSG(test, of_match_node(t2, w) == &t2[1], "type only");
	KUNIT_EXPECT_TRUE_MSG(test, of_match_node(t1, NULL) == NULL, "NULL node");
	KUNIT_EXPECT_TRUE_MSG(test, of_match_node(NULL, a) == NULL, "NULL table");
	/* One scoring: the driver core's ranking is of_match_node()'s. */
	{
		int s3 = 0, s2 = 0;

		KUNIT_EXPECT_TRUE_MSG(test, of_match_best(t3, a, &s3) == of_match_node(t3, a) &&
		      s3 == of_match_score(a, &t3[1]) && s3 > 0, "of_match_best is of_match_node");
		KUNIT_EXPECT_TRUE_MSG(test, of_match_best(t2, w, &s2) == &t2[1] && s2 == 2, "a type match scores 2");
	}

	np = of_find_matching_node_and_match(NULL, t5, &m);
	KUNIT_EXPECT_STREQ_MSG(test, fp(np), "/bus@10000000/sub@80000/timer@100", "find matching node");
	KUNIT_EXPECT_TRUE_MSG(test, m == &t5[0] && !strcmp(m->data, "timer"), "and its match entry");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_matching_node(np, t5) == NULL, "only one");
}

static void test_available_aliases_cells(void)
{
	KUNIT_EXPECT_TRUE_MSG(test, of_device_is_available(P("/bus@10000000/serial@1000")), "no status: available");
	KUNIT_EXPECT_TRUE_MSG(test, of_device_is_available(P("/bus@10000000/serial@2000")), "\"okay\": available");
	KUNIT_EXPECT_TRUE_MSG(test, !of_device_is_available(P("/bus@10000000/serial@3000")), "\"disabled\": not");
	KUNIT_EXPECT_TRUE_MSG(test, !of_device_is_available(P("/bus@10000000/serial@4000")), "\"fail\": not");
	KUNIT_EXPECT_TRUE_MSG(test, of_device_is_available(P("/bus@10000000/serial@5000")), "\"ok\": available");
	KUNIT_EXPECT_TRUE_MSG(test, !of_device_is_available(NULL), "NULL: not available");

	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_id(P("/bus@10000000/serial@1000"), "serial"), 0, "serial0");
	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_id(P("/bus@10000000/serial@2000"), "serial"), 1, "serial1");
	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_id(P("/bus@10000000/serial@3000"), "serial"), 3,
		  "serial3 (disabled nodes keep their alias)");
	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_id(P("i2c0"), "i2c"), 0, "i2c0");
	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_id(P("ethernet"), "ethernet"), -ENODEV, "alias without number");
	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_id(P("serial0"), "i2c"), -ENODEV, "wrong stem");
	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_id(P("/bus@10000000/serial@4000"), "serial"), -ENODEV,
		  "no alias");
	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_id(P("serial0"), "serial0"), -ENODEV, "stem with digits");
	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_highest_id("serial"), 3, "highest serial id");
	KUNIT_EXPECT_EQ_MSG(test, of_alias_get_highest_id("spi"), -ENODEV, "no spi aliases");

	KUNIT_EXPECT_EQ_MSG(test, of_n_addr_cells(P("serial0")), 1, "addr cells");
	KUNIT_EXPECT_EQ_MSG(test, of_n_size_cells(P("serial0")), 1, "size cells");
	KUNIT_EXPECT_EQ_MSG(test, of_n_addr_cells(P("/wide@40000000/big@100001000")), 2, "2 addr cells");
	KUNIT_EXPECT_EQ_MSG(test, of_n_size_cells(P("/wide@40000000/big@100001000")), 2, "2 size cells");
	KUNIT_EXPECT_EQ_MSG(test, of_n_addr_cells(P("ethernet")), 2, "chip-select addr cells");
	KUNIT_EXPECT_EQ_MSG(test, of_n_size_cells(P("i2c0/rtc@58")), 0, "i2c size cells");
	KUNIT_EXPECT_EQ_MSG(test, of_n_addr_cells(P("/pci@50000000/ethernet@1,0")), 3, "pci addr cells");
	KUNIT_EXPECT_EQ_MSG(test, of_n_size_cells(P("/cpus/cpu@0")), 0, "cpus size cells");
	KUNIT_EXPECT_EQ_MSG(test, of_n_addr_cells(P("/bus@10000000/sub@80000/noranges@9000/dev@10")), 1,
		  "inherited from the parent");
}

/* Phandles out of order (not as dtc numbers them) still look up. */
static void test_unsorted_phandles(void)
{
	static struct fdtb b;
	/* 5 is at index 3 of the sorted table (no 4): not where dtc would put it */
	static const uint32_t ph[] = { 50, 3, 900, 1, 7, 2, 5 };
	char name[8];
	unsigned int i;
	uint32_t size;

	fdtb_init(&b);
	fdtb_begin(&b, "");
	for (i = 0; i < sizeof(ph) / sizeof(ph[0]); i++) {
		snprintf(name, sizeof(name), "n%u", i);
		fdtb_begin(&b, name);
		fdtb_prop_u32(&b, i % 2 ? "phandle" : "linux,phandle", ph[i]);
		fdtb_end(&b);
	}
	fdtb_begin(&b, "zero");
	fdtb_prop_u32(&b, "phandle", 0);
	fdtb_end(&b);
	fdtb_begin(&b, "minus1");
	fdtb_prop_u32(&b, "phandle", 0xffffffff);
	fdtb_end(&b);
	fdtb_end(&b);
	fdtb_finish_tree(&b);
	size = fdtb_finish(&b);
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(b.out, size, NULL, 0), 0, "unsorted phandles blob");
	for (i = 0; i < sizeof(ph) / sizeof(ph[0]); i++) {
		snprintf(name, sizeof(name), "/n%u", i);
		KUNIT_EXPECT_STREQ_MSG(test, fp(of_find_node_by_phandle(ph[i])), name, "phandle %u", ph[i]);
	}
	KUNIT_EXPECT_TRUE_MSG(test, of_find_node_by_phandle(4) == NULL, "phandle 4 missing");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_node_by_phandle(1000) == NULL, "phandle 1000 missing");
	KUNIT_EXPECT_EQ_MSG(test, P("/zero")->phandle, 0, "phandle 0 is no phandle");
	KUNIT_EXPECT_EQ_MSG(test, P("/minus1")->phandle, 0, "phandle -1 is no phandle");
	KUNIT_EXPECT_TRUE_MSG(test, of_chosen == NULL && of_aliases == NULL, "no chosen, no aliases");
	KUNIT_EXPECT_TRUE_MSG(test, P("serial0") == NULL, "alias lookup without /aliases");
}

int main(void)
{
	size_t size;
	void *api = ktap_load("api.dtb", &size);
	struct device_node *old;
	struct of_fdt_stats st;
	char bad[64], why[128] = "stale";

	if (!api)
		return ktap_done();
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(api, size, why, sizeof(why)), 0, "unflatten api.dtb");
	KUNIT_EXPECT_STREQ_MSG(test, why, "", "no reason after success");
	test_shape();
	test_paths();
	test_find();
	test_compatible();
	test_available_aliases_cells();

	/* a bad blob leaves the tree as it was and says why */
	old = of_root;
	memset(bad, 0, sizeof(bad));
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(bad, sizeof(bad), why, sizeof(why)), -EINVAL,
		  "bad blob refused");
	KUNIT_EXPECT_TRUE_MSG(test, of_root == old, "old tree kept");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(why, "bad magic") != NULL, "the caller's buffer says why: %s", why);
	/* again: the previous tree is released, the new one is the same */
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(api, size, NULL, 0), 0, "unflatten again");
	of_fdt_get_stats(&st);
	KUNIT_EXPECT_TRUE_MSG(test, of_find_node_by_path("serial0") != NULL, "lookups work after a rebuild");
	test_unsorted_phandles();
	free(api);
	return ktap_done();
}
