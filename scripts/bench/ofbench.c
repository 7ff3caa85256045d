// SPDX-License-Identifier: BSD-2-Clause
/*
 * ofbench: what the live tree costs, blob by blob, on the host.
 *
 * 1. Time: of_fdt_unflatten() (check + build + aliases/chosen) against a
 *    libfdt walk of the same blob that visits every node and reads every
 *    property - the floor, every token read once.  Both run in the same
 *    process, interleaved, many repetitions; the best round counts.
 * 2. Memory: the live tree's bytes in the 32-bit kernel (the unflattener
 *    reports them, of_fdt_get_stats) against two estimates for the same blob:
 *    U-Boot's of_live (32 bytes per node plus its full path and NUL, 16 per
 *    property) and Linux's (76 per node plus its name with unit address and
 *    NUL, 16 per property, plus the synthetic "name" property every node
 *    gets: 16 plus the name without unit address and NUL).
 * 3. Lookup: of_find_node_by_phandle() over every phandle and
 *    of_find_node_by_path() over every node's path, ns per call.
 *
 * Prints figures, asserts nothing.  Usage: ofbench FILE.dtb...
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libfdt.h>

#include <linux/of.h>
#include <linux/of_fdt.h>

#define ROUNDS    5
#define MIN_NS    2000000.0     /* each timed batch runs at least 2 ms */
#define MAX_PATH  1024

struct result {
	const char *file;
	double unflatten_ns, walk_ns, ratio;
	unsigned long blob_bytes, nodes, props, live, uboot, linux_est;
	double live_uboot, live_linux;
	double phandle_ns, path_ns;
};

static volatile unsigned long sink;

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void *read_file(const char *path, size_t *sizep)
{
	FILE *f = fopen(path, "rb");
	long len;
	void *buf;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		goto err_close;
	buf = malloc(len ? len : 1);
	if (!buf)
		goto err_close;
	if (fread(buf, 1, len, f) != (size_t)len) {
		free(buf);
		goto err_close;
	}
	fclose(f);
	*sizep = len;
	return buf;

err_close:
	fclose(f);
	return NULL;
}

/* The floor: every node and every property read once through libfdt. */
static unsigned long libfdt_walk(const void *blob)
{
	unsigned long sum = 0;
	int node, prop, depth = 0, len;

	/* libfdt reports leaving the root by a negative depth, not by the offset. */
	for (node = 0; node >= 0 && depth >= 0; node = fdt_next_node(blob, node, &depth)) {
		const char *name = fdt_get_name(blob, node, &len);

		sum += len + (unsigned char)name[0];
		fdt_for_each_property_offset(prop, blob, node) {
			const char *pname;
			const void *val = fdt_getprop_by_offset(blob, prop, &pname, &len);

			sum += len + (unsigned char)pname[0] + (val != NULL);
		}
	}
	return sum;
}

static int unflatten(const void *blob, size_t size)
{
	int err = of_fdt_unflatten(blob, size, NULL, 0);

	sink += err;
	return err;
}

typedef void (*bench_fn)(const void *blob, size_t size);

static void call_unflatten(const void *blob, size_t size) { unflatten(blob, size); }
static void call_walk(const void *blob, size_t size) { sink += libfdt_walk(blob) + size; }

/* Calls per timed batch so a batch lasts at least MIN_NS. */
static int calibrate(bench_fn fn, const void *blob, size_t size)
{
	int reps = 1;
	double t0, dt;

	for (;;) {
		int i;

		t0 = now_ns();
		for (i = 0; i < reps; i++)
			fn(blob, size);
		dt = now_ns() - t0;
		if (dt >= MIN_NS || reps >= 1 << 20)
			return reps;
		reps *= dt > 0 ? (int)(MIN_NS / dt) + 1 : 2;
	}
}

static double time_batch(bench_fn fn, const void *blob, size_t size, int reps)
{
	double t0 = now_ns();
	int i;

	for (i = 0; i < reps; i++)
		fn(blob, size);
	return (now_ns() - t0) / reps;
}

/* Tree sizes as U-Boot and Linux would allocate them for this tree. */
static void estimate(const struct device_node *np, size_t pathlen,
		     struct result *r)
{
	const struct device_node *child;
	const struct property *pp;
	const char *at;
	size_t namelen;

