/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The driver model, with Linux's names and meaning: a bus_type holds devices
 * and drivers; binding a driver to a device calls the driver's probe.
 *
 * coyote keeps, per device, why it is in the state it is in (bound, deferred
 * and why, failed and with which error, or no driver), so the shell's
 * `devices` and `whynot` commands can explain a boot.  Resources a driver
 * takes with devm_*() are released when it unbinds or its probe fails.
 */
#ifndef _LINUX_DEVICE_H
#define _LINUX_DEVICE_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/printk.h>
#include <linux/slab.h>

struct device;
struct device_driver;
struct module;
struct device_node;
struct of_device_id;

/* What the driver core last did with a device (coyote; Linux has no field). */
enum device_probe_state {
	DEVICE_NO_DRIVER = 0,   /* no registered driver matches its node */
	DEVICE_BOUND,           /* a driver's probe succeeded */
	DEVICE_DEFERRED,        /* probe returned -EPROBE_DEFER; see defer_reason */
	DEVICE_FAILED,          /* probe returned another error; see probe_err */
	DEVICE_WAITING,         /* not probed yet: a supplier (device link) is unbound */
};

/* What started a probe (the `probes` timeline). */
enum probe_trigger {
	PROBE_TRIGGER_DEVICE_ADDED,     /* its device was added (populate, I2C) */
	PROBE_TRIGGER_INITCALL,         /* a built-in driver registered */
	PROBE_TRIGGER_MODULE,           /* a module's driver registered */
	PROBE_TRIGGER_LINK,             /* its last supplier bound */
	PROBE_TRIGGER_DEFERRED,         /* deferred-probe retry */
	PROBE_TRIGGER_PERMISSIVE,       /* end of boot: a supplier never bound */
	PROBE_TRIGGER_OTHER,            /* device_attach() from elsewhere */
};

struct bus_type {
	const char *name;
	/*
	 * >0 when @drv can drive @dev; larger means a better match.  Only the
	 * bus's own rule (a name, an id table): the core matches of_device_id
	 * tables itself, once, and keeps the winning entry in dev->match.
	 * May be NULL (tables only).
	 */
	int (*match)(struct device *dev, struct device_driver *drv);
	int (*probe)(struct device *dev);
	void (*remove)(struct device *dev);
	/*
	 * For a bus whose devices have no tree node to match on (virtio): the
	 * device's modalias, as Linux's uevent MODALIAS= ("virtio:d...v..."),
	 * which the module loader looks up in modules.alias.  Return: its
	 * length, as snprintf().
	 */
	int (*modalias)(const struct device *dev, char *buf, size_t len);

	/* driver core private */
	struct list_head devices;
	struct list_head drivers;
	struct list_head node;          /* on the list of buses */
};

struct device_driver {
	const char *name;
	struct bus_type *bus;
	const struct of_device_id *of_match_table;
	int (*probe)(struct device *dev);
	int (*remove)(struct device *dev);

	/* driver core private */
	struct list_head bus_node;      /* on bus->drivers */
	bool registered;
	struct module *owner;           /* the module that registered it, or NULL */
};

#define DEVICE_NAME_MAX 64	/* Linux-rule names of nested nodes without reg are long */
#define DEVICE_REASON_MAX 96

struct bus_dma_region;

struct device {
	struct device *parent;
	struct device_node *of_node;
	struct bus_type *bus;
	struct device_driver *driver;   /* bound driver, NULL otherwise */
	void *driver_data;
	void *platform_data;
	void (*release)(struct device *dev);
	char name[DEVICE_NAME_MAX];
	/* DMA windows from "dma-ranges" (NULL: memory 1:1); freed on release */
	const struct bus_dma_region *dma_range_map;

	/* driver core private; read through the accessors below */
	struct list_head bus_node;      /* on bus->devices */
	struct list_head deferred_node; /* on the deferred-probe list */
	struct list_head devres_head;   /* devm_* resources, newest first */
	struct list_head bound_node;    /* on the bound list, in bind order */
	enum device_probe_state state;
	int probe_err;                  /* last error probe returned (0 if none) */
	struct device_driver *tried;    /* driver of the last probe attempt */
	const struct of_device_id *match; /* entry that matched (bound/tried) */
	/* Why deferred; for a failed probe, its dev_err_probe() message or
	 * the last dev_err() line it printed. */
	char defer_reason[DEVICE_REASON_MAX];
	struct device_node *waiting_for; /* node a deferred probe waits for */
	bool registered;
	/* device links (drivers/base/links.c) */
	struct list_head links_suppliers; /* struct device_link, c_node */
	struct list_head links_consumers; /* struct device_link, s_node */
	struct list_head pending_node;  /* added while probing was blocked */
	bool links_made;                /* its supplier links were derived */
	int links_scratch;              /* cycle search's index (-1 outside it) */
	unsigned int links_stamp;       /* last consumer that linked to it */
	struct list_head *links_cursor; /* suppliers before it are not waiting */
	unsigned int probe_order;       /* 1, 2, ...: when it bound (0: never) */
	struct module *owner;           /* the module that added it, or NULL */
};

