// SPDX-License-Identifier: BSD-2-Clause
/*
 * `selftest mmu`: ioremap() refuses every range the kernel owns, found
 * from the kernel's own symbols and registers (vectors_base, TTBR0, the
 * linker's kallsyms and image bounds), each refusal naming the range; a
 * granted one would map device memory over the vectors or the page
 * tables, and the next interrupt or table walk would go wrong.
 */
#include <linux/kernel.h>
#include <asm/io.h>
#include <coyote/selftest.h>
#include <coyote/setup.h>

extern char _text[], __kallsyms_start[];

/* The first-level table the MMU walks: TTBR0, as the CPU has it. */
static unsigned long page_table_base(void)
{
	u32 ttbr;

	__asm__ volatile("mrc p15, 0, %0, c2, c0, 0" : "=r"(ttbr));
	return ttbr & ~0x3fffu;
}

static const struct {
	const char *name;
	const char *says;       /* what the refusal names */
} owned[] = {
	{ "vectors", "refused: it overlaps exception vectors" },
	{ "page0", "refused: it overlaps " },
	{ "page_tables", "refused: it overlaps page tables" },
	{ "kallsyms", "refused: it overlaps kallsyms" },
	{ "image", "refused: it overlaps kernel image" },
};

static const char *owned_name(unsigned int i)
{
	return owned[i].name;
}

static unsigned long owned_addr(unsigned int i)
{
	switch (i) {
	case 0: return vectors_base;
	case 1: return 0;
	case 2: return page_table_base();
	case 3: return (unsigned long)__kallsyms_start;
	default: return (unsigned long)_text;
	}
}

static void ioremap_refuses_kernel_ranges(struct kunit *t)
{
	unsigned long addr = owned_addr(t->param);
	void __iomem *p;

	kunit_expect_begin(t, owned[t->param].says);
	p = ioremap(addr, 4);
	kunit_expect_end(t);
	KUNIT_EXPECT_TRUE_MSG(t, !p, "ioremap(0x%08lx) refused", addr);
	if (p)
		iounmap(p);
}

static const struct selftest_case mmu_cases[] = {
	SELFTEST_PARAM_CASE(ioremap_refuses_kernel_ranges, ARRAY_SIZE(owned), owned_name),
	{ }
};
SELFTEST_SUITE(mmu, mmu_cases, NULL, NULL);
