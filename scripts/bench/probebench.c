// SPDX-License-Identifier: BSD-2-Clause
/*
 * probebench: what device links buy, on the host, with the kernel's driver
 * core (build/host/libof.a).
 *
 * Generated trees of 10, 100, 1000 and 5000 devices in four shapes:
 *   chain     device i needs device i-1 (clocks)
 *   fan-in    one device needs every other one
 *   fan-out   every device needs one
 *   dag       each device needs 3 devices numbered below it
 * The nodes are listed in a shuffled order, and each tree gets a few cycles:
 * a supplier names one of its consumers with pinctrl-0 (the weaker link,
 * which the cycle breaker relaxes).  Sixteen compatibles ("bench,kind-N"),
 * one trivial driver each, registered in a shuffled order after the devices
 * exist.  A probe returns -EPROBE_DEFER while a device its `clocks` name is
 * not bound, as a real driver asking for its clock would.
 *
 * Each tree runs twice: with device links, and without (fw_devlink off: pure
 * deferred-probe retry).  Printed per run: devices, links, probe calls,
 * calls per device, deferrals, host CPU time (with links: the best of 5
 * runs; without: one run); then, per shape, the slope of
 * log(time) against log(devices + links) with links on (1.0 is linear).
 * Prints figures, asserts nothing.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libfdt.h>

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/of_platform.h>
#include <linux/of_supplier.h>
#include <linux/platform_device.h>

#include "../../tests/lib/devlink_count.h"

#define KINDS 16
#define CYCLES 3
#define DAG_SUPPLIERS 3
#define ROUNDS 5

enum shape { CHAIN, FAN_IN, FAN_OUT, DAG, SHAPES };
static const char *const shape_names[] = { "chain", "fan-in", "fan-out", "dag" };
static const int sizes[] = { 10, 100, 1000, 5000 };

static unsigned long rng = 12345;

static unsigned int rnd(unsigned int n)
{
	rng = rng * 6364136223846793005ul + 1442695040888963407ul;
	return (unsigned int)((rng >> 33) % n);
}

static void shuffle(int *a, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rnd((unsigned int)i + 1), t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

/* The suppliers of device @i in @shape, into @out; returns how many. */
static int suppliers(enum shape shape, int n, int i, int *out)
{
	int k = 0;

	switch (shape) {
	case CHAIN:
		if (i > 0)
			out[k++] = i - 1;
		break;
	case FAN_IN:
		if (i == n - 1)
			for (int j = 0; j < n - 1; j++)
				out[k++] = j;
		break;
	case FAN_OUT:
		if (i > 0)
			out[k++] = 0;
		break;
	case DAG:
		for (int t = 0; i > 0 && t < DAG_SUPPLIERS; t++)
			out[k++] = (int)rnd((unsigned int)i);
		break;
	case SHAPES:
		break;
	}
	return k;
}

/* The blob: nodes "dI" at the root, phandle I+1, in a shuffled order. */
static void *make_tree(enum shape shape, int n)
{
	size_t size = 64 * 1024 + (size_t)n * 256 + (shape == FAN_IN ? (size_t)n * 8 : 0);
	int *order = malloc(sizeof(int) * (size_t)n), *sup = malloc(sizeof(int) * (size_t)n);
	int *back = calloc((size_t)n, sizeof(int));
	fdt32_t *cells = malloc(sizeof(fdt32_t) * (size_t)n);
	void *fdt = malloc(size);
	char name[32], compat[32];

	for (int i = 0; i < n; i++)
		order[i] = i;
	shuffle(order, n);
	/* A few cycles: a supplier of device c names c back (pinctrl-0). */
	for (int c = 0; c < CYCLES && n > 2; c++) {
		int con = 1 + (int)rnd((unsigned int)n - 1), k = suppliers(shape, n, con, sup);

		if (k)
			back[sup[rnd((unsigned int)k)]] = con + 1;
	}
	fdt_create(fdt, (int)size);
	fdt_finish_reservemap(fdt);
	fdt_begin_node(fdt, "");
	fdt_property_u32(fdt, "#address-cells", 1);
	fdt_property_u32(fdt, "#size-cells", 0);
	for (int o = 0; o < n; o++) {
		int i = order[o], k;

		snprintf(name, sizeof(name), "d%d", i);
		snprintf(compat, sizeof(compat), "bench,kind-%d", i % KINDS);
		fdt_begin_node(fdt, name);
		fdt_property_string(fdt, "compatible", compat);
		fdt_property_u32(fdt, "phandle", (uint32_t)i + 1);
		fdt_property_u32(fdt, "#clock-cells", 0);
		k = suppliers(shape, n, i, sup);
		for (int j = 0; j < k; j++)
			cells[j] = cpu_to_fdt32((uint32_t)sup[j] + 1);
		if (k)
			fdt_property(fdt, "clocks", cells, k * (int)sizeof(fdt32_t));
		if (back[i])
			fdt_property_u32(fdt, "pinctrl-0", (uint32_t)back[i]);
		fdt_end_node(fdt);
	}
	fdt_end_node(fdt);
	fdt_finish(fdt);
	free(order);
	free(sup);
	free(back);
	free(cells);
	return fdt;
}

