// SPDX-License-Identifier: BSD-2-Clause
/*
 * of/dynamic.c: single property changes, changesets applied, failed and
 * reverted (the tree printed as DTS must come back byte for byte), the
 * reconfig notifications and what they mean for devices, phandles of
 * attached and detached nodes; node lifetimes (references, release,
 * nodes and properties a changeset makes), of_attach_node/of_detach_node.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_dump.h>
#include <linux/of_fdt.h>

#include "ktap.h"
#include "snapshot.h"

#define P(path) node_at(path)

/* What the notifier saw: actions and the device change of each. */
static int seen, adds, removes;
static unsigned long last_action;

static int count(struct notifier_block *nb, unsigned long action, void *arg)
{
	int change = of_reconfig_get_state_change(action, arg);

	seen++;
	last_action = action;
	adds += change == OF_RECONFIG_CHANGE_ADD;
	removes += change == OF_RECONFIG_CHANGE_REMOVE;
	return NOTIFY_OK;
}

static struct notifier_block nb = { .notifier_call = count };

static void reset(void)
{
	seen = adds = removes = 0;
	last_action = 0;
}

static const char *prop_names(struct device_node *np)
{
	static char buf[256];
	struct property *pp;

	buf[0] = '\0';
	for_each_property_of_node(np, pp) {
		strcat(buf, pp->name);
		strcat(buf, " ");
	}
	return buf;
}

static void test_single_properties(void)
{
	struct device_node *a = P("/bus/dev@1000");
	static char v1[] = "x", v2[] = "yy";
	struct property p1 = { .name = "new", .length = 2, .value = v1 };
	struct property p2 = { .name = "second", .length = 3, .value = v2 };
	struct property *old = of_find_property(a, "second", NULL);
	char *before = snapshot();

	reset();
	KUNIT_EXPECT_EQ_MSG(test, of_add_property(a, &p1), 0, "of_add_property");
	KUNIT_EXPECT_STREQ_MSG(test, prop_names(a), "compatible reg first second third phandle new ", "added at the end");
	KUNIT_EXPECT_EQ_MSG(test, of_add_property(a, &p1), -EEXIST, "of_add_property twice: -EEXIST");
	KUNIT_EXPECT_EQ_MSG(test, of_add_property(NULL, &p1), -EINVAL, "of_add_property(NULL): -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, last_action, OF_RECONFIG_ADD_PROPERTY, "notified ADD_PROPERTY");
	KUNIT_EXPECT_EQ_MSG(test, of_update_property(a, &p2), 0, "of_update_property");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_property(a, "second", NULL) == &p2, "update: the new one is found");
	KUNIT_EXPECT_STREQ_MSG(test, prop_names(a), "compatible reg first second third phandle new ", "update keeps the place");
	KUNIT_EXPECT_EQ_MSG(test, last_action, OF_RECONFIG_UPDATE_PROPERTY, "notified UPDATE_PROPERTY");
	KUNIT_EXPECT_EQ_MSG(test, of_remove_property(a, old), -ENODEV, "removing the replaced one: -ENODEV");
	KUNIT_EXPECT_EQ_MSG(test, of_update_property(a, old), 0, "update back");
	KUNIT_EXPECT_EQ_MSG(test, of_remove_property(a, &p1), 0, "of_remove_property");
	KUNIT_EXPECT_EQ_MSG(test, last_action, OF_RECONFIG_REMOVE_PROPERTY, "notified REMOVE_PROPERTY");
	KUNIT_EXPECT_EQ_MSG(test, seen, 4, "four notifications");
	KUNIT_EXPECT_EQ_MSG(test, adds + removes, 0, "no device change: not status");
	KUNIT_EXPECT_TRUE_MSG(test, same_as(before), "tree back as it was");
	free(before);
}

