// SPDX-License-Identifier: BSD-2-Clause
/*
 * The flattened device tree: the checker that every blob passes before
 * anything reads it, and the read-only accessors early boot uses before the
 * heap exists (early console, memory).
 *
 * Node offsets are byte offsets of a node's FDT_BEGIN_NODE token from the
 * start of the structure block.  Every accessor assumes of_fdt_check()
 * passed: then no token, name or property can lie outside the blob, so the
 * accessors do not bounds-check again.
 */
#define pr_fmt(fmt) "of: " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/string.h>

#include "of_private.h"

/* Length of the leading part of @s holding none of '/' and ':'. */
static size_t path_component_len(const char *s)
{
	size_t n = 0;

	while (s[n] && s[n] != '/' && s[n] != ':')
		n++;
	return n;
}

static inline u32 hdr(const void *blob, int field)
{
	return of_rd32((const char *)blob + field);
}

void of_fdt_blob_init(struct of_fdt_blob *b, const void *blob)
{
	u32 off_struct = hdr(blob, OF_FDT_H_OFF_STRUCT);

	b->base = blob;
	b->strct = b->base + off_struct;
	b->strings = b->base + hdr(blob, OF_FDT_H_OFF_STRINGS);
	b->strings_size = hdr(blob, OF_FDT_H_SIZE_STRINGS);
	if (hdr(blob, OF_FDT_H_VERSION) >= 17)
		b->struct_size = hdr(blob, OF_FDT_H_SIZE_STRUCT);
	else	/* checked: FDT_END lies before totalsize */
		b->struct_size = hdr(blob, OF_FDT_H_TOTALSIZE) - off_struct;
}

/* ---------------------------------------------------------------- checker */

struct check {
	const char *base;
	u32 totalsize;
	u32 off_struct, end_struct;     /* [off_struct, end_struct) */
	u32 off_strings, size_strings;
	bool exact_end;                 /* v17: size_dt_struct ends at FDT_END */
	u32 nops_after_end;             /* FDT_NOP words after FDT_END (v17) */
	char *why;
	size_t whylen;
};

/*
 * The path of the node whose tokens contain struct offset @at, rebuilt only
 * when a check fails: the tokens before @at were already found sound, so the
 * walk stays in bounds.  Keeping a path up to date on the good path would
 * cost every blob a copy of every name.
 */
static void path_at(const struct check *c, u32 at, char *buf, size_t len)
{
	u32 stack[OF_FDT_MAX_DEPTH + 1];
	int depth = 0;
	u32 p = c->off_struct;
	size_t pos = 0;
	int i;

	while (p < at) {
		u32 tag = of_rd32(c->base + p);

		if (tag == OF_FDT_BEGIN_NODE) {
			if (depth <= OF_FDT_MAX_DEPTH)
				stack[depth] = p;
			depth++;
			p += 4 + ALIGN((u32)strlen(c->base + p + 4) + 1, 4u);
		} else if (tag == OF_FDT_END_NODE) {
			depth--;
			p += 4;
		} else if (tag == OF_FDT_PROP) {
			p += 12 + ALIGN(of_rd32(c->base + p + 4), 4u);
		} else {
			p += 4;
		}
	}
	if (depth > OF_FDT_MAX_DEPTH + 1)
		depth = OF_FDT_MAX_DEPTH + 1;
	buf[0] = '\0';
	if (depth <= 1) {
		snprintf(buf, len, "/");
		return;
	}
	for (i = 1; i < depth && pos + 1 < len; i++) {
		int n = snprintf(buf + pos, len - pos, "/%s",
				 c->base + stack[i] + 4);
		if (n < 0)
			break;
		pos += (size_t)n;
	}
}

#define FAIL_AT(c, at, err, fmt, ...) ({				\
	char __path[96];						\
	path_at((c), (at), __path, sizeof(__path));			\
	why_fail((c)->why, (c)->whylen, (err), fmt, ##__VA_ARGS__, __path); \
})

