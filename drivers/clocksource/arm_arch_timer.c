// SPDX-License-Identifier: BSD-2-Clause
/*
 * ARM architected timer ("generic timer") of ARMv7 CPUs with it (Cortex-A15,
 * Cortex-A7; ID_PFR1 says): a 64-bit system counter that runs at a fixed
 * rate whatever the CPU does, and in each CPU comparators that raise a PPI
 * once the counter reaches their compare value.  It is reached through
 * CP15, not memory, so its node (`arm,armv7-timer`) has no `reg`, only four
 * interrupts, in the binding's order: secure physical, non-secure
 * physical, virtual, hypervisor.
 *
 * Which comparator drives the tick is Linux's choice: the virtual timer
 * when the kernel was not entered in HYP mode (the hypervisor, if any, is
 * someone else's and may offset the virtual counter: fine for us, we only
 * measure intervals), the physical one otherwise, whose interrupt is the
 * secure or the non-secure PPI depending on the state the CPU runs in, so
 * both are requested (head.S, leaving HYP mode, lets SVC use it); a node
 * with `arm,cpu-registers-not-fw-configured` (firmware left the CPU in
 * the secure state) also gets the physical one.  The rate is the tree's `clock-frequency` when
 * firmware left CNTFRQ wrong (Linux trusts the property first), else
 * CNTFRQ.
 *
 * The tick reprograms the compare value one period after the last one,
 * never after "now": late interrupts do not make the tick drift.  The low
 * 32 bits of the same counter are the clocksource.  Every CPU has its own
 * comparators behind the same PPI numbers: a secondary starts its own at
 * the same rate as it comes up (a CPU hotplug starting callback) and
 * counts its own ticks; jiffies stay the boot CPU's.
 */
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/jiffies.h>
#include <linux/of.h>
#include <linux/cpuhotplug.h>
#include <linux/percpu.h>
#include <linux/platform_device.h>
#include <asm/arch_timer.h>
#include <asm/cputype.h>
#include <asm/virt.h>
#include <coyote/time.h>

/* The binding's interrupt order (Linux's enum arch_timer_ppi_nr). */
enum arch_timer_ppi_nr {
	ARCH_TIMER_PHYS_SECURE_PPI,
	ARCH_TIMER_PHYS_NONSECURE_PPI,
	ARCH_TIMER_VIRT_PPI,
	ARCH_TIMER_HYP_PPI,
	ARCH_TIMER_MAX_TIMER_PPI
};

struct arch_timer {
	enum arch_timer_reg_access access;	/* virtual or physical */
	u32 rate;
	u64 period;			/* counts per tick */
	int irqs[2];			/* the PPIs requested (virqs), 0: none */
	bool is_tick;
	struct clocksource cs;
};

static const char *const ppi_names[] = {
	"secure physical", "non-secure physical", "virtual", "hypervisor",
};

/* Compare value of each CPU's coming tick. */
static DEFINE_PER_CPU(u64, arch_timer_next);
/* The timer that drives the tick, for the secondaries' callbacks. */
static struct arch_timer *arch_timer_tick;

static irqreturn_t arch_timer_interrupt(int irq, void *dev_id)
{
	struct arch_timer *t = dev_id;
	u64 *next = this_cpu_ptr(&arch_timer_next);

	if (!(arch_timer_ctrl_read(t->access) & ARCH_TIMER_CTRL_IT_STAT))
		return IRQ_NONE;
	/* The line stays raised while the counter is past the compare value. */
	*next += t->period;
	arch_timer_cval_write(t->access, *next);
	tick_handle_periodic();
	return IRQ_HANDLED;
}

/*
 * The compare value is a count of the clocksource's own counter: this
 * CPU's, as tick_next_event() runs where jiffies advance (CPU 0).
 */
static u32 arch_timer_next_event(void *data)
{
	(void)data;
	return (u32)*this_cpu_ptr(&arch_timer_next);
}

/* This CPU's comparator: the first tick one period from now. */
static void arch_timer_arm(struct arch_timer *t)
{
	u64 *next = this_cpu_ptr(&arch_timer_next);

	*next = arch_counter_get(t->access) + t->period;
	arch_timer_cval_write(t->access, *next);
	arch_timer_ctrl_write(t->access, ARCH_TIMER_CTRL_ENABLE);
}

/* A secondary coming up: its own comparator and its own PPI enable bits. */
static int arch_timer_starting_cpu(unsigned int cpu)
{
	struct arch_timer *t = arch_timer_tick;

	if (!t)
		return -ENODEV;
	arch_timer_ctrl_write(t->access, 0);
	for (unsigned int i = 0; i < ARRAY_SIZE(t->irqs); i++)
		if (t->irqs[i] > 0)
			enable_percpu_irq((unsigned int)t->irqs[i], 0);
	arch_timer_arm(t);
	return 0;
}

static int arch_timer_dying_cpu(unsigned int cpu)
{
	struct arch_timer *t = arch_timer_tick;

	if (!t)
		return 0;
	arch_timer_ctrl_write(t->access, 0);
	for (unsigned int i = 0; i < ARRAY_SIZE(t->irqs); i++)
		if (t->irqs[i] > 0)
			disable_percpu_irq((unsigned int)t->irqs[i]);
	return 0;
}

static u32 arch_timer_clocksource_read(struct clocksource *cs)
{
	struct arch_timer *t = cs->data;

	return (u32)arch_counter_get(t->access);
}

