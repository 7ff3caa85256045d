// SPDX-License-Identifier: BSD-2-Clause
/*
 * Reading properties of the live tree, with Linux's semantics and error
 * codes: -EINVAL when the property is missing, -ENODATA when it has no value
 * (or, for strings, fewer strings than asked for), -EOVERFLOW when it is too
 * short (or too long) for what is asked, -EILSEQ when a string is not
 * terminated inside the property.
 *
 * Property values live in the blob, 4-byte aligned: 32-bit cells are read
 * directly, 64-bit values as two cells (never one 8-byte load).
 */
#define pr_fmt(fmt) "of: " fmt

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/printk.h>
#include <linux/string.h>

#include "of_private.h"

/**
 * of_find_property() - @np's property called @name
 * @lenp: when not NULL and the property exists, set to its length in bytes
 * Return: the property, or NULL when @np or the property is missing.
 */
struct property *of_find_property(const struct device_node *np,
				  const char *name, int *lenp)
{
	struct property *pp;

	if (!np || !name)
		return NULL;
	for (pp = np->properties; pp; pp = pp->next) {
		if (!strcmp(pp->name, name)) {
			if (lenp)
				*lenp = pp->length;
			return pp;
		}
	}
	return NULL;
}
EXPORT_SYMBOL(of_find_property);

/**
 * of_get_property() - the value of @np's property @name
 * @lenp: when not NULL and the property exists, set to its length
 * Return: a pointer to the value (big-endian cells, inside the blob), or
 * NULL when the property is missing.
 */
const void *of_get_property(const struct device_node *np, const char *name,
			    int *lenp)
{
	struct property *pp = of_find_property(np, name, lenp);

	return pp ? pp->value : NULL;
}
EXPORT_SYMBOL(of_get_property);

/**
 * of_property_read_bool() - is property @propname present (with or without
 * a value)?
 * Return: true or false.
 */
bool of_property_read_bool(const struct device_node *np, const char *propname)
{
	return of_find_property(np, propname, NULL) != NULL;
}
EXPORT_SYMBOL(of_property_read_bool);

/**
 * of_property_count_elems_of_size() - how many @elem_size-byte elements
 * property @propname holds
 * Return: the count; -EINVAL when the property is missing, its length is not
 * a multiple of @elem_size or @elem_size is not positive; -ENODATA when it
 * has no value.
 */
int of_property_count_elems_of_size(const struct device_node *np,
				    const char *propname, int elem_size)
{
	struct property *prop = of_find_property(np, propname, NULL);

	if (!prop || elem_size <= 0)
		return -EINVAL;
	if (!prop->value)
		return -ENODATA;
	if (prop->length % elem_size)
		return -EINVAL;
	return prop->length / elem_size;
}
EXPORT_SYMBOL(of_property_count_elems_of_size);

/*
 * The value of @propname when its length lies in [@min, @max] (@max 0: no
 * upper bound); *@len gets the length.
 */
static const void *value_of_size(const struct device_node *np,
				 const char *propname, size_t min, size_t max,
				 size_t *len, int *err)
{
	struct property *prop = of_find_property(np, propname, NULL);

	if (!prop) {
		*err = -EINVAL;
		return NULL;
	}
	if (!prop->value) {
		*err = -ENODATA;
		return NULL;
	}
	if ((size_t)prop->length < min || (max && (size_t)prop->length > max)) {
		*err = -EOVERFLOW;
		return NULL;
	}
	if (len)
		*len = (size_t)prop->length;
	*err = 0;
	return prop->value;
}

/**
 * of_property_read_u32_index() - cell @index of property @propname
 * Return: 0 and *@out_value set; -EINVAL missing; -ENODATA no value;
 * -EOVERFLOW when the property is too short to have that cell.
 */
int of_property_read_u32_index(const struct device_node *np,
			       const char *propname, u32 index, u32 *out_value)
{
	const __be32 *val;
	int err;

	val = value_of_size(np, propname, ((size_t)index + 1) * 4, 0, NULL, &err);
	if (!val)
		return err;
	*out_value = be32_to_cpu(val[index]);
	return 0;
}
EXPORT_SYMBOL(of_property_read_u32_index);

/**
 * of_property_read_u64_index() - 64-bit element @index of @propname
 * Return: 0 and *@out_value set; -EINVAL; -ENODATA; -EOVERFLOW.
 */
