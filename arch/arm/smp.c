// SPDX-License-Identifier: BSD-2-Clause
/*
 * Every CPU the tree names.  /cpus has one node per core: `reg` is its
 * MPIDR affinity (bits 23:0 of ARMv7's MPIDR), `enable-method` says how
 * the kernel starts it.  The boot CPU is the node whose reg is our own
 * MPIDR and becomes logical CPU 0; the others are numbered in tree order
 * and started one at a time through the method's entry in the table
 * CPU_METHOD_OF_DECLARE builds (asm/smp.h).  A CPU node without
 * enable-method gets the method the tree's other nodes imply, if one
 * does: the A9 SCU beside the Versatile Express system registers mean
 * "arm,realview-smp" (CPU_METHOD_OF_DECLARE_IMPLIED), where Linux asks
 * the machine.  A started core enters
 * secondary_startup (head.S) with the MMU off, takes the stacks and the
 * MMU state this file left for it in secondary_data, runs the starting
 * callbacks the drivers registered (its GIC CPU interface, its timer),
 * checks in, and idles in wfi answering IPIs.  The shell stays on CPU 0.
 *
 * A core that cannot come up stays off, and `cpus` and `whynot` say why:
 * disabled in the tree, no usable or a duplicate reg, no or an unknown
 * enable-method, nosmp or maxcpus= on the command line, the method's
 * error (PSCI's answer), or no check-in within CHECK_IN_MS.  A core that
 * comes up after the boot CPU gave up on it keeps that verdict: it undoes
 * its starting callbacks and parks (rec_settle()).
 *
 * The ARM926 (ARMv5) has no ldrex/strex, no MPIDR and no TPIDRPRW: there
 * spinlocks only mask IRQs (include/linux/spinlock.h), the kernel is CPU
 * 0 and starts nothing.  The MIDR decides, once, at the start of boot.
 */
#define pr_fmt(fmt) "smp: " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/of.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/cpuhotplug.h>
#include <asm/barrier.h>
#include <asm/cputype.h>
#include <asm/irqflags.h>
#include <asm/smp.h>
#include <coyote/setup.h>
#include <coyote/shell.h>
#include <coyote/time.h>
#include <coyote/whynot.h>

#define MPIDR_HWID_BITMASK	0xffffffu
#define MPIDR_AFF0		0xffu
#define PEN_CLOSED		0xffffffffu	/* matches no masked MPIDR */
#define MAX_CPU_NODES		16
#define CHECK_IN_MS		5000	/* Linux waits one second; under QEMU on a busy host
					 * the first secondary, measuring its timer before it
					 * checks in, took longer */
#define CALL_WAIT_MS		5000
#define STOP_WAIT_MS		1000
/* Each secondary's stacks, one allocation: SVC, IRQ, abort, undefined. */
#define SVC_STACK		8192
#define IRQ_STACK		4096
#define EXC_STACK		2048
#define SECONDARY_STACKS	(SVC_STACK + IRQ_STACK + 2 * EXC_STACK)

bool cpu_has_ldrex;

enum cpu_node_state { NODE_OFF, NODE_BOOTING, NODE_ONLINE, NODE_FAILED };

static const char *const state_names[] = {
	[NODE_OFF] = "off", [NODE_BOOTING] = "booting", [NODE_ONLINE] = "online",
	[NODE_FAILED] = "failed",
};

/* What became of each CPU node. */
struct cpu_node_rec {
	struct device_node *np;
	u64 hwid;
	bool has_hwid;
	int cpu;			/* logical number, -1: none */
	const char *method;		/* enable-method, NULL: none */
	const struct of_cpu_method *implied;	/* the tree's, not the node's */
	volatile enum cpu_node_state state;
	char why[144];
};

static struct cpu_node_rec recs[MAX_CPU_NODES];
static unsigned int nr_recs;
static struct cpu_node_rec *cpu_rec[NR_CPUS];
static bool smp_scanned;

