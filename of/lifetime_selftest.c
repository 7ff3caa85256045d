// SPDX-License-Identifier: BSD-2-Clause
/*
 * `selftest lifetime`: how long nodes live once the tree changes at run
 * time, on the overlay suite's base tree and blobs
 * (of/overlay-selftest/).  Removal order checked both ways; a dynamic node
 * freed on its last of_node_put() only once detached, reported and kept
 * when released still attached; the references a changeset-made node
 * carries; of_detach_node()/of_attach_node() round trips; the heap back
 * to where it was after apply and remove; and devices that hold an
 * overlay's node: one the overlay makes goes with it, one made by hand
 * keeps the node alive (named in a warning) until it lets go.  With the
 * heap debug mode on, a node freed under its holder shows as poison.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/of_irq.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/selftest.h>

#include "of_private.h"

#define BLOB(name) \
	extern const char __ovst_##name##_start[], __ovst_##name##_end[]
BLOB(base); BLOB(good); BLOB(stack); BLOB(above); BLOB(below); BLOB(devices);
BLOB(lookups);

static int apply(const char *start, const char *end, int *id)
{
	*id = 0;
	return of_overlay_fdt_apply(start, (u32)(end - start), id, NULL);
}
#define APPLY(name, id) apply(__ovst_##name##_start, __ovst_##name##_end, id)

static int lifetime_suite_init(struct kunit *t)
{
	return of_fdt_swap_in(__ovst_base_start,
			      (u32)(__ovst_base_end - __ovst_base_start));
}

static void lifetime_suite_exit(struct kunit *t)
{
	of_fdt_swap_out();
}

/*
 * A (good.dts) then B on top of it: removing A first is refused and
 * frees nothing, B then A goes, and the heap is as before.  @b_start:
 * stack.dts changes a node A added (at), above.dts the node above it
 * (above), below.dts hangs a node under it (below).
 */
static void stacked(struct kunit *t, const char *b_start, const char *b_end)
{
	size_t heap = selftest_heap_used();
	int a, b;

	KUNIT_ASSERT_TRUE_MSG(t, APPLY(good, &a) == 0, "A: %s", of_overlay_error());
	if (KUNIT_EXPECT_TRUE_MSG(t, apply(b_start, b_end, &b) == 0, "B: %s", of_overlay_error())) {
		struct device_node *np = of_find_node_by_path("/bus/dev");

		KUNIT_EXPECT_EQ(t, of_overlay_remove(&a), -EBUSY);
		KUNIT_EXPECT_TRUE_MSG(t, np && selftest_path_is("/bus/dev", np), "A's node still there");
		KUNIT_EXPECT_TRUE_MSG(t, np && !strcmp(np->full_name, "dev"), "and not freed");
		of_node_put(np);
		KUNIT_EXPECT_EQ(t, of_overlay_remove(&b), 0);
	}
	KUNIT_EXPECT_EQ(t, of_overlay_remove(&a), 0);
	KUNIT_EXPECT_TRUE_MSG(t, selftest_path_is("/bus/dev", NULL), "A's node gone");
	KUNIT_EXPECT_EQ(t, selftest_heap_used(), heap);
}

static void removal_order_at(struct kunit *t)
{
	stacked(t, __ovst_stack_start, __ovst_stack_end);
}

static void removal_order_above(struct kunit *t)
{
	stacked(t, __ovst_above_start, __ovst_above_end);
}

static void removal_order_below(struct kunit *t)
{
	stacked(t, __ovst_below_start, __ovst_below_end);
}

static bool flagged(const struct device_node *np, unsigned long flag)
{
	return of_node_check_flag(np, flag);
}

/* A created node with two properties: three entries, three references. */
static struct device_node *made_node(struct kunit *t, struct of_changeset *cs)
{
	struct device_node *bus = of_find_node_by_path("/bus");
	struct device_node *np;

