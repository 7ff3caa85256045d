// SPDX-License-Identifier: BSD-2-Clause
/*
 * of/overlay_params.c on the host: a Raspberry Pi style overlay
 * (tests/dts/host/overlay-params.dts on dynamic.dts) applied with
 * parameters of every kind it sets (string, status, 8/16/32/64-bit
 * integers at an offset, growing or creating the property, booleans made
 * and deleted, several targets at once), each checked in the live tree and
 * removed with the tree as before; then every refusal (a parameter the
 * overlay lacks, a value of the wrong type or size, a target kind not
 * supported, a target outside the overlay): its reason names the
 * parameter and the node, and the tree is untouched.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_fdt.h>

#include "ktap.h"
#include "snapshot.h"

#define P(path) node_at(path)
#define DEV_A "/bus/dev@1000"
#define WIDGET "/bus/widget@4000"

static void *dtbo, *plain;
static size_t dtbo_size, plain_size;
static char *before;

/* Apply with @n parameters: 0, or the error. */
static int apply(const char *const *params, int n)
{
	int id = 0;

	return of_overlay_fdt_apply_params(dtbo, (u32)dtbo_size, params, n, &id);
}

static void remove_all(void)
{
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_remove_all(), 0, "remove: %s", of_overlay_error());
	KUNIT_EXPECT_TRUE_MSG(test, same_as(before), "removed: the tree as before");
}

static const u8 *bytes_of(const char *path, const char *prop, int *len)
{
	return of_get_property(P(path), prop, len);
}

static void test_defaults(void)
{
	u32 v;

	KUNIT_EXPECT_EQ_MSG(test, apply(NULL, 0), 0, "no parameters: %s", of_overlay_error());
	KUNIT_EXPECT_TRUE_MSG(test, !of_property_read_u32(P(DEV_A), "second", &v) && v == 22,
			      "second as the overlay says");
	KUNIT_EXPECT_TRUE_MSG(test, of_property_read_bool(P(DEV_A), "wanted"), "wanted present");
	KUNIT_EXPECT_FALSE_MSG(test, of_device_is_available(P(WIDGET)), "widget disabled");
	/* The label on fragment@0's __overlay__ leaves dev_a's phandle alone. */
	KUNIT_EXPECT_TRUE_MSG(test, node_with_phandle(P(DEV_A)->phandle) == P(DEV_A),
			      "dev_a keeps its phandle");
	remove_all();
}

static void test_integers(void)
{
	static const char *const params[] = {
		"second=7", "second=0x2a", "byte1=0x99", "half1=0xabcd", "half2=0x5555",
		"wide=0x0123456789abcdef", "grow=5", "fresh=9", "hash=2", "both=0x77",
	};
	const u8 *b;
	u32 v, cells[3];
	u16 h[3];
	u64 w;
	int len;

	KUNIT_EXPECT_EQ_MSG(test, apply(params, ARRAY_SIZE(params)), 0, "integers: %s",
			    of_overlay_error());
	KUNIT_EXPECT_TRUE_MSG(test, !of_property_read_u32(P(DEV_A), "second", &v) && v == 42,
			      "second: the later value wins (%u)", v);
	b = bytes_of(DEV_A, "bytes", &len);
	KUNIT_EXPECT_TRUE_MSG(test, b && len == 2 && b[0] == 0x11 && b[1] == 0x99, "8 bits at 1");
	KUNIT_EXPECT_TRUE_MSG(test, !of_property_read_u16_array(P(DEV_A), "halves", h, 3) &&
			      h[0] == 0x3333 && h[1] == 0xabcd && h[2] == 0x5555,
			      "16 bits at 2, and at 4: the property grown");
	KUNIT_EXPECT_TRUE_MSG(test, bytes_of(DEV_A, "halves", &len) && len == 6, "6 bytes now");
	KUNIT_EXPECT_TRUE_MSG(test, !of_property_read_u64(P(DEV_A), "wide", &w) &&
			      w == 0x0123456789abcdefull, "64 bits at 0");
	/* The overlay had no "first": made, zero-filled up to offset 8. */
	KUNIT_EXPECT_TRUE_MSG(test, !of_property_read_u32_array(P(DEV_A), "first", cells, 3) &&
			      cells[0] == 0 && cells[1] == 0 && cells[2] == 5, "grown to 12 bytes");
	KUNIT_EXPECT_TRUE_MSG(test, !of_property_read_u32(P(WIDGET), "fresh-cell", &v) && v == 9,
			      "created on a new node");
	KUNIT_EXPECT_TRUE_MSG(test, !of_property_read_u32(P(WIDGET), "#size-cells", &v) && v == 2,
			      "a name that starts with '#'");
	KUNIT_EXPECT_TRUE_MSG(test, !of_property_read_u32(P(DEV_A), "third", &v) && v == 0x77,
			      "both: first target");
	KUNIT_EXPECT_TRUE_MSG(test, !of_property_read_u32_array(P(WIDGET), "reg", cells, 2) &&
			      cells[0] == 0x4000 && cells[1] == 0x77, "both: second target");
	remove_all();
}

