// SPDX-License-Identifier: BSD-2-Clause
/*
 * The MMU: one identity-mapped address space in short-descriptor tables,
 * for the ARM926 (ARMv5) and the Cortex-A9 (ARMv7), chosen by the MIDR.
 *
 *   RAM             read-write; never executable on ARMv7 (XN), except:
 *   kernel text     read-only, executable
 *   kernel rodata   read-only
 *   kallsyms        read-only (the symbol table, pages of its own)
 *   module text     read-only, executable, once relocated (set_memory_*)
 *   page 0          unmapped: a NULL pointer faults
 *   stack guards    unmapped: the page under each exception mode's stack
 *   device windows  read-write device memory, mapped by ioremap() only
 *   0xffff0000      the vectors (ARMv5: high vectors; ARMv7 uses VBAR)
 *   page tables     read-only, and the vector page too: only this file
 *                   writes them, with domain 0 switched to "manager"
 *                   (no permission checks) for the few instructions it
 *                   takes, IRQs off; a module's stray store faults
 *   everything else unmapped
 *
 * Everything comes from the run time: RAM and reserved ranges from the
 * memory map, the image from its own symbols (the image is position
 * independent), the CPU from the MIDR.  Caches stay as the boot left them
 * (off), so table writes need no cache maintenance, only a TLB flush.
 *
 * Descriptor formats (ARM ARM, short-descriptor VMSA): a first-level entry
 * maps a 1 MiB section or points at a 256-entry second-level table of
 * 4 KiB small pages.  ARMv5 has no XN; its read-only needs SCTLR.S with
 * AP = 00.  ARMv7 (SCTLR.XP = 1) reads bit 4 of a section and bit 0 of a
 * small page as XN, and read-only is APX = 1 with AP = 01.
 */
#define pr_fmt(fmt) "mmu: " fmt

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <coyote/memory.h>
#include <coyote/setup.h>
#include <asm/barrier.h>
#include <asm/cputype.h>
#include <asm/io.h>
#include <asm/irqflags.h>
#include <asm/mmu.h>
#include <asm/set_memory.h>

#define SECTION_SIZE	(1u << 20)

#define L2_ENTRIES	256
#define L2_TABLES	64		/* 64 KiB: devices, the image, modules */
#define HIGH_VECTORS	0xffff0000u
/*
 * The largest window ioremap() maps.  Linux's 32-bit ARM maps windows into
 * its vmalloc area, 240 MiB by default, and refuses what does not fit;
 * here the map is the identity, but a window of hundreds of MiB is still a
 * tree's mistake (a size in the wrong cell), and refusing it once beats
 * mapping it.
 */
#define IOREMAP_MAX	(256u << 20)

/* Attributes, before encoding. */
#define A_READ		1u
#define A_WRITE		2u
#define A_EXEC		4u
#define A_DEVICE	8u
#define A_RAM_RW	(A_READ | A_WRITE)

static u32 pgd[4096] __attribute__((aligned(16384)));
static u32 l2_pool[L2_TABLES][L2_ENTRIES] __attribute__((aligned(1024)));
static int l2_used;
static char vector_page[PAGE_SIZE] __attribute__((aligned(PAGE_SIZE)));
static bool v7, mmu_on;

extern char _text[], _etext[], __start_rodata[], _sdata[], _end[];
extern char __vectors_start[], __vectors_end[];
extern char __kallsyms_start[], __kallsyms_end[];
extern char __svc_stack_bottom[], __irq_stack_bottom[], __abt_stack_bottom[];
extern char __und_stack_bottom[], __fiq_stack_bottom[];

static const struct {
	const char *name;
	char *bottom;
} stacks[] = {
	{ "SVC", __svc_stack_bottom }, { "IRQ", __irq_stack_bottom },
	{ "ABT", __abt_stack_bottom }, { "UND", __und_stack_bottom },
	{ "FIQ", __fiq_stack_bottom },
};

/* --- descriptors ---------------------------------------------------------- */

static u32 section_desc(u32 pa, u32 attr)
{
	u32 d = (pa & 0xfff00000u) | 0x2;

	if (!attr)
		return 0;
	if (!v7) {
		d |= 1u << 4;				/* should-be-one on ARMv5 */
		d |= (attr & A_WRITE) ? 1u << 10 : 0;	/* AP 01: RW; 00 + S: RO */
		d |= (attr & A_DEVICE) ? 0 : 0xc;	/* C, B: normal memory */
		return d;
	}
	d |= 1u << 10;					/* AP 01 */
	d |= (attr & A_WRITE) ? 0 : 1u << 15;		/* APX: read-only */
	d |= (attr & A_EXEC) ? 0 : 1u << 4;		/* XN */
	d |= (attr & A_DEVICE) ? 0x4 : (1u << 12) | 0xc;	/* device / normal WB */
	return d;
}

