// SPDX-License-Identifier: BSD-2-Clause
/*
 * The architecture's half of ioremap(): with the MMU off a physical
 * address is the CPU's address.
 */
#include <linux/types.h>
#include <asm/io.h>

void __iomem *arch_ioremap(phys_addr_t phys, size_t size)
{
	return (void __iomem *)(uintptr_t)phys;
}

void iounmap(volatile void __iomem *addr)
{
}
