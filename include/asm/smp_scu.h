/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Cortex-A9 Snoop Control Unit (drivers/bus/arm-scu.c, the tree's
 * `arm,cortex-a9-scu` node): it keeps the cores' data caches coherent and
 * knows how many cores the cluster has.
 */
#ifndef _ASM_SMP_SCU_H
#define _ASM_SMP_SCU_H

/**
 * scu_get_core_count() - the cores the bound SCU reports (its
 * configuration register), enabled already by its probe.
 * Return: the count (1-4); -ENOENT when the tree has no SCU (a cluster
 * whose coherency is inside the cores: Cortex-A15); -ENODEV when it has
 * one that no driver bound.
 */
int scu_get_core_count(void);

#endif