int of_property_read_u64_index(const struct device_node *np,
			       const char *propname, u32 index, u64 *out_value)
{
	const __be32 *val;
	int err;

	val = value_of_size(np, propname, ((size_t)index + 1) * 8, 0, NULL, &err);
	if (!val)
		return err;
	*out_value = of_read_number(val + 2 * index, 2);
	return 0;
}
EXPORT_SYMBOL(of_property_read_u64_index);

/*
 * The common part of the variable array readers: how many elements of
 * @esize bytes to read, given at least @sz_min and at most @sz_max (0: just
 * @sz_min).
 */
static const u8 *array_of(const struct device_node *np, const char *propname,
			  size_t esize, size_t sz_min, size_t sz_max,
			  size_t *count, int *err)
{
	const u8 *val;
	size_t len;

	val = value_of_size(np, propname, sz_min * esize, sz_max * esize, &len, err);
	if (!val)
		return NULL;
	*count = sz_max ? len / esize : sz_min;
	return val;
}

/**
 * of_property_read_variable_u8_array() - read between @sz_min and @sz_max
 * (0: exactly @sz_min) bytes of @propname into @out_values
 * Return: the number read; -EINVAL; -ENODATA; -EOVERFLOW when the property
 * holds fewer than @sz_min or more than @sz_max elements.
 */
int of_property_read_variable_u8_array(const struct device_node *np,
		const char *propname, u8 *out_values, size_t sz_min, size_t sz_max)
{
	size_t i, n;
	int err;
	const u8 *v = array_of(np, propname, 1, sz_min, sz_max, &n, &err);

	if (!v)
		return err;
	for (i = 0; i < n; i++)
		out_values[i] = v[i];
	return (int)n;
}
EXPORT_SYMBOL(of_property_read_variable_u8_array);

/**
 * of_property_read_variable_u16_array() - as the u8 version, for 16-bit
 * big-endian elements
 * Return: the number read; -EINVAL; -ENODATA; -EOVERFLOW.
 */
int of_property_read_variable_u16_array(const struct device_node *np,
		const char *propname, u16 *out_values, size_t sz_min, size_t sz_max)
{
	size_t i, n;
	int err;
	const u8 *v = array_of(np, propname, 2, sz_min, sz_max, &n, &err);

	if (!v)
		return err;
	for (i = 0; i < n; i++)
		out_values[i] = (u16)((v[2 * i] << 8) | v[2 * i + 1]);
	return (int)n;
}
EXPORT_SYMBOL(of_property_read_variable_u16_array);

/**
 * of_property_read_variable_u32_array() - as the u8 version, for cells
 * Return: the number read; -EINVAL; -ENODATA; -EOVERFLOW.
 */
int of_property_read_variable_u32_array(const struct device_node *np,
		const char *propname, u32 *out_values, size_t sz_min, size_t sz_max)
{
	size_t i, n;
	int err;
	const __be32 *v = (const __be32 *)array_of(np, propname, 4, sz_min,
						    sz_max, &n, &err);

	if (!v)
		return err;
	for (i = 0; i < n; i++)
		out_values[i] = be32_to_cpu(v[i]);
	return (int)n;
}
EXPORT_SYMBOL(of_property_read_variable_u32_array);

/**
 * of_property_read_variable_u64_array() - as the u8 version, for 64-bit
 * elements (two cells each)
 * Return: the number read; -EINVAL; -ENODATA; -EOVERFLOW.
 */
int of_property_read_variable_u64_array(const struct device_node *np,
		const char *propname, u64 *out_values, size_t sz_min, size_t sz_max)
{
	size_t i, n;
	int err;
	const __be32 *v = (const __be32 *)array_of(np, propname, 8, sz_min,
						    sz_max, &n, &err);

	if (!v)
		return err;
	for (i = 0; i < n; i++)
		out_values[i] = of_read_number(v + 2 * i, 2);
	return (int)n;
}
EXPORT_SYMBOL(of_property_read_variable_u64_array);

/**
 * of_property_read_u64() - the first 64-bit value (two cells) of @propname
 * Return: 0 and *@out_value set; -EINVAL; -ENODATA; -EOVERFLOW when it is
 * shorter than 8 bytes.
 */
int of_property_read_u64(const struct device_node *np, const char *propname,
			 u64 *out_value)
{
	const __be32 *val;
	int err;

	val = value_of_size(np, propname, 8, 0, NULL, &err);
	if (!val)
		return err;
	*out_value = of_read_number(val, 2);
	return 0;
}
EXPORT_SYMBOL(of_property_read_u64);

