// SPDX-License-Identifier: BSD-2-Clause
/*
 * The module loader's ELF half: check a relocatable ARM ELF file, lay its
 * loadable sections out in one block, resolve its symbols and apply its
 * relocations.  Portable C: the host tests run it on the real .ko files of
 * the build (tests/host/test_module.c), pretending the block sits at any
 * 32-bit address.  kernel/module/main.c runs it for real.
 *
 * The file is only ever read: it may be the initrd, which the next load
 * of the same module needs intact.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/module.h>

#define fail mod_fail

static const Elf32_Shdr *shdr(const struct load_info *info, u32 i)
{
	return &info->sechdrs[i];
}

static const char *secname(const struct load_info *info, u32 i)
{
	return info->secstrings + shdr(info, i)->sh_name;
}

static const char *symname(const struct load_info *info, u32 i)
{
	return info->strtab + info->syms[i].st_name;
}

/* @off + @size lies inside the file, without overflow. */
static bool in_file(const struct load_info *info, u32 off, u32 size)
{
	return off <= info->len && size <= info->len - off;
}

/* A string table: inside the file, and its last byte NUL, so that every
 * offset below its size names a terminated string. */
static bool strtab_ok(const struct load_info *info, const Elf32_Shdr *s)
{
	return s->sh_type == SHT_STRTAB && s->sh_size > 0 && in_file(info, s->sh_offset, s->sh_size) &&
	       info->file[s->sh_offset + s->sh_size - 1] == '\0';
}

static int check_header(struct load_info *info)
{
	const Elf32_Ehdr *eh = (const Elf32_Ehdr *)(const void *)info->file;

	/* The tables are read in place as structs of words. */
	if ((uintptr_t)info->file % 4)
		return fail(info, -ENOEXEC, "file not 4-byte aligned in memory");
	if (info->len < sizeof(*eh) || memcmp(eh->e_ident, "\177ELF", 4))
		return fail(info, -ENOEXEC, "not an ELF file");
	if (eh->e_ident[4] != 1 || eh->e_ident[5] != 1 || eh->e_ident[6] != 1)
		return fail(info, -ENOEXEC, "not an ARM ELF relocatable (want 32-bit, little-endian, version 1)");
	if (eh->e_type != ET_REL || eh->e_machine != EM_ARM)
		return fail(info, -ENOEXEC, "not an ARM ELF relocatable (type %u, machine %u; want %u, %u)",
			    eh->e_type, eh->e_machine, ET_REL, EM_ARM);
	if (eh->e_shentsize != sizeof(Elf32_Shdr) || eh->e_shnum == 0 || eh->e_shoff % 4 ||
	    !in_file(info, eh->e_shoff, (u32)eh->e_shnum * sizeof(Elf32_Shdr)))
		return fail(info, -ENOEXEC, "section table outside the file (truncated?)");
	if (eh->e_shstrndx == 0 || eh->e_shstrndx >= eh->e_shnum)
		return fail(info, -ENOEXEC, "no section name table");
	info->ehdr = eh;
	info->sechdrs = (const Elf32_Shdr *)(const void *)(info->file + eh->e_shoff);
	return 0;
}

static int check_section(struct load_info *info, u32 i)
{
	const Elf32_Shdr *s = shdr(info, i);
	u32 n = info->ehdr->e_shnum;

	if (s->sh_name >= shdr(info, info->ehdr->e_shstrndx)->sh_size)
		return fail(info, -ENOEXEC, "section %u: name outside the name table", i);
	if (s->sh_type != SHT_NOBITS && !in_file(info, s->sh_offset, s->sh_size))
		return fail(info, -ENOEXEC, "section %s outside the file (truncated?)", secname(info, i));
	if (s->sh_addralign > 4096 || (s->sh_addralign & (s->sh_addralign - 1)))
		return fail(info, -ENOEXEC, "section %s: alignment %u", secname(info, i), s->sh_addralign);
	if (s->sh_type == SHT_RELA)
		return fail(info, -ENOEXEC, "section %s: RELA relocations (ARM uses REL)", secname(info, i));
	if (s->sh_type == SHT_REL) {
		if (s->sh_entsize != sizeof(Elf32_Rel) || s->sh_size % sizeof(Elf32_Rel) ||
		    s->sh_info == 0 || s->sh_info >= n || s->sh_offset % 4)
			return fail(info, -ENOEXEC, "relocation section %s is malformed", secname(info, i));
	}
	if (s->sh_type == SHT_SYMTAB) {
		if (info->syms)
			return fail(info, -ENOEXEC, "two symbol tables");
		if (s->sh_entsize != sizeof(Elf32_Sym) || s->sh_size % sizeof(Elf32_Sym) ||
		    s->sh_size == 0 || s->sh_offset % 4 || s->sh_link == 0 || s->sh_link >= n ||
		    !strtab_ok(info, shdr(info, s->sh_link)))
			return fail(info, -ENOEXEC, "symbol table %s is malformed", secname(info, i));
		info->syms = (const Elf32_Sym *)(const void *)(info->file + s->sh_offset);
		info->nsyms = s->sh_size / sizeof(Elf32_Sym);
		info->strtab = (const char *)info->file + shdr(info, s->sh_link)->sh_offset;
		info->strtab_size = shdr(info, s->sh_link)->sh_size;
	}
	return 0;
}