static void test_changeset_apply_revert(void)
{
	struct device_node *bus = P("/bus"), *a = P("/bus/dev@1000"), *b = P("/bus/dev@2000");
	struct device_node node = { .name = "new", .full_name = "new@3000", .parent = bus,
				    .phandle = 0x100 };
	static char okay[] = "okay", ph[] = { 0, 0, 1, 0 };
	struct property status = { .name = "status", .length = 5, .value = okay };
	struct property php = { .name = "phandle", .length = 4, .value = ph };
	struct property comp = { .name = "compatible", .length = 5, .value = okay };
	struct property *first = of_find_property(a, "first", NULL);
	struct of_changeset cs;
	char *before = snapshot(), *after;

	of_changeset_init(&cs);
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_attach_node(&cs, &node), 0, "attach entry");
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_add_property(&cs, &node, &comp), 0, "add entry");
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_add_property(&cs, &node, &php), 0, "add phandle entry");
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_update_property(&cs, b, &status), 0, "update entry");
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_remove_property(&cs, a, first), 0, "remove entry");
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_action(&cs, 99, a, NULL), -EINVAL, "unknown action: -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_add_property(&cs, a, NULL), -EINVAL, "no property: -EINVAL");
	KUNIT_EXPECT_TRUE_MSG(test, P("/bus/new@3000") == NULL, "nothing applied before apply");

	reset();
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_apply(&cs), 0, "apply");
	KUNIT_EXPECT_TRUE_MSG(test, P("/bus/new@3000") == &node, "node attached");
	KUNIT_EXPECT_TRUE_MSG(test, node_with_phandle(0x100) == &node, "its phandle is found");
	KUNIT_EXPECT_TRUE_MSG(test, of_device_is_available(b), "dev@2000 enabled");
	KUNIT_EXPECT_TRUE_MSG(test, !of_find_property(a, "first", NULL), "first removed");
	KUNIT_EXPECT_EQ_MSG(test, seen, 5, "one notification per entry");
	KUNIT_EXPECT_EQ_MSG(test, adds, 2, "two devices appear: the new node and dev@2000");
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_apply(&cs), -EBUSY, "apply twice: -EBUSY");
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_attach_node(&cs, &node), -EBUSY, "no entries while applied");
	after = snapshot();
	KUNIT_EXPECT_TRUE_MSG(test, strstr(after, "new@3000 {") != NULL, "new node printed");

	reset();
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_revert(&cs), 0, "revert");
	KUNIT_EXPECT_EQ_MSG(test, removes, 2, "both devices go");
	KUNIT_EXPECT_TRUE_MSG(test, node_with_phandle(0x100) == NULL, "reverted node's phandle gone");
	KUNIT_EXPECT_TRUE_MSG(test, same_as(before), "revert: the tree byte for byte as before, order included");
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_revert(&cs), -EINVAL, "revert twice: -EINVAL");
	of_changeset_destroy(&cs);
	free(before);
	free(after);
}

static void test_changeset_all_or_nothing(void)
{
	struct device_node *a = P("/bus/dev@1000");
	static char v[] = "z";
	struct property extra = { .name = "extra", .length = 2, .value = v };
	struct property dup = { .name = "third", .length = 2, .value = v };
	struct of_changeset cs;
	char *before = snapshot();

	of_changeset_init(&cs);
	of_changeset_add_property(&cs, a, &extra);
	of_changeset_detach_node(&cs, P("/bus/dev@2000"));
	of_changeset_add_property(&cs, a, &dup);       /* exists: fails last */
	reset();
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_apply(&cs), -EEXIST, "a failing entry fails the apply: -EEXIST");
	KUNIT_EXPECT_EQ_MSG(test, seen, 0, "no notification for a failed apply");
	KUNIT_EXPECT_TRUE_MSG(test, same_as(before), "earlier entries undone: tree as before");
	KUNIT_EXPECT_TRUE_MSG(test, P("/bus/dev@2000") != NULL, "detached node back");
	of_changeset_destroy(&cs);
	free(before);
}

static void test_detach_phandle(void)
{
	struct device_node *a = P("/bus/dev@1000");
	phandle ph = a->phandle;
	struct of_changeset cs;

	of_changeset_init(&cs);
	of_changeset_detach_node(&cs, a);
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_apply(&cs), 0, "detach applied");
	KUNIT_EXPECT_TRUE_MSG(test, node_with_phandle(ph) == NULL, "a detached node's phandle finds nothing");
	KUNIT_EXPECT_TRUE_MSG(test, P("/bus/dev@1000") == NULL, "nor its path");
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_revert(&cs), 0, "reattach");
	KUNIT_EXPECT_TRUE_MSG(test, node_with_phandle(ph) == a, "found again");
	of_changeset_destroy(&cs);
}