static inline const char *dev_name(const struct device *dev)
{
	return dev->name;
}

static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

/* Driver name when bound, else the bus name: the prefix of dev_* lines. */
const char *dev_driver_string(const struct device *dev);
/* "bound", "deferred", "failed", "no driver". */
const char *dev_state_name(enum device_probe_state state);

/*
 * The device core's one lock (drivers/base/core.c says why one): every
 * function here takes it, so a driver never needs to.  Take it around a
 * walk of the buses' lists (bus_next(), a bus's devices or drivers) that
 * another CPU may change.  The CPU that holds it may take it again (a
 * probe that adds devices); never from an interrupt on that CPU (a panic).
 */
void device_core_lock(void);
void device_core_unlock(void);

/**
 * device_initialize() - prepare @dev for device_add(); sets its lists up.
 * device_add() - make @dev known on its bus and try to bind a driver.
 * Return: 0; -EINVAL without a bus or name; -EEXIST if already added.
 * A probe failure is not an error of device_add(): it is recorded in @dev.
 */
void device_initialize(struct device *dev);
int device_add(struct device *dev);
int device_register(struct device *dev);
/*
 * Unbind every bound device @filter accepts, the most recently bound first:
 * a consumer binds after its suppliers, so it is removed before them.
 */
void device_release_drivers_reverse(bool (*filter)(struct device *dev, void *data),
				    void *data);
/* Unbind (driver remove + devres release), take off the bus, call release. */
void device_unregister(struct device *dev);
void device_del(struct device *dev);

/**
 * device_release_driver() - unbind @dev: first each consumer bound through
 * a device link to it (which then waits for @dev again), then the driver's
 * remove, then every devm_ resource is released.  The device stays on its
 * bus, with no driver.
 */
void device_release_driver(struct device *dev);

/**
 * device_attach() - bind the best-matching registered driver to @dev.
 * Return: 1 when bound, 0 when no driver matches, or the probe's error
 * (-EPROBE_DEFER puts @dev on the deferred list).
 */
int device_attach(struct device *dev);

/**
 * device_reprobe() - what a device matches by may have changed (its node's
 * compatible, by an overlay): unbind @dev (its consumers first, as
 * device_release_driver() does) and bind the driver that now matches best.
 * Consumers unbound for it probe again once it binds.
 * Return: 0 when bound or when no driver matches now (@dev stays unbound,
 * DEVICE_NO_DRIVER), or the probe's error.
 */
int device_reprobe(struct device *dev);

/**
 * driver_register() - add @drv to its bus and probe every unbound device it
 * is the best match for.  Return: 0; -EINVAL without a bus or name; -EBUSY
 * if already registered, or when a driver of that name is on the bus
 * (logged).  Probe failures are recorded in the devices.
 */
int driver_register(struct device_driver *drv);
/* The driver called @name on @bus, or NULL. */
struct device_driver *driver_find(const char *name, struct bus_type *bus);
/* Unbind every device bound to @drv (remove + devres), then forget @drv. */
void driver_unregister(struct device_driver *drv);

/* Return: 0; -EINVAL without a name.  The bus's lists are set up here. */
int bus_register(struct bus_type *bus);
int bus_for_each_dev(struct bus_type *bus, void *data,
		     int (*fn)(struct device *dev, void *data));
/* The same, newest device first; @fn may unregister the device it gets. */
int bus_for_each_dev_reverse(struct bus_type *bus, void *data,
			     int (*fn)(struct device *dev, void *data));
int bus_for_each_drv(struct bus_type *bus, void *data,
		     int (*fn)(struct device_driver *drv, void *data));
/* Every registered bus, in registration order (shell listings). */
struct bus_type *bus_next(struct bus_type *prev);

/*
 * Deferred probe.  A device whose probe returns -EPROBE_DEFER waits on a list;
 * the list is retried after every successful probe until nothing changes.
 */
/* Record why @dev waits (printf-style); shown by `devices` and the report. */
void device_set_deferred_probe_reason(struct device *dev, const char *fmt, ...)
	__printf(2, 3);
