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

	CHECK(of_root != NULL, "of_root set");
	CHECK_STR(of_root->full_name, "/", "root full_name");
	CHECK_STR(of_root->name, "", "root name");
	CHECK(of_node_is_root(of_root), "of_node_is_root");
	CHECK_STR(fp(of_chosen), "/chosen", "of_chosen");
	CHECK_STR(fp(of_aliases), "/aliases", "of_aliases");

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
			CHECK(of_find_node_by_phandle(np->phandle) == np,
			      "phandle %u finds %s", np->phandle, fp(np));
		}
	}
	CHECK_INT(st.nodes, nodes, "stats: nodes");
	CHECK_INT(st.properties, props, "stats: properties");
	CHECK_INT(st.phandles, phandles, "stats: phandles");
	CHECK_INT(st.aliases, 4, "stats: aliases with an id (serial0, serial1, serial3, i2c0)");
	CHECK(st.tree_bytes > 0 && st.blob_bytes > 0, "stats: bytes");
	printf("# api.dtb: %u nodes, %u properties, live tree %zu bytes here, "
	       "%zu in the 32-bit kernel; U-Boot layout %zu, Linux about %zu\n",
	       st.nodes, st.properties, st.tree_bytes, st.tree_bytes_ilp32,
	       uboot, linux_bytes);
	CHECK(st.tree_bytes_ilp32 < uboot, "32-bit live tree smaller than U-Boot's layout");

	CHECK_STR(of_find_all_nodes(NULL)->full_name, "/", "all nodes: root first");
	CHECK_STR(fp(of_find_all_nodes(of_root)), "/chosen", "all nodes: source order");

	np = NULL;
	for (i = 0; (np = of_get_next_child(bus, np)); i++)
		CHECK_STR(np->full_name, i < 6 ? order[i] : "?", "child %d in source order", i);
	CHECK_INT(i, 6, "bus has 6 children");
	CHECK_INT(of_get_child_count(bus), 6, "of_get_child_count");
	CHECK_INT(of_get_available_child_count(bus), 4, "of_get_available_child_count");
	i = 0;
	for_each_available_child_of_node(bus, np) {
		static const char *avail[] = { "serial@1000", "serial@2000",
					       "serial@5000", "sub@80000" };
		CHECK_STR(np->full_name, i < 4 ? avail[i] : "?", "available child %d", i);
		i++;
	}
	i = 0;
	for_each_child_of_node(bus, np)
		i++;
	CHECK_INT(i, 6, "for_each_child_of_node");
	CHECK(of_get_next_child(NULL, NULL) == NULL, "next child of NULL");
	CHECK(of_get_parent(P("serial0")) == bus, "of_get_parent");
	CHECK(of_get_parent(of_root) == NULL, "root has no parent");
	CHECK(of_get_parent(NULL) == NULL, "of_get_parent(NULL)");
	CHECK(of_get_next_parent(P("serial0")) == bus, "of_get_next_parent");
	CHECK(of_node_get(bus) == bus, "of_node_get returns its node");
	of_node_put(bus);

	CHECK_STR(fp(of_get_child_by_name(bus, "sub")), "/bus@10000000/sub@80000",
		  "child by name without unit address");
	CHECK_STR(fp(of_get_child_by_name(bus, "serial")), "/bus@10000000/serial@1000",
		  "child by name: the first");
	CHECK(of_get_child_by_name(bus, "serial@1000") == NULL,
	      "child by name ignores full names (as Linux)");
	CHECK(of_get_child_by_name(bus, "nope") == NULL, "child by name: missing");
	CHECK_STR(fp(of_get_compatible_child(P("/bus@10000000/sub@80000"), "arm,sp804")),
		  "/bus@10000000/sub@80000/timer@100", "of_get_compatible_child");
}