/* A block [off, off + size) inside the blob after the header. */
static int check_block(struct check *c, const char *what, u32 off, u32 size,
		       u32 hdrsize, u32 align)
{
	if (off < hdrsize)
		return why_fail(c->why, c->whylen, -EINVAL,
				"%s block at %u overlaps the header", what, off);
	if (off % align)
		return why_fail(c->why, c->whylen, -EINVAL,
				"%s block at %u not %u-byte aligned", what, off, align);
	if (off > c->totalsize || size > c->totalsize - off)
		return why_fail(c->why, c->whylen, -EINVAL,
				"%s block (offset %u, size %u) exceeds totalsize %u",
				what, off, size, c->totalsize);
	return 0;
}

static bool overlaps(u32 a, u32 asize, u32 b, u32 bsize)
{
	return asize && bsize && a < b + bsize && b < a + asize;
}

/* The reservation map has no size field: it runs up to the next block. */
static int check_rsvmap(struct check *c, u32 off)
{
	u32 end = c->totalsize;
	u32 n = 0;

	if (c->off_struct > off && c->off_struct < end)
		end = c->off_struct;
	if (c->size_strings && c->off_strings > off && c->off_strings < end)
		end = c->off_strings;
	if ((off >= c->off_struct && off < c->end_struct) ||
	    (off >= c->off_strings && off < c->off_strings + c->size_strings))
		return why_fail(c->why, c->whylen, -EINVAL,
				"memory reservation map overlaps %s block",
				off >= c->off_struct && off < c->end_struct ?
				"struct" : "strings");
	for (; end - off >= 16; off += 16, n++) {
		const char *e = c->base + off;

		if (!(of_rd32(e) | of_rd32(e + 4) | of_rd32(e + 8) | of_rd32(e + 12)))
			return 0;
	}
	return why_fail(c->why, c->whylen, -EINVAL,
			"memory reservation map not terminated (%u entries)", n);
}

/*
 * DT spec 5.4.1 makes FDT_END the last token, but padding the struct block
 * with FDT_NOP after it changes nothing a reader sees, and Linux and libfdt
 * (1.6.1 and 1.8) accept it.  A kernel that fell back to its built-in blob where
 * Linux boots would be the worse kernel: such a blob passes, and
 * unflatten warns, naming the clause (docs/fdt-conformance.md).
 */
static bool only_nops(const struct check *c, u32 p, u32 end)
{
	if ((end - p) % 4)
		return false;
	for (; p < end; p += 4)
		if (of_rd32(c->base + p) != OF_FDT_NOP)
			return false;
	return true;
}

