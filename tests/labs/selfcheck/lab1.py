# SPDX-License-Identifier: BSD-2-Clause
"""Lab 1's self-check (docs/labs/lab1/README.md): the files, the tree
compiles and boots, every question answered (whether rightly, the grade
says)."""
from harness import Grader, check_answered, check_boots, compile_lab_dts, have_files, indent

TITLE = 'read the tree'

RUBRIC = {
    'answers.txt and lab1.dts exist': 1,
    'lab1.dts compiles': 1,
    'the kernel boots on it to the shell': 1,
    'answers.txt: each question answered once': 1,
}


def lab1(src):
    g = Grader(1, src, "selfcheck")
    files = have_files(g, src, "answers.txt", "lab1.dts")
    if not files:
        return g
    dtb, err = compile_lab_dts(files[1], g.out / "lab1.dtb")
    if g.check("lab1.dts compiles", dtb, "dtc said:\n" + indent(err)):
        check_boots(g, "the kernel boots on it to the shell", dtb=dtb)
    check_answered(g, "answers.txt: each question answered once", files[0])
    return g
