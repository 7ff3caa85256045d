// SPDX-License-Identifier: BSD-2-Clause
/*
 * The blob checker's verdicts, one hand-made defect per check, and the early
 * flat accessors on a dtc-built tree.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_fdt.h>
#include <linux/of_irq.h>

#include "../../of/of_private.h"
#include "fdtbuild.h"
#include "ktap.h"

static char why[256];

/* The checker returns @err and a reason containing @reason. */
#define EXPECT(blob, size, err, reason) do {				\
	int __r = of_fdt_check((blob), (size), why, sizeof(why));	\
	KUNIT_EXPECT_EQ_MSG(test, __r, (err), "%s: return code", (reason));		\
	KUNIT_EXPECT_TRUE_MSG(test, strstr(why, (reason)) != NULL, "%s: reason (got \"%s\")",	\
	      (reason), why);						\
} while (0)

/* A small good tree: / { compatible; amba { uart@1000 { reg } } }. */
static void small_head(struct fdtb *b)
{
	fdtb_init(b);
	fdtb_begin(b, "");
	fdtb_prop_str(b, "compatible", "coyote,small");
	fdtb_begin(b, "amba");
}

static void small_tail(struct fdtb *b)
{
	fdtb_begin(b, "uart@1000");
	fdtb_prop_u32(b, "reg", 0x1000);
	fdtb_end(b);
	fdtb_end(b);
	fdtb_end(b);
	fdtb_finish_tree(b);
}

static struct fdtb B;

