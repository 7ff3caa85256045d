// SPDX-License-Identifier: BSD-2-Clause
/*
 * "Why did it not probe?"  For one node, every reason it has no bound
 * driver, in the order they apply: its own status; the buses above it (a
 * node only becomes a device if its parent is the root, a populated
 * simple-bus, or the bound controller of a bus that registered with
 * whynot_bus_register()); its compatible; a driver for one
 * of its strings (with the nearest known strings when none matches: typos
 * and wrong vendor prefixes); then, in the kernel, what the driver core
 * recorded: deferred and waiting for what, failed and why, or bound and by
 * which table entry.
 *
 * The tree part needs only the tree and a catalogue of drivers, so the host
 * runs this file too (`ofdump --devices`, with a catalogue generated from
 * the kernel ELF) and predicts what the kernel will do.
 */
#include <linux/clk-provider.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_device.h>
#include <linux/of_irq.h>
#include <linux/of_platform.h>
#include <linux/of_supplier.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/module.h>
#include <coyote/module.h>
#include <coyote/whynot.h>

#include "base.h"

#define LINE_MAX_LEN 256
#define NEAREST_MAX 3

static const char *const verdict_names[] = {
	[WHYNOT_BOUND] = "bound",
	[WHYNOT_WOULD_BIND] = "would bind",
	[WHYNOT_WOULD_DEFER] = "would defer",
	[WHYNOT_DISABLED] = "disabled",
	[WHYNOT_NO_BUS] = "no bus",
	[WHYNOT_NO_COMPATIBLE] = "no compatible",
	[WHYNOT_NO_DRIVER] = "no driver",
	[WHYNOT_NOT_LOADED] = "module not loaded",
	[WHYNOT_NO_DEVICE] = "no device",
	[WHYNOT_DEFERRED] = "deferred",
	[WHYNOT_FAILED] = "failed",
	[WHYNOT_CONTAINER] = "container",
	[WHYNOT_WAITING] = "waiting",
	[WHYNOT_CPU] = "cpu",
};

const char *whynot_verdict_name(enum whynot_verdict v)
{
	if ((unsigned int)v >= ARRAY_SIZE(verdict_names))
		return "?";
	return verdict_names[v];
}

