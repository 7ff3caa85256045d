// SPDX-License-Identifier: BSD-2-Clause
/*
 * The "starting" CPU hotplug states (include/linux/cpuhotplug.h): a table
 * of callbacks each secondary runs on itself as it comes up.
 */
#include <linux/cpuhotplug.h>
#include <linux/errno.h>
#include <linux/printk.h>
#include <linux/smp.h>

struct cpuhp_step {
	const char *name;
	int (*startup)(unsigned int cpu);
	int (*teardown)(unsigned int cpu);
};

static struct cpuhp_step cpuhp_steps[CPUHP_NR_STATES];

int cpuhp_setup_state_nocalls(enum cpuhp_state state, const char *name,
			      int (*startup)(unsigned int cpu), int (*teardown)(unsigned int cpu))
{
	if ((unsigned int)state >= CPUHP_NR_STATES || !startup)
		return -EINVAL;
	if (cpuhp_steps[state].startup)
		return -EBUSY;
	cpuhp_steps[state] = (struct cpuhp_step){ name, startup, teardown };
	return 0;
}

static void cpuhp_teardown_here(void *info)
{
	const struct cpuhp_step *step = info;

	step->teardown(smp_processor_id());
}

void cpuhp_remove_state(enum cpuhp_state state)
{
	struct cpuhp_step *step;

	if ((unsigned int)state >= CPUHP_NR_STATES)
		return;
	step = &cpuhp_steps[state];
	for (unsigned int cpu = 1; step->teardown && cpu < NR_CPUS; cpu++)
		if (cpu_online(cpu) && smp_call_function_single(cpu, cpuhp_teardown_here, step, true))
			pr_err("cpuhp: %s: CPU %u did not run its teardown\n", step->name, cpu);
	*step = (struct cpuhp_step){ 0 };
}

/* The teardowns of the states below @below, last first, on this CPU. */
static void cpuhp_teardown_below(unsigned int cpu, unsigned int below)
{
	while (below--)
		if (cpuhp_steps[below].teardown)	/* set only with a startup */
			cpuhp_steps[below].teardown(cpu);
}

int cpuhp_invoke_starting(unsigned int cpu, const char **failed)
{
	for (unsigned int s = 0; s < CPUHP_NR_STATES; s++) {
		int ret;

		if (!cpuhp_steps[s].startup)
			continue;
		ret = cpuhp_steps[s].startup(cpu);
		if (ret) {
			*failed = cpuhp_steps[s].name;
			cpuhp_teardown_below(cpu, s);
			return ret;
		}
	}
	return 0;
}

void cpuhp_invoke_dying(unsigned int cpu)
{
	cpuhp_teardown_below(cpu, CPUHP_NR_STATES);
}