static void test_hand_made(void)
{
	struct fdtb *b = &B;
	uint32_t size, i;

	small_head(b);
	small_tail(b);
	size = fdtb_finish(b);
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_check(b->out, size, why, sizeof(why)), 0, "small blob passes");
	KUNIT_EXPECT_STREQ_MSG(test, why, "", "no reason on success");

	/* unterminated node name: the name runs to the end of the struct block */
	fdtb_init(b);
	fdtb_begin(b, "");
	fdtb_raw32(b, 1);
	fdtb_bytes(b, "abcd", 4);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "unterminated node name");

	/* nesting: root + 63 levels is the limit, one more is refused */
	fdtb_init(b);
	for (i = 0; i < 64; i++)
		fdtb_begin(b, i ? "n" : "");
	for (i = 0; i < 64; i++)
		fdtb_end(b);
	fdtb_finish_tree(b);
	size = fdtb_finish(b);
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_check(b->out, size, why, sizeof(why)), 0, "64 levels pass (%s)", why);
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(b->out, size, NULL, 0), 0, "64 levels unflatten");
	fdtb_init(b);
	for (i = 0; i < 65; i++)
		fdtb_begin(b, i ? "n" : "");
	for (i = 0; i < 65; i++)
		fdtb_end(b);
	fdtb_finish_tree(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "nesting deeper than 64 at /n/n/n");

	/* A name whose NUL is the struct block's last byte: its padding to
	 * 4 bytes would run past the block. */
	fdtb_init(b);
	fdtb_begin(b, "");
	fdtb_begin(b, "abcd");
	b->slen -= 3;
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "node name padding past struct block");

	/* The same for a property value: 5 bytes fit, their padding does not. */
	fdtb_init(b);
	fdtb_begin(b, "");
	fdtb_prop_str(b, "p", "abcd");
	b->slen -= 3;
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "property length 5 beyond struct block");

	/* A block may end at totalsize, not one byte past it. */
	small_head(b);
	small_tail(b);
	size = fdtb_finish(b);
	fdtb_put32(b->out + 32, fdtb_get32(b->out + 32) + 1);
	EXPECT(b->out, size, -EINVAL, "exceeds totalsize");

	/* missing FDT_END */
	small_head(b);
	small_tail(b);
	b->slen -= 4;
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "missing FDT_END");

	/* FDT_END not last: any token but FDT_NOP after it */
	small_head(b);
	small_tail(b);
	fdtb_raw32(b, 4);
	fdtb_raw32(b, 2);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "FDT_END not last in struct block");

	/* a property before the root node */
	fdtb_init(b);
	fdtb_prop_u32(b, "x", 1);
	fdtb_begin(b, "");
	fdtb_end(b);
	fdtb_finish_tree(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "property outside any node");

	/* a property after a subnode */
	small_head(b);
	fdtb_begin(b, "child");
	fdtb_end(b);
	fdtb_prop_u32(b, "late", 1);
	small_tail(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "property after subnode at node /amba");

	/* one FDT_END_NODE too many */
	fdtb_init(b);
	fdtb_begin(b, "");
	fdtb_end(b);
	fdtb_end(b);
	fdtb_finish_tree(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "unexpected FDT_END_NODE");

	/* two roots */
	fdtb_init(b);
	fdtb_begin(b, "");
	fdtb_end(b);
	fdtb_begin(b, "");
	fdtb_end(b);
	fdtb_finish_tree(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "second root node");

	/* empty and slash-containing node names */
	small_head(b);
	fdtb_begin(b, "");
	fdtb_end(b);
	small_tail(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "empty node name in /amba");
	fdtb_init(b);
	fdtb_begin(b, "");
	fdtb_begin(b, "a/b");
	fdtb_end(b);
	fdtb_end(b);
	fdtb_finish_tree(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "node name with '/' in /");

	/* property value running past the struct block */
	small_head(b);
	fdtb_raw32(b, 3);
	fdtb_raw32(b, 0x1000);
	fdtb_raw32(b, fdtb_string(b, "big"));
	small_tail(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "property length 4096 beyond struct block at node /amba");

	/* a truncated property header at the very end of the block */
	fdtb_init(b);
	fdtb_begin(b, "");
	fdtb_raw32(b, 3);
	fdtb_raw32(b, 0);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "truncated property at node /");

	/* name offset outside the strings block */
	small_head(b);
	fdtb_prop_off(b, 0x4000, "", 0);
	small_tail(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "property name offset out of range at node /amba");

	/* name offset inside, but the string runs off the block's end */
	small_head(b);
	small_tail(b);
	fdtb_prop_off(b, 0, "", 0);     /* placeholder, rebuilt below */
	small_head(b);
	fdtb_prop(b, "zzz", "", 0);
	small_tail(b);
	size = fdtb_finish(b);
	b->out[size - 1] = 'z';         /* "reg\0zzz\0" -> last NUL gone */
	EXPECT(b->out, size, -EINVAL, "property name not terminated in strings block at node /amba");

	/* an empty property name */
	small_head(b);
	fdtb_prop(b, "", "", 0);
	small_tail(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "empty property name at node /amba");

	/* an unknown token */
	small_head(b);
	fdtb_raw32(b, 7);
	small_tail(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "bad token 0x7 at offset");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(why, "in /amba") != NULL, "bad token names the node (%s)", why);

	/* FDT_END with a node still open */
	small_head(b);
	fdtb_finish_tree(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "FDT_END inside node /amba");

	/* no root at all */
	fdtb_init(b);
	fdtb_raw32(b, 4);
	fdtb_finish_tree(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "no root node");

	/* NOPs anywhere are fine */
	fdtb_init(b);
	fdtb_raw32(b, 4);
	fdtb_begin(b, "");
	fdtb_raw32(b, 4);
	fdtb_prop_u32(b, "phandle", 5);
	fdtb_raw32(b, 4);
	fdtb_end(b);
	fdtb_raw32(b, 4);
	fdtb_finish_tree(b);
	size = fdtb_finish(b);
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_check(b->out, size, why, sizeof(why)), 0, "NOPs pass (%s)", why);
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(b->out, size, NULL, 0), 0, "NOP blob unflattens");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_node_by_phandle(5) == of_root, "phandle after NOPs");

	/* a root with a name (DT spec 2.2.1: the root has none) */
	fdtb_init(b);
	fdtb_begin(b, "foo");
	fdtb_prop_str(b, "compatible", "coyote,small");
	fdtb_end(b);
	fdtb_finish_tree(b);
	size = fdtb_finish(b);
	EXPECT(b->out, size, -EINVAL, "root node named \"foo\": the root's name must be empty");

	/* FDT_NOP after FDT_END: accepted (docs/fdt-conformance.md), warned */
	small_head(b);
	small_tail(b);
	fdtb_raw32(b, 4);
	fdtb_raw32(b, 4);
	size = fdtb_finish(b);
	{
		struct of_fdt_counts cnt;

		KUNIT_EXPECT_EQ_MSG(test, of_fdt_check_counts(b->out, size, why, sizeof(why), &cnt), 0,
			  "NOPs after FDT_END pass (%s)", why);
		KUNIT_EXPECT_EQ_MSG(test, cnt.nops_after_end, 2, "NOPs after FDT_END counted");
		ktap_stderr_begin();
		KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(b->out, size, NULL, 0), 0,
			  "NOPs after FDT_END unflatten");
		KUNIT_EXPECT_TRUE_MSG(test, strstr(ktap_stderr_end(), "2 FDT_NOP token(s) after FDT_END ignored "
			     "(DT spec 5.4.1"), "unflatten warns naming the clause");
	}

	/* a duplicated phandle: the first node in the tree keeps it, warned */
	fdtb_init(b);
	fdtb_begin(b, "");
	fdtb_begin(b, "c");
	fdtb_prop_u32(b, "phandle", 7);
	fdtb_end(b);
	fdtb_begin(b, "a");
	fdtb_prop_u32(b, "phandle", 5);
	fdtb_end(b);
	fdtb_begin(b, "b");
	fdtb_prop_u32(b, "phandle", 5);
	fdtb_end(b);
	fdtb_end(b);
	fdtb_finish_tree(b);
	size = fdtb_finish(b);
	ktap_stderr_begin();
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(b->out, size, NULL, 0), 0, "duplicate phandle blob unflattens");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(ktap_stderr_end(),
		     "duplicate phandle 0x5: /a and /b; references reach /a only"),
	      "duplicate phandle warned");
	{
		struct device_node *np = of_find_node_by_phandle(5);
		struct of_fdt_stats st;

		KUNIT_EXPECT_STREQ_MSG(test, np ? np->full_name : "(none)", "a", "phandle 5 reaches /a, the first");
		of_fdt_get_stats(&st);
		KUNIT_EXPECT_EQ_MSG(test, st.duplicate_phandles, 1, "one duplicate left out");
		KUNIT_EXPECT_EQ_MSG(test, st.phandles, 2, "two phandles in the table");
		np = of_find_node_by_phandle(7);
		KUNIT_EXPECT_STREQ_MSG(test, np ? np->full_name : "(none)", "c", "phandle 7 still found");
	}

	/* misaligned blob */
	{
		static uint8_t shifted[sizeof(B.out) + 8] __attribute__((aligned(8)));

		small_head(b);
		small_tail(b);
		size = fdtb_finish(b);
		memcpy(shifted + 2, b->out, size);
		EXPECT(shifted + 2, size, -EINVAL, "blob not 4-byte aligned");
	}
}