static const char *flags_of(struct device_node *np)
{
	static char buf[16];

	snprintf(buf, sizeof(buf), "%pOFF", np);
	return buf;
}

/*
 * Node lifetimes: a node made by a changeset is OF_DYNAMIC, each entry
 * holds a reference, it is detached (OF_DETACHED) when reverted and freed
 * on the last of_node_put(); released while attached, it is reported and
 * kept.  (Under the sanitizers a wrong free or a leak fails the run.)
 */
static void test_node_lifetimes(void)
{
	struct device_node *bus = P("/bus"), *np;
	struct of_changeset cs;
	char *before = snapshot();
	u32 v = 0;

	of_changeset_init(&cs);
	np = of_changeset_create_node(&cs, bus, "new@5000");
	KUNIT_EXPECT_TRUE_MSG(test, np != NULL, "node created");
	if (!np)
		return;
	KUNIT_EXPECT_EQ_MSG(test, np->refcount, 2, "the attach entry's and the creator's");
	of_node_put(np);
	KUNIT_EXPECT_STREQ_MSG(test, np->name, "new", "its name");
	KUNIT_EXPECT_STREQ_MSG(test, flags_of(np), "Dd--", "dynamic, detached until applied: %s", flags_of(np));
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_add_prop_string(&cs, np, "compatible", "coyote,new"), 0, "string");
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_add_prop_u32(&cs, np, "value", 0x1234), 0, "u32");
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_add_prop_u32(&cs, NULL, "value", 1), -EINVAL, "no node: -EINVAL");
	KUNIT_EXPECT_TRUE_MSG(test, !of_changeset_create_node(&cs, bus, "a/b"), "a name with a slash: NULL");
	KUNIT_EXPECT_EQ_MSG(test, np->refcount, 3, "three entries, three references");
	KUNIT_EXPECT_EQ_MSG(test, of_changeset_apply(&cs), 0, "applied");
	KUNIT_EXPECT_TRUE_MSG(test, P("/bus/new@5000") == np, "attached");
	KUNIT_EXPECT_TRUE_MSG(test, of_device_is_compatible(np, "coyote,new"), "its string property");
	KUNIT_EXPECT_TRUE_MSG(test, !of_property_read_u32(np, "value", &v) && v == 0x1234, "its u32 property");
	KUNIT_EXPECT_STREQ_MSG(test, flags_of(np), "D---", "attached: %s", flags_of(np));
	KUNIT_EXPECT_STREQ_MSG(test, flags_of(bus), "----", "a base node: %s", flags_of(bus));

	KUNIT_EXPECT_TRUE_MSG(test, of_node_get(np) == np && np->refcount == 4, "of_node_get counts");
	of_node_put(np);
	KUNIT_EXPECT_EQ_MSG(test, np->refcount, 3, "of_node_put counts back");
	KUNIT_EXPECT_TRUE_MSG(test, of_node_get(bus) == bus && bus->refcount == 0, "a base node is not counted");
	of_node_put(bus);

	/* Too many puts while attached: reported with the caller, not freed. */
	of_node_put(np);
	of_node_put(np);
	kunit_expect_begin(test, "of: /bus/new@5000: of_node_put() from ");
	of_node_put(np);
	kunit_expect_end(test);
	/* Not looked up: a counted lookup would put it to 0 again. */
	KUNIT_EXPECT_TRUE_MSG(test, !of_node_check_flag(np, OF_DETACHED) && !np->refcount, "still there");
	kunit_expect_begin(test, "with no reference held: ignored");
	of_node_put(np);
	kunit_expect_end(test);
	of_node_get(np);
	of_node_get(np);
	of_node_get(np);

	KUNIT_EXPECT_EQ_MSG(test, of_changeset_revert(&cs), 0, "reverted");
	KUNIT_EXPECT_TRUE_MSG(test, !P("/bus/new@5000"), "gone from the tree");
	KUNIT_EXPECT_STREQ_MSG(test, flags_of(np), "Dd--", "detached: %s", flags_of(np));
	of_node_get(np);                /* a holder outlives the changeset */
	of_changeset_destroy(&cs);
	KUNIT_EXPECT_EQ_MSG(test, np->refcount, 1, "one holder left after destroy");
	of_node_put(np);                /* the last one: freed (ASan watches) */
	KUNIT_EXPECT_TRUE_MSG(test, same_as(before), "the tree as before");
	free(before);
}

