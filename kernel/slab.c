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
 *
 * Debug mode (`slub_debug` in the bootargs, as Linux's, set before the
 * first allocation) catches what the headers cannot see:
 *
 *   - a use after free: kfree fills the payload with 0x6b and kmalloc,
 *     before handing memory out again, checks that it still holds 0x6b;
 *     a write since then is reported with who allocated and who freed the
 *     block (a ring of the last FREED_RING frees remembers them);
 *   - an overflow: each block gets a red zone of 0xcc after the bytes
 *     asked for, then an owner record (size asked, caller of kmalloc);
 *     kfree checks the red zone and names the allocation that overran.
 *
 * Such blocks carry their own check word (MAGIC_DEBUG), so kfree knows
 * which layout a block has.  Memory no debug-mode allocation has reached
 * yet (above a region's high-water mark) was never poisoned and is not
 * checked.
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
#define MAGIC_DEBUG	0xdeb0c8edu	/* used, with red zone and owner record */
#define POISON_FREE	0x6b		/* Linux's value: use-after-free reads 0x6b6b6b6b */
#define RED_ACTIVE	0xcc		/* Linux's red zone of a live object */
#define RED_MIN		8		/* bytes of red zone at least */
#define FREED_RING	64		/* frees remembered for the reports */

struct hblk {
	u32 size;	/* whole block, header included; multiple of 8 */
	u32 check;	/* size ^ MAGIC_USED or size ^ MAGIC_FREE */
};

/* The last bytes of a debug-mode block. */
struct howner {
	u32 req;		/* bytes asked for: the red zone follows them */
	const void *caller;	/* who called kmalloc (or kzalloc, kstrdup...) */
};

#define HDR		sizeof(struct hblk)
#define MIN_BLOCK	(HDR + HEAP_ALIGN)	/* room for the free-list pointer */
#define OWNER		sizeof(struct howner)
/* A free block's payload past its free-list pointer: what poison covers. */
#define FREE_LINK	(HDR + sizeof(struct hblk *))

struct heap_region {
	char *start, *end;
	char *seen;	/* debug mode: every byte below was handed out once */
};

/* A recent kfree, to say whose block a use after free wrote into. */
struct freed {
	const char *start;	/* payload */
	u32 size;		/* payload bytes */
	const void *owner, *freer;
};

static struct heap_region regions[MEM_MAX_REGIONS];
static int nr_regions;
static struct hblk *free_list;
static size_t heap_total, heap_used;
static unsigned int heap_allocs;
static bool debug;
static unsigned int debug_reports;
static struct freed freed[FREED_RING];
static unsigned int freed_next;

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
	regions[nr_regions++] = (struct heap_region){ (char *)start, (char *)end, (char *)start };
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

/* ---- debug mode ---------------------------------------------------------- */

/**
 * kmem_debug_enable() - poison, red zones and owner records from now on
 * Return: 0, or -EBUSY when blocks are allocated already (their layout and
 * the memory freed before cannot be checked).
 */
int kmem_debug_enable(void)
{
	if (heap_allocs)
		return -EBUSY;
	for (int i = 0; i < nr_regions; i++)
		regions[i].seen = regions[i].start;
	debug = true;
	return 0;
}

bool kmem_debug_enabled(void)
{
	return debug;
}

unsigned int kmem_debug_reports(void)
{
	return debug_reports;
}

static struct howner *owner_of(struct hblk *b)
{
	return (struct howner *)(void *)((char *)b + b->size - OWNER);
}

/* The newest remembered free whose block holds @p, or NULL. */
static const struct freed *freed_holding(const char *p)
{
	for (unsigned int i = 1; i <= FREED_RING; i++) {
		const struct freed *f = &freed[(freed_next - i) % FREED_RING];

		if (f->start && p >= f->start && p < f->start + f->size)
			return f;
	}
	return NULL;
}

static void remember_free(struct hblk *b, const void *owner, const void *freer)
{
	freed[freed_next++ % FREED_RING] = (struct freed){ (const char *)(b + 1),
		b->size - HDR, owner, freer };
}

/* Handed out again: what the ring says of that memory is history now. */
static void forget_frees(const char *start, const char *end)
{
	for (unsigned int i = 0; i < FREED_RING; i++)
		if (freed[i].start && freed[i].start < end &&
		    freed[i].start + freed[i].size > start)
			freed[i].start = NULL;
}

/* Before @b (@need bytes) goes out again: is the poison kfree left intact? */
static void check_poison(struct hblk *b, size_t need, size_t size, const void *caller)
{
	struct heap_region *r = (struct heap_region *)region_of(b);
	char *lo = (char *)b + FREE_LINK, *hi = (char *)b + need, *bad = NULL;
	const struct freed *f;
	unsigned int n = 0;

	for (char *p = lo; p < hi && p < r->seen; p++) {
		if ((u8)*p == POISON_FREE)
			continue;
		if (!bad)
			bad = p;
		n++;
	}
	if (hi > r->seen)
		r->seen = hi;
	if (bad) {
		debug_reports++;
		f = freed_holding(bad);
		if (f)
			pr_err("use after free: %u byte%s written after kfree, first at %p (0x%02x), in a %u-byte block allocated by %pS, freed by %pS; found by kmalloc(%zu) from %pS\n",
			       n, n == 1 ? "" : "s", bad, (u8)*bad, f->size, f->owner, f->freer,
			       size, caller);
		else
			pr_err("use after free: %u byte%s written after kfree, first at %p (0x%02x), freed before the last %d kfree()s; found by kmalloc(%zu) from %pS\n",
			       n, n == 1 ? "" : "s", bad, (u8)*bad, FREED_RING, size, caller);
	}
	forget_frees((char *)b, hi);
}

/* The owner record and red zone of a debug-mode block @b being given back. */
static bool redzone_ok(struct hblk *b, const void *caller, const char *why)
{
	struct howner *o = owner_of(b);
	u32 room = b->size - HDR - OWNER;
	const u8 *p = (const u8 *)(b + 1), *bad = NULL;
	unsigned int n = 0;

	if (o->req > room - RED_MIN) {
		debug_reports++;
		pr_err("%s(%p) from %pS: owner record overwritten (an overflow past the red zone of a %u-byte block)\n",
		       why, b + 1, caller, room);
		return false;
	}
	for (const u8 *q = p + o->req; q < (const u8 *)o; q++) {
		if (*q == RED_ACTIVE)
			continue;
		if (!bad)
			bad = q;
		n++;
	}
	if (!bad)
		return true;
	debug_reports++;
	pr_err("%s(%p) from %pS: %u byte%s written past the end of %u bytes allocated by %pS (first at +%u: 0x%02x)\n",
	       why, b + 1, caller, n, n == 1 ? "" : "s", o->req, o->caller,
	       (unsigned int)(bad - p), *bad);
	return false;
}

/* ---- allocation ---------------------------------------------------------- */

static void *alloc(size_t size, const void *caller)
{
	struct hblk **pp, *b;
	unsigned long irqflags;
	size_t need;

	if (size > 0x7fffffff)
		return NULL;
	need = ALIGN(size + HDR + (debug ? RED_MIN + OWNER : 0), HEAP_ALIGN);
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
	if (debug) {
		check_poison(b, need, size, caller);
		b->size = need;
		b->check = need ^ MAGIC_DEBUG;
		*owner_of(b) = (struct howner){ (u32)size, caller };
		memset((char *)(b + 1) + size, RED_ACTIVE, need - HDR - OWNER - size);
	} else {
		set_used(b, need);
	}
	heap_used += need;
	heap_allocs++;
	local_irq_restore(irqflags);
	return b + 1;
}

void *kmalloc(size_t size, gfp_t flags)
{
	(void)flags;
	return alloc(size, __builtin_return_address(0));
}

void *kzalloc(size_t size, gfp_t flags)
{
	void *p = alloc(size, __builtin_return_address(0));

	(void)flags;
	if (p)
		memset(p, 0, size);
	return p;
}

void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	void *p;

	(void)flags;
	if (size && n > (size_t)-1 / size)
		return NULL;
	p = alloc(n * size, __builtin_return_address(0));
	if (p)
		memset(p, 0, n * size);
	return p;
}

