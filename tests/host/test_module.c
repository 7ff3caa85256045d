// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host unit tests of the module loader's ELF half (kernel/module/elf.c) on
 * the real .ko files of the build: check, lay out, place at a pretend
 * address, resolve against a fake export table, relocate; then every
 * relocation is verified by decoding what was written (the branch goes to
 * its symbol, the word holds its address), independently of the code that
 * wrote it.  Broken files and unsupported relocations are refused with
 * their reason.  Also the cpio "newc" reader (kernel/module/initrd.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/errno.h>
#include <coyote/module.h>

#include "ktap.h"

#define BASE	0x00800000u	/* where the core pretends to run */
#define DS1338	"../../modules/ds1338.ko"
#define MODEXP	"../../tests/modules/modexp.ko"

static const char *missing;	/* the resolver pretends not to know it */
static int resolved;

/* Kernel exports at made-up addresses inside the image's range. */
static u32 fake_addr(const char *name)
{
	u32 h = 5381;

	while (*name)
		h = h * 33 + (u8)*name++;
	return 0x00010000u + (h & 0xfffcu);
}

static int fake_resolve(struct load_info *info, const char *name, u32 *value)
{
	if (missing && !strcmp(name, missing))
		return -ENOENT;
	*value = fake_addr(name);
	resolved++;
	return 0;
}

static u32 rd32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static s32 sext(u32 v, int bits)
{
	return (s32)(v << (32 - bits)) >> (32 - bits);
}

/* The whole pipeline; 0 or the first step's error.  @mem is returned. */
static int load(struct load_info *info, const void *file, size_t len, u8 **mem)
{
	int ret;

	memset(info, 0, sizeof(*info));
	info->name = "test.ko";
	info->file = file;
	info->len = len;
	info->resolve = fake_resolve;
	*mem = NULL;
	ret = mod_elf_check(info);
	if (!ret)
		ret = mod_layout(info);
	if (ret)
		return ret;
	*mem = calloc(1, info->core_size);
	mod_place(info, *mem, BASE);
	ret = mod_resolve(info);
	if (!ret)
		ret = mod_relocate(info);
	return ret;
}

struct seen {
	int abs32, rel32, call, jump24, prel31, none, other, bad;
};

/* Decode every relocated place and compare with what the symbol says. */
static void verify(struct load_info *info, struct seen *n)
{
	const Elf32_Ehdr *eh = info->ehdr;

	memset(n, 0, sizeof(*n));
	for (u32 i = 1; i < eh->e_shnum; i++) {
		const Elf32_Shdr *rs = &info->sechdrs[i];
		const Elf32_Rel *rel;
		u32 t;

		if (rs->sh_type != SHT_REL || info->secoff[rs->sh_info] == ~0u)
			continue;
		t = rs->sh_info;
		rel = (const Elf32_Rel *)(const void *)(info->file + rs->sh_offset);
		for (u32 r = 0; r < rs->sh_size / sizeof(*rel); r++) {
			u32 off = rel[r].r_offset, sym = ELF32_R_SYM(rel[r].r_info);
			u32 old = rd32(info->file + info->sechdrs[t].sh_offset + off);
			u32 new = rd32(info->mem + info->secoff[t] + off);
			u32 P = BASE + info->secoff[t] + off;
			const Elf32_Sym *es = &info->syms[sym];
			u32 S;
			bool ok;

			/* The symbol's address, computed here from the tables. */
			if (es->st_shndx == SHN_UNDEF)
				S = sym ? fake_addr(info->strtab + es->st_name) : 0;
			else
				S = BASE + info->secoff[es->st_shndx] + es->st_value;
			switch (ELF32_R_TYPE(rel[r].r_info)) {
			case R_ARM_ABS32:
				n->abs32++;
				ok = new == old + S;
				break;
			case R_ARM_REL32:
				n->rel32++;
				ok = new == old + S - P;
				break;
			case R_ARM_CALL:
			case R_ARM_JUMP24:
				ELF32_R_TYPE(rel[r].r_info) == R_ARM_CALL ? n->call++ : n->jump24++;
				/* The CPU branches to P + 8 + imm24 * 4: the symbol,
				 * plus the addend beyond the usual -8. */
				ok = (new & 0xff000000u) == (old & 0xff000000u) &&
				     P + 8 + (u32)(sext(new & 0xffffff, 24) * 4) ==
				     S + (u32)(sext(old & 0xffffff, 24) * 4) + 8;
				break;
			case R_ARM_PREL31:
				n->prel31++;
				ok = (new & 0x80000000u) == (old & 0x80000000u) &&
				     P + (u32)sext(new, 31) == S + (u32)sext(old, 31);
				break;
			case R_ARM_NONE:	/* a marker; the place may carry another one */
				n->none++;
				ok = true;
				break;
			default:
				n->other++;
				ok = false;
			}
			if (!ok && n->bad++ < 5)
				KUNIT_EXPECT_TRUE_MSG(test, 0, "relocation %u of section %u: type %u at 0x%x: 0x%08x -> 0x%08x, S=0x%08x",
				      r, i, ELF32_R_TYPE(rel[r].r_info), P, old, new, S);
		}
	}
}

static void test_ds1338(void)
{
	size_t len;
	u8 *file = ktap_load(DS1338, &len), *mem;
	struct load_info info;
	struct seen n;
	int init;

	if (!file)
		return;
	resolved = 0;
	KUNIT_EXPECT_EQ_MSG(test, load(&info, file, len, &mem), 0, "ds1338.ko loads: %s", info.err);
	verify(&info, &n);
	KUNIT_EXPECT_EQ_MSG(test, n.bad, 0, "ds1338.ko: every relocation decodes to its symbol");
	KUNIT_EXPECT_TRUE_MSG(test, n.abs32 > 10, "ds1338.ko: %d R_ARM_ABS32 (long calls, pointers)", n.abs32);
	KUNIT_EXPECT_TRUE_MSG(test, resolved >= 10, "ds1338.ko: %d undefined symbols resolved", resolved);
	init = mod_find_symbol(&info, "init_module");
	KUNIT_EXPECT_TRUE_MSG(test, init > 0, "ds1338.ko has init_module");
	if (init > 0)
		KUNIT_EXPECT_TRUE_MSG(test, info.symval[init] >= BASE && info.symval[init] < BASE + info.core_size,
		      "init_module at 0x%08x is inside the core", info.symval[init]);
	KUNIT_EXPECT_TRUE_MSG(test, mod_find_symbol(&info, "cleanup_module") > 0, "ds1338.ko has cleanup_module");
	KUNIT_EXPECT_TRUE_MSG(test, mod_find_section(&info, ".modinfo") > 0, "ds1338.ko has .modinfo");
	mod_info_free(&info);
	free(mem);

	/* Truncated anywhere: refused, never read past the end. */
	{
		int refused = 0;

		for (size_t cut = 0; cut < len; cut++) {
			u8 *copy = malloc(cut ? cut : 1);

			memcpy(copy, file, cut);
			if (load(&info, copy, cut, &mem))
				refused++;
			mod_info_free(&info);
			free(mem);
			free(copy);
		}
		KUNIT_EXPECT_EQ_MSG(test, refused, len, "every truncation of ds1338.ko is refused");
	}

	missing = "rtc_device_register";
	KUNIT_EXPECT_EQ_MSG(test, load(&info, file, len, &mem), -ENOENT, "missing export: ENOENT");
	KUNIT_EXPECT_STREQ_MSG(test, info.err, "unknown symbol rtc_device_register", "names the symbol");
	missing = NULL;
	mod_info_free(&info);
	free(mem);
	free(file);
}

static void test_modexp(void)
{
	size_t len;
	u8 *file = ktap_load(MODEXP, &len), *mem;
	struct load_info info;
	struct seen n;
	int value, rel, twice;

	if (!file)
		return;
	KUNIT_EXPECT_EQ_MSG(test, load(&info, file, len, &mem), 0, "modexp.ko loads: %s", info.err);
	verify(&info, &n);
	KUNIT_EXPECT_EQ_MSG(test, n.bad, 0, "modexp.ko: every relocation decodes to its symbol");
	KUNIT_EXPECT_TRUE_MSG(test, n.call > 0 && n.jump24 > 0 && n.rel32 > 0 && n.prel31 > 0 && n.abs32 > 0,
	      "modexp.ko has CALL %d, JUMP24 %d, REL32 %d, PREL31 %d, ABS32 %d", n.call, n.jump24,
	      n.rel32, n.prel31, n.abs32);
	KUNIT_EXPECT_EQ_MSG(test, n.other, 0, "no relocation type the test does not know");

	/* What the module's code will compute, checked from the symbols. */
	value = mod_find_symbol(&info, "modexp_value");
	rel = mod_find_symbol(&info, "modexp_rel");
	twice = mod_find_symbol(&info, "modexp_twice");
	KUNIT_EXPECT_TRUE_MSG(test, value > 0 && rel > 0 && twice > 0, "modexp symbols found");
	if (value > 0 && rel > 0 && twice > 0) {
		u32 at = info.symval[rel] - BASE, insn;

		KUNIT_EXPECT_EQ_MSG(test, info.symval[rel] + rd32(mem + at), info.symval[value],
			  "modexp_rel + *modexp_rel == modexp_value");
		/* modexp_value's first BL goes to modexp_twice. */
		at = info.symval[value] - BASE;
		for (u32 k = 0; k < 16; k++) {
			insn = rd32(mem + at + 4 * k);
			if ((insn & 0x0f000000u) == 0x0b000000u) {
				KUNIT_EXPECT_EQ_MSG(test, info.symval[value] + 4 * k + 8 + (u32)(sext(insn & 0xffffff, 24) * 4),
					  info.symval[twice], "modexp_value's BL reaches modexp_twice");
				break;
			}
		}
	}
	mod_info_free(&info);
	free(mem);

	/* Header checks, each on a fresh copy. */
	{
		struct { size_t off; u8 val; const char *want; } bad[] = {
			{ 18, 62, "not an ARM ELF relocatable (type 1, machine 62; want 1, 40)" },
			{ 16, 2, "not an ARM ELF relocatable (type 2, machine 40; want 1, 40)" },
			{ 4, 2, "not an ARM ELF relocatable (want 32-bit, little-endian, version 1)" },
			{ 5, 2, "not an ARM ELF relocatable (want 32-bit, little-endian, version 1)" },
			{ 0, 0, "not an ELF file" },
		};
		for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
			u8 *copy = malloc(len);

			memcpy(copy, file, len);
			copy[bad[i].off] = bad[i].val;
			KUNIT_EXPECT_EQ_MSG(test, load(&info, copy, len, &mem), -ENOEXEC, "bad header byte %zu", bad[i].off);
			KUNIT_EXPECT_STREQ_MSG(test, info.err, bad[i].want, "reason for byte %zu", bad[i].off);
			mod_info_free(&info);
			free(mem);
			free(copy);
		}
	}

	/* An unsupported relocation, and one past its section, by editing
	 * the first entry of .rel.text. */
	{
		u8 *copy = malloc(len);
		struct load_info probe = { .file = file, .len = len };
		int s;
		Elf32_Rel *r;

		KUNIT_EXPECT_EQ_MSG(test, mod_elf_check(&probe), 0, "probe");
		s = mod_find_section(&probe, ".rel.text");
		KUNIT_EXPECT_TRUE_MSG(test, s > 0, ".rel.text found");
		if (s > 0) {
			size_t at = probe.sechdrs[s].sh_offset;

			memcpy(copy, file, len);
			r = (Elf32_Rel *)(void *)(copy + at);
			r->r_info = (r->r_info & ~0xffu) | 10;
			KUNIT_EXPECT_EQ_MSG(test, load(&info, copy, len, &mem), -ENOEXEC, "R_ARM_THM_CALL refused");
			KUNIT_EXPECT_TRUE_MSG(test, !strncmp(info.err, "relocation R_ARM_THM_CALL not supported (.text+0x", 49),
			      "named: %s", info.err);
			mod_info_free(&info);
			free(mem);

			memcpy(copy, file, len);
			r->r_info = (r->r_info & ~0xffu) | 200;
			KUNIT_EXPECT_EQ_MSG(test, load(&info, copy, len, &mem), -ENOEXEC, "type 200 refused");
			KUNIT_EXPECT_TRUE_MSG(test, !strncmp(info.err, "relocation type 200 not supported", 33), "%s", info.err);
			mod_info_free(&info);
			free(mem);

			memcpy(copy, file, len);
			r->r_offset = 0x10000000;
			KUNIT_EXPECT_EQ_MSG(test, load(&info, copy, len, &mem), -ENOEXEC, "offset outside section");
			KUNIT_EXPECT_TRUE_MSG(test, strstr(info.err, "offset 0x10000000 outside .text") != NULL, "%s", info.err);
			mod_info_free(&info);
			free(mem);

			memcpy(copy, file, len);
			r->r_info = (0xffffffu << 8) | R_ARM_ABS32;
			KUNIT_EXPECT_EQ_MSG(test, load(&info, copy, len, &mem), -ENOEXEC, "symbol index out of range");
			KUNIT_EXPECT_TRUE_MSG(test, strstr(info.err, "out of range") != NULL, "%s", info.err);
			mod_info_free(&info);
			free(mem);
		}
		mod_info_free(&probe);
		free(copy);
	}
	free(file);
}

