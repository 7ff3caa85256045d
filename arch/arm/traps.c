// SPDX-License-Identifier: BSD-2-Clause
/*
 * What happens when the CPU takes an exception we do not expect: a register
 * dump that names the function the CPU was in (symbol+offset from the
 * kallsyms table built into the image), the fault address and status for
 * aborts, a frame-pointer backtrace, then a halt with a clear message.
 * Nothing here returns, but for an instruction listed in the exception
 * table (asm/extable.h: a firmware call, a guarded first read of a device
 * window), which resumes at its fixup: after any other fault the machine
 * state is not to be trusted, and a student learns more from a clean stop.
 */
#define pr_fmt(fmt) fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/delay.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <coyote/kallsyms.h>
#include <coyote/setup.h>
#include <coyote/shell.h>
#include <asm/barrier.h>
#include <asm/cputype.h>
#include <asm/extable.h>
#include <asm/irq.h>
#include <asm/irqflags.h>
#include <asm/mmu.h>
#include <asm/ptrace.h>

/* Matches the numbers entry.S passes. */
enum { EXC_UNDEF, EXC_SWI, EXC_PABT, EXC_DABT, EXC_FIQ, EXC_RESERVED };

static const char *const exc_names[] = {
	[EXC_UNDEF] = "undefined instruction",
	[EXC_SWI] = "software interrupt (SWI)",
	[EXC_PABT] = "prefetch abort",
	[EXC_DABT] = "data abort",
	[EXC_FIQ] = "FIQ",
	[EXC_RESERVED] = "reserved vector",
};

/* ARMv5 fault status codes (FSR[3:0]), as the ARM926 TRM lists them. */
static const char *fsr_name(u32 fsr)
{
	switch (fsr & 0xf) {
	case 0x1: case 0x3: return "alignment fault";
	case 0x2: return "debug event (breakpoint)";
	case 0x4: return "instruction cache maintenance fault";
	case 0x5: return "section translation fault";
	case 0x7: return "page translation fault";
	case 0x8: return "external abort on non-linefetch";
	case 0x9: return "section domain fault";
	case 0xb: return "page domain fault";
	case 0xc: case 0xe: return "external abort on translation";
	case 0xd: return "section permission fault";
	case 0xf: return "page permission fault";
	case 0x6: case 0xa: return "external abort on linefetch";
	default: return "unknown fault";
	}
}

static u32 read_fsr(void)
{
	u32 v;

	__asm__ volatile("mrc p15, 0, %0, c5, c0, 0" : "=r"(v));
	return v;
}

static u32 read_far(void)
{
	u32 v;

	__asm__ volatile("mrc p15, 0, %0, c6, c0, 0" : "=r"(v));
	return v;
}

static const char *mode_name(unsigned long cpsr)
{
	switch (cpsr & MODE_MASK) {
	case USR_MODE: return "USR";
	case FIQ_MODE: return "FIQ";
	case IRQ_MODE: return "IRQ";
	case SVC_MODE: return "SVC";
	case MON_MODE: return "MON";
	case ABT_MODE: return "ABT";
	case UND_MODE: return "UND";
	case SYS_MODE: return "SYS";
	default: return "???";
	}
}

extern char __vectors_start[], __vectors_end[];
unsigned long vectors_base;

/*
 * The vector page.  The ARM926 takes exceptions at 0 (SCTLR.V clear), which
 * is RAM on versatilepb and realview-eb: copy the page there.  On the
 * Cortex-A9 address 0 is flash (vexpress-a9), but ARMv7 has VBAR: point it
 * at the page where it was linked.  The MIDR decides, not the board.
 */
