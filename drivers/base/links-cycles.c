// SPDX-License-Identifier: BSD-2-Clause
/*
 * Dependency cycles among device links: consumers that wait for each other
 * would wait for ever.  Each cycle is found, printed whole and broken at
 * its least essential link (links.c calls this whenever a batch of new
 * devices has its links).
 */
#define pr_fmt(fmt) "fw_devlink: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "base.h"

/*
 * Tarjan's strongly connected components over the links that still make a
 * consumer wait, iteratively (a chain of thousands of devices must not use
 * the kernel stack).  Each device's index lives in links_scratch.
 */
struct tarjan {
	struct device **dev;            /* by index */
	int *low, *num, *stack, *iter_pos;
	bool *on_stack;
	struct device_link **iter;      /* DFS frame: next link to look at */
	int n, counter, sp;
};

static bool edge(const struct device_link *link)
{
	return device_link_state(link) == DL_STATE_WAITING && link->supplier &&
	       link->supplier->links_scratch >= 0;
}

static struct device_link *next_edge(struct device *dev, struct device_link *after)
{
	struct list_head *pos = after ? after->c_node.next : dev->links_suppliers.next;

	for (; pos != &dev->links_suppliers; pos = pos->next) {
		struct device_link *link = list_entry(pos, struct device_link, c_node);

		if (edge(link))
			return link;
	}
	return NULL;
}

/* The first non-trivial component found from @root: its members get
 * on_stack set and their count is returned; 0 when there is none. */
static int strongconnect(struct tarjan *t, int root, int *scc_root)
{
	int *frames = t->iter_pos, depth = 0;

	frames[depth++] = root;
	t->num[root] = t->low[root] = ++t->counter;
	t->stack[t->sp++] = root;
	t->on_stack[root] = true;
	t->iter[root] = NULL;
	while (depth) {
		int v = frames[depth - 1], w;
		struct device_link *link = next_edge(t->dev[v], t->iter[v]);

		if (link) {
			t->iter[v] = link;
			w = link->supplier->links_scratch;
			if (!t->num[w]) {
				t->num[w] = t->low[w] = ++t->counter;
				t->stack[t->sp++] = w;
				t->on_stack[w] = true;
				t->iter[w] = NULL;
				frames[depth++] = w;
			} else if (t->on_stack[w] && t->num[w] < t->low[v]) {
				t->low[v] = t->num[w];
			}
			continue;
		}
		depth--;
		if (depth && t->low[v] < t->low[frames[depth - 1]])
			t->low[frames[depth - 1]] = t->low[v];
		if (t->low[v] == t->num[v]) {
			int size = 0, i;

			for (i = t->sp - 1; t->stack[i] != v; i--)
				size++;
			size++;
			if (size > 1) {
				/* Leave the members marked; the rest is popped. */
				*scc_root = v;
				for (i = 0; i < t->sp - size; i++)
					t->on_stack[t->stack[i]] = false;
				return size;
			}
			t->sp--;
			t->on_stack[v] = false;
		}
	}
	return 0;
}

/*
 * One cycle inside the component (members have on_stack set), from @start
 * back to @start, by breadth-first search: its links in order in @path.
 */
static int find_cycle(struct tarjan *t, int start, struct device_link **path)
{
	int *prev = t->low, *queue = t->stack, head = 0, tail = 0, i, n = 0;
	struct device_link **via = t->iter;

	for (i = 0; i < t->n; i++)
		prev[i] = -1;
	queue[tail++] = start;
	while (head < tail) {
		int v = queue[head++];
		struct device_link *link;

		for (link = next_edge(t->dev[v], NULL); link; link = next_edge(t->dev[v], link)) {
			int w = link->supplier->links_scratch;

			if (!t->on_stack[w])
				continue;
			if (w == start) {
				/* Walk back from v to start, then reverse. */
				path[n++] = link;
				for (; v != start; v = prev[v])
					path[n++] = via[v];
				for (i = 0; i < n / 2; i++) {
					struct device_link *tmp = path[i];

					path[i] = path[n - 1 - i];
					path[n - 1 - i] = tmp;
				}
				return n;
			}
			if (prev[w] >= 0 || w == start)
				continue;
			prev[w] = v;
			via[w] = link;
			queue[tail++] = w;
		}
	}
	return 0;
}

static void relax_cycle(struct device_link **path, int n)
{
	struct device_link *weak = path[0];
	char cpath[96], spath[96];
	int i;

	for (i = 1; i < n; i++)
		if (path[i]->rank < weak->rank)
			weak = path[i];
	weak->relaxed = true;
	snprintf(weak->reason, sizeof(weak->reason),
		 "ends a cycle of %d: the least essential link in it (rank %d)", n, weak->rank);
	pr_warn("dependency cycle of %d devices:\n", n);
	for (i = 0; i < n; i++) {
		dev_node_path(path[i]->consumer, cpath, sizeof(cpath));
		dev_node_path(path[i]->supplier, spath, sizeof(spath));
		pr_warn("  %s waits for %s (%s, rank %d)%s\n", cpath, spath, path[i]->prop,
			path[i]->rank, path[i] == weak ? ": relaxed" : "");
	}
	dev_node_path(weak->consumer, cpath, sizeof(cpath));
	dev_node_path(weak->supplier, spath, sizeof(spath));
	pr_warn("relaxed %s -> %s (%s): the least essential link in the cycle; %s probes "
		"first\n", cpath, spath, weak->prop, cpath);
}

int fw_devlink_break_cycles(void)
{
	struct tarjan t = { 0 };
	struct device_link **path;
	int broken = 0, i, root, size;

	t.n = device_links_index(&t.dev);
	if (t.n <= 0)
		return t.n;
	t.low = kcalloc((size_t)t.n, sizeof(int), GFP_KERNEL);
	t.num = kcalloc((size_t)t.n, sizeof(int), GFP_KERNEL);
	t.stack = kcalloc((size_t)t.n, sizeof(int), GFP_KERNEL);
	t.iter_pos = kcalloc((size_t)t.n, sizeof(int), GFP_KERNEL);
	t.on_stack = kcalloc((size_t)t.n, sizeof(bool), GFP_KERNEL);
	t.iter = kcalloc((size_t)t.n, sizeof(*t.iter), GFP_KERNEL);
	path = kcalloc((size_t)t.n, sizeof(*path), GFP_KERNEL);
	if (!t.low || !t.num || !t.stack || !t.iter_pos || !t.on_stack || !t.iter || !path) {
		pr_err("no memory to look for dependency cycles\n");
		broken = -ENOMEM;
		goto out_free;
	}
	/* Each round finds one cycle and relaxes one link: until none is left. */
	for (;;) {
		memset(t.num, 0, (size_t)t.n * sizeof(int));
		memset(t.on_stack, 0, (size_t)t.n * sizeof(bool));
		t.counter = t.sp = 0;
		size = 0;
		for (i = 0; i < t.n && !size; i++)
			if (!t.num[i])
				size = strongconnect(&t, i, &root);
		if (!size)
			break;
		size = find_cycle(&t, root, path);
		if (!size)
			break;          /* cannot happen: a component has a cycle */
		relax_cycle(path, size);
		broken++;
	}
out_free:
	for (i = 0; i < t.n; i++)
		t.dev[i]->links_scratch = -1;
	kfree(path);
	kfree(t.iter);
	kfree(t.on_stack);
	kfree(t.iter_pos);
	kfree(t.stack);
	kfree(t.num);
	kfree(t.low);
	kfree(t.dev);
	return broken;
}