int mod_elf_check(struct load_info *info)
{
	const Elf32_Shdr *strs;
	int ret;

	info->err[0] = '\0';
	ret = check_header(info);
	if (ret)
		return ret;
	strs = shdr(info, info->ehdr->e_shstrndx);
	if (!strtab_ok(info, strs))
		return fail(info, -ENOEXEC, "section name table is malformed");
	info->secstrings = (const char *)info->file + strs->sh_offset;
	for (u32 i = 1; i < info->ehdr->e_shnum; i++) {
		ret = check_section(info, i);
		if (ret)
			return ret;
	}
	if (!info->syms)
		return fail(info, -ENOEXEC, "no symbol table (stripped?)");
	for (u32 i = 1; i < info->ehdr->e_shnum; i++)
		if (shdr(info, i)->sh_type == SHT_REL && shdr(info, i)->sh_link >= info->ehdr->e_shnum)
			return fail(info, -ENOEXEC, "relocation section %s: bad symbol table", secname(info, i));
	for (u32 i = 0; i < info->nsyms; i++) {
		const Elf32_Sym *sym = &info->syms[i];

		if (sym->st_name >= info->strtab_size)
			return fail(info, -ENOEXEC, "symbol %u: name outside the string table", i);
		if (sym->st_shndx >= info->ehdr->e_shnum && sym->st_shndx < SHN_LORESERVE)
			return fail(info, -ENOEXEC, "symbol %s: section %u does not exist", symname(info, i),
				    sym->st_shndx);
	}
	info->secoff = kcalloc(info->ehdr->e_shnum, sizeof(u32), GFP_KERNEL);
	info->symval = kcalloc(info->nsyms, sizeof(u32), GFP_KERNEL);
	if (!info->secoff || !info->symval)
		return fail(info, -ENOMEM, "out of memory for the section and symbol tables");
	return 0;
}

/*
 * Code first, then everything else from the next page: the MMU can then
 * make the code pages read-only (and only they are executable) once the
 * relocations are applied.
 */
int mod_layout(struct load_info *info)
{
	u32 size = 0, align = MODULE_TEXT_ALIGN;

	for (u32 i = 0; i < info->ehdr->e_shnum; i++)
		info->secoff[i] = ~0u;
	for (int pass = 0; pass < 2; pass++) {
		for (u32 i = 1; i < info->ehdr->e_shnum; i++) {
			const Elf32_Shdr *s = shdr(info, i);
			u32 a = s->sh_addralign ? s->sh_addralign : 1;
			bool code = s->sh_flags & SHF_EXECINSTR;

			if (!(s->sh_flags & SHF_ALLOC) || code != (pass == 0))
				continue;
			if (a > (1u << 16))
				return fail(info, -ENOEXEC, "section %s: alignment %u is too large",
					    secname(info, i), a);
			size = (size + a - 1) & ~(a - 1);
			if (s->sh_size > (1u << 24) || size > (1u << 24))
				return fail(info, -ENOEXEC,
					    "section %s: %u bytes is too big for a module",
					    secname(info, i), s->sh_size);
			info->secoff[i] = size;
			size += s->sh_size;
			if (a > align)
				align = a;
		}
		if (pass == 0) {
			size = (size + MODULE_TEXT_ALIGN - 1) & ~(MODULE_TEXT_ALIGN - 1);
			info->text_size = size;
		}
	}
	if (size == info->text_size && !size)
		return fail(info, -ENOEXEC, "no loadable sections");
	info->core_size = size;
	info->core_align = align;
	return 0;
}