/**
 * of_property_read_string() - the (first) string of @propname
 * Return: 0 and *@out_string pointing at it; -EINVAL missing; -ENODATA when
 * the property is empty; -EILSEQ when the string is not terminated inside
 * the property.
 */
int of_property_read_string(const struct device_node *np, const char *propname,
			    const char **out_string)
{
	const struct property *prop = of_find_property(np, propname, NULL);

	if (!prop)
		return -EINVAL;
	if (!prop->length)
		return -ENODATA;
	if (strnlen(prop->value, (size_t)prop->length) >= (size_t)prop->length)
		return -EILSEQ;
	*out_string = prop->value;
	return 0;
}
EXPORT_SYMBOL(of_property_read_string);

/**
 * of_property_read_string_helper() - strings @skip .. @skip + @sz - 1 of a
 * string list, or (@out_strs NULL) how many strings it holds
 * Return: the number of strings stored (or counted); -EINVAL missing;
 * -ENODATA when there are none at @skip; -EILSEQ when a string the walk
 * reaches is not terminated inside the property.
 */
int of_property_read_string_helper(const struct device_node *np,
		const char *propname, const char **out_strs, size_t sz, int skip)
{
	const struct property *prop = of_find_property(np, propname, NULL);
	const char *p, *end;
	size_t l;
	int i;

	if (!prop)
		return -EINVAL;
	if (!prop->value)
		return -ENODATA;
	p = prop->value;
	end = p + prop->length;
	for (i = 0; p < end && (!out_strs || (size_t)i < (size_t)skip + sz);
	     i++, p += l) {
		l = strnlen(p, (size_t)(end - p)) + 1;
		if (p + l > end)
			return -EILSEQ;
		if (out_strs && i >= skip)
			*out_strs++ = p;
	}
	i -= skip;
	return i <= 0 ? -ENODATA : i;
}
EXPORT_SYMBOL(of_property_read_string_helper);

/**
 * of_property_match_string() - the index of @string in the string list
 * @propname
 * Return: the index (>= 0); -EINVAL missing; -ENODATA not found; -EILSEQ
 * when the list is malformed before a match.
 */
int of_property_match_string(const struct device_node *np, const char *propname,
			     const char *string)
{
	const struct property *prop = of_find_property(np, propname, NULL);
	const char *p, *end;
	size_t l;
	int i;

	if (!prop)
		return -EINVAL;
	if (!prop->value)
		return -ENODATA;
	if (!string)
		return -EINVAL;
	p = prop->value;
	end = p + prop->length;
	for (i = 0; p < end; i++, p += l) {
		l = strnlen(p, (size_t)(end - p)) + 1;
		if (p + l > end)
			return -EILSEQ;
		if (!strcmp(string, p))
			return i;
	}
	return -ENODATA;
}
EXPORT_SYMBOL(of_property_match_string);

/**
 * of_prop_next_u32() - walk the cells of @prop
 * @cur: the cell returned last time, or NULL for the first
 * @pu:  set to the cell's value
 * Return: the next cell, or NULL at the end (or for a NULL property).
 */
const __be32 *of_prop_next_u32(const struct property *prop, const __be32 *cur,
			       u32 *pu)
{
	const __be32 *next;
	const char *end;

	if (!prop)
		return NULL;
	next = cur ? cur + 1 : (const __be32 *)prop->value;
	end = (const char *)prop->value + prop->length;
	if ((const char *)next + 4 > end)
		return NULL;
	*pu = be32_to_cpu(*next);
	return next;
}
EXPORT_SYMBOL(of_prop_next_u32);

/**
 * of_prop_next_string() - walk the strings of @prop
 * @cur: the string returned last time, or NULL for the first
 * Return: the next string, or NULL at the end; a last string that is not
 * terminated inside the property is never returned.
 */
const char *of_prop_next_string(const struct property *prop, const char *cur)
{
	const char *next, *end;

	if (!prop || !prop->value)
		return NULL;
	end = (const char *)prop->value + prop->length;
	next = cur ? cur + strlen(cur) + 1 : (const char *)prop->value;
	if (next >= end || strnlen(next, (size_t)(end - next)) == (size_t)(end - next))
		return NULL;
	return next;
}
EXPORT_SYMBOL(of_prop_next_string);

