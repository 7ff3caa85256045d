// SPDX-License-Identifier: BSD-2-Clause
/*
 * Overlays from the shell and from bootargs: the files are the initrd's
 * lib/firmware/NAME.dtbo (dts/overlays/NAME.dts, built with dtc -@); the
 * work is of/overlay.c's, the devices follow through the buses' reconfig
 * notifiers, and autoload brings in a module a new device needs.
 *
 *   overlay apply NAME [P=V...]  apply lib/firmware/NAME.dtbo, its
 *                             parameters set first (the Raspberry Pi's
 *                             dtoverlay=NAME,P=V: of/overlay_params.c)
 *   overlay list              applied overlays: id, name, targets, devices
 *   overlay rm ID|NAME        remove one (NAME: the newest from that file)
 *   overlay cycle N NAME...   N rounds: apply all, remove all (leak test)
 *
 * Bootargs: overlays=a,b applies them before the devices are populated.
 */
#define pr_fmt(fmt) "overlay: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/irq.h>
#include <coyote/coldplug.h>
#include <coyote/console.h>
#include <coyote/module.h>
#include <coyote/setup.h>
#include <coyote/shell.h>

#define FIRMWARE_DIR "lib/firmware/"

/*
 * Apply lib/firmware/@name.dtbo with @nparams "param=value" strings; the
 * id, or a negative errno (reason logged).
 */
static int apply_file(const char *name, const char *const *params, int nparams, bool quiet)
{
	struct cpio_entry e;
	char path[96];
	int id, ret;

	snprintf(path, sizeof(path), FIRMWARE_DIR "%s.dtbo", name);
	if (initrd_find(path, &e)) {
		pr_err("%s: no %s in the initrd\n", name, path);
		return -ENOENT;
	}
	/* Its devices are all added, then linked (a cycle among them found
	 * and broken as at boot), then probed: as populate does. */
	device_block_probing();
	ret = of_overlay_fdt_apply_params(e.data, e.size, params, nparams, &id);
	device_unblock_probing();
	if (ret && !id) {
		pr_err("%s refused, tree unchanged: %s (%s)\n", name, of_overlay_error(),
		       errname(ret));
		return ret;
	}
	of_overlay_set_name(id, name);
	if (ret)	/* a post-apply notifier's complaint: applied all the same */
		pr_warn("%d: %s applied (%u bytes), but %s (%s)\n", id, name, e.size,
			of_overlay_error(), errname(ret));
	else if (!quiet)
		pr_info("%d: %s applied (%u bytes)%s\n", id, name, e.size,
			nparams ? ", parameters:" : "");
	for (int i = 0; !ret && !quiet && i < nparams; i++)
		pr_info("%d:   %s\n", id, params[i]);
	return id;
}

/* The node an entry changes a device of: a new node, a status flip, a compatible gained. */
static struct device_node *entry_device_node(struct of_changeset_entry *ce)
{
	struct of_reconfig_data rd;
	unsigned long action = of_changeset_entry_reconfig(ce, false, &rd);

	if (ce->action == OF_RECONFIG_ATTACH_NODE ||
	    of_reconfig_get_state_change(action, &rd) != OF_RECONFIG_NO_CHANGE)
		return ce->np;
	return NULL;
}

struct dev_walk {
	struct device_node *np;
	struct device *dev;
};

static int match_node(struct device *dev, void *data)
{
	struct dev_walk *w = data;

	if (dev->of_node != w->np)
		return 0;
	w->dev = dev;
	return 1;
}

static struct device *device_of_node(struct device_node *np)
{
	struct dev_walk w = { np, NULL };
	struct bus_type *bus = NULL;

	while (!w.dev && (bus = bus_next(bus)))
		bus_for_each_dev(bus, &w, match_node);
	return w.dev;
}

/* Calls @fn for each device an overlay's changes made; returns how many. */
static int for_each_overlay_device(int id, void (*fn)(struct device *dev))
{
	struct of_changeset *cs = of_overlay_changeset(id);
	struct of_changeset_entry *ce;
	struct device_node *np;
	struct device *dev;
	int n = 0;

	list_for_each_entry(ce, &cs->entries, node) {
		np = entry_device_node(ce);
		dev = np ? device_of_node(np) : NULL;
		if (!dev)
			continue;
		n++;
		if (fn)
			fn(dev);
	}
	return n;
}