	of_changeset_init(cs);
	np = bus ? of_changeset_create_node(cs, bus, "made@2000") : NULL;
	of_node_put(bus);	/* the new node holds its parent */
	if (!KUNIT_EXPECT_TRUE_MSG(t, np, "node created"))
		return NULL;
	KUNIT_EXPECT_EQ_MSG(t, np->refcount, 2, "the attach entry's and the creator's");
	of_node_put(np);	/* the entries hold it from here */
	KUNIT_EXPECT_EQ(t, of_changeset_add_prop_string(cs, np, "compatible", "coyote,made"), 0);
	KUNIT_EXPECT_EQ(t, of_changeset_add_prop_u32(cs, np, "value", 5), 0);
	return np;
}

static void changeset_node_refcount(struct kunit *t)
{
	struct of_changeset cs;
	struct device_node *np = made_node(t, &cs);

	if (!np)
		return;
	KUNIT_EXPECT_EQ(t, np->refcount, 3);
	KUNIT_EXPECT_TRUE_MSG(t, flagged(np, OF_DYNAMIC) && flagged(np, OF_DETACHED), "Dd before apply");
	KUNIT_ASSERT_TRUE_MSG(t, of_changeset_apply(&cs) == 0, "applied");
	KUNIT_EXPECT_EQ(t, np->refcount, 3);
	KUNIT_EXPECT_TRUE_MSG(t, !flagged(np, OF_DETACHED), "attached");
	KUNIT_EXPECT_TRUE_MSG(t, of_node_get(np) == np, "get returns the node");
	KUNIT_EXPECT_EQ(t, np->refcount, 4);
	of_node_put(np);
	KUNIT_EXPECT_EQ(t, np->refcount, 3);
	of_changeset_revert(&cs);
	of_changeset_destroy(&cs);
}

/* A holder outlives the changeset: freed on its put, not before. */
static void released_on_last_put_when_detached(struct kunit *t)
{
	size_t heap = selftest_heap_used();
	struct of_changeset cs;
	struct device_node *np = made_node(t, &cs);

	if (!np)
		return;
	KUNIT_ASSERT_TRUE_MSG(t, of_changeset_apply(&cs) == 0, "applied");
	of_node_get(np);
	KUNIT_EXPECT_EQ(t, of_changeset_revert(&cs), 0);
	of_changeset_destroy(&cs);
	KUNIT_EXPECT_EQ(t, np->refcount, 1);
	KUNIT_EXPECT_TRUE_MSG(t, flagged(np, OF_DETACHED), "detached");
	KUNIT_EXPECT_STREQ(t, np->full_name, "made@2000");
	KUNIT_EXPECT_TRUE_MSG(t, selftest_heap_used() > heap, "still allocated");
	of_node_put(np);
	KUNIT_EXPECT_EQ(t, selftest_heap_used(), heap);
}

static void released_attached_is_reported_and_kept(struct kunit *t)
{
	struct of_changeset cs;
	struct device_node *np = made_node(t, &cs);
	unsigned int i;

	if (!np)
		return;
	KUNIT_ASSERT_TRUE_MSG(t, of_changeset_apply(&cs) == 0, "applied");
	for (i = 0; i < 2; i++)
		of_node_put(np);
	kunit_expect_begin(t, "of_node_put() from released_attached_is_reported_and_kept");
	of_node_put(np);
	kunit_expect_end(t);
	/* Looked up without a reference: a counted lookup would put it to 0 again. */
	KUNIT_EXPECT_TRUE_MSG(t, __of_find_node_by_full_path(of_root, "/bus/made@2000") == np,
			      "kept in the tree");
	KUNIT_EXPECT_STREQ(t, np->full_name, "made@2000");
	for (i = 0; i < 3; i++)         /* the changeset's, given back */
		of_node_get(np);
	of_changeset_revert(&cs);
	of_changeset_destroy(&cs);
}

