// SPDX-License-Identifier: BSD-2-Clause
/*
 * Claims on the physical address space and the policy half of ioremap()
 * (where Linux keeps them).  See include/linux/ioport.h.
 *
 * A window is refused when it overlaps another claim (two drivers on one
 * set of registers), a system range (RAM, the kernel image, the blob, the
 * initrd: a mistake in the tree must not turn a driver's register writes
 * into writes over the kernel) or wraps past 4 GiB.
 */
#define pr_fmt(fmt) "iomem: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/io.h>

#define MAX_SYSTEM_RANGES	32
#define ADDR_SPACE_END		(1ull << 32)

static struct resource system_ranges[MAX_SYSTEM_RANGES];
static int nr_system;

/* Claims, sorted by start: request_mem_region()'s are kmalloc'd with the
 * name after them (allocated), managed ones live in their devres. */
struct claim {
	struct resource res;
	struct claim *next;
	bool allocated;
};
static struct claim *claims;

static const struct resource beyond_4g = {
	.start = ADDR_SPACE_END, .end = ~0ull, .name = "beyond 4 GiB",
};

int iomem_add_system(phys_addr_t start, phys_addr_t size, unsigned long flags, const char *what)
{
	if (!size || start + size < start || start + size > ADDR_SPACE_END)
		return -ERANGE;
	if (nr_system == MAX_SYSTEM_RANGES)
		return -ENOSPC;
	system_ranges[nr_system++] = (struct resource){
		.start = start, .end = start + size - 1, .name = what,
		.flags = IORESOURCE_MEM | IORESOURCE_BUSY | IORESOURCE_SYSTEM | flags,
	};
	return 0;
}

static bool overlaps(const struct resource *r, phys_addr_t start, phys_addr_t end)
{
	return r->start <= end && start <= r->end;
}

/* Reserved ranges are more telling than the RAM around them, and the
 * smallest the most (the page tables, not the kernel image holding them). */
static const struct resource *system_conflict(phys_addr_t start, phys_addr_t end)
{
	const struct resource *ram = NULL, *best = NULL;

	for (int i = 0; i < nr_system; i++) {
		const struct resource *r = &system_ranges[i];

		if (!overlaps(r, start, end))
			continue;
		if (r->flags & IORESOURCE_SYSTEM_RAM)
			ram = r;
		else if (!best || r->end - r->start < best->end - best->start)
			best = r;
	}
	return best ? best : ram;
}

const struct resource *iomem_find_conflict(phys_addr_t start, phys_addr_t size)
{
	phys_addr_t end = start + size - 1;
	const struct resource *r;

	if (!size || end < start || end >= ADDR_SPACE_END)
		return &beyond_4g;
	r = system_conflict(start, end);
	if (r)
		return r;
	for (struct claim *c = claims; c; c = c->next)
		if (overlaps(&c->res, start, end))
			return &c->res;
	return NULL;
}

/* Put @c, filled in, on the sorted list; NULL when it conflicts. */
static struct resource *insert_claim(struct claim *c, resource_size_t start, resource_size_t n,
				     const char *name)
{
	struct claim **pos;

	if (iomem_find_conflict(start, n))
		return NULL;
	c->res = (struct resource){
		.start = start, .end = start + n - 1, .name = name,
		.flags = IORESOURCE_MEM | IORESOURCE_BUSY,
	};
	for (pos = &claims; *pos && (*pos)->res.start < start; pos = &(*pos)->next)
		;
	c->next = *pos;
	c->allocated = false;
	*pos = c;
	return &c->res;
}

static bool remove_claim(struct claim *c)
{
	for (struct claim **pos = &claims; *pos; pos = &(*pos)->next) {
		if (*pos == c) {
			*pos = c->next;
			return true;
		}
	}
	return false;
}

struct resource *request_mem_region(resource_size_t start, resource_size_t n, const char *name)
{
	struct claim *c;
	size_t len;

	name = name ? name : "?";
	len = strlen(name) + 1;
	c = kmalloc(sizeof(*c) + len, GFP_KERNEL);
	if (!c)
		return NULL;
	memcpy(c + 1, name, len);
	if (!insert_claim(c, start, n, (const char *)(c + 1))) {
		kfree(c);
		return NULL;
	}
	c->allocated = true;
	return &c->res;
}
EXPORT_SYMBOL(request_mem_region);

void release_mem_region(resource_size_t start, resource_size_t n)
{
	for (struct claim *c = claims; c; c = c->next) {
		if (c->res.start == start && c->res.end == start + n - 1) {
			remove_claim(c);
			if (c->allocated)
				kfree(c);
			return;
		}
	}
	pr_warn("release of [mem 0x%08llx-0x%08llx], which is not claimed\n", start,
		start + n - 1);
}
EXPORT_SYMBOL(release_mem_region);

