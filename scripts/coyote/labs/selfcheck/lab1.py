# SPDX-License-Identifier: BSD-2-Clause
"""Lab 1's self-check (docs/labs/lab1/README.md): the files, the tree
compiles and boots, every question answered (whether rightly, the grade
says)."""
from coyote.labs.selfcheck.lab0 import tree_and_answers

TITLE = 'read the tree'

RUBRIC = {
    'answers.txt and lab1.dts exist': 1,
    'lab1.dts compiles': 1,
    'the kernel boots on it to the shell': 1,
    'answers.txt: each question answered once': 1,
}


def lab1(src):
    return tree_and_answers(1, src, ("answers.txt", "lab1.dts"))