/*
 * Walks a phandle list: each entry is a phandle followed by as many argument
 * cells as the target's @cells_name property says (or @cell_count when the
 * target lacks it / @cells_name is NULL).  A zero phandle is an empty entry
 * of one cell.
 */
struct phandle_iter {
	const struct device_node *parent;
	const char *list_name;
	const char *cells_name;
	int cell_count;
	const __be32 *cur, *end;      /* next entry; end of list */
	phandle ph;
	struct device_node *node;
	const __be32 *args;
	int nargs;
};

static int iter_init(struct phandle_iter *it, const struct device_node *np,
		     const char *list_name, const char *cells_name, int cell_count)
{
	int size;
	const __be32 *list = of_get_property(np, list_name, &size);

	memset(it, 0, sizeof(*it));
	if (!list)
		return -ENOENT;
	it->parent = np;
	it->list_name = list_name;
	it->cells_name = cells_name;
	it->cell_count = cell_count;
	it->cur = list;
	it->end = list + size / 4;
	return 0;
}

/* 0 with the next entry in @it; -ENOENT at the end; -EINVAL malformed. */
static int iter_next(struct phandle_iter *it)
{
	u32 count = 0;

	if (!it->cur || it->cur >= it->end)
		return -ENOENT;
	it->ph = be32_to_cpu(*it->cur++);
	it->node = NULL;
	if (it->ph) {
		it->node = __of_find_node_by_phandle(it->ph);
		if (it->cells_name) {
			if (!it->node) {
				pr_err("%pOF: %s: could not find phandle %u\n",
				       it->parent, it->list_name, it->ph);
				return -EINVAL;
			}
			if (of_property_read_u32(it->node, it->cells_name, &count)) {
				if (it->cell_count < 0) {
					pr_err("%pOF: could not get %s for %pOF\n",
					       it->parent, it->cells_name, it->node);
					return -EINVAL;
				}
				count = (u32)it->cell_count;
			}
		} else {
			count = (u32)it->cell_count;
		}
		if (count > (u32)(it->end - it->cur)) {
			pr_err("%pOF: %s: arguments longer than property\n",
			       it->parent, it->list_name);
			return -EINVAL;
		}
	}
	it->args = it->cur;
	it->nargs = (int)count;
	it->cur += count;
	return 0;
}

static int parse_phandle(const struct device_node *np, const char *list_name,
			 const char *cells_name, int cell_count, int index,
			 struct of_phandle_args *out_args)
{
	struct phandle_iter it;
	int rc, cur = 0, i, n;

	if (index < 0)
		return -EINVAL;
	rc = iter_init(&it, np, list_name, cells_name, cell_count);
	if (rc)
		return rc;
	while ((rc = iter_next(&it)) == 0) {
		if (cur++ != index)
			continue;
		if (!it.ph)
			return -ENOENT;         /* an empty entry */
		if (out_args) {
			n = min(it.nargs, MAX_PHANDLE_ARGS);
			for (i = 0; i < n; i++)
				out_args->args[i] = be32_to_cpu(it.args[i]);
			out_args->np = it.node;
			out_args->args_count = n;
		}
		return 0;
	}
	return rc;
}

/**
 * of_parse_phandle() - the node that entry @index of the plain phandle list
 * @phandle_name refers to
 * Return: the node with a reference (of_node_put() drops it), or NULL when
 * the property, the entry or the phandle's node is missing, or the entry is
 * empty.
 */
struct device_node *of_parse_phandle(const struct device_node *np,
				     const char *phandle_name, int index)
{
	struct of_phandle_args args;

	if (parse_phandle(np, phandle_name, NULL, 0, index, &args))
		return NULL;
	return of_node_get(args.np);
}
EXPORT_SYMBOL(of_parse_phandle);

/**
 * of_parse_phandle_with_args() - entry @index of a phandle list whose
 * entries carry as many argument cells as each target's @cells_name says
 * ("clocks" / "#clock-cells"); @cells_name NULL means no arguments
 * Return: 0 and *@out_args filled (at most MAX_PHANDLE_ARGS arguments), its
 * np with a reference the caller drops with of_node_put(); -ENOENT when the
 * list is missing, the index is past its end or the entry is empty
 * (phandle 0); -EINVAL for a negative index or a malformed list (unknown
 * phandle, target without @cells_name, arguments past the end).
 */
