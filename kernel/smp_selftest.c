// SPDX-License-Identifier: BSD-2-Clause
/*
 * `selftest smp`: the other CPUs, on any board that brought some up
 * (skipped where one CPU runs): every online CPU answers an IPI within a
 * bound, runs a function sent to it on itself, counts ticks of its own at
 * the rate the clocksource says, and a counter every CPU increments under
 * one spinlock ends exact, and every CPU at once registering and
 * unregistering devices and drivers on a bus of the test's own leaves the
 * bus's lists whole and the counts exact (the device core's lock).
 * Tolerances are wide (QEMU under load runs vCPUs late); the figures are
 * printed.
 */
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <asm/barrier.h>
#include <asm/irqflags.h>
#include <asm/smp.h>
#include <coyote/selftest.h>
#include <coyote/time.h>

#define IPI_BOUND_MS		100
#define TICK_WINDOW_MS		500
#define SLOW_CALL_MS		20	/* long enough that a second call finds the first there */
#define TORTURE_MS		300	/* a time, not a count: on a busy host each handover
					 * of the lock can wait for a vCPU thread's turn */
#define TORTURE_BATCH		16
#define TORTURE_WAIT_MS		20000
#define CORE_DEVICES		4	/* each CPU's, on the bus at once */
#define CORE_ROUNDS		25	/* few: under QEMU on a busy host each handover of a
					 * contended ticket lock waits for a vCPU thread */
#define CORE_WAIT_MS		60000

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

/* Holds the target's call slot a while, then counts. */
static void slow_count(void *info)
{
	unsigned int *ran = info;

	mdelay(SLOW_CALL_MS);
	ran[smp_processor_id()]++;
}

static void call_runs_on_the_target(struct kunit *t)
{
	static unsigned int ran[NR_CPUS];
	unsigned int seen[NR_CPUS] = { 0 };
	unsigned int me = smp_processor_id();

	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++) {
		if (!cpu_online(cpu))
			continue;
		KUNIT_EXPECT_EQ(t, smp_call_function_single(cpu, record_cpu, seen, true), 0);
		KUNIT_EXPECT_TRUE_MSG(t, seen[cpu] == cpu + 1, "CPU %u: ran on CPU %d", cpu,
				      (int)seen[cpu] - 1);
	}
	/* A call to a CPU still running one not waited for waits its turn:
	 * both run, neither is refused. */
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++) {
		if (cpu == me || !cpu_online(cpu))
			continue;
		ran[cpu] = 0;
		KUNIT_EXPECT_EQ(t, smp_call_function_single(cpu, slow_count, ran, false), 0);
		KUNIT_EXPECT_EQ(t, smp_call_function_single(cpu, slow_count, ran, true), 0);
		KUNIT_EXPECT_TRUE_MSG(t, ran[cpu] == 2, "CPU %u ran %u of the 2 calls", cpu, ran[cpu]);
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
	u64 until;
	/* Each CPU's increments, written once at its end: the count of
	 * finished CPUs does not lean on the lock under test. */
	volatile unsigned long own[NR_CPUS];
};

/* The read and the write are separate on purpose: without the lock, two
 * CPUs that read the same value lose an increment.  A batch at least, so
 * a CPU the host runs late still takes the lock; the clock is read once a
 * batch because ktime_get_ns() reads a device (slow under QEMU). */
static void torture_run(void *info)
{
	struct torture *tt = info;
	unsigned long mine = 0;

	do {
		unsigned long flags, v;

		spin_lock_irqsave(&tt->lock, flags);
		v = tt->counter;
		tt->counter = v + 1;
		spin_unlock_irqrestore(&tt->lock, flags);
		mine++;
	} while (mine % TORTURE_BATCH || ktime_get_ns() < tt->until);
	dsb();		/* the last increment seen before the count */
	tt->own[smp_processor_id()] = mine;
}

static unsigned int torture_finished(const struct torture *tt)
{
	unsigned int n = 0;

	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		n += tt->own[cpu] != 0;
	return n;
}

