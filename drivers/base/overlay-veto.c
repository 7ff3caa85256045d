// SPDX-License-Identifier: BSD-2-Clause
/*
 * The overlay veto: before an overlay comes or goes, refuse the change
 * when it would disable the root or take away a device the machine cannot
 * lose (essential.c), or unbind one by changing its compatible.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/notifier.h>
#include <linux/of.h>
#include <linux/string.h>

#include "base.h"

struct overlay_change {
	struct of_changeset *cset;
	bool revert;
};

/*
 * A device at or below a node that the overlay change disables or removes,
 * or whose own compatible it changes (the device is unbound to rebind).
 */
static bool overlay_takes(struct device *dev, void *data)
{
	struct overlay_change *oc = data;
	struct of_changeset_entry *ce;

	if (!dev->of_node)
		return false;
	list_for_each_entry(ce, &oc->cset->entries, node) {
		if (of_node_is_ancestor(ce->np, dev->of_node) &&
		    of_changeset_entry_state_change(ce, oc->revert) == OF_RECONFIG_CHANGE_REMOVE)
			return true;
		if (ce->np == dev->of_node && of_changeset_entry_compatible_changed(ce, oc->revert))
			return true;
	}
	return false;
}

/* Before an overlay comes or goes: refuse what would take the machine away. */
static int overlay_check(struct notifier_block *nb, unsigned long action, void *arg)
{
	struct of_overlay_notify_data *nd = arg;
	struct overlay_change oc = { nd->cset, action == OF_OVERLAY_PRE_REMOVE };
	struct of_changeset_entry *ce;

	if (action != OF_OVERLAY_PRE_APPLY && action != OF_OVERLAY_PRE_REMOVE)
		return NOTIFY_DONE;
	list_for_each_entry(ce, &nd->cset->entries, node)
		if (!ce->np->parent &&
		    of_changeset_entry_state_change(ce, oc.revert) == OF_RECONFIG_CHANGE_REMOVE) {
			return notifier_from_errno(why_fail(nd->why, nd->whylen, -EBUSY,
							    "it would disable the root node /: "
							    "every device would go"));
		}
	return device_links_check_loss(overlay_takes, &oc, nd->why, nd->whylen) == -EBUSY ?
	       notifier_from_errno(-EBUSY) : NOTIFY_OK;
}

static struct notifier_block overlay_nb = {
	.notifier_call = overlay_check,
};

int device_links_overlay_notifier_register(void)
{
	return of_overlay_notifier_register(&overlay_nb);
}