/* Walks every token of the structure block once. */
static int check_struct(struct check *c, struct of_fdt_counts *cnt)
{
	const char *base = c->base;
	const char *strings = base + c->off_strings;
	u32 p = c->off_struct, end = c->end_struct;
	u32 depth = 0;
	bool had_child = false, root_done = false, node_has_ph = false;
	bool in_aliases = false;

	for (;;) {
		u32 tag, left;

		if (end - p < 4)
			return why_fail(c->why, c->whylen, -EINVAL, "missing FDT_END");
		tag = of_rd32(base + p);
		left = end - p - 4;     /* bytes after the tag */
		switch (tag) {
		case OF_FDT_BEGIN_NODE: {
			const char *name = base + p + 4;
			const char *at;
			u32 n = (u32)strnlen(name, left);

			if (n == left)
				return why_fail(c->why, c->whylen, -EINVAL,
						"unterminated node name at offset %u",
						p - c->off_struct);
			if (root_done)
				return why_fail(c->why, c->whylen, -EINVAL,
						"second root node at offset %u",
						p - c->off_struct);
			if (!depth && n)
				return why_fail(c->why, c->whylen, -EINVAL,
						"root node named \"%.32s\": the root's name must be empty (DT spec 2.2.1)",
						name);
			if (depth && !n)
				return FAIL_AT(c, p, -EINVAL, "empty node name in %s");
			if (depth && memchr(name, '/', n))
				return FAIL_AT(c, p, -EINVAL, "node name with '/' in %s");
			if (++depth > OF_FDT_MAX_DEPTH)
				return FAIL_AT(c, p, -EINVAL,
					       "nesting deeper than %d at %s",
					       OF_FDT_MAX_DEPTH);
			if (ALIGN(n + 1, 4u) > left)
				return why_fail(c->why, c->whylen, -EINVAL,
						"node name padding past struct block at offset %u",
						p - c->off_struct);
			cnt->nodes++;
			if (depth > cnt->max_depth)
				cnt->max_depth = depth;
			at = memchr(name, '@', n);
			if (at)
				cnt->name_bytes += (u32)(at - name) + 1;
			had_child = false;
			node_has_ph = false;
			in_aliases = depth == 2 && n == 7 && !memcmp(name, "aliases", 7);
			p += 4 + ALIGN(n + 1, 4u);
			break;
		}
		case OF_FDT_END_NODE:
			if (!depth)
				return why_fail(c->why, c->whylen, -EINVAL,
						"unexpected FDT_END_NODE at offset %u",
						p - c->off_struct);
			if (!--depth)
				root_done = true;
			had_child = true;
			in_aliases = false;
			p += 4;
			break;
		case OF_FDT_PROP: {
			u32 len, nameoff;
			const char *pname;

			if (!depth)
				return why_fail(c->why, c->whylen, -EINVAL,
						"property outside any node at offset %u",
						p - c->off_struct);
			if (had_child)
				return FAIL_AT(c, p, -EINVAL, "property after subnode at node %s");
			if (left < 8)
				return FAIL_AT(c, p, -EINVAL, "truncated property at node %s");
			len = of_rd32(base + p + 4);
			nameoff = of_rd32(base + p + 8);
			if (len > left - 8 || ALIGN(len, 4u) > left - 8)
				return FAIL_AT(c, p, -EINVAL,
					       "property length %u beyond struct block at node %s",
					       len);
			if (nameoff >= c->size_strings)
				return FAIL_AT(c, p, -EINVAL,
					       "property name offset out of range at node %s");
			pname = strings + nameoff;
			if (!memchr(pname, 0, c->size_strings - nameoff))
				return FAIL_AT(c, p, -EINVAL,
					       "property name not terminated in strings block at node %s");
			if (!pname[0])
				return FAIL_AT(c, p, -EINVAL, "empty property name at node %s");
			cnt->props++;
			cnt->alias_props += in_aliases;
			if (len == 4 && !node_has_ph && of_is_phandle_name(pname)) {
				u32 ph = of_rd32(base + p + 12);

				if (ph && ph != 0xffffffffu) {
					cnt->phandles++;
					node_has_ph = true;
				}
			}
			p += 12 + ALIGN(len, 4u);
			break;
		}
		case OF_FDT_NOP:
			cnt->nops_after_root += root_done;
			p += 4;
			break;
		case OF_FDT_END:
			if (depth)
				return FAIL_AT(c, p, -EINVAL, "FDT_END inside node %s");
			if (!root_done)
				return why_fail(c->why, c->whylen, -EINVAL, "no root node");
			if (c->exact_end && p + 4 != end && !only_nops(c, p + 4, end))
				return why_fail(c->why, c->whylen, -EINVAL,
						"FDT_END not last in struct block (offset %u of %u)",
						p - c->off_struct, end - c->off_struct);
			if (c->exact_end)
				c->nops_after_end = (end - p - 4) / 4;
			c->end_struct = p + 4;
			return 0;
		default:
			return FAIL_AT(c, p, -EINVAL, "bad token 0x%x at offset %u in %s",
				       tag, p - c->off_struct);
		}
	}
}

