// SPDX-License-Identifier: BSD-2-Clause
/*
 * `selftest module`: the loader on the target, with real relocations.  The
 * test modules (tests/modules/) come from the initrd the self-test boot
 * passes (build/tests/selftest-initrd.cpio); without them the loading cases
 * are skipped.  modexp checks its own relocations in its init (CALL,
 * JUMP24, REL32 and the unwind table's PREL31) and fails to load when one
 * is wrong; moduse links against modexp's export.  The relocation
 * arithmetic is also checked on its own, one case per type.
 */
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <coyote/module.h>
#include <coyote/selftest.h>
#include <coyote/time.h>

#define NO_TEST_MODULES "no test modules in the initrd (boot with build/tests/selftest-initrd.cpio)"

static bool have_test_modules(struct kunit *t)
{
	struct cpio_entry e;

	if (initrd_find(MODULE_DIR "modexp.ko", &e)) {
		selftest_skip(t, NO_TEST_MODULES);
		return false;
	}
	return true;
}

/* An export of a loaded module, by name: its (value, name) pairs. */
static void *module_symbol(struct module *mod, const char *name)
{
	for (int i = 0; i < mod->nr_ksyms; i++) {
		const char *n = (const char *)(uintptr_t)mod->ksyms[2 * i + 1];

		if (!strcmp(n, name))
			return (void *)(uintptr_t)mod->ksyms[2 * i];
	}
	return NULL;
}

/* Leaves nothing loaded: each case starts and ends without test modules. */
static void unload_all(void)
{
	delete_module("moduse");
	delete_module("modexp");
	delete_module("modparam");
}

/* --- with the test modules -------------------------------------------- */

static void initrd_holds_test_modules(struct kunit *t)
{
	struct cpio_entry e;

	if (!have_test_modules(t))
		return;
	KUNIT_EXPECT_EQ(t, initrd_find(MODULE_DIR "moduse.ko", &e), 0);
	KUNIT_EXPECT_TRUE_MSG(t, e.size > 0, "moduse.ko is not empty");
}

static void load_runs_relocation_self_check(struct kunit *t)
{
	struct module *mod;

	if (!have_test_modules(t))
		return;
	/* modexp's init returns -EINVAL when a relocation came out wrong. */
	KUNIT_EXPECT_EQ(t, request_module("modexp"), 0);
	mod = find_module("modexp");
	KUNIT_ASSERT_TRUE_MSG(t, mod, "modexp is loaded");
	KUNIT_EXPECT_EQ(t, mod->state, MODULE_STATE_LIVE);
	unload_all();
}

static void export_resolves_and_runs(struct kunit *t)
{
	int (*value)(int);
	struct module *mod;

	if (!have_test_modules(t))
		return;
	KUNIT_ASSERT_TRUE_MSG(t, request_module("modexp") == 0, "modexp loads");
	mod = find_module("modexp");
	value = mod ? (int (*)(int))module_symbol(mod, "modexp_value") : NULL;
	KUNIT_ASSERT_TRUE_MSG(t, value, "modexp exports modexp_value");
	KUNIT_EXPECT_EQ(t, value(20), 41);
	KUNIT_EXPECT_STREQ(t, module_name_at((const void *)value), "modexp");
	KUNIT_EXPECT_TRUE_MSG(t, !module_name_at((const void *)ktime_get_ns), "kernel code is no module's");
	unload_all();
}

static void dependent_module_links(struct kunit *t)
{
	struct module *exp, *use;

	if (!have_test_modules(t))
		return;
	KUNIT_ASSERT_TRUE_MSG(t, request_module("modexp") == 0, "modexp loads");
	KUNIT_EXPECT_EQ(t, request_module("moduse"), 0);
	exp = find_module("modexp");
	use = find_module("moduse");
	KUNIT_ASSERT_TRUE_MSG(t, exp && use, "both loaded");
	KUNIT_EXPECT_EQ(t, use->nr_uses, 1);
	KUNIT_EXPECT_TRUE_MSG(t, use->uses[0] == exp, "moduse uses modexp");
	KUNIT_EXPECT_EQ(t, exp->refcnt, 1);
	unload_all();
}