static uint8_t work[65536] __attribute__((aligned(8)));

static void put(uint32_t off, uint32_t v)
{
	fdtb_put32(work + off, v);
}

static void test_header(const void *good, size_t size)
{
	uint32_t off_struct, off_strings, off_rsv;

#define FRESH() memcpy(work, good, size)
	FRESH();
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_check(work, size, why, sizeof(why)), 0, "api.dtb passes (%s)", why);
	off_struct = fdtb_get32(work + 8);
	off_strings = fdtb_get32(work + 12);
	off_rsv = fdtb_get32(work + 16);

	EXPECT(NULL, 100, -EINVAL, "no blob");
	put(0, 0xd00dfeee);
	EXPECT(work, size, -EINVAL, "bad magic 0xd00dfeee");
	FRESH();
	EXPECT(work, 10, -EOVERFLOW, "buffer of 10 bytes too small for a header");
	put(20, 15);
	EXPECT(work, size, -EINVAL, "blob format version 15 is too old: coyote reads versions 16 and 17");
	put(20, 3);
	EXPECT(work, size, -EINVAL, "blob format version 3 is too old");
	/* DT spec 5.1: a later version that a version-17 reader can read */
	put(20, 18);
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_check(work, size, why, sizeof(why)), 0,
		  "version 18 readable by 17 passes (%s)", why);
	put(24, 18);
	EXPECT(work, size, -EINVAL,
	       "blob format version 18 needs a reader of version 18 or later");
	put(20, 17);
	put(24, 17);
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_check(work, size, why, sizeof(why)), 0,
		  "version 17 with last compatible version 17 passes (%s)", why);
	FRESH();
	put(20, 16);
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_check(work, size, why, sizeof(why)), 0, "version 16 passes (%s)", why);
	{
		struct of_fdt_stats st16, st17;

		KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(work, size, NULL, 0), 0, "version 16 unflattens");
		of_fdt_get_stats(&st16);
		KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(good, size, NULL, 0), 0, "version 17 unflattens");
		of_fdt_get_stats(&st17);
		KUNIT_EXPECT_TRUE_MSG(test, st16.nodes == st17.nodes && st16.properties == st17.properties,
		      "version 16 and 17 give the same tree");
		/* v16 has no size_dt_struct: the struct block ends at the strings */
		put(36, 0);
		KUNIT_EXPECT_EQ_MSG(test, of_fdt_check(work, size, why, sizeof(why)), 0,
			  "version 16 ignores size_dt_struct (%s)", why);
	}

	FRESH();
	put(4, 9000);
	EXPECT(work, 4096, -EOVERFLOW, "totalsize 9000 exceeds buffer 4096");
	put(4, 20);
	EXPECT(work, size, -EINVAL, "totalsize 20 smaller than the header");
	FRESH();
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_check(work, size - 1, why, sizeof(why)), -EOVERFLOW,
		  "a buffer one byte short is refused");

	FRESH();
	put(8, off_struct + 2);
	EXPECT(work, size, -EINVAL, "not 4-byte aligned");
	put(8, 8);
	EXPECT(work, size, -EINVAL, "struct block at 8 overlaps the header");
	FRESH();
	put(36, (uint32_t)size);
	EXPECT(work, size, -EINVAL, "struct block (offset");
	FRESH();
	put(32, 0x7fffffff);
	EXPECT(work, size, -EINVAL, "strings block (offset");
	FRESH();
	put(12, off_struct + 4);
	EXPECT(work, size, -EINVAL, "struct block overlaps strings block");
	FRESH();
	put(16, off_rsv + 4);
	EXPECT(work, size, -EINVAL, "memory reservation block at");
	FRESH();
	put(16, off_struct);
	EXPECT(work, size, -EINVAL, "memory reservation map overlaps struct block");
	FRESH();
	put(16, off_strings & ~7u);
	if ((off_strings & 7) == 0) {
		EXPECT(work, size, -EINVAL, "memory reservation map overlaps strings block");
	} else {
		KUNIT_EXPECT_TRUE_MSG(test, of_fdt_check(work, size, why, sizeof(why)) == -EINVAL,
		      "reservation map in the strings block refused (%s)", why);
	}
	/* The map's terminator (after 2 entries) made non-zero: it then runs
	 * into the struct block. */
	FRESH();
	put(off_rsv + 2 * 16 + 4, 1);
	EXPECT(work, size, -EINVAL, "memory reservation map not terminated");
	FRESH();
	put(36, fdtb_get32(work + 36) - 4);
	EXPECT(work, size, -EINVAL, "missing FDT_END");
	FRESH();
	put(off_struct, 0x11);
	EXPECT(work, size, -EINVAL, "bad token 0x11 at offset 0");
	/* every reason fits and is terminated in a small buffer */
	{
		char tiny[8];

		memset(tiny, 'x', sizeof(tiny));
		KUNIT_EXPECT_EQ_MSG(test, of_fdt_check(work, size, tiny, sizeof(tiny)), -EINVAL,
			  "small reason buffer: still refused");
		KUNIT_EXPECT_TRUE_MSG(test, memchr(tiny, 0, sizeof(tiny)) != NULL, "small reason buffer terminated");
		KUNIT_EXPECT_EQ_MSG(test, of_fdt_check(work, size, NULL, 0), -EINVAL, "NULL reason buffer");
	}