static void test_paths(void)
{
	const char *opts = "unset";
	struct device_node *uart = P("/bus@10000000/serial@1000");
	char buf[8];

	CHECK(P("/") == of_root, "path /");
	CHECK_STR(fp(uart), "/bus@10000000/serial@1000", "absolute path");
	CHECK(of_find_node_opts_by_path("/bus@10000000/serial@1000", &opts) == uart &&
	      opts == NULL, "no options: opts NULL");
	CHECK(of_find_node_opts_by_path("serial0:115200n8", &opts) == uart,
	      "alias with options");
	CHECK_STR(opts, "115200n8", "options after ':'");
	CHECK(of_find_node_opts_by_path("/bus@10000000/serial@1000:abc", &opts) == uart,
	      "absolute path with options");
	CHECK_STR(opts, "abc", "absolute path options");
	CHECK_STR(fp(P("serial1")), "/bus@10000000/serial@2000", "string alias");
	CHECK_STR(fp(P("ethernet")), "/external-bus@10100000/ethernet@0,0",
		  "alias without a number");
	CHECK_STR(fp(P("bus/sub@80000/timer@100")), "/bus@10000000/sub@80000/timer@100",
		  "alias-relative path");
	CHECK_STR(fp(P("bus/sub@80000:x/timer@100")), "/bus@10000000/sub@80000",
		  "options end an alias-relative path");
	CHECK_STR(fp(P("/d1/d2/d3/d4/d5/d6/d7/d8/d9/d10/d11/d12/d13/d14/d15/d16/d17/d18/d19/d20")),
		  "/d1/d2/d3/d4/d5/d6/d7/d8/d9/d10/d11/d12/d13/d14/d15/d16/d17/d18/d19/d20",
		  "20 levels deep");
	CHECK(P("/bus@10000000/serial") == NULL, "no unit address: no match (as Linux)");
	CHECK(P("/cpus/") == NULL, "trailing slash: no match (as Linux)");
	CHECK(P("/nothing") == NULL, "missing node");
	CHECK(P("nosuch") == NULL, "missing alias");
	CHECK(P("nosuch/x") == NULL, "missing alias, relative");
	CHECK(P(NULL) == NULL, "NULL path");

	CHECK_INT(of_node_full_path(uart, buf, sizeof(buf)), 25, "full path length");
	CHECK_STR(buf, "/bus@10", "full path truncated and terminated");
	CHECK_INT(of_node_full_path(of_root, buf, sizeof(buf)), 1, "root path length");
	CHECK_STR(buf, "/", "root path");
	CHECK_INT(of_node_full_path(NULL, buf, sizeof(buf)), 0, "NULL node path");

	CHECK(of_node_name_eq(uart, "serial"), "name_eq without unit address");
	CHECK(!of_node_name_eq(uart, "serial@1000"), "name_eq: not the full name");
	CHECK(!of_node_name_eq(uart, "seria"), "name_eq: no prefix");
	CHECK(!of_node_name_eq(NULL, "serial"), "name_eq: NULL node");
	CHECK(of_node_name_prefix(uart, "ser"), "name_prefix");
	CHECK(!of_node_name_prefix(uart, "uart"), "name_prefix: no");
}