char *kstrdup(const char *s, gfp_t flags)
{
	size_t len;
	char *p;

	if (!s)
		return NULL;
	(void)flags;
	len = strlen(s) + 1;
	p = alloc(len, __builtin_return_address(0));
	if (p)
		memcpy(p, s, len);
	return p;
}

/* Debug mode: a header kfree cannot read may be a block freed before and
 * merged into its neighbour since; the ring of frees can tell. */
static void report_bad_header(const void *p, const void *caller)
{
	const struct freed *f = debug ? freed_holding(p) : NULL;
	char why[96];

	if (f && f->start == p) {
		debug_reports++;
		snprintf(why, sizeof(why), "double free (freed before by %pS)", f->freer);
		report(why, p, caller);
		return;
	}
	report("corrupted block header (overrun of the block before it, or not from kmalloc)",
	       p, caller);
}

void kfree(const void *p)
{
	const void *caller = __builtin_return_address(0);
	struct hblk *b, **pp, *prev = NULL;
	const void *owner = NULL;
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
	if (block_ok(b, MAGIC_DEBUG)) {
		redzone_ok(b, caller, "kfree");
		owner = owner_of(b)->caller;
	} else if (!block_ok(b, MAGIC_USED)) {
		local_irq_restore(irqflags);
		report_bad_header(p, caller);
		return;
	}
	heap_used -= b->size;
	heap_allocs--;
	if (debug)
		remember_free(b, owner, caller);
	memset(b + 1, POISON_FREE, b->size - HDR);
	set_free(b, b->size);

	for (pp = &free_list; *pp && *pp < b; pp = next_of(*pp))
		prev = *pp;
	*next_of(b) = *pp;
	*pp = b;
	/*
	 * Merge with the next block, then with the previous, within one
	 * region.  In debug mode the header that goes inside is poisoned too,
	 * so the merged block is 0x6b all through.
	 */
	if (*next_of(b) && (char *)b + b->size == (char *)*next_of(b) &&
	    !is_region_start(*next_of(b))) {
		struct hblk *n = *next_of(b);

		*next_of(b) = *next_of(n);
		set_free(b, b->size + n->size);
		if (debug)
			memset(n, POISON_FREE, FREE_LINK);
	}
	if (prev && (char *)prev + prev->size == (char *)b && !is_region_start(b)) {
		*next_of(prev) = *next_of(b);
		set_free(prev, prev->size + b->size);
		if (debug)
			memset(b, POISON_FREE, FREE_LINK);
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

			if (block_ok(b, MAGIC_DEBUG)) {
				if (!redzone_ok(b, __builtin_return_address(0), "kmem_check"))
					return -EFAULT;
			} else if (!block_ok(b, MAGIC_USED) && !block_ok(b, MAGIC_FREE)) {
				pr_err("corrupted block header at %p (size 0x%x, check 0x%x)\n", b,
				       b->size, b->check);
				return -EFAULT;
			}
			p += b->size;
		}
	}
	return 0;
}
