// SPDX-License-Identifier: BSD-2-Clause
/*
 * Overlay parameters, the Raspberry Pi firmware's way (`dtoverlay=NAME,
 * param=value`, `dtparam=`): an overlay's root may hold an `__overrides__`
 * node; each of its properties is a parameter, and its value a list of
 * targets, each a phandle of one of the overlay's own nodes followed by a
 * string that says which property and how:
 *
 *   <&node>,"prop"      a string: the value, as given ("status" is
 *                       special: a truth value becomes "okay"/"disabled")
 *   <&node>,"prop.N"    an integer at byte offset N of prop: 8 bits
 *   <&node>,"prop;N"    16 bits
 *   <&node>,"prop:N"    32 bits (one cell, the usual case)
 *   <&node>,"prop#N"    64 bits
 *   <&node>,"prop?"     a boolean: true creates prop (empty), false deletes it
 *
 * An integer target grows the property (zero-filled) or creates it when
 * it is too short or missing.  Integers are decimal, 0x hex or 0 octal;
 * a truth value is y/yes/on/true or n/no/off/false, or a number (0 false).
 * What else the firmware knows (<0> fragment switches, "prop!" inverted
 * booleans, "prop=value" literals) is refused by name, as are a parameter
 * the overlay does not define and a value of the wrong type.
 *
 * The parameters are set on the overlay's private copy before any of it
 * reaches the live tree, so a refusal leaves nothing behind.
 */
#include <stdarg.h>

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "of_private.h"

/* What a parameter's values and new properties are allocated in. */
struct of_param_mem {
	struct of_param_mem *next;
	u64 data[];             /* aligned for any property value */
};

/* A new boolean's value: zero bytes long, never read. */
static u32 empty_value;

enum param_kind { PARAM_STRING, PARAM_INT, PARAM_BOOL };

/* One target: node, property and how the value is written. */
struct param_target {
	struct device_node *np;
	char prop[64];
	enum param_kind kind;
	unsigned int width;     /* PARAM_INT: bytes (1, 2, 4 or 8) */
	unsigned int offset;    /* PARAM_INT: bytes into the property */
};

struct param_ctx {
	struct device_node *root;
	struct of_param_mem **mem;
	char *why;
	size_t whylen;
};

static void *param_alloc(struct param_ctx *c, size_t size)
{
	struct of_param_mem *m = kzalloc(sizeof(*m) + size, GFP_KERNEL);

	if (!m)
		return NULL;
	m->next = *c->mem;
	*c->mem = m;
	return m->data;
}

void of_overlay_params_free(struct of_param_mem *mem)
{
	while (mem) {
		struct of_param_mem *next = mem->next;

		kfree(mem);
		mem = next;
	}
}

/*
 * A truth value as the firmware reads one.
 * Return: 0 and *@on set; -EINVAL when @s is none.
 */
static int parse_bool(const char *s, bool *on)
{
	static const char *const yes[] = { "y", "yes", "on", "true" };
	static const char *const no[] = { "n", "no", "off", "false" };
	unsigned long long v;

	for (unsigned int i = 0; i < ARRAY_SIZE(yes); i++) {
		if (!strcmp(s, yes[i]) || !strcmp(s, no[i])) {
			*on = !strcmp(s, yes[i]);
			return 0;
		}
	}
	if (kstrtoull(s, 0, &v))
		return -EINVAL;
	*on = v != 0;
	return 0;
}

static bool is_bookkeeping(const struct device_node *np)
{
	return !strcmp(np->full_name, "__overrides__") || !strcmp(np->full_name, "__fixups__") ||
	       !strcmp(np->full_name, "__local_fixups__") || !strcmp(np->full_name, "__symbols__");
}

/* The overlay's node with phandle @ph, outside its bookkeeping nodes. */
static struct device_node *overlay_node(struct device_node *root, phandle ph)
{
	struct device_node *np, *top;

	for (np = root; np; np = __of_find_all_nodes(np)) {
		if (np->phandle != ph)
			continue;
		for (top = np; top->parent && top->parent != root; top = top->parent)
			;
		return top == root || is_bookkeeping(top) ? NULL : np;
	}
	return NULL;
}

/*
 * @np as a refusal names it: its path in the overlay and, for a fragment's
 * node, where it lands ("/fragment@1/__overlay__ (/soc/serial@7e215040)").
 */