/* Exact encodings, worked by hand from the ARM ELF ABI. */
static void test_apply(void)
{
	u8 w[4];
	char err[96];

#define SET(v) (w[0] = (u8)(v), w[1] = (u8)((v) >> 8), w[2] = (u8)((v) >> 16), w[3] = (u8)((v) >> 24))
	SET(0xebfffffeu);	/* bl . (addend -8) */
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(R_ARM_CALL, w, 0x1000, 0x2000, err, sizeof(err)), 0, "CALL");
	KUNIT_EXPECT_EQ_MSG(test, rd32(w), 0xeb0003feu, "bl from 0x1000 to 0x2000");
	SET(0xeafffffeu);
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(R_ARM_JUMP24, w, 0x2000, 0x1000, err, sizeof(err)), 0, "JUMP24");
	KUNIT_EXPECT_EQ_MSG(test, rd32(w), 0xeafffbfeu, "b from 0x2000 back to 0x1000");
	SET(0xebfffffeu);
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(R_ARM_CALL, w, 0x07000000, 0x00010000, err, sizeof(err)), -ERANGE,
		  "CALL beyond 32 MiB");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(err, "beyond +-32 MiB") != NULL, "%s", err);
	KUNIT_EXPECT_EQ_MSG(test, rd32(w), 0xebfffffeu, "left alone when refused");
	SET(0xebfffffeu);
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(R_ARM_CALL, w, 0x1000, 0x2001, err, sizeof(err)), -ENOEXEC,
		  "CALL to Thumb");
	SET(0xebfffffeu);
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(R_ARM_CALL, w, 0x1000, 0x2002, err, sizeof(err)), -ENOEXEC,
		  "CALL to a halfword-aligned target");
	/* The edges of +-32 MiB: the offset (addend -8 included) must be below
	 * 0x2000000 and at least -0x2000000. */
	SET(0xebfffffeu);
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(R_ARM_CALL, w, 0x1000, 0x1000 + 0x2000004, err, sizeof(err)),
		  0, "CALL to the last word in range");
	KUNIT_EXPECT_EQ_MSG(test, rd32(w), 0xeb7fffffu, "largest forward offset");
	SET(0xebfffffeu);
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(R_ARM_CALL, w, 0x1000, 0x1000 + 0x2000008, err, sizeof(err)),
		  -ERANGE, "CALL one word past the range");
	SET(0xebfffffeu);
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(R_ARM_CALL, w, 0x3000000, 0x3000000 - 0x1fffff8, err,
				       sizeof(err)), 0, "CALL to the first word back in range");
	KUNIT_EXPECT_EQ_MSG(test, rd32(w), 0xeb800000u, "largest backward offset");
	SET(0xebfffffeu);
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(R_ARM_CALL, w, 0x3000000, 0x3000000 - 0x1fffffc, err,
				       sizeof(err)), -ERANGE, "CALL one word before the range");
	SET(0x10u);
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(R_ARM_ABS32, w, 0x1000, 0x12345678, err, sizeof(err)), 0, "ABS32");
	KUNIT_EXPECT_EQ_MSG(test, rd32(w), 0x12345688u, "S + A");
	SET(0x4u);
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(R_ARM_REL32, w, 0x1000, 0x3000, err, sizeof(err)), 0, "REL32");
	KUNIT_EXPECT_EQ_MSG(test, rd32(w), 0x2004u, "S + A - P");
	SET(0x80000000u);
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(R_ARM_PREL31, w, 0x3000, 0x1000, err, sizeof(err)), 0, "PREL31");
	KUNIT_EXPECT_EQ_MSG(test, rd32(w), 0xffffe000u, "bit 31 kept, -0x2000 in 31 bits");
	SET(0xe12fff1eu);	/* bx lr */
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(R_ARM_V4BX, w, 0x1000, 0, err, sizeof(err)), 0, "V4BX");
	KUNIT_EXPECT_EQ_MSG(test, rd32(w), 0xe12fff1eu, "BX kept on ARMv5");
	KUNIT_EXPECT_EQ_MSG(test, arm_apply_relocation(43, w, 0x1000, 0, err, sizeof(err)), -ENOEXEC, "MOVW refused");
	KUNIT_EXPECT_STREQ_MSG(test, err, "relocation R_ARM_MOVW_ABS_NC not supported", "named");