static void say(whynot_out_t out, void *ctx, const char *fmt, ...) __printf(3, 4);
static void say(whynot_out_t out, void *ctx, const char *fmt, ...)
{
	char line[LINE_MAX_LEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	out(ctx, line);
}

static void path_of(const struct device_node *np, char *buf, size_t len)
{
	snprintf(buf, len, "%pOF", np);
}

int whynot_edit_distance(const char *a, const char *b)
{
	int row[129], i, j, la = (int)strlen(a), lb = (int)strlen(b);

	if (lb > 128)
		lb = 128;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		int diag = row[0];

		row[0] = i;
		for (j = 1; j <= lb; j++) {
			int up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

/* Each entry's compatible in @cat, in catalogue order; NULL at the end. */
static bool next_compat(const struct whynot_catalog *cat, int *di,
			const struct of_device_id **id)
{
	for (; *di < cat->count; (*di)++, *id = NULL) {
		*id = *id ? *id + 1 : cat->drivers[*di].of_match_table;
		for (; *id && ((*id)->compatible[0] || (*id)->name[0] || (*id)->type[0]); (*id)++)
			if ((*id)->compatible[0])
				return true;
	}
	return false;
}

const struct whynot_driver *whynot_best_driver(const struct whynot_catalog *cat,
					       const struct device_node *np, const char *bus,
					       const struct of_device_id **idp)
{
	const struct whynot_driver *best = NULL;
	struct driver_match m = { NULL, 0 };
	int i;

	for (i = 0; i < cat->count; i++) {
		const struct whynot_driver *d = &cat->drivers[i];
		const struct of_device_id *id;
		int s = 0;

		if (bus && strcmp(d->bus, bus))
			continue;
		id = of_match_best(d->of_match_table, np, &s);
		if (driver_match_take(&m, s, id))
			best = d;
	}
	if (idp)
		*idp = m.id;
	return best;
}

static bool is_bus_node(const struct device_node *np)
{
	return of_platform_node_is_bus(np);
}

static LIST_HEAD(whynot_buses);

int whynot_bus_register(struct whynot_bus *wb)
{
	struct whynot_bus *b;

	if (!wb->name)
		return -EINVAL;
	list_for_each_entry(b, &whynot_buses, list)
		if (b == wb)
			return -EEXIST;
	list_add_tail(&wb->list, &whynot_buses);
	return 0;
}

void whynot_bus_unregister(struct whynot_bus *wb)
{
	struct whynot_bus *b;

	list_for_each_entry(b, &whynot_buses, list)
		if (b == wb) {
			list_del(&wb->list);
			return;
		}
}

/* The registered bus whose controller @np is, or NULL. */
static const struct whynot_bus *controller_bus(const struct device_node *np, bool live)
{
	const struct whynot_bus *wb;

	list_for_each_entry(wb, &whynot_buses, list)
		if (wb->is_controller && wb->is_controller(np, live))
			return wb;
	return NULL;
}

static const struct whynot_bus *find_bus(const char *name)
{
	const struct whynot_bus *wb;

	list_for_each_entry(wb, &whynot_buses, list)
		if (!strcmp(wb->name, name))
			return wb;
	return NULL;
}

/* What the registered transports say of @np (made_none: see whynot_bus). */
static void say_runtime_devices(const struct device_node *np, bool made_none,
				whynot_out_t out, void *ctx)
{
	const struct whynot_bus *wb;
	const char *line;

	list_for_each_entry(wb, &whynot_buses, list)
		if (wb->runtime_devices && (line = wb->runtime_devices(np, made_none)))
			say(out, ctx, "%s", line);
}

const char *whynot_node_bus(struct device_node *np, const struct whynot_catalog *cat,
			    bool live, char *why, size_t whylen)
{
	struct device_node *p = np->parent;
	const struct whynot_bus *wb;
	char path[96];

	why[0] = '\0';
	if (!p)
		return NULL;
	if (of_node_is_root(p))
		return "platform";
	path_of(p, path, sizeof(path));
	if (!of_device_is_available(p)) {
		why_set(why, whylen, "parent %s is disabled: nothing below it gets a device", path);
		return NULL;
	}
	if (is_bus_node(p)) {
		char up[LINE_MAX_LEN];

		/* A bus is populated only if it is itself on a populated bus. */
		if (!whynot_node_bus(p, cat, live, up, sizeof(up))) {
			why_set(why, whylen, "parent bus %s is not populated: %s", path, up);
			return NULL;
		}
		return "platform";
	}
	wb = controller_bus(p, live);
	if (wb) {
		struct device *ctrl = live ? whynot_find_device(p) : NULL;
		char up[LINE_MAX_LEN];

		/* The same words predicted and live: ofdump and the kernel agree. */
		if ((live && (!ctrl || ctrl->state != DEVICE_BOUND)) ||
		    (!live && (!whynot_node_bus(p, cat, live, up, sizeof(up)) ||
			       !whynot_best_driver(cat, p, "platform", NULL)))) {
			why_set(why, whylen, "its %s controller %s has no bound driver (whynot %s)",
				wb->label, path, path);
			return NULL;
		}
		return wb->name;
	}
	if (!of_get_property(p, "compatible", NULL))
		why_set(why, whylen, "parent %s is not a bus: it has no compatible (a bus says "
			"\"simple-bus\")", path);
	else
		why_set(why, whylen, "parent %s is not a bus: its compatible has no simple-bus, "
			"simple-mfd or arm,amba-bus", path);
	return NULL;
}

/* The first ancestor without `ranges` that stops reg reaching the CPU. */
static void check_ranges(struct device_node *np, const char *bus, whynot_out_t out, void *ctx)
{
	struct device_node *p;
	struct resource res;
	char path[96];

	if (strcmp(bus, "platform") || !of_get_property(np, "reg", NULL))
		return;
	if (of_address_to_resource(np, 0, &res) == 0)
		return;
	for (p = np->parent; p && !of_node_is_root(p); p = p->parent) {
		if (!of_get_property(p, "ranges", NULL)) {
			path_of(p, path, sizeof(path));
			say(out, ctx, "reg cannot be translated: %s has no `ranges` "
			    "(an empty `ranges;` maps 1:1); the device gets no registers", path);
			return;
		}
	}
	say(out, ctx, "reg cannot be translated to a CPU address (check the parents' ranges)");
}

/* A registered bus's own checks before it adds a device for @np (its code). */
static bool check_bus_child(struct device_node *np, const char *bus, whynot_out_t out, void *ctx)
{
	const struct whynot_bus *wb = find_bus(bus);
	char why[64];

	if (!wb || !wb->child_ok || wb->child_ok(np, why, sizeof(why)))
		return true;
	say(out, ctx, "%s: the %s core skips it", why, wb->label);
	return false;
}

struct near {
	const char *compat, *driver;
	int dist;
};

static void insert_near(struct near *n, int *count, const char *compat, const char *driver,
			int dist)
{
	int i, j;

	for (i = 0; i < *count; i++)
		if (!strcmp(n[i].compat, compat))
			return;
	for (i = 0; i < *count && n[i].dist <= dist; i++)
		;
	if (i >= NEAREST_MAX)
		return;
	if (*count < NEAREST_MAX)
		(*count)++;
	for (j = *count - 1; j > i; j--)
		n[j] = n[j - 1];
	n[i] = (struct near){ compat, driver, dist };
}

/* The device part after the vendor prefix: "pl011" of "arm,pl011". */
static const char *model(const char *compat)
{
	const char *comma = strchr(compat, ',');

	return comma ? comma + 1 : compat;
}

static void explain_no_driver(struct device_node *np, const struct whynot_catalog *cat,
			      const char *bus, whynot_out_t out, void *ctx)
{
	const struct whynot_driver *other;
	struct property *prop = of_find_property(np, "compatible", NULL);
	struct near near[NEAREST_MAX];
	const char *s;
	int count = 0, i;

	say(out, ctx, "no %s driver for any of its compatible strings:", bus);
	for (s = of_prop_next_string(prop, NULL); s; s = of_prop_next_string(prop, s)) {
		const struct of_device_id *id = NULL;
		const char *mod = cat->modalias ? cat->modalias(np, s) : NULL;
		int di = 0;

		say(out, ctx, "  \"%s\"%s%s", s, mod ? ": module " : "", mod ? mod : "");
		while (next_compat(cat, &di, &id)) {
			int d, limit = (int)strlen(s) / 4 + 1;

			/* Suggestions name built-in drivers only: the same whichever
			 * modules are loaded, and what ofdump's catalogue knows. */
			if (cat->module_of && cat->module_of(&cat->drivers[di]))
				continue;
			d = whynot_edit_distance(s, id->compatible);

			/* Same model, other vendor: "acme,pl011" for "arm,pl011". */
			if (!strcmp(model(s), model(id->compatible)))
				d = d < 1 ? 1 : d;
			else if (d > limit)
				continue;
			insert_near(near, &count, id->compatible, cat->drivers[di].name, d);
		}
	}
	other = whynot_best_driver(cat, np, NULL, NULL);
	if (other)
		say(out, ctx, "driver %s matches, but it is a %s driver and this node is on the "
		    "%s bus", other->name, other->bus, bus);
	for (i = 0; i < count; i++)
		say(out, ctx, "%s \"%s\" (driver %s)", i ? "      or" : "did you mean",
		    near[i].compat, near[i].driver);
	if (!count && !other)
		say(out, ctx, "no known string is close: the driver may not be built in");
}

/* Which of the node's strings @id matched: "the 1st of 2"; and the module
 * the driver lives in, when it is one. */
static void say_winner_in(struct device_node *np, const char *verb, const char *driver,
			  const char *mod, const struct of_device_id *id, whynot_out_t out,
			  void *ctx)
{
	int idx = id && id->compatible[0] ?
		of_property_match_string(np, "compatible", id->compatible) : -1;
	int n = of_property_count_strings(np, "compatible");
	char in[MODULE_NAME_LEN + 16] = "";

	if (mod)
		snprintf(in, sizeof(in), " (module %s)", mod);
	if (idx >= 0)
		say(out, ctx, "%s %s%s, by table entry \"%s\" (string %d of %d in compatible)",
		    verb, driver, in, id->compatible, idx + 1, n);
	else
		say(out, ctx, "%s %s%s (matched by name or type)", verb, driver, in);
}

/* Which of the node's strings @id matched: "the 1st of 2". */
static void say_winner(struct device_node *np, const char *verb, const char *driver,
		       const struct of_device_id *id, whynot_out_t out, void *ctx)
{
	say_winner_in(np, verb, driver, NULL, id, out, ctx);
}

/*
 * Prediction of deferred probe: a driver asks for its interrupts, clocks
 * and GPIO lines, and waits while their providers have not probed.  What
 * becomes of a provider: disabled, no driver, itself waiting, or fine.
 */
enum supplier_fate { SUPPLIER_OK, SUPPLIER_DISABLED, SUPPLIER_NO_DRIVER, SUPPLIER_DEFERS };
#define SUPPLIER_DEPTH_MAX 8

struct blocking;
static struct device_node *blocking_supplier(struct device_node *np,
					     const struct whynot_catalog *cat, int depth,
					     enum supplier_fate *fate, const char **kind,
					     struct blocking *out);

static enum supplier_fate supplier_fate(struct device_node *sup, const struct whynot_catalog *cat,
					int depth)
{
	enum supplier_fate f;
	const char *kind;
	char why[LINE_MAX_LEN];
	const char *bus;

	if (!of_device_is_available(sup))
		return SUPPLIER_DISABLED;
	if (of_fixed_clk_off_bus(sup))
		return SUPPLIER_OK;
	bus = whynot_node_bus(sup, cat, false, why, sizeof(why));
	if (!bus || (!whynot_best_driver(cat, sup, bus, NULL) && !whynot_module(cat, sup, NULL)))
		return SUPPLIER_NO_DRIVER;
	/* Deep chains (or a loop in a broken tree) are not followed further. */
	if (depth >= SUPPLIER_DEPTH_MAX)
		return SUPPLIER_OK;
	return blocking_supplier(sup, cat, depth + 1, &f, &kind, NULL) ? SUPPLIER_DEFERS :
									 SUPPLIER_OK;
}

struct blocking {
	const struct whynot_catalog *cat;
	struct device_node *np, *found;
	int depth;
	enum supplier_fate fate;
	const char *kind;
	/* The first missing supplier the probe does not ask for: the kernel
	 * gives up on it at the end of boot and probes anyway. */
	struct device_node *given_up;
	enum supplier_fate given_up_fate;
	const char *given_up_prop;
};

/* The words the kernel's drivers use when they wait for one. */
static const char *supplier_noun(const struct of_supplier_binding *b)
{
	if (b->kind == OF_SUP_IRQ_PARENT || b->kind == OF_SUP_IRQ_MAP ||
	    !strcmp(b->prop, "interrupts-extended"))
		return "interrupt parent";
	if (!strcmp(b->prop, "clocks"))
		return "clock";
	if (!strcmp(b->prop, "gpios") || !strcmp(b->prop, "-gpios"))
		return "GPIO controller";
	return b->prop;
}

static int check_one(void *data, const struct of_supplier_ref *ref)
{
	struct blocking *bl = data;
	struct device_node *sup = ref->supplier;

	struct device_node *dev_np;
	char why[LINE_MAX_LEN];

	/* The node the link goes to: the nearest with a device of its own. */
	while (sup->parent && !of_node_is_root(sup->parent) &&
	       !of_get_property(sup, "compatible", NULL))
		sup = sup->parent;
	/* A provider on no bus (Calxeda's clocks in their system registers
	 * block) is registered by the driver of the nearest ancestor that has
	 * a device, as fw_devlink links it: that device's fate is its own. */
	for (dev_np = sup; !of_fixed_clk_off_bus(dev_np) && dev_np->parent &&
	     !of_node_is_root(dev_np->parent) && of_device_is_available(dev_np->parent) &&
	     !whynot_node_bus(dev_np, bl->cat, false, why, sizeof(why));)
		dev_np = dev_np->parent;
	bl->fate = supplier_fate(dev_np, bl->cat, bl->depth);
	if (bl->fate == SUPPLIER_OK)
		return 0;
	/* Probes ask only for interrupts, clocks and GPIO lines (what
	 * -EPROBE_DEFER comes from); a regulator, reset, PHY... link is given
	 * up on.  So is a disabled input of a clock provider: providers ask
	 * only for the inputs they need (the Pi's cprman lists the DSI PHYs'
	 * clocks, disabled on most boards, and runs without them, as Linux's
	 * providers leave such parents orphaned). */
	if ((strcmp(supplier_noun(ref->binding), "interrupt parent") &&
	     strcmp(supplier_noun(ref->binding), "clock") &&
	     strcmp(supplier_noun(ref->binding), "GPIO controller")) ||
	    (bl->fate == SUPPLIER_DISABLED && !strcmp(supplier_noun(ref->binding), "clock") &&
	     of_get_property(ref->from, "#clock-cells", NULL))) {
		if (!bl->given_up) {
			bl->given_up = sup;
			bl->given_up_fate = bl->fate;
			bl->given_up_prop = ref->binding->prop;
		}
		bl->fate = SUPPLIER_OK;
		return 0;
	}
	bl->found = sup;
	bl->kind = supplier_noun(ref->binding);
	return 1;
}

/* The first supplier (of/supplier.c's table, in property order) that will
 * not be there for @np's probe. */
static struct device_node *blocking_supplier(struct device_node *np,
					     const struct whynot_catalog *cat, int depth,
					     enum supplier_fate *fate, const char **kind,
					     struct blocking *out)
{
	struct blocking bl = { cat, np, NULL, depth, SUPPLIER_OK, NULL, NULL, SUPPLIER_OK, NULL };

	of_for_each_supplier(np, check_one, &bl);
	*fate = bl.fate;
	*kind = bl.kind;
	if (out)
		*out = bl;
	return bl.found;
}

static const char *const fate_text[] = {
	[SUPPLIER_OK] = "",
	[SUPPLIER_DISABLED] = " (that node is disabled)",
	[SUPPLIER_NO_DRIVER] = " (no driver for it)",
	[SUPPLIER_DEFERS] = " (itself deferred)",
};

/*
 * Off the live kernel: would the driver (built in or a module) get what its
 * probe asks for, or defer for an interrupt parent or clock provider?
 */
static enum whynot_verdict predict_suppliers(struct device_node *np,
					     const struct whynot_catalog *cat,
					     whynot_out_t out, void *ctx)
{
	enum supplier_fate fate;
	const char *kind;
	struct blocking bl;
	struct device_node *sup = blocking_supplier(np, cat, 0, &fate, &kind, &bl);
	char path[96];

	if (!sup && bl.given_up) {
		path_of(bl.given_up, path, sizeof(path));
		say(out, ctx, "its supplier %s (%s)%s never binds: the kernel gives up on it "
		    "at the end of boot and probes anyway", path, bl.given_up_prop,
		    fate_text[bl.given_up_fate]);
	}
	if (!sup)
		return WHYNOT_WOULD_BIND;
	path_of(sup, path, sizeof(path));
	say(out, ctx, "its probe would defer: waiting for %s %s%s", kind, path, fate_text[fate]);
	return WHYNOT_WOULD_DEFER;
}

/*
 * Devices a bound driver made below its own, with no node of their own (a
 * transport's device): what became of each; with none, what the transport
 * says of that.
 */
static void explain_children(struct device_node *np, struct device *parent, whynot_out_t out,
			     void *ctx)
{
	struct bus_type *bus = NULL;
	int n = 0;

	while ((bus = bus_next(bus))) {
		struct device *dev;

		list_for_each_entry(dev, &bus->devices, bus_node) {
			const struct device_driver *drv = dev->driver ? dev->driver : dev->tried;
			const char *mod = drv ? module_name_at(drv) : NULL;
			char alias[64] = "";

			if (dev->parent != parent || dev->of_node)
				continue;
			n++;
			if (dev->state == DEVICE_BOUND) {
				say(out, ctx, "its device %s (%s bus): bound to driver %s%s%s", dev_name(dev),
				    bus->name, drv->name, mod ? ", module " : "", mod ? mod : "");
				continue;
			}
			if (dev->state != DEVICE_NO_DRIVER) {
				say(out, ctx, "its device %s (%s bus): %s by driver %s: %s", dev_name(dev),
				    bus->name, dev_state_name(dev->state), drv->name,
				    dev->state == DEVICE_FAILED ? errname(dev->probe_err) :
				    dev->defer_reason);
				continue;
			}
			mod = NULL;
			if (bus->modalias) {
				bus->modalias(dev, alias, sizeof(alias));
				mod = module_alias_lookup_modalias(alias);
			}
			if (mod)
				say(out, ctx, "its device %s (%s bus): no driver; %s is module %s, not "
				    "loaded (insmod %s)", dev_name(dev), bus->name, alias, mod, mod);
			else
				say(out, ctx, "its device %s (%s bus): no driver, and no module for %s",
				    dev_name(dev), bus->name, alias[0] ? alias : "it");
		}
	}
	if (!n)
		say_runtime_devices(np, true, out, ctx);
}

static enum whynot_verdict explain_live(struct device_node *np, const struct whynot_catalog *cat,
					const struct whynot_driver *wd, const char *bus,
					whynot_out_t out, void *ctx)
{
	struct device *dev = whynot_find_device(np);
	const struct device_driver *drv;
	const char *mod;
	char why[64], in_mod[MODULE_NAME_LEN + 12] = "";

	if (!dev) {
		say(out, ctx, "no device was made for it on the %s bus (see dmesg)", bus);
		return WHYNOT_NO_DEVICE;
	}
	drv = dev->driver ? dev->driver : dev->tried;
	mod = cat->module_of && !strcmp(wd->name, drv->name) ? cat->module_of(wd) : NULL;
	if (mod)
		snprintf(in_mod, sizeof(in_mod), " (module %s)", mod);
	switch (dev->state) {
	case DEVICE_BOUND:
		say_winner_in(np, "bound to driver", drv->name, mod, dev->match, out, ctx);
		say(out, ctx, "device %s on the %s bus", dev_name(dev), bus);
		explain_children(np, dev, out, ctx);
		device_links_explain(dev, out, ctx);
		return WHYNOT_BOUND;
	case DEVICE_DEFERRED:
		device_supplier_status(dev, why, sizeof(why));
		say(out, ctx, "probe deferred by driver %s%s: %s%s", drv->name, in_mod,
		    dev->defer_reason, why);
		device_links_explain(dev, out, ctx);
		return WHYNOT_DEFERRED;
	case DEVICE_FAILED:
		say(out, ctx, "probe by driver %s%s failed: %s%s%s", drv->name, in_mod,
		    errname(dev->probe_err), dev->defer_reason[0] ? ": " : "",
		    dev->defer_reason[0] ? dev->defer_reason : " (the driver gave no reason; see dmesg)");
		device_links_explain(dev, out, ctx);
		return WHYNOT_FAILED;
	case DEVICE_WAITING:
		say(out, ctx, "not probed yet by driver %s%s: a supplier is not bound", drv->name,
		    in_mod);
		device_links_explain(dev, out, ctx);
		return WHYNOT_WAITING;
	case DEVICE_NO_DRIVER:
		break;
	}
	say(out, ctx, "device %s exists, but no registered driver matches", dev_name(dev));
	return WHYNOT_NO_DRIVER;
}

/*
 * A clock provider on no bus (Calxeda's clocks in their system registers
 * block): no device of its own, but the driver of its nearest ancestor
 * with one registers it, as Linux's of_clk_init() would by compatible.
 * Judged by the tree and the catalogue, so ofdump says the same.
 */
static void explain_clock_on_no_bus(struct device_node *np, const struct whynot_catalog *cat,
				    whynot_out_t out, void *ctx)
{
	const struct whynot_driver *drv;
	struct device_node *anc;
	char why[LINE_MAX_LEN], path[96];
	const char *bus = NULL;

	if (!of_get_property(np, "#clock-cells", NULL))
		return;
	for (anc = np->parent; anc && !of_node_is_root(anc); anc = anc->parent) {
		if (!of_device_is_available(anc))
			return;
		if (of_get_property(anc, "compatible", NULL) &&
		    (bus = whynot_node_bus(anc, cat, false, why, sizeof(why))))
			break;
	}
	drv = bus ? whynot_best_driver(cat, anc, bus, NULL) : NULL;
	/* Built in, as clock providers are: ofdump knows those alone. */
	if (!drv || (cat->module_of && cat->module_of(drv)))
		return;
	path_of(anc, path, sizeof(path));
	say(out, ctx, "a clock provider: driver %s of %s registers the clocks below it "
	    "(no device of their own needed)", drv->name, path);
}

/*
 * The architecture's SMP code, which knows whether it started the core and
 * why not, overrides this; on the host no core was started, and a CPU
 * node is predicted from the tree alone.
 */
__attribute__((weak)) bool arch_whynot_cpu(struct device_node *np, whynot_out_t out, void *ctx)
{
	(void)np;
	(void)out;
	(void)ctx;
	return false;
}

static bool is_cpu_node(struct device_node *np)
{
	struct device_node *cpu;

	for_each_of_cpu_node(cpu) {
		if (cpu == np) {
			of_node_put(cpu);       /* the loop's, left early */
			return true;
		}
	}
	return false;
}

/* A CPU is no device: its enable-method starts it, not a driver. */
static enum whynot_verdict explain_cpu(struct device_node *np, bool live, whynot_out_t out,
				       void *ctx)
{
	const char *method = of_cpu_enable_method(np);

	if (method)
		say(out, ctx, "a CPU: no driver binds it; enable-method \"%s\" starts it", method);
	else
		say(out, ctx, "a CPU: no driver binds it, and its node names no enable-method");
	if (live)
		arch_whynot_cpu(np, out, ctx);
	return WHYNOT_CPU;
}

enum whynot_verdict whynot_explain(struct device_node *np, const struct whynot_catalog *cat,
				   bool live, whynot_out_t out, void *ctx)
{
	enum whynot_verdict v = WHYNOT_CONTAINER;
	const struct of_device_id *id;
	const struct whynot_driver *drv;
	char why[LINE_MAX_LEN];
	const char *bus;
	bool blocked = false;

	if (of_node_is_root(np)) {
		say(out, ctx, "the root is the machine: its children are the devices");
		return WHYNOT_CONTAINER;
	}
	if (is_cpu_node(np))
		return explain_cpu(np, live, out, ctx);
	if (!of_device_is_available(np)) {
		const char *st = of_get_property(np, "status", NULL);

		say(out, ctx, "disabled: status = \"%s\" (\"okay\" enables it)", st ? st : "?");
		v = WHYNOT_DISABLED;
		blocked = true;
	}
	bus = whynot_node_bus(np, cat, live, why, sizeof(why));
	if (!bus) {
		say(out, ctx, "%s", why);
		if (of_fixed_clk_off_bus(np))
			say(out, ctx, "a fixed-clock: registered at init as a clock provider (as Linux's of_clk_init), so its consumers get it");
		if (!blocked)
			explain_clock_on_no_bus(np, cat, out, ctx);
		if (!blocked)
			v = WHYNOT_NO_BUS;
		blocked = true;
	}
	if (!of_get_property(np, "compatible", NULL)) {
		say(out, ctx, "no compatible: nothing can match it%s",
		    np->child ? " (its children may be devices)" : "");
		return blocked ? v : WHYNOT_NO_COMPATIBLE;
	}
	if (bus && !strcmp(bus, "platform") && is_bus_node(np) &&
	    !of_platform_bus_is_device(np)) {
		say(out, ctx, "a bus node: a container, its children are the devices");
		return blocked ? v : WHYNOT_CONTAINER;
	}
	if (bus && !check_bus_child(np, bus, out, ctx)) {
		if (!blocked)
			v = WHYNOT_NO_DEVICE;
		blocked = true;
	}
	if (bus)
		check_ranges(np, bus, out, ctx);
	drv = whynot_best_driver(cat, np, bus ? bus : "platform", &id);
	if (!drv) {
		const char *compat, *mod = bus && !blocked ? whynot_module(cat, np, &compat) : NULL;

		if (mod && live) {
			say(out, ctx, "\"%s\": module %s is not loaded (insmod %s)", compat, mod, mod);
			return WHYNOT_NOT_LOADED;
		}
		if (mod) {
			say(out, ctx, "would bind through module %s (\"%s\" in modules.alias: the "
			    "kernel loads it at boot)", mod, compat);
			return predict_suppliers(np, cat, out, ctx);
		}
		/* Off any bus, which driver would match is beside the point. */
		if (bus)
			explain_no_driver(np, cat, bus, out, ctx);
		return blocked ? v : WHYNOT_NO_DRIVER;
	}
	if (blocked) {
		say_winner(np, "would otherwise bind to driver", drv->name, id, out, ctx);
		return v;
	}
	if (live)
		return explain_live(np, cat, drv, bus, out, ctx);
	say_winner(np, "would bind to driver", drv->name, id, out, ctx);
	/* What is plugged into a transport's slot, the device says when asked. */
	say_runtime_devices(np, false, out, ctx);
	return predict_suppliers(np, cat, out, ctx);
}

const char *whynot_module(const struct whynot_catalog *cat, const struct device_node *np,
			  const char **compat)
{
	const char *s = NULL, *mod;

	if (!cat->modalias)
		return NULL;
	while ((s = of_prop_next_string(of_find_property(np, "compatible", NULL), s))) {
		mod = cat->modalias(np, s);
		if (mod) {
			if (compat)
				*compat = s;
			return mod;
		}
	}
	return NULL;
}

struct device *whynot_find_device(const struct device_node *np)
{
	struct bus_type *bus = NULL;

	while ((bus = bus_next(bus))) {
		struct device *dev;

		list_for_each_entry(dev, &bus->devices, bus_node)
			if (dev->of_node == np)
				return dev;
	}
	return NULL;
}

#define LIVE_DRIVERS_MAX 64
static struct whynot_driver live_drivers[LIVE_DRIVERS_MAX];

/* The module a registered driver came with: the one whose core holds its table. */
static const char *live_module_of(const struct whynot_driver *drv)
{
	return module_name_at(drv->of_match_table);
}

static struct whynot_catalog live_catalog = {
	.drivers = live_drivers,
	.modalias = module_alias_lookup,
	.module_of = live_module_of,
};

const struct whynot_catalog *whynot_live_catalog(void)
{
	struct bus_type *bus = NULL;
	int n = 0;

	while ((bus = bus_next(bus))) {
		struct device_driver *drv;

		list_for_each_entry(drv, &bus->drivers, bus_node) {
			if (n == LIVE_DRIVERS_MAX) {
				pr_warn("whynot: more than %d drivers, the rest are not searched\n",
					LIVE_DRIVERS_MAX);
				goto out;
			}
			live_drivers[n++] = (struct whynot_driver){
				drv->name, bus->name, drv->of_match_table };
		}
	}
out:
	live_catalog.count = n;
	return &live_catalog;
}