static void lock_torture_sum_is_exact(struct kunit *t)
{
	static struct torture tt;
	unsigned int me = smp_processor_id(), started = 1;
	unsigned long sum = 0;
	u64 start;

	memset(&tt, 0, sizeof(tt));
	spin_lock_init(&tt.lock);
	start = ktime_get_ns();
	tt.until = start + TORTURE_MS * 1000000ull;
	dsb();
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		if (cpu != me && cpu_online(cpu) &&
		    !smp_call_function_single(cpu, torture_run, &tt, false))
			started++;
	KUNIT_EXPECT_TRUE_MSG(t, started == num_online_cpus(), "%u of %u online CPUs took the call",
			      started, num_online_cpus());
	torture_run(&tt);
	while (torture_finished(&tt) < started &&
	       ktime_get_ns() - start < TORTURE_WAIT_MS * 1000000ull)
		;
	KUNIT_ASSERT_TRUE_MSG(t, torture_finished(&tt) == started,
			      "%u of %u CPUs finished within %d ms", torture_finished(&tt), started,
			      TORTURE_WAIT_MS);
	dsb();		/* the counter as the last CPU left it */
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++) {
		if (tt.own[cpu])
			selftest_diag(t, "CPU %u: %lu increments", cpu, tt.own[cpu]);
		sum += tt.own[cpu];
	}
	selftest_diag(t, "%u CPUs, %lu increments counted, %lu made, in %llu ms", started,
		      tt.counter, sum, (ktime_get_ns() - start) / 1000000);
	KUNIT_EXPECT_EQ(t, tt.counter, sum);
	KUNIT_EXPECT_TRUE(t, !spin_is_locked(&tt.lock));
}

/* --- the device core on every CPU at once ----------------------------------- */

/* No driver matches a device here: registering prints nothing, so the
 * rounds are many and quick. */
static struct bus_type core_bus = { .name = "smp-selftest" };

struct core_cpu {
	struct device dev[CORE_DEVICES];
	struct device_driver drv;
	char drv_name[16];
	unsigned int added, removed, drivers;	/* calls that returned 0 */
	unsigned int wrong;			/* walks that found the lists broken */
	char first_wrong[96];
};

struct core_run {
	struct core_cpu cpu[NR_CPUS];
	spinlock_t lock;
	volatile unsigned int finished;
};

static void core_wrong(struct core_cpu *c, const char *what, int mine)
{
	if (!c->wrong++)
		scnprintf(c->first_wrong, sizeof(c->first_wrong), "%s (%d of this CPU's devices seen)",
			  what, mine);
}

/*
 * Walk the bus's devices, under the lock as every reader must: each link
 * must point back and the walk end within the devices there can be.
 * Return: how many of @c's it saw, -1 when the list is broken.
 */
static volatile int core_inside = -1;	/* the CPU in core_count_mine()'s walk */

static int core_count_mine(struct core_cpu *c)
{
	struct list_head *head = &core_bus.devices, *pos;
	int me = (int)smp_processor_id();
	unsigned int steps = 0;
	int mine = 0;

	device_core_lock();
	/* Nobody else in here, and nobody comes in while we look: the walk is
	 * made longer so that a lock that does not exclude is seen. */
	if (core_inside != -1)
		core_wrong(c, "another CPU inside the lock", 0);
	core_inside = me;
	for (volatile unsigned int spin = 0; spin < 20000; spin++)
		;
	for (pos = head->next; pos != head; pos = pos->next) {
		struct device *dev = list_entry(pos, struct device, bus_node);

		if (pos->next->prev != pos || ++steps > NR_CPUS * CORE_DEVICES) {
			mine = -1;
			break;
		}
		mine += dev >= c->dev && dev < c->dev + CORE_DEVICES;
	}
	if (core_inside != me)
		core_wrong(c, "another CPU came inside the lock", 0);
	core_inside = -1;
	device_core_unlock();
	return mine;
}

