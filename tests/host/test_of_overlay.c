// SPDX-License-Identifier: BSD-2-Clause
/*
 * of/overlay.c on the host: an overlay applied (fixups, local fixups,
 * phandles renumbered, __symbols__ merged, devices' state changes
 * notified) and removed with the tree byte for byte as before; then every
 * single-byte corruption of the overlay blob: refused with a reason and
 * the tree unchanged, or applied and removed cleanly.  Never a crash.
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

static int adds, removes;

static int count(struct notifier_block *nb, unsigned long action, void *arg)
{
	int change = of_reconfig_get_state_change(action, arg);

	adds += change == OF_RECONFIG_CHANGE_ADD;
	removes += change == OF_RECONFIG_CHANGE_REMOVE;
	return NOTIFY_OK;
}

static struct notifier_block nb = { .notifier_call = count };

static void test_apply_remove(const void *dtbo, size_t size, const char *before)
{
	struct device_node *a = P("/bus/dev@1000"), *c, *child;
	const __be32 *uses;
	int id = 0, len;
	u32 v;

	adds = removes = 0;
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_fdt_apply(dtbo, (u32)size, &id, NULL), 0, "apply: %s",
		  of_overlay_error());
	KUNIT_EXPECT_EQ_MSG(test, id, 1, "first id");
	KUNIT_EXPECT_TRUE_MSG(test, !of_property_read_u32(a, "second", &v) && v == 22, "second updated");
	child = P("/bus/dev@1000/child@0");
	c = P("/bus/dev@3000");
	KUNIT_EXPECT_TRUE_MSG(test, child && c, "new nodes attached");
	if (!child || !c)
		return;
	KUNIT_EXPECT_TRUE_MSG(test, child->phandle > a->phandle, "new phandle above the base's");
	uses = of_get_property(c, "uses", &len);
	KUNIT_EXPECT_TRUE_MSG(test, uses && len == 8 && be32_to_cpu(uses[0]) == child->phandle,
	      "local fixup: <&new_child> is the renumbered phandle");
	KUNIT_EXPECT_TRUE_MSG(test, uses && be32_to_cpu(uses[1]) == a->phandle, "fixup: <&dev_a> is the base's phandle");
	KUNIT_EXPECT_TRUE_MSG(test, node_with_phandle(child->phandle) == child, "new phandle found");
	KUNIT_EXPECT_TRUE_MSG(test, of_device_is_available(P("/bus/dev@2000")), "dev@2000 enabled");
	KUNIT_EXPECT_STREQ_MSG(test, of_get_property(P("/__symbols__"), "new_child", NULL), "/bus/dev@1000/child@0",
		  "label rewritten into the tree's __symbols__");
	KUNIT_EXPECT_STREQ_MSG(test, of_get_property(P("/__symbols__"), "new_c", NULL), "/bus/dev@3000",
		  "second label rewritten too");
	/* Values from a blob start on a cell boundary; a reader may load any
	 * property as cells (a misaligned load is wrong data on ARMv5). */
	for (struct property *pp = P("/__symbols__")->properties; pp; pp = pp->next)
		KUNIT_EXPECT_TRUE_MSG(test, (uintptr_t)pp->value % 4 == 0,
			      "__symbols__ %s: value 4-byte aligned", pp->name);
	/* child@0, dev@3000 and dev@2000 appear; dev_a's "okay" changes nothing. */
	KUNIT_EXPECT_EQ_MSG(test, adds, 3, "three devices would appear");
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_next(0), 1, "listed");
	KUNIT_EXPECT_TRUE_MSG(test, of_overlay_changeset(1) != NULL, "changeset visible");

	adds = removes = 0;
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_remove(&id), 0, "remove");
	KUNIT_EXPECT_EQ_MSG(test, id, 0, "id cleared");
	KUNIT_EXPECT_EQ_MSG(test, removes, 3, "and go again");
	KUNIT_EXPECT_TRUE_MSG(test, same_as(before), "removed: the tree as before, byte for byte");
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_remove(&(int){ 1 }), -ENODEV, "remove again: -ENODEV");
}

