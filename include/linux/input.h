/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Input event codes, Linux's numbers (a tree's `linux,code` holds them).
 * coyote has no input layer and no user space to hand events to: the
 * drivers that report keys (drivers/input/keyboard/gpio_keys.c) act on
 * the few keys the kernel itself answers.
 */
#ifndef _LINUX_INPUT_H
#define _LINUX_INPUT_H

#define KEY_POWER	116

#endif