static void core_round(struct core_cpu *c, unsigned int cpu)
{
	int mine;

	for (unsigned int i = 0; i < CORE_DEVICES; i++) {
		struct device *dev = &c->dev[i];

		memset(dev, 0, sizeof(*dev));
		device_initialize(dev);
		dev->bus = &core_bus;
		scnprintf(dev->name, sizeof(dev->name), "smp%u.%u", cpu, i);
		c->added += device_add(dev) == 0;
	}
	memset(&c->drv, 0, sizeof(c->drv));
	c->drv.name = c->drv_name;
	c->drv.bus = &core_bus;
	if (!driver_register(&c->drv)) {
		c->drivers++;
		driver_unregister(&c->drv);
	}
	mine = core_count_mine(c);
	if (mine != CORE_DEVICES)
		core_wrong(c, mine < 0 ? "the list broken with its devices on" :
			   "devices lost after adding", mine);
	for (unsigned int i = 0; i < CORE_DEVICES; i++) {
		c->removed += c->dev[i].registered;
		device_del(&c->dev[i]);
	}
	mine = core_count_mine(c);
	if (mine)
		core_wrong(c, mine < 0 ? "the list broken after deleting" :
			   "devices left after deleting", mine);
}

static void core_run_rounds(void *info)
{
	struct core_run *run = info;
	unsigned int cpu = smp_processor_id();
	struct core_cpu *c = &run->cpu[cpu];

	scnprintf(c->drv_name, sizeof(c->drv_name), "smp-test-%u", cpu);
	for (unsigned int r = 0; r < CORE_ROUNDS; r++)
		core_round(c, cpu);
	spin_lock(&run->lock);
	run->finished++;
	spin_unlock(&run->lock);
}

/* Every CPU adds, checks and deletes its own devices and driver on one bus,
 * CORE_ROUNDS times: the lists stay whole and every call counts. */
static void device_core_on_every_cpu(struct kunit *t)
{
	static struct core_run run;
	unsigned int me = smp_processor_id(), started = 1;
	struct device *dev;
	u64 start, took;
	int left = 0;

	memset(&run, 0, sizeof(run));
	spin_lock_init(&run.lock);
	KUNIT_ASSERT_EQ(t, bus_register(&core_bus), 0);
	dsb();
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		if (cpu != me && cpu_online(cpu) &&
		    !smp_call_function_single(cpu, core_run_rounds, &run, false))
			started++;
	KUNIT_EXPECT_TRUE_MSG(t, started == num_online_cpus(), "%u of %u online CPUs took the call",
			      started, num_online_cpus());
	core_run_rounds(&run);
	start = ktime_get_ns();
	while (run.finished < started && ktime_get_ns() - start < CORE_WAIT_MS * 1000000ull)
		;
	took = ktime_get_ns() - start;
	KUNIT_ASSERT_TRUE_MSG(t, run.finished == started, "%u of %u CPUs finished within %d ms",
			      run.finished, started, CORE_WAIT_MS);
	selftest_diag(t, "%u CPUs x %d rounds of %d devices and a driver (the others done %llu ms after CPU 0)",
		      started, CORE_ROUNDS, CORE_DEVICES, took / 1000000);
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++) {
		struct core_cpu *c = &run.cpu[cpu];

		if (!cpu_online(cpu))
			continue;
		selftest_diag(t, "CPU %u: %u devices added, %u deleted, %u drivers registered",
			      cpu, c->added, c->removed, c->drivers);
		KUNIT_EXPECT_TRUE_MSG(t, !c->wrong, "CPU %u: %u walks went wrong, the first: %s",
				      cpu, c->wrong, c->first_wrong);
		KUNIT_EXPECT_EQ(t, c->added, CORE_ROUNDS * CORE_DEVICES);
		KUNIT_EXPECT_EQ(t, c->removed, CORE_ROUNDS * CORE_DEVICES);
		KUNIT_EXPECT_EQ(t, c->drivers, CORE_ROUNDS);
	}
	device_core_lock();
	list_for_each_entry(dev, &core_bus.devices, bus_node)
		if (++left > NR_CPUS * CORE_DEVICES)
			break;
	KUNIT_EXPECT_TRUE_MSG(t, list_empty(&core_bus.drivers), "a driver left on the bus");
	device_core_unlock();
	KUNIT_EXPECT_EQ(t, left, 0);
}

static const struct selftest_case smp_cases[] = {
	SELFTEST_CASE(every_cpu_answers_an_ipi),
	SELFTEST_CASE(call_runs_on_the_target),
	SELFTEST_CASE(per_cpu_ticks_follow_the_clocksource),
	SELFTEST_CASE(lock_torture_sum_is_exact),
	SELFTEST_CASE(device_core_on_every_cpu),
	{ }
};
SELFTEST_SUITE(smp, smp_cases, smp_suite_init, NULL);