static void describe(struct device_node *root, struct device_node *np, char *buf, size_t size)
{
	struct device_node *frag, *ovn, *target = NULL;
	char own[128], where[128];
	const __be32 *ph;
	const char *tpath;
	size_t below;
	int len;

	of_node_full_path(np, own, sizeof(own));
	snprintf(buf, size, "%s", own);
	for (ovn = np; ovn->parent && ovn->parent->parent != root; ovn = ovn->parent)
		;
	frag = ovn->parent;
	if (!frag || frag == root || strcmp(ovn->full_name, "__overlay__"))
		return;
	ph = of_get_property(frag, "target", &len);
	tpath = of_get_property(frag, "target-path", NULL);
	if (ph && len == 4)
		target = of_find_node_by_phandle(get_unaligned_be32(ph));
	else if (tpath && tpath[0] == '/')
		target = of_find_node_by_path(tpath);
	/* own is "/fragment@N/__overlay__" and what lies below it there */
	below = 1 + strlen(frag->full_name) + strlen("/__overlay__");
	if (target && of_node_full_path(target, where, sizeof(where)) >= 0 && strlen(own) >= below)
		snprintf(buf, size, "%s (%s%s)", own, strcmp(where, "/") ? where : "", own + below);
	of_node_put(target);
}

/* "prop", "prop:N", "prop?" ... into @t; the refusal names @name and @path. */
static int parse_spec(struct param_ctx *c, const char *name, const char *path, const char *spec,
		      struct param_target *t)
{
	static const char widths[] = ".;:#";
	const char *sep = spec, *w;
	size_t len;

	/* The name runs to the first type mark; a leading '#' is the name's
	 * ("#address-cells:0"). */
	if (*sep)
		sep++;
	while (*sep && !strchr(".;:#?!=[", *sep))
		sep++;
	len = (size_t)(sep - spec);

	if (!len || len >= sizeof(t->prop))
		return why_fail(c->why, c->whylen, -EINVAL,
				"parameter '%s': %s: target \"%s\" names no property", name, path,
				spec);
	memcpy(t->prop, spec, len);
	t->prop[len] = '\0';
	if (!*sep) {
		t->kind = PARAM_STRING;
		return 0;
	}
	if (*sep == '?' && !sep[1]) {
		t->kind = PARAM_BOOL;
		return 0;
	}
	w = strchr(widths, *sep);
	if (!w)
		return why_fail(c->why, c->whylen, -EINVAL,
				"parameter '%s': %s: target \"%s\": '%c' targets are not supported (only \"prop\", \"prop?\" and \"prop.N\", \";N\", \":N\", \"#N\")",
				name, path, spec, *sep);
	if (sep[1] < '0' || sep[1] > '9' || kstrtouint(sep + 1, 10, &t->offset))
		return why_fail(c->why, c->whylen, -EINVAL,
				"parameter '%s': %s: target \"%s\": the byte offset after '%c' is not a number",
				name, path, spec, *sep);
	t->kind = PARAM_INT;
	t->width = 1u << (w - widths);
	return 0;
}

/* A new value for @t's property: existing @pp changed, or a new property. */
static int set_prop(struct param_ctx *c, struct param_target *t, struct property *pp,
		    void *value, int length)
{
	if (!pp) {
		size_t nlen = strlen(t->prop) + 1;

		pp = param_alloc(c, sizeof(*pp) + nlen);
		if (!pp)
			return -ENOMEM;
		memcpy(pp + 1, t->prop, nlen);
		pp->name = (const char *)(pp + 1);
		pp->next = t->np->properties;
		t->np->properties = pp;
	}
	pp->value = value;
	pp->length = length;
	return 0;
}

static void delete_prop(struct device_node *np, struct property *pp)
{
	struct property **link;

	for (link = &np->properties; *link; link = &(*link)->next) {
		if (*link == pp) {
			*link = pp->next;
			return;
		}
	}
}

static int write_int(struct param_ctx *c, const char *name, const char *path,
		     struct param_target *t, struct property *pp, const char *value)
{
	unsigned long long v;
	bool on;
	int old = pp ? pp->length : 0;
	int length;
	u8 *buf;

	if (kstrtoull(value, 0, &v)) {
		if (parse_bool(value, &on))
			return why_fail(c->why, c->whylen, -EINVAL,
					"parameter '%s': %s: property %s wants a number, not '%s'",
					name, path, t->prop, value);
		v = on;
	}
	if (t->width < 8 && v >> (8 * t->width))
		return why_fail(c->why, c->whylen, -EINVAL,
				"parameter '%s': %s: property %s: %s does not fit in %u bits",
				name, path, t->prop, value, 8 * t->width);
	if (t->offset > 4096)
		return why_fail(c->why, c->whylen, -EINVAL,
				"parameter '%s': %s: property %s: offset %u is beyond any property",
				name, path, t->prop, t->offset);
	length = max(old, (int)(t->offset + t->width));
	buf = param_alloc(c, (size_t)length);
	if (!buf)
		return -ENOMEM;
	if (old)
		memcpy(buf, pp->value, (size_t)old);
	for (unsigned int i = 0; i < t->width; i++)
		buf[t->offset + i] = (u8)(v >> (8 * (t->width - 1 - i)));
	return set_prop(c, t, pp, buf, length);
}

static int write_string(struct param_ctx *c, const char *name, const char *path,
			struct param_target *t, struct property *pp, const char *value)
{
	size_t len;
	char *buf;
	bool on;

