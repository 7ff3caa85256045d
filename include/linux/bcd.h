/* SPDX-License-Identifier: BSD-2-Clause */
/* Binary-coded decimal, as RTC chips count: 0x59 is 59. */
#ifndef _LINUX_BCD_H
#define _LINUX_BCD_H

#include <linux/types.h>

static inline unsigned int bcd2bin(u8 val)
{
	return (val & 0x0f) + (val >> 4) * 10;
}

static inline u8 bin2bcd(unsigned int val)
{
	return (u8)(((val / 10) << 4) | (val % 10));
}

/* Both nibbles are decimal digits. */
static inline bool bcd_is_valid(u8 val)
{
	return (val & 0x0f) <= 9 && (val >> 4) <= 9;
}

#endif
