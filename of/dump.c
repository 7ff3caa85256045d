// SPDX-License-Identifier: BSD-2-Clause
/*
 * The live tree printed back as DTS source.
 *
 * The format is the one `dtc -I dtb -O dts` (1.6) uses when it decompiles a
 * blob, so a student can diff coyote's view of the tree against dtc's, and so
 * dtc compiles the output into the same blob again.  A blob carries no types,
 * so each value is printed as what it looks like: a string list, cells, or
 * bytes, with dtc's rules for guessing.  One deliberate difference: a NUL
 * between strings is "\x00" rather than "\0" when a digit 0-7 follows,
 * which dtc 1.6 gets wrong in its own output ("red\03G" reads back as \03).
 *
 * No libc: the kernel's `dt` shell command uses this too.  Output goes
 * through a small buffer to the caller's function; the walk is iterative so
 * deep trees cost no kernel stack.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_dump.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "of_private.h"

struct dts_out {
	of_put_fn put;
	void *ctx;
	size_t len;
	char buf[128];
};

static void out_flush(struct dts_out *o)
{
	if (o->len)
		o->put(o->ctx, o->buf, o->len);
	o->len = 0;
}

static void out_char(struct dts_out *o, char c)
{
	if (o->len == sizeof(o->buf))
		out_flush(o);
	o->buf[o->len++] = c;
}

static void out_str(struct dts_out *o, const char *s)
{
	while (*s)
		out_char(o, *s++);
}

static void out_indent(struct dts_out *o, int depth)
{
	while (depth-- > 0)
		out_char(o, '\t');
}

/* At least @digits hex digits, more when @v needs them (printf's %0Nx). */
static void out_hex(struct dts_out *o, u64 v, int digits)
{
	static const char hex[] = "0123456789abcdef";
	char tmp[16];
	int n = 0;

	do {
		tmp[n++] = hex[v & 0xf];
		v >>= 4;
	} while (v);
	while (n < digits)
		tmp[n++] = '0';
	while (n)
		out_char(o, tmp[--n]);
}

enum dts_type { DTS_EMPTY, DTS_STRING, DTS_CELLS, DTS_BYTES };

static bool is_printable(u8 c)
{
	return c >= 0x20 && c < 0x7f;
}

/* The C escapes dtc accepts in a string besides \\ and \". */
static bool is_ctrl_escape(u8 c)
{
	return c >= '\a' && c <= '\r';
}

/*
 * dtc's guess: a string list when the value ends in NUL, holds only
 * printable characters, C escapes and NULs, and NULs are no more than half
 * of it; otherwise cells when the length is a multiple of 4; else bytes.
 */
static enum dts_type guess_type(const u8 *v, int len)
{
	int i, nul = 0;

	if (len <= 0)
		return DTS_EMPTY;
	for (i = 0; i < len; i++) {
		if (!v[i])
			nul++;
		else if (!is_printable(v[i]) && !is_ctrl_escape(v[i]))
			break;
	}
	if (i == len && !v[len - 1] && nul <= len - nul)
		return DTS_STRING;
	if (len % 4 == 0)
		return DTS_CELLS;
	return DTS_BYTES;
}

static void out_string_value(struct dts_out *o, const u8 *v, int len)
{
	static const char ctrl[] = "abtnvfr";
	int i;

	out_char(o, '"');
	for (i = 0; i < len - 1; i++) {
		u8 c = v[i];

		if (!c) {
			/*
			 * dtc reads up to three octal digits after a backslash,
			 * so "\0" before a digit 0-7 would swallow it ("\03G").
			 */
			bool digit = i + 1 < len - 1 && v[i + 1] >= '0' && v[i + 1] <= '7';

			out_str(o, digit ? "\\x00" : "\\0");
		} else if (is_ctrl_escape(c)) {
			out_char(o, '\\');
			out_char(o, ctrl[c - '\a']);
		} else if (c == '\\' || c == '"') {
			out_char(o, '\\');
			out_char(o, (char)c);
		} else {
			out_char(o, (char)c);
		}
	}
	out_char(o, '"');
}

static void out_cells_value(struct dts_out *o, const u8 *v, int len)
{
	int i;

	out_char(o, '<');
	for (i = 0; i < len; i += 4) {
		if (i)
			out_char(o, ' ');
		out_str(o, "0x");
		out_hex(o, get_unaligned_be32(v + i), 2);
	}
	out_char(o, '>');
}

static void out_bytes_value(struct dts_out *o, const u8 *v, int len)
{
	int i;

	out_char(o, '[');
	for (i = 0; i < len; i++) {
		if (i)
			out_char(o, ' ');
		out_hex(o, v[i], 2);
	}
	out_char(o, ']');
}

static void out_property(struct dts_out *o, const struct property *pp)
{
	const u8 *v = pp->value;

	out_str(o, pp->name);
	switch (guess_type(v, pp->length)) {
	case DTS_EMPTY:
		break;
	case DTS_STRING:
		out_str(o, " = ");
		out_string_value(o, v, pp->length);
		break;
	case DTS_CELLS:
		out_str(o, " = ");
		out_cells_value(o, v, pp->length);
		break;
	case DTS_BYTES:
		out_str(o, " = ");
		out_bytes_value(o, v, pp->length);
		break;
	}
	out_str(o, ";\n");
}

static void out_node_open(struct dts_out *o, const struct device_node *np,
			  int depth)
{
	const struct property *pp;

	out_indent(o, depth);
	if (!np->parent || !np->full_name || !np->full_name[0])
		out_char(o, '/');
	else
		out_str(o, np->full_name);
	out_str(o, " {\n");
	for (pp = np->properties; pp; pp = pp->next) {
		out_indent(o, depth + 1);
		out_property(o, pp);
	}
}

