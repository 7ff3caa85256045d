// SPDX-License-Identifier: BSD-2-Clause
/*
 * of/address.c: reg entries translated through nested, empty and missing
 * ranges, 2-cell addresses, chip-select buses and PCI windows.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_fdt.h>

#include "fdtbuild.h"
#include "ktap.h"

#define P(path) of_find_node_by_path(path)

/* entry @i of @path translates to [start, end] with @flags and @name */
static void res(const char *path, int i, u64 start, u64 end, const char *name,
		unsigned long flags)
{
	struct resource r;
	int err = of_address_to_resource(P(path), i, &r);

	KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s reg %d", path, i);
	if (err)
		return;
	KUNIT_EXPECT_EQ_MSG(test, r.start, start, "%s reg %d start", path, i);
	KUNIT_EXPECT_EQ_MSG(test, r.end, end, "%s reg %d end", path, i);
	KUNIT_EXPECT_STREQ_MSG(test, r.name, name, "%s reg %d name", path, i);
	KUNIT_EXPECT_EQ_MSG(test, r.flags, flags, "%s reg %d flags", path, i);
}

/* Wild cell counts (found by the fuzzer): nothing reads past a property. */
static void test_wild_cells(void)
{
	static struct fdtb b;
	static const uint8_t reg[20] = { 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3 };
	struct resource r;
	uint32_t size;
	u64 a, s;

	fdtb_init(&b);
	fdtb_begin(&b, "");
	fdtb_begin(&b, "pci");
	fdtb_prop_str(&b, "device_type", "pci");
	fdtb_prop_u32(&b, "#address-cells", 0x1000);
	fdtb_prop_u32(&b, "#size-cells", 2);
	fdtb_begin(&b, "dev");
	fdtb_prop(&b, "assigned-addresses", reg, sizeof(reg));
	fdtb_end(&b);
	fdtb_end(&b);
	fdtb_begin(&b, "bus");
	fdtb_prop_u32(&b, "#address-cells", 1);
	fdtb_prop_u32(&b, "#size-cells", 0x7fffffff);
	fdtb_prop(&b, "ranges", reg, 12);
	fdtb_begin(&b, "dev");
	fdtb_prop_u32(&b, "reg", 1);
	fdtb_end(&b);
	fdtb_end(&b);
	fdtb_end(&b);
	fdtb_finish_tree(&b);
	size = fdtb_finish(&b);
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(b.out, size, NULL, 0), 0, "wild cells blob");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_reg(P("/pci/dev"), 0, &a, &s), 0,
		  "PCI read_reg uses the bus's 3 cells, not #address-cells");
	KUNIT_EXPECT_EQ_MSG(test, a, 0x0000000200000003ULL, "PCI read_reg value");
	KUNIT_EXPECT_EQ_MSG(test, of_address_to_resource(P("/bus/dev"), 0, &r), -EINVAL,
		  "#size-cells 0x7fffffff: -EINVAL, no overflow");
}