static void detach_attach_round_trip(struct kunit *t)
{
	struct device_node *b = of_find_node_by_path("/node-b");
	size_t heap = selftest_heap_used();

	KUNIT_ASSERT_TRUE_MSG(t, b && b->phandle, "/node-b with a phandle");
	KUNIT_EXPECT_EQ(t, of_detach_node(b), 0);
	KUNIT_EXPECT_TRUE_MSG(t, flagged(b, OF_DETACHED), "detached");
	KUNIT_EXPECT_TRUE_MSG(t, selftest_path_is("/node-b", NULL), "not found by path");
	KUNIT_EXPECT_TRUE_MSG(t, selftest_phandle_is(b->phandle, NULL), "not found by phandle");
	KUNIT_EXPECT_EQ(t, of_detach_node(b), -ENODEV);
	KUNIT_EXPECT_EQ(t, of_attach_node(b), 0);
	KUNIT_EXPECT_TRUE_MSG(t, !flagged(b, OF_DETACHED), "attached");
	KUNIT_EXPECT_TRUE_MSG(t, selftest_path_is("/node-b", b), "found by path");
	KUNIT_EXPECT_TRUE_MSG(t, selftest_phandle_is(b->phandle, b), "found by phandle");
	KUNIT_EXPECT_EQ(t, of_attach_node(b), -EEXIST);
	of_node_put(b);
	KUNIT_EXPECT_EQ(t, selftest_heap_used(), heap);
}

static void heap_unchanged_apply_remove(struct kunit *t)
{
	size_t heap = selftest_heap_used();
	int i, id;

	for (i = 0; i < 20; i++) {
		KUNIT_ASSERT_TRUE_MSG(t, APPLY(good, &id) == 0, "round %d: %s", i, of_overlay_error());
		KUNIT_ASSERT_TRUE_MSG(t, of_overlay_remove(&id) == 0, "round %d: %s", i, of_overlay_error());
	}
	KUNIT_EXPECT_EQ(t, selftest_heap_used(), heap);
}

/* /bus's children become devices while @on (as a board's simple-bus). */
static void bus_populated(bool on)
{
	struct device_node *bus = of_find_node_by_path("/bus");

	if (!bus)
		return;
	if (on)
		of_node_set_flag(bus, OF_POPULATED_BUS);
	else
		of_node_clear_flag(bus, OF_POPULATED_BUS);
	of_node_put(bus);
}

/* The overlay's device holds its node (one reference more than the
 * overlay's own) and goes with the overlay, which then frees the node. */
static void overlay_device_holds_its_node(struct kunit *t)
{
	size_t heap = selftest_heap_used();
	struct device_node *np;
	unsigned int before;
	int id;

	bus_populated(true);
	if (KUNIT_EXPECT_TRUE_MSG(t, APPLY(devices, &id) == 0, "applied: %s", of_overlay_error())) {
		np = of_find_node_by_path("/bus/ovst-dev@1000");
		KUNIT_EXPECT_TRUE_MSG(t, np && of_find_device_by_node(np), "a platform device");
		if (np) {
			before = np->refcount;
			platform_device_unregister(of_find_device_by_node(np));
			np->data = NULL;
			of_node_clear_flag(np, OF_POPULATED);
			KUNIT_EXPECT_EQ(t, np->refcount, before - 1);
			KUNIT_EXPECT_TRUE_MSG(t, of_platform_device_create(np, NULL, NULL), "made again");
			KUNIT_EXPECT_EQ(t, np->refcount, before);
		}
		of_node_put(np);
		KUNIT_EXPECT_EQ(t, of_overlay_remove(&id), 0);
	}
	bus_populated(false);
	KUNIT_EXPECT_EQ(t, selftest_heap_used(), heap);
}

/*
 * A device made by hand on an overlay's node outlives the overlay: the
 * node stays (detached, named in a warning) until the device's release
 * puts it.  Freed early, its name would read as heap poison.
 */
