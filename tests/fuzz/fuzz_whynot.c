// SPDX-License-Identifier: BSD-2-Clause
/*
 * libFuzzer harness for the `whynot` explainer (drivers/base/whynot.c) on a
 * fuzzed tree: the blob is checked and unflattened as fuzz_fdt does it,
 * then every node is explained from the tree alone (as `ofdump --devices`
 * does on the host) against a catalogue of real drivers' compatibles, with
 * the I2C and virtio-mmio buses' knowledge registered.  The explainer
 * follows phandles (clocks, interrupts, suppliers), bus parents and
 * status, so a fuzzed tree reaches every reason it knows.
 *
 * Invariants: every node gets a verdict with a name, and at least one
 * line; every line is a terminated string shorter than a screen's worth.
 *
 * Build and run: `make fuzz FUZZ_ONLY=fuzz_whynot FUZZ_TIME=60`.
 * Replaying saved inputs: build/fuzz/fuzz_whynot FILE...
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/i2c.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/printk.h>
#include <linux/virtio_mmio.h>
#include <coyote/whynot.h>

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

static void invariant_failed(const char *what, const struct device_node *np)
{
	printk("fuzz_whynot: invariant broken: %s (node %pOF)\n", what, np);
	abort();
}

#define IDS(name, ...) \
	static const struct of_device_id name[] = { __VA_ARGS__, { } }
IDS(pl011_ids, { .compatible = "arm,pl011" }, { .compatible = "arm,primecell" });
IDS(gic_ids, { .compatible = "arm,cortex-a9-gic" }, { .compatible = "arm,cortex-a15-gic" });
IDS(sp804_ids, { .compatible = "arm,sp804" });
IDS(fixed_ids, { .compatible = "fixed-clock" });
IDS(i2c_ids, { .compatible = "arm,versatile-i2c" }, { .compatible = "allwinner,sun6i-a31-i2c" });
IDS(rtc_ids, { .compatible = "dallas,ds1338" });
IDS(virtio_ids, { .compatible = "virtio,mmio" });
IDS(smsc_ids, { .compatible = "smsc,lan9118" });

static const struct whynot_driver drivers[] = {
	{ "uart-pl011", "platform", pl011_ids },
	{ "gic", "platform", gic_ids },
	{ "sp804", "platform", sp804_ids },
	{ "fixed-clock", "platform", fixed_ids },
	{ "i2c-versatile", "platform", i2c_ids },
	{ "rtc-ds1338", "i2c", rtc_ids },
	{ "virtio-mmio", "platform", virtio_ids },
	{ "smsc911x", "platform", smsc_ids },
};
static const struct whynot_catalog catalog = {
	.drivers = drivers, .count = sizeof(drivers) / sizeof(drivers[0]),
};

static int lines;

static void collect(void *ctx, const char *line)
{
	size_t n = strnlen(line, 4096);

	if (n == 4096)
		invariant_failed("a line longer than 4 KiB or unterminated", ctx);
	lines++;
}

static void explain_all(void)
{
	struct device_node *np = of_root;

	while (np) {
		enum whynot_verdict v;

		lines = 0;
		v = whynot_explain(np, &catalog, false, collect, np);
		if (!whynot_verdict_name(v))
			invariant_failed("a verdict without a name", np);
		if (!lines)
			invariant_failed("no line at all", np);
		/* Depth first, without recursion. */
		if (np->child) {
			np = np->child;
			continue;
		}
		while (np && !np->sibling)
			np = np->parent;
		if (np)
			np = np->sibling;
	}
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	/* The live tree points into its blob: keep that one until replaced. */
	static void *live_blob;
	static bool buses;
	char why[160];
	void *blob;

	if (!buses) {
		whynot_bus_register(&i2c_whynot_bus);
		whynot_bus_register(&virtio_mmio_whynot_bus);
		buses = true;
	}
	blob = malloc(size ? size : 1);
	if (!blob)
		return 0;
	memcpy(blob, data, size);
	if (of_fdt_check(blob, size, why, sizeof(why)) == 0 &&
	    of_fdt_unflatten(blob, size, NULL, 0) == 0) {
		free(live_blob);
		live_blob = blob;
		explain_all();
		return 0;
	}
	free(blob);
	return 0;
}