#undef SET
}

/* newc entries written by hand: "070701", 13 hex fields, name, data. */
static size_t newc(char *out, const char *name, const char *data, const char *magic)
{
	size_t nlen = strlen(name) + 1, dlen = strlen(data), n;

	n = (size_t)sprintf(out, "%s%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X", magic, 1,
			    0100644, 0, 0, 1, 0, (unsigned)dlen, 0, 0, 0, 0, (unsigned)nlen, 0);
	memcpy(out + n, name, nlen);
	n += nlen;
	while (n % 4)
		out[n++] = 0;
	memcpy(out + n, data, dlen);
	n += dlen;
	while (n % 4)
		out[n++] = 0;
	return n;
}

static void test_cpio(void)
{
	char a[1024], err[96];
	size_t n = 0, pos = 0;
	struct cpio_entry e;

	n += newc(a + n, "lib/x.ko", "hello", "070701");
	n += newc(a + n, "TRAILER!!!", "", "070701");
	KUNIT_EXPECT_EQ_MSG(test, cpio_check(a, n, err, sizeof(err)), 1, "one file and a trailer");
	KUNIT_EXPECT_EQ_MSG(test, cpio_next(a, n, &pos, &e, err, sizeof(err)), 1, "first entry");
	KUNIT_EXPECT_STREQ_MSG(test, e.name, "lib/x.ko", "its name");
	KUNIT_EXPECT_TRUE_MSG(test, e.size == 5 && !memcmp(e.data, "hello", 5), "its data");
	KUNIT_EXPECT_EQ_MSG(test, cpio_check(a, n - 4, err, sizeof(err)), -EINVAL, "trailer cut short");
	KUNIT_EXPECT_EQ_MSG(test, cpio_check(a, 120, err, sizeof(err)), -EINVAL, "data beyond the end");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(err, "lib/x.ko: 5 bytes of data beyond the end") != NULL, "%s", err);
	KUNIT_EXPECT_EQ_MSG(test, cpio_check(a, n - 124, err, sizeof(err)), -EINVAL, "no trailer");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(err, "ends without TRAILER!!!") != NULL, "%s", err);
	a[3] = '8';
	KUNIT_EXPECT_EQ_MSG(test, cpio_check(a, n, err, sizeof(err)), -EINVAL, "bad magic");
	KUNIT_EXPECT_STREQ_MSG(test, err, "offset 0: bad magic (not a newc cpio archive)", "reason");
	a[3] = '7';
	a[20] = 'g';
	KUNIT_EXPECT_EQ_MSG(test, cpio_check(a, n, err, sizeof(err)), -EINVAL, "field not hex");
	a[20] = '0';
	a[110 + 3] = '\0';	/* name shorter than namesize says */
	KUNIT_EXPECT_EQ_MSG(test, cpio_check(a, n, err, sizeof(err)), -EINVAL, "name with an early NUL");
	a[110 + 3] = '/';
	memcpy(a + 6 + 11 * 8, "7FFFFFFF", 8);	/* namesize */
	KUNIT_EXPECT_EQ_MSG(test, cpio_check(a, n, err, sizeof(err)), -EINVAL, "name size out of bounds");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(err, "name size 2147483647 out of bounds") != NULL, "%s", err);
}