int of_fdt_check_counts(const void *blob, size_t bufsize, char *why,
			size_t whylen, struct of_fdt_counts *counts)
{
	struct check c = { .base = blob, .why = why, .whylen = whylen };
	struct of_fdt_counts dummy;
	u32 version, hdrsize, off_rsv, size_struct;
	int err;

	if (!counts)
		counts = &dummy;
	memset(counts, 0, sizeof(*counts));
	if (why && whylen)
		why[0] = '\0';
	if (!blob)
		return why_fail(why, whylen, -EINVAL, "no blob");
	if ((uintptr_t)blob & 3)
		return why_fail(why, whylen, -EINVAL, "blob not 4-byte aligned");
	if (bufsize < 4)
		return why_fail(why, whylen, -EOVERFLOW,
				"buffer of %lu bytes too small for a header",
				(unsigned long)bufsize);
	if (hdr(blob, OF_FDT_H_MAGIC) != OF_DT_HEADER)
		return why_fail(why, whylen, -EINVAL, "bad magic 0x%08x", hdr(blob, OF_FDT_H_MAGIC));
	if (bufsize < OF_FDT_V16_HDR_SIZE)
		return why_fail(why, whylen, -EOVERFLOW,
				"buffer of %lu bytes too small for a header",
				(unsigned long)bufsize);
	version = hdr(blob, OF_FDT_H_VERSION);
	if (version < 16)
		return why_fail(why, whylen, -EINVAL,
				"blob format version %u is too old: coyote reads versions 16 and 17 "
				"(rebuild it with a dtc from after 2007)", version);
	/* DT spec 5.1: a later version readable as 17 must be accepted. */
	if (version >= 17 && hdr(blob, OF_FDT_H_LAST_COMP) > 17)
		return why_fail(why, whylen, -EINVAL,
				"blob format version %u needs a reader of version %u or later: "
				"coyote reads versions 16 and 17", version,
				hdr(blob, OF_FDT_H_LAST_COMP));
	if (version > 17)
		version = 17;
	hdrsize = version == 17 ? OF_FDT_V17_HDR_SIZE : OF_FDT_V16_HDR_SIZE;
	if (bufsize < hdrsize)
		return why_fail(why, whylen, -EOVERFLOW,
				"buffer of %lu bytes too small for a header",
				(unsigned long)bufsize);
	c.totalsize = hdr(blob, OF_FDT_H_TOTALSIZE);
	if (c.totalsize < hdrsize)
		return why_fail(why, whylen, -EINVAL,
				"totalsize %u smaller than the header", c.totalsize);
	if (c.totalsize > bufsize)
		return why_fail(why, whylen, -EOVERFLOW, "totalsize %u exceeds buffer %lu",
				c.totalsize, (unsigned long)bufsize);

	c.off_struct = hdr(blob, OF_FDT_H_OFF_STRUCT);
	c.off_strings = hdr(blob, OF_FDT_H_OFF_STRINGS);
	c.size_strings = hdr(blob, OF_FDT_H_SIZE_STRINGS);
	off_rsv = hdr(blob, OF_FDT_H_OFF_RSVMAP);
	if (version == 17)
		size_struct = hdr(blob, OF_FDT_H_SIZE_STRUCT);
	else if (c.off_struct <= c.totalsize)
		size_struct = c.totalsize - c.off_struct;   /* narrowed by FDT_END */
	else
		size_struct = 0;

	err = check_block(&c, "struct", c.off_struct, size_struct, hdrsize, 4);
	if (err)
		return err;
	err = check_block(&c, "strings", c.off_strings, c.size_strings, hdrsize, 1);
	if (err)
		return err;
	err = check_block(&c, "memory reservation", off_rsv, 16, hdrsize, 8);
	if (err)
		return err;
	c.end_struct = c.off_struct + size_struct;
	c.exact_end = version == 17;
	if (version == 16 && c.size_strings && c.off_strings > c.off_struct &&
	    c.off_strings < c.end_struct)
		c.end_struct = c.off_strings;  /* v16: struct ends where strings begin */
	if (version == 16 && off_rsv > c.off_struct && off_rsv < c.end_struct)
		c.end_struct = off_rsv;
	if (overlaps(c.off_struct, c.end_struct - c.off_struct,
		     c.off_strings, c.size_strings))
		return why_fail(why, whylen, -EINVAL, "struct block overlaps strings block");

	err = check_struct(&c, counts);
	if (err)
		return err;
	counts->nops_after_end = c.nops_after_end;
	return check_rsvmap(&c, off_rsv);
}

int of_fdt_check(const void *blob, size_t bufsize, char *why, size_t whylen)
{
	return of_fdt_check_counts(blob, bufsize, why, whylen, NULL);
}

/* ------------------------------------------------ accessors (checked blob) */

