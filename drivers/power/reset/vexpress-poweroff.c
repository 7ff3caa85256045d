// SPDX-License-Identifier: BSD-2-Clause
/*
 * Versatile Express reset, reboot and shutdown: functions 5, 9 and 8 of the
 * configuration bus (`arm,vexpress-reset`, `-reboot`, `-shutdown`).  Each
 * registers a restart handler; reboot before reset, shutdown last (it ends
 * the board rather than restarting it, but under QEMU's -no-reboot both end
 * QEMU).  Shutdown is also the power-off handler, as in Linux.  QEMU 7.2
 * implements 9 and 8, not 5: a function the board refuses comes back as an
 * error, and the next handler gets its turn.
 */
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/reboot.h>
#include <linux/vexpress.h>

struct vexpress_reset {
	struct notifier_block nb;
	struct notifier_block power_off_nb;	/* shutdown only */
	struct platform_device *pdev;
};

static int vexpress_reset_write(struct vexpress_reset *r, const char *what)
{
	int ret;

	dev_notice(&r->pdev->dev, "%s through the config bus\n", what);
	ret = vexpress_config_write(r->pdev->dev.of_node, 0);
	if (ret)
		dev_err(&r->pdev->dev, "the board refused: %s\n", errname(ret));
	return NOTIFY_DONE;
}

static int vexpress_reset_call(struct notifier_block *nb, unsigned long action, void *data)
{
	return vexpress_reset_write(container_of(nb, struct vexpress_reset, nb), "resetting");
}

static int vexpress_power_off_call(struct notifier_block *nb, unsigned long action, void *data)
{
	return vexpress_reset_write(container_of(nb, struct vexpress_reset, power_off_nb),
				    "switching off");
}

static int vexpress_reset_probe(struct platform_device *pdev)
{
	struct vexpress_reset *r;

	r = devm_kzalloc(&pdev->dev, sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	r->pdev = pdev;
	r->nb.notifier_call = vexpress_reset_call;
	r->nb.priority = (int)(uintptr_t)of_device_get_match_data(&pdev->dev);
	platform_set_drvdata(pdev, r);
	if (of_device_is_compatible(pdev->dev.of_node, "arm,vexpress-shutdown")) {
		r->power_off_nb.notifier_call = vexpress_power_off_call;
		r->power_off_nb.priority = 128;
		register_power_off_handler(&r->power_off_nb);
	}
	return register_restart_handler(&r->nb);
}

static int vexpress_reset_remove(struct platform_device *pdev)
{
	struct vexpress_reset *r = platform_get_drvdata(pdev);

	if (r->power_off_nb.notifier_call)
		unregister_power_off_handler(&r->power_off_nb);
	return unregister_restart_handler(&r->nb);
}

/* Priorities: the order `reboot` tries them in. */
static const struct of_device_id vexpress_reset_of_match[] = {
	{ .compatible = "arm,vexpress-reboot", .data = (void *)192 },
	{ .compatible = "arm,vexpress-reset", .data = (void *)160 },
	{ .compatible = "arm,vexpress-shutdown", .data = (void *)128 },
	{ }
};

static struct platform_driver vexpress_reset_driver = {
	.probe = vexpress_reset_probe,
	.remove = vexpress_reset_remove,
	.driver = {
		.name = "vexpress-reset",
		.of_match_table = vexpress_reset_of_match,
	},
};
module_platform_driver(vexpress_reset_driver);