static u32 page_desc(u32 pa, u32 attr)
{
	u32 d = (pa & 0xfffff000u) | 0x2;

	if (!attr)
		return 0;
	if (!v7) {
		d |= (attr & A_WRITE) ? 0x55u << 4 : 0;	/* AP0..AP3 */
		d |= (attr & A_DEVICE) ? 0 : 0xc;
		return d;
	}
	d |= 1u << 4;					/* AP 01 */
	d |= (attr & A_WRITE) ? 0 : 1u << 9;		/* APX */
	d |= (attr & A_EXEC) ? 0 : 1u;			/* XN */
	d |= (attr & A_DEVICE) ? 0x4 : (1u << 6) | 0xc;
	return d;
}

/* The attributes a section (@page false) or small-page descriptor holds. */
static u32 desc_attr(u32 d, bool page)
{
	u32 attr = A_READ;

	if (!v7) {
		attr |= A_EXEC;
		attr |= ((d >> (page ? 4 : 10)) & 3) ? A_WRITE : 0;
	} else {
		attr |= (d & (page ? 1u << 9 : 1u << 15)) ? 0 : A_WRITE;
		attr |= (d & (page ? 1u : 1u << 4)) ? 0 : A_EXEC;
	}
	return attr | ((d & 0x8) ? 0 : A_DEVICE);
}

static u32 *l2_table(u32 l1)
{
	return (u32 *)(uintptr_t)(l1 & 0xfffffc00u);
}

static bool is_table(u32 l1)
{
	return (l1 & 3) == 1;
}

static bool is_section(u32 l1)
{
	return (l1 & 3) == 2;
}

static void flush_tlb(void)
{
	if (!mmu_on)
		return;
	dsb();
	__asm__ volatile("mcr p15, 0, %0, c8, c7, 0" : : "r"(0) : "memory");	/* TLBIALL */
	dsb();
	isb();
}

/*
 * Once the MMU is on the tables are mapped read-only: every write to them
 * happens between pt_write_begin() and pt_write_end(), which make domain 0
 * a manager domain (accesses not checked against the descriptors' AP
 * bits) with IRQs off, so nothing else runs with the protection lifted.
 */
static unsigned long pt_write_begin(void)
{
	unsigned long flags = arch_local_irq_save();

	if (mmu_on) {
		__asm__ volatile("mcr p15, 0, %0, c3, c0, 0" : : "r"(3u) : "memory");
		isb();
	}
	return flags;
}

static void pt_write_end(unsigned long flags)
{
	if (mmu_on) {
		__asm__ volatile("mcr p15, 0, %0, c3, c0, 0" : : "r"(1u) : "memory");
		isb();
	}
	arch_local_irq_restore(flags);
}

/* The second-level table for the MiB at @va, made from its section (or
 * from nothing) on first use.  NULL when the pool is empty. */
static u32 *l2_for(u32 va)
{
	u32 *l1 = &pgd[va >> 20];
	u32 *t;

	if (is_table(*l1))
		return l2_table(*l1);
	if (l2_used == L2_TABLES) {
		pr_err("out of second-level tables (%d): 0x%08x stays section-mapped\n", L2_TABLES,
		       va);
		return NULL;
	}
	t = l2_pool[l2_used++];
	for (int i = 0; i < L2_ENTRIES; i++)
		t[i] = is_section(*l1) ? page_desc((*l1 & 0xfff00000u) + i * PAGE_SIZE,
						   desc_attr(*l1, false)) : 0;
	*l1 = ((u32)(uintptr_t)t & 0xfffffc00u) | 0x1 | (v7 ? 0 : 1u << 4);
	return t;
}

/* Map [va, va + size) to pa with @attr (0: unmap): sections where a whole
 * MiB is covered and has no table, small pages elsewhere.  Page-aligned. */
