// SPDX-License-Identifier: BSD-2-Clause
/*
 * Loading modules by name and by device: what udev and modprobe do for
 * Linux, in the kernel.  A device the boot left without a driver is looked
 * up in the initrd's modules.alias by each of its compatible strings, most
 * specific first, as the modalias "of:N<name>T<type>C<compatible>" that
 * Linux's udev would match against the same file; the first module whose
 * pattern matches is loaded, and its driver binds the device.
 */
#define pr_fmt(fmt) "module: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/module.h>

#define ALIAS_FILE	MODULE_DIR "modules.alias"

int request_module_args(const char *name, const char *args)
{
	char path[80];
	struct cpio_entry e;

	snprintf(path, sizeof(path), MODULE_DIR "%s.ko", name);
	if (initrd_find(path, &e)) {
		pr_err("%s: no %s in the initrd\n", name, path);
		return -ENOENT;
	}
	return load_module(name, e.data, e.size, args);
}

/*
 * Is @seg[0..n) at @s?  Used for the pattern's first and last pieces,
 * which are anchored; @s has at least @n characters.
 */
static bool seg_at(const char *seg, size_t n, const char *s)
{
	return !memcmp(seg, s, n);
}

/*
 * The first occurrence of @seg[0..n) (n >= 1) in @s[0..slen), by
 * Knuth-Morris-Pratt: every character of @s is read once and the pointer
 * into @seg only falls back along the failure table, so the search is
 * linear in slen + n whatever the text.  Return: its offset, or -1.
 */
static long seg_find(const char *seg, size_t n, const char *s, size_t slen)
{
	u16 fail[MODALIAS_PATTERN_MAX];
	size_t i, k = 0;

	fail[0] = 0;
	for (i = 1; i < n; i++) {
		while (k && seg[i] != seg[k])
			k = fail[k - 1];
		if (seg[i] == seg[k])
			k++;
		fail[i] = (u16)k;
	}
	for (i = 0, k = 0; i < slen; i++) {
		while (k && s[i] != seg[k])
			k = fail[k - 1];
		if (s[i] == seg[k] && ++k == n)
			return (long)(i + 1 - n);
	}
	return -1;
}

int modalias_match(const char *pat, size_t plen, const char *s)
{
	const char *star, *end = pat + plen;
	size_t slen = strlen(s), n;

	if (plen > MODALIAS_PATTERN_MAX)
		return -E2BIG;
	/* Up to the first '*': an anchored prefix. */
	star = memchr(pat, '*', plen);
	if (!star)
		return plen == slen && seg_at(pat, plen, s);
	n = (size_t)(star - pat);
	if (n > slen || !seg_at(pat, n, s))
		return 0;
	s += n;
	slen -= n;
	pat = star + 1;
	/*
	 * Each piece between two stars matches at its first occurrence:
	 * taking the leftmost one leaves the most text for the rest, so no
	 * choice is ever undone and nothing backtracks.
	 */
	while ((star = memchr(pat, '*', (size_t)(end - pat)))) {
		long at;

		n = (size_t)(star - pat);
		if (n) {
			at = seg_find(pat, n, s, slen);
			if (at < 0)
				return 0;
			s += (size_t)at + n;
			slen -= (size_t)at + n;
		}
		pat = star + 1;
	}
	/* After the last '*': an anchored suffix. */
	n = (size_t)(end - pat);
	return n <= slen && seg_at(pat, n, s + slen - n);
}

/* Next "alias PATTERN MODULE" line from @p (bounded by @end). */
static const char *next_alias(const char *p, const char *end, const char **pat, size_t *plen,
			      const char **mod, size_t *mlen)
{
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *line = p, *sp1, *sp2;

		if (!eol)
			eol = end;
		p = eol + 1;
		if ((size_t)(eol - line) < 7 || memcmp(line, "alias ", 6))
			continue;
		sp1 = line + 6;
		sp2 = memchr(sp1, ' ', (size_t)(eol - sp1));
		if (!sp2 || sp2 + 1 >= eol)
			continue;
		*pat = sp1;
		*plen = (size_t)(sp2 - sp1);
		*mod = sp2 + 1;
		*mlen = (size_t)(eol - *mod);
		return p;
	}
	return NULL;
}

static bool in_list(const char *list, const char *name, size_t len)
{
	while (list && *list) {
		const char *c = strchr(list, ',');
		size_t n = c ? (size_t)(c - list) : strlen(list);

		if (n == len && !strncmp(list, name, len))
			return true;
		list = c ? c + 1 : NULL;
	}
	return false;
}

struct autoload {
	const char *alias, *alias_end;
	const char *blacklist;
	int loaded, failed;
	char failed_names[64];			/* "a, b": for the summary line */
	bool changed;
	char tried[16][MODULE_NAME_LEN];	/* loaded or failed: never twice */
	int nr_tried;
};

static bool tried(struct autoload *al, const char *mod)
{
	for (int i = 0; i < al->nr_tried; i++)
		if (!strcmp(al->tried[i], mod))
			return true;
	if (al->nr_tried < (int)ARRAY_SIZE(al->tried))
		strscpy(al->tried[al->nr_tried++], mod, MODULE_NAME_LEN);
	return false;
}

