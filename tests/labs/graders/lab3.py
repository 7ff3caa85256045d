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
    '12-bit resolution (27.0625 C read exactly)': 1,
    'the whole range, -55 C to 127.9375 C, read exactly': 1,
    'probe fails where no TMP105 answers (a node at 0x49 with no chip)': 1,
}

# The chip's range (-55 C to 125 C) and the register's last step, both
# sides of 0 and of 32.767 C (16 bits of millidegrees): (mdeg, why).
RANGE = ((-55000, "the chip's minimum"), (-500, "between -1 and 0"),
         (-62, "one step below 0 (-0.0625, printed -0.062 or -0.063)"), (0, "zero"),
         (40000, "above 32.767 C"), (125000, "the chip's maximum"),
         (127999, "the register's largest value, 0x7ff0 (127.9375)"))


def register(mdeg):
    """What the chip reads at @mdeg as QEMU sets it (a 1/256 C step toward
    zero, then the 12 bits kept), in degrees."""
    raw = int(mdeg * 256 / 1000) & 0xfff0
    return (raw - 0x10000 if raw & 0x8000 else raw) / 256

# The grader's own node (not in any student's tree): an address where
# QEMU has no chip.
ABSENT = "/external-bus/i2c@1,0/temperature-sensor@49"
ABSENT_DTS = """&i2c0 {
	temperature-sensor@49 {
		compatible = "ti,tmp105";
		reg = <0x49>;
	};
};
"""

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
    machine, sock = sensor_machine(g, kernel, ABSENT_DTS)
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
            t, out = read_temp(c, qmp, 27063)
            g.check("12-bit resolution (27.0625 C read exactly)",
                    t is not None and abs(t - 27.0625) < 0.001,
                    "QEMU's sensor is at 27.0625 C; `temp` printed:\n%s\nAt power-on "
                    "the chip gives 9 bits (0.5 C steps): see the configuration\n"
                    "register's R1:R0 bits." % indent(out))
            wrong = []
            for mdeg, why in RANGE:
                t, out = read_temp(c, qmp, mdeg)
                want = register(mdeg)
                if t is None or abs(t - want) > 0.0011:
                    wrong.append("at %.4f C (%s) `temp` printed: %s" %
                                 (want, why, out.strip().splitlines()[-1] if out.strip()
                                  else "(nothing)"))
            g.check("the whole range, -55 C to 127.9375 C, read exactly", not wrong,
                    "QEMU's sensor was set across the chip's range:\n%s\nThe page's "
                    "range is -55 C to 125 C: does each step of your arithmetic\nand your "
                    "printing hold a negative value, a fraction below 1 and the\nlargest "
                    "one?" % indent("\n".join(wrong)))
        finally:
            qmp.close()
        verdict, out = whynot(c, ABSENT)
        g.check("probe fails where no TMP105 answers (a node at 0x49 with no chip)",
                verdict == "failed",
                "The grader added a TMP105 node at 0x49, where no chip answers;\n"
                "`whynot %s` says:\n%s\nProbe must find out that the chip is there "
                "(a transfer to it fails)\nand return that error: a driver bound to "
                "nothing reads garbage." % (ABSENT, indent(out)))
    return g
