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

typedef uint8_t  u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t   s8;
typedef int16_t  s16;
typedef int32_t  s32;
typedef int64_t  s64;

/* Big-endian values as they sit in a device tree blob. */
typedef uint16_t __be16;
typedef uint32_t __be32;
typedef uint64_t __be64;

typedef u32 phandle;
/* Physical addresses: 64-bit so trees with 2-cell addresses parse. */
typedef u64 phys_addr_t;
typedef u64 resource_size_t;

#ifndef __ssize_t_defined
typedef long ssize_t;
#define __ssize_t_defined
#endif

#endif
