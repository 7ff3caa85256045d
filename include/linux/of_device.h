/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef _LINUX_OF_DEVICE_H
#define _LINUX_OF_DEVICE_H

#include <linux/device.h>
#include <linux/of.h>

/**
 * of_match_score() - how well one of_device_id entry matches @np (of/base.c:
 * the one copy, of_match_node() and every bus's match use it), Linux's
 * scoring: a compatible match scores by its position in the node's list
 * (earlier is better), a type match adds 2, a name match 1.
 * Return: 0 for no match, else a positive score (larger is better).
 */
int of_match_score(const struct device_node *np, const struct of_device_id *id);

/**
 * of_match_best() - the entry of @matches (ended by an empty entry) that
 * best matches @np; *@score (may be NULL) gets its score.
 * Return: the entry, or NULL when none matches.
 */
const struct of_device_id *of_match_best(const struct of_device_id *matches,
					 const struct device_node *np, int *score);

/**
 * of_dma_configure() - give @dev the DMA windows of the bus @np sits on
 * (dev->dma_range_map, from of_dma_get_range() on @np's parent); a bus
 * with no "dma-ranges" leaves @dev seeing memory 1:1
 * @force_dma: Linux's flag; coyote has no DMA ops to force, so it only
 *             makes a missing "dma-ranges" an error
 * Return: 0; -ENODEV (only with @force_dma) when no bus says; -EINVAL or
 * -ENOMEM from of_dma_get_range().
 */
int of_dma_configure(struct device *dev, struct device_node *np, bool force_dma);

/* The `data` of the of_device_id entry @dev was bound with, or NULL. */
const void *of_device_get_match_data(const struct device *dev);

#endif