/* Per CPU: IPIs received, and the call smp_call_function_single() left. */
static DEFINE_PER_CPU(volatile unsigned long, ipi_count);
static DEFINE_PER_CPU(void (*volatile)(void *), call_func);
static DEFINE_PER_CPU(void *volatile, call_info);
static DEFINE_PER_CPU(volatile bool, call_claimed);	/* the target took it */
static DEFINE_PER_CPU(volatile bool, cpu_stopped);	/* parked by smp_send_stop() */
static DEFINE_SPINLOCK(call_lock);

static void (*smp_cross_call)(unsigned long cpumask, unsigned int ipinr);

/*
 * What head.S's secondary_startup reads (offsets fixed there): the CPU
 * coming up, its stack tops, and the boot CPU's MMU state and vectors.
 */
struct secondary_data {
	u32 cpu;		/* 0 */
	u32 stack_top[4];	/* 4: SVC, IRQ, ABT, UND (FIQ shares UND's) */
	u32 ttbr0;		/* 20 */
	u32 dacr;		/* 24 */
	u32 sctlr;		/* 28 */
	u32 vbar;		/* 32 */
	u32 mpidr;		/* 36: the one core the holding pen lets through */
};
struct secondary_data secondary_data = { .mpidr = PEN_CLOSED };
_Static_assert(__builtin_offsetof(struct secondary_data, mpidr) == 36, "head.S offsets");

void smp_setup_processor_id(void)
{
	cpu_has_ldrex = cpu_is_armv7();
	if (cpu_has_ldrex)
		__asm__ volatile("mcr p15, 0, %0, c13, c0, 4" : : "r"(0u));	/* TPIDRPRW */
}

bool cpu_online(unsigned int cpu)
{
	if (!cpu)
		return true;
	return cpu < NR_CPUS && cpu_rec[cpu] && cpu_rec[cpu]->state == NODE_ONLINE;
}

unsigned int num_online_cpus(void)
{
	unsigned int n = 0;

	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		n += cpu_online(cpu);
	return n;
}

/* --- IPIs ------------------------------------------------------------------ */

void set_smp_cross_call(void (*fn)(unsigned long cpumask, unsigned int ipinr))
{
	smp_cross_call = fn;
}

int smp_send_ipi(unsigned int cpu, unsigned int ipinr)
{
	if (!cpu_online(cpu))
		return -ENXIO;
	if (!smp_cross_call)
		return -ENODEV;
	smp_cross_call(1ul << cpu, ipinr);
	return 0;
}

int smp_send_wakeup_ipi(unsigned int cpu)
{
	if (!smp_cross_call)
		return -ENODEV;
	smp_cross_call(1ul << cpu, IPI_WAKEUP);
	return 0;
}

unsigned long smp_ipi_count(unsigned int cpu)
{
	return cpu < NR_CPUS ? per_cpu(ipi_count, cpu) : 0;
}

static void secondary_park(void) __attribute__((noreturn));

void handle_IPI(unsigned int ipinr)
{
	unsigned int cpu = smp_processor_id();
	void (*fn)(void *);
	void *info;

	if (ipinr == IPI_WAKEUP)
		return;		/* its work was done: the core left the firmware */
	per_cpu(ipi_count, cpu)++;
	if (ipinr == IPI_CPU_STOP) {
		per_cpu(cpu_stopped, cpu) = true;
		dsb();
		secondary_park();
	}
	if (ipinr != IPI_CALL_FUNC)
		return;
	/* Claimed under the lock: a caller that gave up withdraws only an
	 * unclaimed call, so @info is never used after it returned. */
	spin_lock(&call_lock);
	fn = per_cpu(call_func, cpu);
	info = per_cpu(call_info, cpu);
	per_cpu(call_claimed, cpu) = fn != NULL;
	spin_unlock(&call_lock);
	if (!fn)
		return;
	fn(info);
	dmb();
	per_cpu(call_claimed, cpu) = false;
	per_cpu(call_func, cpu) = NULL;		/* done: the caller may go on */
}