u32 of_fdt_totalsize(const void *blob)
{
	return hdr(blob, OF_FDT_H_TOTALSIZE);
}

int of_fdt_get_mem_rsv(const void *blob, int n, u64 *addr, u64 *size)
{
	const char *e = (const char *)blob + hdr(blob, OF_FDT_H_OFF_RSVMAP);
	int i;

	if (n < 0)
		return -ENOENT;
	for (i = 0;; i++, e += 16) {
		u64 a = of_read_number((const __be32 *)e, 2);
		u64 s = of_read_number((const __be32 *)(e + 8), 2);

		if (!a && !s)
			return -ENOENT;
		if (i == n) {
			if (addr)
				*addr = a;
			if (size)
				*size = s;
			return 0;
		}
	}
}

/* Offset of the token after the one at @off; *@tag gets its kind. */
static u32 next_token(const struct of_fdt_blob *b, u32 off, u32 *tag)
{
	const char *p = b->strct + off;

	*tag = of_rd32(p);
	switch (*tag) {
	case OF_FDT_BEGIN_NODE:
		return off + 4 + ALIGN((u32)strlen(p + 4) + 1, 4u);
	case OF_FDT_PROP:
		return off + 12 + ALIGN(of_rd32(p + 4), 4u);
	default:
		return off + 4;
	}
}

/* The root's offset: the first FDT_BEGIN_NODE (after any NOPs). */
static int root_offset(const struct of_fdt_blob *b)
{
	u32 off = 0, next, tag;

	for (;;) {
		next = next_token(b, off, &tag);
		if (tag == OF_FDT_BEGIN_NODE)
			return (int)off;
		if (tag == OF_FDT_END)
			return -ENOENT;
		off = next;
	}
}

/* Is @node plausibly a node offset of this blob?  Guards callers' mistakes. */
static bool is_node(const struct of_fdt_blob *b, int node)
{
	return node >= 0 && (u32)node < b->struct_size && !(node & 3) &&
	       of_rd32(b->strct + node) == OF_FDT_BEGIN_NODE;
}

int of_fdt_next_node(const void *blob, int offset, int *depth)
{
	struct of_fdt_blob b;
	int d = depth ? *depth : 0;
	u32 off, tag;

	of_fdt_blob_init(&b, blob);
	if (offset < 0) {
		if (depth)
			*depth = 0;
		return root_offset(&b);
	}
	if (!is_node(&b, offset))
		return -EINVAL;
	off = next_token(&b, (u32)offset, &tag);
	for (;;) {
		u32 next = next_token(&b, off, &tag);

		if (tag == OF_FDT_BEGIN_NODE) {
			if (depth)
				*depth = d + 1;
			return (int)off;
		}
		if (tag == OF_FDT_END_NODE)
			d--;
		else if (tag == OF_FDT_END)
			return -ENOENT;
		off = next;
	}
}

const char *of_fdt_get_name(const void *blob, int node, int *lenp)
{
	struct of_fdt_blob b;
	const char *name;

	of_fdt_blob_init(&b, blob);
	if (!is_node(&b, node)) {
		if (lenp)
			*lenp = -EINVAL;
		return NULL;
	}
	name = b.strct + node + 4;
	if (lenp)
		*lenp = (int)strlen(name);
	return name;
}

static const void *getprop_namelen(const struct of_fdt_blob *b, int node,
				   const char *name, size_t namelen, int *lenp)
{
	u32 off, tag;

	off = next_token(b, (u32)node, &tag);
	for (;;) {
		u32 next = next_token(b, off, &tag);

		if (tag == OF_FDT_PROP) {
			const char *p = b->strct + off;
			const char *pn = b->strings + of_rd32(p + 8);

			if (!strncmp(pn, name, namelen) && !pn[namelen]) {
				if (lenp)
					*lenp = (int)of_rd32(p + 4);
				return p + 12;
			}
		} else if (tag != OF_FDT_NOP) {
			return NULL;
		}
		off = next;
	}
}

