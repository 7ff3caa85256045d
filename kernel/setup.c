// SPDX-License-Identifier: BSD-2-Clause
/*
 * The early boot steps that work on the flat blob, before and while the
 * heap comes up: choose the blob (r2 or the built-in one), start the early
 * console from it, find RAM, reserve what is taken, start the heap.
 */
/* Lines name their own subsystem: "fdt: ", "mem: ", "heap: ". */
#define pr_fmt(fmt) fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/printk.h>
#include <linux/serial_core.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <coyote/console.h>
#include <coyote/memory.h>
#include <coyote/setup.h>
#include <coyote/shell.h>
#include <asm/semihosting.h>

/* Blobs larger than this are refused: QEMU's are about 2 x (file + 10000). */
#define MAX_BOOT_FDT_SIZE	(4u << 20)
/* Exception vectors live in the first page (ARM926 low vectors). */
#define VECTORS_PAGE_SIZE	4096u

const void *initial_boot_params;
bool fdt_is_builtin;
phys_addr_t phys_initrd_start;
unsigned long phys_initrd_size;
u32 __machine_arch_type;

static u32 boot_r0, boot_r2;
static char reject_why[160];		/* why the r2 blob was not used */
static char console_why[240];		/* why the earlier console sources gave none */
static bool console_from_builtin;

static bool ranges_overlap(uintptr_t a, size_t alen, uintptr_t b, size_t blen)
{
	return a < b + blen && b < a + alen;
}

/* 0 when the blob at @addr is usable; else a reason in reject_why. */
static int check_r2_blob(u32 addr)
{
	const void *blob = (const void *)(uintptr_t)addr;
	int ret;

	if (!addr) {
		strscpy(reject_why, "r2 is 0 (no blob passed)", sizeof(reject_why));
		return -EINVAL;
	}
	if (addr & 3) {
		scnprintf(reject_why, sizeof(reject_why), "address not 4-byte aligned");
		return -EINVAL;
	}
	if (ranges_overlap(addr, 40, (uintptr_t)_text, _end - _text)) {
		strscpy(reject_why, "it overlaps the kernel image", sizeof(reject_why));
		return -EINVAL;
	}
	ret = of_fdt_check(blob, MAX_BOOT_FDT_SIZE, reject_why, sizeof(reject_why));
	if (ret)
		return ret;
	if (ranges_overlap(addr, of_fdt_totalsize(blob), (uintptr_t)_text, _end - _text)) {
		strscpy(reject_why, "it overlaps the kernel image", sizeof(reject_why));
		return -EINVAL;
	}
	return 0;
}

/**
 * cmdline_find_option() - the value of "@option=value" or a bare "@option"
 * in the bootargs, copied to @buf ("" for a bare option)
 * Return: the value's length (it may have been truncated to @bufsize - 1),
 * or -ENOENT when the option is not there.  The last occurrence wins, as in
 * Linux.
 */
int cmdline_find_option(const char *option, char *buf, int bufsize)
{
	const char *p = boot_command_line(), *found = NULL;
	size_t olen = strlen(option);
	int len = 0;

	while (*p) {
		const char *word = p;

		while (*p && *p != ' ')
			p++;
		if ((size_t)(p - word) >= olen && !strncmp(word, option, olen) &&
		    (word[olen] == '=' || word + olen == p)) {
			found = word[olen] == '=' ? word + olen + 1 : word + olen;
			len = p - found;
		}
		while (*p == ' ')
			p++;
	}
	if (!found)
		return -ENOENT;
	if (bufsize > 0) {
		int n = len < bufsize - 1 ? len : bufsize - 1;

		memcpy(buf, found, n);
		buf[n] = '\0';
	}
	return len;
}

/* "loglevel=N" (0..8) and "quiet" (4): what reaches the console. */
static void setup_loglevel(void)
{
	char val[4];

	if (cmdline_find_option("quiet", val, sizeof(val)) == 0)
		console_loglevel = 4;
	if (cmdline_find_option("loglevel", val, sizeof(val)) == 1 && val[0] >= '0' &&
	    val[0] <= '8')
		console_loglevel = val[0] - '0';
}

/*
 * Step 1: the blob.  Nothing can be printed yet (the console comes from
 * the blob), so reasons are kept and reported by report_boot_fdt().
 */
void setup_boot_fdt(u32 r0, u32 machid, u32 fdt_phys)
{
	boot_r0 = r0;
	boot_r2 = fdt_phys;
	__machine_arch_type = machid;
	if (check_r2_blob(fdt_phys) == 0) {
		initial_boot_params = (const void *)(uintptr_t)fdt_phys;
	} else {
		initial_boot_params = __builtin_dtb_start;
		fdt_is_builtin = true;
	}
	setup_loglevel();
	panic_setup();
}

