// SPDX-License-Identifier: BSD-2-Clause
/*
 * Clock lookup: a consumer's `clocks` phandle names a provider node; the
 * provider's driver registered a get() for that node when it probed.  If it
 * has not, the consumer defers: probe order sorts itself out.
 */
#define pr_fmt(fmt) "clk: " fmt

#include <linux/clk-provider.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/io.h>

struct of_clk_provider {
	struct list_head link;
	struct device_node *node;
	struct clk *(*get)(struct of_phandle_args *spec, void *data);
	void *data;
};

static LIST_HEAD(of_clk_providers);
static LIST_HEAD(clk_list);		/* registered clocks, for `clk` */

static struct of_clk_provider *find_provider(struct device_node *np)
{
	struct of_clk_provider *p;

	list_for_each_entry(p, &of_clk_providers, link)
		if (p->node == np)
			return p;
	return NULL;
}

int of_clk_add_provider(struct device_node *np,
			struct clk *(*get)(struct of_phandle_args *spec, void *data),
			void *data)
{
	struct of_clk_provider *p;

	if (find_provider(np))
		return -EEXIST;
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->node = np;
	p->get = get;
	p->data = data;
	list_add_tail(&p->link, &of_clk_providers);
	return 0;
}
EXPORT_SYMBOL(of_clk_add_provider);

/* Consumers still holding its clocks keep them (counted) until clk_put(). */
void of_clk_del_provider(struct device_node *np)
{
	struct of_clk_provider *p = find_provider(np);

	if (!p)
		return;
	list_del(&p->link);
	kfree(p);
}
EXPORT_SYMBOL(of_clk_del_provider);

struct clk *of_clk_src_simple_get(struct of_phandle_args *spec, void *data)
{
	return data;
}
EXPORT_SYMBOL(of_clk_src_simple_get);

/* Looks the clock up; *@provider_np tells the caller whom it waits for,
 * with a reference the caller puts. */
static struct clk *clk_lookup(struct device_node *np, int index,
			      struct device_node **provider_np)
{
	struct of_phandle_args spec;
	struct of_clk_provider *p;
	struct clk *clk;
	int ret;

	*provider_np = NULL;
	if (!np || index < 0)
		return ERR_PTR(-ENOENT);
	if (!of_get_property(np, "clocks", NULL))
		return ERR_PTR(-ENOENT);
	ret = of_parse_phandle_with_args(np, "clocks", "#clock-cells", index, &spec);
	if (ret)
		return ERR_PTR(ret == -ENOENT ? -ENOENT : -EINVAL);
	*provider_np = spec.np;
	p = find_provider(spec.np);
	if (!p)
		return ERR_PTR(-EPROBE_DEFER);
	clk = p->get(&spec, p->data);
	if (!IS_ERR_OR_NULL(clk))
		clk->refs++;            /* the consumer's, until clk_put() */
	return clk;
}

/* Borrowed, not counted: for a provider's get() (sp810), whose answer
 * clk_lookup() counts. */
struct clk *of_clk_get_from_provider(struct of_phandle_args *clkspec)
{
	struct of_clk_provider *p = clkspec ? find_provider(clkspec->np) : NULL;

	if (!clkspec)
		return ERR_PTR(-EINVAL);
	if (!p)
		return ERR_PTR(-EPROBE_DEFER);
	return p->get(clkspec, p->data);
}

static int clk_index(struct device_node *np, const char *name)
{
	int index;

	if (!name)
		return 0;
	index = of_property_match_string(np, "clock-names", name);
	return index < 0 ? -1 : index;
}

struct clk *of_clk_get(struct device_node *np, int index)
{
	struct device_node *provider;
	struct clk *clk = clk_lookup(np, index, &provider);

	of_node_put(provider);
	return clk;
}
EXPORT_SYMBOL(of_clk_get);

struct clk *of_clk_get_by_name(struct device_node *np, const char *name)
{
	return of_clk_get(np, clk_index(np, name));
}
EXPORT_SYMBOL(of_clk_get_by_name);

struct clk *clk_get(struct device *dev, const char *id)
{
	struct device_node *provider;
	struct clk *clk;

	clk = clk_lookup(dev->of_node, clk_index(dev->of_node, id), &provider);
	if (PTR_ERR(clk) == -EPROBE_DEFER) {
		device_set_deferred_probe_reason(dev, "waiting for clock %pOF", provider);
		device_set_deferred_probe_supplier(dev, provider);
	}
	of_node_put(provider);
	return clk;
}
EXPORT_SYMBOL(clk_get);

static void devm_clk_release(void *clk)
{
	clk_put(clk);
}

struct clk *devm_clk_get(struct device *dev, const char *id)
{
	struct clk *clk = clk_get(dev, id);
	int ret;

	if (IS_ERR(clk))
		return clk;
	ret = devm_add_action_or_reset(dev, devm_clk_release, clk);
	return ret ? ERR_PTR(ret) : clk;
}
EXPORT_SYMBOL(devm_clk_get);

void clk_put(struct clk *clk)
{
	if (IS_ERR_OR_NULL(clk))
		return;
	if (!clk->refs) {
		pr_warn("%s: clk_put() without a reference\n", clk->name);
		return;
	}
	if (!--clk->refs)
		kfree(clk);
}
EXPORT_SYMBOL(clk_put);

unsigned long clk_get_rate(struct clk *clk)
{
	return IS_ERR_OR_NULL(clk) ? 0 : clk->rate;
}
EXPORT_SYMBOL(clk_get_rate);