const void *of_fdt_getprop(const void *blob, int node, const char *name, int *lenp)
{
	struct of_fdt_blob b;

	of_fdt_blob_init(&b, blob);
	if (!is_node(&b, node) || !name)
		return NULL;
	return getprop_namelen(&b, node, name, strlen(name), lenp);
}

/**
 * of_fdt_device_is_available() - of_device_is_available() for a node of a
 * checked blob, before there is a live tree (the early console, RAM)
 *
 * Return: true when the node has no "status" or it is "okay" or "ok".
 */
bool of_fdt_device_is_available(const void *blob, int node)
{
	int len;
	const void *status = of_fdt_getprop(blob, node, "status", &len);

	return of_status_okay(status, len);
}

/* The direct child of @parent whose full name is @name[0..len). */
static int subnode_namelen(const struct of_fdt_blob *b, int parent,
			   const char *name, size_t len)
{
	int depth = 0;
	u32 off, tag;

	off = next_token(b, (u32)parent, &tag);
	for (;;) {
		u32 next = next_token(b, off, &tag);

		if (tag == OF_FDT_BEGIN_NODE) {
			const char *n = b->strct + off + 4;

			if (!depth && !strncmp(n, name, len) && !n[len])
				return (int)off;
			depth++;
		} else if (tag == OF_FDT_END_NODE) {
			if (--depth < 0)
				return -ENOENT;
		} else if (tag == OF_FDT_END) {
			return -ENOENT;
		}
		off = next;
	}
}

/* Walks "/a/b" components from @node; stops at ':' (options) or the end. */
static int walk_path(const struct of_fdt_blob *b, int node, const char *path)
{
	while (node >= 0 && *path && *path != ':') {
		size_t len;

		if (*path == '/') {
			path++;
			continue;
		}
		len = path_component_len(path);
		node = subnode_namelen(b, node, path, len);
		path += len;
	}
	return node;
}

int of_fdt_path_offset(const void *blob, const char *path)
{
	struct of_fdt_blob b;
	int root;

	if (!blob || !path || !*path)
		return -ENOENT;
	of_fdt_blob_init(&b, blob);
	root = root_offset(&b);
	if (root < 0)
		return root;
	if (*path != '/') {
		size_t len = path_component_len(path);
		const char *target;
		int aliases, tlen, node;

		aliases = subnode_namelen(&b, root, "aliases", 7);
		if (aliases < 0)
			return -ENOENT;
		target = getprop_namelen(&b, aliases, path, len, &tlen);
		/* An alias names an absolute path; anything else is ignored. */
		if (!target || tlen < 2 || target[0] != '/' || target[tlen - 1])
			return -ENOENT;
		node = walk_path(&b, root, target);
		if (node < 0)
			return -ENOENT;
		return walk_path(&b, node, path + len);
	}
	return walk_path(&b, root, path);
}

/* Offsets of the root ... @node; returns how many, or -EINVAL. */
static int ancestors(const struct of_fdt_blob *b, int node,
		     int stack[OF_FDT_MAX_DEPTH + 1])
{
	int depth = 0;
	u32 off = 0, tag;

	for (;;) {
		u32 next = next_token(b, off, &tag);

		if (tag == OF_FDT_BEGIN_NODE) {
			if (depth > OF_FDT_MAX_DEPTH)
				return -EINVAL;
			stack[depth++] = (int)off;
			if ((int)off == node)
				return depth;
		} else if (tag == OF_FDT_END_NODE) {
			depth--;
		} else if (tag == OF_FDT_END) {
			return -EINVAL;
		}
		off = next;
	}
}

int of_fdt_parent_offset(const void *blob, int node)
{
	int stack[OF_FDT_MAX_DEPTH + 1];
	struct of_fdt_blob b;
	int n;

	of_fdt_blob_init(&b, blob);
	if (!is_node(&b, node))
		return -EINVAL;
	n = ancestors(&b, node, stack);
	if (n < 0)
		return n;
	return n >= 2 ? stack[n - 2] : -ENOENT;
}

int of_compat_strcasecmp(const char *a, const char *b)
{
	for (;; a++, b++) {
		int ca = (unsigned char)*a, cb = (unsigned char)*b;

		if (ca >= 'A' && ca <= 'Z')
			ca += 'a' - 'A';
		if (cb >= 'A' && cb <= 'Z')
			cb += 'a' - 'A';
		if (ca != cb || !ca)
			return ca - cb;
	}
}

