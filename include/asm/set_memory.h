/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Page permissions with Linux's names: @numpages pages from @addr (page
 * aligned) become read-only / read-write / executable / not executable.
 * Return: 0; -EINVAL (unaligned); -EFAULT (a page is not mapped); -ENOMEM
 * (no second-level table left to split a section).  No-ops on the host.
 */
#ifndef _ASM_SET_MEMORY_H
#define _ASM_SET_MEMORY_H

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1ul << PAGE_SHIFT)

#ifdef COYOTE_HOST
static inline int set_memory_ro(unsigned long addr, int numpages) { return 0; }
static inline int set_memory_rw(unsigned long addr, int numpages) { return 0; }
static inline int set_memory_x(unsigned long addr, int numpages) { return 0; }
static inline int set_memory_nx(unsigned long addr, int numpages) { return 0; }
#else
int set_memory_ro(unsigned long addr, int numpages);
int set_memory_rw(unsigned long addr, int numpages);
int set_memory_x(unsigned long addr, int numpages);
int set_memory_nx(unsigned long addr, int numpages);
#endif

#endif