	r->nodes++;
	for (pp = np->properties; pp; pp = pp->next) {
		r->props++;
		r->uboot += 16;
		r->linux_est += 16;
	}
	r->uboot += 32 + pathlen + 1;
	namelen = np->parent ? strlen(np->full_name) : 1;   /* root: "/" */
	at = np->parent ? strchr(np->full_name, '@') : NULL;
	r->linux_est += 76 + namelen + 1;
	r->linux_est += 16 + (at ? (size_t)(at - np->full_name) : namelen) + 1;
	for (child = np->child; child; child = child->sibling) {
		size_t clen = strlen(child->full_name);

		estimate(child, pathlen + (np->parent ? 1 : 0) + clen, r);
	}
}

/* Every node's full path and every phandle, for the lookup loops. */
struct lookups {
	char **paths;
	phandle *phandles;
	int npaths, nphandles, cap;
};

static void collect(const struct device_node *np, char *path, size_t plen,
		    struct lookups *lk)
{
	const struct device_node *child;

	if (lk->npaths < lk->cap)
		lk->paths[lk->npaths++] = strdup(path);
	if (np->phandle && lk->nphandles < lk->cap)
		lk->phandles[lk->nphandles++] = np->phandle;
	for (child = np->child; child; child = child->sibling) {
		size_t n = strlen(child->full_name), base = plen > 1 ? plen : 0;

		if (base + 1 + n + 1 > MAX_PATH)
			continue;
		path[base] = '/';
		memcpy(path + base + 1, child->full_name, n + 1);
		collect(child, path, base + 1 + n, lk);
		path[plen] = '\0';
	}
}

static void free_lookups(struct lookups *lk)
{
	int i;

	for (i = 0; i < lk->npaths; i++)
		free(lk->paths[i]);
	free(lk->paths);
	free(lk->phandles);
}

static double time_phandles(const struct lookups *lk)
{
	double t0, dt;
	int reps = 0, i;

	if (!lk->nphandles)
		return -1;
	t0 = now_ns();
	do {
		for (i = 0; i < lk->nphandles; i++) {
			struct device_node *np = of_find_node_by_phandle(lk->phandles[i]);

			sink += (unsigned long)np;
			of_node_put(np);
		}
		reps++;
		dt = now_ns() - t0;
	} while (dt < MIN_NS);
	return dt / ((double)reps * lk->nphandles);
}

static double time_paths(const struct lookups *lk)
{
	double t0, dt;
	int reps = 0, i;

	t0 = now_ns();
	do {
		for (i = 0; i < lk->npaths; i++) {
			struct device_node *np = of_find_node_by_path(lk->paths[i]);

			sink += (unsigned long)np;
			of_node_put(np);
		}
		reps++;
		dt = now_ns() - t0;
	} while (dt < MIN_NS);
	return dt / ((double)reps * lk->npaths);
}