void early_trap_init(void)
{
	u32 sctlr;

	__asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
	sctlr &= ~(1u << 13);			/* V: low vectors (0 or VBAR) */
	__asm__ volatile("mcr p15, 0, %0, c1, c0, 0" : : "r"(sctlr) : "memory");
	isb();
	if (cpu_is_armv7()) {
		vectors_base = (unsigned long)__vectors_start;
		__asm__ volatile("mcr p15, 0, %0, c12, c0, 0" : : "r"(vectors_base) : "memory");
		isb();
		return;
	}
	/* A store through address 0 is undefined behaviour to C: copy in asm. */
	{
		const char *src = __vectors_start;
		unsigned long dst = 0;

		vectors_base = 0;
		__asm__ volatile("1:	cmp	%0, %2\n"
				 "	ldrlo	r3, [%0], #4\n"
				 "	strlo	r3, [%1], #4\n"
				 "	blo	1b\n"
				 : "+r"(src), "+r"(dst)
				 : "r"(__vectors_end)
				 : "r3", "cc", "memory");
	}
}

extern char __svc_stack_bottom[], __svc_stack_top[];
extern char __irq_stack_bottom[], __irq_stack_top[];

static bool on_stack(unsigned long p, const char *lo, const char *hi)
{
	return p >= (unsigned long)lo && p + 4 <= (unsigned long)hi && !(p & 3);
}

static bool on_any_stack(unsigned long p)
{
	return on_stack(p, __svc_stack_bottom, __svc_stack_top) ||
	       on_stack(p, __irq_stack_bottom, __irq_stack_top);
}

/*
 * The kernel is built with APCS frames (-mapcs-frame): fp points at the
 * saved pc, with lr at fp-4, sp at fp-8 and the caller's fp at fp-12.
 * Every step is checked against the stack bounds so a corrupted frame ends
 * the trace instead of faulting again.
 */
void show_backtrace(unsigned long fp)
{
	char sym[KSYM_SYMBOL_LEN];
	int depth;

	pr_emerg("Backtrace (frame pointers):\n");
	for (depth = 0; depth < 16; depth++) {
		const unsigned long *frame;
		unsigned long lr;

		if (!on_any_stack(fp) || !on_any_stack(fp - 12))
			break;
		frame = (const unsigned long *)fp;
		lr = frame[-1];
		sprint_symbol(sym, lr);
		pr_emerg("  [<%08lx>] %s\n", lr, sym);
		if (frame[-3] <= fp)
			break;	/* frames must move up the stack */
		fp = frame[-3];
	}
	if (!depth)
		pr_emerg("  (no frames: fp %08lx is not on a kernel stack)\n", fp);
}

void show_regs(const struct pt_regs *regs)
{
	char sym[KSYM_SYMBOL_LEN];
	const unsigned long *r = regs->uregs;
	unsigned long cpsr = regs->ARM_cpsr;

	sprint_symbol(sym, regs->ARM_pc);
	pr_emerg("pc : [<%08lx>] %s\n", regs->ARM_pc, sym);
	sprint_symbol(sym, regs->ARM_lr);
	pr_emerg("lr : [<%08lx>] %s\n", regs->ARM_lr, sym);
	pr_emerg("sp : %08lx  ip : %08lx  fp : %08lx\n", r[13], r[12], r[11]);
	pr_emerg("r10: %08lx  r9 : %08lx  r8 : %08lx\n", r[10], r[9], r[8]);
	pr_emerg("r7 : %08lx  r6 : %08lx  r5 : %08lx  r4 : %08lx\n", r[7], r[6], r[5], r[4]);
	pr_emerg("r3 : %08lx  r2 : %08lx  r1 : %08lx  r0 : %08lx\n", r[3], r[2], r[1], r[0]);
	pr_emerg("cpsr: %08lx  mode %s, IRQs %s, FIQs %s, %s state\n", cpsr, mode_name(cpsr),
		 (cpsr & PSR_I_BIT) ? "off" : "on", (cpsr & PSR_F_BIT) ? "off" : "on",
		 (cpsr & PSR_T_BIT) ? "Thumb" : "ARM");
}

void __noreturn arch_halt(void)
{
	local_irq_disable();
	for (;;)
		cpu_do_idle();
}

/*
 * An smc where the CPU has the Security Extensions but no monitor code was
 * ever installed (QEMU's vexpress-a9: MVBAR is 0): the CPU enters Monitor
 * mode and takes a prefetch abort fetching its vector from page 0.  Seen
 * from Monitor mode, the smc is its banked lr less 4 and the caller's CPSR
 * its SPSR: when that smc is in the exception table, rewind @regs to it so
 * the fixup runs in the caller's mode.  Only secure PL1 reaches Monitor
 * mode, so switching to it here to read SPSR_mon is allowed.
 */
