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

int param_set_int(const char *val, void *arg)
{
	return val ? kstrtoint(val, 0, arg) : -EINVAL;
}
EXPORT_SYMBOL(param_set_int);

int param_set_uint(const char *val, void *arg)
{
	return val ? kstrtouint(val, 0, arg) : -EINVAL;
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
			return why_fail(why, whylen, -ENOENT, "unknown parameter '%s'", name);
		}
		ret = mod->params[i].set(val, mod->params[i].arg);
		if (ret) {
			return why_fail(why, whylen, ret,
					"parameter %s: bad value '%s'", name, val ? val : "");
		}
	}
	return 0;
}
