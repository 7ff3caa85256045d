/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Modules for the devices without a driver (kernel/coldplug.c): the walk
 * udev does for Linux, over the driver core's devices, through the module
 * loader's modules.alias look-up.
 */
#ifndef _COYOTE_COLDPLUG_H
#define _COYOTE_COLDPLUG_H

/**
 * module_autoload() - for each device without a driver, look its
 * compatible strings up (in order) in modules.alias and load the first
 * module that matches; skip modules in the comma-separated @blacklist.
 * Return: the number of modules loaded.
 */
int module_autoload(const char *blacklist);

/* Boot step: the initrd, then autoload unless the bootargs say
 * modules.autoload=0; module_blacklist=a,b skips some. */
void load_boot_modules(void);

#endif
