# SPDX-License-Identifier: BSD-2-Clause
"""Lab 4's self-check (docs/labs/lab4/README.md): the module builds,
autoloads for the sensor, and probe reads the page's example temperature
after rmmod and insmod; no grade draws it."""
import re

from coyote.labs.harness import Grader, check_kbuild, have_files, indent, tail
from coyote.labs.selfcheck.lab3 import register, sensor

TITLE = 'make it a module'

RUBRIC = {
    'tmp105.c and Makefile exist': 1,
    'the Makefile builds (obj-y and obj-m as it says)': 1,
    'the driver binds to the sensor node': 1,
    "rmmod, then insmod, and probe logs the page's example temperature (-20.5625 C)": 1,
}

EXAMPLE = -20563        # mdeg: -20.5625 C, an odd number of 1/16 C below 0


def probe_reading(text):
    """The last temperature a probe logged for 0-0048, or None."""
    m = re.findall(r"0-0048: .*?(-?\d+\.\d+) C", text)
    return float(m[-1]) if m else None


def lab4(src):
    g = Grader(4, src, "selfcheck")
    later = list(RUBRIC)[2:]
    if not have_files(g, src, "tmp105.c", "Makefile",
                      hint="Copy your lab 3 tmp105.c next to the Makefile."):
        return g
    kernel = check_kbuild(g, list(RUBRIC)[1], src, later)
    if not kernel:
        return g
    with sensor(g, kernel) as (c, qmp):
        if not c:
            return g
        c.run("rmmod tmp105")
        qmp.execute("qom-set", path="/machine/peripheral/sensor",
                    property="temperature", value=EXAMPLE)
        out = c.run("insmod tmp105")
        dmesg = c.run("dmesg")
    t = probe_reading(dmesg)
    g.check(later[1], t is not None and abs(t - register(EXAMPLE)) < 0.0011,
            "QEMU's sensor was set to %.4f C, then `insmod tmp105` printed:\n%s\nand "
            "probe logged %s.  A module has no `temp`: probe logs its reading\n"
            "(dev_info). Last lines of dmesg:\n%s" % (
                register(EXAMPLE), indent(out), "%.4f C" % t if t is not None
                else "no reading", indent(tail(dmesg, 6))))
    return g