#undef FRESH
}

/* Walks every API function over the whole tree; must stay inside the blob. */
static void walk_api(void)
{
	struct device_node *np;
	struct property *pp;
	char path[256];

	for_each_of_allnodes(np) {
		struct of_phandle_args args;
		struct resource r;
		const char *s;
		u32 v;
		u64 w;
		int i;

		of_node_full_path(np, path, sizeof(path));
		for_each_property_of_node(np, pp) {
			(void)of_property_read_u32(np, pp->name, &v);
			(void)of_property_read_u64(np, pp->name, &w);
			(void)of_property_read_string(np, pp->name, &s);
			(void)of_property_count_strings(np, pp->name);
			(void)of_property_match_string(np, pp->name, "okay");
			(void)of_count_phandle_with_args(np, pp->name, "#foo-cells");
			(void)of_parse_phandle_with_args(np, pp->name, "#interrupt-cells", 0, &args);
			(void)of_find_node_by_path(pp->value && pp->length ? "serial0" : "/");
		}
		(void)of_device_is_available(np);
		(void)of_device_is_compatible(np, "arm,pl011");
		for (i = 0; i < 3; i++) {
			(void)of_address_to_resource(np, i, &r);
			(void)of_irq_parse_one(np, i, &args);
		}
		(void)of_alias_get_id(np, "serial");
		(void)of_n_addr_cells(np);
		(void)of_n_size_cells(np);
	}
}