static void test_find(void)
{
	struct device_node *np;
	int n;

	n = 0;
	for_each_node_by_name(np, "serial")
		n++;
	CHECK_INT(n, 5, "five nodes named serial");
	n = 0;
	for_each_node_by_type(np, "cpu")
		n++;
	CHECK_INT(n, 2, "two cpus by type");
	CHECK_STR(fp(of_find_node_by_type(NULL, "memory")), "/memory@0", "memory by type");
	CHECK(of_find_node_by_type(NULL, "nope") == NULL, "no such type");

	n = 0;
	for_each_compatible_node(np, NULL, "arm,pl011")
		n++;
	CHECK_INT(n, 5, "for_each_compatible_node");
	CHECK_STR(fp(of_find_compatible_node(NULL, "cpu", "arm,arm926ej-s")),
		  "/cpus/cpu@0", "compatible with type");
	CHECK(of_find_compatible_node(NULL, "serial", "arm,pl011") == NULL,
	      "compatible with the wrong type");
	CHECK_STR(fp(of_find_compatible_node(P("/cpus/cpu@0"), NULL, "arm,arm926ej-s")),
		  "/cpus/cpu@1", "compatible: from is excluded");

	CHECK(of_find_node_by_phandle(0) == NULL, "phandle 0");
	CHECK(of_find_node_by_phandle(0x7777) == NULL, "unknown phandle");
	CHECK(of_find_node_by_phandle(0xffffffff) == NULL, "phandle -1");

	n = 0;
	for_each_of_cpu_node(np)
		CHECK_STR(fp(np), n++ ? "/cpus/cpu@1" : "/cpus/cpu@0", "for_each_of_cpu_node: in order");
	CHECK_INT(n, 2, "for_each_of_cpu_node: two cpus");
	CHECK_STR(fp(of_get_cpu_node(1, NULL)), "/cpus/cpu@1", "of_get_cpu_node");
	CHECK(of_get_cpu_node(2, NULL) == NULL, "of_get_cpu_node: no cpu 2");
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

	CHECK(of_device_is_compatible(uart, "arm,pl011") > 0, "compatible: first entry");
	CHECK(of_device_is_compatible(uart, "arm,primecell") > 0, "compatible: second entry");
	CHECK(of_device_is_compatible(uart, "arm,pl011") >
	      of_device_is_compatible(uart, "arm,primecell"), "earlier entries score higher");
	CHECK(of_device_is_compatible(uart, "ARM,PL011") > 0, "compatible ignores case");
	CHECK_INT(of_device_is_compatible(uart, "arm,pl01"), 0, "no prefix match");
	CHECK_INT(of_device_is_compatible(uart, "nope"), 0, "not compatible");
	CHECK_INT(of_device_is_compatible(NULL, "arm,pl011"), 0, "NULL node");
	CHECK_INT(of_device_is_compatible(P("/props"), "x"), 0, "no compatible property");

	CHECK(of_match_node(t1, a) == &t1[1], "best match: earliest compatible string");
	CHECK(of_match_node(t2, a) == &t2[1], "type beats name");
	CHECK(of_match_node(t3, a) == &t3[1], "compatible + type beats compatible");
	CHECK(of_match_node(t4, a) == NULL, "a criterion that fails rules the entry out");
	CHECK(of_match_node(t6, a) == &t6[0], "on a tie the first entry wins");
	CHECK(of_match_node(t2, w) == &t2[1], "type only");
	CHECK(of_match_node(t1, NULL) == NULL, "NULL node");
	CHECK(of_match_node(NULL, a) == NULL, "NULL table");
	/* One scoring: the driver core's ranking is of_match_node()'s. */
	{
		int s3 = 0, s2 = 0;

		CHECK(of_match_best(t3, a, &s3) == of_match_node(t3, a) &&
		      s3 == of_match_score(a, &t3[1]) && s3 > 0, "of_match_best is of_match_node");
		CHECK(of_match_best(t2, w, &s2) == &t2[1] && s2 == 2, "a type match scores 2");
	}

	np = of_find_matching_node_and_match(NULL, t5, &m);
	CHECK_STR(fp(np), "/bus@10000000/sub@80000/timer@100", "find matching node");
	CHECK(m == &t5[0] && !strcmp(m->data, "timer"), "and its match entry");
	CHECK(of_find_matching_node(np, t5) == NULL, "only one");
}