static bool list_has(const char *list, int len, const char *s)
{
	while (len > 0) {
		int n = (int)strnlen(list, (size_t)len);

		if (n < len && !of_compat_strcasecmp(list, s))
			return true;
		list += n + 1;
		len -= n + 1;
	}
	return false;
}

int of_fdt_node_by_compatible(const void *blob, int from, const char *compat)
{
	struct of_fdt_blob b;
	int node = from, len;

	of_fdt_blob_init(&b, blob);
	if (from >= 0 && !is_node(&b, from))
		return -EINVAL;
	for (;;) {
		const char *list;

		node = of_fdt_next_node(blob, node, NULL);
		if (node < 0)
			return -ENOENT;
		list = getprop_namelen(&b, node, "compatible", 10, &len);
		if (list && list_has(list, len, compat))
			return node;
	}
}

/* #address-cells / #size-cells as Linux reads them: from the nearest
 * ancestor (starting at @stack[n-1]) that has the property, default 1. */
static int cells_of(const struct of_fdt_blob *b, const int *stack, int n,
		    const char *name)
{
	while (n-- > 0) {
		int len;
		const void *v = getprop_namelen(b, stack[n], name, strlen(name), &len);

		if (v && len == 4)
			return (int)of_rd32(v);
	}
	return 1;
}

int of_ranges_translate(const __be32 *ranges, int rlen, int na, int pna,
			int ns, u64 *addr)
{
	int one = na + pna + ns;
	int i;

	if (na < 1 || na > 2 || pna < 1 || pna > 2 || ns < 0 || ns > 2)
		return -EINVAL;
	if (rlen % (one * 4))
		return -EINVAL;
	for (i = 0; i < rlen / 4; i += one) {
		u64 cbase = of_read_number(ranges + i, na);
		u64 pbase = of_read_number(ranges + i + na, pna);
		u64 size = of_read_number(ranges + i + na + pna, ns);

		if (*addr >= cbase && *addr - cbase < size) {
			*addr = *addr - cbase + pbase;
			return 0;
		}
	}
	return -ENOENT;
}

int of_fdt_translate_reg(const void *blob, int node, int index, u64 *addr, u64 *size)
{
	int stack[OF_FDT_MAX_DEPTH + 1];
	struct of_fdt_blob b;
	const __be32 *reg;
	int n, na, ns, len, err;
	u64 a;

	of_fdt_blob_init(&b, blob);
	if (!is_node(&b, node) || index < 0)
		return -EINVAL;
	n = ancestors(&b, node, stack);
	if (n < 2)
		return -EINVAL;         /* the root has no reg to translate */
	na = cells_of(&b, stack, n - 1, "#address-cells");
	ns = cells_of(&b, stack, n - 1, "#size-cells");
	if (na < 1 || na > 2 || ns < 0 || ns > 2)
		return -EINVAL;
	reg = getprop_namelen(&b, node, "reg", 3, &len);
	if (!reg || len % ((na + ns) * 4) || index >= len / ((na + ns) * 4))
		return -EINVAL;
	reg += index * (na + ns);
	a = of_read_number(reg, na);
	if (size)
		*size = of_read_number(reg + na, ns);

	/* Up the buses: stack[k] is the bus whose address space holds a. */
	for (n -= 2; n > 0; n--) {
		const __be32 *ranges;
		int pna, bns;

		ranges = getprop_namelen(&b, stack[n], "ranges", 6, &len);
		if (!ranges)
			return -ENOENT;
		pna = cells_of(&b, stack, n, "#address-cells");
		if (!len) {
			na = pna;       /* empty ranges: identity */
			continue;
		}
		bns = cells_of(&b, stack, n + 1, "#size-cells");
		err = of_ranges_translate(ranges, len, na, pna, bns, &a);
		if (err)
			return err == -EINVAL ? -EINVAL : -ENOENT;
		na = pna;
	}
	*addr = a;
	return 0;
}
