// SPDX-License-Identifier: BSD-2-Clause
/*
 * The kernel heap: kmalloc/kfree over the free RAM ranges the boot found.
 *
 * Each range is tiled by blocks: an 8-byte header (size, check word) and
 * the payload, 8-byte aligned.  Free blocks are on one address-sorted list
 * (the next pointer lives in the payload); kmalloc takes the first that
 * fits and splits it, kfree puts the block back and merges it with free
 * neighbours.  The check word is the size XOR a magic for "used" or
 * "free", so kfree can tell a double free from a pointer that was never
 * allocated or a header that something overwrote, and says which.
 */
#define pr_fmt(fmt) "heap: " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/memory.h>
#include <asm/irqflags.h>

#define HEAP_ALIGN	8
#define MAGIC_USED	0xa110c8edu
#define MAGIC_FREE	0xf4eeb10cu
#define POISON_FREE	0x6b		/* Linux's value: use-after-free reads 0x6b6b6b6b */

struct hblk {
	u32 size;	/* whole block, header included; multiple of 8 */
	u32 check;	/* size ^ MAGIC_USED or size ^ MAGIC_FREE */
};

#define HDR		sizeof(struct hblk)
#define MIN_BLOCK	(HDR + HEAP_ALIGN)	/* room for the free-list pointer */

struct heap_region {
	char *start, *end;
};

static struct heap_region regions[MEM_MAX_REGIONS];
static int nr_regions;
static struct hblk *free_list;
static size_t heap_total, heap_used;
static unsigned int heap_allocs;

static struct hblk **next_of(struct hblk *b)
{
	return (struct hblk **)(void *)(b + 1);
}

static void set_free(struct hblk *b, u32 size)
{
	b->size = size;
	b->check = size ^ MAGIC_FREE;
}

static void set_used(struct hblk *b, u32 size)
{
	b->size = size;
	b->check = size ^ MAGIC_USED;
}

static const struct heap_region *region_of(const void *p)
{
	for (int i = 0; i < nr_regions; i++)
		if ((const char *)p >= regions[i].start && (const char *)p < regions[i].end)
			return &regions[i];
	return NULL;
}

static bool is_region_start(const void *p)
{
	for (int i = 0; i < nr_regions; i++)
		if ((const char *)p == regions[i].start)
			return true;
	return false;
}

/* A header is sound when its check word matches and it stays in its region. */
static bool block_ok(const struct hblk *b, u32 magic)
{
	const struct heap_region *r = region_of(b);

	return r && b->check == (b->size ^ magic) && b->size >= MIN_BLOCK &&
	       !(b->size & (HEAP_ALIGN - 1)) && b->size <= (size_t)(r->end - (const char *)b);
}

void kmem_add_region(phys_addr_t base, phys_addr_t size)
{
	uintptr_t start = ALIGN((uintptr_t)base, HEAP_ALIGN);
	uintptr_t end = (uintptr_t)(base + size) & ~(uintptr_t)(HEAP_ALIGN - 1);
	struct hblk *b, **pp;

	if (end <= start || end - start < 4 * MIN_BLOCK || nr_regions >= MEM_MAX_REGIONS)
		return;
	/* Blocks record their size in 32 bits; regions this big are split up. */
	regions[nr_regions++] = (struct heap_region){ (char *)start, (char *)end };
	b = (struct hblk *)start;
	set_free(b, end - start);
	for (pp = &free_list; *pp && *pp < b; pp = next_of(*pp))
		;
	*next_of(b) = *pp;
	*pp = b;
	heap_total += end - start;
}

static void report(const char *what, const void *p, const void *caller)
{
	pr_err("kfree(%p) from %pS: %s; block not freed\n", p, caller, what);
}

