// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests of kernel/resource.c: claims never overlap each other
 * or the kernel's own memory, wrapping windows are refused, devm_ claims
 * are given back with the device's other managed resources, and ioremap()
 * returns NULL for anything but device memory.
 */
#include <stdio.h>
#include <string.h>

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/ioport.h>
#include <asm/io.h>

#include "ktap.h"

static int count;

static void count_claims(const struct resource *r, void *data)
{
	if (!(r->flags & IORESOURCE_SYSTEM))
		count++;
}

static int claims(void)
{
	count = 0;
	iomem_for_each(count_claims, NULL);
	return count;
}

static void test_claims(void)
{
	struct resource *a, *b;

	iomem_reset();
	a = request_mem_region(0x10001000, 0x1000, "uart");
	KUNIT_EXPECT_TRUE_MSG(test, a && a->start == 0x10001000 && a->end == 0x10001fff, "a free window is claimed");
	KUNIT_EXPECT_TRUE_MSG(test, !request_mem_region(0x10001800, 0x1000, "other"), "an overlapping window is refused");
	KUNIT_EXPECT_TRUE_MSG(test, !request_mem_region(0x10000000, 0x1001, "other"), "an overlap by one byte is refused");
	b = request_mem_region(0x10000000, 0x1000, "below");
	KUNIT_EXPECT_TRUE_MSG(test, b != NULL, "the window just below is free");
	KUNIT_EXPECT_TRUE_MSG(test, request_mem_region(0x10002000, 0x1000, "above") != NULL, "the window just above is free");
	KUNIT_EXPECT_STREQ_MSG(test, iomem_find_conflict(0x10001ffc, 4)->name, "uart", "the conflict is named");
	KUNIT_EXPECT_TRUE_MSG(test, !request_mem_region(0xfffff000, 0x2000, "wrap"), "a window that wraps is refused");
	KUNIT_EXPECT_TRUE_MSG(test, !request_mem_region(0xfffff000, 0x1001, "wrap"), "a window past 4 GiB is refused");
	KUNIT_EXPECT_TRUE_MSG(test, !request_mem_region(0xfffffffffffff000ull, 0x2000, "wrap64"),
	      "a window whose end wraps the 64-bit arithmetic is refused");
	KUNIT_EXPECT_TRUE_MSG(test, request_mem_region(0xfffff000, 0x1000, "top") != NULL, "the last page is a window");
	KUNIT_EXPECT_TRUE_MSG(test, !request_mem_region(0x20000000, 0, "empty"), "an empty window is refused");
	KUNIT_EXPECT_EQ_MSG(test, claims(), 4, "four claims");
	release_mem_region(0x10001000, 0x1000);
	KUNIT_EXPECT_TRUE_MSG(test, request_mem_region(0x10001800, 0x100, "other") != NULL, "released: free again");
	iomem_reset();
	KUNIT_EXPECT_EQ_MSG(test, claims(), 0, "reset forgets every claim");
}

static void test_system_ranges(void)
{
	const struct resource *r;

	iomem_reset();
	KUNIT_EXPECT_EQ_MSG(test, iomem_add_system(0, 0x08000000, IORESOURCE_SYSTEM_RAM, "memory@0"), 0, "RAM");
	KUNIT_EXPECT_EQ_MSG(test, iomem_add_system(0x10000, 0x40000, 0, "kernel image"), 0, "image");
	KUNIT_EXPECT_EQ_MSG(test, iomem_add_system(0x04000000, 0x4000, 0, "initrd"), 0, "initrd");
	KUNIT_EXPECT_EQ_MSG(test, iomem_add_system(0xfffff000, 0x2000, 0, "wraps"), -ERANGE, "a wrapping range");
	KUNIT_EXPECT_TRUE_MSG(test, !request_mem_region(0x0, 0x1000, "eth"), "a window over RAM is refused");
	r = iomem_find_conflict(0x10100, 4);
	KUNIT_EXPECT_TRUE_MSG(test, r && !strcmp(r->name, "kernel image"), "over the image: the image is named, not RAM");
	r = iomem_find_conflict(0x04001000, 0x1000);
	KUNIT_EXPECT_TRUE_MSG(test, r && !strcmp(r->name, "initrd"), "over the initrd: named");
	r = iomem_find_conflict(0x07fff000, 0x2000);
	KUNIT_EXPECT_TRUE_MSG(test, r && (r->flags & IORESOURCE_SYSTEM_RAM), "straddling RAM's end: RAM");
	KUNIT_EXPECT_TRUE_MSG(test, request_mem_region(0x08000000, 0x1000, "dev") != NULL, "just past RAM is free");
	KUNIT_EXPECT_TRUE_MSG(test, ioremap(0x0, 4) == NULL, "ioremap of RAM: NULL");
	KUNIT_EXPECT_TRUE_MSG(test, ioremap(0x10000, 0x1000) == NULL, "ioremap of the image: NULL");
	KUNIT_EXPECT_TRUE_MSG(test, ioremap(0xfffff000, 0x2000) == NULL, "ioremap that wraps: NULL");
	KUNIT_EXPECT_TRUE_MSG(test, ioremap(0x10001000, 0) == NULL, "ioremap of nothing: NULL");
	KUNIT_EXPECT_TRUE_MSG(test, ioremap(0x10001000, 0x1000) != NULL, "ioremap of device memory");
	iomem_reset();
}

static void test_devm(void)
{
	struct device dev;
	struct resource res = {
		.start = 0x10003000, .end = 0x10003fff, .flags = IORESOURCE_MEM,
	};
	void __iomem *p;

	iomem_reset();
	memset(&dev, 0, sizeof(dev));
	INIT_LIST_HEAD(&dev.devres_head);
	strcpy(dev.name, "10003000.sic");
	p = devm_ioremap_resource(&dev, &res);
	KUNIT_EXPECT_TRUE_MSG(test, !IS_ERR(p) && p, "devm_ioremap_resource maps a free window");
	KUNIT_EXPECT_EQ_MSG(test, claims(), 1, "and claims it");
	KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(devm_ioremap_resource(&dev, &res)), -EBUSY, "twice: EBUSY");
	KUNIT_EXPECT_TRUE_MSG(test, devm_request_mem_region(&dev, 0x10004000, 0x100, "x") != NULL, "devm claim");
	KUNIT_EXPECT_EQ_MSG(test, claims(), 2, "two claims");
	devres_release_all(&dev);
	KUNIT_EXPECT_EQ_MSG(test, claims(), 0, "unbind gives both back");
	iomem_add_system(0, 0x08000000, IORESOURCE_SYSTEM_RAM, "memory@0");
	res.start = 0x1000;
	res.end = 0x1fff;
	KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(devm_ioremap_resource(&dev, &res)), -EBUSY, "over RAM: EBUSY");
	res.start = 0x1000;
	res.end = 0xfff;
	KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(devm_ioremap_resource(&dev, &res)), -EINVAL, "empty: EINVAL");
	res.flags = IORESOURCE_IRQ;
	KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(devm_ioremap_resource(&dev, &res)), -EINVAL, "not MEM: EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, devres_count(&dev), 0, "nothing held after refusals");
	iomem_reset();
}

int main(void)
{
	test_claims();
	test_system_ranges();
	test_devm();
	return ktap_done();
}