static int map_range(u32 va, u32 pa, u64 size, u32 attr)
{
	u64 end = (u64)va + size;
	unsigned long flags = pt_write_begin();
	int ret = 0;

	while (va < end) {
		u32 *l1 = &pgd[va >> 20];

		if (!(va & (SECTION_SIZE - 1)) && end - va >= SECTION_SIZE && !is_table(*l1)) {
			*l1 = section_desc(pa, attr);
			va += SECTION_SIZE;
			pa += SECTION_SIZE;
			if (!va)
				break;		/* wrapped at 4 GiB */
			continue;
		}
		{
			u32 *t = l2_for(va);

			if (!t) {
				ret = -ENOMEM;
				break;
			}
			t[(va >> 12) & 0xff] = page_desc(pa, attr);
		}
		va += PAGE_SIZE;
		pa += PAGE_SIZE;
		if (!va)
			break;
	}
	flush_tlb();
	pt_write_end(flags);
	return ret;
}

/* The attributes of the page at @va, or 0 when it is unmapped. */
static u32 attr_at(u32 va, u32 *pa)
{
	u32 l1 = pgd[va >> 20];

	if (is_section(l1)) {
		*pa = (l1 & 0xfff00000u) | (va & 0xfffffu);
		return desc_attr(l1, false);
	}
	if (is_table(l1)) {
		u32 d = l2_table(l1)[(va >> 12) & 0xff];

		if (d & 2) {
			*pa = (d & 0xfffff000u) | (va & 0xfffu);
			return desc_attr(d, true);
		}
	}
	return 0;
}

/* --- ioremap and set_memory ------------------------------------------------ */

/* Live ioremap()s: iounmap() unmaps a page only when no other covers it
 * (two windows may share a page: a syscon and its reset node). */
#define MAX_IOMAPS	64
static struct iomap {
	u32 addr;		/* what ioremap() returned */
	u32 start, end;		/* the pages, [start, end) */
} iomaps[MAX_IOMAPS];
static int nr_iomaps;

static bool page_in_other_iomap(u32 page, int except)
{
	for (int i = 0; i < nr_iomaps; i++)
		if (i != except && page >= iomaps[i].start && page < iomaps[i].end)
			return true;
	return false;
}

/* Second-level tables mapping [start, end) would take: one for each end
 * that covers part of a MiB still mapped by a section (or not at all). */
static int tables_needed(u32 start, u64 end)
{
	u32 first = start >> 20, last = (u32)((end - 1) >> 20);
	int n = 0;

	if (((start & (SECTION_SIZE - 1)) || end - start < SECTION_SIZE) && !is_table(pgd[first]))
		n++;
	if (last != first && (end & (SECTION_SIZE - 1)) && !is_table(pgd[last]))
		n++;
	return n;
}

void __iomem *arch_ioremap(phys_addr_t phys, size_t size)
{
	u32 start = (u32)phys & ~(PAGE_SIZE - 1);
	u64 end = ((u64)phys + size + PAGE_SIZE - 1) & ~(u64)(PAGE_SIZE - 1);
	char sz[24];
	int need;

	if (nr_iomaps == MAX_IOMAPS) {
		pr_err("more than %d ioremap()s: 0x%08llx refused\n", MAX_IOMAPS, phys);
		return NULL;
	}
	if (end - start > IOREMAP_MAX) {
		pr_err("ioremap of [mem 0x%08llx-0x%08llx] (%s) refused: larger than the %u MiB "
		       "a window may be\n", phys, phys + size - 1,
		       mem_size_str(sz, sizeof(sz), size), IOREMAP_MAX >> 20);
		return NULL;
	}
	need = tables_needed(start, end);
	if (need > L2_TABLES - l2_used) {
		pr_err("ioremap of [mem 0x%08llx-0x%08llx] (%s) refused: it needs %d second-level "
		       "table%s, %d of %d are free\n", phys, phys + size - 1,
		       mem_size_str(sz, sizeof(sz), size), need, need == 1 ? "" : "s",
		       L2_TABLES - l2_used, L2_TABLES);
		return NULL;
	}
	if (map_range(start, start, end - start, A_READ | A_WRITE | A_DEVICE))
		return NULL;
	iomaps[nr_iomaps++] = (struct iomap){
		.addr = (u32)phys, .start = start, .end = (u32)(end - PAGE_SIZE) + PAGE_SIZE,
	};
	return (void __iomem *)(uintptr_t)phys;
}

static bool mib_in_other_iomap(u32 mib, int except)
{
	for (int i = 0; i < nr_iomaps; i++)
		if (i != except && iomaps[i].start < mib + SECTION_SIZE &&
		    iomaps[i].end - 1 >= mib)
			return true;
	return false;
}