static void rmmod_refused_while_used(struct kunit *t)
{
	if (!have_test_modules(t))
		return;
	KUNIT_ASSERT_TRUE_MSG(t, request_module("modexp") == 0 && request_module("moduse") == 0, "loaded");
	kunit_expect_begin(t, "modexp: in use by moduse");
	KUNIT_EXPECT_EQ(t, delete_module("modexp"), -EBUSY);
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, delete_module("moduse"), 0);
	KUNIT_EXPECT_EQ(t, delete_module("modexp"), 0);
	KUNIT_EXPECT_TRUE_MSG(t, !find_module("modexp") && !find_module("moduse"), "both gone");
}

static void unload_gives_heap_back(struct kunit *t)
{
	size_t before = selftest_heap_used();

	if (!have_test_modules(t))
		return;
	KUNIT_ASSERT_TRUE_MSG(t, request_module("modexp") == 0 && request_module("moduse") == 0, "loaded");
	KUNIT_EXPECT_TRUE_MSG(t, selftest_heap_used() > before, "loading took heap");
	unload_all();
	KUNIT_EXPECT_EQ(t, selftest_heap_used(), before);
}

static void unknown_symbol_refused(struct kunit *t)
{
	size_t before = selftest_heap_used();

	if (!have_test_modules(t))
		return;
	kunit_expect_begin(t, "unknown symbol kmem_init");
	KUNIT_EXPECT_EQ(t, request_module("modunexp"), -ENOENT);
	kunit_expect_end(t);
	KUNIT_EXPECT_TRUE_MSG(t, !find_module("modunexp"), "not loaded");
	KUNIT_EXPECT_EQ(t, selftest_heap_used(), before);
}

static void init_failure_unloads(struct kunit *t)
{
	size_t before = selftest_heap_used();
	int ret;

	if (!have_test_modules(t))
		return;
	kunit_expect_begin(t, "modinitfail.ko: init returned");
	ret = request_module("modinitfail");
	kunit_expect_end(t);
	KUNIT_EXPECT_TRUE_MSG(t, ret < 0, "load fails (%d)", ret);
	KUNIT_EXPECT_TRUE_MSG(t, !find_module("modinitfail"), "not loaded");
	KUNIT_EXPECT_EQ(t, selftest_heap_used(), before);
}

/* --- the module notifier ------------------------------------------------ */

/* What the test blocks heard: "coming modexp, live modexp, going modexp ...". */
static char heard[192];

static void hear(const char *fmt, ...) __printf(1, 2);
static void hear(const char *fmt, ...)
{
	size_t n = strlen(heard);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(heard + n, sizeof(heard) - n, fmt, ap);
	va_end(ap);
}

static int st_module_event(struct notifier_block *nb, unsigned long state, void *data)
{
	struct module *mod = data;

	if (state == MODULE_STATE_COMING)
		hear("coming %s, ", mod->name);
	else if (state == MODULE_STATE_LIVE)
		hear("live %s, ", mod->name);
	else	/* still listed, so its memory is still there */
		hear("going %s (%s, %s), ", mod->name, mod->going_why,
		     find_module(mod->name) == mod ? "listed" : "gone");
	return NOTIFY_DONE;
}

/* Higher priority first, whatever the registration order. */
static int st_module_low(struct notifier_block *nb, unsigned long state, void *data)
{
	if (state == MODULE_STATE_GOING)
		hear("low, ");
	return NOTIFY_DONE;
}

static struct notifier_block st_module_nb = { .notifier_call = st_module_event, .priority = 1 };
static struct notifier_block st_low_nb = { .notifier_call = st_module_low, .priority = -1 };

