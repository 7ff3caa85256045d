# SPDX-License-Identifier: BSD-2-Clause
"""Lab 7's self-check (docs/labs/lab7/README.md): the files, the tree
compiles, the kernel and modules build, and it boots on the tree."""
from coyote.labs.harness import Grader, check_boots, check_kbuild, compile_lab_dts, have_files, indent

TITLE = 'interrupts: the PL061 as an interrupt controller'

RUBRIC = {
    'gpio-pl061.c, lab-button.c, lab7.dts and Makefile exist': 1,
    'lab7.dts compiles': 1,
    'the Makefile builds (obj-y and obj-m as it says)': 1,
    'the kernel boots on lab7.dts to the shell': 1,
}


def lab7(src):
    g = Grader(7, src, "selfcheck")
    if not have_files(g, src, "gpio-pl061.c", "lab-button.c", "lab7.dts", "Makefile"):
        return g
    dtb, err = compile_lab_dts(src / "lab7.dts", g.out / "lab7.dtb")
    if not g.check("lab7.dts compiles", dtb, "dtc said:\n" + indent(err)):
        return g
    kernel = check_kbuild(g, list(RUBRIC)[2], src, list(RUBRIC)[3:])
    if kernel:
        check_boots(g, list(RUBRIC)[3], dtb=dtb, kernel=kernel)
    return g
