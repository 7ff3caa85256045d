/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Single bits and contiguous masks, with Linux's names and semantics:
 * BIT(nr) is an unsigned long (32 bits on the target, 64 on the host),
 * BIT_ULL(nr) an unsigned long long; GENMASK(h, l) has bits l..h set,
 * both included.  A GENMASK whose constant arguments are the wrong way
 * round (l above h) does not compile, as in Linux.  Portable: the host
 * build of of/ and drivers/base/ includes it too.
 */
#ifndef _LINUX_BITS_H
#define _LINUX_BITS_H

#define BITS_PER_LONG		(__SIZEOF_LONG__ * 8)
#define BITS_PER_LONG_LONG	64

#define BIT(nr)			(1UL << (nr))
#define BIT_ULL(nr)		(1ULL << (nr))
#define BIT_MASK(nr)		(1UL << ((nr) % BITS_PER_LONG))
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)

/*
 * 1 when @x is an integer constant expression, 0 otherwise, without
 * evaluating it: a null pointer constant gives the conditional the type
 * int *, anything else void *.
 */
#define __is_constexpr(x) \
	(sizeof(int) == sizeof(*(8 ? ((void *)((long)(x) * 0l)) : (int *)8)))

/* 0, or a compile error (a negative bit-field width) when @e is true. */
#define BUILD_BUG_ON_ZERO(e)	((int)(sizeof(struct { int : (-!!(e)); })))

/* Only constant arguments can be checked; others are the caller's care. */
#define GENMASK_INPUT_CHECK(h, l) \
	BUILD_BUG_ON_ZERO(__builtin_choose_expr(__is_constexpr((l) > (h)), (l) > (h), 0))

#define __GENMASK(h, l) \
	((~0UL - (1UL << (l)) + 1) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define __GENMASK_ULL(h, l) \
	((~0ULL - (1ULL << (l)) + 1) & (~0ULL >> (BITS_PER_LONG_LONG - 1 - (h))))

#define GENMASK(h, l)		(GENMASK_INPUT_CHECK(h, l) + __GENMASK(h, l))
#define GENMASK_ULL(h, l)	(GENMASK_INPUT_CHECK(h, l) + __GENMASK_ULL(h, l))

#endif
