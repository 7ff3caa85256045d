/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * "Why did it not probe?" (drivers/base/whynot.c): every reason one tree
 * node has no bound driver, in the order they apply, from the tree and a
 * catalogue of known drivers, plus, in the kernel, the driver core's record
 * of what happened (deferred, failed, bound and by which table entry).
 *
 * The same code runs on the host (`ofdump --devices`), where the catalogue
 * is generated from the kernel ELF's driver structs at build time and the
 * answer is a prediction: "would bind" instead of "bound".
 */
#ifndef _COYOTE_WHYNOT_H
#define _COYOTE_WHYNOT_H

#include <linux/list.h>
#include <linux/types.h>

struct device;
struct device_node;
struct of_device_id;

/* One known driver: its name, its bus ("platform", "i2c") and its table. */
struct whynot_driver {
	const char *name;
	const char *bus;
	const struct of_device_id *of_match_table;
};

struct whynot_catalog {
	const struct whynot_driver *drivers;
	int count;
	/*
	 * The module that modules.alias names for @np's string @compatible
	 * (kernel: the initrd's; host: build/modules/), or NULL; the hook
	 * itself may be NULL (no modules).  Asked only when no driver in
	 * @drivers matches: a loaded module's driver is in the catalogue.
	 */
	const char *(*modalias)(const struct device_node *np, const char *compatible);
	/* The module a catalogue driver lives in (kernel: the loaded one
	 * whose core holds it), or NULL for built in; the hook may be NULL. */
	const char *(*module_of)(const struct whynot_driver *drv);
};

/*
 * What a bus (or a transport) adds to an explanation: the core knows no
 * bus but the platform one; the others register what they know here, and
 * unregister it when they go.  Every hook may be NULL.
 */
struct whynot_bus {
	const char *name;	/* the bus its devices land on: "i2c" */
	const char *label;	/* for a reader: "I2C" */
	/* Is @np a controller whose children become devices on this bus?
	 * @live: asked in the running kernel (else from the tree alone). */
	bool (*is_controller)(const struct device_node *np, bool live);
	/* Would the bus add a device for @np, a child of its controller?
	 * false with the reason in @why when it skips the node. */
	bool (*child_ok)(const struct device_node *np, char *why, size_t whylen);
	/* For a node whose driver makes devices without nodes at run time (a
	 * transport): the line to say, @made_none in the kernel when the bound
	 * driver made none, else before boot; NULL when @np is not one. */
	const char *(*runtime_devices)(const struct device_node *np, bool made_none);
	struct list_head list;
};

/**
 * whynot_bus_register() - add @wb's knowledge to every explanation.
 * Return: 0; -EEXIST when it is already registered; -EINVAL without a name.
 */
int whynot_bus_register(struct whynot_bus *wb);
/* Undo whynot_bus_register(); nothing when @wb is not registered. */
void whynot_bus_unregister(struct whynot_bus *wb);

/* The first reason (or the outcome) for a node, in the order they apply. */
enum whynot_verdict {
	WHYNOT_BOUND,           /* live: a driver is bound */
	WHYNOT_WOULD_BIND,      /* prediction: a driver matches */
	WHYNOT_WOULD_DEFER,     /* prediction: it matches, but a supplier will
				 * not be there (disabled, no driver, waits) */
	WHYNOT_DISABLED,        /* status is not "okay" */
	WHYNOT_NO_BUS,          /* nothing creates a device for it */
	WHYNOT_NO_COMPATIBLE,
	WHYNOT_NO_DRIVER,       /* no known driver has any of its strings */
	WHYNOT_NOT_LOADED,      /* live: modules.alias has a module for it,
				 * not loaded (rmmod, blacklist, autoload off) */
	WHYNOT_NO_DEVICE,       /* live: no device was made (see the log) */
	WHYNOT_DEFERRED,
	WHYNOT_FAILED,
	WHYNOT_CONTAINER,       /* the root or a bus node: its children are devices */
	WHYNOT_WAITING,         /* live: a supplier it links to is not bound yet */
	WHYNOT_CPU,             /* a CPU node: started by its enable-method, or
				 * (live) off, with the kernel's reason */
};

/* "bound", "would bind", "disabled", ... (also the ofdump --devices column). */
const char *whynot_verdict_name(enum whynot_verdict v);

typedef void (*whynot_out_t)(void *ctx, const char *line);

/**
 * whynot_explain() - write one line per reason why @np has no bound driver
 * (or which driver and entry it has), through @out.
 * @cat:  known drivers
 * @live: true in the kernel (consult the driver core's devices); false
 *        for a prediction from the tree alone
 * Return: the verdict (the first reason that applies).
 */
enum whynot_verdict whynot_explain(struct device_node *np, const struct whynot_catalog *cat,
				   bool live, whynot_out_t out, void *ctx);

/**
 * whynot_node_bus() - the bus a device for @np would be on: "platform"
 * (child of the root or of a populated simple-bus), a registered bus's name
 * (child of its controller: "i2c"), or NULL with the reason in @why.
 */
const char *whynot_node_bus(struct device_node *np, const struct whynot_catalog *cat,
			    bool live, char *why, size_t whylen);

/**
 * whynot_best_driver() - the catalogue driver on @bus whose table scores
 * best for @np, as the driver core picks; *@id gets the entry (may be NULL).
 * Return: the driver, or NULL when none matches.
 */
const struct whynot_driver *whynot_best_driver(const struct whynot_catalog *cat,
					       const struct device_node *np, const char *bus,
					       const struct of_device_id **id);

/**
 * whynot_module() - the module modules.alias names for the first of @np's
 * compatible strings that has one, through @cat->modalias; *@compat gets
 * that string (may be NULL).
 * Return: the module's name (valid until the next lookup) or NULL.
 */
const char *whynot_module(const struct whynot_catalog *cat, const struct device_node *np,
			  const char **compat);

/* The device the driver core made for @np on any bus, or NULL. */
struct device *whynot_find_device(const struct device_node *np);

/**
 * whynot_live_catalog() - the drivers registered right now.
 * Return: the catalogue (a static table: valid until the next call).
 */
const struct whynot_catalog *whynot_live_catalog(void);

/*
 * arch_whynot_cpu() - the kernel's own word on a CPU node (a /cpus child):
 * its lines say whether the architecture's SMP code started the core and
 * why not.  A weak default in whynot.c says nothing (the host, where no
 * core was started: the tree alone predicts); arch/ overrides it.
 * Return: true when it said something.
 */
bool arch_whynot_cpu(struct device_node *np, whynot_out_t out, void *ctx);

/* Levenshtein distance between @a and @b (for "did you mean"). */
int whynot_edit_distance(const char *a, const char *b);

#endif
