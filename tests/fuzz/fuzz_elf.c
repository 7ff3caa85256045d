// SPDX-License-Identifier: BSD-2-Clause
/*
 * libFuzzer harness for the module loader's ELF half (kernel/module/elf.c):
 * everything a .ko from the initrd or a disk goes through before a byte of
 * it runs.  The checker, the layout, the copy into a core of exactly
 * core_size bytes, symbol resolution against a made-up export table and
 * every relocation; then the lookups link_module() makes (.modinfo,
 * init_module) and modinfo_get() over a terminated .modinfo.
 *
 * The file is copied into a buffer of exactly its size (4-aligned, as the
 * loader wants it) so ASan sees any read past its end; the core likewise.
 * Beyond memory errors and undefined behaviour the harness checks what the
 * loader promises: the file is never written (it may be the initrd, which
 * the next load needs intact), a refusal always says why, and a core never
 * grows past the 16 MiB the layout allows.
 *
 * Build and run: `make fuzz FUZZ_ONLY=fuzz_elf FUZZ_TIME=60`.  Replaying
 * saved inputs: build/fuzz/fuzz_elf FILE...
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/errno.h>
#include <coyote/module.h>

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

static void invariant_failed(const char *what, const char *err)
{
	fprintf(stderr, "fuzz_elf: invariant broken: %s (%s)\n", what, err);
	abort();
}

/* Exports at made-up addresses; one name in eight is unknown, so the weak
 * and the "unknown symbol" paths run too. */
static int fake_resolve(struct load_info *info, const char *name, u32 *value)
{
	u32 h = 5381;

	while (*name)
		h = h * 33 + (u8)*name++;
	if (h % 8 == 0)
		return -ENOENT;
	*value = 0x00010000u + (h & 0xfffcu);
	return 0;
}

/* The core as the kernel would run it, at @base. */
static void load(struct load_info *info, u32 base)
{
	u8 *mem;
	int ret, i;

	ret = mod_layout(info);
	if (ret) {
		if (!info->err[0])
			invariant_failed("mod_layout refused without a reason", "");
		return;
	}
	if (info->core_size > (1u << 24) + (1u << 16) || info->core_align & (info->core_align - 1))
		invariant_failed("layout out of bounds", info->name);
	mem = malloc(info->core_size ? info->core_size : 1);
	if (!mem)
		return;
	mod_place(info, mem, base);
	ret = mod_resolve(info);
	if (!ret)
		ret = mod_relocate(info);
	if (ret && !info->err[0])
		invariant_failed("resolve/relocate refused without a reason", "");
	if (!ret) {
		i = mod_find_section(info, ".modinfo");
		if (i > 0 && info->secoff[i] != ~0u) {
			const char *mi = (const char *)mem + info->secoff[i];
			u32 n = info->sechdrs[i].sh_size;

			/* link_module() refuses an unterminated one first. */
			if (n && !mi[n - 1]) {
				for (int k = 0; k < 4; k++) {
					const char *v = modinfo_get(mi, n, "alias", k);

					if (v)
						(void)strlen(v);
				}
				modinfo_get(mi, n, "license", 0);
			}
		}
		mod_find_symbol(info, "init_module");
		mod_find_symbol(info, "cleanup_module");
	}
	free(mem);
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct load_info info;
	u8 *file;
	int ret;

	file = malloc(size ? size : 1);
	if (!file)
		return 0;
	memcpy(file, data, size);
	memset(&info, 0, sizeof(info));
	info.name = "fuzz.ko";
	info.file = file;
	info.len = size;
	info.resolve = fake_resolve;
	ret = mod_elf_check(&info);
	if (ret && !info.err[0])
		invariant_failed("mod_elf_check refused without a reason", "");
	if (!ret) {
		/* Low in RAM, and near the top of the address space (branch
		 * and PREL31 ranges wrap there). */
		load(&info, 0x00800000u);
		load(&info, 0xfff00000u);
	}
	mod_info_free(&info);
	if (memcmp(file, data, size))
		invariant_failed("the loader wrote into the file", "");
	free(file);
	return 0;
}
