/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hardware random number generators, with Linux's names
 * (drivers/char/hw_random/core.c): a driver registers a struct hwrng; the
 * `rng` command, and anything that wants entropy (hwrng_read_bytes()), read
 * from the current one (the first registered).
 */
#ifndef _LINUX_HW_RANDOM_H
#define _LINUX_HW_RANDOM_H

#include <linux/list.h>
#include <linux/types.h>

struct hwrng {
	const char *name;
	/*
	 * Up to @max bytes into @data; with @wait, block until at least one
	 * is there.  Return: bytes read (0: none yet), or a negative errno.
	 */
	int (*read)(struct hwrng *rng, void *data, size_t max, bool wait);
	unsigned long priv;

	/* core private */
	struct list_head list;
};

/**
 * hwrng_register() - make @rng a source for `rng` (the first one registered
 * is used while it stays).
 * Return: 0; -EINVAL without a name or read; -EEXIST (that name is taken).
 */
int hwrng_register(struct hwrng *rng);
void hwrng_unregister(struct hwrng *rng);

/**
 * hwrng_read_bytes() - @len random bytes from the current source into @buf.
 * Return: 0; -ENODEV (no source); the source's error; -EIO when it gives
 * nothing although asked to wait.
 */
int hwrng_read_bytes(void *buf, size_t len);

#endif