/* Once per line (the alias text stays put): a pattern too long to match. */
static void warn_long_pattern(const char *pat, size_t plen, const char *mod, size_t mlen)
{
	static const char *warned[8];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(warned) && warned[i]; i++)
		if (warned[i] == pat)
			return;
	if (i < ARRAY_SIZE(warned))
		warned[i] = pat;
	pr_warn("modules.alias: pattern of %lu characters for %.*s is longer than %d: ignored\n",
		(unsigned long)plen, (int)(mlen < MODULE_NAME_LEN ? mlen : MODULE_NAME_LEN),
		mod, MODALIAS_PATTERN_MAX);
}

/* The module for one modalias in the alias file @p..@end, or false. */
static bool lookup_in(const char *p, const char *end, const char *modalias, char *mod,
		      size_t size)
{
	const char *pat, *m;
	size_t plen, mlen;

	while ((p = next_alias(p, end, &pat, &plen, &m, &mlen))) {
		int match = modalias_match(pat, plen, modalias);

		if (match < 0) {
			warn_long_pattern(pat, plen, m, mlen);
			continue;
		}
		if (match && mlen < size) {
			memcpy(mod, m, mlen);
			mod[mlen] = '\0';
			return true;
		}
	}
	return false;
}

/* Linux's "of:N<name>T<type>C<compatible>" for one of @np's strings. */
static void of_modalias(const struct device_node *np, const char *compat, char *buf,
			size_t len)
{
	const char *type = of_get_property(np, "device_type", NULL);

	snprintf(buf, len, "of:N%sT%sC%s", np->name, type ? type : "<NULL>", compat);
}

const char *module_alias_find(const char *alias, size_t len, const struct device_node *np,
			      const char *compat, char *mod, size_t size)
{
	char modalias[200];

	of_modalias(np, compat, modalias, sizeof(modalias));
	return lookup_in(alias, alias + len, modalias, mod, size) ? mod : NULL;
}

static bool lookup(struct autoload *al, const struct device_node *np, const char *compat,
		   char *mod, size_t size)
{
	return module_alias_find(al->alias, (size_t)(al->alias_end - al->alias), np, compat,
				 mod, size);
}

static int autoload_dev(struct device *dev, void *data)
{
	struct autoload *al = data;
	struct device_node *np = dev->of_node;
	const char *compat = NULL;
	char mod[MODULE_NAME_LEN];

	if (dev->state != DEVICE_NO_DRIVER || !np)
		return 0;
	while ((compat = of_prop_next_string(of_find_property(np, "compatible", NULL), compat))) {
		if (!lookup(al, np, compat, mod, sizeof(mod)))
			continue;
		if (find_module(mod) || tried(al, mod))
			return 0;	/* loaded (or failed), yet this device stayed unbound */
		if (in_list(al->blacklist, mod, strlen(mod))) {
			pr_info("%s (%s): %s is blacklisted\n", dev_name(dev), compat, mod);
			return 0;
		}
		pr_info("%s (%s) pulls in %s\n", dev_name(dev), compat, mod);
		if (!request_module(mod)) {
			al->loaded++;
		} else {
			size_t n = strlen(al->failed_names);

			al->failed++;
			snprintf(al->failed_names + n, sizeof(al->failed_names) - n, "%s%s",
				 n ? ", " : "", mod);
			pr_warn("%s (%s): %s did not load; the device stays without a driver\n",
				dev_name(dev), compat, mod);
		}
		/* Loading may have added devices (a bus driver): walk again. */
		al->changed = true;
		return 1;
	}
	return 0;
}

int module_autoload(const char *blacklist)
{
	struct autoload al = { .blacklist = blacklist };
	struct cpio_entry e;
	int passes = 0;

	if (initrd_find(ALIAS_FILE, &e)) {
		pr_info("autoload: no %s in the initrd\n", ALIAS_FILE);
		return 0;
	}
	al.alias = e.data;
	al.alias_end = al.alias + e.size;
	/* Each pass loads at most one module and a module loads once (a
	 * failed one is remembered in al.tried), so this ends; the bound
	 * guards against surprises. */
	do {
		struct bus_type *bus = NULL;

		al.changed = false;
		while (!al.changed && (bus = bus_next(bus)))
			bus_for_each_dev(bus, &al, autoload_dev);
	} while (al.changed && ++passes < 64);
	if (al.failed)
		pr_warn("autoload: %d module%s loaded, %d failed (%s)\n", al.loaded,
			al.loaded == 1 ? "" : "s", al.failed, al.failed_names);
	else
		pr_info("autoload: %d module%s loaded\n", al.loaded, al.loaded == 1 ? "" : "s");
	return al.loaded;
}

/* whynot's hook: the initrd's modules.alias, read in place. */
const char *module_alias_lookup(const struct device_node *np, const char *compat)
{
	static char mod[MODULE_NAME_LEN];
	struct cpio_entry e;

	if (initrd_find(ALIAS_FILE, &e))
		return NULL;
	return module_alias_find(e.data, e.size, np, compat, mod, sizeof(mod));
}