void mod_place(struct load_info *info, u8 *mem, u32 base)
{
	info->mem = mem;
	info->base = base;
	memset(mem, 0, info->core_size);
	for (u32 i = 1; i < info->ehdr->e_shnum; i++) {
		const Elf32_Shdr *s = shdr(info, i);

		if (info->secoff[i] != ~0u && s->sh_type != SHT_NOBITS)
			memcpy(mem + info->secoff[i], info->file + s->sh_offset, s->sh_size);
	}
}

int mod_resolve(struct load_info *info)
{
	for (u32 i = 1; i < info->nsyms; i++) {
		const Elf32_Sym *sym = &info->syms[i];
		u16 ndx = sym->st_shndx;

		if (ndx == SHN_UNDEF) {
			int ret = -ENOENT;

			if (!sym->st_name)
				continue;
			if (info->resolve)
				ret = info->resolve(info, symname(info, i), &info->symval[i]);
			if (ret && ret != -ENOENT)
				return ret;	/* the resolver said why */
			if (ret) {
				if (ELF32_ST_BIND(sym->st_info) == STB_WEAK) {
					info->symval[i] = 0;
					continue;
				}
				return fail(info, -ENOENT, "unknown symbol %s", symname(info, i));
			}
		} else if (ndx == SHN_ABS) {
			info->symval[i] = sym->st_value;
		} else if (ndx == SHN_COMMON) {
			return fail(info, -ENOEXEC, "symbol %s is COMMON (build with -fno-common)",
				    symname(info, i));
		} else if (ndx >= SHN_LORESERVE) {
			return fail(info, -ENOEXEC, "symbol %s: section 0x%x not supported",
				    symname(info, i), ndx);
		} else if (info->secoff[ndx] != ~0u) {
			if (sym->st_value > shdr(info, ndx)->sh_size)
				return fail(info, -ENOEXEC, "symbol %s: value outside its section",
					    symname(info, i));
			info->symval[i] = info->base + info->secoff[ndx] + sym->st_value;
		}
	}
	return 0;
}

static const char *const reloc_names[] = {
	[0] = "R_ARM_NONE", [1] = "R_ARM_PC24", [2] = "R_ARM_ABS32", [3] = "R_ARM_REL32",
	[4] = "R_ARM_LDR_PC_G0", [5] = "R_ARM_ABS16", [6] = "R_ARM_ABS12",
	[7] = "R_ARM_THM_ABS5", [8] = "R_ARM_ABS8", [9] = "R_ARM_SBREL32",
	[10] = "R_ARM_THM_CALL", [11] = "R_ARM_THM_PC8", [20] = "R_ARM_COPY",
	[21] = "R_ARM_GLOB_DAT", [22] = "R_ARM_JUMP_SLOT", [23] = "R_ARM_RELATIVE",
	[24] = "R_ARM_GOTOFF32", [25] = "R_ARM_BASE_PREL", [26] = "R_ARM_GOT_BREL",
	[27] = "R_ARM_PLT32", [28] = "R_ARM_CALL", [29] = "R_ARM_JUMP24",
	[30] = "R_ARM_THM_JUMP24", [38] = "R_ARM_TARGET1", [40] = "R_ARM_V4BX",
	[41] = "R_ARM_TARGET2", [42] = "R_ARM_PREL31", [43] = "R_ARM_MOVW_ABS_NC",
	[44] = "R_ARM_MOVT_ABS", [45] = "R_ARM_MOVW_PREL_NC", [46] = "R_ARM_MOVT_PREL",
	[47] = "R_ARM_THM_MOVW_ABS_NC", [48] = "R_ARM_THM_MOVT_ABS",
	[102] = "R_ARM_THM_JUMP11", [103] = "R_ARM_THM_JUMP8",
};

const char *arm_reloc_name(u32 type)
{
	return type < ARRAY_SIZE(reloc_names) ? reloc_names[type] : NULL;
}

static u32 get32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static void put32(u8 *p, u32 v)
{
	p[0] = (u8)v;
	p[1] = (u8)(v >> 8);
	p[2] = (u8)(v >> 16);
	p[3] = (u8)(v >> 24);
}