/*
 * A managed claim lives in its devres (one allocation, no name copy: the
 * device outlives it); for devm_ioremap_resource() it holds the mapping.
 */
struct region_devres {
	struct claim claim;
	void __iomem *base;
};

static void region_release(struct device *dev, void *res)
{
	struct region_devres *r = res;

	if (r->base)
		iounmap(r->base);
	remove_claim(&r->claim);
}

static struct region_devres *devm_claim(struct device *dev, resource_size_t start,
					resource_size_t n, const char *name)
{
	struct region_devres *r = devres_alloc(region_release, sizeof(*r), GFP_KERNEL);

	if (!r)
		return NULL;
	if (!insert_claim(&r->claim, start, n, name ? name : dev_name(dev))) {
		devres_free(r);
		return NULL;
	}
	devres_add(dev, r);
	return r;
}

struct resource *devm_request_mem_region(struct device *dev, resource_size_t start,
					 resource_size_t n, const char *name)
{
	struct region_devres *r = devm_claim(dev, start, n, name);

	return r ? &r->claim.res : NULL;
}
EXPORT_SYMBOL(devm_request_mem_region);

void __iomem *devm_ioremap_resource(struct device *dev, const struct resource *res)
{
	const struct resource *other;
	struct region_devres *r;
	char path[128];

	if (!res || !(res->flags & IORESOURCE_MEM)) {
		dev_err(dev, "no memory resource to map\n");
		return ERR_PTR(-EINVAL);
	}
	other = iomem_find_conflict(res->start, resource_size(res));
	dev_node_path(dev, path, sizeof(path));
	if (!resource_size(res)) {
		dev_err(dev, "%s: window at 0x%08llx is empty (size 0): refused (EINVAL)\n", path,
			res->start);
		return ERR_PTR(-EINVAL);
	}
	if (other == &beyond_4g) {
		dev_err(dev, "%s: window [mem 0x%08llx-0x%08llx] wraps or lies beyond 4 GiB: "
			"refused (EBUSY)\n", path, res->start, res->end);
		return ERR_PTR(-EBUSY);
	}
	if (other) {
		dev_err(dev, "%s: window [mem 0x%08llx-0x%08llx] overlaps %s%s "
			"[mem 0x%08llx-0x%08llx]: refused (EBUSY)\n", path, res->start, res->end,
			other->flags & IORESOURCE_SYSTEM_RAM ? "RAM " : "", other->name,
			other->start, other->end);
		return ERR_PTR(-EBUSY);
	}
	r = devm_claim(dev, res->start, resource_size(res), NULL);
	if (!r)
		return ERR_PTR(-ENOMEM);
	r->base = ioremap(res->start, resource_size(res));
	if (!r->base) {
		u64 kib = (resource_size(res) + 1023) / 1024;

		dev_err(dev, "%s: window [mem 0x%08llx-0x%08llx] (%llu %s) cannot be mapped: "
			"refused (ENOMEM)\n", path, res->start, res->end,
			kib >= 1024 ? (kib + 1023) / 1024 : kib, kib >= 1024 ? "MiB" : "KiB");
		return ERR_PTR(-ENOMEM);
	}
	return r->base;
}
EXPORT_SYMBOL(devm_ioremap_resource);

void __iomem *ioremap(phys_addr_t phys, size_t size)
{
	const struct resource *sys;

	if (!size || phys + size < phys || phys + size > ADDR_SPACE_END)
		return NULL;
	sys = system_conflict(phys, phys + size - 1);
	if (sys) {
		pr_err("ioremap of [mem 0x%08llx-0x%08llx] refused: it overlaps %s%s "
		       "[mem 0x%08llx-0x%08llx]\n", phys, phys + size - 1,
		       sys->flags & IORESOURCE_SYSTEM_RAM ? "RAM " : "", sys->name, sys->start,
		       sys->end);
		return NULL;
	}
	return arch_ioremap(phys, size);
}
EXPORT_SYMBOL(ioremap);

void iomem_for_each(void (*fn)(const struct resource *res, void *data), void *data)
{
	for (struct claim *c = claims; c; c = c->next)
		fn(&c->res, data);
	for (int i = 0; i < nr_system; i++)
		fn(&system_ranges[i], data);
}

void iomem_reset(void)
{
	while (claims) {
		struct claim *c = claims;

		claims = c->next;
		if (c->allocated)
			kfree(c);	/* managed ones belong to their devices */
	}
	nr_system = 0;
}