static void held_node_outlives_overlay(struct kunit *t)
{
	size_t heap = selftest_heap_used();
	struct platform_device *pdev;
	struct device_node *np;
	int id;

	KUNIT_ASSERT_TRUE_MSG(t, APPLY(good, &id) == 0, "applied: %s", of_overlay_error());
	np = of_find_node_by_path("/bus/dev");
	pdev = platform_device_alloc("lifetime-holder", -1);
	if (!KUNIT_EXPECT_TRUE_MSG(t, np && pdev, "node and device")) {
		platform_device_put(pdev);
		of_node_put(np);
		of_overlay_remove(&id);
		return;
	}
	pdev->dev.of_node = np;		/* the device keeps the lookup's reference */
	KUNIT_EXPECT_EQ(t, platform_device_add(pdev), 0);
	kunit_expect_begin(t, "/bus/dev still held (1 reference(s) besides the overlay's)");
	KUNIT_EXPECT_EQ(t, of_overlay_remove(&id), 0);
	kunit_expect_end(t);
	KUNIT_EXPECT_TRUE_MSG(t, selftest_path_is("/bus/dev", NULL), "gone from the tree");
	KUNIT_EXPECT_STREQ(t, np->full_name, "dev");
	KUNIT_EXPECT_STREQ(t, np->parent->full_name, "bus");
	KUNIT_EXPECT_TRUE_MSG(t, flagged(np, OF_DETACHED), "detached");
	KUNIT_EXPECT_EQ(t, np->refcount, 1);
	platform_device_unregister(pdev);
	KUNIT_EXPECT_EQ(t, selftest_heap_used(), heap);
}

/*
 * A dynamic node holds its parent: a grandchild held past both overlays
 * (below.dts's, under good.dts's /bus/dev) still has /bus/dev to print its
 * path through, and each goes on its own last put.
 */
static void held_child_keeps_its_parent(struct kunit *t)
{
	size_t heap = selftest_heap_used();
	struct device_node *dev, *gc;
	int a, b;

	KUNIT_ASSERT_TRUE_MSG(t, APPLY(good, &a) == 0, "A: %s", of_overlay_error());
	if (!KUNIT_EXPECT_TRUE_MSG(t, APPLY(below, &b) == 0, "B: %s", of_overlay_error())) {
		of_overlay_remove(&a);
		return;
	}
	dev = of_find_node_by_path("/bus/dev");
	gc = of_find_node_by_path("/bus/dev/grandchild");
	KUNIT_EXPECT_TRUE_MSG(t, dev && gc && gc->parent == dev, "grandchild under /bus/dev");
	of_node_put(dev);	/* gc is held: it holds its parent */
	kunit_expect_begin(t, "/bus/dev/grandchild still held");
	KUNIT_EXPECT_EQ(t, of_overlay_remove(&b), 0);
	kunit_expect_end(t);
	kunit_expect_begin(t, "/bus/dev still held");
	KUNIT_EXPECT_EQ(t, of_overlay_remove(&a), 0);
	kunit_expect_end(t);
	if (gc) {
		KUNIT_EXPECT_STREQ(t, gc->parent->full_name, "dev");
		KUNIT_EXPECT_EQ(t, gc->parent->refcount, 1);
		of_node_put(gc);
	}
	KUNIT_EXPECT_EQ(t, selftest_heap_used(), heap);
}

/* The references an overlay's node holds now, read without taking one. */
static unsigned int refs_at(const char *path)
{
	struct device_node *np = __of_find_node_by_full_path(of_root, path);

	return np ? np->refcount : 0;
}

/*
 * Every counted lookup that finds an overlay's node gives a reference, and
 * its put gives it back: the count returns to what it was, and the
 * overlay's removal then frees the nodes (the heap as before, no "still
 * held" warning).  A lookup whose put were missing would keep /bus/dev
 * allocated, detached, after the removal.
 */