	/* "status" takes a truth value: the firmware writes it as okay/disabled. */
	if (!strcmp(t->prop, "status")) {
		if (parse_bool(value, &on))
			return why_fail(c->why, c->whylen, -EINVAL,
					"parameter '%s': %s: status wants on or off (y/yes/true, n/no/false, a number), not '%s'",
					name, path, value);
		value = on ? "okay" : "disabled";
	}
	len = strlen(value) + 1;
	buf = param_alloc(c, len);
	if (!buf)
		return -ENOMEM;
	memcpy(buf, value, len);
	return set_prop(c, t, pp, buf, (int)len);
}

static int write_bool(struct param_ctx *c, const char *name, const char *path,
		      struct param_target *t, struct property *pp, const char *value)
{
	bool on;

	if (parse_bool(value, &on))
		return why_fail(c->why, c->whylen, -EINVAL,
				"parameter '%s': %s: boolean %s wants on or off (y/yes/true, n/no/false, a number), not '%s'",
				name, path, t->prop, value);
	if (!on) {
		if (pp)
			delete_prop(t->np, pp);
		return 0;
	}
	return set_prop(c, t, pp, pp ? pp->value : &empty_value, 0);
}

/* Set every target of parameter @ov_param (a property of __overrides__). */
static int set_param(struct param_ctx *c, const struct property *ov_param, const char *value)
{
	const char *name = ov_param->name, *v = ov_param->value, *end = v + ov_param->length;
	struct param_target t;
	struct property *pp;
	char path[300];
	int ret;

	if (!ov_param->length)
		return why_fail(c->why, c->whylen, -EINVAL,
				"parameter '%s': __overrides__/%s has no targets", name, name);
	while (v < end) {
		phandle ph;
		size_t slen;

		if (end - v < 5)
			return why_fail(c->why, c->whylen, -EINVAL,
					"parameter '%s': __overrides__/%s is not <&node>,\"property\" pairs",
					name, name);
		ph = get_unaligned_be32(v);
		v += 4;
		slen = strnlen(v, (size_t)(end - v));
		if (v + slen == end)
			return why_fail(c->why, c->whylen, -EINVAL,
					"parameter '%s': __overrides__/%s: a target's string is not terminated",
					name, name);
		if (!ph)
			return why_fail(c->why, c->whylen, -EINVAL,
					"parameter '%s': target <0>,\"%s\": fragment switches are not supported",
					name, v);
		memset(&t, 0, sizeof(t));
		t.np = overlay_node(c->root, ph);
		if (!t.np)
			return why_fail(c->why, c->whylen, -EINVAL,
					"parameter '%s': target <0x%x> is not a node of the overlay's fragments",
					name, ph);
		describe(c->root, t.np, path, sizeof(path));
		ret = parse_spec(c, name, path, v, &t);
		if (ret)
			return ret;
		pp = of_find_property(t.np, t.prop, NULL);
		if (t.kind == PARAM_INT)
			ret = write_int(c, name, path, &t, pp, value);
		else if (t.kind == PARAM_STRING)
			ret = write_string(c, name, path, &t, pp, value);
		else
			ret = write_bool(c, name, path, &t, pp, value);
		if (ret == -ENOMEM)
			why_set(c->why, c->whylen, "parameter '%s': no memory", name);
		if (ret)
			return ret;
		v += slen + 1;
	}
	return 0;
}

/* "its parameters: a, b, c" (or "it has none") into @buf, for a refusal. */
static void list_params(const struct device_node *ovr, char *buf, size_t size)
{
	const struct property *pp;
	size_t used;

	snprintf(buf, size, ovr && ovr->properties ? "its parameters:" : "it defines none");
	for (pp = ovr ? ovr->properties : NULL; pp; pp = pp->next) {
		used = strlen(buf);
		snprintf(buf + used, size - used, "%s %s", pp == ovr->properties ? "" : ",",
			 pp->name);
	}
}

int of_overlay_params_set(struct device_node *root, const char *const *params, int nparams,
			  struct of_param_mem **mem, char *why, size_t whylen)
{
	struct param_ctx c = { root, mem, why, whylen };
	struct device_node *ovr = __of_find_node_by_path(root, "__overrides__");
	char have[96], name[64];
	const char *eq;
	int ret;

	for (int i = 0; i < nparams; i++) {
		const struct property *pp;

		eq = strchr(params[i], '=');
		if (!eq || eq == params[i] || !eq[1] || (size_t)(eq - params[i]) >= sizeof(name))
			return why_fail(why, whylen, -EINVAL,
					"parameter '%s': not name=value", params[i]);
		memcpy(name, params[i], (size_t)(eq - params[i]));
		name[eq - params[i]] = '\0';
		pp = ovr ? of_find_property(ovr, name, NULL) : NULL;
		if (!pp) {
			list_params(ovr, have, sizeof(have));
			return why_fail(why, whylen, -EINVAL,
					"no parameter '%s' in the overlay's __overrides__ (%s)", name,
					have);
		}
		ret = set_param(&c, pp, eq + 1);
		if (ret)
			return ret;
	}
	return 0;
}
