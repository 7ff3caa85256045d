# SPDX-License-Identifier: BSD-2-Clause
"""Lab 10's self-check (docs/labs/lab10/README.md): the files, every
question answered (whether rightly, the grade says), the kernel builds
with widget.c and boots on the lab's tree."""
from coyote.labs.harness import (ROOT, Grader, build_kernel, check_answered, check_boots, check_build,
                     compile_lab_dts, have_files)

TITLE = 'GDB: find a planted bug in a struct device'

RUBRIC = {
    'widget.c and answers.txt exist': 1,
    'answers.txt: each question answered once': 1,
    'the kernel builds with your widget.c': 1,
    'the kernel boots on lab10.dts to the shell': 1,
}


def lab10(src):
    g = Grader(10, src, "selfcheck")
    files = have_files(g, src, "widget.c", "answers.txt")
    if not files:
        return g
    check_answered(g, list(RUBRIC)[1], files[1])
    kernel, log = build_kernel(g, files[0])
    if not check_build(g, list(RUBRIC)[2], kernel, log, list(RUBRIC)[3:]):
        return g
    lab10 = ROOT / "docs" / "labs" / "lab10"
    dtb, err = compile_lab_dts(lab10 / "lab10.dts", g.out / "lab10.dtb")
    if not dtb:
        raise RuntimeError("docs/labs/lab10/lab10.dts: " + err)
    check_boots(g, list(RUBRIC)[3], dtb=dtb, kernel=kernel)
    return g