int main(void)
{
	size_t size;
	void *api = ktap_load("api.dtb", &size);
	struct resource r;
	const __be32 *cells;
	unsigned int flags;
	u64 a, s;

	if (!api)
		return ktap_done();
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(api, size, NULL, 0), 0, "unflatten api.dtb");

	res("serial0", 0, 0x10001000, 0x10001fff, "regs", IORESOURCE_MEM);
	res("serial1", 0, 0x10002000, 0x10002fff, "serial@2000", IORESOURCE_MEM);
	res("/bus@10000000/serial@5000", 0, 0x10005000, 0x10005fff, "regs", IORESOURCE_MEM);
	res("/bus@10000000/serial@5000", 1, 0x10006000, 0x100060ff, "fifo", IORESOURCE_MEM);
	KUNIT_EXPECT_EQ_MSG(test, of_address_to_resource(P("serial0"), 1, &r), -EINVAL, "no second entry");
	KUNIT_EXPECT_EQ_MSG(test, of_address_to_resource(P("serial0"), -1, &r), -EINVAL, "negative index");
	KUNIT_EXPECT_EQ_MSG(test, of_address_count(P("/bus@10000000/serial@5000")), 2, "of_address_count");

	res("bus/sub@80000/timer@100", 0, 0x10080100, 0x1008011f, "timer@100", IORESOURCE_MEM);
	res("bus/sub@80000/empty@8000/gpio@8100", 0, 0x10088100, 0x100881ff, "gpio@8100",
	    IORESOURCE_MEM);
	KUNIT_EXPECT_EQ_MSG(test, of_address_to_resource(P("bus/sub@80000/noranges@9000/dev@10"), 0, &r),
		  -EINVAL, "parent without ranges: -EINVAL");
	res("bus/sub@80000/noranges@9000", 0, 0x10089000, 0x100890ff, "noranges@9000",
	    IORESOURCE_MEM);
	cells = of_get_address(P("bus/sub@80000/noranges@9000/dev@10"), 0, &s, &flags);
	KUNIT_EXPECT_TRUE_MSG(test, cells != NULL, "of_get_address of an untranslatable node");
	KUNIT_EXPECT_EQ_MSG(test, of_translate_address(P("bus/sub@80000/noranges@9000/dev@10"), cells),
		  OF_BAD_ADDR, "no ranges: OF_BAD_ADDR");

	res("/wide@40000000/big@100001000", 0, 0x40001000, 0x400010ff, "big@100001000",
	    IORESOURCE_MEM);
	res("ethernet", 0, 0x10100000, 0x10100fff, "ethernet@0,0", IORESOURCE_MEM);
	res("i2c0", 0, 0x10160000, 0x10160fff, "i2c@1,0", IORESOURCE_MEM);
	res("/memory@0", 0, 0, 0x7ffffff, "memory@0", IORESOURCE_MEM);
	KUNIT_EXPECT_EQ_MSG(test, of_address_to_resource(P("i2c0/rtc@58"), 0, &r), -EINVAL,
		  "i2c client (no size cells): -EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_reg(P("i2c0/rtc@58"), 0, &a, &s), 0, "read_reg of a client");
	KUNIT_EXPECT_EQ_MSG(test, a, 0x58, "client address");
	KUNIT_EXPECT_EQ_MSG(test, s, 0, "client has no size");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_reg(P("ethernet"), 0, &a, &s), 0, "read_reg untranslated");
	KUNIT_EXPECT_EQ_MSG(test, a, 0, "chip select 0, offset 0");
	KUNIT_EXPECT_EQ_MSG(test, of_property_read_reg(P("ethernet"), 1, &a, &s), -EINVAL, "read_reg past end");
	KUNIT_EXPECT_EQ_MSG(test, of_address_to_resource(P("/cpus/cpu@0"), 0, &r), -EINVAL, "cpu reg: -EINVAL");

	cells = of_get_address(P("serial0"), 0, &s, &flags);
	KUNIT_EXPECT_TRUE_MSG(test, cells != NULL, "of_get_address");
	KUNIT_EXPECT_EQ_MSG(test, s, 0x1000, "of_get_address size");
	KUNIT_EXPECT_EQ_MSG(test, flags, IORESOURCE_MEM, "of_get_address flags");
	KUNIT_EXPECT_EQ_MSG(test, of_translate_address(P("serial0"), cells), 0x10001000, "of_translate_address");
	KUNIT_EXPECT_EQ_MSG(test, of_translate_address(NULL, cells), OF_BAD_ADDR, "translate NULL node");
	KUNIT_EXPECT_EQ_MSG(test, of_translate_address(of_root, cells), OF_BAD_ADDR, "translate on the root");
	KUNIT_EXPECT_TRUE_MSG(test, of_get_address(P("serial0"), 1, NULL, NULL) == NULL, "of_get_address past end");

	/* PCI: assigned-addresses, memory and I/O windows */
	res("/pci@50000000/ethernet@1,0", 0, 0x60001000, 0x60001fff, "ethernet@1,0",
	    IORESOURCE_MEM);
	res("/pci@50000000/ethernet@1,0", 1, 0x70000100, 0x700001ff, "ethernet@1,0",
	    IORESOURCE_IO);
	res("/pci@50000000", 0, 0x50000000, 0x50000fff, "pci@50000000", IORESOURCE_MEM);

	test_wild_cells();
	free(api);
	return ktap_done();
}