static void test_corruptions(const void *good, size_t size)
{
	size_t i, passed = 0, refused = 0;
	int bad_trunc = 0;
	uint8_t *copy = malloc(size);
	static const uint8_t flips[] = { 0xff, 0x01, 0x80 };
	unsigned int f;
	int saved, devnull;

	/* Every byte of the blob damaged three ways: each result is either a
	 * refusal or a blob the whole API walks without harm.  The API's own
	 * complaints about the damage (pr_err) would drown the report. */
	fflush(stderr);
	saved = dup(2);
	devnull = open("/dev/null", O_WRONLY);
	if (devnull >= 0)
		dup2(devnull, 2);
	for (i = 0; i < size; i++) {
		for (f = 0; f < sizeof(flips); f++) {
			memcpy(copy, good, size);
			copy[i] ^= flips[f];
			if (of_fdt_check(copy, size, why, sizeof(why))) {
				refused++;
				continue;
			}
			passed++;
			if (!of_fdt_unflatten(copy, size, NULL, 0))
				walk_api();
		}
	}
	fflush(stderr);
	if (saved >= 0)
		dup2(saved, 2);
	if (devnull >= 0)
		close(devnull);
	KUNIT_EXPECT_TRUE_MSG(test, refused > 0 && passed > 0, "corrupted bytes: %zu refused, %zu survive and walk",
	      refused, passed);
	for (i = 0; i < size; i++)
		if (of_fdt_check(good, i, why, sizeof(why)) != -EOVERFLOW)
			bad_trunc++;
	KUNIT_EXPECT_EQ_MSG(test, bad_trunc, 0, "every truncation is -EOVERFLOW");
	free(copy);
}

/* The early console's translator: a range covers [base, base + size). */
static void test_flat_ranges(void)
{
	uint32_t cells[3];
	uint8_t r[12];
	u64 a;

	cells[0] = 0x0;
	cells[1] = 0x10000000;
	cells[2] = 0x1000;
	for (int i = 0; i < 3; i++)
		fdtb_put32(r + 4 * i, cells[i]);
	a = 0xfff;
	KUNIT_EXPECT_EQ_MSG(test, of_ranges_translate((const __be32 *)r, 12, 1, 1, 1, &a), 0,
		  "flat ranges: the last byte of a window translates");
	KUNIT_EXPECT_EQ_MSG(test, a, 0x10000fff, "flat ranges: to the window's last byte");
	a = 0x1000;
	KUNIT_EXPECT_EQ_MSG(test, of_ranges_translate((const __be32 *)r, 12, 1, 1, 1, &a), -ENOENT,
		  "flat ranges: the byte just past a window does not");
}