/*
 * Record that @dev waits for the device of @np (its interrupt parent, clock
 * provider...): the end-of-boot report then says what became of that one.
 */
void device_set_deferred_probe_supplier(struct device *dev, struct device_node *np);
/* Retry the deferred list until a pass binds nothing new. */
void driver_deferred_probe_trigger(void);
/**
 * driver_deferred_probe_report() - end of boot: log every device still
 * deferred with its reason, and one summary line.
 * Return: the number of devices still deferred.
 */
int driver_deferred_probe_report(void);
/* Devices on the deferred list right now. */
int driver_deferred_probe_count(void);

/**
 * dev_err_probe() - for probe error paths: record @err's reason (deferred
 * probe) or log it (any other error) and return @err unchanged.
 */
int dev_err_probe(struct device *dev, int err, const char *fmt, ...) __printf(3, 4);

/* Boot step: the platform bus, and the clean-up of what a going module left
 * registered (drivers/base/module.c).  Return: 0, or an errno from those. */
int driver_init(void);

/*
 * Write @dev's tree node path ("/amba/uart@101f1000") into @buf; a device
 * without a node of its own shows its parent's (a virtio device, its
 * transport's slot), "-" when neither has one.
 */
void dev_node_path(const struct device *dev, char *buf, size_t len);

/* --- device links (drivers/base/links.c) ------------------------------- */
/*
 * A device link says "@consumer needs @supplier bound first".  Links come
 * from the tree (fw_devlink: the phandle properties of of/supplier.c) when
 * a device is added, or from device_link_add().  A consumer is not probed
 * while a supplier it links to is unbound; it is probed right after its
 * last supplier binds.  A cycle of links is broken by relaxing its least
 * essential link; a supplier that never binds is given up on at the end of
 * boot (fw_devlink_drivers_done()), and its consumers are probed anyway.
 */
enum device_link_state {
	DL_STATE_WAITING,               /* supplier not bound yet: consumer waits */
	DL_STATE_ACTIVE,                /* supplier bound */
	DL_STATE_SUPPLIER_MISSING,      /* supplier disabled, without device, or
					 * never bound: the consumer does not wait */
	DL_STATE_RELAXED,               /* broken to end a dependency cycle */
};

#define DL_REASON_MAX 128

struct device_link {
	struct device *consumer;
	struct device *supplier;        /* NULL: the node has no device */
	struct device_node *target;     /* the node the property names */
	char prop[32];                  /* "clocks", "interrupt-parent (inherited)" */
	int rank;                       /* cycle breaking: lowest is relaxed */
	bool relaxed, missing;
	char reason[DL_REASON_MAX];     /* why relaxed or missing */
	struct list_head c_node;        /* on consumer->links_suppliers */
	struct list_head s_node;        /* on supplier->links_consumers */
};

/* "waiting", "active", "supplier-missing", "relaxed". */
enum device_link_state device_link_state(const struct device_link *link);
const char *device_link_state_name(enum device_link_state state);

/**
 * device_link_add() - make @consumer wait for @supplier (Linux's name; the
 * flags are coyote's: none defined, pass 0).  One link per pair: a second
 * call returns the first link.
 * Return: the link, or NULL for a NULL device, @consumer == @supplier, or
 * no memory.
 */
struct device_link *device_link_add(struct device *consumer, struct device *supplier,
				    u32 flags);
/* Remove @link (both lists) and free it; a consumer it held may probe now. */
void device_link_del(struct device_link *link);

/**
 * fw_devlink_add_node() - derive @np's links from its phandles (of/supplier.c)
 * when @np has a device, and probe it if nothing holds it back.  For code
 * that adds devices outside of_platform_populate() (overlays): populate
 * already does this for every device it makes.
 * Return: 0; -ENODEV when @np has no device; -ENOMEM.
 */
int fw_devlink_add_node(struct device_node *np);

/*
 * fw_devlink_node_detached() - @np and its subtree left the tree: links that
 * waited for a device there (their supplier's went while the node stayed)
 * are deleted, and their consumers may probe without it.
 */
void fw_devlink_node_detached(struct device_node *np);

/*
 * device_block_probing() / device_unblock_probing(): devices added between
 * them are not probed at once; at the (outermost) unblock every one gets
 * its links, cycles are found and broken, and they are probed in link
 * order.  of_platform_populate() brackets itself with them.
 */
void device_block_probing(void);
void device_unblock_probing(void);

/**
 * fw_devlink_drivers_done() - end of boot: every supplier that did not bind
 * (no driver, failed, still deferred) is given up on, with one line each;
 * the consumers waiting for it are probed anyway.
 * Return: the number of links given up on.
 */