static void lookups_balance(struct kunit *t)
{
	size_t heap = selftest_heap_used();
	struct device_node *bus, *np, *child, *peer;
	unsigned int dev0, child0, n = 0;
	int id;

	KUNIT_ASSERT_TRUE_MSG(t, APPLY(good, &id) == 0, "applied: %s", of_overlay_error());
	dev0 = refs_at("/bus/dev");
	child0 = refs_at("/node-a/child");
	KUNIT_EXPECT_TRUE_MSG(t, dev0 > 0 && child0 > 0, "the overlay's nodes are counted");
	np = of_find_node_by_path("/bus/dev");
	KUNIT_EXPECT_EQ_MSG(t, refs_at("/bus/dev"), dev0 + 1, "of_find_node_by_path() gives one");
	peer = of_parse_phandle(np, "peer", 0);
	KUNIT_EXPECT_EQ_MSG(t, refs_at("/node-a/child"), child0 + 1, "of_parse_phandle() gives one");
	child = of_get_child_by_name(peer ? peer->parent : NULL, "child");
	KUNIT_EXPECT_EQ_MSG(t, refs_at("/node-a/child"), child0 + 2, "of_get_child_by_name() gives one");
	of_node_put(child);
	of_node_put(peer);
	KUNIT_EXPECT_EQ_MSG(t, refs_at("/node-a/child"), child0, "their puts give them back");
	bus = of_get_parent(np);
	of_node_put(np);
	KUNIT_EXPECT_EQ_MSG(t, refs_at("/bus/dev"), dev0, "of_node_put() gives it back");
	for_each_child_of_node(bus, child)
		n++;
	KUNIT_EXPECT_EQ_MSG(t, refs_at("/bus/dev"), dev0, "a whole child loop holds none after (%u children)", n);
	for_each_child_of_node(bus, child)
		if (of_node_name_eq(child, "dev"))
			break;
	KUNIT_EXPECT_EQ_MSG(t, refs_at("/bus/dev"), dev0 + 1, "a loop left early holds its child");
	np = of_get_next_parent(child);
	KUNIT_EXPECT_EQ_MSG(t, refs_at("/bus/dev"), dev0, "of_get_next_parent() puts the child");
	KUNIT_EXPECT_TRUE_MSG(t, np == bus, "and gives the parent");
	of_node_put(np);
	of_node_put(bus);
	KUNIT_EXPECT_EQ(t, of_overlay_remove(&id), 0);
	KUNIT_EXPECT_TRUE_MSG(t, selftest_path_is("/bus/dev", NULL), "gone from the tree");
	KUNIT_EXPECT_EQ_MSG(t, selftest_heap_used(), heap, "the overlay's nodes freed");
}

/* @np, just looked up, is the node at @path and holds one reference more
 * than @before there; its put gives that back. */
static void gives_one(struct kunit *t, struct device_node *np, const char *path,
		      unsigned int before, const char *what)
{
	KUNIT_EXPECT_TRUE_MSG(t, np && np == __of_find_node_by_full_path(of_root, path),
			      "%s finds %s", what, path);
	KUNIT_EXPECT_EQ_MSG(t, refs_at(path), before + 1, "%s gives one", what);
	of_node_put(np);
	KUNIT_EXPECT_EQ_MSG(t, refs_at(path), before, "%s: its put gives it back", what);
}

/*
 * An iterator (@loop, over dn) run to its end meets @path once and holds
 * nothing after; left early at @path it holds exactly that node's one.
 */
#define LOOP_BALANCES(t, loop, path, before, what) do {				\
	struct device_node *dn, *want = __of_find_node_by_full_path(of_root, path); \
	unsigned int seen = 0;							\
										\
	loop									\
		seen += dn == want;						\
	KUNIT_EXPECT_EQ_MSG(t, seen, 1u, "%s meets %s", what, path);		\
	KUNIT_EXPECT_EQ_MSG(t, refs_at(path), before, "%s to the end holds none", what); \
	loop									\
		if (dn == want)							\
			break;							\
	KUNIT_EXPECT_EQ_MSG(t, refs_at(path), before + 1, "%s left early holds one", what); \
	of_node_put(dn);							\
} while (0)

