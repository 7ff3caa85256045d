/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A minimal common clock API (drivers/clk/): consumers find their clocks
 * through the tree's `clocks`/`clock-names`, providers register for their
 * node.  A clock whose provider has not probed yet is -EPROBE_DEFER.
 */
#ifndef _LINUX_CLK_H
#define _LINUX_CLK_H

#include <linux/types.h>

struct clk;
struct device;
struct device_node;

/**
 * clk_get() - the clock named @id (in `clock-names`; NULL: the first) of @dev.
 * Return: the clock, or ERR_PTR: -ENOENT (no such clock in the tree),
 * -EINVAL (malformed `clocks`), -EPROBE_DEFER (provider not probed yet; the
 * reason is recorded in @dev).  devm_clk_get() is the same, put on unbind.
 */
struct clk *clk_get(struct device *dev, const char *id);
struct clk *devm_clk_get(struct device *dev, const char *id);
/* Same lookups by node; no reason is recorded.  Every successful get is a
 * reference: give it back with clk_put(). */
struct clk *of_clk_get(struct device_node *np, int index);
struct clk *of_clk_get_by_name(struct device_node *np, const char *name);
/* Drop a reference from a get; the clock is freed with its last one. */
void clk_put(struct clk *clk);

/* Rate in Hz; 0 for a NULL or error clock. */
unsigned long clk_get_rate(struct clk *clk);
/* Fixed clocks are always running: these only count users. */
int clk_prepare_enable(struct clk *clk);
void clk_disable_unprepare(struct clk *clk);
const char *__clk_get_name(const struct clk *clk);

#endif