static void test_stacking(const void *dtbo, size_t size, const char *before)
{
	int a = 0, b = 0;

	KUNIT_EXPECT_EQ_MSG(test, of_overlay_fdt_apply(dtbo, (u32)size, &a, NULL), 0, "first");
	/* Again: its labelled node is there now, with a phandle of its own. */
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_fdt_apply(dtbo, (u32)size, &b, NULL), -EINVAL, "second: -EINVAL");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(of_overlay_error(), "phandle clash: /bus/dev@1000/child@0") != NULL,
	      "says so: %s", of_overlay_error());
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_remove_all(), 0, "remove all");
	KUNIT_EXPECT_TRUE_MSG(test, same_as(before), "tree as before");
}

/*
 * B adds a child under a node A added: A's removal would free that node
 * with B's child still attached, so it is refused until B has gone.  And
 * the other way round: a later overlay changing a node above one of A's.
 */
static void test_removal_order(const void *dtbo, size_t size, const void *dtbo_b,
			       size_t size_b, const char *before)
{
	int a = 0, b = 0;
	char *stacked, who[32];

	KUNIT_EXPECT_EQ_MSG(test, of_overlay_fdt_apply(dtbo, (u32)size, &a, NULL), 0, "A: %s",
		  of_overlay_error());
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_fdt_apply(dtbo_b, (u32)size_b, &b, NULL), 0, "B on A: %s",
		  of_overlay_error());
	of_overlay_set_name(b, "b");
	KUNIT_EXPECT_TRUE_MSG(test, P("/bus/dev@3000/sub") != NULL, "B's child under A's node");
	stacked = snapshot();
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_remove(&(int){ a }), -EBUSY, "A first, below B's change: -EBUSY");
	snprintf(who, sizeof(who), "overlay %d (b)", b);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(of_overlay_error(), who) &&
	      strstr(of_overlay_error(), "/bus/dev@3000/sub"),
	      "names the blocking overlay and its node: %s", of_overlay_error());
	KUNIT_EXPECT_TRUE_MSG(test, same_as(stacked), "refused: the tree untouched");
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_remove(&b), 0, "B first");
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_remove(&a), 0, "then A");
	KUNIT_EXPECT_TRUE_MSG(test, same_as(before), "both gone: the tree as before");
	free(stacked);
}

/* Every byte of the blob changed in turn, three ways. */
static void test_corruption(const unsigned char *dtbo, size_t size, const char *before)
{
	static const unsigned char flips[] = { 0xff, 0x01, 0x80 };
	unsigned char *bad = malloc(size);
	int refused = 0, applied = 0, silent = 0, changed = 0;

	for (size_t i = 0; i < size; i++) {
		for (size_t f = 0; f < sizeof(flips); f++) {
			int id = 0, ret;

			memcpy(bad, dtbo, size);
			bad[i] ^= flips[f];
			ret = of_overlay_fdt_apply(bad, (u32)size, &id, NULL);
			if (ret) {
				refused++;
				silent += !of_overlay_error()[0];
			} else {
				applied++;
				of_overlay_remove_all();
			}
			changed += !same_as(before);
		}
	}
	free(bad);
	KUNIT_EXPECT_TRUE_MSG(test, refused > 0 && applied > 0, "corruptions: %d refused, %d applied and removed",
	      refused, applied);
	KUNIT_EXPECT_EQ_MSG(test, silent, 0, "every refusal has a reason");
	KUNIT_EXPECT_EQ_MSG(test, changed, 0, "the tree never changed afterwards");
}

int main(void)
{
	size_t bsize, osize;
	void *base = ktap_load("dynamic.dtb", &bsize);
	void *dtbo = ktap_load("overlay-a.dtb", &osize);
	size_t bsize2;
	void *dtbo_b = ktap_load("overlay-b.dtb", &bsize2);
	char *before;

	if (!base || !dtbo || !dtbo_b || of_fdt_unflatten(base, bsize, NULL, 0))
		return ktap_done();
	of_reconfig_notifier_register(&nb);
	before = snapshot();
	KUNIT_EXPECT_TRUE_MSG(test, strstr(before, "__symbols__") != NULL, "base built with -@");
	test_apply_remove(dtbo, osize, before);
	test_stacking(dtbo, osize, before);
	test_removal_order(dtbo, osize, dtbo_b, bsize2, before);
	test_corruption(dtbo, osize, before);
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_fdt_apply(dtbo, 16, &(int){ 0 }, NULL), -EOVERFLOW,
		  "16 bytes: -EOVERFLOW");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(of_overlay_error(), "too small for a header") != NULL, "16 bytes: %s",
	      of_overlay_error());
	free(before);
	free(dtbo);
	free(dtbo_b);
	return ktap_done();
}