/* Room after what console_why holds so far, "; " appended when not empty. */
static char *why_next(size_t *room)
{
	size_t n = strlen(console_why);

	if (n && n + 3 < sizeof(console_why)) {
		memcpy(console_why + n, "; ", 3);
		n += 2;
	}
	*room = sizeof(console_why) - n;
	return console_why + n;
}

/*
 * Step 2: the early console, tried in Linux's order of preference:
 * /chosen/stdout-path, console= in the bootargs (ttyAMA<n> = alias
 * serial<n>), the serial0 alias, then the first enabled UART with an early
 * console driver that answers its ID check; only then the built-in blob's
 * stdout-path (whose UART must answer too: it may not exist on this
 * board).  With none there is nobody to tell: leave QEMU with a non-zero
 * status through semihosting (when QEMU runs with -semihosting) rather
 * than hang in silence.
 */
void setup_console(void)
{
	const void *fdt = initial_boot_params;
	char console[32], *why;
	size_t room;

	if (early_init_dt_scan_stdout(fdt, console_why, sizeof(console_why)) == 0)
		return;
	if (cmdline_find_option("console", console, sizeof(console)) > 0) {
		why = why_next(&room);
		if (earlycon_from_cmdline(fdt, console, why, room) == 0)
			return;
	}
	why = why_next(&room);
	if (earlycon_from_alias(fdt, "serial0", why, room) == 0)
		return;
	why = why_next(&room);
	if (earlycon_first_uart(fdt, why, room) == 0)
		return;
	if (!fdt_is_builtin && early_init_dt_scan_stdout(__builtin_dtb_start, NULL, 0) == 0) {
		console_from_builtin = true;
		return;
	}
	semihosting_exit(1);	/* returns only when QEMU has no -semihosting */
}

static const char *root_string(const char *name)
{
	int len;
	const char *s = of_fdt_getprop(initial_boot_params, 0, name, &len);

	return (s && len > 0 && !s[len - 1]) ? s : "(none)";
}

/* Step 3: say which blob we run on, and why when it is not r2's. */
void report_boot_fdt(void)
{
	const void *fdt = initial_boot_params;

	if (boot_r0 != 0)
		pr_warn("boot: r0 is 0x%x, expected 0 (boot protocol)\n", boot_r0);
	if (fdt_is_builtin) {
		pr_warn("fdt: blob at 0x%08x rejected: %s; using built-in DTB (%u bytes)\n", boot_r2,
			reject_why, of_fdt_totalsize(fdt));
	} else {
		pr_info("fdt: blob at 0x%08x: %u bytes, version %u, valid\n", boot_r2,
			of_fdt_totalsize(fdt), get_unaligned_be32((const u8 *)fdt + 20));
	}
	if (console_from_builtin) {
		pr_warn("fdt: no console from this blob (%s); console from the built-in DTB\n",
			console_why);
	} else if (console_why[0]) {
		size_t n = strlen(console_why);

		if (n >= 2 && !strcmp(console_why + n - 2, "; "))
			console_why[n - 2] = '\0';
		pr_info("console: %s (%s)\n", earlycon_description(), console_why);
	}
	pr_info("fdt: machine: %s (compatible \"%s\"), machine id 0x%x\n", root_string("model"),
		root_string("compatible"), __machine_arch_type);
}

/* Step 4: RAM from every node whose device_type is "memory". */
void early_init_dt_scan_memory(void)
{
	const void *fdt = initial_boot_params;
	int node = -1, depth = 0, found = 0;

	while ((node = of_fdt_next_node(fdt, node, &depth)) >= 0) {
		const char *type = of_fdt_getprop(fdt, node, "device_type", NULL);
		u64 base, size;

		if (depth != 1 || !type || strcmp(type, "memory"))
			continue;
		if (!of_fdt_device_is_available(fdt, node))
			continue;
		for (int i = 0; of_fdt_translate_reg(fdt, node, i, &base, &size) == 0; i++) {
			char sz[24];

			if (mem_add_ram(base, size, of_fdt_get_name(fdt, node, NULL)))
				continue;
			pr_info("mem: RAM 0x%08llx-0x%08llx (%s) from /%s\n", base,
				base + size - 1, mem_size_str(sz, sizeof(sz), size),
				of_fdt_get_name(fdt, node, NULL));
			found++;
		}
	}
	if (!found)
		panic("no RAM: the blob has no usable /memory node (device_type = \"memory\" with reg)");
}

