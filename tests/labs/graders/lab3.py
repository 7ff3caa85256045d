# SPDX-License-Identifier: BSD-2-Clause
"""Lab 3's grader (docs/labs/lab3/README.md):
a TMP105 I2C driver."""
import re

from .common import (Grader, QMP, SENSOR, bind_hint, build_with_driver, indent, sensor_machine,
                     whynot)

TITLE = 'a TMP105 I2C driver'

# Every check, in the order reported, and its points: declared once.
RUBRIC = {
    'tmp105.c exists': 1,
    'the kernel builds with tmp105.c (-Wall -Wextra -Werror)': 1,
    'the driver binds to the sensor node': 1,
    "temp shows QEMU's temperature (23.5 C)": 1,
    'negative temperatures (-12.25 C)': 1,
    '12-bit resolution (27.125 C read exactly)': 1,
}

def read_temp(c, qmp, mdeg):
    qmp.execute("qom-set", path="/machine/peripheral/sensor", property="temperature",
                value=mdeg)
    out = c.run("temp")
    m = re.search(r"0-0048: (-?\d+\.\d+) C", out)
    return (float(m.group(1)) if m else None), out


def lab3(src):
    g = Grader(3, src)
    kernel = build_with_driver(g, src / "tmp105.c")
    if not kernel:
        return g
    machine, sock = sensor_machine(g, kernel)
    with machine as c:
        verdict, out = whynot(c, SENSOR)
        bound = g.check("the driver binds to the sensor node", verdict == "bound",
                        "`whynot %s` says:\n%s\n%s" % (SENSOR, indent(out),
                                                     bind_hint(c, verdict)))
        if not bound:
            return g
        qmp = QMP(sock)
        try:
            t, out = read_temp(c, qmp, 23500)
            g.check("temp shows QEMU's temperature (23.5 C)",
                    t is not None and abs(t - 23.5) <= 0.5,
                    "QEMU's sensor is at 23.500 C; `temp` printed:\n%s\nThe temperature "
                    "register is 16 bits, most significant byte first." % indent(out))
            t, out = read_temp(c, qmp, -12250)
            g.check("negative temperatures (-12.25 C)",
                    t is not None and abs(t + 12.25) <= 0.5,
                    "QEMU's sensor is at -12.250 C; `temp` printed:\n%s\nThe register "
                    "holds a two's complement number." % indent(out))
            t, out = read_temp(c, qmp, 27125)
            g.check("12-bit resolution (27.125 C read exactly)",
                    t is not None and abs(t - 27.125) < 0.06,
                    "QEMU's sensor is at 27.125 C; `temp` printed:\n%s\nAt power-on "
                    "the chip gives 9 bits (0.5 C steps): see the configuration\n"
                    "register's R1:R0 bits." % indent(out))
        finally:
            qmp.close()
    return g
