# SPDX-License-Identifier: BSD-2-Clause
"""Lab 0's self-check (docs/labs/lab0/README.md): the files, the tree
compiles and boots, every question answered (whether rightly, the grade
says)."""
from coyote.labs.harness import Grader, check_answered, check_boots, compile_lab_dts, have_files, indent

TITLE = 'a device tree source primer'

RUBRIC = {
    'lab0.dts and answers.txt exist': 1,
    'lab0.dts compiles': 1,
    'the kernel boots on it to the shell': 1,
    'answers.txt: each question answered once': 1,
}


def tree_and_answers(lab, src, names):
    """Labs 0 and 1: @names (the tree labN.dts and answers.txt, in the
    order the rubric names them) exist, the tree compiles and boots, each
    question is answered: the four checks of their rubrics."""
    g = Grader(lab, src, "selfcheck")
    files = have_files(g, src, *names)
    if not files:
        return g
    dts = "lab%d.dts" % lab
    dtb, err = compile_lab_dts(src / dts, g.out / ("lab%d.dtb" % lab))
    if g.check("%s compiles" % dts, dtb, "dtc said:\n" + indent(err)):
        check_boots(g, "the kernel boots on it to the shell", dtb=dtb)
    check_answered(g, "answers.txt: each question answered once", src / "answers.txt")
    return g


def lab0(src):
    return tree_and_answers(0, src, ("lab0.dts", "answers.txt"))