static bool smc_without_monitor(struct pt_regs *regs, int type)
{
	struct pt_regs at_smc = *regs;
	unsigned long spsr, cpsr;

	if (type != EXC_PABT || processor_mode(regs) != MON_MODE)
		return false;
	__asm__ volatile("mrs	%1, cpsr\n"
			 "	msr	cpsr_c, %2\n"
			 "	mrs	%0, spsr\n"
			 "	msr	cpsr_c, %1\n"
			 : "=&r"(spsr), "=&r"(cpsr)
			 : "r"(MON_MODE | PSR_I_BIT | PSR_F_BIT) : "memory");
	at_smc.ARM_pc = regs->ARM_lr - 4;
	at_smc.ARM_cpsr = spsr;
	if (!fixup_exception(&at_smc))
		return false;
	*regs = at_smc;
	return true;
}

/* Called from entry.S with the saved context; returns only to a fixup. */
void do_exception(struct pt_regs *regs, int type);
void do_exception(struct pt_regs *regs, int type)
{
	char sym[KSYM_SYMBOL_LEN];
	const char *what = type <= EXC_RESERVED ? exc_names[type] : "unknown exception";

	if ((type == EXC_UNDEF || type == EXC_DABT || type == EXC_PABT) &&
	    processor_mode(regs) != USR_MODE &&
	    (smc_without_monitor(regs, type) || fixup_exception(regs)))
		return;
	pr_emerg("\n");
	if (type == EXC_DABT) {
		u32 fsr = read_fsr();
		const char *hint = mmu_fault_hint(read_far(), fsr);

		if (hint)
			pr_emerg("Unable to handle kernel access at virtual address %08x: %s\n",
				 read_far(), hint);
		pr_emerg("Unhandled %s at address %08x: FSR %08x (%s, domain %u)\n", what,
			 read_far(), fsr, fsr_name(fsr), (fsr >> 4) & 0xf);
	} else if (type == EXC_PABT) {
		/* ARM926 has no IFSR/IFAR: the faulting address is the pc. */
		pr_emerg("Unhandled %s at address %08lx (a bkpt instruction or a fetch from a bad address)\n",
			 what, regs->ARM_pc);
	} else if (type == EXC_UNDEF) {
		pr_emerg("Unhandled %s %08lx at address %08lx\n", what,
			 (regs->ARM_cpsr & PSR_T_BIT) ? 0ul : *(const unsigned long *)regs->ARM_pc,
			 regs->ARM_pc);
	} else {
		pr_emerg("Unhandled %s at address %08lx\n", what, regs->ARM_pc);
	}
	show_regs(regs);
	show_backtrace(regs->ARM_fp);
	sprint_symbol(sym, regs->ARM_pc);
	pr_emerg("halted: %s in %s\n", what, sym);
	panic_halt();
}

/*
 * Default IRQ handler until an interrupt controller driver provides the
 * real one: nothing here enables IRQs, so one arriving means something
 * unmasked it early.  Say so once, then mask IRQs in the interrupted CPSR
 * so the line cannot storm.
 */
__attribute__((weak)) void handle_arch_irq(struct pt_regs *regs)
{
	static bool warned;

	if (!warned) {
		char sym[KSYM_SYMBOL_LEN];

		warned = true;
		sprint_symbol(sym, regs->ARM_pc);
		pr_warn("irq: unexpected IRQ at %s (no interrupt controller driver); masking IRQs\n",
			sym);
	}
	regs->ARM_cpsr |= PSR_I_BIT;
}

/*
 * fault: make the CPU take an exception on purpose, to see the dump.
 * Data aborts: with the MMU off nothing faults on a bad address (QEMU reads
 * unmapped space as 0), so this turns on alignment checking (SCTLR.A) and
 * loads from an odd address: a genuine data abort with FAR and FSR.
 */
static void __attribute__((noinline)) fault_undef(void)
{
	/* A permanently undefined encoding (ARM ARM: "UDF" space). */
	__asm__ volatile(".word 0xe7f000f0" ::: "memory");
}

