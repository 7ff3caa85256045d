// SPDX-License-Identifier: BSD-2-Clause
/*
 * Shell commands for modules and the initrd: insmod, rmmod, lsmod,
 * modinfo, ls.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <coyote/module.h>
#include <coyote/shell.h>

static bool ends_with_ko(const char *s)
{
	size_t n = strlen(s);

	return n >= 3 && !strcmp(s + n - 3, ".ko");
}

void complete_initrd_files(struct shell_compl *c, const char *dir, const char *suffix)
{
	size_t dl = strlen(dir), sl = strlen(suffix), pos = 0;
	struct cpio_entry e;
	char name[SHELL_LINE_MAX + 1];

	while (initrd_next(&pos, &e)) {
		size_t n = strlen(e.name);

		if (n <= dl + sl || n - dl - sl >= sizeof(name) || strncmp(e.name, dir, dl) ||
		    strcmp(e.name + n - sl, suffix) || memchr(e.name + dl, '/', n - dl))
			continue;
		memcpy(name, e.name + dl, n - dl - sl);
		name[n - dl - sl] = '\0';
		shell_compl_add(c, name, false, 0);
	}
}

/* Tab after insmod/modinfo: the modules in the initrd, then loaded ones it lacks. */
void complete_module(struct shell_compl *c, int argi)
{
	struct module *mod = NULL;
	struct cpio_entry e;
	char path[MODULE_NAME_LEN + 16];

	if (argi != 1)
		return;
	complete_initrd_files(c, MODULE_DIR, ".ko");
	while ((mod = module_next(mod))) {
		snprintf(path, sizeof(path), MODULE_DIR "%s.ko", mod->name);
		if (initrd_find(path, &e))
			shell_compl_add(c, mod->name, false, 0);
	}
}

/* Tab after rmmod: loaded modules. */
void complete_module_loaded(struct shell_compl *c, int argi)
{
	struct module *mod = NULL;

	if (argi != 1)
		return;
	while ((mod = module_next(mod)))
		shell_compl_add(c, mod->name, false, 0);
}

/*
 * "ds1338" -> lib/modules/ds1338.ko; "dir/x.ko" -> that file, module "x".
 * The words after it are the module's parameters.
 */
static int cmd_insmod(int argc, char **argv)
{
	char name[MODULE_NAME_LEN], args[160];
	const char *arg, *base;
	struct cpio_entry e;
	size_t n, used = 0;

	if (argc < 2)
		return -EINVAL;
	args[0] = '\0';
	for (int i = 2; i < argc; i++) {
		int w = snprintf(args + used, sizeof(args) - used, "%s%s", used ? " " : "", argv[i]);

		if (w < 0 || (size_t)w >= sizeof(args) - used) {
			printf("insmod: arguments longer than %zu bytes\n", sizeof(args) - 1);
			return -E2BIG;
		}
		used += (size_t)w;
	}
	arg = argv[1];
	if (!strchr(arg, '/') && !ends_with_ko(arg))
		return request_module_args(arg, args);
	while (*arg == '/')
		arg++;
	base = strrchr(arg, '/') ? strrchr(arg, '/') + 1 : arg;
	n = strlen(base) - (ends_with_ko(base) ? 3 : 0);
	if (!n || n >= sizeof(name)) {
		printf("insmod: %s: bad module name\n", argv[1]);
		return -EINVAL;
	}
	memcpy(name, base, n);
	name[n] = '\0';
	if (initrd_find(arg, &e)) {
		printf("insmod: %s: no such file in the initrd (see `ls`)\n", arg);
		return -ENOENT;
	}
	return load_module(name, e.data, e.size, args);
}
SHELL_COMMAND(insmod, cmd_insmod, "insmod NAME|PATH [PARAM=VALUE ...]",
	      "load a module from the initrd (NAME: lib/modules/NAME.ko)",
	      .topic = TOPIC_MODULES, .complete = complete_module,
	      .example = "insmod ds1338");

static int cmd_rmmod(int argc, char **argv)
{
	int ret;

	if (argc != 2)
		return -EINVAL;
	ret = delete_module(argv[1]);
	if (ret == -ENOENT)
		printf("rmmod: %s is not loaded\n", argv[1]);
	return ret;
}
SHELL_COMMAND(rmmod, cmd_rmmod, "rmmod NAME", "unload a module (its devices lose their driver)",
	      .topic = TOPIC_MODULES, .complete = complete_module_loaded,
	      .example = "rmmod ds1338");

