/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The module loader's pieces (kernel/module/), portable C: the host unit
 * tests run the ELF checks and the relocations on real .ko files, the
 * kernel runs them and then the module's code.
 *
 * Loading is: mod_elf_check() the file, mod_layout() its SHF_ALLOC
 * sections, mod_place() them into memory at address @base, mod_resolve()
 * every symbol, mod_relocate().  Each step fills info->err with the reason
 * when it fails; nothing of the module runs before all of them passed.
 */
#ifndef _COYOTE_MODULE_H
#define _COYOTE_MODULE_H

#include <linux/export.h>
#include <linux/module.h>
#include <linux/types.h>

/* ELF32, as far as the loader needs it (System V gABI, ARM ELF ABI). */
typedef struct {
	u8 e_ident[16];
	u16 e_type, e_machine;
	u32 e_version, e_entry, e_phoff, e_shoff, e_flags;
	u16 e_ehsize, e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx;
} Elf32_Ehdr;

typedef struct {
	u32 sh_name, sh_type, sh_flags, sh_addr, sh_offset, sh_size;
	u32 sh_link, sh_info, sh_addralign, sh_entsize;
} Elf32_Shdr;

typedef struct {
	u32 st_name, st_value, st_size;
	u8 st_info, st_other;
	u16 st_shndx;
} Elf32_Sym;

typedef struct {
	u32 r_offset, r_info;
} Elf32_Rel;

#define ET_REL		1
#define EM_ARM		40
#define SHT_PROGBITS	1
#define SHT_SYMTAB	2
#define SHT_STRTAB	3
#define SHT_RELA	4
#define SHT_NOBITS	8
#define SHT_REL		9
#define SHF_WRITE	0x1
#define SHF_ALLOC	0x2
#define SHF_EXECINSTR	0x4
#define SHN_UNDEF	0
#define SHN_LORESERVE	0xff00
#define SHN_ABS		0xfff1
#define SHN_COMMON	0xfff2
#define STB_WEAK	2
#define STT_OBJECT	1
#define STT_FUNC	2
#define ELF32_ST_BIND(i)	((i) >> 4)
#define ELF32_ST_TYPE(i)	((i) & 0xf)
#define ELF32_R_SYM(i)		((i) >> 8)
#define ELF32_R_TYPE(i)		((i) & 0xff)

/* The ARM relocations the loader applies (ARM IHI 0044). */
#define R_ARM_NONE	0
#define R_ARM_PC24	1
#define R_ARM_ABS32	2
#define R_ARM_REL32	3
#define R_ARM_CALL	28
#define R_ARM_JUMP24	29
#define R_ARM_TARGET1	38
#define R_ARM_V4BX	40
#define R_ARM_PREL31	42

#define MOD_ERR_LEN	128
/* A module's code fills whole pages, so they can be made read-only. */
#define MODULE_TEXT_ALIGN	4096u

struct load_info;

/* Finds @name for the module being loaded: 0 and *@value; -ENOENT (not
 * found); another error after filling info->err. */
typedef int (*mod_resolver)(struct load_info *info, const char *name, u32 *value);

struct load_info {
	const char *name;		/* for messages: "ds1338.ko" */
	const u8 *file;			/* the .ko, read only (it may be the initrd) */
	size_t len;
	const Elf32_Ehdr *ehdr;
	const Elf32_Shdr *sechdrs;
	const char *secstrings;
	const Elf32_Sym *syms;
	u32 nsyms;
	const char *strtab;
	u32 strtab_size;
	u32 *secoff;			/* per section: offset in the core, or ~0 */
	u32 *symval;			/* per symbol: its resolved address */
	u32 core_size, core_align;
	u32 text_size;			/* code at the start of the core, page-rounded */
	u8 *mem;			/* the core, where the sections are copied */
	u32 base;			/* the address the core runs at */
	mod_resolver resolve;
	void *ctx;			/* for the resolver */
	int relocs;			/* relocations applied */
	char err[MOD_ERR_LEN];
};

/* Record why loading fails, in info->err; evaluates to @ret. */
#define mod_fail(info, ret, ...) \
	(snprintf((info)->err, sizeof((info)->err), __VA_ARGS__), (ret))

/* Header, section table, string and symbol tables, relocation sections.
 * Return: 0; -ENOEXEC (info->err says what is wrong); -ENOMEM. */
int mod_elf_check(struct load_info *info);
/* Offsets of the SHF_ALLOC sections in one block; sets core_size/align. */
int mod_layout(struct load_info *info);
/* Copy the sections into @mem (core_size bytes), which runs at @base. */
void mod_place(struct load_info *info, u8 *mem, u32 base);
/* Every symbol's address; undefined ones through info->resolve.
 * Return: 0; -ENOENT ("unknown symbol NAME"); -ENOEXEC. */
int mod_resolve(struct load_info *info);
/* Apply every REL section aimed at a loaded section.
 * Return: 0; -ENOEXEC (unknown type, bad index or offset); -ERANGE (a
 * branch target out of reach). */
int mod_relocate(struct load_info *info);
/* One relocation at @loc (which runs at @P) against symbol value @S. */
int arm_apply_relocation(u32 type, u8 *loc, u32 P, u32 S, char *why, size_t whylen);
/* "R_ARM_THM_CALL", or NULL when the loader has no name for @type. */
const char *arm_reloc_name(u32 type);
/* Symbol index of @name defined in a loaded section, or -1. */
int mod_find_symbol(const struct load_info *info, const char *name);
/* Section index by name, or -1. */
int mod_find_section(const struct load_info *info, const char *name);
void mod_info_free(struct load_info *info);