/* A gate's bit follows its count: set by the first user, cleared by the last. */
static void clk_gate_set(struct clk *clk, bool on)
{
	u32 val;

	if (!clk->gate_reg || clk->unregistered)
		return;
	val = readl(clk->gate_reg);
	val = on ? val | BIT(clk->gate_bit) : val & ~BIT(clk->gate_bit);
	writel(val, clk->gate_reg);
}

int clk_prepare_enable(struct clk *clk)
{
	if (IS_ERR_OR_NULL(clk))
		return 0;
	if (!clk->enable_count++)
		clk_gate_set(clk, true);
	return 0;
}
EXPORT_SYMBOL(clk_prepare_enable);

void clk_disable_unprepare(struct clk *clk)
{
	if (!IS_ERR_OR_NULL(clk) && clk->enable_count && !--clk->enable_count)
		clk_gate_set(clk, false);
}
EXPORT_SYMBOL(clk_disable_unprepare);

const char *__clk_get_name(const struct clk *clk)
{
	return IS_ERR_OR_NULL(clk) ? "(none)" : clk->name;
}
EXPORT_SYMBOL(__clk_get_name);

struct clk *clk_next(struct clk *prev)
{
	struct list_head *n = prev ? prev->link.next : clk_list.next;

	return n == &clk_list ? NULL : list_entry(n, struct clk, link);
}

struct clk *clk_register_fixed_rate(struct device *dev, const char *name,
				    const char *parent_name, unsigned long flags,
				    unsigned long fixed_rate)
{
	size_t len = name ? strlen(name) + 1 : 1;
	size_t plen = parent_name ? strlen(parent_name) + 1 : 1;
	struct clk *clk = kzalloc(sizeof(*clk) + len + plen, GFP_KERNEL);

	if (!clk)
		return ERR_PTR(-ENOMEM);
	/* The names may live in an overlay's node, which can go first. */
	memcpy(clk + 1, name ? name : "", len);
	clk->name = (const char *)(clk + 1);
	memcpy((char *)(clk + 1) + len, parent_name ? parent_name : "", plen);
	clk->parent_name = (const char *)(clk + 1) + len;
	clk->rate = fixed_rate;
	clk->refs = 1;                  /* the provider's */
	list_add_tail(&clk->link, &clk_list);
	return clk;
}
EXPORT_SYMBOL(clk_register_fixed_rate);

void clk_unregister_fixed_rate(struct clk *clk)
{
	if (IS_ERR_OR_NULL(clk) || clk->unregistered)
		return;
	clk->unregistered = true;
	list_del(&clk->link);
	clk_put(clk);
}
EXPORT_SYMBOL(clk_unregister_fixed_rate);

static void devm_clk_fixed_release(void *clk)
{
	clk_unregister_fixed_rate(clk);
}

struct clk *devm_clk_register_fixed_rate(struct device *dev, const char *name,
					 const char *parent_name, unsigned long fixed_rate)
{
	struct clk *clk = clk_register_fixed_rate(dev, name, parent_name, 0, fixed_rate);
	int ret;

	if (IS_ERR(clk))
		return clk;
	ret = devm_add_action_or_reset(dev, devm_clk_fixed_release, clk);
	return ret ? ERR_PTR(ret) : clk;
}

struct clk *clk_register_gate(struct device *dev, const char *name, const char *parent_name,
			      unsigned long rate, void __iomem *reg, u8 bit_idx)
{
	struct clk *clk;

	if (bit_idx > 31)
		return ERR_PTR(-EINVAL);
	clk = clk_register_fixed_rate(dev, name, parent_name, 0, rate);
	if (IS_ERR(clk))
		return clk;
	clk->gate_reg = reg;
	clk->gate_bit = bit_idx;
	return clk;
}
EXPORT_SYMBOL(clk_register_gate);

/* A consumer may still hold it: its rate stays, its register is no longer ours. */
void clk_unregister_gate(struct clk *clk)
{
	clk_unregister_fixed_rate(clk);
}
EXPORT_SYMBOL(clk_unregister_gate);

static void devm_clk_gate_release(void *clk)
{
	clk_unregister_gate(clk);
}

struct clk *devm_clk_register_gate(struct device *dev, const char *name,
				   const char *parent_name, unsigned long rate,
				   void __iomem *reg, u8 bit_idx)
{
	struct clk *clk = clk_register_gate(dev, name, parent_name, rate, reg, bit_idx);
	int ret;

	if (IS_ERR(clk))
		return clk;
	ret = devm_add_action_or_reset(dev, devm_clk_gate_release, clk);
	return ret ? ERR_PTR(ret) : clk;
}

static void devm_of_clk_release_provider(void *np)
{
	of_clk_del_provider(np);
}

int devm_of_clk_add_provider(struct device *dev,
			     struct clk *(*get)(struct of_phandle_args *spec, void *data),
			     void *data)
{
	int ret = of_clk_add_provider(dev->of_node, get, data);

	if (ret)
		return ret;
	return devm_add_action_or_reset(dev, devm_of_clk_release_provider, dev->of_node);
}

struct clk *devm_of_clk_fixed_provider(struct device *dev, const char *parent_name,
				       unsigned long rate)
{
	const char *name = dev->of_node->full_name;
	struct clk *clk;
	int ret;

	of_property_read_string(dev->of_node, "clock-output-names", &name);
	clk = devm_clk_register_fixed_rate(dev, name, parent_name, rate);
	if (IS_ERR(clk))
		return clk;
	ret = devm_of_clk_add_provider(dev, of_clk_src_simple_get, clk);
	return ret ? ERR_PTR(ret) : clk;
}