/* --- the trivial drivers ------------------------------------------------- */
static unsigned long deferrals;

static int needs_clock(void *ctx, const struct of_supplier_ref *ref)
{
	struct device *sup = ref->supplier->data;

	if (strcmp(ref->prop, "clocks"))
		return 0;
	return !sup || sup->state != DEVICE_BOUND;
}

static int bench_probe(struct platform_device *pdev)
{
	if (of_for_each_supplier(pdev->dev.of_node, needs_clock, NULL)) {
		deferrals++;
		return -EPROBE_DEFER;
	}
	return 0;
}

static struct of_device_id ids[KINDS][2];
static struct platform_driver drivers[KINDS];

static void register_drivers(void)
{
	int order[KINDS];

	for (int k = 0; k < KINDS; k++)
		order[k] = k;
	shuffle(order, KINDS);
	for (int k = 0; k < KINDS; k++)
		platform_driver_register(&drivers[order[k]]);
}

static void unregister_drivers(void)
{
	for (int k = 0; k < KINDS; k++)
		platform_driver_unregister(&drivers[k]);
}

static int count_bound(void)
{
	struct device *dev;
	int n = 0;

	list_for_each_entry(dev, &platform_bus_type.devices, bus_node)
		n += dev->state == DEVICE_BOUND;
	return n;
}

static double now(void)
{
	struct timespec ts;

	/* CPU time: the machine is shared, and waiting is not our cost. */
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

struct run {
	int devices, links, bound;
	unsigned long calls, deferrals;
	double seconds;
};

static struct run run_once(bool links)
{
	struct run r = { 0 };
	unsigned long calls = probe_calls();
	double t0;

	fw_devlink_enabled = links;
	deferrals = 0;
	t0 = now();
	of_platform_default_populate(NULL, NULL, NULL);
	register_drivers();
	r.seconds = now() - t0;
	r.calls = probe_calls() - calls;
	r.deferrals = deferrals;
	r.links = count_links();
	r.bound = count_bound();
	unregister_drivers();
	of_platform_depopulate(NULL);
	return r;
}

int main(void)
{
	double slope_x[SHAPES][4], slope_y[SHAPES][4];
	int quiet = open("/dev/null", O_WRONLY), saved = dup(2);

	for (int k = 0; k < KINDS; k++) {
		snprintf(ids[k][0].compatible, sizeof(ids[k][0].compatible), "bench,kind-%d", k);
		drivers[k].probe = bench_probe;
		drivers[k].driver.name = ids[k][0].compatible;
		drivers[k].driver.of_match_table = ids[k];
	}
	printf("%-8s %6s %6s | %-5s %9s %9s %9s %10s | %-5s %10s %9s %9s %10s\n", "shape",
	       "devs", "links", "links", "calls", "per dev", "defers", "ms", "retry", "calls",
	       "per dev", "defers", "ms");
	for (int s = 0; s < SHAPES; s++) {
		for (unsigned int z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
			int n = sizes[z];
			void *fdt = make_tree((enum shape)s, n);
			struct run on, off;

			char why[128] = "";

			if (of_fdt_unflatten(fdt, fdt_totalsize(fdt), why, sizeof(why))) {
				printf("%s %d: unflatten failed: %s\n", shape_names[s], n, why);
				continue;
			}
			fflush(stderr);
			dup2(quiet, 2);
			/* Best of ROUNDS with links (cheap); the retry runs once. */
			on = run_once(true);
			for (int r = 1; r < ROUNDS; r++) {
				struct run again = run_once(true);

				if (again.seconds < on.seconds)
					on.seconds = again.seconds;
			}
			off = run_once(false);
			dup2(saved, 2);
			on.devices = off.devices = n;
			printf("%-8s %6d %6d | %-5s %9lu %9.2f %9lu %10.2f | %-5s %10lu %9.2f %9lu "
			       "%10.2f\n", shape_names[s], n, on.links, "on", on.calls,
			       (double)on.calls / n, on.deferrals, on.seconds * 1e3, "off", off.calls,
			       (double)off.calls / n, off.deferrals, off.seconds * 1e3);
			if (on.bound != n || off.bound != n)
				printf("  (bound: %d with links, %d without, of %d)\n", on.bound,
				       off.bound, n);
			slope_x[s][z] = log((double)(n + on.links));
			slope_y[s][z] = log(on.seconds > 0 ? on.seconds : 1e-9);
			/* The live tree points into the blob: it stays. */
		}
	}
	printf("\nslope of log(time) over log(devices + links), links on, 100..5000 devices:\n");
	for (int s = 0; s < SHAPES; s++) {
		/* Least squares over the three larger sizes (10 is noise). */
		double mx = 0, my = 0, sxy = 0, sxx = 0;

		for (int z = 1; z < 4; z++) {
			mx += slope_x[s][z] / 3;
			my += slope_y[s][z] / 3;
		}
		for (int z = 1; z < 4; z++) {
			sxy += (slope_x[s][z] - mx) * (slope_y[s][z] - my);
			sxx += (slope_x[s][z] - mx) * (slope_x[s][z] - mx);
		}
		printf("  %-8s %.2f\n", shape_names[s], sxx > 0 ? sxy / sxx : 0.0);
	}
	return 0;
}