static const struct of_device_id lookup_ids[] = {
	{ .compatible = "coyote,ovst-lookup" },
	{ }
};

/* The phandle lookups of an overlay's user: each target counted once. */
static void phandle_args_balance(struct kunit *t, struct device_node *user, unsigned int p0)
{
	struct of_phandle_args args;

	KUNIT_EXPECT_EQ(t, of_parse_phandle_with_args(user, "lk", "#lk-cells", 0, &args), 0);
	KUNIT_EXPECT_TRUE_MSG(t, args.args_count == 1 && args.args[0] == 3, "with its argument");
	gives_one(t, args.np, "/lookup-prov", p0, "of_parse_phandle_with_args()");
	KUNIT_EXPECT_EQ(t, of_parse_phandle_with_fixed_args(user, "lk", 1, 0, &args), 0);
	gives_one(t, args.np, "/lookup-prov", p0, "of_parse_phandle_with_fixed_args()");
	KUNIT_EXPECT_EQ(t, of_parse_phandle_with_args_map(user, "lk-nexus", "lk", 0, &args), 0);
	KUNIT_EXPECT_TRUE_MSG(t, args.args_count == 1 && args.args[0] == 7, "through the map");
	gives_one(t, args.np, "/lookup-prov", p0, "of_parse_phandle_with_args_map()");
}

/*
 * The searches and their for_each_* loops, of_find_node_by_phandle(), the
 * path, parent, child and CPU lookups, the phandle-with-arguments parsers
 * and of_irq_find_parent() on an overlay's nodes (every node-returning
 * lookup and loop of linux/of.h: tests/tools/test_of_refcounts.py): each found node carries one reference until its
 * put, a search puts the node it starts from, and the overlay's removal
 * then frees every node (the heap as before).
 */
