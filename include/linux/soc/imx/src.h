/* SPDX-License-Identifier: BSD-2-Clause */
/* The i.MX6 System Reset Controller (drivers/soc/imx/src.c). */
#ifndef _LINUX_SOC_IMX_SRC_H
#define _LINUX_SOC_IMX_SRC_H

/**
 * imx_src_boot_core() - start core @core (1-3) at physical @entry.
 * Return: 0; -ENODEV when no SRC is bound; -EINVAL for core 0 or a core
 * the SRC has not got.
 */
int imx_src_boot_core(unsigned int core, unsigned long entry);

#endif
