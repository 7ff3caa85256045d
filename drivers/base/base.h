/* SPDX-License-Identifier: BSD-2-Clause */
/* drivers/base/ internals shared between its files. */
#ifndef _DRIVERS_BASE_BASE_H
#define _DRIVERS_BASE_BASE_H

#include <linux/device.h>

/* Counts of devices per state on every bus (summary lines, tests). */
struct device_state_counts {
	int bound, deferred, failed, no_driver, waiting;
};
void device_count_states(struct device_state_counts *c);

/*
 * What became of the device @dev's deferred probe waits for, as " (that
 * node is disabled)"; "" when it names no supplier.
 */
void device_supplier_status(const struct device *dev, char *buf, size_t len);

/*
 * The driver core's one ranking rule, for best_driver() (dd.c) and whynot's
 * catalogue alike: candidates are offered in registration order and only a
 * strictly higher score takes the lead, so the first registered wins a tie.
 */
struct driver_match {
	const struct of_device_id *id;	/* the leader's entry (NULL: by name) */
	int score;			/* the leader's score; 0: none matched */
};
/* Offer a candidate scoring @score by @id.  Return: true when it now leads. */
bool driver_match_take(struct driver_match *best, int score, const struct of_device_id *id);

/* The clean-up of what a module left registered (module.c), on the module
 * notifier for the kernel's life.  Return: 0; -EEXIST when registered. */
int driver_module_notifier_register(void);

/* Device links (links.c), for dd.c and core.c. */
/* A link whose consumer must not stay bound without its supplier. */
static inline bool link_managed(const struct device_link *link)
{
	return !link->relaxed && !link->missing;
}
bool device_links_blocked(struct device *dev);
void device_links_supplier_bound(struct device *dev);
/* Before @dev unbinds: its bound consumers unbind, last bound first, each
 * with a line naming @dev (Linux's device_links_unbind_consumers()). */
void device_links_unbind_consumers(struct device *dev);
/* @dev unbound: its consumers' links wait again, and so do they. */
void device_links_supplier_unbound(struct device *dev);
void device_links_device_added(struct device *dev);
void device_links_purge(struct device *dev);
/* True when probing is blocked: @dev waits for device_unblock_probing(). */
bool device_links_defer_add(struct device *dev);
void device_links_add_and_attach(struct device *dev);
/* Every device into a new array *@out (kfree it), each one's index in its
 * links_scratch.  Return: how many, or -ENOMEM. */
int device_links_index(struct device ***out);
/* Relax one link per dependency cycle until none is left (links-cycles.c).
 * Return: links relaxed, or -ENOMEM. */
int fw_devlink_break_cycles(void);
/* The overlay notifier that refuses to take the machine away (overlay-veto.c).
 * Return: 0; -EEXIST when registered. */
int device_links_overlay_notifier_register(void);
int fw_devlink_binding_count(void);
/* " which waits for /b (clocks): no driver for \"x\"" behind supplier @sup. */
void device_links_chain(const struct device *sup, char *buf, size_t len);
/* One line per link of @dev that is not active (whynot). */
void device_links_explain(const struct device *dev, void (*out)(void *ctx, const char *line),
			  void *ctx);

#endif