static void log_reserved(phys_addr_t base, phys_addr_t size, const char *what)
{
	char sz[24];

	pr_info("mem: reserved 0x%08llx-0x%08llx (%s) %s\n", base, base + size - 1,
		mem_size_str(sz, sizeof(sz), size), what);
}

static void reserve(phys_addr_t base, phys_addr_t size, const char *what)
{
	if (mem_reserve(base, size, what) == 0)
		log_reserved(base, size, what);
}

/* A /memreserve/ entry that would leave no RAM is ignored, loudly: a
 * kernel with a heap can say what is wrong, one that panics cannot. */
static void reserve_optional(phys_addr_t base, phys_addr_t size, const char *what)
{
	char sz[24];
	int ret = mem_reserve_optional(base, size, what);

	if (ret == -EBUSY)
		pr_err("mem: %s 0x%08llx-0x%08llx (%s) would leave no free RAM; ignored\n", what,
		       base, base + size - 1, mem_size_str(sz, sizeof(sz), size));
	else if (ret == 0 && size)
		log_reserved(base, size, what);
}

static void find_initrd(const void *fdt)
{
	int chosen = of_fdt_path_offset(fdt, "/chosen");
	const void *s, *e;
	int slen, elen;
	u64 start, end;

	if (chosen < 0)
		return;
	s = of_fdt_getprop(fdt, chosen, "linux,initrd-start", &slen);
	e = of_fdt_getprop(fdt, chosen, "linux,initrd-end", &elen);
	if (!s && !e)
		return;
	if (!s || !e || (slen != 4 && slen != 8) || (elen != 4 && elen != 8)) {
		pr_err("fdt: /chosen: linux,initrd-start/-end missing or not 1 or 2 cells; initrd ignored\n");
		return;
	}
	/* Values in a checked blob are 4-byte aligned. */
	start = of_read_number(s, slen / 4);
	end = of_read_number(e, elen / 4);
	if (end <= start || end > 0x100000000ull) {
		pr_err("fdt: /chosen: initrd 0x%llx-0x%llx is empty or out of range; ignored\n", start, end);
		return;
	}
	phys_initrd_start = start;
	phys_initrd_size = end - start;
}

/* ARM boot tags (Documentation/arch/arm/booting.rst), for the initrd. */
#define ATAG_NONE	0x00000000
#define ATAG_CORE	0x54410001
#define ATAG_INITRD2	0x54420005
#define ATAG_MAX_TAGS	64

static bool in_ram(phys_addr_t addr, phys_addr_t len)
{
	for (int i = 0; i < mem_map.nr_ram; i++) {
		const struct mem_region *r = &mem_map.ram[i];

		if (addr >= r->base && addr + len <= r->base + r->size)
			return true;
	}
	return false;
}

/*
 * Without a usable blob, r2 may hold a boot-tag list instead (QEMU passes
 * one without -dtb): its ATAG_INITRD2 says where -initrd put the archive.
 * Every tag is checked to lie in RAM before it is read.
 */
static void find_initrd_atags(u32 addr)
{
	const u32 *tag = (const u32 *)(uintptr_t)addr;

	if (!addr || (addr & 3) || !in_ram(addr, 8) || tag[1] != ATAG_CORE) {
		if (addr && !(addr & 3) && in_ram(addr, 4) &&
		    get_unaligned_be32((const void *)(uintptr_t)addr) == OF_DT_HEADER)
			pr_warn("fdt: the rejected blob's /chosen is not read: an initrd it "
				"names is not used\n");
		return;
	}
	for (int n = 0; n < ATAG_MAX_TAGS; n++) {
		/* Header in RAM, then the whole tag (and the next header). */
		if (!in_ram((uintptr_t)tag, 8) || tag[1] == ATAG_NONE || tag[0] < 2 ||
		    !in_ram((uintptr_t)tag, (u64)tag[0] * 4 + 8))
			break;
		if (tag[1] == ATAG_INITRD2 && tag[0] >= 4 && tag[3] &&
		    (u64)tag[2] + tag[3] <= (1ull << 32)) {
			phys_initrd_start = tag[2];
			phys_initrd_size = tag[3];
			pr_info("fdt: initrd 0x%08x-0x%08x from the boot tags at 0x%08x\n", tag[2],
				tag[2] + tag[3] - 1, addr);
			return;
		}
		tag += tag[0];
	}
}

/*
 * Why the initrd /chosen (or a boot tag) names cannot be used, or NULL.
 * It is read where it lies, so it must be RAM the kernel does not hold:
 * not page 0 (unmapped once the MMU is on), not a device window or a
 * hole, not the vectors, the image or the blob.
 */