void *kmalloc(size_t size, gfp_t flags)
{
	struct hblk **pp, *b;
	unsigned long irqflags;
	size_t need;

	(void)flags;
	if (size > 0x7fffffff)
		return NULL;
	need = ALIGN(size + HDR, HEAP_ALIGN);
	if (need < MIN_BLOCK)
		need = MIN_BLOCK;

	local_irq_save(irqflags);
	for (pp = &free_list; (b = *pp); pp = next_of(b)) {
		if (!block_ok(b, MAGIC_FREE)) {
			local_irq_restore(irqflags);
			pr_err("free block at %p is corrupted (size 0x%x, check 0x%x); allocation of %zu bytes refused\n",
			       b, b->size, b->check, size);
			return NULL;
		}
		if (b->size >= need)
			break;
	}
	if (!b) {
		local_irq_restore(irqflags);
		pr_warn("out of memory: no free block of %zu bytes\n", size);
		return NULL;
	}
	if (b->size - need >= MIN_BLOCK) {
		struct hblk *rest = (struct hblk *)((char *)b + need);

		set_free(rest, b->size - need);
		*next_of(rest) = *next_of(b);
		*pp = rest;
	} else {
		need = b->size;
		*pp = *next_of(b);
	}
	set_used(b, need);
	heap_used += need;
	heap_allocs++;
	local_irq_restore(irqflags);
	return b + 1;
}

void *kzalloc(size_t size, gfp_t flags)
{
	void *p = kmalloc(size, flags);

	if (p)
		memset(p, 0, size);
	return p;
}

void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	if (size && n > (size_t)-1 / size)
		return NULL;
	return kzalloc(n * size, flags);
}

char *kstrdup(const char *s, gfp_t flags)
{
	size_t len;
	char *p;

	if (!s)
		return NULL;
	len = strlen(s) + 1;
	p = kmalloc(len, flags);
	if (p)
		memcpy(p, s, len);
	return p;
}

void kfree(const void *p)
{
	const void *caller = __builtin_return_address(0);
	struct hblk *b, **pp, *prev = NULL;
	unsigned long irqflags;

	if (!p)
		return;
	b = (struct hblk *)((uintptr_t)p - HDR);
	if (((uintptr_t)p & (HEAP_ALIGN - 1)) || !region_of(b) || !region_of(p)) {
		report("not a heap pointer", p, caller);
		return;
	}
	local_irq_save(irqflags);
	if (block_ok(b, MAGIC_FREE)) {
		local_irq_restore(irqflags);
		report("double free", p, caller);
		return;
	}
	if (!block_ok(b, MAGIC_USED)) {
		local_irq_restore(irqflags);
		report("corrupted block header (overrun of the block before it, or not from kmalloc)",
		       p, caller);
		return;
	}
	heap_used -= b->size;
	heap_allocs--;
	memset(b + 1, POISON_FREE, b->size - HDR);
	set_free(b, b->size);

	for (pp = &free_list; *pp && *pp < b; pp = next_of(*pp))
		prev = *pp;
	*next_of(b) = *pp;
	*pp = b;
	/* Merge with the next block, then with the previous, within one region. */
	if (*next_of(b) && (char *)b + b->size == (char *)*next_of(b) &&
	    !is_region_start(*next_of(b))) {
		struct hblk *n = *next_of(b);

		*next_of(b) = *next_of(n);
		set_free(b, b->size + n->size);
	}
	if (prev && (char *)prev + prev->size == (char *)b && !is_region_start(b)) {
		*next_of(prev) = *next_of(b);
		set_free(prev, prev->size + b->size);
	}
	local_irq_restore(irqflags);
}

void kmem_get_stats(struct heap_stats *st)
{
	unsigned long irqflags;

	memset(st, 0, sizeof(*st));
	local_irq_save(irqflags);
	st->total = heap_total;
	st->used = heap_used;
	st->free = heap_total - heap_used;
	st->allocs = heap_allocs;
	st->regions = nr_regions;
	for (struct hblk *b = free_list; b; b = *next_of(b)) {
		if (!block_ok(b, MAGIC_FREE))
			break;
		st->free_blocks++;
		if (b->size - HDR > st->largest_free)
			st->largest_free = b->size - HDR;
	}
	local_irq_restore(irqflags);
}

int kmem_check(void)
{
	for (int i = 0; i < nr_regions; i++) {
		char *p = regions[i].start;

		while (p < regions[i].end) {
			struct hblk *b = (struct hblk *)p;

			if (!block_ok(b, MAGIC_USED) && !block_ok(b, MAGIC_FREE)) {
				pr_err("corrupted block header at %p (size 0x%x, check 0x%x)\n", b,
				       b->size, b->check);
				return -EFAULT;
			}
			p += b->size;
		}
	}
	return 0;
}
