# SPDX-License-Identifier: BSD-2-Clause
"""Lab 13's self-check (docs/labs/lab13/README.md): the files, the module
builds, and the kernel boots on QEMU's virt with it."""
from coyote.labs.selfcheck.lab11 import module_on_virt

TITLE = "a driver for a PCI device: QEMU's edu"

RUBRIC = {
    'lab-edu.c and Makefile exist': 1,
    'the Makefile builds (obj-y and obj-m as it says)': 1,
    "the kernel boots on QEMU's virt to the shell": 1,
}


def lab13(src):
    return module_on_virt(13, src, "lab-edu.c")
