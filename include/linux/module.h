/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Loadable modules (kernel/module/, docs/modules.md).
 *
 * A driver file is the same whether it is built in or a module: built in,
 * module_init() is a device initcall and module_exit() is dropped (nothing
 * unloads the image); built as a module (-DMODULE, from scripts/modules.config)
 * they become init_module/cleanup_module, which the loader calls, and the
 * MODULE_* lines become "key=value" strings in the module's .modinfo section,
 * which `modinfo` prints and the build reads for modules.alias.
 */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#include <linux/export.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/notifier.h>
#include <linux/types.h>

#define MODULE_NAME_LEN		32
#define MODULE_MAX_USES		8

#if defined(MODULE) && !defined(COYOTE_HOST)

#define module_init(initfn) \
	static inline initcall_t __maybe_unused __inittest(void) { return initfn; } \
	int init_module(void) __attribute__((alias(#initfn)))
#define module_exit(exitfn) \
	static inline exitcall_t __maybe_unused __exittest(void) { return exitfn; } \
	void cleanup_module(void) __attribute__((alias(#exitfn)))

#define __MODULE_INFO_ID2(a, b) a##b
#define __MODULE_INFO_ID(a, b) __MODULE_INFO_ID2(a, b)
#define MODULE_INFO(tag, info) \
	static const char __MODULE_INFO_ID(__modinfo_##tag, __COUNTER__)[] \
	__attribute__((section(".modinfo"), used, aligned(1))) = #tag "=" info

/* The table the build reads for modules.alias (scripts/modpost.py). */
#define MODULE_DEVICE_TABLE(type, name) \
	extern __typeof__(name) __mod_##type##__##name##_device_table \
	__attribute__((unused, alias(#name)))

/*
 * module_param(name, type, perm): `insmod NAME name=value` sets the static
 * variable @name before init runs.  Types: int, uint, bool, charp.  @perm
 * is kept for Linux's sake (coyote has no sysfs).
 */
#define module_param(var, type, perm) \
	static const struct kernel_param __param_##var \
	__attribute__((section("__param"), used, aligned(4))) = \
	{ #var, param_set_##type, &(var) }; \
	static inline __maybe_unused type##_param_t *__paramtype_##var(void) { return &(var); }
#define MODULE_PARM_DESC(var, desc)	MODULE_INFO(parm, #var ":" desc)

#else	/* built in (or host) */

#define module_init(initfn)	device_initcall(initfn)
#define module_exit(exitfn)	\
	static inline exitcall_t __maybe_unused __exittest(void) { return exitfn; }
#define MODULE_INFO(tag, info)
#define MODULE_DEVICE_TABLE(type, name)
/* Built in, a parameter keeps its initial value. */
#define module_param(var, type, perm) \
	static inline __maybe_unused type##_param_t *__paramtype_##var(void) { return &(var); }
#define MODULE_PARM_DESC(var, desc)

#endif

#ifndef __maybe_unused
#define __maybe_unused __attribute__((unused))
#endif

/* A module parameter: its name, how to parse a value, and where to put it. */
struct kernel_param {
	const char *name;
	int (*set)(const char *val, void *arg);
	void *arg;
};
typedef int int_param_t;
typedef unsigned int uint_param_t;
typedef bool bool_param_t;
typedef char *charp_param_t;
/* Parsers (kernel/module/params.c).  Return: 0; -EINVAL (not that type). */
int param_set_int(const char *val, void *arg);
int param_set_uint(const char *val, void *arg);
int param_set_bool(const char *val, void *arg);
int param_set_charp(const char *val, void *arg);

#define MODULE_LICENSE(l)	MODULE_INFO(license, l)
#define MODULE_DESCRIPTION(d)	MODULE_INFO(description, d)
#define MODULE_AUTHOR(a)	MODULE_INFO(author, a)
#define MODULE_ALIAS(a)		MODULE_INFO(alias, a)

enum module_state {
	MODULE_STATE_LIVE,	/* init returned 0 */
	MODULE_STATE_COMING,	/* init running */
	MODULE_STATE_GOING,	/* exit running, or init failed */
};

/* Where a section landed: GDB's add-symbol-file needs each (scripts/gdb). */
struct module_section {
	char name[24];
	u32 addr;
};

struct module_sym {
	u32 addr, size;
	u32 name;		/* offset in strtab */
};

/* One loaded module.  Everything hangs off it and is freed with it. */
struct module {
	char name[MODULE_NAME_LEN];
	enum module_state state;
	struct list_head list;		/* on the list of modules */
	void *alloc;			/* the kmalloc block the core is in */
	void *core;			/* every SHF_ALLOC section, aligned */
	u32 core_size;
	u32 text_size;			/* read-only, executable pages at the core's start */
	int (*init)(void);
	void (*exit)(void);
	int refcnt;			/* modules using this one + module_get()s */
	struct module *uses[MODULE_MAX_USES];	/* modules this one links against */
	int nr_uses;
	const u32 *ksyms;		/* its __ksymtab: value, name pairs */
	int nr_ksyms;
	const char *modinfo;		/* its .modinfo strings */
	u32 modinfo_size;
	const struct kernel_param *params;	/* its __param section */
	int nr_params;
	char *args;			/* the insmod arguments charp params point into */
	struct module_section *sections;	/* loaded sections, for debuggers */
	int nr_sections;
	struct module_sym *syms;	/* its functions and objects, for fault dumps */
	int nr_syms;
	char *strtab;
	u32 load_us;			/* how long loading took (ktime_get_ns()) */
	const char *going_why;		/* while GOING: "exit" or "failed init" */
};

/**
 * module_current() - the module whose init or exit is running, or NULL.
 * The driver core and the IRQ core record it as the owner of what is
 * registered meanwhile, so a module's leftovers can be found.
 */
struct module *module_current(void);
/* The loaded module whose core holds @addr (code or data), or NULL. */
struct module *module_at(const void *addr);
/* Owner of something registered now: module_current(), else the module
 * holding @obj or @fn (a driver struct, a handler); NULL for the kernel. */
struct module *module_owner(const void *obj, const void *fn);

/*
 * The module notifier, Linux's: each block's notifier_call gets the event
 * and the struct module.
 *   MODULE_STATE_COMING  linked and placed; its init is about to run
 *   MODULE_STATE_LIVE    its init returned 0
 *   MODULE_STATE_GOING   its exit ran (rmmod) or its init failed
 *                        (mod->going_why says which); the module is still
 *                        listed and its memory still there, freed only
 *                        after the chain returns
 * Blocks run highest priority first; what they return is not consulted
 * (no block can refuse a module).  At GOING the kernel's own clean-up of
 * what the module left registered runs in this order:
 */
enum {
	/* drivers/base: unbind and unregister its drivers, then its devices
	 * (a driver's remove() takes back what its probe made) */
	MODULE_NOTIFY_PRIO_DRIVERS = 20,
	/* kernel/irq: free the IRQ handlers it still holds */
	MODULE_NOTIFY_PRIO_IRQS = 10,
};
/* Return: 0; -EEXIST when @nb is registered already. */
int register_module_notifier(struct notifier_block *nb);
/* Return: 0; -ENOENT when @nb was not registered. */
int unregister_module_notifier(struct notifier_block *nb);

/* Take or drop a reference: a module with references cannot be removed. */
bool try_module_get(struct module *mod);
void module_put(struct module *mod);

#endif
