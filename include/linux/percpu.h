/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-CPU variables with Linux's names: one copy per possible CPU, indexed
 * by the logical CPU number.  A CPU writes only its own copy; others read.
 */
#ifndef _LINUX_PERCPU_H
#define _LINUX_PERCPU_H

#include <linux/smp.h>

#define DEFINE_PER_CPU(type, name)	__typeof__(type) name[NR_CPUS]
#define DECLARE_PER_CPU(type, name)	extern __typeof__(type) name[NR_CPUS]
#define per_cpu(name, cpu)		((name)[cpu])
#define this_cpu_ptr(ptr)		(&(*(ptr))[smp_processor_id()])

#endif
