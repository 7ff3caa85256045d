# SPDX-License-Identifier: BSD-2-Clause
"""Lab 11's self-check (docs/labs/lab11/README.md): the files, the module
builds, and the kernel boots on QEMU's virt with it."""
from coyote.labs.harness import Grader, check_boots, check_kbuild, have_files

TITLE = "a device from QEMU's command line, bound by its virtio ID"

RUBRIC = {
    'lab-keyboard.c and Makefile exist': 1,
    'the Makefile builds (obj-y and obj-m as it says)': 1,
    "the kernel boots on QEMU's virt to the shell": 1,
}


def module_on_virt(lab, src, driver):
    """Labs 11 and 13: @driver and the Makefile exist, build, and the
    kernel boots on QEMU's virt (the three checks of their rubrics)."""
    g = Grader(lab, src, "selfcheck")
    checks = list(g.rubric)
    if not have_files(g, src, driver, "Makefile"):
        return g
    kernel = check_kbuild(g, checks[1], src, checks[2:])
    if kernel:
        check_boots(g, checks[2], machine="virt", kernel=kernel)
    return g


def lab11(src):
    return module_on_virt(11, src, "lab-keyboard.c")