static void notifier_hears_load_and_unload(struct kunit *t)
{
	if (!have_test_modules(t))
		return;
	heard[0] = '\0';
	KUNIT_ASSERT_TRUE_MSG(t, register_module_notifier(&st_low_nb) == 0, "low registered");
	KUNIT_EXPECT_EQ(t, register_module_notifier(&st_module_nb), 0);
	KUNIT_EXPECT_EQ(t, register_module_notifier(&st_module_nb), -EEXIST);
	KUNIT_EXPECT_EQ(t, request_module("modexp"), 0);
	KUNIT_EXPECT_EQ(t, delete_module("modexp"), 0);
	KUNIT_EXPECT_STREQ(t, heard, "coming modexp, live modexp, going modexp (exit, listed), low, ");
	heard[0] = '\0';
	kunit_expect_begin(t, "modinitfail.ko: init returned");
	KUNIT_EXPECT_TRUE_MSG(t, request_module("modinitfail") < 0, "modinitfail fails");
	kunit_expect_end(t);
	KUNIT_EXPECT_STREQ(t, heard, "coming modinitfail, going modinitfail (failed init, listed), low, ");
	/* Unregistered: heard no more. */
	KUNIT_EXPECT_EQ(t, unregister_module_notifier(&st_module_nb), 0);
	KUNIT_EXPECT_EQ(t, unregister_module_notifier(&st_module_nb), -ENOENT);
	KUNIT_EXPECT_EQ(t, unregister_module_notifier(&st_low_nb), 0);
	heard[0] = '\0';
	KUNIT_EXPECT_EQ(t, request_module("modexp"), 0);
	KUNIT_EXPECT_EQ(t, delete_module("modexp"), 0);
	KUNIT_EXPECT_STREQ(t, heard, "");
}

static void params_set(struct kunit *t)
{
	struct module *mod;

	if (!have_test_modules(t))
		return;
	KUNIT_EXPECT_EQ(t, request_module_args("modparam", "count=3 who=coyote loud"), 0);
	mod = find_module("modparam");
	KUNIT_ASSERT_TRUE_MSG(t, mod, "modparam loaded");
	KUNIT_EXPECT_EQ(t, mod->nr_params, 4);
	KUNIT_EXPECT_TRUE_MSG(t, mod->args && mod->args[0], "its arguments are kept");
	unload_all();
}

static void bad_params_refused(struct kunit *t)
{
	size_t before = selftest_heap_used();

	if (!have_test_modules(t))
		return;
	kunit_expect_begin(t, "nosuch");
	KUNIT_EXPECT_EQ(t, request_module_args("modparam", "nosuch=1"), -ENOENT);
	kunit_expect_end(t);
	kunit_expect_begin(t, "count");
	KUNIT_EXPECT_EQ(t, request_module_args("modparam", "count=abc"), -EINVAL);
	kunit_expect_end(t);
	KUNIT_EXPECT_TRUE_MSG(t, !find_module("modparam"), "not loaded");
	KUNIT_EXPECT_EQ(t, selftest_heap_used(), before);
}

static void already_loaded(struct kunit *t)
{
	if (!have_test_modules(t))
		return;
	KUNIT_ASSERT_TRUE_MSG(t, request_module("modexp") == 0, "modexp loads");
	kunit_expect_begin(t, "modexp.ko: already loaded");
	KUNIT_EXPECT_EQ(t, request_module("modexp"), -EEXIST);
	kunit_expect_end(t);
	unload_all();
}

/* --- without any module ----------------------------------------------- */

static void missing_module(struct kunit *t)
{
	kunit_expect_begin(t, "no lib/modules/nosuch.ko in the initrd");
	KUNIT_EXPECT_EQ(t, request_module("nosuch"), -ENOENT);
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, delete_module("nosuch"), -ENOENT);
	KUNIT_EXPECT_TRUE_MSG(t, !find_module("nosuch"), "not loaded");
}

static void garbage_refused(struct kunit *t)
{
	static const char junk[64] = "\177ELF but not really";
	size_t before = selftest_heap_used();

	kunit_expect_begin(t, "junk.ko: not an ARM ELF");
	KUNIT_EXPECT_EQ(t, load_module("junk", junk, sizeof(junk), NULL), -ENOEXEC);
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, selftest_heap_used(), before);
}

static void kernel_exports_found(struct kunit *t)
{
	const struct kernel_symbol *ks = find_kernel_symbol("ktime_get_ns");

	KUNIT_ASSERT_TRUE_MSG(t, ks, "ktime_get_ns is exported");
	KUNIT_EXPECT_TRUE_MSG(t, ks->value == (unsigned long)ktime_get_ns, "its address");
	KUNIT_EXPECT_TRUE_MSG(t, !find_kernel_symbol("kmem_init"), "an unexported function is not found");
}

