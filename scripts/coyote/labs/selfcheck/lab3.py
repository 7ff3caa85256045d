# SPDX-License-Identifier: BSD-2-Clause
"""Lab 3's self-check (docs/labs/lab3/README.md): the build, the bind, and
`temp` at the page's example temperatures, which no grade draws (the
grader's own values stay with the instructor)."""
import contextlib
import re

from coyote.labs.harness import (QMP, SENSOR, Grader, bind_hint, build_with_driver, indent,
                     sensor_machine, whynot)

TITLE = 'a TMP105 I2C driver'

RUBRIC = {
    'tmp105.c exists': 1,
    'the kernel builds with tmp105.c (-Wall -Wextra -Werror)': 1,
    'the driver binds to the sensor node': 1,
    "temp reads the page's example temperatures (61.25 C, -52.5 C, 0.5625 C)": 1,
}

# The page's examples, in mdeg: above 0, below 0, and an odd number of
# 1/16 C (what 9 or 11 bits cannot read exactly).
EXAMPLES = (61250, -52500, 563)


def register(mdeg):
    """What the chip reads at @mdeg as QEMU sets it (a 1/256 C step toward
    zero, then the 12 bits kept), in degrees."""
    raw = int(mdeg * 256 / 1000) & 0xfff0
    return (raw - 0x10000 if raw & 0x8000 else raw) / 256


def read_temp(c, qmp, mdeg):
    qmp.execute("qom-set", path="/machine/peripheral/sensor", property="temperature",
                value=mdeg)
    out = c.run("temp")
    m = re.search(r"0-0048: (-?\d+\.\d+) C", out)
    return (float(m.group(1)) if m else None), out


def binds(g, c):
    """The check that the driver is bound to the page's sensor node."""
    verdict, out = whynot(c, SENSOR)
    return g.check("the driver binds to the sensor node", verdict == "bound",
                   "`whynot %s` says:\n%s\n%s" % (SENSOR, indent(out), bind_hint(c, verdict)))


@contextlib.contextmanager
def sensor(g, kernel):
    """@kernel booted on lab 3's tree with QEMU's TMP105: (the Coyote, a
    QMP socket to set the chip's temperature) once the driver binds (the
    check binds()), else (None, None)."""
    machine, sock = sensor_machine(g, kernel)
    with machine as c:
        if not binds(g, c):
            yield None, None
            return
        qmp = QMP(sock)
        try:
            yield c, qmp
        finally:
            qmp.close()


def lab3(src):
    g = Grader(3, src, "selfcheck")
    kernel = build_with_driver(g, src / "tmp105.c")
    if not kernel:
        return g
    with sensor(g, kernel) as (c, qmp):
        if not c:
            return g
        wrong = []
        for mdeg in EXAMPLES:
            t, out = read_temp(c, qmp, mdeg)
            if t is None or abs(t - register(mdeg)) > 0.0011:
                wrong.append("at %.4f C `temp` printed: %s" % (
                    register(mdeg), out.strip().splitlines()[-1] if out.strip()
                    else "(nothing)"))
    g.check(list(RUBRIC)[3], not wrong,
            "QEMU's sensor was set to the page's examples:\n%s\nThe register is 16 bits, "
            "most significant byte first, two's complement;\nat power-on the chip gives "
            "9 bits (see CONF's R1:R0)." % indent("\n".join(wrong)))
    return g
