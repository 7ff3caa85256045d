// SPDX-License-Identifier: BSD-2-Clause
/*
 * `selftest bcm2836`: releasing a core through its mailbox 3 (the
 * brcm,bcm2836-smp method).  The mailbox is set by OR, so a release must
 * never write over a value the core has not taken yet (the park address
 * the probe gave it, on a busy host): the two would make an address that
 * is neither.  An online core no longer looks at its mailbox 3 (its
 * interrupt is off once the core has started), so the cases plant values
 * in another online core's mailbox and read them back, and empty it
 * again.  Runs on a Raspberry Pi 2 with every core online; skipped
 * elsewhere.
 */
#include <linux/errno.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/smp.h>
#include <linux/irqchip/irq-bcm2836.h>
#include <asm/cputype.h>
#include <asm/io.h>
#include <coyote/selftest.h>

#define PLANTED		0x00c0ffeeu	/* a value nobody jumps to: only read back */
#define ENTRY		0x00010000u	/* a bit PLANTED has not */

static void __iomem *regs;
static const char *no_regs;	/* why regs is NULL */
static unsigned int core;	/* another core, online */

static int bcm2836_suite_init(struct kunit *t)
{
	struct device_node *np = of_find_compatible_node(NULL, NULL, "brcm,bcm2836-l1-intc");
	struct resource res;
	int ret;

	regs = NULL;
	no_regs = "no brcm,bcm2836-l1-intc in the tree";
	if (!np)
		return 0;
	ret = of_address_to_resource(np, 0, &res);
	of_node_put(np);
	no_regs = "the local controller's reg does not translate";
	if (ret)
		return 0;
	regs = ioremap(res.start, (size_t)resource_size(&res));
	no_regs = "the local controller's registers cannot be mapped";
	core = ((read_cpuid_mpidr() & 3) + 1) % LOCAL_NR_CORES;
	return 0;
}

static void bcm2836_suite_exit(struct kunit *t)
{
	if (regs)
		iounmap(regs);
}

static bool need_all_online(struct kunit *t)
{
	if (!regs) {
		selftest_skip(t, no_regs);
		return false;
	}
	if (num_online_cpus() != LOCAL_NR_CORES) {
		selftest_skip(t, "not every core online: a parked core would take what is planted");
		return false;
	}
	return true;
}

/*
 * The other core released to ENTRY with @planted in its mailbox 3 (0:
 * none): what the release returned, and in @held what the mailbox held
 * after it (emptied again).
 */
static int release_over(u32 planted, u32 *held)
{
	char __iomem *set = (char __iomem *)regs + LOCAL_MAILBOX3_SET0 + 16 * core;
	char __iomem *clr = (char __iomem *)regs + LOCAL_MAILBOX3_CLR0 + 16 * core;
	int ret;

	writel(~0u, clr);
	if (planted)
		writel(planted, set);
	ret = bcm2836_smp_boot_secondary(core, ENTRY);
	*held = readl(clr);
	writel(~0u, clr);
	return ret;
}

static void release_writes_an_empty_mailbox(struct kunit *t)
{
	u32 held;

	if (!need_all_online(t))
		return;
	KUNIT_EXPECT_EQ(t, release_over(0, &held), 0);
	KUNIT_EXPECT_EQ(t, held, ENTRY);
}

static void release_never_writes_over_an_untaken_value(struct kunit *t)
{
	u32 held;
	int ret;

	if (!need_all_online(t))
		return;
	ret = release_over(PLANTED, &held);
	selftest_diag(t, "core %u: mailbox 3 held 0x%08x after the release", core, held);
	KUNIT_EXPECT_EQ(t, ret, -EBUSY);
	KUNIT_EXPECT_EQ(t, held, PLANTED);
}

static const struct selftest_case bcm2836_cases[] = {
	SELFTEST_CASE(release_writes_an_empty_mailbox),
	SELFTEST_CASE(release_never_writes_over_an_untaken_value),
	{ }
};
SELFTEST_SUITE(bcm2836, bcm2836_cases, bcm2836_suite_init, bcm2836_suite_exit);
