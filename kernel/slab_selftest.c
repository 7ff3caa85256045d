// SPDX-License-Identifier: BSD-2-Clause
/*
 * `selftest heap`: the heap's debug mode (slub_debug, kernel/slab.c) sees
 * the two classic heap bugs planted on purpose: bytes written past the
 * end of a block (reported by kfree, naming who allocated it) and a write
 * into a freed block (reported when kmalloc hands that memory out again,
 * naming who allocated and who freed it), and a write over a free block's
 * list link (caught by the walk, repaired).  The link case runs without
 * slub_debug too: its check is always on.  The others are skipped then.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/memory.h>
#include <coyote/selftest.h>

#define UAF_SIZE	64
#define UAF_TRIES	256	/* same-size blocks taken until one reaches it */

static bool need_debug(struct kunit *t)
{
	if (kmem_debug_enabled())
		return true;
	selftest_skip(t, "heap debug mode is off (boot with slub_debug)");
	return false;
}

static void overflow_reported(struct kunit *t)
{
	unsigned int before = kmem_debug_reports();
	volatile char *v;
	char *p;

	if (!need_debug(t))
		return;
	p = kmalloc(13, GFP_KERNEL);
	KUNIT_ASSERT_TRUE_MSG(t, p, "memory");
	v = p;
	v[13] = 'x';            /* two bytes past the 13 asked for */
	v[14] = 'y';
	kunit_expect_begin(t, "2 bytes written past the end of 13 bytes allocated by overflow_reported+");
	kfree(p);
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, kmem_debug_reports(), before + 1);
}

static void in_range_no_report(struct kunit *t)
{
	unsigned int before = kmem_debug_reports();
	char *p;

	if (!need_debug(t))
		return;
	p = kmalloc(13, GFP_KERNEL);
	KUNIT_ASSERT_TRUE_MSG(t, p, "memory");
	memset(p, 'x', 13);     /* every byte it may write, no more */
	kfree(p);
	KUNIT_EXPECT_EQ(t, kmem_debug_reports(), before);
}

/*
 * Free a block, write into it, then take same-size blocks (first fit, so
 * the freed memory comes back among the first) until the debug mode
 * reports the write or a block covers it unreported.
 */
static void use_after_free_reported(struct kunit *t)
{
	unsigned int before = kmem_debug_reports(), n = 0;
	void **taken = kcalloc(UAF_TRIES, sizeof(*taken), GFP_KERNEL);
	volatile char *v;
	char *p;

	if (!need_debug(t) || !taken) {
		kfree(taken);
		return;
	}
	p = kmalloc(UAF_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_TRUE_MSG(t, p, "memory");
	kfree(p);
	v = p;
	for (int i = 8; i < 40; i++)    /* past where the free list keeps its link */
		v[i] = 0x5a;
	kunit_expect_begin(t, "block allocated by use_after_free_reported+");
	while (n < UAF_TRIES && kmem_debug_reports() == before) {
		char *q = kmalloc(UAF_SIZE, GFP_KERNEL);

		if (!q)
			break;
		taken[n++] = q;
		if (q <= p + 8 && q + UAF_SIZE >= p + 40)
			break;
	}
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, kmem_debug_reports(), before + 1);
	while (n)
		kfree(taken[--n]);
	kfree(taken);
}

/*
 * A write after free to a block's first word, where the free
 * list keeps its link.  A link to itself once sent kmalloc round a loop
 * with IRQs off; a wild one into a fault inside the allocator.  Here a
 * request no block can meet walks the whole list past it.
 */
static void free_list_link_overwrite_reported(struct kunit *t)
{
	static const unsigned long wild[] = { 0, 0xfffffff0ul, 1 /* itself */ };
	unsigned int before = kmem_debug_reports();

	for (unsigned int i = 0; i < ARRAY_SIZE(wild); i++) {
		/* Used blocks on both sides: @p stays a free block of its own. */
		char *a = kmalloc(UAF_SIZE, GFP_KERNEL), *p = kmalloc(UAF_SIZE, GFP_KERNEL);
		char *b = kmalloc(UAF_SIZE, GFP_KERNEL);
		volatile unsigned long *v = (volatile unsigned long *)(void *)p;

		KUNIT_ASSERT_TRUE_MSG(t, a && p && b, "memory");
		kfree(p);
		*v = wild[i] == 1 ? (unsigned long)(uintptr_t)(p - 8) : wild[i];
		kunit_expect_begin(t, "use after free: the free-list link at ");
		KUNIT_EXPECT_TRUE(t, kmalloc(0x7fff0000, GFP_KERNEL) == NULL);
		kunit_expect_end(t);
		KUNIT_EXPECT_EQ(t, kmem_debug_reports(), before + i + 1);
		kfree(b);
		kfree(a);
	}
	KUNIT_EXPECT_EQ(t, kmem_check(), 0);
}

static const struct selftest_case heap_cases[] = {
	SELFTEST_CASE(overflow_reported),
	SELFTEST_CASE(in_range_no_report),
	SELFTEST_CASE(use_after_free_reported),
	SELFTEST_CASE(free_list_link_overwrite_reported),
	{ }
};
SELFTEST_SUITE(heap, heap_cases, NULL, NULL);