/* --- the relocation arithmetic, one type at a time -------------------- */

struct reloc_case {
	const char *name;
	u32 type, insn, P, S;
	int ret;
	u32 want;
};

#define BL	0xeb000000u	/* BL +0 (always) */
#define BNE	0x1a000000u	/* BNE +0 */

static const struct reloc_case reloc_cases[] = {
	{ "abs32_adds_addend", R_ARM_ABS32, 0x10, 0x8000, 0x20000, 0, 0x20010 },
	{ "rel32_place_relative", R_ARM_REL32, 0x4, 0x8000, 0x9000, 0, 0x1004 },
	{ "call_forward", R_ARM_CALL, BL | 0xfffffe, 0x8000, 0x9000, 0, BL | 0x3fe },
	{ "call_backward", R_ARM_CALL, BL | 0xfffffe, 0x9000, 0x8000, 0, BL | 0xfffbfe },
	{ "jump24_keeps_condition", R_ARM_JUMP24, BNE | 0xfffffe, 0x8000, 0x8100, 0,
	  BNE | 0x3e },
	{ "call_out_of_reach_erange", R_ARM_CALL, BL | 0xfffffe, 0x8000, 0x6000000, -ERANGE, 0 },
	{ "call_thumb_target_enoexec", R_ARM_CALL, BL | 0xfffffe, 0x8000, 0x9001, -ENOEXEC, 0 },
	{ "prel31_offset", R_ARM_PREL31, 0x0, 0x8000, 0x8400, 0, 0x400 },
	{ "prel31_keeps_top_bit", R_ARM_PREL31, 0x80000000u, 0x8400, 0x8000, 0,
	  0x80000000u | 0x7ffffc00u },
	{ "unsupported_type_enoexec", 10 /* R_ARM_THM_CALL */, 0, 0x8000, 0x9000, -ENOEXEC, 0 },
};

static const char *reloc_case_name(unsigned int i)
{
	return reloc_cases[i].name;
}

static void relocation_types(struct kunit *t)
{
	const struct reloc_case *c = &reloc_cases[t->param];
	u8 word[4] = { (u8)c->insn, (u8)(c->insn >> 8), (u8)(c->insn >> 16), (u8)(c->insn >> 24) };
	char err[96] = "";
	u32 got;

	KUNIT_EXPECT_EQ(t, arm_apply_relocation(c->type, word, c->P, c->S, err, sizeof(err)), c->ret);
	if (c->ret) {
		KUNIT_EXPECT_TRUE_MSG(t, err[0], "the error says why");
		return;
	}
	got = (u32)word[0] | (u32)word[1] << 8 | (u32)word[2] << 16 | (u32)word[3] << 24;
	KUNIT_EXPECT_EQ(t, got, c->want);
}

static const struct selftest_case module_cases[] = {
	/* First: a wrong relocation may crash the loading cases. */
	SELFTEST_PARAM_CASE(relocation_types, ARRAY_SIZE(reloc_cases), reloc_case_name),
	SELFTEST_CASE(initrd_holds_test_modules),
	SELFTEST_CASE(load_runs_relocation_self_check),
	SELFTEST_CASE(export_resolves_and_runs),
	SELFTEST_CASE(dependent_module_links),
	SELFTEST_CASE(rmmod_refused_while_used),
	SELFTEST_CASE(unload_gives_heap_back),
	SELFTEST_CASE(unknown_symbol_refused),
	SELFTEST_CASE(init_failure_unloads),
	SELFTEST_CASE(notifier_hears_load_and_unload),
	SELFTEST_CASE(params_set),
	SELFTEST_CASE(bad_params_refused),
	SELFTEST_CASE(already_loaded),
	SELFTEST_CASE(missing_module),
	SELFTEST_CASE(garbage_refused),
	SELFTEST_CASE(kernel_exports_found),
	{ }
};
SELFTEST_SUITE(module, module_cases, NULL, NULL);