static void test_available_aliases_cells(void)
{
	CHECK(of_device_is_available(P("/bus@10000000/serial@1000")), "no status: available");
	CHECK(of_device_is_available(P("/bus@10000000/serial@2000")), "\"okay\": available");
	CHECK(!of_device_is_available(P("/bus@10000000/serial@3000")), "\"disabled\": not");
	CHECK(!of_device_is_available(P("/bus@10000000/serial@4000")), "\"fail\": not");
	CHECK(of_device_is_available(P("/bus@10000000/serial@5000")), "\"ok\": available");
	CHECK(!of_device_is_available(NULL), "NULL: not available");

	CHECK_INT(of_alias_get_id(P("/bus@10000000/serial@1000"), "serial"), 0, "serial0");
	CHECK_INT(of_alias_get_id(P("/bus@10000000/serial@2000"), "serial"), 1, "serial1");
	CHECK_INT(of_alias_get_id(P("/bus@10000000/serial@3000"), "serial"), 3,
		  "serial3 (disabled nodes keep their alias)");
	CHECK_INT(of_alias_get_id(P("i2c0"), "i2c"), 0, "i2c0");
	CHECK_INT(of_alias_get_id(P("ethernet"), "ethernet"), -ENODEV, "alias without number");
	CHECK_INT(of_alias_get_id(P("serial0"), "i2c"), -ENODEV, "wrong stem");
	CHECK_INT(of_alias_get_id(P("/bus@10000000/serial@4000"), "serial"), -ENODEV,
		  "no alias");
	CHECK_INT(of_alias_get_id(P("serial0"), "serial0"), -ENODEV, "stem with digits");
	CHECK_INT(of_alias_get_highest_id("serial"), 3, "highest serial id");
	CHECK_INT(of_alias_get_highest_id("spi"), -ENODEV, "no spi aliases");

	CHECK_INT(of_n_addr_cells(P("serial0")), 1, "addr cells");
	CHECK_INT(of_n_size_cells(P("serial0")), 1, "size cells");
	CHECK_INT(of_n_addr_cells(P("/wide@40000000/big@100001000")), 2, "2 addr cells");
	CHECK_INT(of_n_size_cells(P("/wide@40000000/big@100001000")), 2, "2 size cells");
	CHECK_INT(of_n_addr_cells(P("ethernet")), 2, "chip-select addr cells");
	CHECK_INT(of_n_size_cells(P("i2c0/rtc@58")), 0, "i2c size cells");
	CHECK_INT(of_n_addr_cells(P("/pci@50000000/ethernet@1,0")), 3, "pci addr cells");
	CHECK_INT(of_n_size_cells(P("/cpus/cpu@0")), 0, "cpus size cells");
	CHECK_INT(of_n_addr_cells(P("/bus@10000000/sub@80000/noranges@9000/dev@10")), 1,
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
	CHECK_INT(of_fdt_unflatten(b.out, size), 0, "unsorted phandles blob");
	for (i = 0; i < sizeof(ph) / sizeof(ph[0]); i++) {
		snprintf(name, sizeof(name), "/n%u", i);
		CHECK_STR(fp(of_find_node_by_phandle(ph[i])), name, "phandle %u", ph[i]);
	}
	CHECK(of_find_node_by_phandle(4) == NULL, "phandle 4 missing");
	CHECK(of_find_node_by_phandle(1000) == NULL, "phandle 1000 missing");
	CHECK_INT(P("/zero")->phandle, 0, "phandle 0 is no phandle");
	CHECK_INT(P("/minus1")->phandle, 0, "phandle -1 is no phandle");
	CHECK(of_chosen == NULL && of_aliases == NULL, "no chosen, no aliases");
	CHECK(P("serial0") == NULL, "alias lookup without /aliases");
}

int main(void)
{
	size_t size;
	void *api = ktap_load("api.dtb", &size);
	struct device_node *old;
	struct of_fdt_stats st;
	char bad[64];

	if (!api)
		return ktap_done();
	CHECK_INT(of_fdt_unflatten(api, size), 0, "unflatten api.dtb");
	CHECK_STR(of_fdt_unflatten_error(), "", "no error after success");
	test_shape();
	test_paths();
	test_find();
	test_compatible();
	test_available_aliases_cells();

	/* a bad blob leaves the tree as it was and says why */
	old = of_root;
	memset(bad, 0, sizeof(bad));
	CHECK_INT(of_fdt_unflatten(bad, sizeof(bad)), -EINVAL, "bad blob refused");
	CHECK(of_root == old, "old tree kept");
	CHECK(strstr(of_fdt_unflatten_error(), "bad magic") != NULL, "reason kept: %s",
	      of_fdt_unflatten_error());
	/* again: the previous tree is released, the new one is the same */
	CHECK_INT(of_fdt_unflatten(api, size), 0, "unflatten again");
	of_fdt_get_stats(&st);
	CHECK(of_find_node_by_path("serial0") != NULL, "lookups work after a rebuild");
	test_unsorted_phandles();
	free(api);
	return ktap_done();
}