static bool wait_ms_for(volatile void *const *slot, u32 ms)
{
	u64 end = ktime_get_ns() + (u64)ms * 1000000u;

	while (*slot)
		if (ktime_get_ns() > end)
			return false;
	return true;
}

/* A call @cpu did not finish in time: withdrawn if it never started; if
 * it runs, one more wait for it.  Return: -ETIMEDOUT. */
static int call_withdraw(unsigned int cpu)
{
	unsigned long flags;
	bool running;

	spin_lock_irqsave(&call_lock, flags);
	running = per_cpu(call_claimed, cpu);
	if (!running)
		per_cpu(call_func, cpu) = NULL;
	spin_unlock_irqrestore(&call_lock, flags);
	if (running && !wait_ms_for((volatile void *const *)&per_cpu(call_func, cpu), CALL_WAIT_MS))
		pr_err("CPU %u still runs a call after %d ms\n", cpu, 2 * CALL_WAIT_MS);
	return -ETIMEDOUT;
}

int smp_call_function_single(unsigned int cpu, void (*func)(void *info), void *info, bool wait)
{
	unsigned long flags;
	int ret;

	if (cpu == smp_processor_id()) {
		local_irq_save(flags);
		func(info);
		local_irq_restore(flags);
		return 0;
	}
	if (!cpu_online(cpu))
		return -ENXIO;
	spin_lock_irqsave(&call_lock, flags);
	/* @cpu still runs an earlier call (one not waited for, or one that
	 * returned and has yet to say so): this one waits its turn, as
	 * Linux queues it, rather than being refused. */
	while (per_cpu(call_func, cpu)) {
		spin_unlock_irqrestore(&call_lock, flags);
		if (!wait_ms_for((volatile void *const *)&per_cpu(call_func, cpu), CALL_WAIT_MS))
			return -EBUSY;
		spin_lock_irqsave(&call_lock, flags);
	}
	per_cpu(call_info, cpu) = info;
	dmb();
	per_cpu(call_func, cpu) = func;
	spin_unlock_irqrestore(&call_lock, flags);
	ret = smp_send_ipi(cpu, IPI_CALL_FUNC);
	if (ret) {
		per_cpu(call_func, cpu) = NULL;
		return ret;
	}
	if (!wait || wait_ms_for((volatile void *const *)&per_cpu(call_func, cpu), CALL_WAIT_MS))
		return 0;
	return call_withdraw(cpu);
}

unsigned int smp_send_stop(void)
{
	unsigned int me = smp_processor_id(), left;
	u64 end = ktime_get_ns() + STOP_WAIT_MS * 1000000ull;

	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		if (cpu != me && cpu_online(cpu))
			smp_send_ipi(cpu, IPI_CPU_STOP);
	do {
		left = 0;
		for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
			left += cpu != me && cpu_online(cpu) && !per_cpu(cpu_stopped, cpu);
	} while (left && ktime_get_ns() < end);
	return left;
}

/* --- the tree ------------------------------------------------------------------ */

extern const struct of_cpu_method __cpu_method_of_table_start[], __cpu_method_of_table_end[];

static const struct of_cpu_method *first_entry(const char *method)
{
	for (const struct of_cpu_method *m = __cpu_method_of_table_start;
	     m < __cpu_method_of_table_end; m++)
		if (!strcmp(m->method, method))
			return m;
	return NULL;
}

static const struct smp_operations *cpu_method_ops(const char *method)
{
	const struct of_cpu_method *m = first_entry(method);

	return m ? m->ops : NULL;
}

static bool tree_has_all(const char *const *compats)
{
	for (; *compats; compats++) {
		struct device_node *np;
		bool found = false;

		for_each_compatible_node(np, NULL, *compats)
			found |= of_device_is_available(np);
		if (!found)
			return false;
	}
	return true;
}

