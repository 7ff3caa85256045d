/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internals shared by the files of of/: the flat blob's layout, what the
 * checker learns while it walks a blob (so unflatten needs no extra pass),
 * cell helpers used by both the flat and the live address code, the path
 * walk (base.c, read by the overlay code for its own tree) and the one
 * "status" rule (live and flat tree alike).
 */
#ifndef _OF_PRIVATE_H
#define _OF_PRIVATE_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/string.h>

/* Structure block tokens (Devicetree Specification, "Structure Block"). */
#define OF_FDT_BEGIN_NODE 0x1
#define OF_FDT_END_NODE   0x2
#define OF_FDT_PROP       0x3
#define OF_FDT_NOP        0x4
#define OF_FDT_END        0x9

/* Header field byte offsets. */
#define OF_FDT_H_MAGIC        0
#define OF_FDT_H_TOTALSIZE    4
#define OF_FDT_H_OFF_STRUCT   8
#define OF_FDT_H_OFF_STRINGS 12
#define OF_FDT_H_OFF_RSVMAP  16
#define OF_FDT_H_VERSION     20
#define OF_FDT_H_LAST_COMP   24
#define OF_FDT_H_BOOT_CPUID  28
#define OF_FDT_H_SIZE_STRINGS 32
#define OF_FDT_H_SIZE_STRUCT 36
#define OF_FDT_V16_HDR_SIZE  36
#define OF_FDT_V17_HDR_SIZE  40

/* Deeper trees are refused: every walker keeps a fixed-size stack. */
#define OF_FDT_MAX_DEPTH 64

/*
 * Aligned big-endian read.  The checker refuses blobs that are not 4-byte
 * aligned, and every token and property value sits at a multiple of 4 from
 * the blob's start, so 32-bit loads are aligned even on ARM926.
 */
static inline u32 of_rd32(const void *p)
{
	return be32_to_cpu(*(const __be32 *)p);
}

/* A checked blob's geometry, read once from the header. */
struct of_fdt_blob {
	const char *base;
	const char *strct;      /* structure block */
	const char *strings;    /* strings block */
	u32 struct_size;        /* bytes up to and including FDT_END */
	u32 strings_size;
};

void of_fdt_blob_init(struct of_fdt_blob *b, const void *blob);

/* Counts the checker gathers on its one pass, so unflatten can size its one
 * allocation without walking the blob again. */
struct of_fdt_counts {
	u32 nodes;
	u32 props;
	u32 phandles;     /* nodes with a usable "phandle"/"linux,phandle" */
	u32 name_bytes;   /* bytes for node names without unit address */
	u32 alias_props;  /* properties of /aliases */
	u32 max_depth;
	u32 nops_after_end; /* FDT_NOP words after FDT_END: warned, ignored */
	u32 nops_after_root; /* FDT_NOP between the root's end and FDT_END */
};

/* "phandle" or the older "linux,phandle": both give a node its phandle. */
static inline bool of_is_phandle_name(const char *s)
{
	if (s[0] == 'p')
		return !strcmp(s, "phandle");
	if (s[0] == 'l')
		return !strcmp(s, "linux,phandle");
	return false;
}

int of_fdt_check_counts(const void *blob, size_t bufsize, char *why,
			size_t whylen, struct of_fdt_counts *counts);

/* Compatible strings compare without case, as Linux's of_compat_cmp. */
int of_compat_strcasecmp(const char *a, const char *b);

/*
 * Looks @addr (in a child bus's address space, @na cells) up in a "ranges"
 * value of @rlen bytes with @na child, @pna parent and @ns size cells.
 * Return: 0 and *@addr translated; -ENOENT when no range covers it;
 * -EINVAL for a malformed ranges value or unsupported cell counts.
 */
int of_ranges_translate(const __be32 *ranges, int rlen, int na, int pna,
			int ns, u64 *addr);

/* --- the live tree's lookup tables (built by unflatten, read by base.c) --- */
struct device_node;

/* One alias with a numeric id: "serial0" = stem "serial", id 0. */
struct of_alias {
	struct device_node *np;
	const char *stem;       /* the alias property's name, in the blob */
	u16 stem_len;
	u16 id;                 /* unflatten skips ids above 9999 */
};

extern unsigned int of_node_count;            /* nodes in the live tree */
extern struct device_node **of_phandle_table;  /* sorted by phandle */
extern unsigned int of_phandle_count;
extern struct of_alias *of_alias_table;
extern unsigned int of_alias_count;

/*
 * The overlays applied belong to the tree they were applied to.
 * of_fdt_swap_in() sets the board tree's aside (their changesets point
 * into it; their ids stay the user's) and of_fdt_swap_out() removes
 * whatever the swapped-in tree got, then puts them back with the id count
 * as it was (of/overlay.c).
 */
void of_overlay_set_aside(void);
void of_overlay_put_back(void);

/*
 * Does property value @v of @len bytes start with the string @s?  Values are
 * not promised to be terminated, so never strcmp() them directly.
 */
static inline bool of_value_streq(const void *v, int len, const char *s)
{
	const char *a = v;
	int i;

	for (i = 0; i < len; i++) {
		if (a[i] != s[i])
			return false;
		if (!s[i])
			return true;
	}
	return false;
}

/*
 * The one rule for "status": absent (@status NULL), "okay" or "ok" means
 * available; anything else ("disabled", "fail", "fail-...") does not.
 */
static inline bool of_status_okay(const void *status, int len)
{
	return !status || of_value_streq(status, len, "okay") ||
	       of_value_streq(status, len, "ok");
}

struct device_node *__of_find_node_by_path(struct device_node *parent, const char *path);

/* A dynamic node for a changeset to attach (of/dynamic.c): NULL for a bad
 * name or no memory; __of_node_free() undoes it while no entry holds it. */
struct device_node *__of_node_alloc(struct device_node *parent, const char *full_name);
void __of_node_free(struct device_node *np);
struct device_node *__of_find_node_by_full_path(struct device_node *node, const char *path);
/* of_find_all_nodes() and of_find_node_by_phandle() without a reference:
 * of/'s own walks borrow the nodes they pass. */
struct device_node *__of_find_all_nodes(struct device_node *prev);
struct device_node *__of_find_node_by_phandle(phandle handle);

/*
 * of/overlay_params.c: set an overlay's parameters (@nparams "name=value"
 * strings, in order) on its unflattened copy @root, as the Raspberry Pi
 * firmware sets them from __overrides__; what they allocate is chained on
 * *@mem for of_overlay_params_free().  Return: 0; -EINVAL (a parameter the
 * overlay does not define, a value of the wrong type, a malformed or
 * unsupported target: @why names the parameter and the node); -ENOMEM.
 */
struct of_param_mem;
int of_overlay_params_set(struct device_node *root, const char *const *params, int nparams,
			  struct of_param_mem **mem, char *why, size_t whylen);
void of_overlay_params_free(struct of_param_mem *mem);

#endif
