# SPDX-License-Identifier: BSD-2-Clause
"""Lab 8's self-check (docs/labs/lab8/README.md): the files, the kernel
and the provider module build, and it boots on the lab's tree."""
from coyote.labs.harness import ROOT, Grader, check_boots, check_kbuild, compile_lab_dts, have_files

TITLE = 'clocks and dependencies'

RUBRIC = {
    'lab-consumer.c, lab-clock.c and Makefile exist': 1,
    'the Makefile builds (obj-y and obj-m as it says)': 1,
    'the kernel boots on lab8.dts to the shell': 1,
}


def lab8(src):
    g = Grader(8, src, "selfcheck")
    if not have_files(g, src, "lab-consumer.c", "lab-clock.c", "Makefile"):
        return g
    kernel = check_kbuild(g, list(RUBRIC)[1], src, list(RUBRIC)[2:])
    if not kernel:
        return g
    lab8 = ROOT / "docs" / "labs" / "lab8"
    dtb, err = compile_lab_dts(lab8 / "lab8.dts", g.out / "lab8.dtb", include=[lab8])
    if not dtb:
        raise RuntimeError("docs/labs/lab8/lab8.dts: " + err)
    check_boots(g, list(RUBRIC)[2], dtb=dtb, kernel=kernel)
    return g
