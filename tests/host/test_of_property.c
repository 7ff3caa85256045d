// SPDX-License-Identifier: BSD-2-Clause
/*
 * of/property.c: reading values (cells, u8/u16/u64, strings, string lists)
 * with Linux's error codes, and phandle lists with 0..3 argument cells,
 * empty entries and malformed entries.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_fdt.h>

#include "ktap.h"

static void test_values(struct device_node *np)
{
	u32 v = 0xdead, a[5] = { 0 };
	u64 w = 0;
	u64 wa[2] = { 0 };
	u8 b[5] = { 0 };
	u16 h[2] = { 0 };
	s32 sv = 0;
	int len = -99;
	const void *val;

	KUNIT_EXPECT_TRUE_MSG(test, of_find_property(np, "u32", &len) != NULL, "find_property");
	KUNIT_EXPECT_EQ_MSG(test, len, 4, "find_property length");
	len = -99;
	KUNIT_EXPECT_TRUE_MSG(test, of_find_property(np, "nope", &len) == NULL, "find_property: missing");
	KUNIT_EXPECT_EQ_MSG(test, len, -99, "missing property leaves *lenp alone");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_property(NULL, "u32", NULL) == NULL, "find_property on NULL node");
	val = of_get_property(np, "str", &len);
	KUNIT_EXPECT_TRUE_MSG(test, val && !strcmp(val, "hello") && len == 6, "get_property");
	KUNIT_EXPECT_TRUE_MSG(test, of_get_property(np, "nope", NULL) == NULL, "get_property: missing");
	KUNIT_EXPECT_TRUE_MSG(test, of_property_read_bool(np, "empty"), "read_bool: empty property is true");
	KUNIT_EXPECT_TRUE_MSG(test, !of_property_read_bool(np, "nope"), "read_bool: missing is false");
	KUNIT_EXPECT_TRUE_MSG(test, of_property_present(np, "u32"), "present");

	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u32(np, "u32", &v), 0, "read_u32");
	KUNIT_EXPECT_EQ_MSG(test, v, 0x12345678, "read_u32 value");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_s32(np, "u32", &sv), 0, "read_s32");
	v = 0xdead;
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u32(np, "nope", &v), -EINVAL, "read_u32: missing -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u32(np, "empty", &v), -EOVERFLOW,
		  "read_u32: empty -EOVERFLOW (as Linux on a flattened tree)");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u32(np, "odd3", &v), -EOVERFLOW, "read_u32: 3 bytes -EOVERFLOW");
	KUNIT_EXPECT_EQ_MSG(test, v, 0xdead, "failed read leaves the output alone");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u32(np, "u32s", &v), 0, "read_u32 of a longer property");
	KUNIT_EXPECT_EQ_MSG(test, v, 1, "its first cell");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u32_index(np, "u32s", 3, &v), 0, "u32_index 3");
	KUNIT_EXPECT_EQ_MSG(test, v, 4, "u32_index 3 value");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u32_index(np, "u32s", 4, &v), -EOVERFLOW, "u32_index past end");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u32_index(np, "nope", 0, &v), -EINVAL, "u32_index missing");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u32_array(np, "u32s", a, 4), 0, "u32_array");
	KUNIT_EXPECT_TRUE_MSG(test, a[0] == 1 && a[1] == 2 && a[2] == 3 && a[3] == 4, "u32_array values");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u32_array(np, "u32s", a, 5), -EOVERFLOW, "u32_array too long");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_variable_u32_array(np, "u32s", a, 2, 8), 4,
		  "variable u32 array returns the count");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_variable_u32_array(np, "u32s", a, 1, 3), -EOVERFLOW,
		  "variable u32 array above max");
	KUNIT_EXPECT_EQ_MSG(test, of_property_count_u32_elems(np, "u32s"), 4, "count u32 elems");
	KUNIT_EXPECT_EQ_MSG(test, of_property_count_u32_elems(np, "odd3"), -EINVAL, "count: odd size -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_property_count_u32_elems(np, "empty"), 0, "count: empty is 0");
	KUNIT_EXPECT_EQ_MSG(test, of_property_count_u32_elems(np, "nope"), -EINVAL, "count: missing");
	KUNIT_EXPECT_EQ_MSG(test, of_property_count_u64_elems(np, "u64s"), 2, "count u64 elems");
	KUNIT_EXPECT_EQ_MSG(test, of_property_count_elems_of_size(np, "odd5", 5), 1, "count 5-byte elems");

	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u8_array(np, "u8s", b, 3), 0, "u8 array");
	KUNIT_EXPECT_TRUE_MSG(test, b[0] == 1 && b[1] == 2 && b[2] == 3, "u8 values");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u8_array(np, "odd5", b, 5), 0, "5-byte array");
	KUNIT_EXPECT_EQ_MSG(test, b[4], 5, "5th byte");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u8_array(np, "odd5", b, 6), -EOVERFLOW, "u8 array too long");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u8(np, "u8s", b), 0, "read_u8");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u16_array(np, "u16s", h, 2), 0, "u16 array");
	KUNIT_EXPECT_TRUE_MSG(test, h[0] == 0x1234 && h[1] == 0x5678, "u16 values");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u16(np, "odd3", h), 0, "u16 from 3 bytes");
	KUNIT_EXPECT_EQ_MSG(test, h[0], 0x0102, "u16 from 3 bytes value");

	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u64(np, "u64", &w), 0, "read_u64");
	KUNIT_EXPECT_EQ_MSG(test, w, 0x0123456789abcdefULL, "read_u64 value (two 4-byte aligned cells)");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u64(np, "u32", &w), -EOVERFLOW, "read_u64 of 4 bytes");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u64(np, "nope", &w), -EINVAL, "read_u64 missing");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u64(np, "empty", &w), -EOVERFLOW, "read_u64 empty");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u64_index(np, "u64s", 1, &w), 0, "u64_index 1");
	KUNIT_EXPECT_EQ_MSG(test, w, 0xffffffff00000000ULL, "u64_index 1 value");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u64_index(np, "u64s", 2, &w), -EOVERFLOW, "u64_index past end");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u64_array(np, "u64s", wa, 2), 0, "u64 array");
	KUNIT_EXPECT_TRUE_MSG(test, wa[0] == 1 && wa[1] == 0xffffffff00000000ULL, "u64 array values");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_u64(np, "odd5", &w), -EOVERFLOW, "read_u64 of 5 bytes");
}

static void test_strings(struct device_node *np)
{
	const char *s = NULL, *arr[6] = { 0 };
	struct property *prop;
	const __be32 *p;
	u32 u;
	int n;

	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string(np, "str", &s), 0, "read_string");
	KUNIT_EXPECT_STREQ_MSG(test, s, "hello", "read_string value");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string(np, "empty", &s), -ENODATA, "read_string: empty -ENODATA");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string(np, "unterminated", &s), -EILSEQ,
		  "read_string: unterminated -EILSEQ");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string(np, "nope", &s), -EINVAL, "read_string: missing -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string(np, "strs", &s), 0, "read_string of a list");
	KUNIT_EXPECT_STREQ_MSG(test, s, "alpha", "its first string");

	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string_index(np, "strs", 1, &s), 0, "string_index 1");
	KUNIT_EXPECT_STREQ_MSG(test, s, "beta", "string_index 1 value");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string_index(np, "strs", 2, &s), 0, "string_index 2");
	KUNIT_EXPECT_STREQ_MSG(test, s, "", "an empty string in the list");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string_index(np, "strs", 3, &s), 0, "string_index 3");
	KUNIT_EXPECT_STREQ_MSG(test, s, "gamma", "string_index 3 value");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string_index(np, "strs", 4, &s), -ENODATA, "string_index past end");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string_index(np, "half-list", 0, &s), 0, "half list: first ok");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string_index(np, "half-list", 1, &s), -EILSEQ,
		  "half list: unterminated second -EILSEQ");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string_index(np, "nope", 0, &s), -EINVAL, "string_index missing");

	KUNIT_EXPECT_EQ_MSG(test, of_property_count_strings(np, "strs"), 4, "count_strings");
	KUNIT_EXPECT_EQ_MSG(test, of_property_count_strings(np, "str"), 1, "count_strings single");
	KUNIT_EXPECT_EQ_MSG(test, of_property_count_strings(np, "half-list"), -EILSEQ, "count_strings malformed");
	KUNIT_EXPECT_EQ_MSG(test, of_property_count_strings(np, "empty"), -ENODATA, "count_strings empty");
	KUNIT_EXPECT_EQ_MSG(test, of_property_count_strings(np, "nope"), -EINVAL, "count_strings missing");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string_array(np, "strs", arr, 2), 2, "string_array 2");
	KUNIT_EXPECT_TRUE_MSG(test, !strcmp(arr[0], "alpha") && !strcmp(arr[1], "beta") && !arr[2], "string_array values");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_string_array(np, "strs", arr, 6), 4, "string_array, room for 6");

	KUNIT_EXPECT_EQ_MSG(test, of_property_match_string(np, "strs", "gamma"), 3, "match_string");
	KUNIT_EXPECT_EQ_MSG(test, of_property_match_string(np, "strs", ""), 2, "match_string empty string");
	KUNIT_EXPECT_EQ_MSG(test, of_property_match_string(np, "strs", "delta"), -ENODATA, "match_string absent");
	KUNIT_EXPECT_EQ_MSG(test, of_property_match_string(np, "nope", "x"), -EINVAL, "match_string missing");
	KUNIT_EXPECT_EQ_MSG(test, of_property_match_string(np, "half-list", "ok"), 0, "match before the defect");
	KUNIT_EXPECT_EQ_MSG(test, of_property_match_string(np, "half-list", "zz"), -EILSEQ, "match hits the defect");

	n = 0;
	of_property_for_each_string(np, "strs", prop, s)
		n++;
	KUNIT_EXPECT_EQ_MSG(test, n, 4, "for_each_string");
	n = 0;
	of_property_for_each_string(np, "half-list", prop, s)
		n++;
	KUNIT_EXPECT_EQ_MSG(test, n, 1, "for_each_string stops before an unterminated string");
	n = 0;
	of_property_for_each_string(np, "empty", prop, s)
		n++;
	KUNIT_EXPECT_EQ_MSG(test, n, 0, "for_each_string on an empty property");
	n = 0;
	of_property_for_each_u32(np, "u32s", prop, p, u)
		n += (int)u;
	KUNIT_EXPECT_EQ_MSG(test, n, 10, "for_each_u32 sums 1..4");
	n = 0;
	of_property_for_each_u32(np, "odd5", prop, p, u)
		n++;
	KUNIT_EXPECT_EQ_MSG(test, n, 1, "for_each_u32 ignores a partial cell");
}

static void test_phandles(void)
{
	struct device_node *c = of_find_node_by_path("/consumer");
	struct of_phandle_args args;
	static const char *const prov[] = { "provider0", "provider1", NULL,
					    "provider2", "provider3" };
	int i, j;

	KUNIT_EXPECT_EQ_MSG(test, of_count_phandle_with_args(c, "foos", "#foo-cells"), 5,
		  "count: 5 entries, one empty");
	for (i = 0; i < 5; i++) {
		int r = of_parse_phandle_with_args(c, "foos", "#foo-cells", i, &args);

		if (!prov[i]) {
			KUNIT_EXPECT_EQ_MSG(test, r, -ENOENT, "entry %d is empty: -ENOENT", i);
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, r, 0, "entry %d", i);
		KUNIT_EXPECT_STREQ_MSG(test, args.np ? args.np->full_name : NULL, prov[i], "entry %d node", i);
		KUNIT_EXPECT_EQ_MSG(test, args.args_count, i == 0 ? 0 : i == 1 ? 1 : i - 1,
			  "entry %d has %d cells", i, i == 0 ? 0 : i == 1 ? 1 : i - 1);
		for (j = 0; j < args.args_count; j++)
			KUNIT_EXPECT_EQ_MSG(test, args.args[j], (i == 1 ? 11 : (i - 1) * 10 + j + 1),
				  "entry %d arg %d", i, j);
	}
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "foos", "#foo-cells", 5, &args), -ENOENT,
		  "index past the end: -ENOENT");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "foos", "#foo-cells", -1, &args), -EINVAL,
		  "negative index: -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "nope", "#foo-cells", 0, &args), -ENOENT,
		  "missing list: -ENOENT");
	KUNIT_EXPECT_EQ_MSG(test, of_count_phandle_with_args(c, "nope", "#foo-cells"), -ENOENT, "count missing");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "bad-foos", "#foo-cells", 0, &args), -EINVAL,
		  "arguments past the end: -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_count_phandle_with_args(c, "bad-foos", "#foo-cells"), -EINVAL,
		  "count malformed: -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "nocells-foos", "#foo-cells", 0, &args), -EINVAL,
		  "target without #foo-cells: -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "unknown-foos", "#foo-cells", 0, &args), -EINVAL,
		  "unknown phandle: -EINVAL");

	KUNIT_EXPECT_STREQ_MSG(test, of_parse_phandle(c, "plain", 0)->full_name, "provider0", "plain list 0");
	KUNIT_EXPECT_STREQ_MSG(test, of_parse_phandle(c, "plain", 1)->full_name, "provider1", "plain list 1");
	KUNIT_EXPECT_TRUE_MSG(test, of_parse_phandle(c, "plain", 2) == NULL, "plain list: empty entry");
	KUNIT_EXPECT_STREQ_MSG(test, of_parse_phandle(c, "plain", 3)->full_name, "provider3", "plain list 3");
	KUNIT_EXPECT_TRUE_MSG(test, of_parse_phandle(c, "plain", 4) == NULL, "plain list: past the end");
	KUNIT_EXPECT_TRUE_MSG(test, of_parse_phandle(c, "unknown-foos", 0) == NULL, "plain list: unknown phandle");
	KUNIT_EXPECT_EQ_MSG(test, of_count_phandle_with_args(c, "plain", NULL), 4, "count plain list");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_args(c, "plain", NULL, 3, &args), 0, "no cells name");
	KUNIT_EXPECT_EQ_MSG(test, args.args_count, 0, "no cells name: no arguments");

	/* read with one fixed cell, entry 0 is provider0 with provider1's
	 * phandle as its argument */
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_fixed_args(c, "foos", 1, 0, &args), 0, "fixed args");
	KUNIT_EXPECT_STREQ_MSG(test, args.np->full_name, "provider0", "fixed args node");
	KUNIT_EXPECT_EQ_MSG(test, args.args_count, 1, "fixed args count");
	KUNIT_EXPECT_EQ_MSG(test, args.args[0], of_find_node_by_path("/provider1")->phandle, "fixed args value");
	KUNIT_EXPECT_EQ_MSG(test, of_parse_phandle_with_fixed_args(c, "foos", -1, 0, &args), -EINVAL,
		  "negative fixed count");
}

int main(void)
{
	size_t size;
	void *api = ktap_load("api.dtb", &size);

	if (!api)
		return ktap_done();
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(api, size, NULL, 0), 0, "unflatten api.dtb");
	test_values(of_find_node_by_path("/props"));
	test_strings(of_find_node_by_path("/props"));
	test_phandles();
	free(api);
	return ktap_done();
}
