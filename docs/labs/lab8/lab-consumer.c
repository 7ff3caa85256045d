// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 8: the consumer of the lab clock ("coyote,lab-consumer"), built into
 * the kernel.  Its probe must find its clock and its divider in the tree
 * and log one line (docs/labs/lab8/README.md, step 3):
 *
 *   lab-consumer lab-consumer: labclk at N Hz, divider D: R samples/s
 *
 * with N the clock's rate, D the node's coyote,sample-divider and R = N / D.
 */
#include <linux/clk.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>

static int lab_consumer_probe(struct platform_device *pdev)
{
	/* TODO: get the node's clock, read its rate and the divider, log. */
	return 0;
}

static const struct of_device_id lab_consumer_of_match[] = {
	{ .compatible = "coyote,lab-consumer" },
	{ }
};

static struct platform_driver lab_consumer_driver = {
	.probe = lab_consumer_probe,
	.driver = {
		.name = "lab-consumer",
		.of_match_table = lab_consumer_of_match,
	},
};
module_platform_driver(lab_consumer_driver);
