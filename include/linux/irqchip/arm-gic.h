/* SPDX-License-Identifier: BSD-2-Clause */
/* What the GIC driver (drivers/irqchip/irq-gic.c) tells the rest. */
#ifndef _LINUX_IRQCHIP_ARM_GIC_H
#define _LINUX_IRQCHIP_ARM_GIC_H

/**
 * gic_get_cpu_count() - the CPU interfaces the root GIC's distributor
 * reports (GICD_TYPER.CPUNumber + 1): the cores wired to it.
 * Return: the count (1-8); -ENODEV when no GIC is bound.
 */
int gic_get_cpu_count(void);

#endif