int fw_devlink_drivers_done(void);

/**
 * device_set_essential() - coyote: @dev does a job the machine cannot do
 * without (@role: "console", "tick"; @label, e.g. "ttyAMA0", names it in
 * messages, NULL: its device name).  An overlay that would unbind it, or a
 * supplier it depends on, is refused unless another device holds the same
 * role.  The root interrupt controller needs no call: the tree says which.
 * Return: 0; -EINVAL for a NULL @dev or @role; -ENOSPC when 8 are held.
 */
int device_set_essential(struct device *dev, const char *role, const char *label);
/* @dev no longer does @role (its driver let go of it). */
void device_clear_essential(struct device *dev, const char *role);

/**
 * device_links_check_loss() - would the machine survive losing every device
 * @going accepts, and with them every bound consumer of theirs over the
 * links?  Not when the root interrupt controller or the last holder of an
 * essential role would go.
 * Return: 0; -EBUSY with the chain that makes it fatal in @why ("ttyAMA0
 * (console) depends on 10140000.interrupt-controller via interrupts, which
 * goes with this change..."); -ENOMEM.
 */
int device_links_check_loss(bool (*going)(struct device *dev, void *data), void *data,
			    char *why, size_t whylen);

/* Off: no links from the tree (pure deferred probe; the benchmark's baseline). */
extern bool fw_devlink_enabled;

/* The trigger of the next probes (callers that start probing set it). */
enum probe_trigger probe_trigger_set(enum probe_trigger t);
const char *probe_trigger_name(enum probe_trigger t);

/* One probe call, for the `probes` timeline. */
struct probe_record {
	char device[DEVICE_NAME_MAX];
	char driver[24];
	u64 start_ns, end_ns;
	enum probe_trigger trigger;
	int ret;
};
/* The @i-th probe call since boot, or NULL past the end (or the log's cap). */
const struct probe_record *probe_record_get(unsigned int i);
/* Probe calls since boot, and how many the log dropped at its cap. */
unsigned long probe_calls(void);

/* --- managed resources (drivers/base/devres.c) ------------------------- */
void *devm_kmalloc(struct device *dev, size_t size, gfp_t gfp);
void *devm_kzalloc(struct device *dev, size_t size, gfp_t gfp);
void devm_kfree(struct device *dev, const void *p);
char *devm_kstrdup(struct device *dev, const char *s, gfp_t gfp);
/**
 * devm_add_action() - call @action(@data) when @dev unbinds or its probe
 * fails, newest first.  Return: 0, or -ENOMEM.  The _or_reset form calls
 * @action at once when it cannot register it.
 */
int devm_add_action(struct device *dev, void (*action)(void *), void *data);
int devm_add_action_or_reset(struct device *dev, void (*action)(void *), void *data);
/**
 * devres_alloc() - a zeroed managed resource of @size bytes that will call
 * @release(dev, res) when the device lets go of it; devres_add() hands it
 * to @dev, devres_free() frees one never added.  Return: it, or NULL.
 */
typedef void (*dr_release_t)(struct device *dev, void *res);
void *devres_alloc(dr_release_t release, size_t size, gfp_t gfp);
void devres_add(struct device *dev, void *res);
void devres_free(void *res);
/* Release every managed resource of @dev (driver core; newest first). */
void devres_release_all(struct device *dev);
/* Managed resources currently held by @dev (tests, `devices -v`). */
int devres_count(const struct device *dev);

/* --- printing -------------------------------------------------------- */
#define dev_printk(level, dev, fmt, ...) \
	printk(level "%s %s: " fmt, dev_driver_string(dev), dev_name(dev), ##__VA_ARGS__)
/*
 * dev_err() prints as dev_printk() does; during a probe it also keeps the
 * line as the device's reason (the last one wins), which `whynot` quotes
 * for a probe that failed without dev_err_probe().
 */
void _dev_err(struct device *dev, const char *fmt, ...) __printf(2, 3);
#define dev_err(dev, fmt, ...)    _dev_err((struct device *)(dev), fmt, ##__VA_ARGS__)
#define dev_warn(dev, fmt, ...)   dev_printk(KERN_WARNING, dev, fmt, ##__VA_ARGS__)
#define dev_notice(dev, fmt, ...) dev_printk(KERN_NOTICE, dev, fmt, ##__VA_ARGS__)
#define dev_info(dev, fmt, ...)   dev_printk(KERN_INFO, dev, fmt, ##__VA_ARGS__)
#define dev_dbg(dev, fmt, ...)    dev_printk(KERN_DEBUG, dev, fmt, ##__VA_ARGS__)

#endif
