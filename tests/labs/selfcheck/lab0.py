# SPDX-License-Identifier: BSD-2-Clause
"""Lab 0's self-check (docs/labs/lab0/README.md): the files, the tree
compiles and boots, every question answered (whether rightly, the grade
says)."""
from harness import Grader, check_answered, check_boots, compile_lab_dts, have_files, indent

TITLE = 'a device tree source primer'

RUBRIC = {
    'lab0.dts and answers.txt exist': 1,
    'lab0.dts compiles': 1,
    'the kernel boots on it to the shell': 1,
    'answers.txt: each question answered once': 1,
}


def lab0(src):
    g = Grader(0, src, "selfcheck")
    files = have_files(g, src, "lab0.dts", "answers.txt")
    if not files:
        return g
    dtb, err = compile_lab_dts(files[0], g.out / "lab0.dtb")
    if g.check("lab0.dts compiles", dtb, "dtc said:\n" + indent(err)):
        check_boots(g, "the kernel boots on it to the shell", dtb=dtb)
    check_answered(g, "answers.txt: each question answered once", files[1])
    return g