/* The name column fits the longest name. */
static int cmd_lsmod(int argc, char **argv)
{
	struct module *mod = NULL;
	int w = 6;	/* "Module" */

	while ((mod = module_next(mod)))
		w = max(w, (int)strlen(mod->name));
	printf("%-*s  %8s %8s  %-10s %s\n", w, "Module", "Size", "Refcount", "Address", "Used by");
	while ((mod = module_next(mod))) {
		struct module *other = NULL;
		int n = 0;

		printf("%-*s  %8u %8d  0x%08lx", w, mod->name, mod->core_size, mod->refcnt,
		       (unsigned long)(uintptr_t)mod->core);
		while ((other = module_next(other)))
			for (int i = 0; i < other->nr_uses; i++)
				if (other->uses[i] == mod)
					printf("%s%s", n++ ? "," : " ", other->name);
		printf("%s\n", mod->state == MODULE_STATE_LIVE ? "" : " [loading]");
	}
	return 0;
}
SHELL_COMMAND(lsmod, cmd_lsmod, "lsmod", "loaded modules: name, size, refcount, users",
	      .topic = TOPIC_MODULES,
	      .example = "lsmod");

static void print_info(const char *info, u32 size, const char *key, const char *label)
{
	const char *v;

	for (int i = 0; (v = modinfo_get(info, size, key, i)); i++)
		printf("%-12s %s\n", label, v);
}

/* The aliases the build found in the module's device table. */
static void print_aliases(const char *name)
{
	struct cpio_entry e;
	const char *p, *end;
	size_t nl = strlen(name);

	if (initrd_find(MODULE_ALIAS_FILE, &e))
		return;
	for (p = e.data, end = p + e.size; p < end;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t len;

		if (!eol)
			eol = end;
		len = (size_t)(eol - p);
		if (len > 7 + nl && !memcmp(p, "alias ", 6) && eol[-(long)nl - 1] == ' ' &&
		    !memcmp(eol - nl, name, nl))
			printf("%-12s %.*s\n", "alias:", (int)(len - 7 - nl), p + 6);
		p = eol + 1;
	}
}

/* .modinfo of a module file that is not loaded: checked, never run. */
static int file_modinfo(const char *name, const char **info, u32 *size)
{
	struct load_info li = { 0 };
	char path[80];
	struct cpio_entry e;
	int i, ret;

	snprintf(path, sizeof(path), MODULE_DIR "%s.ko", name);
	if (initrd_find(path, &e)) {
		printf("modinfo: %s is not loaded and the initrd has no %s\n", name, path);
		return -ENOENT;
	}
	li.file = e.data;
	li.len = e.size;
	ret = mod_elf_check(&li);
	i = ret ? -1 : mod_find_section(&li, ".modinfo");
	if (i > 0 && li.sechdrs[i].sh_type == SHT_PROGBITS) {	/* checked inside the file */
		*info = (const char *)li.file + li.sechdrs[i].sh_offset;
		*size = li.sechdrs[i].sh_size;
	}
	mod_info_free(&li);
	if (ret) {
		printf("modinfo: %s: %s\n", path, li.err);
		return ret;
	}
	printf("%-12s %s\n", "filename:", path);
	return 0;
}

static int cmd_modinfo(int argc, char **argv)
{
	const struct module *mod;
	const char *info = NULL;
	u32 size = 0;
	int ret;

	if (argc != 2)
		return -EINVAL;
	mod = find_module(argv[1]);
	if (mod) {
		info = mod->modinfo;
		size = mod->modinfo_size;
	} else {
		ret = file_modinfo(argv[1], &info, &size);
		if (ret)
			return ret;
	}
	printf("%-12s %s\n", "name:", argv[1]);
	print_info(info, size, "description", "description:");
	print_info(info, size, "license", "license:");
	print_info(info, size, "author", "author:");
	print_info(info, size, "alias", "alias:");
	print_aliases(argv[1]);
	print_info(info, size, "parm", "parm:");
	if (mod)
		printf("%-12s %u bytes at 0x%08lx, %d exported symbol%s\n", "core:", mod->core_size,
		       (unsigned long)(uintptr_t)mod->core, mod->nr_ksyms,
		       mod->nr_ksyms == 1 ? "" : "s");
	else
		printf("%-12s not loaded\n", "state:");
	return 0;
}
SHELL_COMMAND(modinfo, cmd_modinfo, "modinfo NAME",
	      "a module's license, description, aliases (loaded or in the initrd)",
	      .topic = TOPIC_MODULES, .complete = complete_module,
	      .example = "modinfo smc91x");

static int cmd_ls(int argc, char **argv)
{
	struct cpio_entry e;
	size_t pos = 0;
	int n = 0;

	while (initrd_next(&pos, &e)) {
		bool dir = (e.mode & 0170000) == 0040000;

		printf("%c %8u  %s%s\n", dir ? 'd' : '-', e.size, e.name, dir ? "/" : "");
		n++;
	}
	if (!n)
		printf("ls: no initrd\n");
	return 0;
}
SHELL_COMMAND(ls, cmd_ls, "ls", "files in the initrd",
	      .topic = TOPIC_MODULES,
	      .example = "ls");
