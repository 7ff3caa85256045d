// SPDX-License-Identifier: BSD-2-Clause
/*
 * Loadable modules: load_module() takes a .ko, checks it, puts every
 * loadable section in one kmalloc block, links it against the kernel's
 * exports (and other modules'), relocates it and runs its init;
 * delete_module() runs its exit and frees it.  The ELF work is in elf.c.
 *
 * Dependencies as in Linux: a module that resolved a symbol from another
 * holds a reference on it ("Used by"), so the other cannot be removed
 * first.  try_module_get()/module_put() add references of other kinds.
 */
#define pr_fmt(fmt) "module: " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/kallsyms.h>
#include <coyote/module.h>
#include <coyote/time.h>
#include <asm/cacheflush.h>
#include <asm/set_memory.h>

static LIST_HEAD(modules);
static const struct kernel_symbol *ksym_start, *ksym_stop;
static struct module *running;		/* whose init or exit is running */

void module_set_kernel_symbols(const struct kernel_symbol *start, const struct kernel_symbol *stop)
{
	ksym_start = start;
	ksym_stop = stop;
}

/* The table is sorted by name (the linker script's SORT): bisect it. */
const struct kernel_symbol *find_kernel_symbol(const char *name)
{
	const struct kernel_symbol *lo = ksym_start, *hi = ksym_stop;

	while (lo && lo < hi) {
		const struct kernel_symbol *mid = lo + (hi - lo) / 2;
		int c = strcmp(name, mid->name);

		if (!c)
			return mid;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

struct module *find_module(const char *name)
{
	struct module *mod;

	list_for_each_entry(mod, &modules, list)
		if (!strcmp(mod->name, name))
			return mod;
	return NULL;
}

const char *module_name_at(const void *addr)
{
	struct module *mod = module_at(addr);

	return mod ? mod->name : NULL;
}

struct module *module_at(const void *addr)
{
	const u8 *p = addr;
	struct module *mod;

	if (!p)
		return NULL;
	list_for_each_entry(mod, &modules, list)
		if (p >= (const u8 *)mod->core && p < (const u8 *)mod->core + mod->core_size)
			return mod;
	return NULL;
}

struct module *module_current(void)
{
	return running;
}

struct module *module_owner(const void *obj, const void *fn)
{
	struct module *mod = running ? running : module_at(obj);

	return mod ? mod : module_at(fn);
}

struct module *module_next(struct module *prev)
{
	struct list_head *n = prev ? prev->list.next : modules.next;

	return n == &modules ? NULL : list_entry(n, struct module, list);
}

/* A module's exports: (value, name) word pairs, addresses in its core. */
static bool module_export(const struct module *mod, const char *name, u32 *value)
{
	const u8 *core = mod->core;
	u32 base = (u32)(uintptr_t)mod->core;

	for (int i = 0; i < mod->nr_ksyms; i++) {
		u32 noff = mod->ksyms[2 * i + 1] - base;

		if (noff < mod->core_size && !strcmp((const char *)core + noff, name)) {
			*value = mod->ksyms[2 * i];
			return true;
		}
	}
	return false;
}

static int add_use(struct module *mod, struct module *used)
{
	for (int i = 0; i < mod->nr_uses; i++)
		if (mod->uses[i] == used)
			return 0;
	if (mod->nr_uses == MODULE_MAX_USES)
		return -ENOSPC;
	mod->uses[mod->nr_uses++] = used;
	used->refcnt++;
	return 0;
}

static void drop_uses(struct module *mod)
{
	for (int i = 0; i < mod->nr_uses; i++)
		mod->uses[i]->refcnt--;
	mod->nr_uses = 0;
}

/* The kernel's exports first, then live modules'; a module found this way
 * becomes a dependency. */
static int resolve_symbol(struct load_info *info, const char *name, u32 *value)
{
	struct module *mod = info->ctx, *other;
	const struct kernel_symbol *ks = find_kernel_symbol(name);

	if (ks) {
		*value = (u32)ks->value;
		return 0;
	}
	list_for_each_entry(other, &modules, list) {
		if (other->state != MODULE_STATE_LIVE || !module_export(other, name, value))
			continue;
		if (add_use(mod, other))
			return mod_fail(info, -ENOSPC, "symbol %s: uses more than %d modules", name,
					MODULE_MAX_USES);
		return 0;
	}
	return -ENOENT;
}

/* Functions and objects, kept for fault dumps (module_address_lookup). */
static int save_symbols(struct module *mod, struct load_info *info)
{
	u32 n = 0, names = 0;
	struct module_sym *s;

	for (u32 i = 1; i < info->nsyms; i++) {
		const Elf32_Sym *sym = &info->syms[i];
		u8 t = ELF32_ST_TYPE(sym->st_info);

		if ((t == STT_FUNC || t == STT_OBJECT) && sym->st_shndx < SHN_LORESERVE &&
		    sym->st_shndx != SHN_UNDEF && info->secoff[sym->st_shndx] != ~0u) {
			n++;
			names += strlen(info->strtab + sym->st_name) + 1;
		}
	}
	mod->syms = kmalloc(n * sizeof(*s) + names + 1, GFP_KERNEL);
	if (!mod->syms)
		return -ENOMEM;
	mod->strtab = (char *)(mod->syms + n);
	names = 0;
	s = mod->syms;
	for (u32 i = 1; i < info->nsyms; i++) {
		const Elf32_Sym *sym = &info->syms[i];
		u8 t = ELF32_ST_TYPE(sym->st_info);
		const char *nm = info->strtab + sym->st_name;

		if (!((t == STT_FUNC || t == STT_OBJECT) && sym->st_shndx < SHN_LORESERVE &&
		      sym->st_shndx != SHN_UNDEF && info->secoff[sym->st_shndx] != ~0u))
			continue;
		s->addr = info->symval[i];
		s->size = sym->st_size;
		s->name = names;
		memcpy(mod->strtab + names, nm, strlen(nm) + 1);
		names += strlen(nm) + 1;
		s++;
	}
	mod->nr_syms = (int)n;
	return 0;
}

const char *module_address_lookup(unsigned long addr, unsigned long *size, unsigned long *offset,
				  const char **modname)
{
	struct module *mod;

	list_for_each_entry(mod, &modules, list) {
		u32 base = (u32)(uintptr_t)mod->core;
		const struct module_sym *best = NULL;

		if (addr < base || addr >= base + mod->core_size)
			continue;
		for (int i = 0; i < mod->nr_syms; i++) {
			const struct module_sym *s = &mod->syms[i];

			if (s->addr <= addr && (!best || s->addr > best->addr))
				best = s;
		}
		*modname = mod->name;
		if (!best) {	/* no symbol before it: the offset in the module */
			*offset = addr - base;
			*size = mod->core_size;
			return mod->name;
		}
		*offset = addr - best->addr;
		*size = best->size ? best->size : 1;
		return mod->strtab + best->name;
	}
	return NULL;
}

/* Pointers into the core: .modinfo, __ksymtab, init and exit. */
static int find_module_sections(struct module *mod, struct load_info *info)
{
	int i = mod_find_section(info, ".modinfo");
	int sym;

	if (i > 0 && info->secoff[i] != ~0u) {
		mod->modinfo = (const char *)info->mem + info->secoff[i];
		mod->modinfo_size = info->sechdrs[i].sh_size;
	}
	i = mod_find_section(info, "__ksymtab");
	if (i > 0 && info->secoff[i] != ~0u) {
		if (info->sechdrs[i].sh_size % 8)
			return mod_fail(info, -ENOEXEC, "__ksymtab is malformed");
		mod->ksyms = (const u32 *)(const void *)(info->mem + info->secoff[i]);
		mod->nr_ksyms = (int)(info->sechdrs[i].sh_size / 8);
	}
	i = mod_find_section(info, "__param");
	if (i > 0 && info->secoff[i] != ~0u) {
		if (info->sechdrs[i].sh_size % sizeof(struct kernel_param))
			return mod_fail(info, -ENOEXEC, "__param is malformed");
		mod->params = (const struct kernel_param *)(const void *)(info->mem + info->secoff[i]);
		mod->nr_params = (int)(info->sechdrs[i].sh_size / sizeof(struct kernel_param));
	}
	/* The shell's table is the image's .shell_cmds, fixed at link time. */
	if (mod_find_section(info, ".shell_cmds") > 0)
		pr_warn("%s: its SHELL_COMMANDs are not added (a module cannot extend the "
			"shell)\n", mod->name);
	sym = mod_find_symbol(info, "init_module");
	if (sym > 0)
		mod->init = (int (*)(void))(uintptr_t)info->symval[sym];
	sym = mod_find_symbol(info, "cleanup_module");
	if (sym > 0)
		mod->exit = (void (*)(void))(uintptr_t)info->symval[sym];
	if (!mod->init)
		return mod_fail(info, -ENOEXEC, "no module_init");
	return 0;
}

const char *modinfo_get(const char *info, u32 size, const char *key, int n)
{
	size_t klen = strlen(key);
	u32 pos = 0;

	/* "key=value" strings back to back (padding NULs between them); the
	 * callers have checked that the last one is terminated. */
	if (!info || !size || info[size - 1])
		return NULL;
	while (pos < size) {
		const char *s = info + pos;
		size_t len = strlen(s);

		if (len > klen && !strncmp(s, key, klen) && s[klen] == '=' && n-- == 0)
			return s + klen + 1;
		pos += (u32)len + 1;
		while (pos < size && !info[pos])
			pos++;
	}
	return NULL;
}

const char *module_get_info(const struct module *mod, const char *key, int n)
{
	return modinfo_get(mod->modinfo, mod->modinfo_size, key, n);
}

/* Names and addresses of the loaded sections, for GDB (modsyms). */
static int save_sections(struct module *mod, struct load_info *info)
{
	int n = 0;

	for (u32 i = 1; i < info->ehdr->e_shnum; i++)
		if (info->secoff[i] != ~0u && info->sechdrs[i].sh_size)
			n++;
	mod->sections = kcalloc((size_t)n ? (size_t)n : 1, sizeof(*mod->sections), GFP_KERNEL);
	if (!mod->sections)
		return -ENOMEM;
	for (u32 i = 1; i < info->ehdr->e_shnum; i++) {
		struct module_section *ms = &mod->sections[mod->nr_sections];

		if (info->secoff[i] == ~0u || !info->sechdrs[i].sh_size)
			continue;
		strscpy(ms->name, info->secstrings + info->sechdrs[i].sh_name, sizeof(ms->name));
		ms->addr = info->base + info->secoff[i];
		mod->nr_sections++;
	}
	return 0;
}

/*
 * What a module left registered is taken back by the subsystems that hold
 * it, on MODULE_STATE_GOING (drivers/base/module.c, kernel/irq): the
 * loader knows none of them.
 */
static RAW_NOTIFIER_HEAD(module_notify_list);

int register_module_notifier(struct notifier_block *nb)
{
	return raw_notifier_chain_register(&module_notify_list, nb);
}

int unregister_module_notifier(struct notifier_block *nb)
{
	return raw_notifier_chain_unregister(&module_notify_list, nb);
}

static void module_notify(struct module *mod, enum module_state state)
{
	raw_notifier_call_chain(&module_notify_list, state, mod);
}

/* Relocated code becomes read-only and executable; the rest of the core
 * (and the whole block once freed) stays ordinary heap: writable, not
 * executable. */
static void protect_text(struct module *mod, bool on)
{
	unsigned long text = (unsigned long)mod->core;
	int pages = (int)(mod->text_size / PAGE_SIZE);
	int ret;

	if (!pages)
		return;
	ret = on ? set_memory_ro(text, pages) : set_memory_rw(text, pages);
	if (!ret)
		ret = on ? set_memory_x(text, pages) : set_memory_nx(text, pages);
	if (ret)
		pr_warn("%s: cannot make its text %s: %s\n", mod->name,
			on ? "read-only" : "writable again", errname(ret));
}

static void free_module(struct module *mod)
{
	if (mod->core)
		protect_text(mod, false);
	drop_uses(mod);
	kfree(mod->sections);
	kfree(mod->args);
	kfree(mod->syms);
	kfree(mod->alloc);
	kfree(mod);
}

/* Every check and the linking; nothing of the module has run yet. */
static int link_module(struct module *mod, struct load_info *info)
{
	uintptr_t core;
	int ret = mod_elf_check(info);

	if (!ret)
		ret = mod_layout(info);
	if (ret)
		return ret;
	/* kmalloc aligns to 8; a section asking for more gets it from slack. */
	mod->alloc = kmalloc(info->core_size + info->core_align, GFP_KERNEL);
	if (!mod->alloc)
		return mod_fail(info, -ENOMEM, "out of memory for %u bytes", info->core_size);
	core = ((uintptr_t)mod->alloc + info->core_align - 1) & ~(uintptr_t)(info->core_align - 1);
	mod->core = (void *)core;
	mod->core_size = info->core_size;
	mod->text_size = info->text_size;
	mod_place(info, (u8 *)core, (u32)core);
	ret = mod_resolve(info);
	if (!ret)
		ret = mod_relocate(info);
	if (!ret)
		ret = find_module_sections(mod, info);
	if (ret)
		return ret;
	if (mod->modinfo_size && mod->modinfo[mod->modinfo_size - 1])
		return mod_fail(info, -ENOEXEC, ".modinfo is not terminated");
	if (save_symbols(mod, info) || save_sections(mod, info))
		return mod_fail(info, -ENOMEM, "out of memory for the symbol table");
	return 0;
}

int load_module(const char *name, const void *data, size_t len, const char *args)
{
	struct load_info info = { .file = data, .len = len, .resolve = resolve_symbol };
	u64 t0 = ktime_get_ns();
	struct module *mod, *prev;
	char label[MODULE_NAME_LEN + 4];
	int ret;

	snprintf(label, sizeof(label), "%s.ko", name);
	info.name = label;
	if (strlen(name) >= MODULE_NAME_LEN || !name[0]) {
		pr_err("%s: bad module name\n", label);
		return -EINVAL;
	}
	if (find_module(name)) {
		pr_err("%s: already loaded\n", label);
		return -EEXIST;
	}
	mod = kzalloc(sizeof(*mod), GFP_KERNEL);
	if (!mod)
		return -ENOMEM;
	strscpy(mod->name, name, sizeof(mod->name));
	info.ctx = mod;
	ret = link_module(mod, &info);
	mod_info_free(&info);
	if (!ret)
		ret = module_parse_args(mod, args, info.err, sizeof(info.err));
	if (ret) {
		pr_err("%s: %s (%s)\n", label, info.err, errname(ret));
		/* The core was placed but may have been aligned: free the block. */
		free_module(mod);
		return ret;
	}
	/* The core was written through the D-side: make it visible to I. */
	flush_icache_range((unsigned long)mod->core, (unsigned long)mod->core + mod->core_size);
	protect_text(mod, true);

	mod->state = MODULE_STATE_COMING;
	list_add(&mod->list, &modules);
	module_notify(mod, MODULE_STATE_COMING);
	prev = running;		/* an init may load another module */
	running = mod;
	ret = mod->init();
	running = prev;
	if (ret) {
		pr_err("%s: init returned %d (%s); unloaded\n", label, ret, errname(ret));
		mod->state = MODULE_STATE_GOING;
		mod->going_why = "failed init";
		module_notify(mod, MODULE_STATE_GOING);
		list_del(&mod->list);
		free_module(mod);
		return ret > 0 ? -EINVAL : ret;
	}
	mod->state = MODULE_STATE_LIVE;
	mod->load_us = (u32)((ktime_get_ns() - t0) / 1000);
	module_notify(mod, MODULE_STATE_LIVE);
	pr_info("%s loaded at 0x%08lx, %u bytes, %d relocations, in %u.%03u ms\n", name,
		(unsigned long)(uintptr_t)mod->core, mod->core_size, info.relocs,
		mod->load_us / 1000, mod->load_us % 1000);
	return 0;
}

int delete_module(const char *name)
{
	struct module *mod = find_module(name), *other, *prev;

	if (!mod)
		return -ENOENT;
	if (mod->refcnt) {
		list_for_each_entry(other, &modules, list)
			for (int i = 0; i < other->nr_uses; i++)
				if (other->uses[i] == mod)
					pr_err("%s: in use by %s\n", name, other->name);
		pr_err("%s: cannot remove: %d reference%s\n", name, mod->refcnt,
		       mod->refcnt == 1 ? "" : "s");
		return -EBUSY;
	}
	if (!mod->exit) {
		pr_err("%s: has no module_exit: cannot be removed\n", name);
		return -EPERM;
	}
	mod->state = MODULE_STATE_GOING;
	prev = running;
	running = mod;
	mod->exit();
	running = prev;
	mod->going_why = "exit";
	module_notify(mod, MODULE_STATE_GOING);
	list_del(&mod->list);
	pr_info("%s unloaded\n", name);
	free_module(mod);
	return 0;
}

bool try_module_get(struct module *mod)
{
	if (!mod)
		return true;
	if (mod->state == MODULE_STATE_GOING)
		return false;
	mod->refcnt++;
	return true;
}
EXPORT_SYMBOL(try_module_get);

void module_put(struct module *mod)
{
	if (mod && mod->refcnt > 0)
		mod->refcnt--;
}
EXPORT_SYMBOL(module_put);