static int bench_blob(const char *file, struct result *r)
{
	/* The live tree points into its blob: free a blob once replaced. */
	static void *prev_blob;
	struct lookups lk = { 0 };
	struct of_fdt_stats st;
	char path[MAX_PATH] = "/";
	double best_u = 1e30, best_w = 1e30;
	int reps_u, reps_w, round;
	size_t size;
	void *blob;

	memset(r, 0, sizeof(*r));
	r->file = file;
	blob = read_file(file, &size);
	if (!blob) {
		fprintf(stderr, "ofbench: %s: cannot read\n", file);
		return -1;
	}
	r->blob_bytes = size;
	if (fdt_check_header(blob) || unflatten(blob, size)) {
		fprintf(stderr, "ofbench: %s: libfdt or of_fdt_unflatten rejects it\n", file);
		free(blob);
		return -1;
	}
	free(prev_blob);
	prev_blob = blob;

	reps_u = calibrate(call_unflatten, blob, size);
	reps_w = calibrate(call_walk, blob, size);
	for (round = 0; round < ROUNDS; round++) {
		double u = time_batch(call_unflatten, blob, size, reps_u);
		double w = time_batch(call_walk, blob, size, reps_w);

		best_u = u < best_u ? u : best_u;
		best_w = w < best_w ? w : best_w;
	}
	r->unflatten_ns = best_u;
	r->walk_ns = best_w;
	r->ratio = best_u / best_w;

	/* The tree left by the last unflatten is the one measured. */
	estimate(of_root, 1, r);
	of_fdt_get_stats(&st);
	r->live = st.tree_bytes_ilp32;
	r->live_uboot = (double)r->live / r->uboot;
	r->live_linux = (double)r->live / r->linux_est;

	lk.cap = r->nodes;
	lk.paths = calloc(lk.cap, sizeof(*lk.paths));
	lk.phandles = calloc(lk.cap, sizeof(*lk.phandles));
	if (lk.paths && lk.phandles) {
		collect(of_root, path, 1, &lk);
		r->phandle_ns = time_phandles(&lk);
		r->path_ns = time_paths(&lk);
	}
	free_lookups(&lk);
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(struct result *res, int n, size_t field)
{
	double *v = malloc(n * sizeof(*v)), m;
	int i, k = 0;

	for (i = 0; i < n; i++) {
		double x = *(double *)((char *)&res[i] + field);

		if (x >= 0)
			v[k++] = x;
	}
	if (!k) {
		free(v);
		return -1;
	}
	qsort(v, k, sizeof(*v), cmp_double);
	m = k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
	free(v);
	return m;
}

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

int main(int argc, char **argv)
{
	struct result *res = calloc(argc, sizeof(*res));
	int i, n = 0, below_uboot = 0, ratio_ok = 0, half_linux = 0;
	int worst_uboot = -1, worst_linux = -1, worst_ratio = -1;

	if (argc < 2 || !res) {
		fprintf(stderr, "usage: ofbench FILE.dtb...\n");
		return 2;
	}
	printf("%-44s %5s %5s %7s %9s %9s %5s %7s %7s %7s %5s %5s %6s %6s\n",
	       "blob", "nodes", "props", "bytes", "unflat-ns", "walk-ns", "ratio",
	       "live", "uboot", "linux", "/ub", "/lx", "ph-ns", "path-ns");
	for (i = 1; i < argc; i++) {
		struct result *r = &res[n];

		if (bench_blob(argv[i], r))
			continue;
		printf("%-44.44s %5lu %5lu %7lu %9.0f %9.0f %5.2f %7lu %7lu %7lu %5.2f %5.2f %6.1f %6.1f\n",
		       base(r->file), r->nodes, r->props,
		       r->blob_bytes, r->unflatten_ns, r->walk_ns,
		       r->ratio, r->live, r->uboot, r->linux_est, r->live_uboot,
		       r->live_linux, r->phandle_ns, r->path_ns);
		below_uboot += r->live < r->uboot;
		half_linux += r->live_linux <= 0.5;
		ratio_ok += r->ratio <= 1.5;
		if (worst_uboot < 0 || r->live_uboot > res[worst_uboot].live_uboot)
			worst_uboot = n;
		if (worst_linux < 0 || r->live_linux > res[worst_linux].live_linux)
			worst_linux = n;
		if (worst_ratio < 0 || r->ratio > res[worst_ratio].ratio)
			worst_ratio = n;
		n++;
	}
	if (!n)
		return 1;

	printf("\nmedians over %d blobs:\n", n);
	printf("  unflatten %.0f ns, libfdt walk %.0f ns, ratio %.2f (target <= 1.5; "
	       "%d/%d blobs within, worst %.2f %s)\n",
	       median(res, n, offsetof(struct result, unflatten_ns)),
	       median(res, n, offsetof(struct result, walk_ns)),
	       median(res, n, offsetof(struct result, ratio)), ratio_ok, n,
	       res[worst_ratio].ratio, base(res[worst_ratio].file));
	printf("  live tree / U-Boot %.2f (below U-Boot on %d/%d blobs; worst %.2f %s)\n",
	       median(res, n, offsetof(struct result, live_uboot)), below_uboot, n,
	       res[worst_uboot].live_uboot, base(res[worst_uboot].file));
	printf("  live tree / Linux %.2f (<= 0.5 on %d/%d blobs; max %.2f %s)\n",
	       median(res, n, offsetof(struct result, live_linux)), half_linux, n,
	       res[worst_linux].live_linux, base(res[worst_linux].file));
	printf("  of_find_node_by_phandle %.1f ns/call, of_find_node_by_path %.1f ns/call\n",
	       median(res, n, offsetof(struct result, phandle_ns)),
	       median(res, n, offsetof(struct result, path_ns)));
	free(res);
	return 0;
}