int arm_apply_relocation(u32 type, u8 *loc, u32 P, u32 S, char *why, size_t whylen)
{
	u32 insn = get32(loc);
	s32 off;

	switch (type) {
	case R_ARM_NONE:
	case R_ARM_V4BX:	/* BX is native on ARMv5: keep it */
		return 0;
	case R_ARM_ABS32:
	case R_ARM_TARGET1:	/* .init_array and the like: absolute here */
		put32(loc, insn + S);
		return 0;
	case R_ARM_REL32:
		put32(loc, insn + S - P);
		return 0;
	case R_ARM_PC24:
	case R_ARM_CALL:
	case R_ARM_JUMP24:
		if (S & 3) {
			return why_fail(why, whylen, -ENOEXEC,
					"%s to a Thumb or unaligned target 0x%08x",
					arm_reloc_name(type), S);
		}
		/* Addend: the signed 24-bit word offset, in bytes. */
		off = (s32)((insn & 0x00ffffffu) << 8) >> 6;
		off += (s32)(S - P);
		if (off < -(32 << 20) || off >= (32 << 20)) {
			return why_fail(why, whylen, -ERANGE,
					"%s from 0x%08x to 0x%08x: beyond +-32 MiB "
					"(build with -mlong-calls)", arm_reloc_name(type), P, S);
		}
		put32(loc, (insn & 0xff000000u) | (((u32)off >> 2) & 0x00ffffffu));
		return 0;
	case R_ARM_PREL31:
		off = (s32)(insn << 1) >> 1;
		off += (s32)(S - P);
		if (off < -(1 << 30) || off >= (1 << 30)) {
			return why_fail(why, whylen, -ERANGE,
					"R_ARM_PREL31 from 0x%08x to 0x%08x out of range",
					P, S);
		}
		put32(loc, (insn & 0x80000000u) | ((u32)off & 0x7fffffffu));
		return 0;
	}
	if (arm_reloc_name(type))
		return why_fail(why, whylen, -ENOEXEC, "relocation %s not supported",
				arm_reloc_name(type));
	return why_fail(why, whylen, -ENOEXEC, "relocation type %u not supported", type);
}

static int relocate_section(struct load_info *info, u32 relsec)
{
	const Elf32_Shdr *rs = shdr(info, relsec);
	u32 target = rs->sh_info;
	const Elf32_Shdr *ts = shdr(info, target);
	const Elf32_Rel *rel = (const Elf32_Rel *)(const void *)(info->file + rs->sh_offset);
	u32 n = rs->sh_size / sizeof(*rel);

	if (shdr(info, rs->sh_link)->sh_type != SHT_SYMTAB)
		return fail(info, -ENOEXEC, "relocation section %s: bad symbol table", secname(info, relsec));
	for (u32 i = 0; i < n; i++) {
		u32 sym = ELF32_R_SYM(rel[i].r_info), type = ELF32_R_TYPE(rel[i].r_info);
		u32 off = rel[i].r_offset;
		char why[MOD_ERR_LEN - 32];
		int ret;

		if (sym >= info->nsyms)
			return fail(info, -ENOEXEC, "%s: relocation %u: symbol %u out of range",
				    secname(info, relsec), i, sym);
		if (ts->sh_type == SHT_NOBITS || off > ts->sh_size || ts->sh_size - off < 4 || off % 4)
			return fail(info, -ENOEXEC, "%s: relocation %u: offset 0x%x outside %s",
				    secname(info, relsec), i, off, secname(info, target));
		why[0] = '\0';
		ret = arm_apply_relocation(type, info->mem + info->secoff[target] + off,
					   info->base + info->secoff[target] + off, info->symval[sym],
					   why, sizeof(why));
		if (ret)
			return fail(info, ret, "%s (%s+0x%x, symbol %s)", why, secname(info, target), off,
				    sym ? symname(info, sym) : "none");
		info->relocs++;
	}
	return 0;
}

int mod_relocate(struct load_info *info)
{
	for (u32 i = 1; i < info->ehdr->e_shnum; i++) {
		const Elf32_Shdr *s = shdr(info, i);
		int ret;

		/* Relocations of sections that stay in the file (debug info). */
		if (s->sh_type != SHT_REL || info->secoff[s->sh_info] == ~0u)
			continue;
		ret = relocate_section(info, i);
		if (ret)
			return ret;
	}
	return 0;
}

int mod_find_symbol(const struct load_info *info, const char *name)
{
	for (u32 i = 1; i < info->nsyms; i++) {
		const Elf32_Sym *sym = &info->syms[i];

		if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= SHN_LORESERVE ||
		    info->secoff[sym->st_shndx] == ~0u)
			continue;
		if (!strcmp(symname(info, i), name))
			return (int)i;
	}
	return -1;
}

int mod_find_section(const struct load_info *info, const char *name)
{
	for (u32 i = 1; i < info->ehdr->e_shnum; i++)
		if (!strcmp(secname(info, i), name))
			return (int)i;
	return -1;
}

void mod_info_free(struct load_info *info)
{
	kfree(info->secoff);
	kfree(info->symval);
	info->secoff = NULL;
	info->symval = NULL;
}