/**
 * of_print_property() - print one property as a DTS line ("reg = <0x10>;\n")
 * @pp:  the property
 * @put: receives the text, in pieces of up to 128 bytes
 * @ctx: passed to @put
 *
 * Return: 0, or -EINVAL when @pp or @put is NULL.
 */
int of_print_property(const struct property *pp, of_put_fn put, void *ctx)
{
	struct dts_out o = { .put = put, .ctx = ctx };

	if (!pp || !put)
		return -EINVAL;
	out_property(&o, pp);
	out_flush(&o);
	return 0;
}

/**
 * of_print_dts() - print the subtree at @np as DTS source, as dtc would
 * @np:  the subtree's top node (of_root for the whole tree, printed "/ {")
 * @put: receives the text, in pieces of up to 128 bytes
 * @ctx: passed to @put
 *
 * Nodes and properties come out in tree order, properties as string lists,
 * <cells> or [bytes] by dtc's rules, "phandle" as the plain property it is
 * in the blob.  The header ("/dts-v1/;", /memreserve/) is the caller's.
 *
 * Return: 0, or -EINVAL when @np or @put is NULL.
 */
int of_print_dts(const struct device_node *np, of_put_fn put, void *ctx)
{
	struct dts_out o = { .put = put, .ctx = ctx };
	const struct device_node *n = np;
	int depth = 0;

	if (!np || !put)
		return -EINVAL;

	for (;;) {
		out_node_open(&o, n, depth);
		if (n->child) {
			out_char(&o, '\n');
			n = n->child;
			depth++;
			continue;
		}
		/* Close nodes until one has a next sibling, or we are back at @np. */
		for (;;) {
			out_indent(&o, depth);
			out_str(&o, "};\n");
			if (n == np)
				goto done;
			if (n->sibling) {
				out_char(&o, '\n');
				n = n->sibling;
				break;
			}
			n = n->parent;
			depth--;
		}
	}
done:
	out_flush(&o);
	return 0;
}

/* ------------------------------------------------- what DTS can express */

/* dtc's name characters; '@' only in node names, and only once. */
static bool dts_name_char(char c, bool node)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || (c && strchr(",._+*#?-", c)) ||
	       (node && c == '@');
}

static const char *bad_name_char(const char *name, bool node)
{
	const char *at = NULL;

	for (; *name; name++) {
		if (!dts_name_char(*name, node))
			return name;
		if (*name == '@') {
			if (at)
				return name;
			at = name;
		}
	}
	return NULL;
}

static int unwritable(char *why, size_t whylen, const struct device_node *np,
		      const char *fmt, const char *what)
{
	char path[96];

	of_node_full_path(np, path, sizeof(path));
	return why_fail(why, whylen, -EINVAL, fmt, path, what);
}

/* A "phandle" or "linux,phandle" dtc takes as it is. */
static int check_phandle(const struct device_node *np, const struct property *pp,
			 char *why, size_t whylen)
{
	u32 v;

	if (strcmp(pp->name, "phandle") && strcmp(pp->name, "linux,phandle"))
		return 0;
	if (pp->length != 4)
		return unwritable(why, whylen, np, "node %s: %s is not one cell: dtc refuses it",
				  pp->name);
	v = get_unaligned_be32(pp->value);
	if (!v || v == 0xffffffffu)
		return unwritable(why, whylen, np, "node %s: %s is 0 or ~0: dtc refuses it",
				  pp->name);
	if (v != np->phandle || __of_find_node_by_phandle(v) != np)
		return unwritable(why, whylen, np,
				  "node %s: %s is another node's too: dtc refuses a duplicate",
				  pp->name);
	return 0;
}

static int check_node(const struct device_node *np, char *why, size_t whylen)
{
	const struct property *pp, *q;
	const struct device_node *sib;
	const char *bad;

	if (np->parent) {
		bad = bad_name_char(np->full_name, true);
		if (bad)
			return unwritable(why, whylen, np,
					  "node %s: its name has a character DTS cannot write (%s)",
					  *bad == '@' ? "a second '@'" : "not a name character");
		for (sib = np->parent->child; sib != np; sib = sib->sibling)
			if (!strcmp(sib->full_name, np->full_name))
				return unwritable(why, whylen, np,
						  "node %s: a sibling has the same name: %s",
						  "DTS would merge the two");
	}
	for (pp = np->properties; pp; pp = pp->next) {
		bad = bad_name_char(pp->name, false);
		if (bad)
			return unwritable(why, whylen, np,
					  "node %s: property \"%s\" has a name DTS cannot write",
					  pp->name);
		if (!strcmp(pp->name, "name"))
			return unwritable(why, whylen, np,
					  "node %s: a \"%s\" property (dtc drops or refuses it)",
					  pp->name);
		for (q = np->properties; q != pp; q = q->next)
			if (!strcmp(q->name, pp->name))
				return unwritable(why, whylen, np,
						  "node %s: two properties named \"%s\"", pp->name);
		if (check_phandle(np, pp, why, whylen))
			return -EINVAL;
	}
	return 0;
}

int of_dts_unwritable(const struct device_node *np, char *why, size_t whylen)
{
	const struct device_node *n = np;

	if (why && whylen)
		why[0] = '\0';
	if (!np)
		return 0;
	for (;;) {
		if (check_node(n, why, whylen))
			return -EINVAL;
		if (n->child) {
			n = n->child;
			continue;
		}
		while (n != np && !n->sibling)
			n = n->parent;
		if (n == np)
			return 0;
		n = n->sibling;
	}
}