static void test_accessors(const void *blob, size_t size)
{
	int root, uart, bus, n, depth, maxdepth, len, count;
	const char *s;
	u64 a, sz;

	KUNIT_EXPECT_EQ_MSG(test, of_fdt_totalsize(blob), size, "of_fdt_totalsize");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_get_mem_rsv(blob, 0, &a, &sz), 0, "memreserve 0");
	KUNIT_EXPECT_EQ_MSG(test, a, 0x10000000, "memreserve 0 address");
	KUNIT_EXPECT_EQ_MSG(test, sz, 0x4000, "memreserve 0 size");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_get_mem_rsv(blob, 1, &a, &sz), 0, "memreserve 1");
	KUNIT_EXPECT_EQ_MSG(test, a, 0x20000000, "memreserve 1 address");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_get_mem_rsv(blob, 2, &a, &sz), -ENOENT, "memreserve 2: -ENOENT");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_get_mem_rsv(blob, -1, &a, &sz), -ENOENT, "memreserve -1: -ENOENT");

	root = of_fdt_path_offset(blob, "/");
	KUNIT_EXPECT_EQ_MSG(test, root, 0, "path / is offset 0");
	s = of_fdt_get_name(blob, root, &len);
	KUNIT_EXPECT_TRUE_MSG(test, s && !*s && len == 0, "root name is empty");
	uart = of_fdt_path_offset(blob, "/bus@10000000/serial@1000");
	KUNIT_EXPECT_TRUE_MSG(test, uart > 0, "absolute path");
	KUNIT_EXPECT_STREQ_MSG(test, of_fdt_get_name(blob, uart, NULL), "serial@1000", "get_name");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_path_offset(blob, "serial0:115200n8"), uart, "alias with options");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_path_offset(blob, "serial0"), uart, "alias");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_path_offset(blob, "/bus@10000000/serial@1000:opt/x"), uart,
		  "options end the path");
	n = of_fdt_path_offset(blob, "bus/sub@80000/timer@100");
	KUNIT_EXPECT_STREQ_MSG(test, n >= 0 ? of_fdt_get_name(blob, n, NULL) : "", "timer@100", "alias-relative path");
	KUNIT_EXPECT_STREQ_MSG(test, of_fdt_get_name(blob, of_fdt_path_offset(blob, "serial1"), NULL),
		  "serial@2000", "string alias");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_path_offset(blob, "/bus@10000000/serial"), -ENOENT,
		  "no unit address: no match (as Linux)");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_path_offset(blob, "/nothing"), -ENOENT, "missing node");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_path_offset(blob, "nosuchalias"), -ENOENT, "missing alias");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_path_offset(blob, ""), -ENOENT, "empty path");

	n = of_fdt_path_offset(blob, "/chosen");
	s = of_fdt_getprop(blob, n, "stdout-path", &len);
	KUNIT_EXPECT_STREQ_MSG(test, s, "serial0:115200n8", "getprop string");
	KUNIT_EXPECT_EQ_MSG(test, len, 17, "getprop length");
	KUNIT_EXPECT_TRUE_MSG(test, of_fdt_getprop(blob, n, "nope", &len) == NULL, "getprop missing");
	KUNIT_EXPECT_TRUE_MSG(test, of_fdt_getprop(blob, n, "stdout", NULL) == NULL, "getprop: no prefix match");

	bus = of_fdt_path_offset(blob, "/bus@10000000");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_parent_offset(blob, uart), bus, "parent");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_parent_offset(blob, bus), root, "parent is root");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_parent_offset(blob, root), -ENOENT, "root has no parent");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_parent_offset(blob, 3), -EINVAL, "bad offset");

	count = 0;
	for (n = of_fdt_node_by_compatible(blob, -1, "arm,pl011"); n >= 0;
	     n = of_fdt_node_by_compatible(blob, n, "arm,pl011"))
		count++;
	KUNIT_EXPECT_EQ_MSG(test, count, 5, "five pl011 nodes");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_node_by_compatible(blob, -1, "ARM,PL011"), uart,
		  "compatible compares without case");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_node_by_compatible(blob, -1, "arm,pl01"), -ENOENT,
		  "compatible: no prefix match");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_node_by_compatible(blob, -1, "coyote,test"), root,
		  "the root can match");

	count = 0;
	maxdepth = 0;
	depth = 0;
	for (n = of_fdt_next_node(blob, -1, &depth); n >= 0;
	     n = of_fdt_next_node(blob, n, &depth)) {
		count++;
		if (depth > maxdepth)
			maxdepth = depth;
	}
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(blob, size, NULL, 0), 0, "unflatten api.dtb");
	{
		struct of_fdt_stats st;

		of_fdt_get_stats(&st);
		KUNIT_EXPECT_EQ_MSG(test, count, st.nodes, "next_node visits every node");
	}
	KUNIT_EXPECT_EQ_MSG(test, maxdepth, 20, "depth of the deepest node");

	/* flat translation agrees with the live tree's, node for node */
	{
		struct device_node *np;
		int mismatches = 0, translated = 0;

		for_each_of_allnodes(np) {
			char p[256];
			struct resource r;
			int off, i, e1, e2;

			of_node_full_path(np, p, sizeof(p));
			/* the early accessor handles 1-2 address cells, not PCI */
			if (!strncmp(p, "/pci@", 5))
				continue;
			off = of_fdt_path_offset(blob, p);
			if (off < 0) {
				mismatches++;
				continue;
			}
			for (i = 0; i < 3; i++) {
				e1 = of_fdt_translate_reg(blob, off, i, &a, &sz);
				e2 = of_address_to_resource(np, i, &r);
				if (!e1 && !e2 && r.start == a && r.end == a + sz - 1)
					translated++;
				else if (!e1 != !e2 && of_n_size_cells(np) > 0)
					mismatches++;
			}
		}
		KUNIT_EXPECT_EQ_MSG(test, mismatches, 0, "flat and live translation agree");
		KUNIT_EXPECT_TRUE_MSG(test, translated > 20, "%d reg entries translated alike", translated);
	}

	n = of_fdt_path_offset(blob, "/bus@10000000/sub@80000/timer@100");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_translate_reg(blob, n, 0, &a, &sz), 0, "nested ranges");
	KUNIT_EXPECT_EQ_MSG(test, a, 0x10080100, "nested ranges address");
	n = of_fdt_path_offset(blob, "/bus@10000000/sub@80000/empty@8000/gpio@8100");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_translate_reg(blob, n, 0, &a, &sz), 0, "empty ranges");
	KUNIT_EXPECT_EQ_MSG(test, a, 0x10088100, "empty ranges is identity");
	n = of_fdt_path_offset(blob, "/bus@10000000/sub@80000/noranges@9000/dev@10");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_translate_reg(blob, n, 0, &a, &sz), -ENOENT, "no ranges: -ENOENT");
	n = of_fdt_path_offset(blob, "/wide@40000000/big@100001000");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_translate_reg(blob, n, 0, &a, &sz), 0, "2-cell addresses");
	KUNIT_EXPECT_EQ_MSG(test, a, 0x40001000, "2-cell address translated");
	KUNIT_EXPECT_EQ_MSG(test, sz, 0x100, "2-cell size");
	n = of_fdt_path_offset(blob, "i2c0");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_translate_reg(blob, n, 0, &a, &sz), 0, "chip-select bus");
	KUNIT_EXPECT_EQ_MSG(test, a, 0x10160000, "chip select 1");
	n = of_fdt_path_offset(blob, "/bus@10000000/serial@5000");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_translate_reg(blob, n, 1, &a, &sz), 0, "second reg entry");
	KUNIT_EXPECT_EQ_MSG(test, a, 0x10006000, "second reg entry address");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_translate_reg(blob, n, 2, &a, &sz), -EINVAL, "third reg entry: -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_translate_reg(blob, root, 0, &a, &sz), -EINVAL, "root: -EINVAL");
	n = of_fdt_path_offset(blob, "/memory@0");
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_translate_reg(blob, n, 0, &a, &sz), 0, "memory");
	KUNIT_EXPECT_EQ_MSG(test, sz, 0x8000000, "memory size");
}