/* The method the tree's nodes imply for a CPU node that names none. */
static const struct of_cpu_method *implied_method(void)
{
	for (const struct of_cpu_method *m = __cpu_method_of_table_start;
	     m < __cpu_method_of_table_end; m++)
		if (m->implied_by && tree_has_all(m->implied_by))
			return m;
	return NULL;
}

/* "a + b": the compatibles that implied @m. */
static void implied_by_names(const struct of_cpu_method *m, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (const char *const *c = m->implied_by; *c && n < len; c++)
		n += scnprintf(buf + n, len - n, "%s%s", n ? " + " : "", *c);
}

static void known_methods(char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (const struct of_cpu_method *m = __cpu_method_of_table_start;
	     m < __cpu_method_of_table_end && n < len; m++)
		if (first_entry(m->method) == m)	/* a method implied two ways: once */
			n += scnprintf(buf + n, len - n, "%s%s", n ? ", " : "", m->method);
}

static u32 this_cpu_hwid(void)
{
	return cpu_has_ldrex ? read_cpuid_mpidr() & MPIDR_HWID_BITMASK : 0;
}

static void rec_vset(struct cpu_node_rec *r, enum cpu_node_state st, const char *fmt,
		     va_list ap)
{
	vscnprintf(r->why, sizeof(r->why), fmt, ap);
	r->state = st;
}

static void rec_set(struct cpu_node_rec *r, enum cpu_node_state st, const char *fmt, ...)
	__printf(3, 4);
static void rec_set(struct cpu_node_rec *r, enum cpu_node_state st, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rec_vset(r, st, fmt, ap);
	va_end(ap);
}

/*
 * A booting CPU gets one verdict: from itself (online, or its setup
 * failed) or from the boot CPU giving up on its check-in, whichever comes
 * first.  Each looks and sets under this lock, so a secondary that comes
 * up late finds itself failed and parks, never marking itself online
 * over the boot CPU's verdict.
 */
static DEFINE_SPINLOCK(verdict_lock);

/* rec_set() on a booting CPU: true; false, and nothing set, when it has its verdict. */
static bool rec_settle(struct cpu_node_rec *r, enum cpu_node_state st, const char *fmt, ...)
	__printf(3, 4);
static bool rec_settle(struct cpu_node_rec *r, enum cpu_node_state st, const char *fmt, ...)
{
	unsigned long flags;
	bool first;
	va_list ap;

	spin_lock_irqsave(&verdict_lock, flags);
	first = r->state == NODE_BOOTING;
	if (first) {
		va_start(ap, fmt);
		rec_vset(r, st, fmt, ap);
		va_end(ap);
	}
	spin_unlock_irqrestore(&verdict_lock, flags);
	return first;
}

/* Read one node's reg and method; 0, or the node is off/failed already. */
static int rec_read(struct cpu_node_rec *r)
{
	const __be32 *reg;
	int len, ac = of_n_addr_cells(r->np);

	r->cpu = -1;
	r->method = of_cpu_enable_method(r->np);
	if (!r->method) {
		r->implied = implied_method();
		r->method = r->implied ? r->implied->method : NULL;
	}
	if (!of_device_is_available(r->np)) {
		rec_set(r, NODE_OFF, "disabled in the tree (status)");
		return -ENODEV;
	}
	reg = of_get_property(r->np, "reg", &len);
	if (!reg || ac < 1 || ac > 2 || len < 4 * ac) {
		rec_set(r, NODE_FAILED, "no usable reg (the MPIDR affinity, #address-cells %d)", ac);
		return -EINVAL;
	}
	r->hwid = of_read_number(reg, ac);
	r->has_hwid = true;
	if (r->hwid & ~(u64)MPIDR_HWID_BITMASK) {
		rec_set(r, NODE_FAILED, "reg 0x%llx has bits outside the MPIDR affinity (23:0)",
			r->hwid);
		return -EINVAL;
	}
	for (unsigned int i = 0; i < nr_recs; i++)
		if (&recs[i] != r && recs[i].has_hwid && recs[i].hwid == r->hwid) {
			rec_set(r, NODE_FAILED, "duplicate MPIDR 0x%llx: %pOF has it too", r->hwid,
				recs[i].np);
			r->has_hwid = false;
			return -EEXIST;
		}
	return 0;
}

