/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Annotations Linux's sparse checks and the compiler ignores.  They live in
 * one header, as in Linux, so a pointer reads the same in every file that
 * names it.
 */
#ifndef _LINUX_COMPILER_TYPES_H
#define _LINUX_COMPILER_TYPES_H

/* A pointer into device memory: read and written only through readl()/writel(). */
#define __iomem

#endif