/*
 * Unmap iomaps[@i]'s pages that no other window covers, a MiB at a time:
 * a whole MiB no other window touches goes in one step (a section stays a
 * section), so the time is bounded by MiBs, not pages, and a table is
 * split only where windows share a MiB.  Return: 0 or -ENOMEM.
 */
static int unmap_window(int i)
{
	u32 start = iomaps[i].start;
	u64 end = iomaps[i].end ? iomaps[i].end : 1ull << 32;

	for (u64 mib = start & ~(SECTION_SIZE - 1); mib < end; mib += SECTION_SIZE) {
		u64 lo = mib < start ? start : mib;
		u64 hi = mib + SECTION_SIZE < end ? mib + SECTION_SIZE : end;

		if (!mib_in_other_iomap((u32)mib, i)) {
			if (map_range((u32)lo, (u32)lo, hi - lo, 0))
				return -ENOMEM;
			continue;
		}
		for (u64 page = lo; page < hi; page += PAGE_SIZE)
			if (!page_in_other_iomap((u32)page, i) &&
			    map_range((u32)page, (u32)page, PAGE_SIZE, 0))
				return -ENOMEM;
	}
	return 0;
}

void iounmap(volatile void __iomem *addr)
{
	int i;

	for (i = nr_iomaps - 1; i >= 0; i--)
		if (iomaps[i].addr == (u32)(uintptr_t)addr)
			break;
	if (i < 0) {
		pr_warn("iounmap(0x%08x): not an ioremap()ed address\n", (u32)(uintptr_t)addr);
		return;
	}
	if (unmap_window(i))
		pr_err("iounmap(0x%08x): out of second-level tables; part of the window stays "
		       "mapped\n", (u32)(uintptr_t)addr);
	iomaps[i] = iomaps[--nr_iomaps];
}
EXPORT_SYMBOL(iounmap);

static int change(unsigned long addr, int numpages, u32 set, u32 clear)
{
	unsigned long flags;
	int ret = 0;

	if ((addr & (PAGE_SIZE - 1)) || numpages < 0)
		return -EINVAL;
	flags = pt_write_begin();
	for (int i = 0; i < numpages; i++) {
		u32 va = (u32)addr + (u32)i * PAGE_SIZE, pa;
		u32 attr = attr_at(va, &pa);
		u32 *t;

		if (!attr) {
			ret = -EFAULT;
			break;
		}
		t = l2_for(va);
		if (!t) {
			ret = -ENOMEM;
			break;
		}
		t[(va >> 12) & 0xff] = page_desc(pa, (attr | set) & ~clear);
	}
	flush_tlb();
	pt_write_end(flags);
	return ret;
}

int set_memory_ro(unsigned long addr, int numpages)
{
	return change(addr, numpages, 0, A_WRITE);
}

int set_memory_rw(unsigned long addr, int numpages)
{
	return change(addr, numpages, A_WRITE, 0);
}

int set_memory_x(unsigned long addr, int numpages)
{
	return change(addr, numpages, A_EXEC, 0);
}

int set_memory_nx(unsigned long addr, int numpages)
{
	return change(addr, numpages, 0, A_EXEC);
}

/* --- turning it on ------------------------------------------------------------ */

static u32 page_down(const void *p)
{
	return (u32)(uintptr_t)p & ~(PAGE_SIZE - 1);
}

static u32 page_up(const void *p)
{
	return ((u32)(uintptr_t)p + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1);
}

static void map_image(void)
{
	u32 text = page_down(_text), rodata = page_down(__start_rodata), data = page_down(_sdata);

	if ((u32)(uintptr_t)_text != text || (u32)(uintptr_t)_sdata != data) {
		pr_warn("image at 0x%08x is not page-aligned: text and rodata stay writable\n",
			(u32)(uintptr_t)_text);
		map_range(text, text, page_up(_end) - text, A_RAM_RW | A_EXEC);
		return;
	}
	map_range(text, text, rodata - text, A_READ | A_EXEC);
	map_range(rodata, rodata, data - rodata, A_READ);
	map_range(page_down(__kallsyms_start), page_down(__kallsyms_start),
		  page_up(__kallsyms_end) - page_down(__kallsyms_start), A_READ);
	for (unsigned int i = 0; i < ARRAY_SIZE(stacks); i++) {
		u32 guard = (u32)(uintptr_t)stacks[i].bottom - PAGE_SIZE;

		map_range(guard, guard, PAGE_SIZE, 0);
	}
}