static void searches_balance(struct kunit *t)
{
	size_t heap = selftest_heap_used();
	const struct of_device_id *match;
	struct device_node *np, *prov, *user;
	unsigned int p0, cpu0, cpus0, intc0, user0;
	const char *opts = NULL;
	int id;

	KUNIT_ASSERT_TRUE_MSG(t, APPLY(lookups, &id) == 0, "applied: %s", of_overlay_error());
	prov = __of_find_node_by_full_path(of_root, "/lookup-prov");
	user = __of_find_node_by_full_path(of_root, "/lookup-user");
	p0 = refs_at("/lookup-prov");
	cpu0 = refs_at("/cpus/cpu@5");
	cpus0 = refs_at("/cpus");
	intc0 = refs_at("/lookup-intc");
	user0 = refs_at("/lookup-user");
	KUNIT_ASSERT_TRUE_MSG(t, prov && user && p0 && cpu0 && cpus0 && intc0 && user0,
			      "the overlay's nodes are there, counted");
	gives_one(t, of_find_node_by_name(NULL, "lookup-prov"), "/lookup-prov", p0,
		  "of_find_node_by_name()");
	gives_one(t, of_find_node_by_type(NULL, "ovst-lookup"), "/lookup-prov", p0,
		  "of_find_node_by_type()");
	gives_one(t, of_find_compatible_node(NULL, NULL, "coyote,ovst-lookup"), "/lookup-prov",
		  p0, "of_find_compatible_node()");
	gives_one(t, of_find_matching_node_and_match(NULL, lookup_ids, &match), "/lookup-prov",
		  p0, "of_find_matching_node_and_match()");
	KUNIT_EXPECT_TRUE_MSG(t, match == lookup_ids, "with its entry");
	gives_one(t, of_find_node_opts_by_path("/lookup-prov:opts", &opts), "/lookup-prov", p0,
		  "of_find_node_opts_by_path()");
	KUNIT_EXPECT_TRUE_MSG(t, opts && !strcmp(opts, "opts"), "with its options");
	gives_one(t, of_get_compatible_child(of_root, "coyote,ovst-lookup"), "/lookup-prov", p0,
		  "of_get_compatible_child()");
	np = __of_find_node_by_full_path(of_root, "/cpus/cpu@5");
	gives_one(t, of_get_parent(np), "/cpus", cpus0, "of_get_parent()");
	gives_one(t, of_find_node_by_phandle(prov->phandle), "/lookup-prov", p0,
		  "of_find_node_by_phandle()");
	gives_one(t, of_get_cpu_node(5, NULL), "/cpus/cpu@5", cpu0, "of_get_cpu_node()");
	gives_one(t, of_irq_find_parent(user), "/lookup-intc", intc0, "of_irq_find_parent()");
	KUNIT_EXPECT_EQ_MSG(t, refs_at("/lookup-user"), user0, "which gives its child back");
	phandle_args_balance(t, user, p0);

	np = of_find_node_by_name(of_node_get(prov), "lookup-prov");
	KUNIT_EXPECT_TRUE_MSG(t, !np && refs_at("/lookup-prov") == p0, "a search puts its from");
	LOOP_BALANCES(t, for_each_of_allnodes(dn), "/lookup-prov", p0, "for_each_of_allnodes()");
	LOOP_BALANCES(t, for_each_node_by_name(dn, "lookup-prov"), "/lookup-prov", p0,
		      "for_each_node_by_name()");
	LOOP_BALANCES(t, for_each_node_by_type(dn, "ovst-lookup"), "/lookup-prov", p0,
		      "for_each_node_by_type()");
	LOOP_BALANCES(t, for_each_compatible_node(dn, NULL, "coyote,ovst-lookup"), "/lookup-prov",
		      p0, "for_each_compatible_node()");
	LOOP_BALANCES(t, for_each_matching_node(dn, lookup_ids), "/lookup-prov", p0,
		      "for_each_matching_node()");
	LOOP_BALANCES(t, for_each_of_cpu_node(dn), "/cpus/cpu@5", cpu0, "for_each_of_cpu_node()");
	LOOP_BALANCES(t, for_each_child_of_node(of_root, dn), "/lookup-prov", p0,
		      "for_each_child_of_node()");
	LOOP_BALANCES(t, for_each_available_child_of_node(of_root, dn), "/lookup-prov", p0,
		      "for_each_available_child_of_node()");
	KUNIT_EXPECT_TRUE_MSG(t, refs_at("/lookup-prov") == p0 && refs_at("/cpus/cpu@5") == cpu0,
			      "every reference given back");
	KUNIT_EXPECT_EQ(t, of_overlay_remove(&id), 0);
	KUNIT_EXPECT_TRUE_MSG(t, selftest_path_is("/lookup-prov", NULL), "gone from the tree");
	KUNIT_EXPECT_EQ_MSG(t, selftest_heap_used(), heap, "the overlay's nodes freed");
}

static const struct selftest_case lifetime_cases[] = {
	SELFTEST_CASE(removal_order_at),
	SELFTEST_CASE(removal_order_above),
	SELFTEST_CASE(removal_order_below),
	SELFTEST_CASE(changeset_node_refcount),
	SELFTEST_CASE(released_on_last_put_when_detached),
	SELFTEST_CASE(released_attached_is_reported_and_kept),
	SELFTEST_CASE(detach_attach_round_trip),
	SELFTEST_CASE(heap_unchanged_apply_remove),
	SELFTEST_CASE(overlay_device_holds_its_node),
	SELFTEST_CASE(held_node_outlives_overlay),
	SELFTEST_CASE(held_child_keeps_its_parent),
	SELFTEST_CASE(lookups_balance),
	SELFTEST_CASE(searches_balance),
	{ }
};
SELFTEST_SUITE(lifetime, lifetime_cases, lifetime_suite_init, lifetime_suite_exit);
