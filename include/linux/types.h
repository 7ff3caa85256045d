/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Basic types with Linux's names.  Portable: the same header serves the
 * kernel (freestanding) and the host build of of/ and drivers/base/.
 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/*
 * Fixed types as Linux spells them (asm-generic/int-ll64.h), not through
 * <stdint.h>: arm-none-eabi's uint32_t is unsigned long, which would make
 * "%u" wrong for u32 on the target and right on the host.  With these, u32
 * prints with %u and u64 with %llu everywhere.
 */
typedef unsigned char      u8;
typedef unsigned short     u16;
typedef unsigned int       u32;
typedef unsigned long long u64;
typedef signed char        s8;
typedef short              s16;
typedef int                s32;
typedef long long          s64;

/* Big-endian values as they sit in a device tree blob. */
typedef u16 __be16;
typedef u32 __be32;
typedef u64 __be64;

typedef u32 phandle;
/* Physical addresses: 64-bit so trees with 2-cell addresses parse. */
typedef u64 phys_addr_t;
typedef u64 resource_size_t;

#ifndef __ssize_t_defined
typedef long ssize_t;
#define __ssize_t_defined
#endif

#endif