static const char *initrd_unusable(phys_addr_t start, phys_addr_t size, char *buf, size_t len)
{
	if (start < VECTORS_PAGE_SIZE)
		return "it lies on page 0";
	if (!in_ram(start, size))
		return "it is not in RAM (a device window or nothing)";
	for (int i = 0; i < mem_map.nr_reserved; i++) {
		const struct mem_region *r = &mem_map.reserved[i];

		if (start < r->base + r->size && r->base < start + size) {
			snprintf(buf, len, "it overlaps the %s at 0x%08llx-0x%08llx", r->what,
				 r->base, r->base + r->size - 1);
			return buf;
		}
	}
	return NULL;
}

/* Step 5: everything the heap must not hand out. */
void reserve_boot_memory(void)
{
	const void *fdt = initial_boot_params;
	u64 base, size;

	if (vectors_base == 0)
		reserve(0, VECTORS_PAGE_SIZE, "exception vectors");
	reserve((uintptr_t)_text, _end - _text, "kernel image");
	if (!fdt_is_builtin)
		reserve((uintptr_t)fdt, of_fdt_totalsize(fdt), "device tree blob");
	if (fdt_is_builtin)
		find_initrd_atags(boot_r2);	/* the built-in blob names no initrd */
	else
		find_initrd(fdt);
	if (phys_initrd_size) {
		char buf[96];
		const char *why = initrd_unusable(phys_initrd_start, phys_initrd_size, buf,
						  sizeof(buf));

		if (why) {
			pr_err("initrd 0x%08llx-0x%08llx refused: %s; booting without it\n",
			       (u64)phys_initrd_start, (u64)phys_initrd_start + phys_initrd_size - 1,
			       why);
			phys_initrd_start = 0;
			phys_initrd_size = 0;
		} else {
			reserve(phys_initrd_start, phys_initrd_size, "initrd");
		}
	}
	for (int i = 0; of_fdt_get_mem_rsv(fdt, i, &base, &size) == 0; i++)
		reserve_optional(base, size, "/memreserve/");
}

static void add_free(phys_addr_t base, phys_addr_t size)
{
	kmem_add_region(base, size);
}

/* Step 6: the heap over RAM minus the reserved ranges. */
void kmem_init(void)
{
	struct heap_stats st;
	char a[24], b[24];
	int n = mem_for_each_free(add_free);
	char val[4];

	kmem_get_stats(&st);
	if (!st.total)
		panic("no free RAM for the heap");
	pr_info("heap: %s free in %d range%s (largest %s)\n", mem_size_str(a, sizeof(a), st.total),
		n, n == 1 ? "" : "s", mem_size_str(b, sizeof(b), st.largest_free));
	/* "slub_debug" as in Linux; "slub_debug=-" leaves it off. */
	if (cmdline_find_option("slub_debug", val, sizeof(val)) >= 0 && strcmp(val, "-") &&
	    !kmem_debug_enable())
		pr_info("heap: debug on (slub_debug): freed memory poisoned and checked on reuse, red zones checked on free\n");
}

const char *boot_command_line(void)
{
	const char *s = NULL;

	/* Live tree once it exists; the flat blob before that. */
	if (of_chosen) {
		of_property_read_string(of_chosen, "bootargs", &s);
	} else {
		int len, chosen = of_fdt_path_offset(initial_boot_params, "/chosen");

		if (chosen >= 0)
			s = of_fdt_getprop(initial_boot_params, chosen, "bootargs", &len);
		if (s && (len < 1 || s[len - 1]))
			s = NULL;
	}
	return s ? s : "";
}

static int cmd_bootargs(int argc, char **argv)
{
	printf("%s\n", boot_command_line());
	return 0;
}
SHELL_COMMAND(bootargs, cmd_bootargs, "bootargs", "the kernel command line from /chosen",
	      .topic = TOPIC_SYSTEM,
	      .example = "bootargs");

/* Step 7: the live tree.  The blob stays reserved: the tree points into it. */
void unflatten_device_tree(void)
{
	const void *fdt = initial_boot_params;
	struct of_fdt_stats st;
	char why[128];
	int ret;

	ret = of_fdt_unflatten(fdt, of_fdt_totalsize(fdt), why, sizeof(why));
	if (ret)
		panic("of: cannot unflatten the blob: %s (%s)", why, errname(ret));
	of_fdt_get_stats(&st);
	pr_info("of: unflattened %u nodes, %u properties into %zu bytes\n", st.nodes,
		st.properties, st.tree_bytes);
	pr_info("of: %u phandles, %u aliases; /chosen %s, bootargs \"%s\"\n", st.phandles,
		st.aliases, of_chosen ? "found" : "missing", boot_command_line());
}
