// SPDX-License-Identifier: BSD-2-Clause
/*
 * `selftest overlay`: changesets and overlays on the target, on a base tree
 * of the suite's own (of/overlay-selftest/base.dts, swapped in as the live
 * tree while the suite runs): a changeset built in code applied and
 * reverted exactly; overlay blobs (dtc -@ output built into the image)
 * applied and removed leaving the tree as found; every class of bad
 * overlay refused with the tree unchanged (a checksum of every node, name,
 * phandle and property before and after); notifications; phandle
 * renumbering and both kinds of fixups; the newest-first removal rule,
 * checked above and below the nodes an overlay would take away; overlays
 * that add a platform device and an I2C client, which go with them.  The
 * categories of Linux's overlay unit tests (drivers/of/unittest.c), in
 * cases of this kernel's own.
 */
#include <linux/errno.h>
#include <linux/i2c.h>
#include <linux/kernel.h>
#include <linux/notifier.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/selftest.h>

#define BLOB(name) \
	extern const char __ovst_##name##_start[], __ovst_##name##_end[]
BLOB(base); BLOB(good); BLOB(stack); BLOB(below); BLOB(bad_target); BLOB(bad_label); BLOB(bad_cells);
BLOB(bad_twice);
BLOB(bad_phandle); BLOB(no_target); BLOB(no_overlay); BLOB(devices); BLOB(i2c);
BLOB(same_cells); BLOB(bad_symbol);
#define BLOB_ARGS(name) __ovst_##name##_start, \
	(u32)(__ovst_##name##_end - __ovst_##name##_start)

static int overlay_suite_init(struct kunit *t)
{
	return of_fdt_swap_in(BLOB_ARGS(base));
}

/* Swapping out removes the suite's overlays and gives back the user's. */
static void overlay_suite_exit(struct kunit *t)
{
	of_fdt_swap_out();
}

/* FNV-1a over every node's path, phandle and properties, in tree order. */
static u32 fnv(u32 h, const void *p, size_t n)
{
	const unsigned char *b = p;

	while (n--)
		h = (h ^ *b++) * 16777619u;
	return h;
}

static u32 tree_sum(void)
{
	struct device_node *np;
	struct property *pp;
	char path[256];
	u32 h = 2166136261u;

	for_each_of_allnodes(np) {
		of_node_full_path(np, path, sizeof(path));
		h = fnv(h, path, strlen(path) + 1);
		h = fnv(h, &np->phandle, sizeof(np->phandle));
		for (pp = np->properties; pp; pp = pp->next) {
			h = fnv(h, pp->name, strlen(pp->name) + 1);
			h = fnv(h, &pp->length, sizeof(pp->length));
			if (pp->value && pp->length > 0)
				h = fnv(h, pp->value, (size_t)pp->length);
		}
	}
	return h;
}

static bool has(const char *s, const char *part)
{
	size_t n = strlen(part);

	for (; *s; s++)
		if (!strncmp(s, part, n))
			return true;
	return false;
}

static u32 prop_u32(const char *path, const char *name)
{
	struct device_node *np = of_find_node_by_path(path);
	u32 v = 0;

	if (np)
		of_property_read_u32(np, name, &v);
	of_node_put(np);
	return v;
}

/* --- changesets built in code ----------------------------------------- */

static void changeset_apply_revert(struct kunit *t)
{
	struct device_node *a = of_find_node_by_path("/node-a");
	u32 sum = tree_sum();
	u32 seven = cpu_to_be32(7), nine = cpu_to_be32(9);
	struct property added = { .name = "added", .length = 4, .value = &seven };
	struct property upd = { .name = "value", .length = 4, .value = &nine };
	struct of_changeset cs;

	KUNIT_ASSERT_TRUE_MSG(t, a, "/node-a");
	of_changeset_init(&cs);
	KUNIT_EXPECT_EQ(t, of_changeset_add_property(&cs, a, &added), 0);
	KUNIT_EXPECT_EQ(t, of_changeset_update_property(&cs, a, &upd), 0);
	KUNIT_EXPECT_EQ(t, tree_sum(), sum);
	KUNIT_ASSERT_TRUE_MSG(t, of_changeset_apply(&cs) == 0, "applied");
	KUNIT_EXPECT_EQ(t, prop_u32("/node-a", "added"), 7);
	KUNIT_EXPECT_EQ(t, prop_u32("/node-a", "value"), 9);
	KUNIT_EXPECT_TRUE_MSG(t, tree_sum() != sum, "the tree changed");
	KUNIT_EXPECT_EQ(t, of_changeset_revert(&cs), 0);
	KUNIT_EXPECT_EQ(t, prop_u32("/node-a", "value"), 1);
	KUNIT_EXPECT_TRUE_MSG(t, !of_find_property(a, "added", NULL), "added property gone");
	KUNIT_EXPECT_EQ(t, tree_sum(), sum);
	of_changeset_destroy(&cs);
}

static void changeset_remove_property(struct kunit *t)
{
	struct device_node *b = of_find_node_by_path("/node-b");
	struct property *pp = b ? of_find_property(b, "user", NULL) : NULL;
	u32 sum = tree_sum();
	struct of_changeset cs;

	KUNIT_ASSERT_TRUE_MSG(t, pp, "/node-b user");
	of_changeset_init(&cs);
	KUNIT_EXPECT_EQ(t, of_changeset_remove_property(&cs, b, pp), 0);
	KUNIT_ASSERT_TRUE_MSG(t, of_changeset_apply(&cs) == 0, "applied");
	KUNIT_EXPECT_TRUE_MSG(t, !of_find_property(b, "user", NULL), "removed");
	KUNIT_EXPECT_EQ(t, of_changeset_revert(&cs), 0);
	KUNIT_EXPECT_TRUE_MSG(t, of_find_property(b, "user", NULL) == pp, "the same property back");
	KUNIT_EXPECT_EQ(t, tree_sum(), sum);
	of_changeset_destroy(&cs);
}

static void changeset_detach_attach(struct kunit *t)
{
	struct device_node *b = of_find_node_by_path("/node-b");
	u32 sum = tree_sum();
	struct of_changeset cs;

	KUNIT_ASSERT_TRUE_MSG(t, b, "/node-b");
	of_changeset_init(&cs);
	KUNIT_EXPECT_EQ(t, of_changeset_detach_node(&cs, b), 0);
	KUNIT_ASSERT_TRUE_MSG(t, of_changeset_apply(&cs) == 0, "applied");
	KUNIT_EXPECT_TRUE_MSG(t, !of_find_node_by_path("/node-b"), "detached");
	KUNIT_EXPECT_EQ(t, of_changeset_revert(&cs), 0);
	KUNIT_EXPECT_TRUE_MSG(t, of_find_node_by_path("/node-b") == b, "back in place");
	KUNIT_EXPECT_TRUE_MSG(t, selftest_phandle_is(b->phandle, b), "found by phandle again");
	KUNIT_EXPECT_EQ(t, tree_sum(), sum);
	of_changeset_destroy(&cs);
}

static void changeset_bad_entry_refused(struct kunit *t)
{
	struct device_node *a = of_find_node_by_path("/node-a");
	u32 one = cpu_to_be32(1);
	struct property dup = { .name = "value", .length = 4, .value = &one };
	u32 sum = tree_sum();
	struct of_changeset cs;

	KUNIT_ASSERT_TRUE_MSG(t, a, "/node-a");
	of_changeset_init(&cs);
	/* Adding a property the node already has collides. */
	of_changeset_add_property(&cs, a, &dup);
	KUNIT_EXPECT_TRUE_MSG(t, of_changeset_apply(&cs) < 0, "refused");
	KUNIT_EXPECT_EQ(t, tree_sum(), sum);
	of_changeset_destroy(&cs);
}

/* --- overlay blobs ------------------------------------------------------ */

struct counts {
	struct notifier_block nb;
	int actions[OF_RECONFIG_UPDATE_PROPERTY + 1];
	int adds, removes;
};

static int count_change(struct notifier_block *nb, unsigned long action, void *data)
{
	struct counts *c = container_of(nb, struct counts, nb);

	if (action <= OF_RECONFIG_UPDATE_PROPERTY)
		c->actions[action]++;
	switch (of_reconfig_get_state_change(action, data)) {
	case OF_RECONFIG_CHANGE_ADD:
		c->adds++;
		break;
	case OF_RECONFIG_CHANGE_REMOVE:
		c->removes++;
		break;
	default:
		break;
	}
	return NOTIFY_OK;
}

static int apply(const char *start, const char *end, int *id)
{
	*id = 0;
	return of_overlay_fdt_apply(start, (u32)(end - start), id, NULL);
}
#define APPLY(name, id) apply(__ovst_##name##_start, __ovst_##name##_end, id)

static void apply_remove_exact(struct kunit *t)
{
	u32 sum = tree_sum();
	int id;

	KUNIT_ASSERT_TRUE_MSG(t, APPLY(good, &id) == 0, "applied: %s", of_overlay_error());
	KUNIT_EXPECT_TRUE_MSG(t, id > 0, "an id");
	KUNIT_EXPECT_TRUE_MSG(t, tree_sum() != sum, "the tree changed");
	KUNIT_EXPECT_EQ(t, of_overlay_remove(&id), 0);
	KUNIT_EXPECT_EQ(t, id, 0);
	KUNIT_EXPECT_EQ(t, tree_sum(), sum);
}

static void overlay_values(struct kunit *t)
{
	struct device_node *a = of_find_node_by_path("/node-a");
	const char *s = NULL;
	int id;

	KUNIT_ASSERT_TRUE_MSG(t, APPLY(good, &id) == 0, "applied: %s", of_overlay_error());
	KUNIT_EXPECT_EQ(t, prop_u32("/node-a", "value"), 2);
	KUNIT_EXPECT_EQ(t, of_property_read_string(a, "extra", &s), 0);
	KUNIT_EXPECT_STREQ(t, s, "new");
	KUNIT_EXPECT_TRUE_MSG(t, of_device_is_available(a), "status flipped to okay");
	KUNIT_EXPECT_TRUE_MSG(t, !selftest_path_is("/node-a/child", NULL), "new child");
	KUNIT_EXPECT_TRUE_MSG(t, !selftest_path_is("/bus/dev", NULL), "new node under /bus");
	of_overlay_remove(&id);
	KUNIT_EXPECT_TRUE_MSG(t, !of_device_is_available(a), "disabled again");
	KUNIT_EXPECT_TRUE_MSG(t, selftest_path_is("/bus/dev", NULL), "new node gone");
	of_node_put(a);
}

static void phandles_renumbered(struct kunit *t)
{
	struct device_node *np;
	phandle max = 0;
	int id;

	for_each_of_allnodes(np)
		if (np->phandle > max)
			max = np->phandle;
	KUNIT_ASSERT_TRUE_MSG(t, APPLY(good, &id) == 0, "applied: %s", of_overlay_error());
	np = of_find_node_by_path("/node-a/child");
	KUNIT_ASSERT_TRUE_MSG(t, np, "child");
	KUNIT_EXPECT_TRUE_MSG(t, np->phandle > max, "new phandle %u above the tree's %u", np->phandle, max);
	KUNIT_EXPECT_TRUE_MSG(t, selftest_phandle_is(np->phandle, np), "found by it");
	KUNIT_EXPECT_EQ(t, prop_u32("/node-a/child", "self"), np->phandle);
	of_node_put(np);
	of_overlay_remove(&id);
	KUNIT_EXPECT_TRUE_MSG(t, selftest_phandle_is(max + 1, NULL), "no node has phandle %u after", max + 1);
}

static void local_fixups_resolved(struct kunit *t)
{
	struct device_node *child;
	int id;

	KUNIT_ASSERT_TRUE_MSG(t, APPLY(good, &id) == 0, "applied: %s", of_overlay_error());
	child = of_find_node_by_path("/node-a/child");
	KUNIT_EXPECT_TRUE_MSG(t, child && prop_u32("/bus/dev", "peer") == child->phandle,
		  "/bus/dev peer is the overlay's own child");
	of_node_put(child);
	of_overlay_remove(&id);
}

static void fixups_resolved(struct kunit *t)
{
	struct device_node *b = of_find_node_by_path("/node-b");
	int id;

	KUNIT_ASSERT_TRUE_MSG(t, b && b->phandle, "/node-b has a phandle");
	KUNIT_ASSERT_TRUE_MSG(t, APPLY(good, &id) == 0, "applied: %s", of_overlay_error());
	KUNIT_EXPECT_EQ(t, prop_u32("/node-a/child", "ref"), b->phandle);
	of_overlay_remove(&id);
}

static void notifications(struct kunit *t)
{
	struct counts c = { .nb.notifier_call = count_change };
	int id, applied[OF_RECONFIG_UPDATE_PROPERTY + 1];

	KUNIT_ASSERT_TRUE_MSG(t, of_reconfig_notifier_register(&c.nb) == 0, "registered");
	if (KUNIT_EXPECT_TRUE_MSG(t, APPLY(good, &id) == 0, "applied: %s", of_overlay_error())) {
		KUNIT_EXPECT_EQ(t, c.actions[OF_RECONFIG_ATTACH_NODE], 2);
		KUNIT_EXPECT_EQ(t, c.actions[OF_RECONFIG_ADD_PROPERTY] > 0, 1);
		KUNIT_EXPECT_EQ(t, c.actions[OF_RECONFIG_UPDATE_PROPERTY], 2);
		KUNIT_EXPECT_EQ(t, c.adds >= 1, 1);
		memcpy(applied, c.actions, sizeof(applied));
		memset(c.actions, 0, sizeof(c.actions));
		of_overlay_remove(&id);
		KUNIT_EXPECT_EQ(t, c.actions[OF_RECONFIG_DETACH_NODE],
			     applied[OF_RECONFIG_ATTACH_NODE]);
		KUNIT_EXPECT_EQ(t, c.actions[OF_RECONFIG_UPDATE_PROPERTY],
			     applied[OF_RECONFIG_UPDATE_PROPERTY]);
		KUNIT_EXPECT_EQ(t, c.removes >= 1, 1);
	}
	KUNIT_EXPECT_EQ(t, of_reconfig_notifier_unregister(&c.nb), 0);
}

/* --- overlay notifiers: before and after, with their own errors ---------- */

struct overlay_watch {
	struct notifier_block nb;
	unsigned long seen[8];		/* the actions, in order */
	bool dev_there[8];		/* /bus/dev (good.dts's) in the tree then? */
	unsigned int n;
	unsigned long fail_on;		/* answer this action with @err */
	int err;
};

static int watch_overlay(struct notifier_block *nb, unsigned long action, void *data)
{
	struct overlay_watch *w = container_of(nb, struct overlay_watch, nb);
	struct of_overlay_notify_data *nd = data;

	if (w->n < ARRAY_SIZE(w->seen)) {
		w->seen[w->n] = action;
		w->dev_there[w->n++] = !selftest_path_is("/bus/dev", NULL);
	}
	if (action != w->fail_on)
		return NOTIFY_OK;
	if (w->err == -ENOSPC)
		why_set(nd->why, nd->whylen, "the watcher has no room");
	return notifier_from_errno(w->err);
}

/* Pre-apply sees the tree before, post-apply after; removal the same. */
static void overlay_notifier_order(struct kunit *t)
{
	struct overlay_watch w = { .nb.notifier_call = watch_overlay };
	static const unsigned long want[] = { OF_OVERLAY_PRE_APPLY, OF_OVERLAY_POST_APPLY,
					      OF_OVERLAY_PRE_REMOVE, OF_OVERLAY_POST_REMOVE };
	static const bool there[] = { false, true, true, false };
	int id;

	KUNIT_ASSERT_EQ(t, of_overlay_notifier_register(&w.nb), 0);
	KUNIT_EXPECT_EQ(t, APPLY(good, &id), 0);
	KUNIT_EXPECT_EQ(t, of_overlay_remove(&id), 0);
	KUNIT_EXPECT_EQ(t, of_overlay_notifier_unregister(&w.nb), 0);
	KUNIT_ASSERT_EQ(t, w.n, ARRAY_SIZE(want));
	for (unsigned int i = 0; i < ARRAY_SIZE(want); i++) {
		KUNIT_EXPECT_EQ(t, w.seen[i], want[i]);
		KUNIT_EXPECT_EQ(t, w.dev_there[i], there[i]);
	}
}

/* A pre-apply notifier's own errno comes back, with its reason; no id. */
static void overlay_notifier_refuses_with_its_errno(struct kunit *t)
{
	struct overlay_watch w = { .nb.notifier_call = watch_overlay,
				   .fail_on = OF_OVERLAY_PRE_APPLY, .err = -ENOSPC };
	u32 sum = tree_sum();
	int id = -1;

	KUNIT_ASSERT_EQ(t, of_overlay_notifier_register(&w.nb), 0);
	KUNIT_EXPECT_EQ(t, of_overlay_fdt_apply(BLOB_ARGS(good), &id, NULL), -ENOSPC);
	KUNIT_EXPECT_EQ(t, id, 0);	/* Linux gives one to remove; nothing here is left */
	KUNIT_EXPECT_TRUE_MSG(t, has(of_overlay_error(), "no room"), "reason: %s",
			      of_overlay_error());
	KUNIT_EXPECT_EQ(t, tree_sum(), sum);
	/* One without a reason of its own is named by the core. */
	w.err = -EIO;
	KUNIT_EXPECT_EQ(t, APPLY(good, &id), -EIO);
	KUNIT_EXPECT_TRUE_MSG(t, has(of_overlay_error(), "pre-apply notifier refused (EIO)"),
			      "reason: %s", of_overlay_error());
	KUNIT_EXPECT_EQ(t, of_overlay_notifier_unregister(&w.nb), 0);
	KUNIT_EXPECT_EQ(t, tree_sum(), sum);
	KUNIT_EXPECT_EQ(t, of_overlay_next(0), 0);
}

/* After the fact, as Linux: the overlay stays applied, its id given. */
static void overlay_post_apply_error_keeps_it(struct kunit *t)
{
	struct overlay_watch w = { .nb.notifier_call = watch_overlay,
				   .fail_on = OF_OVERLAY_POST_APPLY, .err = -EIO };
	u32 sum = tree_sum();
	int id = 0;

	KUNIT_ASSERT_EQ(t, of_overlay_notifier_register(&w.nb), 0);
	KUNIT_EXPECT_EQ(t, APPLY(good, &id), -EIO);
	KUNIT_EXPECT_EQ(t, of_overlay_notifier_unregister(&w.nb), 0);
	KUNIT_EXPECT_TRUE_MSG(t, id > 0, "an id for the applied overlay");
	KUNIT_EXPECT_TRUE_MSG(t, !selftest_path_is("/bus/dev", NULL), "applied");
	KUNIT_EXPECT_EQ(t, of_overlay_remove(&id), 0);
	KUNIT_EXPECT_EQ(t, tree_sum(), sum);
}

/* An unchanged #address-cells is not a change: a later overlay under /bus
 * does not hold this one back (Linux allows the removal too). */
static void unchanged_cells_not_recorded(struct kunit *t)
{
	struct device_node *bus = of_find_node_by_path("/bus");
	struct of_changeset_entry *ce;
	u32 sum = tree_sum();
	int same, later;

	KUNIT_ASSERT_EQ(t, APPLY(same_cells, &same), 0);
	list_for_each_entry(ce, &of_overlay_changeset(same)->entries, node)
		KUNIT_EXPECT_TRUE_MSG(t, ce->np != bus, "a change to /bus recorded (%s)",
				      ce->prop ? ce->prop->name : "node");
	KUNIT_EXPECT_EQ(t, APPLY(good, &later), 0);
	KUNIT_EXPECT_EQ_MSG(t, of_overlay_remove(&same), 0, "removed first: %s",
			    of_overlay_error());
	KUNIT_EXPECT_TRUE_MSG(t, !selftest_path_is("/bus/dev", NULL), "the later one stays");
	KUNIT_EXPECT_EQ(t, of_overlay_remove(&later), 0);
	KUNIT_EXPECT_EQ(t, tree_sum(), sum);
}

/*
 * good.dts, then @start..@end on top of it: good.dts may not go first (the
 * refusal says @says, the tree stays), the newer one may, then good.dts.
 */
static void stacked_goes_first(struct kunit *t, const char *start, const char *end,
			       const char *says)
{
	int first, second;

	KUNIT_ASSERT_TRUE_MSG(t, APPLY(good, &first) == 0, "applied: %s", of_overlay_error());
	if (KUNIT_EXPECT_TRUE_MSG(t, apply(start, end, &second) == 0, "stacked: %s", of_overlay_error())) {
		u32 sum = tree_sum();

		KUNIT_EXPECT_EQ(t, of_overlay_remove(&first), -EBUSY);
		KUNIT_EXPECT_TRUE_MSG(t, has(of_overlay_error(), says), "says %s: %s", says,
			  of_overlay_error());
		KUNIT_EXPECT_EQ(t, tree_sum(), sum);
		KUNIT_EXPECT_EQ(t, of_overlay_remove(&second), 0);
	}
	KUNIT_EXPECT_EQ(t, of_overlay_remove(&first), 0);
}

/* A later overlay changing a node good.dts added. */
static void removal_order(struct kunit *t)
{
	stacked_goes_first(t, __ovst_stack_start, __ovst_stack_end, "remove");
}

/* A later overlay's node below one good.dts added, by path only. */
static void removal_order_below(struct kunit *t)
{
	stacked_goes_first(t, __ovst_below_start, __ovst_below_end, "/bus/dev/grandchild");
	KUNIT_EXPECT_TRUE_MSG(t, selftest_path_is("/bus/dev", NULL), "both gone");
}

/* --- refusals: each leaves the tree as it was ---------------------------- */

static void refused(struct kunit *t, const char *start, const char *end, u32 size, int want,
		    const char *why)
{
	u32 sum = tree_sum();
	int id = -1;

	KUNIT_EXPECT_EQ(t, of_overlay_fdt_apply(start, size ? size : (u32)(end - start), &id, NULL),
		     want);
	KUNIT_EXPECT_TRUE_MSG(t, has(of_overlay_error(), why), "reason \"%s\" has \"%s\"",
		  of_overlay_error(), why);
	KUNIT_EXPECT_EQ(t, tree_sum(), sum);
	KUNIT_EXPECT_EQ(t, of_overlay_next(0), 0);
}
#define REFUSED(t, name, want, why) \
	refused(t, __ovst_##name##_start, __ovst_##name##_end, 0, want, why)

static void refuse_missing_target(struct kunit *t)
{
	REFUSED(t, bad_target, -EINVAL, "not in the tree");
}

static void refuse_unknown_label(struct kunit *t)
{
	REFUSED(t, bad_label, -EINVAL, "unknown label");
}

static void refuse_cells_change(struct kunit *t)
{
	REFUSED(t, bad_cells, -EINVAL, "not allowed");
}

/* A label the base has already: its __symbols__ entry is never moved. */
static void refuse_symbol_redefined(struct kunit *t)
{
	REFUSED(t, bad_symbol, -EINVAL, "'base_a' is the tree's already");
}

static void refuse_contradiction(struct kunit *t)
{
	REFUSED(t, bad_twice, -EINVAL, "earlier fragment");
}

static void refuse_bad_magic(struct kunit *t)
{
	u32 size = (u32)(__ovst_good_end - __ovst_good_start);
	char *copy = kmalloc(size, GFP_KERNEL);

	KUNIT_ASSERT_TRUE_MSG(t, copy, "memory");
	memcpy(copy, __ovst_good_start, size);
	copy[0] ^= 0xff;
	refused(t, copy, copy + size, size, -EINVAL, "bad magic");
	kfree(copy);
}

static void refuse_short_blob(struct kunit *t)
{
	refused(t, __ovst_good_start, NULL, (u32)(__ovst_good_end - __ovst_good_start) - 8,
		-EOVERFLOW, "exceeds");
}

static void refuse_bad_arguments(struct kunit *t)
{
	struct device_node *root = of_find_node_by_path("/");
	u32 sum = tree_sum();
	int id;

	KUNIT_EXPECT_EQ(t, of_overlay_fdt_apply(NULL, 64, &id, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(t, of_overlay_fdt_apply(BLOB_ARGS(good), NULL, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(t, of_overlay_fdt_apply(BLOB_ARGS(good), &id, root), -EINVAL);
	KUNIT_EXPECT_EQ(t, tree_sum(), sum);
	id = 999;
	KUNIT_EXPECT_EQ(t, of_overlay_remove(&id), -ENODEV);
}

/* Fragments Linux's unit tests refuse too, each with its reason. */
static const struct {
	const char *name, *start, *end, *why;
} bad_fragments[] = {
	{ "target_phandle_unknown", __ovst_bad_phandle_start, __ovst_bad_phandle_end,
	  "target <0xdead> is not in the tree" },
	{ "no_target", __ovst_no_target_start, __ovst_no_target_end,
	  "fragment@0: no target or target-path" },
	{ "no_overlay_node", __ovst_no_overlay_start, __ovst_no_overlay_end,
	  "no fragment with an __overlay__ node" },
};

static const char *bad_fragment_name(unsigned int i)
{
	return bad_fragments[i].name;
}

static void refuse_bad_fragment(struct kunit *t)
{
	refused(t, bad_fragments[t->param].start, bad_fragments[t->param].end, 0, -EINVAL,
		bad_fragments[t->param].why);
}

/* --- overlays that add devices ------------------------------------------ */

static int find_named(struct device *dev, void *name)
{
	return !strcmp(dev_name(dev), name);
}

/* Is there a platform device called @name? */
static bool platform_device_exists(const char *name)
{
	return bus_for_each_dev(&platform_bus_type, (void *)name, find_named) != 0;
}

static void overlay_adds_platform_device(struct kunit *t)
{
	struct device_node *bus = of_find_node_by_path("/bus");
	int id;

	KUNIT_ASSERT_TRUE_MSG(t, bus, "/bus");
	/* Its children are devices while the case runs, as a simple-bus's. */
	of_node_set_flag(bus, OF_POPULATED_BUS);
	if (KUNIT_EXPECT_TRUE_MSG(t, APPLY(devices, &id) == 0, "applied: %s", of_overlay_error())) {
		KUNIT_EXPECT_TRUE_MSG(t, platform_device_exists("1000.ovst-dev"), "1000.ovst-dev created");
		KUNIT_EXPECT_EQ(t, of_overlay_remove(&id), 0);
	}
	KUNIT_EXPECT_TRUE_MSG(t, !platform_device_exists("1000.ovst-dev"), "1000.ovst-dev gone");
	of_node_clear_flag(bus, OF_POPULATED_BUS);
}

/* Nothing answers: the client is only made and taken away, never spoken to. */
static int no_answer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	return -ENXIO;
}

static const struct i2c_algorithm silent_algo = { .master_xfer = no_answer };

static void overlay_adds_i2c_client(struct kunit *t)
{
	struct i2c_adapter *adap = kzalloc(sizeof(*adap), GFP_KERNEL);
	struct i2c_client *c;
	int id;

	KUNIT_ASSERT_TRUE_MSG(t, adap, "memory");
	adap->algo = &silent_algo;
	adap->dev.of_node = of_find_node_by_path("/i2c-test");
	strscpy(adap->name, "overlay-selftest", sizeof(adap->name));
	if (!KUNIT_EXPECT_TRUE_MSG(t, adap->dev.of_node && i2c_add_adapter(adap) == 0, "adapter")) {
		kfree(adap);
		return;
	}
	KUNIT_EXPECT_TRUE_MSG(t, !adap->clients, "no client before");
	if (KUNIT_EXPECT_TRUE_MSG(t, APPLY(i2c, &id) == 0, "applied: %s", of_overlay_error())) {
		c = adap->clients;      /* the only one */
		KUNIT_EXPECT_TRUE_MSG(t, c && c->addr == 0x50 && !c->next && !strcmp(c->name, "ovst-i2c"),
			  "client ovst-i2c at 0x50");
		KUNIT_EXPECT_TRUE_MSG(t, c && selftest_path_is("/i2c-test/ovst-client@50", c->dev.of_node),
			  "made from the overlay's node");
		KUNIT_EXPECT_EQ(t, of_overlay_remove(&id), 0);
	}
	KUNIT_EXPECT_TRUE_MSG(t, !adap->clients, "client gone");
	i2c_del_adapter(adap);
	kfree(adap);
}

static void refuse_base_as_overlay(struct kunit *t)
{
	REFUSED(t, base, -EINVAL, "not an overlay");
}

static const struct selftest_case overlay_cases[] = {
	SELFTEST_CASE(changeset_apply_revert),
	SELFTEST_CASE(changeset_remove_property),
	SELFTEST_CASE(changeset_detach_attach),
	SELFTEST_CASE(changeset_bad_entry_refused),
	SELFTEST_CASE(apply_remove_exact),
	SELFTEST_CASE(overlay_values),
	SELFTEST_CASE(phandles_renumbered),
	SELFTEST_CASE(local_fixups_resolved),
	SELFTEST_CASE(fixups_resolved),
	SELFTEST_CASE(notifications),
	SELFTEST_CASE(overlay_notifier_order),
	SELFTEST_CASE(overlay_notifier_refuses_with_its_errno),
	SELFTEST_CASE(overlay_post_apply_error_keeps_it),
	SELFTEST_CASE(unchanged_cells_not_recorded),
	SELFTEST_CASE(removal_order),
	SELFTEST_CASE(removal_order_below),
	SELFTEST_CASE(refuse_missing_target),
	SELFTEST_CASE(refuse_unknown_label),
	SELFTEST_CASE(refuse_cells_change),
	SELFTEST_CASE(refuse_symbol_redefined),
	SELFTEST_CASE(refuse_contradiction),
	SELFTEST_CASE(refuse_bad_magic),
	SELFTEST_CASE(refuse_short_blob),
	SELFTEST_CASE(refuse_bad_arguments),
	SELFTEST_CASE(refuse_base_as_overlay),
	SELFTEST_PARAM_CASE(refuse_bad_fragment, ARRAY_SIZE(bad_fragments), bad_fragment_name),
	SELFTEST_CASE(overlay_adds_platform_device),
	SELFTEST_CASE(overlay_adds_i2c_client),
	{ }
};
SELFTEST_SUITE(overlay, overlay_cases, overlay_suite_init, overlay_suite_exit);
