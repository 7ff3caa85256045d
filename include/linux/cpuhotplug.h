/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a CPU runs for itself as it comes up (Linux's CPU hotplug states,
 * the "starting" ones only): a driver of something every CPU has its own
 * copy of (the GIC's CPU interface, the generic timer) registers a startup
 * callback, which each secondary runs on itself, in state order, with
 * IRQs masked, before it counts as online; the teardown runs on each
 * online secondary when the state is removed (an unbound driver).  The
 * boot CPU is set up by the driver's probe, as before.
 */
#ifndef _LINUX_CPUHOTPLUG_H
#define _LINUX_CPUHOTPLUG_H

enum cpuhp_state {
	CPUHP_AP_IRQ_GIC_STARTING,
	CPUHP_AP_IRQ_BCM2836_STARTING,
	CPUHP_AP_ARM_ARCH_TIMER_STARTING,
	CPUHP_AP_ARM_TWD_STARTING,
	CPUHP_NR_STATES
};

/**
 * cpuhp_setup_state_nocalls() - run @startup(cpu) on each CPU that comes
 * up from now on; nothing runs now (no secondary is up when drivers probe).
 * Return: 0; -EINVAL for a state out of range or no @startup; -EBUSY when
 * @state is taken.
 */
int cpuhp_setup_state_nocalls(enum cpuhp_state state, const char *name,
			      int (*startup)(unsigned int cpu), int (*teardown)(unsigned int cpu));
/* Undo it: @teardown (if any) runs on each online secondary first. */
void cpuhp_remove_state(enum cpuhp_state state);

/**
 * cpuhp_invoke_starting() - on a CPU coming up: every startup, in order.
 * When one fails, the teardowns of those that ran before it run, last
 * first: the CPU is left as it came.
 * Return: 0, or the first error; *@failed names its state.
 */
int cpuhp_invoke_starting(unsigned int cpu, const char **failed);
/* On a CPU that ran every startup but will not be online: every teardown, last first. */
void cpuhp_invoke_dying(unsigned int cpu);

#endif