static bool unbound_seen;

static void note_unbound(struct device *dev)
{
	if (!dev->driver)
		unbound_seen = true;
}

/* A new device without a driver may have one in a module, as at boot. */
static void autoload_for(int id)
{
	char blacklist[128];

	unbound_seen = false;
	for_each_overlay_device(id, note_unbound);
	if (!unbound_seen)
		return;
	if (cmdline_find_option("module_blacklist", blacklist, sizeof(blacklist)) < 0)
		blacklist[0] = '\0';
	module_autoload(blacklist);
}

static void print_device(struct device *dev)
{
	printf("  device %s: %s\n", dev_name(dev),
	       dev->driver ? dev->driver->name : "no driver");
}

static int apply_and_follow(const char *name, const char *const *params, int nparams,
			    bool quiet)
{
	int id = apply_file(name, params, nparams, quiet);

	if (id < 0)
		return id;
	autoload_for(id);
	/* The new devices' links were derived as each was added (device_add). */
	return id;
}

/* of_overlay_remove(), the devices it brings back added as apply_file()'s. */
static int remove_overlay(int *id)
{
	int ret;

	device_block_probing();
	ret = of_overlay_remove(id);
	device_unblock_probing();
	return ret;
}

/* The newest overlay applied from @arg (a name), or the id @arg. */
static int find_id(const char *arg)
{
	int id = 0, found = 0;
	int n;

	if (!kstrtoint(arg, 10, &n))
		return of_overlay_name(n) ? n : -ENODEV;
	while ((id = of_overlay_next(id)))
		if (!strcmp(of_overlay_name(id), arg))
			found = id;
	return found ? found : -ENODEV;
}

static void print_targets(int id)
{
	struct of_changeset_entry *ce;
	char path[128];
	const struct device_node *shown[8];
	int n = 0, i;

	list_for_each_entry(ce, &of_overlay_changeset(id)->entries, node) {
		const struct device_node *t = ce->np;

		/* A node the overlay adds counts as its parent's change. */
		while (t->parent && of_node_check_flag((struct device_node *)t, OF_DYNAMIC))
			t = t->parent;
		for (i = 0; i < n && shown[i] != t; i++)
			;
		if (i < n || n == (int)ARRAY_SIZE(shown))
			continue;
		shown[n++] = t;
		of_node_full_path(t, path, sizeof(path));
		printf("%s%s", n > 1 ? ", " : "", path);
	}
}

static int cmd_list(void)
{
	int id = 0, n = 0;

	while ((id = of_overlay_next(id))) {
		struct of_changeset_entry *ce;
		int changes = 0;

		list_for_each_entry(ce, &of_overlay_changeset(id)->entries, node)
			changes++;
		printf("%d  %s  %d change%s, targets ", id, of_overlay_name(id), changes,
		       changes == 1 ? "" : "s");
		print_targets(id);
		printf("\n");
		if (!for_each_overlay_device(id, print_device))
			printf("  no devices\n");
		n++;
	}
	if (!n)
		printf("no overlays applied\n");
	return 0;
}

static int cmd_rm(const char *arg)
{
	int id = find_id(arg), ret;
	char name[32];

	if (id < 0) {
		printf("overlay: no applied overlay %s (see overlay list)\n", arg);
		return id;
	}
	strscpy(name, of_overlay_name(id), sizeof(name));
	ret = remove_overlay(&(int){ id });
	if (ret) {
		printf("overlay: %s\n", of_overlay_error());
		return ret;
	}
	pr_info("%d: %s removed\n", id, name);
	return 0;
}

/*
 * Rounds of: apply every NAME in order, then remove them newest first, with
 * the log quiet.  `mem` before and after tells whether anything leaked.
 * Ctrl-C stops it between rounds; a long run is work, not a lockup, so each
 * round tells the soft-lockup watchdog so.
 */