/* ARMv5: the vectors at 0xffff0000 (SCTLR.V), so page 0 can go.  ARMv7
 * already takes them through VBAR, in the (executable) text. */
static void map_vectors(void)
{
	u32 pa = (u32)(uintptr_t)vector_page;

	if (v7)
		return;
	memcpy(vector_page, __vectors_start, (size_t)(__vectors_end - __vectors_start));
	map_range(HIGH_VECTORS, pa, PAGE_SIZE, A_READ | A_EXEC);
}

static bool in_object(u32 va, const void *obj, size_t size)
{
	return va >= (u32)(uintptr_t)obj && va - (u32)(uintptr_t)obj < size;
}

/* The tables and the vector page (its RAM alias on ARMv5) read-only: a
 * module's stray store faults, naming them, instead of rewriting what
 * every later access or exception depends on. */
static void protect_tables(void)
{
	map_range((u32)(uintptr_t)pgd, (u32)(uintptr_t)pgd, sizeof(pgd), A_READ);
	map_range((u32)(uintptr_t)l2_pool, (u32)(uintptr_t)l2_pool, sizeof(l2_pool), A_READ);
	if (!v7)
		map_range((u32)(uintptr_t)vector_page, (u32)(uintptr_t)vector_page, PAGE_SIZE,
			  A_READ);
}

/*
 * What the MMU gives the kernel, as system ranges: ioremap() and every
 * device window refuse them, each by its own name.  The image covers the
 * tables and kallsyms too; named apart, a refusal says which.
 */
static void claim_kernel_ranges(void)
{
	iomem_add_system(page_down((void *)vectors_base), PAGE_SIZE, 0, "exception vectors");
	iomem_add_system(0, PAGE_SIZE, 0, "page 0 (NULL pointers fault there)");
	iomem_add_system((uintptr_t)pgd, sizeof(pgd), 0, "page tables");
	iomem_add_system((uintptr_t)l2_pool, sizeof(l2_pool), 0, "page tables");
	iomem_add_system((uintptr_t)__kallsyms_start, __kallsyms_end - __kallsyms_start, 0,
			 "kallsyms");
}

static const char *cpu_name(void)
{
	return v7 ? "ARMv7 (XN)" : "ARMv5";
}

void paging_init(void)
{
	u32 sctlr;

	v7 = cpu_architecture() >= CPU_ARCH_ARMv7;
	for (int i = 0; i < mem_map.nr_ram; i++) {
		const struct mem_region *r = &mem_map.ram[i];
		u32 base = (u32)r->base & ~(PAGE_SIZE - 1);

		map_range(base, base, ((r->base + r->size) & ~(u64)(PAGE_SIZE - 1)) - base,
			  A_RAM_RW);
	}
	map_image();
	if (pgd[0])
		map_range(0, 0, PAGE_SIZE, 0);	/* NULL: RAM at 0 loses its first page */
	map_vectors();
	protect_tables();

	__asm__ volatile("mcr p15, 0, %0, c3, c0, 0" : : "r"(1u) : "memory");	/* domain 0: client */
	if (v7)
		__asm__ volatile("mcr p15, 0, %0, c2, c0, 2" : : "r"(0u) : "memory");	/* TTBCR */
	__asm__ volatile("mcr p15, 0, %0, c2, c0, 0" : : "r"((u32)(uintptr_t)pgd) : "memory");
	__asm__ volatile("mcr p15, 0, %0, c8, c7, 0" : : "r"(0) : "memory");	/* TLBIALL */
	dsb();
	isb();
	__asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
	sctlr |= 1u;					/* M */
	if (!v7)
		sctlr = (sctlr | (1u << 8) | (1u << 13)) & ~(1u << 9);	/* S, V; not R */
	__asm__ volatile("mcr p15, 0, %0, c1, c0, 0" : : "r"(sctlr) : "memory");
	isb();
	mmu_on = true;
	if (!v7)
		vectors_base = HIGH_VECTORS;
	claim_kernel_ranges();
	pr_info("on (%s short descriptors): page 0 unmapped, text read-only, %d second-level "
		"table%s, vectors at 0x%08lx\n", cpu_name(), l2_used, l2_used == 1 ? "" : "s",
		vectors_base);
}

bool mmu_enabled(void)
{
	return mmu_on;
}