/* nosmp, maxcpus=N: how many CPUs may run (the boot CPU included); the
 * option, for the reason, in @why. */
static unsigned int max_cpus_allowed(char *why, size_t len)
{
	char buf[16];
	unsigned int n;

	if (cmdline_find_option("nosmp", buf, sizeof(buf)) >= 0) {
		why_set(why, len, "nosmp on the command line");
		return 1;
	}
	if (cmdline_find_option("maxcpus", buf, sizeof(buf)) >= 0 && !kstrtouint(buf, 0, &n)) {
		why_set(why, len, "maxcpus=%u on the command line", n);
		return n ? n : 1;
	}
	return NR_CPUS;
}

static void scan_cpu_nodes(void)
{
	struct device_node *np;
	u32 me = this_cpu_hwid();
	unsigned int next = 1;

	for_each_of_cpu_node(np) {
		struct cpu_node_rec *r;

		if (nr_recs == MAX_CPU_NODES) {
			pr_warn("more than %d CPU nodes: %pOF and later ignored\n", MAX_CPU_NODES, np);
			of_node_put(np);        /* the loop's, left early */
			break;
		}
		r = &recs[nr_recs++];
		r->np = of_node_get(np);        /* the record keeps it; the loop puts its own */
		if (rec_read(r))
			continue;
		if (r->hwid == me && !cpu_rec[0]) {
			r->cpu = 0;
			cpu_rec[0] = r;
			rec_set(r, NODE_ONLINE, "the boot CPU");
			continue;
		}
		if (!cpu_has_ldrex) {
			rec_set(r, NODE_OFF, "this CPU (ARMv5) has no ldrex/strex: uniprocessor only");
			continue;
		}
		if (next == NR_CPUS) {
			rec_set(r, NODE_OFF, "beyond the %d CPUs this kernel supports", NR_CPUS);
			continue;
		}
		r->cpu = (int)next;
		cpu_rec[next++] = r;
	}
	smp_scanned = true;
}

/* --- bringing one up --------------------------------------------------------- */

int smp_core_in_cluster(u64 hwid, int cores, const char *counter, char *why, size_t whylen)
{
	if (cores < 1 || (!(hwid & ~(u64)MPIDR_AFF0) && (hwid & MPIDR_AFF0) < (u64)cores))
		return 0;
	why_set(why, whylen, "reg 0x%llx is no core of the %d the %s reports", hwid, cores,
		counter);
	return -ENXIO;
}

/* ARMv7 only (the image is assembled for ARMv5): wake cores in wfe. */
static inline void sev(void)
{
	__asm__ volatile(".word 0xe320f004" : : : "memory");
}

static void prepare_secondary_data(unsigned int cpu, u32 hwid, char *stacks)
{
	u32 top = (u32)(uintptr_t)stacks + SVC_STACK;

	secondary_data.mpidr = hwid;
	secondary_data.cpu = cpu;
	secondary_data.stack_top[0] = top;
	secondary_data.stack_top[1] = (top += IRQ_STACK);
	secondary_data.stack_top[2] = (top += EXC_STACK);
	secondary_data.stack_top[3] = (top += EXC_STACK);
	__asm__ volatile("mrc p15, 0, %0, c2, c0, 0" : "=r"(secondary_data.ttbr0));
	__asm__ volatile("mrc p15, 0, %0, c3, c0, 0" : "=r"(secondary_data.dacr));
	__asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(secondary_data.sctlr));
	secondary_data.vbar = (u32)vectors_base;
	dsb();
	sev();		/* a core waiting in the pen looks again */
}