int of_parse_phandle_with_args(const struct device_node *np, const char *list_name,
		const char *cells_name, int index, struct of_phandle_args *out_args)
{
	int rc = parse_phandle(np, list_name, cells_name, cells_name ? -1 : 0,
			       index, out_args);

	if (!rc && out_args)
		of_node_get(out_args->np);
	return rc;
}
EXPORT_SYMBOL(of_parse_phandle_with_args);

/**
 * of_parse_phandle_with_fixed_args() - as of_parse_phandle_with_args(), but
 * every entry has @cell_count argument cells
 * Return: 0 (*@out_args's np counted); -ENOENT; -EINVAL (as
 * of_parse_phandle_with_args()).
 */
int of_parse_phandle_with_fixed_args(const struct device_node *np,
		const char *list_name, int cell_count, int index,
		struct of_phandle_args *out_args)
{
	int rc;

	if (cell_count < 0)
		return -EINVAL;
	rc = parse_phandle(np, list_name, NULL, cell_count, index, out_args);
	if (!rc && out_args)
		of_node_get(out_args->np);
	return rc;
}
EXPORT_SYMBOL(of_parse_phandle_with_fixed_args);

int of_phandle_list_walk(const struct device_node *np, const char *list_name,
			 const char *cells_name,
			 int (*fn)(void *ctx, const struct of_phandle_args *args), void *ctx)
{
	struct of_phandle_args args;
	struct phandle_iter it;
	int rc, i;

	rc = iter_init(&it, np, list_name, cells_name, cells_name ? -1 : 0);
	if (rc)
		return rc;
	while ((rc = iter_next(&it)) == 0) {
		if (!it.ph)
			continue;
		args.np = it.node;
		args.args_count = min(it.nargs, MAX_PHANDLE_ARGS);
		for (i = 0; i < args.args_count; i++)
			args.args[i] = be32_to_cpu(it.args[i]);
		rc = fn(ctx, &args);
		if (rc)
			return rc;
	}
	return rc == -ENOENT ? 0 : rc;
}

/**
 * of_count_phandle_with_args() - number of entries (empty ones included) in
 * a phandle list, parsed as of_parse_phandle_with_args() does
 * Return: the count; -ENOENT when the list is missing; -EINVAL when it is
 * malformed.
 */
int of_count_phandle_with_args(const struct device_node *np, const char *list_name,
			       const char *cells_name)
{
	struct phandle_iter it;
	int rc, n = 0, size;

	if (!cells_name) {
		if (!of_get_property(np, list_name, &size))
			return -ENOENT;
		return size / 4;
	}
	rc = iter_init(&it, np, list_name, cells_name, -1);
	if (rc)
		return rc;
	while ((rc = iter_next(&it)) == 0)
		n++;
	return rc == -ENOENT ? n : rc;
}
EXPORT_SYMBOL(of_count_phandle_with_args);

/* "<prefix><stem><suffix>" into @buf; false when it does not fit. */
static bool map_prop_name(char *buf, size_t len, const char *prefix,
			  const char *stem, const char *suffix)
{
	return (size_t)snprintf(buf, len, "%s%s%s", prefix, stem, suffix) < len;
}

/*
 * One nexus step: the entry of @cur's @map_name that matches @match (under
 * the mask) and whose target is available.  Return: 0 with *@new and
 * *@new_spec (its #cells cells, *@new_size of them) set; -ENOENT when no
 * entry matches; -EINVAL for a malformed map.
 */
static int map_one(struct device_node *cur, const char *map_name,
		   const __be32 *mask, const char *cells_name,
		   const __be32 *match, u32 size, struct device_node **new,
		   const __be32 **new_spec, u32 *new_size)
{
	const __be32 *map;
	int len = 0, i;
	bool ok;

	map = of_get_property(cur, map_name, &len);
	len /= 4;
	while (len > (int)size + 1) {
		ok = true;
		for (i = 0; i < (int)size; i++, len--, map++)
			if ((*map ^ match[i]) & mask[i])
				ok = false;
		*new = __of_find_node_by_phandle(be32_to_cpu(*map));
		map++;
		len--;
		if (!*new) {
			pr_err("%pOF: %s: no node has phandle %u\n", cur, map_name,
			       be32_to_cpu(map[-1]));
			return -EINVAL;
		}
		if (of_property_read_u32(*new, cells_name, new_size) ||
		    *new_size > MAX_PHANDLE_ARGS || (int)*new_size > len) {
			pr_err("%pOF: %s: entry for %pOF is cut short or its %s is missing or too big\n",
			       cur, map_name, *new, cells_name);
			return -EINVAL;
		}
		if (ok && of_device_is_available(*new)) {
			*new_spec = map;
			return 0;
		}
		map += *new_size;
		len -= (int)*new_size;
	}
	return -ENOENT;
}