/* FSR says nothing answered: an external abort (on the access itself or
 * on a table walk).  ARMv7 adds FS[4] (bit 10) to the ARMv5 code. */
static bool fsr_external(u32 fsr)
{
	u32 fs = (fsr & 0xf) | (v7 ? (fsr >> 6) & 0x10 : 0);

	switch (fs) {
	case 0x8: case 0xc: case 0xe:
		return true;
	case 0x6: case 0xa:
		return !v7;	/* ARMv5's linefetch aborts */
	case 0x16:
		return v7;	/* asynchronous (imprecise) external abort */
	default:
		return false;
	}
}

const char *mmu_fault_hint(unsigned long far, u32 fsr)
{
	static char hint[64];
	u32 pa, attr;

	if (!mmu_on)
		return NULL;
	if (fsr_external(fsr))
		return "external abort: nothing answered at this address (no device behind the window)";
	if (far < PAGE_SIZE)
		return "NULL pointer dereference";
	for (unsigned int i = 0; i < ARRAY_SIZE(stacks); i++) {
		unsigned long guard = (unsigned long)stacks[i].bottom - PAGE_SIZE;

		if (far >= guard && far < guard + PAGE_SIZE) {
			scnprintf(hint, sizeof(hint), "stack overflow: the guard page under the %s "
				  "stack", stacks[i].name);
			return hint;
		}
	}
	attr = attr_at((u32)far, &pa);
	if (!attr)
		return "address not mapped (not RAM, not an ioremap()ed window)";
	if (far >= (unsigned long)_text && far < (unsigned long)_sdata)
		return "the kernel's text and rodata are read-only";
	if (far >= (unsigned long)__kallsyms_start && far < (unsigned long)__kallsyms_end)
		return "the kernel's symbol table (kallsyms) is read-only";
	if ((!v7 && in_object((u32)far, (void *)HIGH_VECTORS, PAGE_SIZE)) ||
	    (!v7 && in_object((u32)far, vector_page, PAGE_SIZE)))
		return "the exception vectors are read-only (arch/arm/mmu.c owns them)";
	if (in_object((u32)far, pgd, sizeof(pgd)) || in_object((u32)far, l2_pool, sizeof(l2_pool)))
		return "the page tables are read-only (arch/arm/mmu.c owns them)";
	if (!(attr & A_WRITE))
		return "read-only memory (a module's text)";
	/* A data abort on mapped, writable memory is no permission fault:
	 * say nothing rather than blame XN, which only stops execution. */
	return NULL;
}

/* --- the layout, for `mem` --------------------------------------------------- */

static void print_run(u32 start, u64 end, u32 attr, u32 pa)
{
	char sz[24];

	printf("  0x%08x-0x%08x %10s  %c%c%c  %s", start, (u32)(end - 1),
	       mem_size_str(sz, sizeof(sz), end - start), attr & A_READ ? 'r' : '-',
	       attr & A_WRITE ? 'w' : '-', attr & A_EXEC ? 'x' : '-',
	       attr & A_DEVICE ? "device" : "memory");
	if (pa != start)
		printf(" -> 0x%08x", pa);
	printf("\n");
}

void mmu_show_layout(void)
{
	u32 run_start = 0, run_attr = 0, run_pa = 0, pa = 0;
	bool in_run = false;

	if (!mmu_on) {
		printf("MMU: off\n");
		return;
	}
	printf("MMU: on, %s short descriptors, %d of %d second-level tables, vectors at "
	       "0x%08lx (unlisted: unmapped)\n", cpu_name(), l2_used, L2_TABLES, vectors_base);
	for (u64 va = 0; va < (1ull << 32); va += PAGE_SIZE) {
		u32 attr = attr_at((u32)va, &pa);
		bool cont = in_run && attr == run_attr && pa == run_pa + ((u32)va - run_start);

		if (in_run && !cont) {
			print_run(run_start, va, run_attr, run_pa);
			in_run = false;
		}
		if (attr && !in_run) {
			in_run = true;
			run_start = (u32)va;
			run_attr = attr;
			run_pa = pa;
		}
		/* Skip unmapped MiBs and sections in one step (a section's
		 * pages share attributes and run on in pa). */
		if (!(va & (SECTION_SIZE - 1)) && (!pgd[va >> 20] || is_section(pgd[va >> 20])))
			va += SECTION_SIZE - PAGE_SIZE;
	}
	if (in_run)
		print_run(run_start, (1ull << 32), run_attr, run_pa);
}
