/* SPDX-License-Identifier: BSD-2-Clause */
/* The kernel heap (kernel/heap.c); on the host, libc's malloc. */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/types.h>

typedef unsigned int gfp_t;
#define GFP_KERNEL 0u

void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void *kcalloc(size_t n, size_t size, gfp_t flags);
void kfree(const void *p);
char *kstrdup(const char *s, gfp_t flags);

#endif
