# SPDX-License-Identifier: BSD-2-Clause
"""Lab 6's self-check (docs/labs/lab6/README.md): the files, lab6.dts on
the broken.dts handed out compiles, and the kernel boots on it."""
from coyote.labs.harness import PRISTINE, Grader, check_boots, compile_lab_dts, have_files, indent

TITLE = 'debug a probe: three planted faults'

RUBRIC = {
    'lab6.dts and faults.txt exist': 1,
    'lab6.dts compiles': 1,
    'the kernel boots on it to the shell': 1,
}


def lab6(src):
    g = Grader(6, src, "selfcheck")
    files = have_files(g, src, "lab6.dts", "faults.txt")
    if not files:
        return g
    # On the broken.dts handed out (the grade's prepare step keeps it).
    dtb, err = compile_lab_dts(files[0], g.out / "lab6.dtb", include=[PRISTINE / "lab6"])
    if g.check("lab6.dts compiles", dtb, "dtc said:\n" + indent(err)):
        check_boots(g, "the kernel boots on it to the shell", dtb=dtb)
    return g