static void test_strings_and_booleans(void)
{
	static const char *const on[] = { "title=hello", "enable=on", "wanted=yes", "quiet=1" };
	static const char *const off[] = { "enable=0", "wanted=false", "quiet=no" };
	int len;

	KUNIT_EXPECT_EQ_MSG(test, apply(on, ARRAY_SIZE(on)), 0, "on: %s", of_overlay_error());
	KUNIT_EXPECT_STREQ_MSG(test, of_get_property(P(WIDGET), "label", NULL), "hello", "string");
	KUNIT_EXPECT_STREQ_MSG(test, of_get_property(P(WIDGET), "status", NULL), "okay",
			       "status on: okay");
	KUNIT_EXPECT_TRUE_MSG(test, of_get_property(P(WIDGET), "quiet", &len) && len == 0,
			      "boolean made, empty");
	KUNIT_EXPECT_TRUE_MSG(test, of_property_read_bool(P(DEV_A), "wanted"), "boolean kept");
	remove_all();

	KUNIT_EXPECT_EQ_MSG(test, apply(off, ARRAY_SIZE(off)), 0, "off: %s", of_overlay_error());
	KUNIT_EXPECT_STREQ_MSG(test, of_get_property(P(WIDGET), "status", NULL), "disabled",
			       "status off: disabled");
	KUNIT_EXPECT_FALSE_MSG(test, of_property_read_bool(P(DEV_A), "wanted"), "boolean deleted");
	KUNIT_EXPECT_FALSE_MSG(test, of_property_read_bool(P(WIDGET), "quiet"), "boolean not made");
	remove_all();
}

/* Refused with -EINVAL, a reason holding @want, nothing applied. */
static void refused(void *blob, size_t size, const char *param, const char *want)
{
	const char *params[] = { "second=7", param };
	int id = 0, ret = of_overlay_fdt_apply_params(blob, (u32)size, params, 2, &id);

	KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "%s: -EINVAL", param);
	KUNIT_EXPECT_EQ_MSG(test, id, 0, "%s: no id", param);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(of_overlay_error(), want) != NULL, "%s: '%s' in: %s",
			      param, want, of_overlay_error());
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_next(0), 0, "%s: nothing applied", param);
	KUNIT_EXPECT_TRUE_MSG(test, same_as(before), "%s: the tree unchanged", param);
}

/* Each bad parameter of overlay-params.dts and what its refusal says. */
static const struct {
	const char *param, *want;
} refusals[] = {
	{ "bogus=1", "no parameter 'bogus' in the overlay's __overrides__ (its parameters: second, byte1" },
	{ "second", "parameter 'second': not name=value" },
	{ "=3", "parameter '=3': not name=value" },
	{ "second=", "parameter 'second=': not name=value" },
	{ "second=fast", "parameter 'second': /fragment@0/__overlay__ (/bus/dev@1000): property second wants a number, not 'fast'" },
	{ "byte1=256", "parameter 'byte1': /fragment@0/__overlay__ (/bus/dev@1000): property bytes: 256 does not fit in 8 bits" },
	{ "half1=0x10000", "property halves: 0x10000 does not fit in 16 bits" },
	{ "both=0x100000000", "property third: 0x100000000 does not fit in 32 bits" },
	{ "enable=maybe", "parameter 'enable': /fragment@1/__overlay__/widget@4000 (/bus/widget@4000): status wants on or off" },
	{ "quiet=perhaps", "parameter 'quiet': /fragment@1/__overlay__/widget@4000 (/bus/widget@4000): boolean quiet wants on or off" },
	{ "switch=1", "parameter 'switch': target <0>,\"+1\": fragment switches are not supported" },
	{ "invert=1", "parameter 'invert': /fragment@1/__overlay__/widget@4000 (/bus/widget@4000): target \"quiet!\": '!' targets are not supported" },
	{ "literal=1", "target \"label=x\": '=' targets are not supported" },
	{ "offset=1", "target \"reg:four\": the byte offset after ':' is not a number" },
	{ "plus=1", "target \"reg:+4\": the byte offset after ':' is not a number" },
	{ "self=1", "parameter 'self': target <0x" },
	{ "base=1", "parameter 'base': target <0x1> is not a node of the overlay's fragments" },
};

static void test_refusals(void)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(refusals); i++)
		refused(dtbo, dtbo_size, refusals[i].param, refusals[i].want);
	refused(plain, plain_size, "second=1",
		"no parameter 'second' in the overlay's __overrides__ (it defines none)");
}

/* Ten properties made by one parameter: more than the blob's count. */
static void test_many(void *many, size_t size)
{
	const char *params[] = { "many=3" };
	int id = 0;
	u32 v;

	KUNIT_EXPECT_EQ_MSG(test, of_overlay_fdt_apply_params(many, (u32)size, params, 1, &id), 0,
			    "many: %s", of_overlay_error());
	KUNIT_EXPECT_TRUE_MSG(test, !of_property_read_u32(P(DEV_A "/many"), "j", &v) && v == 3,
			      "the tenth made");
	remove_all();
}

int main(void)
{
	size_t bsize, msize;
	void *base = ktap_load("dynamic.dtb", &bsize);
	void *many = ktap_load("overlay-params-many.dtb", &msize);

	dtbo = ktap_load("overlay-params.dtb", &dtbo_size);
	plain = ktap_load("overlay-a.dtb", &plain_size);
	if (!base || !dtbo || !plain || !many || of_fdt_unflatten(base, bsize, NULL, 0))
		return ktap_done();
	before = snapshot();
	test_defaults();
	test_integers();
	test_strings_and_booleans();
	test_refusals();
	test_many(many, msize);
	free(before);
	free(dtbo);
	free(plain);
	free(many);
	return ktap_done();
}
