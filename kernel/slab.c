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
 * The free-list link sits where a use after free writes first (the
 * payload's first word), so it has a check word of its own, as Linux's
 * hardened free list has: the link XOR the block's address XOR a magic.
 * Every walk checks it, and that the link leads up the address space to a
 * sound free block, before following it: a write after free, a wild
 * pointer or a link to itself is reported (and counted) and the list is
 * rebuilt from the block headers, which tile each range.  The allocator
 * never follows a pointer it has not checked, so it neither faults nor
 * loops on its own metadata.
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
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/memory.h>
#include <linux/spinlock.h>

#define HEAP_ALIGN	8
#define MAGIC_USED	0xa110c8edu
#define MAGIC_FREE	0xf4eeb10cu
#define MAGIC_DEBUG	0xdeb0c8edu	/* used, with red zone and owner record */
#define MAGIC_LINK	0x11a4c0deu	/* a free block's link check word */
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

/* The start of a free block's payload: its link and the link's check. */
struct hlink {
	struct hblk *next;
	u32 check;	/* next ^ the block's address ^ MAGIC_LINK */
};

#define HDR		sizeof(struct hblk)
#define OWNER		sizeof(struct howner)
/* A free block's header and link: past them, poison covers the payload. */
#define FREE_LINK	(HDR + ALIGN(sizeof(struct hlink), HEAP_ALIGN))
#define MIN_BLOCK	FREE_LINK		/* room for the link */

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

/* Every walk and change of the heap's blocks and counters, on any CPU. */
static DEFINE_SPINLOCK(heap_lock);
static struct heap_region regions[MEM_MAX_REGIONS];
static int nr_regions;
static struct hblk *free_list;
static size_t heap_total, heap_used;
static unsigned int heap_allocs;
static bool debug;
static unsigned int debug_reports;
static struct freed freed[FREED_RING];
static unsigned int freed_next;

static struct hlink *link_of(struct hblk *b)
{
	return (struct hlink *)(void *)(b + 1);
}

static u32 link_check(const struct hblk *b, const struct hblk *next)
{
	return (u32)(uintptr_t)next ^ (u32)(uintptr_t)b ^ MAGIC_LINK;
}

static void set_next(struct hblk *b, struct hblk *next)
{
	link_of(b)->next = next;
	link_of(b)->check = link_check(b, next);
}

/* Make @b follow @prev on the free list (@prev NULL: the list's head). */
static void link_after(struct hblk *prev, struct hblk *b)
{
	if (prev)
		set_next(prev, b);
	else
		free_list = b;
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
	struct hblk *b, *prev, *n;

	if (end <= start || end - start < 4 * MIN_BLOCK || nr_regions >= MEM_MAX_REGIONS)
		return;
	/* Blocks record their size in 32 bits; regions this big are split up. */
	/* Sorted by address, as the free list is: a rebuild walks them in order. */
	{
		int i = nr_regions++;

		for (; i > 0 && regions[i - 1].start > (char *)start; i--)
			regions[i] = regions[i - 1];
		regions[i] = (struct heap_region){ (char *)start, (char *)end, (char *)start };
	}
	b = (struct hblk *)start;
	set_free(b, end - start);
	/* At boot, before anything can have written over a link. */
	for (prev = NULL, n = free_list; n && n < b; prev = n, n = link_of(n)->next)
		;
	set_next(b, n);
	link_after(prev, b);
	heap_total += end - start;
}

static void report(const char *what, const void *p, const void *caller)
{
	debug_reports++;
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

/* ---- the free list's own checks ------------------------------------------ */

/*
 * Rebuild the free list from the headers, region by region, in address
 * order.  A header that is neither used nor free ends its region's walk:
 * the rest of that region is not handed out again (said, and counted).
 */
static void rebuild_free_list(void)
{
	struct hblk *prev = NULL;

	free_list = NULL;
	for (int i = 0; i < nr_regions; i++) {
		char *p = regions[i].start;

		while (p < regions[i].end) {
			struct hblk *b = (struct hblk *)p;

			if (block_ok(b, MAGIC_FREE)) {
				link_after(prev, b);
				prev = b;
			} else if (!block_ok(b, MAGIC_USED) && !block_ok(b, MAGIC_DEBUG)) {
				debug_reports++;
				pr_err("corrupted block header at %p (size 0x%x, check 0x%x): the %u bytes from there to the end of its range are not used again\n",
				       b, b->size, b->check, (unsigned int)(regions[i].end - p));
				break;
			}
			p += b->size;
		}
	}
	if (prev)
		set_next(prev, NULL);
	pr_err("free list rebuilt from the block headers\n");
}

/* The list's head, checked; false (reported unless @who is NULL) if bad. */
static bool head_ok(const char *who, const void *caller)
{
	struct hblk *b = free_list;

	if (!b || block_ok(b, MAGIC_FREE))
		return true;
	if (who) {
		debug_reports++;
		pr_err("free block at %p is corrupted (the list's head; size 0x%x, check 0x%x); found by %s from %pS\n",
		       b, region_of(b) ? b->size : 0, region_of(b) ? b->check : 0, who, caller);
	}
	return false;
}

/*
 * The free block after @b (NULL: the end of the list) in *@next, checked
 * before anything reads it: the link's check word must match, and the
 * link must lead up the address space (no loop) to a sound free block.
 * Return: false when it does not, reported and counted as found by @who
 * (from @caller); quietly when @who is NULL.
 */
static bool next_free(struct hblk *b, struct hblk **next, const char *who, const void *caller)
{
	struct hlink *l = link_of(b);
	struct hblk *n = l->next;
	const struct freed *f;

	if (l->check == link_check(b, n)) {
		if (!n || ((char *)n > (char *)b && !((uintptr_t)n & (HEAP_ALIGN - 1)) &&
			   block_ok(n, MAGIC_FREE))) {
			*next = n;
			return true;
		}
		if (!who)
			return false;
		debug_reports++;
		if ((char *)n <= (char *)b)
			pr_err("free block at %p is corrupted (its link leads back to %p); found by %s from %pS\n",
			       b, n, who, caller);
		else if (!region_of(n))
			pr_err("free block at %p is corrupted (its link leads to %p, outside the heap); found by %s from %pS\n",
			       b, n, who, caller);
		else
			pr_err("free block at %p is corrupted (size 0x%x, check 0x%x); found by %s from %pS\n",
			       n, n->size, n->check, who, caller);
		return false;
	}
	if (!who)
		return false;
	debug_reports++;
	f = debug ? freed_holding((const char *)l) : NULL;
	if (f)
		pr_err("use after free: the free-list link at %p overwritten (0x%08lx) after kfree, in a %u-byte block allocated by %pS, freed by %pS; found by %s from %pS\n",
		       l, (unsigned long)(uintptr_t)n, f->size, f->owner, f->freer, who, caller);
	else
		pr_err("use after free: the free-list link at %p overwritten (0x%08lx) after kfree, in a free block of %u bytes; found by %s from %pS\n",
		       l, (unsigned long)(uintptr_t)n, (unsigned int)(b->size - HDR), who, caller);
	return false;
}

/*
 * First fit for @need bytes: the block in *@fit (NULL: none fits), the one
 * before it in *@prev and the one after it in *@next.  Return: 0, or
 * -EFAULT when a link on the way is damaged (reported).
 */
static int find_fit(size_t need, struct hblk **prev, struct hblk **fit, struct hblk **next,
		    const void *caller)
{
	struct hblk *p = NULL, *b = free_list, *n = NULL;

	if (!head_ok("kmalloc", caller))
		return -EFAULT;
	for (; b; p = b, b = n) {
		if (!next_free(b, &n, "kmalloc", caller))
			return -EFAULT;
		if (b->size >= need)
			break;
	}
	*prev = p;
	*fit = b;
	*next = b ? n : NULL;
	return 0;
}

/*
 * Where block @b goes back on the list: the free block before it in
 * *@prev, the one after it in *@next, and that one's successor in
 * *@after (for a merge).  Return: 0, or -EFAULT as find_fit().
 */
static int find_place(struct hblk *b, struct hblk **prev, struct hblk **next,
		      struct hblk **after, const void *caller)
{
	struct hblk *p = NULL, *n = free_list, *a = NULL;

	if (!head_ok("kfree", caller))
		return -EFAULT;
	for (; n; p = n, n = a) {
		if (!next_free(n, &a, "kfree", caller))
			return -EFAULT;
		if (n > b)
			break;
	}
	*prev = p;
	*next = n;
	*after = n ? a : NULL;
	return 0;
}

/* ---- allocation ---------------------------------------------------------- */

static void *alloc(size_t size, const void *caller)
{
	struct hblk *prev, *b, *next;
	unsigned long irqflags;
	size_t need;
	int tries = 0;

	if (size > 0x7fffffff)
		return NULL;
	need = ALIGN(size + HDR + (debug ? RED_MIN + OWNER : 0), HEAP_ALIGN);
	if (need < MIN_BLOCK)
		need = MIN_BLOCK;

	spin_lock_irqsave(&heap_lock, irqflags);
	while (find_fit(need, &prev, &b, &next, caller)) {
		if (tries++) {
			spin_unlock_irqrestore(&heap_lock, irqflags);
			pr_err("the free list stays damaged after a rebuild: allocation of %zu bytes refused\n",
			       size);
			return NULL;
		}
		rebuild_free_list();
	}
	if (!b) {
		spin_unlock_irqrestore(&heap_lock, irqflags);
		pr_warn("out of memory: no free block of %zu bytes\n", size);
		return NULL;
	}
	if (b->size - need >= MIN_BLOCK) {
		struct hblk *rest = (struct hblk *)((char *)b + need);

		set_free(rest, b->size - need);
		set_next(rest, next);
		link_after(prev, rest);
	} else {
		need = b->size;
		link_after(prev, next);
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
	spin_unlock_irqrestore(&heap_lock, irqflags);
	return b + 1;
}

void *kmalloc(size_t size, gfp_t flags)
{
	(void)flags;
	return alloc(size, __builtin_return_address(0));
}
EXPORT_SYMBOL(kmalloc);

void *kzalloc(size_t size, gfp_t flags)
{
	void *p = alloc(size, __builtin_return_address(0));

	(void)flags;
	if (p)
		memset(p, 0, size);
	return p;
}
EXPORT_SYMBOL(kzalloc);

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
EXPORT_SYMBOL(kcalloc);

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
EXPORT_SYMBOL(kstrdup);

/* Debug mode: a header kfree cannot read may be a block freed before and
 * merged into its neighbour since; the ring of frees can tell. */
static void report_bad_header(const void *p, const void *caller)
{
	const struct freed *f = debug ? freed_holding(p) : NULL;
	char why[96];

	if (f && f->start == p) {
		why_set(why, sizeof(why), "double free (freed before by %pS)", f->freer);
		report(why, p, caller);
		return;
	}
	report("corrupted block header (overrun of the block before it, or not from kmalloc)",
	       p, caller);
}

void kfree(const void *p)
{
	const void *caller = __builtin_return_address(0);
	struct hblk *b, *prev, *next, *after;
	const void *owner = NULL;
	unsigned long irqflags;
	int tries = 0;

	if (!p)
		return;
	b = (struct hblk *)((uintptr_t)p - HDR);
	if (((uintptr_t)p & (HEAP_ALIGN - 1)) || !region_of(b) || !region_of(p)) {
		report("not a heap pointer", p, caller);
		return;
	}
	spin_lock_irqsave(&heap_lock, irqflags);
	if (block_ok(b, MAGIC_FREE)) {
		spin_unlock_irqrestore(&heap_lock, irqflags);
		report("double free", p, caller);
		return;
	}
	if (block_ok(b, MAGIC_DEBUG)) {
		redzone_ok(b, caller, "kfree");
		owner = owner_of(b)->caller;
	} else if (!block_ok(b, MAGIC_USED)) {
		spin_unlock_irqrestore(&heap_lock, irqflags);
		report_bad_header(p, caller);
		return;
	}
	/* The list is walked while @b is still a used block: a rebuild
	 * after a damaged link leaves it out. */
	while (find_place(b, &prev, &next, &after, caller)) {
		if (tries++) {
			spin_unlock_irqrestore(&heap_lock, irqflags);
			pr_err("the free list stays damaged after a rebuild: kfree(%p) from %pS leaves the block used\n",
			       p, caller);
			return;
		}
		rebuild_free_list();
	}
	heap_used -= b->size;
	heap_allocs--;
	if (debug)
		remember_free(b, owner, caller);
	memset(b + 1, POISON_FREE, b->size - HDR);
	set_free(b, b->size);
	set_next(b, next);
	link_after(prev, b);
	/*
	 * Merge with the next block, then with the previous, within one
	 * region.  In debug mode the header and link that go inside are
	 * poisoned too, so the merged block is 0x6b all through.
	 */
	if (next && (char *)b + b->size == (char *)next && !is_region_start(next)) {
		set_free(b, b->size + next->size);
		set_next(b, after);
		if (debug)
			memset(next, POISON_FREE, FREE_LINK);
	}
	if (prev && (char *)prev + prev->size == (char *)b && !is_region_start(b)) {
		set_free(prev, prev->size + b->size);
		set_next(prev, link_of(b)->next);
		if (debug)
			memset(b, POISON_FREE, FREE_LINK);
	}
	spin_unlock_irqrestore(&heap_lock, irqflags);
}
EXPORT_SYMBOL(kfree);

void kmem_get_stats(struct heap_stats *st)
{
	unsigned long irqflags;

	memset(st, 0, sizeof(*st));
	spin_lock_irqsave(&heap_lock, irqflags);
	st->total = heap_total;
	st->used = heap_used;
	st->free = heap_total - heap_used;
	st->allocs = heap_allocs;
	st->regions = nr_regions;
	/* Quietly: a damaged list ends the count, kmem_check() reports it. */
	for (struct hblk *b = head_ok(NULL, NULL) ? free_list : NULL, *n; b; b = n) {
		st->free_blocks++;
		if (b->size - HDR > st->largest_free)
			st->largest_free = b->size - HDR;
		if (!next_free(b, &n, NULL, NULL))
			break;
	}
	spin_unlock_irqrestore(&heap_lock, irqflags);
}

/*
 * Every header, red zone and free-list link, in address order.  A damaged
 * link is reported (and counted) once: the list is rebuilt right away.  A
 * damaged header is reported each time (nothing can repair it).
 */
int kmem_check(void)
{
	static const struct hblk *last_bad;
	const void *caller = __builtin_return_address(0);
	unsigned long irqflags;
	bool relink = false;
	int ret = 0;

	spin_lock_irqsave(&heap_lock, irqflags);
	for (int i = 0; i < nr_regions && !ret; i++) {
		char *p = regions[i].start;

		while (p < regions[i].end) {
			struct hblk *b = (struct hblk *)p, *n;

			if (block_ok(b, MAGIC_DEBUG)) {
				if (!redzone_ok(b, caller, "kmem_check")) {
					ret = -EFAULT;
					break;
				}
			} else if (block_ok(b, MAGIC_FREE)) {
				if (!next_free(b, &n, "kmem_check", caller))
					relink = true;
			} else if (!block_ok(b, MAGIC_USED)) {
				if (b != last_bad)
					debug_reports++;	/* once for each header */
				last_bad = b;
				pr_err("corrupted block header at %p (size 0x%x, check 0x%x)\n", b,
				       b->size, b->check);
				ret = -EFAULT;
				break;
			}
			p += b->size;
		}
	}
	if (!relink && !head_ok("kmem_check", caller))
		relink = true;
	if (relink) {
		rebuild_free_list();
		ret = -EFAULT;
	}
	spin_unlock_irqrestore(&heap_lock, irqflags);
	return ret;
}