/* Linux's arch_timer_select_ppi() for a 32-bit kernel. */
static enum arch_timer_ppi_nr arch_timer_select_ppi(struct device *dev, int nr_irqs)
{
	if (of_property_read_bool(dev->of_node, "arm,cpu-registers-not-fw-configured"))
		return ARCH_TIMER_PHYS_SECURE_PPI;
	if (!is_hyp_mode_available() && nr_irqs > ARCH_TIMER_VIRT_PPI)
		return ARCH_TIMER_VIRT_PPI;
	return ARCH_TIMER_PHYS_SECURE_PPI;
}

/* The tree's clock-frequency overrides CNTFRQ (firmware that left it 0). */
static u32 arch_timer_detect_rate(struct device *dev)
{
	u32 rate;

	if (!of_property_read_u32(dev->of_node, "clock-frequency", &rate))
		return rate;
	return arch_timer_get_cntfrq();
}

/*
 * Request @ppi, and with the secure physical one the non-secure one too
 * (the physical timer raises one or the other by the CPU's state).
 * Return: 0, or platform_get_irq()'s or request_irq()'s error.
 */
static int arch_timer_request_irqs(struct platform_device *pdev, struct arch_timer *t,
				   enum arch_timer_ppi_nr ppi, int nr_irqs)
{
	const enum arch_timer_ppi_nr ppis[] = { ppi, ARCH_TIMER_PHYS_NONSECURE_PPI };
	unsigned int n = ppi == ARCH_TIMER_PHYS_SECURE_PPI &&
			 nr_irqs > ARCH_TIMER_PHYS_NONSECURE_PPI ? 2 : 1;
	struct device *dev = &pdev->dev;

	for (unsigned int i = 0; i < n; i++) {
		int irq = platform_get_irq(pdev, ppis[i]), ret;

		if (irq < 0)
			return irq;
		ret = devm_request_irq(dev, (unsigned int)irq, arch_timer_interrupt, 0,
				       dev_name(dev), t);
		if (ret)
			return dev_err_probe(dev, ret, "cannot request the %s timer's IRQ %d",
					     ppi_names[ppis[i]], irq);
		t->irqs[i] = irq;
	}
	return 0;
}

static void arch_timer_start(struct device *dev, struct arch_timer *t)
{
	arch_timer_arm(t);
	t->cs = (struct clocksource){ .name = dev_name(dev), .read = arch_timer_clocksource_read,
				      .rate = t->rate, .data = t };
	clocksource_register(&t->cs);
	tick_set_next_event(&t->cs, arch_timer_next_event, t);
}

static int arch_timer_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	enum arch_timer_ppi_nr ppi;
	struct arch_timer *t;
	int nr_irqs, ret;

	if (!cpu_has_generic_timer())
		return dev_err_probe(dev, -ENODEV,
				     "this CPU has no generic timer (MIDR %08x, ID_PFR1.GenTimer 0)",
				     (unsigned int)read_cpuid_id());
	t = devm_kzalloc(dev, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->rate = arch_timer_detect_rate(dev);
	if (t->rate < HZ)
		return dev_err_probe(dev, -EINVAL,
				     "rate %u Hz (CNTFRQ or clock-frequency) is too low",
				     (unsigned int)t->rate);
	t->period = t->rate / HZ;
	nr_irqs = platform_irq_count(pdev);
	ppi = arch_timer_select_ppi(dev, nr_irqs);
	if (nr_irqs <= (int)ppi)
		return dev_err_probe(dev, -EINVAL, "no %s timer interrupt in the tree",
				     ppi_names[ppi]);
	t->access = ppi == ARCH_TIMER_VIRT_PPI ? ARCH_TIMER_VIRT_ACCESS : ARCH_TIMER_PHYS_ACCESS;
	platform_set_drvdata(pdev, t);

	/* The registers are the CPU's, not the node's: a second timer node
	 * leaves them to the one that has the tick. */
	ret = tick_register(dev_name(dev), HZ);
	if (ret == -EBUSY) {
		dev_info(dev, "%u Hz, idle (the tick runs elsewhere)\n", (unsigned int)t->rate);
		return 0;
	}
	if (ret)
		return dev_err_probe(dev, ret, "cannot drive the tick");
	arch_timer_ctrl_write(t->access, 0);
	ret = arch_timer_request_irqs(pdev, t, ppi, nr_irqs);
	if (ret) {
		tick_unregister(dev_name(dev));
		return ret;
	}
	arch_timer_start(dev, t);
	t->is_tick = true;
	arch_timer_tick = t;
	cpuhp_setup_state_nocalls(CPUHP_AP_ARM_ARCH_TIMER_STARTING, "clockevents/arm/arch_timer:starting",
				  arch_timer_starting_cpu, arch_timer_dying_cpu);
	dev_info(dev, "%u Hz, %s timer, tick every %u counts\n", (unsigned int)t->rate,
		 t->access == ARCH_TIMER_VIRT_ACCESS ? "virtual" : "physical",
		 (unsigned int)t->period);
	return 0;
}

static int arch_timer_remove(struct platform_device *pdev)
{
	struct arch_timer *t = platform_get_drvdata(pdev);

	if (t->is_tick) {
		cpuhp_remove_state(CPUHP_AP_ARM_ARCH_TIMER_STARTING);
		arch_timer_tick = NULL;
		arch_timer_ctrl_write(t->access, 0);
		clocksource_unregister(&t->cs);
		tick_unregister(dev_name(&pdev->dev));
	}
	return 0;
}

static const struct of_device_id arch_timer_of_match[] = {
	{ .compatible = "arm,armv7-timer" },
	{ }
};

static struct platform_driver arch_timer_driver = {
	.probe = arch_timer_probe,
	.remove = arch_timer_remove,
	.driver = {
		.name = "arch_timer",
		.of_match_table = arch_timer_of_match,
	},
};
module_platform_driver(arch_timer_driver);