/*
 * Random damage to a real module: one to four bytes changed anywhere, many
 * times over.  Each load either succeeds or fails with a reason; none may
 * read outside the file (run under ASan to see that: the fuzz build's
 * flags, or -fsanitize=address by hand).
 */
static void test_mutations(void)
{
	size_t len;
	u8 *file = ktap_load(MODEXP, &len), *copy, *mem;
	struct load_info info;
	u32 seed = 12345;
	int ok = 0, refused = 0, unexplained = 0;

	if (!file)
		return;
	copy = malloc(len);
	for (int round = 0; round < 20000; round++) {
		int n = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 4;
		int ret;

		memcpy(copy, file, len);
		for (int k = 0; k < n; k++) {
			seed = seed * 1103515245u + 12345u;
			size_t at = (seed >> 8) % len;

			seed = seed * 1103515245u + 12345u;
			copy[at] = (u8)(seed >> 16);
		}
		ret = load(&info, copy, len, &mem);
		if (!ret)
			ok++;
		else if (info.err[0])
			refused++;
		else
			unexplained++;
		mod_info_free(&info);
		free(mem);
	}
	KUNIT_EXPECT_EQ_MSG(test, ok + refused, 20000, "20000 damaged copies: %d load, %d refused", ok, refused);
	KUNIT_EXPECT_EQ_MSG(test, unexplained, 0, "every refusal has a reason");
	free(copy);
	free(file);
}

int main(void)
{
	test_apply();
	test_ds1338();
	test_modexp();
	test_cpio();
	test_mutations();
	return ktap_done();
}