/* The image's export table (kernel: the linker's __start___ksymtab). */
void module_set_kernel_symbols(const struct kernel_symbol *start,
			       const struct kernel_symbol *stop);
const struct kernel_symbol *find_kernel_symbol(const char *name);

/**
 * load_module() - load @len bytes of ELF as module @name, set its
 * parameters from @args ("a=1 b=x", may be NULL), run its init.
 * Return: 0; -EEXIST (already loaded); -ENOEXEC (bad file, relocation);
 * -ENOENT (unknown symbol, unknown parameter); -EINVAL (bad parameter
 * value); -ERANGE; -ENOMEM; init's own error.  Every failure is logged
 * with its cause, and leaves nothing allocated.
 */
int load_module(const char *name, const void *data, size_t len, const char *args);
/* Set @mod's parameters from @args (copied into mod->args).
 * Return: 0; -ENOENT (no such parameter); -EINVAL; -ENOMEM. */
int module_parse_args(struct module *mod, const char *args, char *why, size_t whylen);
/**
 * delete_module() - run @name's exit and free it.
 * Return: 0; -ENOENT (not loaded); -EBUSY (other modules use it, or
 * references are held); -EPERM (it has no module_exit).
 */
int delete_module(const char *name);
struct module *find_module(const char *name);
/* The name of the loaded module whose core holds @addr, or NULL (built in). */
const char *module_name_at(const void *addr);
/* Loaded modules, newest first; NULL after the last. */
struct module *module_next(struct module *prev);
/* Value of "key=" in the module's .modinfo, the @n-th one; NULL if none. */
const char *module_get_info(const struct module *mod, const char *key, int n);
/* The same in any .modinfo block of @size bytes (a .ko not loaded). */
const char *modinfo_get(const char *info, u32 size, const char *key, int n);

/* --- initrd (kernel/module/initrd.c) ----------------------------------- */
struct cpio_entry {
	const char *name;
	const void *data;
	u32 size;
	u32 mode;
};

/* Next entry at *@pos of a newc archive.  Return: 1 (an entry), 0 (the
 * trailer), -EINVAL (bad archive: @why says where and what). */
int cpio_next(const void *buf, size_t len, size_t *pos, struct cpio_entry *e,
	      char *why, size_t whylen);
/* Check the whole archive.  Return: the number of entries or -EINVAL. */
int cpio_check(const void *buf, size_t len, char *why, size_t whylen);

/**
 * initrd_init() - take the archive at @buf for the initrd, if it checks out.
 * Return: number of entries; -EINVAL (refused, logged; no initrd then).
 */
int initrd_init(const void *buf, size_t len);
/* A file of the initrd by name ("lib/modules/ds1338.ko").  Return: 0; -ENOENT. */
int initrd_find(const char *name, struct cpio_entry *e);
/* Entries in order; 1 each, 0 at the end (*@pos starts at 0). */
int initrd_next(size_t *pos, struct cpio_entry *e);

#define MODULE_DIR	"lib/modules/"

/**
 * request_module() - load module @name from the initrd (MODULE_DIR), with
 * parameters @args (NULL for none).
 * Return: load_module()'s result; -ENOENT when the initrd has no such file.
 */
int request_module_args(const char *name, const char *args);
#define request_module(name) request_module_args(name, NULL)

/* The initrd's module index: "alias PATTERN MODULE" lines (scripts/modpost.py). */
#define MODULE_ALIAS_FILE	MODULE_DIR "modules.alias"

struct device_node;

/* Longest modules.alias pattern matched (Linux's "of:N*T*C..." is short). */
#define MODALIAS_PATTERN_MAX 256

/**
 * modalias_match() - does modules.alias pattern @pat (@plen bytes, '*'
 * matches any run of characters, all else itself) match all of @s?
 * Linear in @plen + strlen(@s): no backtracking, no recursion.
 * Return: 1 match, 0 no match, -E2BIG when @plen exceeds
 * MODALIAS_PATTERN_MAX (the caller names the line).
 */
int modalias_match(const char *pat, size_t plen, const char *s);

/**
 * module_alias_find() - the module modules.alias text @alias (@len bytes)
 * names for @np's string @compat, matched as Linux's "of:N*T*C..." modalias.
 * Return: @mod (filled, @size bytes at most) or NULL when no line matches.
 */
const char *module_alias_find(const char *alias, size_t len, const struct device_node *np,
			      const char *compat, char *mod, size_t size);

/**
 * module_alias_lookup() - module_alias_find() in the initrd's modules.alias.
 * Return: the module's name (a static buffer, valid until the next call),
 * or NULL: no initrd, no modules.alias in it, or no line matches.
 */
const char *module_alias_lookup(const struct device_node *np, const char *compat);

/**
 * module_alias_find_modalias() - the module modules.alias text @alias names
 * for a ready-made @modalias ("virtio:d00000004v00554D51").
 * Return: @mod (filled) or NULL when no line matches.
 */
const char *module_alias_find_modalias(const char *alias, size_t len, const char *modalias,
				       char *mod, size_t size);

/**
 * module_alias_lookup_modalias() - the module the initrd's modules.alias
 * names for @modalias (a bus's own, for a device without a node).
 * Return: the module (static buffer) or NULL: no initrd or alias file, or
 * no line matches.
 */
const char *module_alias_lookup_modalias(const char *modalias);

#endif
