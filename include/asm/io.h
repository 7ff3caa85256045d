/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MMIO accessors with Linux's names.  A driver reaches its registers only
 * through ioremap(), which refuses windows over RAM and maps the rest as
 * device memory.
 */
#ifndef _ASM_IO_H
#define _ASM_IO_H

#include <linux/compiler_types.h>
#include <linux/types.h>

/* The compiler must not merge, reorder or drop device accesses. */
#define __io_barrier() __asm__ volatile("" : : : "memory")

static inline u8 __raw_readb(const volatile void __iomem *addr)
{
	return *(const volatile u8 *)addr;
}

static inline u16 __raw_readw(const volatile void __iomem *addr)
{
	return *(const volatile u16 *)addr;
}

static inline u32 __raw_readl(const volatile void __iomem *addr)
{
	return *(const volatile u32 *)addr;
}

static inline void __raw_writeb(u8 v, volatile void __iomem *addr)
{
	*(volatile u8 *)addr = v;
}

static inline void __raw_writew(u16 v, volatile void __iomem *addr)
{
	*(volatile u16 *)addr = v;
}

static inline void __raw_writel(u32 v, volatile void __iomem *addr)
{
	*(volatile u32 *)addr = v;
}

/* The CPU is little-endian and so are the devices on this board. */
static inline u8 readb(const volatile void __iomem *addr)
{
	u8 v = __raw_readb(addr);
	__io_barrier();
	return v;
}

static inline u16 readw(const volatile void __iomem *addr)
{
	u16 v = __raw_readw(addr);
	__io_barrier();
	return v;
}

static inline u32 readl(const volatile void __iomem *addr)
{
	u32 v = __raw_readl(addr);
	__io_barrier();
	return v;
}

static inline void writeb(u8 v, volatile void __iomem *addr)
{
	__io_barrier();
	__raw_writeb(v, addr);
}

static inline void writew(u16 v, volatile void __iomem *addr)
{
	__io_barrier();
	__raw_writew(v, addr);
}

static inline void writel(u32 v, volatile void __iomem *addr)
{
	__io_barrier();
	__raw_writel(v, addr);
}

/**
 * readl_nofault() - readl() that survives a window where nothing answers:
 * the first read a probe makes of a window the tree gave it.  The load is
 * in the exception table (asm/extable.h): an external abort or a
 * translation fault returns an error instead of halting the kernel.
 * Return: 0 with the value in *@val, or -EFAULT when the read faulted.
 */
int readl_nofault(const volatile void __iomem *addr, u32 *val);

#define readb_relaxed(a)	__raw_readb(a)
#define readl_relaxed(a)	__raw_readl(a)
#define writeb_relaxed(v, a)	__raw_writeb(v, a)
#define writel_relaxed(v, a)	__raw_writel(v, a)

/**
 * ioremap() - map @size bytes of device registers at @phys for the CPU
 * (kernel/resource.c checks, the architecture maps).
 * Return: the address, or NULL when the window is empty, wraps or lies
 * beyond 4 GiB, overlaps RAM or a reserved range, or cannot be mapped.
 * Every caller checks it.
 */
void __iomem *ioremap(phys_addr_t phys, size_t size);
void iounmap(volatile void __iomem *addr);

/* The architecture's half: map a window ioremap() has already checked. */
void __iomem *arch_ioremap(phys_addr_t phys, size_t size);

#endif
