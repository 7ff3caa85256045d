// SPDX-License-Identifier: BSD-2-Clause
/*
 * Module parameters: `insmod modparam count=3 who=coyote`.  Each
 * module_param() in a module is an entry of its __param section; the
 * loader parses the arguments after relocation and before init, so init
 * sees them.  An unknown name or a value of the wrong type refuses the
 * load, as Linux does.
 */
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/module.h>

/* Decimal, or hex with 0x; an optional minus sign when @neg_ok. */
static int parse_ulong(const char *s, bool neg_ok, bool *neg, unsigned long *out)
{
	unsigned long v = 0, base = 10;

	*neg = false;
	if (neg_ok && *s == '-') {
		*neg = true;
		s++;
	}
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return -EINVAL;
	for (; *s; s++) {
		unsigned long d;

		if (*s >= '0' && *s <= '9')
			d = (unsigned long)(*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = (unsigned long)(*s - 'a' + 10);
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			d = (unsigned long)(*s - 'A' + 10);
		else
			return -EINVAL;
		if (v > (0xffffffffUL - d) / base)
			return -EINVAL;
		v = v * base + d;
	}
	*out = v;
	return 0;
}

int param_set_int(const char *val, void *arg)
{
	unsigned long v;
	bool neg;

	if (!val || parse_ulong(val, true, &neg, &v) || v > (neg ? 0x80000000UL : 0x7fffffffUL))
		return -EINVAL;
	*(int *)arg = neg ? (int)(0 - v) : (int)v;
	return 0;
}
EXPORT_SYMBOL(param_set_int);

int param_set_uint(const char *val, void *arg)
{
	unsigned long v;
	bool neg;

	if (!val || parse_ulong(val, false, &neg, &v))
		return -EINVAL;
	*(unsigned int *)arg = (unsigned int)v;
	return 0;
}
EXPORT_SYMBOL(param_set_uint);

/* Linux's spellings: a bare "name" means true. */
int param_set_bool(const char *val, void *arg)
{
	if (!val || !strcmp(val, "1") || !strcmp(val, "y") || !strcmp(val, "Y"))
		*(bool *)arg = true;
	else if (!strcmp(val, "0") || !strcmp(val, "n") || !strcmp(val, "N"))
		*(bool *)arg = false;
	else
		return -EINVAL;
	return 0;
}
EXPORT_SYMBOL(param_set_bool);

int param_set_charp(const char *val, void *arg)
{
	if (!val)
		return -EINVAL;
	*(const char **)arg = val;
	return 0;
}
EXPORT_SYMBOL(param_set_charp);

int module_parse_args(struct module *mod, const char *args, char *why, size_t whylen)
{
	char *p;

	if (!args || !*args)
		return 0;
	mod->args = kstrdup(args, GFP_KERNEL);
	if (!mod->args)
		return -ENOMEM;
	p = mod->args;
	while (*p) {
		char *name, *val;
		int i, ret;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		name = p;
		while (*p && *p != ' ')
			p++;
		if (*p)
			*p++ = '\0';
		val = strchr(name, '=');
		if (val)
			*val++ = '\0';
		for (i = 0; i < mod->nr_params; i++)
			if (!strcmp(mod->params[i].name, name))
				break;
		if (i == mod->nr_params) {
			snprintf(why, whylen, "unknown parameter '%s'", name);
			return -ENOENT;
		}
		ret = mod->params[i].set(val, mod->params[i].arg);
		if (ret) {
			snprintf(why, whylen, "parameter %s: bad value '%s'", name, val ? val : "");
			return ret;
		}
	}
	return 0;
}
