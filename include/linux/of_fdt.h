/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The flattened device tree (the blob firmware hands over): the checker,
 * the unflattener, and a few read-only accessors for early boot, before the
 * heap exists.  Every accessor assumes of_fdt_check() passed on the blob.
 *
 * Names avoid libfdt's fdt_* so the host benchmark can link both.
 */
#ifndef _LINUX_OF_FDT_H
#define _LINUX_OF_FDT_H

#include <linux/types.h>

struct device_node;

#define OF_DT_HEADER 0xd00dfeed

/**
 * of_fdt_check() - check a whole blob before anything else reads it
 * @blob:    start of the blob
 * @bufsize: bytes known to be readable at @blob (file size, or RAM left)
 * @why:     buffer for a one-line reason a student can act on ("bad magic",
 *           "totalsize 9000 exceeds buffer 4096", ...); may be NULL
 * @whylen:  size of @why
 *
 * Return: 0 when every header field, block, token, name and property is in
 * bounds and well formed; -EINVAL for a malformed blob, -EOVERFLOW when it
 * does not fit in @bufsize, -ENOTSUP-like versions are -EINVAL with a reason.
 */
int of_fdt_check(const void *blob, size_t bufsize, char *why, size_t whylen);

/* Total size from the header of a checked blob. */
u32 of_fdt_totalsize(const void *blob);

/**
 * of_fdt_get_mem_rsv() - the @n-th /memreserve/ entry of a checked blob
 * Return: 0 and *@addr and *@size filled, or -ENOENT past the last entry.
 */
int of_fdt_get_mem_rsv(const void *blob, int n, u64 *addr, u64 *size);

/**
 * of_fdt_path_offset() - find a node of a checked blob by path
 * @path: absolute ("/amba/uart@101f1000") or starting with an alias name
 *        ("serial0", "serial0/child"); a ":options" suffix is ignored
 * Return: node offset (>= 0), or -ENOENT when there is no such node.
 */
int of_fdt_path_offset(const void *blob, const char *path);

/**
 * of_fdt_getprop() - a property of the node at offset @node
 * Return: pointer to the value inside the blob and *@lenp its length, or
 * NULL when the node has no such property (@lenp may be NULL).
 */
const void *of_fdt_getprop(const void *blob, int node, const char *name, int *lenp);

/**
 * of_fdt_device_is_available() - no "status", or "okay"/"ok", at @node of a
 * checked blob: the live tree's rule, for the time before there is one
 */
bool of_fdt_device_is_available(const void *blob, int node);

/**
 * of_fdt_parent_offset() - the parent of the node at @node
 * Return: offset, or -ENOENT for the root.
 */
int of_fdt_parent_offset(const void *blob, int node);

/**
 * of_fdt_node_by_compatible() - first node after @from whose compatible list
 * contains @compat (@from = -1 starts at the root)
 * Return: node offset, or -ENOENT.
 */
int of_fdt_node_by_compatible(const void *blob, int from, const char *compat);

/**
 * of_fdt_translate_reg() - the @index-th reg entry of a node, translated to a
 * CPU physical address through every parent's "ranges"
 * Return: 0 with *@addr and *@size filled; -EINVAL when the node has no such
 * entry or the cells are malformed; -ENOENT when a parent has no "ranges"
 * (the address is not reachable from the CPU) or no range covers it.
 */
int of_fdt_translate_reg(const void *blob, int node, int index, u64 *addr, u64 *size);

/**
 * of_fdt_next_node() - walk a checked blob's nodes in source order
 * @offset: current node (-1 starts at the root)
 * @depth:  in/out nesting depth (root = 0); may be NULL
 * Return: next node's offset, or -ENOENT at the end.
 */
int of_fdt_next_node(const void *blob, int offset, int *depth);

/**
 * of_fdt_get_name() - a node's name with unit address ("" for the root)
 * Return: the name inside the blob; *@lenp (may be NULL) its length.
 */
const char *of_fdt_get_name(const void *blob, int node, int *lenp);

/**
 * of_fdt_unflatten() - check a blob and build the live tree from it
 * @blob: the blob; it must stay in place, the tree points into it
 * @size: bytes readable at @blob
 * @why:  the reason on failure (include/linux/kernel.h's convention)
 *
 * Sets of_root, scans /aliases and /chosen.  Callable again (host tests):
 * the previous tree is released first.
 * Return: 0; the checker's -EINVAL/-EOVERFLOW; -ENOMEM.
 */
int of_fdt_unflatten(const void *blob, size_t size, char *why, size_t whylen);

/**
 * of_fdt_unflatten_tree() - check @blob and build a tree apart from the live
 * one (an overlay's), in one allocation that starts with the root node
 * @root: out: the root; kfree(@root) frees the whole tree
 * @why:  the checker's reason on failure
 * Return: 0; the checker's -EINVAL/-EOVERFLOW; -ENOMEM.
 */
int of_fdt_unflatten_tree(const void *blob, size_t size, struct device_node **root,
			  char *why, size_t whylen);

/* What the live tree holds and costs, for the boot log and ofdump --stats. */
struct of_fdt_stats {
	unsigned int nodes;
	unsigned int properties;
	unsigned int phandles;      /* entries in the phandle lookup table */
	unsigned int duplicate_phandles; /* nodes left out of it, warned */
	unsigned int aliases;       /* entries in the alias id table */
	size_t tree_bytes;          /* the live tree's one allocation, this build */
	size_t tree_bytes_ilp32;    /* the same tree in the 32-bit kernel */
	size_t blob_bytes;          /* totalsize of the blob it points into */
};

/* Fills @st for the current live tree (all zero before the first unflatten). */
void of_fdt_get_stats(struct of_fdt_stats *st);

/*
 * of_fdt_swap_in() - unflatten @blob as the live tree, keeping the current
 * tree and the overlays applied to it aside (for the self-test's own tree).
 * Return: 0; -EBUSY when a tree is already swapped in; the errors of
 * of_fdt_unflatten(), the current tree then staying live.
 * of_fdt_swap_out() removes the overlays the swapped-in tree got, frees it
 * and restores the kept tree with its overlays and their ids.
 */
int of_fdt_swap_in(const void *blob, size_t size);
void of_fdt_swap_out(void);

#endif
