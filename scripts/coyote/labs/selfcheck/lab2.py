# SPDX-License-Identifier: BSD-2-Clause
"""Lab 2's self-check (docs/labs/lab2/README.md): the tree compiles and
the kernel boots on it with QEMU's TMP105."""
from coyote.labs.harness import Grader, check_boots, compile_lab_dts, have_files, indent

TITLE = 'describe hardware: a TMP105 on the I2C bus'

RUBRIC = {
    'lab2.dts exists': 1,
    'lab2.dts compiles (dtc warnings count as errors)': 1,
    'the kernel boots on it to the shell, with a TMP105 at 0x48': 1,
}


def lab2(src):
    g = Grader(2, src, "selfcheck")
    files = have_files(g, src, "lab2.dts")
    if not files:
        return g
    dtb, err = compile_lab_dts(files[0], g.out / "lab2.dtb")
    if g.check("lab2.dts compiles (dtc warnings count as errors)", dtb,
               "dtc said:\n" + indent(err)):
        check_boots(g, "the kernel boots on it to the shell, with a TMP105 at 0x48", dtb=dtb,
                    extra=["-device", "tmp105,address=0x48"])
    return g