static bool wait_check_in(struct cpu_node_rec *r)
{
	u64 end = ktime_get_ns() + (u64)CHECK_IN_MS * 1000000u;

	while (r->state == NODE_BOOTING)
		if (ktime_get_ns() > end)
			return false;
	return true;
}

static void boot_secondary(struct cpu_node_rec *r)
{
	unsigned int cpu = (unsigned int)r->cpu;
	const struct smp_operations *ops;
	char known[96], why[96] = "";
	char *stacks;
	int ret;

	known_methods(known, sizeof(known));
	if (!r->method) {
		rec_set(r, NODE_OFF, "no enable-method (this kernel knows: %s)", known);
		return;
	}
	ops = cpu_method_ops(r->method);
	if (!ops) {
		rec_set(r, NODE_OFF, "enable-method \"%s\" is not one this kernel knows (%s)",
			r->method, known);
		return;
	}
	stacks = kmalloc(SECONDARY_STACKS, GFP_KERNEL);
	if (!stacks) {
		rec_set(r, NODE_FAILED, "no memory for its stacks");
		return;
	}
	prepare_secondary_data(cpu, (u32)r->hwid, stacks);
	r->state = NODE_BOOTING;
	ret = ops->smp_boot_secondary(cpu, r->np, r->hwid, (unsigned long)secondary_startup, why,
				      sizeof(why));
	if (ret) {
		rec_set(r, ret == -ENXIO ? NODE_OFF : NODE_FAILED, "%s%s: %s", r->method,
			r->implied ? " (implied)" : "", why[0] ? why : errname(ret));
		kfree(stacks);
		return;
	}
	/* A late core finds itself failed and parks: its stacks stay its own. */
	if (!wait_check_in(r))
		rec_settle(r, NODE_FAILED, "%s started it, but it did not check in within %d ms",
			   r->method, CHECK_IN_MS);
}

static void secondary_park(void)
{
	local_irq_disable();
	for (;;)
		__asm__ volatile(".word 0xe320f003" : : : "memory");	/* wfi */
}

/* C entry of a secondary (head.S), MMU on, on its own SVC stack, IRQs masked. */
void secondary_start_kernel(unsigned int cpu);
void secondary_start_kernel(unsigned int cpu)
{
	struct cpu_node_rec *r = cpu < NR_CPUS ? cpu_rec[cpu] : NULL;
	const char *step = "?";
	char names[80];
	int ret;

	if (!r || r->state != NODE_BOOTING)
		secondary_park();
	ret = cpuhp_invoke_starting(cpu, &step);
	if (ret) {
		rec_settle(r, NODE_FAILED, "its %s setup failed (%d)", step, ret);
		secondary_park();
	}
	names[0] = '\0';
	if (r->implied)
		implied_by_names(r->implied, names, sizeof(names));
	if (!rec_settle(r, NODE_ONLINE, "started by %s%s%s", r->method,
			names[0] ? ", implied by " : "", names)) {
		/* Given up on while it set itself up: undone, it parks. */
		cpuhp_invoke_dying(cpu);
		secondary_park();
	}
	dsb();
	local_irq_enable();
	for (;;) {
		dsb();
		__asm__ volatile(".word 0xe320f003" : : : "memory");	/* wfi */
	}
}

/* --- whynot and the shell ---------------------------------------------------- */

static struct cpu_node_rec *rec_of(const struct device_node *np)
{
	for (unsigned int i = 0; i < nr_recs; i++)
		if (recs[i].np == np)
			return &recs[i];
	return NULL;
}

/* whynot on a CPU node: what bring-up did with it (overrides whynot.c's). */
bool arch_whynot_cpu(struct device_node *np, whynot_out_t out, void *ctx)
{
	struct cpu_node_rec *r = rec_of(np);
	char line[160];

	if (!smp_scanned || !r) {
		out(ctx, "not looked at by the kernel (no CPU node it scanned)");
		return true;
	}
	if (r->cpu >= 0)
		scnprintf(line, sizeof(line), "CPU %d: %s: %s", r->cpu, state_names[r->state],
			  r->why);
	else
		scnprintf(line, sizeof(line), "no CPU number: %s: %s", state_names[r->state],
			  r->why);
	out(ctx, line);
	return true;
}

