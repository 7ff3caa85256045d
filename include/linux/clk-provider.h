/* SPDX-License-Identifier: BSD-2-Clause */
/* Clock providers (drivers/clk/): what a clock driver registers. */
#ifndef _LINUX_CLK_PROVIDER_H
#define _LINUX_CLK_PROVIDER_H

#include <linux/clk.h>
#include <linux/compiler_types.h>
#include <linux/list.h>

struct of_phandle_args;

/*
 * One clock.  Linux splits the provider's clk_core from the consumers'
 * struct clk handles; coyote counts references on the one struct instead:
 * the provider holds one from registration to unregistration, each
 * clk_get()/of_clk_get() one until clk_put(), and the clock is freed with
 * the last, so no consumer is ever left holding freed memory.
 */
struct clk {
	const char *name;               /* a copy, after the struct */
	const char *parent_name;        /* a copy too, "" for a root clock */
	struct list_head link;          /* in the `clk` view, while registered */
	unsigned long rate;
	unsigned int enable_count;
	unsigned int refs;
	bool unregistered;              /* its provider let go; the rate stays */
	void __iomem *gate_reg;         /* a gate: bit gate_bit set while enabled */
	u8 gate_bit;
};

/**
 * clk_register_fixed_rate() - a clock that always runs at @fixed_rate Hz.
 * Return: the clock, or ERR_PTR(-ENOMEM).  Let go of it with
 * clk_unregister_fixed_rate(): it is freed when no consumer holds it.
 */
struct clk *clk_register_fixed_rate(struct device *dev, const char *name,
				    const char *parent_name, unsigned long flags,
				    unsigned long fixed_rate);
void clk_unregister_fixed_rate(struct clk *clk);

/**
 * clk_register_gate() - a clock that runs at @rate (its parent @parent_name's,
 * which the caller looked up) while bit @bit_idx of @reg is set: the first
 * clk_prepare_enable() sets the bit, the last clk_disable_unprepare()
 * clears it, as Linux's clk-gate does.  The parent is not enabled with it
 * (coyote's clocks know their parent by name only).
 * Return: the clock, or ERR_PTR(-ENOMEM); ERR_PTR(-EINVAL) for a bit
 * beyond 31.  Let go of it with clk_unregister_gate().
 */
struct clk *clk_register_gate(struct device *dev, const char *name, const char *parent_name,
			      unsigned long rate, void __iomem *reg, u8 bit_idx);
void clk_unregister_gate(struct clk *clk);
/**
 * devm_clk_register_gate() - clk_register_gate(), unregistered when @dev
 * unbinds.  Return: as clk_register_gate().
 */
struct clk *devm_clk_register_gate(struct device *dev, const char *name,
				   const char *parent_name, unsigned long rate,
				   void __iomem *reg, u8 bit_idx);

/**
 * of_clk_add_provider() - consumers of @np's clocks are answered by
 * @get(specifier, @data).  Return: 0; -ENOMEM; -EEXIST if @np has one.
 */
int of_clk_add_provider(struct device_node *np,
			struct clk *(*get)(struct of_phandle_args *spec, void *data),
			void *data);
void of_clk_del_provider(struct device_node *np);
/**
 * devm_clk_register_fixed_rate() - clk_register_fixed_rate(), unregistered
 * when @dev unbinds.
 * Return: the clock, or ERR_PTR(-ENOMEM).
 */
struct clk *devm_clk_register_fixed_rate(struct device *dev, const char *name,
					 const char *parent_name, unsigned long fixed_rate);
/**
 * devm_of_clk_add_provider() - of_clk_add_provider() for @dev's node,
 * deleted when @dev unbinds.
 * Return: 0; -EEXIST when the node has a provider; -ENOMEM.
 */
int devm_of_clk_add_provider(struct device *dev,
			     struct clk *(*get)(struct of_phandle_args *spec, void *data),
			     void *data);

/**
 * devm_of_clk_fixed_provider() - a fixed-rate clock for @dev, and @dev's
 * node as its provider (`#clock-cells = <0>`), both undone when @dev
 * unbinds: the whole probe of a clock that only has a rate.  The clock is
 * named by the node's `clock-output-names`, else by the node's full name.
 * Return: the clock; ERR_PTR(-ENOMEM); ERR_PTR(-EEXIST) when the node has a
 * provider.
 */
struct clk *devm_of_clk_fixed_provider(struct device *dev, const char *parent_name,
				       unsigned long rate);

/**
 * of_clk_get_from_provider() - the clock a parsed specifier names (for
 * properties other than `clocks`, e.g. assigned-clock-parents)
 * Return: the clock; -EPROBE_DEFER when its provider has not registered;
 * -EINVAL for a NULL spec; the provider's get() error otherwise.
 */
struct clk *of_clk_get_from_provider(struct of_phandle_args *clkspec);

/*
 * A "fixed-clock" whose parent has no compatible (a /clocks container):
 * no bus makes a device for it, so it is registered at init, as Linux's
 * of_clk_init() does, and its consumers never wait for it.  The one rule
 * the registration and whynot's prediction both read.
 */
bool of_fixed_clk_off_bus(const struct device_node *np);

/*
 * clk_next() - iterate the registered clocks (NULL starts), oldest first,
 * for the `clk` view.  Return: the next clock, or NULL after the last.
 */
struct clk *clk_next(struct clk *prev);

/* get() for a provider of one clock (#clock-cells = <0>): @data is the clk. */
struct clk *of_clk_src_simple_get(struct of_phandle_args *spec, void *data);

#endif