/**
 * of_parse_phandle_with_args_map() - entry @index of phandle list
 * @list_name, followed through nexus nodes: while the target has a
 * "<stem>-map", its entry matching the specifier (each cell under
 * "<stem>-map-mask", default all ones) replaces target and specifier, with
 * the bits set in "<stem>-map-pass-thru" taken from the specifier as given
 * ("gpios" and stem "gpio": "#gpio-cells", "gpio-map", "gpio-map-mask",
 * "gpio-map-pass-thru")
 * Return: 0 and *@out_args holding the final provider (with a reference the
 * caller drops with of_node_put()) and specifier; -EINVAL for a negative index, a malformed list, a specifier whose length
 * is not the target's #<stem>-cells, a map naming an unknown phandle or a
 * node without #<stem>-cells, a mask or pass-thru shorter than the
 * specifier, or maps that point round in a circle; -ENOENT when the list
 * or the entry is missing or empty, or no map entry matches (entries whose
 * target is disabled never match).
 */
int of_parse_phandle_with_args_map(const struct device_node *np,
				   const char *list_name, const char *stem_name,
				   int index, struct of_phandle_args *out_args)
{
	static const __be32 all_ones[MAX_PHANDLE_ARGS] = {
		0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
		0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
		0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
		0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
	};
	static const __be32 none[MAX_PHANDLE_ARGS];
	char cells_name[48], map_name[48], mask_name[48], pass_name[48];
	__be32 match[MAX_PHANDLE_ARGS];
	const __be32 *mask, *pass, *spec;
	struct device_node *cur, *new;
	unsigned int steps = 0;
	u32 size, new_size, i;
	int ret, len;

	if (index < 0 || !stem_name)
		return -EINVAL;
	if (!map_prop_name(cells_name, sizeof(cells_name), "#", stem_name, "-cells") ||
	    !map_prop_name(map_name, sizeof(map_name), "", stem_name, "-map") ||
	    !map_prop_name(mask_name, sizeof(mask_name), "", stem_name, "-map-mask") ||
	    !map_prop_name(pass_name, sizeof(pass_name), "", stem_name, "-map-pass-thru"))
		return -EINVAL;
	/* The nexus nodes on the way are borrowed; the end gets the reference. */
	ret = parse_phandle(np, list_name, cells_name, -1, index, out_args);
	if (ret)
		return ret;
	cur = out_args->np;
	if (of_property_read_u32(cur, cells_name, &size) ||
	    out_args->args_count != (int)size)
		return -EINVAL;
	for (i = 0; i < size; i++)
		match[i] = cpu_to_be32(out_args->args[i]);

	while (of_find_property(cur, map_name, NULL)) {
		if (++steps > of_node_count) {
			pr_err("%pOF: %s: maps lead round in a circle\n", np, list_name);
			return -EINVAL;
		}
		mask = of_get_property(cur, mask_name, &len);
		if (!mask)
			mask = all_ones;
		else if (len < (int)size * 4)
			goto short_prop;
		ret = map_one(cur, map_name, mask, cells_name, match, size, &new,
			      &spec, &new_size);
		if (ret)
			return ret;
		pass = of_get_property(cur, pass_name, &len);
		if (!pass)
			pass = none;
		else if (len < (int)min(size, new_size) * 4)
			goto short_prop;
		for (i = 0; i < new_size; i++) {
			__be32 v = spec[i];

			if (i < size)
				v = (v & ~pass[i]) | (match[i] & pass[i]);
			match[i] = v;
			out_args->args[i] = be32_to_cpu(v);
		}
		out_args->args_count = (int)new_size;
		out_args->np = new;
		size = new_size;
		cur = new;
	}
	of_node_get(out_args->np);
	return 0;

short_prop:
	pr_err("%pOF: %s or %s is shorter than the %u-cell specifier\n", cur,
	       mask_name, pass_name, size);
	return -EINVAL;
}
EXPORT_SYMBOL(of_parse_phandle_with_args_map);
