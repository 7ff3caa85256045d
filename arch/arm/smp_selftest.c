// SPDX-License-Identifier: BSD-2-Clause
/*
 * `selftest smp`: the other CPUs, on any board that brought some up
 * (skipped where one CPU runs): every online CPU answers an IPI within a
 * bound, runs a function sent to it on itself, counts ticks of its own at
 * the rate the clocksource says, and a counter every CPU increments under
 * one spinlock ends exact.  Tolerances are wide (QEMU under load runs
 * vCPUs late); the figures are printed.
 */
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <asm/barrier.h>
#include <asm/irqflags.h>
#include <asm/smp.h>
#include <coyote/selftest.h>
#include <coyote/time.h>

#define IPI_BOUND_MS		100
#define TICK_WINDOW_MS		500
#define TORTURE_LOOPS		20000
#define TORTURE_WAIT_MS		20000

static int smp_suite_init(struct kunit *t)
{
	if (num_online_cpus() < 2) {
		t->skip_reason = "one CPU online (nothing to start, or nosmp/maxcpus=1)";
		return -ENODEV;
	}
	return 0;
}

static void every_cpu_answers_an_ipi(struct kunit *t)
{
	unsigned int me = smp_processor_id();

	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++) {
		unsigned long before = smp_ipi_count(cpu), count;
		u64 start, took;
		bool got;

		if (cpu == me || !cpu_online(cpu))
			continue;
		start = ktime_get_ns();
		KUNIT_ASSERT_TRUE_MSG(t, smp_send_ipi(cpu, IPI_PING) == 0, "CPU %u: IPI not sent",
				      cpu);
		do {
			count = smp_ipi_count(cpu);
			took = ktime_get_ns() - start;
		} while (count == before && took < IPI_BOUND_MS * 1000000ull);
		got = count != before;
		KUNIT_EXPECT_TRUE_MSG(t, got, "CPU %u did not answer an IPI within %d ms", cpu,
				      IPI_BOUND_MS);
		selftest_diag(t, "CPU %u answered in %llu us", cpu, took / 1000);
	}
}

static void record_cpu(void *info)
{
	unsigned int *where = info;

	where[smp_processor_id()] = smp_processor_id() + 1;
}

static void call_runs_on_the_target(struct kunit *t)
{
	unsigned int seen[NR_CPUS] = { 0 };

	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++) {
		if (!cpu_online(cpu))
			continue;
		KUNIT_EXPECT_EQ(t, smp_call_function_single(cpu, record_cpu, seen, true), 0);
		KUNIT_EXPECT_TRUE_MSG(t, seen[cpu] == cpu + 1, "CPU %u: ran on CPU %d", cpu,
				      (int)seen[cpu] - 1);
	}
	/* A CPU that is not online is refused, not waited for. */
	KUNIT_EXPECT_EQ(t, smp_call_function_single(NR_CPUS, record_cpu, seen, true), -ENXIO);
}

/* Ticks each online CPU counted over a window the clocksource timed. */
static void per_cpu_ticks_follow_the_clocksource(struct kunit *t)
{
	unsigned long before[NR_CPUS];
	u64 start, ns, expected;

	if (irqs_disabled()) {
		selftest_skip(t, "IRQs are masked");
		return;
	}
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		before[cpu] = per_cpu(tick_cpu_count, cpu);
	start = ktime_get_ns();
	msleep(TICK_WINDOW_MS);
	ns = ktime_get_ns() - start;
	expected = ns * HZ / 1000000000ull;
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++) {
		unsigned long got;

		if (!cpu_online(cpu))
			continue;
		got = per_cpu(tick_cpu_count, cpu) - before[cpu];
		selftest_diag(t, "CPU %u: %lu ticks in %llu ms (%llu expected)", cpu, got,
			      ns / 1000000, expected);
		/* A quarter off either way: QEMU's vCPUs run late, never fast. */
		KUNIT_EXPECT_TRUE_MSG(t, got * 4 >= expected * 3 && got * 4 <= expected * 5,
				      "CPU %u counted %lu ticks, the clocksource says %llu", cpu, got,
				      expected);
	}
}

struct torture {
	spinlock_t lock;
	volatile unsigned long counter;
	volatile unsigned int finished;
};

/* The read and the write are separate on purpose: without the lock, two
 * CPUs that read the same value lose an increment. */
static void torture_run(void *info)
{
	struct torture *tt = info;

	for (unsigned int i = 0; i < TORTURE_LOOPS; i++) {
		unsigned long flags, v;

		spin_lock_irqsave(&tt->lock, flags);
		v = tt->counter;
		tt->counter = v + 1;
		spin_unlock_irqrestore(&tt->lock, flags);
	}
	spin_lock(&tt->lock);
	tt->finished++;
	spin_unlock(&tt->lock);
}

static void lock_torture_sum_is_exact(struct kunit *t)
{
	static struct torture tt;
	unsigned int me = smp_processor_id(), started = 1;
	u64 start;

	spin_lock_init(&tt.lock);
	tt.counter = 0;
	tt.finished = 0;
	dsb();
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		if (cpu != me && cpu_online(cpu) &&
		    !smp_call_function_single(cpu, torture_run, &tt, false))
			started++;
	KUNIT_EXPECT_TRUE_MSG(t, started == num_online_cpus(), "%u of %u online CPUs took the call",
			      started, num_online_cpus());
	torture_run(&tt);
	start = ktime_get_ns();
	while (tt.finished < started && ktime_get_ns() - start < TORTURE_WAIT_MS * 1000000ull)
		;
	KUNIT_ASSERT_TRUE_MSG(t, tt.finished == started, "%u of %u CPUs finished within %d ms",
			      tt.finished, started, TORTURE_WAIT_MS);
	selftest_diag(t, "%u CPUs x %d increments: %lu", started, TORTURE_LOOPS, tt.counter);
	KUNIT_EXPECT_EQ(t, tt.counter, (unsigned long)started * TORTURE_LOOPS);
	KUNIT_EXPECT_TRUE(t, !spin_is_locked(&tt.lock));
}

static const struct selftest_case smp_cases[] = {
	SELFTEST_CASE(every_cpu_answers_an_ipi),
	SELFTEST_CASE(call_runs_on_the_target),
	SELFTEST_CASE(per_cpu_ticks_follow_the_clocksource),
	SELFTEST_CASE(lock_torture_sum_is_exact),
	{ }
};
SELFTEST_SUITE(smp, smp_cases, smp_suite_init, NULL);
