/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARM PrimeCells (PL011, PL031, PL061, PL190...) identify themselves: the
 * last 32 bytes of their 4 KiB page hold PeriphID (designer 19:12, part
 * number 11:0) and CellID (always 0xb105f00d), one byte per word.  QEMU
 * reads unmapped space as 0, so a driver checks these before trusting the
 * address the tree gave it.
 */
#ifndef _LINUX_AMBA_BUS_H
#define _LINUX_AMBA_BUS_H

#include <linux/printk.h>
#include <linux/types.h>
#include <asm/io.h>

#define AMBA_PERIPHID0		0xfe0	/* four registers, one byte each */
#define AMBA_CELLID0		0xff0
#define AMBA_CID		0xb105f00d
#define AMBA_VENDOR_ARM		0x41

/*
 * The 32-bit ID assembled from the four byte-wide registers at @off.  It
 * is a probe's first access to its window, so it is guarded (asm/io.h):
 * where nothing answers it says so and returns 0, an ID no driver takes.
 */
static inline u32 amba_read_id(void __iomem *base, unsigned int off)
{
	u32 id = 0, v;

	for (int i = 0; i < 4; i++) {
		char __iomem *reg = (char __iomem *)base + off + 4 * i;

		if (readl_nofault(reg, &v)) {
			pr_err("amba: nothing at 0x%08lx (an external abort reading the ID)\n",
			       (unsigned long)reg);
			return 0;
		}
		id |= (v & 0xff) << (8 * i);
	}
	return id;
}

static inline u32 amba_part(u32 periphid)
{
	return periphid & 0xfff;
}

static inline u32 amba_manf(u32 periphid)
{
	return (periphid >> 12) & 0xff;
}

#endif