static void __attribute__((noinline)) fault_data_abort(void)
{
	static u32 words[2] = { 0x11223344, 0x55667788 };
	u32 sctlr, v;

	__asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
	sctlr |= 1u << 1;	/* A: alignment fault checking */
	__asm__ volatile("mcr p15, 0, %0, c1, c0, 0" : : "r"(sctlr) : "memory");
	__asm__ volatile("ldr %0, [%1]" : "=r"(v) : "r"((char *)words + 1) : "memory");
	(void)v;
}

static void __attribute__((noinline)) fault_prefetch_abort(void)
{
	/* On ARMv5 a bkpt instruction (without a debugger) is a prefetch abort. */
	__asm__ volatile("bkpt #0" ::: "memory");
}

/* A store through NULL: with the MMU on, page 0 is unmapped. */
static void __attribute__((noinline)) fault_null(void)
{
	__asm__ volatile("str %0, [%1]" : : "r"(0x4e554c4c), "r"(0) : "memory");
}

/* A store into the kernel's own code: text is read-only with the MMU on. */
static void __attribute__((noinline)) fault_text(void)
{
	__asm__ volatile("str %0, [%1]" : : "r"(0), "r"(fault_undef) : "memory");
}

/* A store into the symbol table, as a stray module pointer would: read-only. */
static void __attribute__((noinline)) fault_kallsyms(void)
{
	extern char __kallsyms_start[];

	__asm__ volatile("str %0, [%1]" : : "r"(0), "r"(__kallsyms_start) : "memory");
}

/* Unbounded recursion: the SVC stack runs into its guard page. */
static int __attribute__((noinline)) fault_stack(int depth)
{
	volatile char frame[256];

	frame[0] = (char)depth;
	if (depth >= 0x7fffffff)	/* never: only a bound the compiler cannot see past */
		return frame[0];
	return fault_stack(depth + 1) + frame[0];
}

static void __attribute__((noinline)) fault_swi(void)
{
	__asm__ volatile("swi #0" ::: "memory");
}

/* Busy forever with IRQs on: the soft-lockup watchdog's demonstration. */
static void __attribute__((noinline)) fault_lockup(void)
{
	for (;;)
		__asm__ volatile("" ::: "memory");
}

/* Another CPU takes the printk lock for good; then this one panics. */
static void fault_printk_lock(void)
{
	unsigned int me = smp_processor_id();

	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++) {
		if (cpu == me || !cpu_online(cpu))
			continue;
		if (smp_call_function_single(cpu, printk_hold_lock, NULL, false))
			continue;
		mdelay(100);	/* no printk here: the lock is the other CPU's */
		panic("requested from the shell, CPU %u holding the printk lock", cpu);
	}
	printf("fault: printk-lock needs a second CPU online\n");
}

static int cmd_fault(int argc, char **argv)
{
	if (argc != 2)
		return -EINVAL;
	if (!strcmp(argv[1], "undef"))
		fault_undef();
	else if (!strcmp(argv[1], "data"))
		fault_data_abort();
	else if (!strcmp(argv[1], "prefetch"))
		fault_prefetch_abort();
	else if (!strcmp(argv[1], "swi"))
		fault_swi();
	else if (!strcmp(argv[1], "panic"))
		panic("requested from the shell");
	else if (!strcmp(argv[1], "printk-lock"))
		fault_printk_lock();
	else if (!strcmp(argv[1], "lockup"))
		fault_lockup();
	else if (!strcmp(argv[1], "null"))
		fault_null();
	else if (!strcmp(argv[1], "text"))
		fault_text();
	else if (!strcmp(argv[1], "stack"))
		fault_stack(0);
	else if (!strcmp(argv[1], "kallsyms"))
		fault_kallsyms();
	else
		return -EINVAL;
	printf("fault: the CPU did not fault\n");
	return -EIO;
}
SHELL_COMMAND(fault, cmd_fault, "fault KIND",
	      "fault dump demo, then halt: KIND = undef, data, prefetch, swi, panic, printk-lock, lockup, null, text, stack, kallsyms",
	      .topic = TOPIC_SYSTEM,
	      .example = "fault null");