/* The flat tree's "status" rule is the live tree's: absent, "okay" or "ok". */
static void test_flat_status(void)
{
	static const char *const value[] = { NULL, "okay", "ok", "disabled", "fail", "okayish",
					     "" };
	static const bool available[] = { true, true, true, false, false, false, false };
	struct fdtb *b = &B;
	int node = -1, depth = 0, i = 0;

	fdtb_init(b);
	fdtb_begin(b, "");
	fdtb_prop(b, "status", "ok", 2);   /* unterminated: not "ok" */
	for (unsigned int n = 0; n < ARRAY_SIZE(value); n++) {
		fdtb_begin(b, "dev");
		if (value[n])
			fdtb_prop_str(b, "status", value[n]);
		fdtb_end(b);
	}
	fdtb_end(b);
	fdtb_finish_tree(b);
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_check(b->out, fdtb_finish(b), why, sizeof(why)), 0, "status blob");
	KUNIT_EXPECT_TRUE_MSG(test, !of_fdt_device_is_available(b->out, 0), "an unterminated \"ok\" is not okay");
	while ((node = of_fdt_next_node(b->out, node, &depth)) >= 0) {
		if (depth != 1)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, of_fdt_device_is_available(b->out, node), available[i],
			  "status %s%s%s", value[i] ? "\"" : "", value[i] ? value[i] : "absent",
			  value[i] ? "\"" : "");
		i++;
	}
	KUNIT_EXPECT_EQ_MSG(test, i, (int)ARRAY_SIZE(value), "every node seen");
}

int main(void)
{
	size_t size;
	void *api = ktap_load("api.dtb", &size);

	test_hand_made();
	test_flat_status();
	if (api) {
		test_header(api, size);
		test_accessors(api, size);
		test_corruptions(api, size);
	}
	free(api);
	test_flat_ranges();
	return ktap_done();
}