static int cmd_cycle(int argc, char **argv)
{
	int saved = console_loglevel, ret = 0, ids[16], n, k;
	unsigned long rounds, i;

	if (argc < 4 || kstrtoul(argv[2], 10, &rounds) || !rounds ||
	    argc - 3 > (int)ARRAY_SIZE(ids)) {
		printf("usage: overlay cycle N NAME...: N rounds (1 or more) of applying each NAME "
		       "(at most %d) in order and removing them newest first\n",
		       (int)ARRAY_SIZE(ids));
		return -EINVAL;
	}
	console_loglevel = 4;   /* errors only */
	for (i = 0; i < rounds && !ret; i++) {
		touch_softlockup_watchdog();
		if (intr_pending()) {
			ret = -EINTR;
			break;
		}
		for (n = 0; n < argc - 3; n++) {
			ids[n] = apply_and_follow(argv[3 + n], NULL, 0, true);
			if (ids[n] < 0) {
				ret = ids[n];
				break;
			}
		}
		for (k = n - 1; k >= 0; k--) {
			int err = remove_overlay(&ids[k]);

			if (err && !ret) {
				printf("overlay: %s\n", of_overlay_error());
				ret = err;
			}
		}
	}
	console_loglevel = saved;
	printf("%ld round%s of %d overlay%s applied and removed: %s\n", i, i == 1 ? "" : "s",
	       argc - 3, argc == 4 ? "" : "s",
	       ret == -EINTR ? "interrupted" : ret ? errname(ret) : "ok");
	return ret;
}

static int cmd_overlay(int argc, char **argv)
{
	int id;

	if (argc >= 3 && !strcmp(argv[1], "apply")) {
		id = apply_and_follow(argv[2], (const char *const *)argv + 3, argc - 3, false);
		if (id < 0)
			return id;      /* the reason is logged */
		printf("overlay %d: %s\n", id, argv[2]);
		for_each_overlay_device(id, print_device);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "list"))
		return cmd_list();
	if (argc == 3 && !strcmp(argv[1], "rm"))
		return cmd_rm(argv[2]);
	if (argc >= 2 && !strcmp(argv[1], "cycle"))
		return cmd_cycle(argc, argv);
	printf("usage: overlay apply NAME [PARAM=VALUE...] | list | rm ID|NAME | cycle N NAME...\n");
	return -EINVAL;
}
/* Tab: the subcommand, then overlay files (apply, cycle) or applied ones (rm). */
static void complete_overlay(struct shell_compl *c, int argi)
{
	static const char *const subs[] = { "apply", "list", "rm", "cycle" };
	char sub[8];
	int id = 0;

	if (argi == 1) {
		for (unsigned int i = 0; i < ARRAY_SIZE(subs); i++)
			shell_compl_add(c, subs[i], false, ' ');
		return;
	}
	shell_compl_arg(c, 1, sub, sizeof(sub));
	if (!strcmp(sub, "apply") || (!strcmp(sub, "cycle") && argi > 2)) {
		complete_initrd_files(c, "lib/firmware/", ".dtbo");
		return;
	}
	if (!strcmp(sub, "rm"))
		while ((id = of_overlay_next(id)))
			shell_compl_add(c, of_overlay_name(id), false, ' ');
}
SHELL_COMMAND(overlay, cmd_overlay, "overlay apply NAME [P=V]|list|rm ID|NAME|cycle N NAME...",
	      "apply (parameters P=V set first) or remove a device-tree overlay (lib/firmware/NAME.dtbo)",
	      .topic = TOPIC_DT, .complete = complete_overlay,
	      .example = "overlay apply rtc-ds1307-69");

/* Boot step: overlays=a,b from bootargs, before populate makes the devices. */
void apply_boot_overlays(void)
{
	char list[128], *p, *comma;
	int ok = 0, failed = 0;

	if (cmdline_find_option("overlays", list, sizeof(list)) < 0)
		return;
	if (!phys_initrd_size || initrd_init((const void *)(uintptr_t)phys_initrd_start,
					     phys_initrd_size) < 0) {
		pr_err("overlays=%s: no initrd to read them from\n", list);
		return;
	}
	for (p = list; *p; p = comma + 1) {
		comma = strchr(p, ',');
		if (comma)
			*comma = '\0';
		if (*p && apply_file(p, NULL, 0, false) > 0)
			ok++;
		else if (*p)
			failed++;
		if (!comma)
			break;
	}
	pr_info("boot: %d applied, %d refused (overlays=)\n", ok, failed);
}