void smp_init(void)
{
	char limit_why[48];
	unsigned int limit = max_cpus_allowed(limit_why, sizeof(limit_why)), online;

	scan_cpu_nodes();
	for (unsigned int cpu = 1; cpu < NR_CPUS; cpu++) {
		struct cpu_node_rec *r = cpu_rec[cpu];

		if (!r)
			continue;
		if (cpu >= limit)
			rec_set(r, NODE_OFF, "%s", limit_why);
		else
			boot_secondary(r);
	}
	secondary_data.mpidr = PEN_CLOSED;	/* a late core stays in the pen */
	dsb();
	online = num_online_cpus();
	pr_info("%u of %u CPU%s online%s\n", online, nr_recs ? nr_recs : 1,
		nr_recs > 1 ? "s" : "",
		online < nr_recs ? " (`cpus` says why the others are not)" : "");
}

static int cmd_cpus(int argc, char **argv)
{
	unsigned int me = smp_processor_id();

	if (!nr_recs) {
		printf("no CPU nodes under /cpus\n");
		return -ENODEV;
	}
	printf("%-10s %-10s %-3s %-14s %8s %6s  %s\n", "node", "MPIDR", "cpu", "enable-method",
	       "ticks", "IPIs", "state");
	for (unsigned int i = 0; i < nr_recs; i++) {
		const struct cpu_node_rec *r = &recs[i];
		char hwid[16] = "-", num[4] = "-";

		if (r->has_hwid)
			scnprintf(hwid, sizeof(hwid), "0x%08llx", r->hwid);
		if (r->cpu >= 0)
			scnprintf(num, sizeof(num), "%d", r->cpu);
		printf("%-10s %-10s %-3s %-14s %8lu %6lu  %s (%s)%s\n", r->np->full_name, hwid, num,
		       r->method ? r->method : "-",
		       r->cpu >= 0 ? per_cpu(tick_cpu_count, r->cpu) : 0ul,
		       r->cpu >= 0 ? smp_ipi_count((unsigned int)r->cpu) : 0ul,
		       state_names[r->state], r->why,
		       r->cpu == (int)me ? ", this CPU" : "");
	}
	printf("%u CPU(s) in the tree, %u online\n", nr_recs, num_online_cpus());
	return 0;
}
SHELL_COMMAND(cpus, cmd_cpus, "cpus",
	      "the tree's CPU nodes: MPIDR (reg), enable-method, state and why, ticks, IPIs",
	      .topic = TOPIC_SYSTEM,
	      .example = "cpus");

static int cmd_cpu(int argc, char **argv)
{
	unsigned int cpu;
	unsigned long before;
	u64 end;
	int ret;

	if (argc != 3 || strcmp(argv[2], "ipi") || kstrtouint(argv[1], 0, &cpu))
		return -EINVAL;
	before = smp_ipi_count(cpu);
	ret = smp_send_ipi(cpu, IPI_PING);
	if (ret) {
		printf("cpu %u: no IPI sent: %s\n", cpu,
		       ret == -ENXIO ? "not online" : "no interrupt controller raises IPIs");
		return ret;
	}
	end = ktime_get_ns() + 100 * 1000000ull;
	while (smp_ipi_count(cpu) == before && ktime_get_ns() < end)
		;
	if (smp_ipi_count(cpu) == before) {
		printf("cpu %u: IPI sent, not received within 100 ms\n", cpu);
		return -ETIMEDOUT;
	}
	printf("cpu %u: IPI received (%lu in all)\n", cpu, smp_ipi_count(cpu));
	return 0;
}
SHELL_COMMAND(cpu, cmd_cpu, "cpu N ipi", "send CPU N an inter-processor interrupt",
	      .topic = TOPIC_SYSTEM,
	      .example = "cpu 1 ipi");
