/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The MMU (arch/arm/mmu.c): identity-mapped RAM, read-only kernel text and
 * rodata, page 0 and the stack guard pages unmapped, device windows mapped
 * by ioremap() only.  See the table at the top of mmu.c.
 */
#ifndef _ASM_MMU_H
#define _ASM_MMU_H

#include <linux/types.h>

/* Boot step: build the tables from the memory map and turn the MMU on. */
void paging_init(void);
bool mmu_enabled(void);
/* Why a data abort at @far with status @fsr happened, in words ("NULL
 * pointer dereference"), or NULL when the tables do not explain it. */
const char *mmu_fault_hint(unsigned long far, u32 fsr);
/* The mapped ranges with their permissions (the `mem` command). */
void mmu_show_layout(void);

#endif