/*
 * A dynamic node holds its parent: a child made under a node of another
 * changeset, held past both, keeps that parent (its path still prints)
 * until the child's last put frees both.  (ASan: no read of freed memory,
 * no leak.)
 */
static void test_child_holds_dynamic_parent(void)
{
	struct of_changeset outer, inner;
	struct device_node *parent, *child;
	char *before = snapshot(), path[64];

	of_changeset_init(&outer);
	of_changeset_init(&inner);
	parent = of_changeset_create_node(&outer, P("/bus"), "outer@6000");
	KUNIT_EXPECT_TRUE_MSG(test, parent && of_changeset_apply(&outer) == 0, "outer applied");
	if (!parent)
		return;
	child = of_changeset_create_node(&inner, parent, "inner");
	KUNIT_EXPECT_TRUE_MSG(test, child && of_changeset_apply(&inner) == 0, "inner applied");
	if (!child)
		return;
	of_node_put(parent);		/* the creator's: the entry and the child hold it */
	KUNIT_EXPECT_EQ_MSG(test, parent->refcount, 2, "the outer entry's and the child's");
	/* The creator's reference on the child outlives both changesets. */
	of_changeset_revert(&inner);
	of_changeset_destroy(&inner);
	of_changeset_revert(&outer);
	of_changeset_destroy(&outer);
	KUNIT_EXPECT_EQ_MSG(test, parent->refcount, 1, "only the child holds the parent");
	snprintf(path, sizeof(path), "%pOF", child);
	KUNIT_EXPECT_STREQ_MSG(test, path, "/bus/outer@6000/inner", "the held child's path");
	of_node_put(child);             /* frees the child, then its parent */
	KUNIT_EXPECT_TRUE_MSG(test, same_as(before), "the tree as before");
	free(before);
}

static void test_attach_detach_node(void)
{
	struct device_node n = { .name = "single", .full_name = "single", .parent = P("/bus") };

	reset();
	KUNIT_EXPECT_EQ_MSG(test, of_attach_node(&n), 0, "of_attach_node");
	KUNIT_EXPECT_TRUE_MSG(test, P("/bus/single") == &n && last_action == OF_RECONFIG_ATTACH_NODE,
	      "attached and notified");
	KUNIT_EXPECT_EQ_MSG(test, of_attach_node(&n), -EEXIST, "twice: -EEXIST");
	KUNIT_EXPECT_EQ_MSG(test, of_detach_node(&n), 0, "of_detach_node");
	KUNIT_EXPECT_TRUE_MSG(test, !P("/bus/single") && last_action == OF_RECONFIG_DETACH_NODE,
	      "detached and notified");
	KUNIT_EXPECT_EQ_MSG(test, of_detach_node(&n), -ENODEV, "twice: -ENODEV");
	KUNIT_EXPECT_EQ_MSG(test, of_attach_node(NULL), -EINVAL, "NULL: -EINVAL");
}

int main(void)
{
	size_t size;
	void *blob = ktap_load("dynamic.dtb", &size);

	if (!blob || of_fdt_unflatten(blob, size, NULL, 0))
		return ktap_done();
	KUNIT_EXPECT_EQ_MSG(test, of_reconfig_notifier_register(&nb), 0, "notifier registered");
	KUNIT_EXPECT_EQ_MSG(test, of_reconfig_notifier_register(&nb), -EEXIST, "twice: -EEXIST");
	test_single_properties();
	test_changeset_apply_revert();
	test_changeset_all_or_nothing();
	test_detach_phandle();
	test_node_lifetimes();
	test_child_holds_dynamic_parent();
	test_attach_detach_node();
	KUNIT_EXPECT_EQ_MSG(test, of_reconfig_notifier_unregister(&nb), 0, "unregistered");
	return ktap_done();
}
