# SPDX-License-Identifier: BSD-2-Clause
"""Lab 3's grader (docs/labs/lab3/README.md):
a TMP105 I2C driver."""
import re

from .common import Grader, QMP, build_with_driver, indent, sensor_machine, tmp105_seen, whynot
from coyote.labs.selfcheck.lab3 import binds, read_temp, register  # noqa: F401 (lab 4 reads register)

TITLE = 'a TMP105 I2C driver'

# Every check, in the order reported, and its points: declared once.
RUBRIC = {
    'tmp105.c exists': 1,
    'the kernel builds with tmp105.c (-Wall -Wextra -Werror)': 1,
    'the driver binds to the sensor node': 1,
    "temp shows QEMU's temperature (one drawn for this grade)": 1,
    'negative temperatures': 1,
    '12-bit resolution (a 1/16 C step read exactly)': 1,
    'the whole range, -55 C to 127.9375 C, read exactly': 1,
    'a failed read reaches `temp` as an error (a NACK injected on the bus)': 1,
    "CONF as the chip holds it: 12 bits, converting (not shut down)": 1,
    "probe follows the bus: binds where a chip answers, fails where none does": 1,
}

# The chip's range (-55 C to 125 C) and the register's last step, both
# sides of 0 and of 32.767 C (16 bits of millidegrees): (mdeg, why).
RANGE = ((-55000, "the chip's minimum"), (-500, "between -1 and 0"),
         (-62, "one step below 0 (-0.0625, printed -0.062 or -0.063)"), (0, "zero"),
         (40000, "above 32.767 C"), (125000, "the chip's maximum"),
         (127999, "the register's largest value, 0x7ff0 (127.9375)"))


# The grader's own nodes (in no student's tree), at addresses drawn per
# grade: one where QEMU has a second TMP105, one where no chip answers.
# (0x48 is the page's sensor, 0x68 the board's RTC; 0x49, the address
# earlier grades always used, is one a driver could test for.)
FREE = [a for a in range(0x08, 0x78) if a not in (0x48, 0x49, 0x68)]
NODE = """	temperature-sensor@%x {
		compatible = "ti,tmp105";
		reg = <0x%x>;
	};
"""


def node_path(addr):
    return "/external-bus/i2c@1,0/temperature-sensor@%x" % addr


# The spaces a grade draws its temperatures from, in mdeg (rng.choice()
# over each: the same draw, seed for seed, as randrange over its index).
WARM = range(1000, 60000, 500)                          # 1 C .. 59.5 C, 0.5 C steps
COLD = range(-1000, -50000, -250)                       # -1 C .. -49.75 C
STEPS = [(k | 1) * 625 // 10 + 1 for k in range(16, 1600)]  # odd 1/16 C, 1 C .. 100 C
OTHER = range(-40000, 100000, 1000)                     # the second chip's, plus a quarter
# The temperature a failed read must not print: odd eighths, -50 C .. 119.875 C.
FAULTED = [d * 1000 + e for d in range(-50, 120) for e in (125, 375, 625, 875)]


def sixteenth(rng):
    """An odd number of 1/16 C between 1 C and 100 C, in mdeg (what 11
    bits cannot read exactly), from @rng."""
    return rng.choice(STEPS)


def drawn(rng):
    """This grade's test values from @rng: (a positive, a negative and a
    1/16 C step temperature in mdeg, the second chip's, its address, the
    address no chip answers)."""
    warm = rng.choice(WARM)
    cold = rng.choice(COLD)
    step = sixteenth(rng)
    other = rng.choice(OTHER) + rng.choice((0, 250, 500, 750))
    present, absent = rng.sample(FREE, 2)
    return warm, cold, step, other, present, absent


def failed_read(g, c, qmp):
    """The page asks read_temp() to pass an I2C error on: with the sensor
    set to a new temperature, one transfer to it is made to fail (`i2c
    fault`, a NACK as the bus would give it).  `temp` must say the read
    failed (or, retrying, read the new temperature), then read it."""
    fresh = g.rng.choice(FAULTED)
    qmp.execute("qom-set", path="/machine/peripheral/sensor", property="temperature",
                value=fresh)
    c.run("i2c fault 0 0x48 1")
    faulted = c.run("temp")
    c.run("i2c fault 0 0x48 0")
    t, after = read_temp(c, qmp, fresh)
    m = re.search(r"0-0048: (-?\d+\.\d+) C", faulted)
    told = re.search(r"0-0048: read failed: E[A-Z]+", faulted)
    retried = m is not None and abs(float(m.group(1)) - register(fresh)) < 0.0011
    again = t is not None and abs(t - register(fresh)) < 0.0011
    g.check("a failed read reaches `temp` as an error (a NACK injected on the bus)",
            (told or retried) and again,
            "The sensor was set to a new temperature and the next transfer to it was\n"
            "made to fail (`i2c fault 0 0x48 1`: the chip does not acknowledge).\n"
            "`temp` printed:\n%s\nand, the fault gone:\n%s\nWhat does your read do with "
            "an error from the bus: does it reach\nthe caller, or is the buffer printed "
            "as it was?" % (indent(faulted), indent(after)))


def lab3(src):
    g = Grader(3, src)
    kernel = build_with_driver(g, src / "tmp105.c")
    if not kernel:
        return g
    warm, cold, step, other, present, absent = drawn(g.rng)
    machine, sock = sensor_machine(g, kernel, "&i2c0 {\n%s%s};\n" %
                                   (NODE % (present, present), NODE % (absent, absent)),
                                   chips=[("sensor2", present)])
    # The drawn addresses stay hidden: what a hint quotes names them so.
    check = g.check

    def hidden(text, ok, hint=""):
        for addr in (present, absent):
            hint = re.sub(r"(@|0-00|0x)%02x\b" % addr, lambda m: m.group(1) + "<drawn>", hint)
            hint = hint.replace("@%x" % addr, "@<drawn>")
        return check(text, ok, hint)
    g.check = hidden
    with machine as c:
        if not binds(g, c):
            return g
        qmp = QMP(sock)
        try:
            t, out = read_temp(c, qmp, warm)
            g.check("temp shows QEMU's temperature (one drawn for this grade)",
                    t is not None and abs(t - warm / 1000) <= 0.5,
                    "QEMU's sensor was set to a temperature above 0 C (drawn for this\n"
                    "grade); `temp` printed what it read, not that:\n%s\nThe temperature "
                    "register is 16 bits, most significant byte first." % indent(out))
            t, out = read_temp(c, qmp, cold)
            g.check("negative temperatures",
                    t is not None and abs(t - cold / 1000) <= 0.5,
                    "QEMU's sensor was set below 0 C; `temp` printed what it read,\n"
                    "not that:\n%s\nThe register holds a two's complement number." % indent(out))
            t, out = read_temp(c, qmp, step)
            g.check("12-bit resolution (a 1/16 C step read exactly)",
                    t is not None and abs(t - register(step)) < 0.001,
                    "QEMU's sensor was set to an odd number of 1/16 C; `temp` printed\n"
                    "what it read, not exactly that:\n%s\nAt power-on the chip gives 9 "
                    "bits (0.5 C steps): see the configuration\nregister's R1:R0 bits."
                    % indent(out))
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
            failed_read(g, c, qmp)
            qmp.execute("qom-set", path="/machine/peripheral/sensor2", property="temperature",
                        value=other)
            out2 = c.run("temp")
        finally:
            qmp.close()
        # The chip's own state, from the bus traffic QEMU saw: what the
        # driver wrote, not what it printed.
        seen = tmp105_seen(g, 0x48)
        confs = [v for what, v in seen if what == "conf"]
        conf = confs[-1] if confs else None
        g.check("CONF as the chip holds it: 12 bits, converting (not shut down)",
                conf is not None and conf & 0x60 == 0x60 and not conf & 0x01,
                "The chip's configuration register, as the driver left it, %s.\n"
                "R1:R0 choose the resolution; SD (bit 0) shuts the chip down, and\n"
                "OS (bit 7) then converts once: a driver that reads continuously\n"
                "leaves SD clear." % ("was never written" if conf is None else
                                      "asks for %d bits%s" % (9 + ((conf >> 5) & 3),
                                                              ", shut down" if conf & 1
                                                              else "")))
        v_present, out_present = whynot(c, node_path(present))
        v_absent, out_absent = whynot(c, node_path(absent))
        m = re.search(r"0-00%02x: (-?\d+\.\d+) C" % present, out2)
        reads = m is not None and abs(float(m.group(1)) - register(other)) < 0.0011
        why = []
        if v_present != "bound" or not reads:
            why.append("The grader added a TMP105 node where QEMU has a second chip;\n"
                       "`whynot` says:\n%s\n`temp` printed:\n%s\nEvery node your match "
                       "entry matches, at whatever address, is\na chip to drive and read."
                       % (indent(out_present), indent(out2)))
        if v_absent != "failed":
            why.append("The grader added a TMP105 node where no chip answers;\n"
                       "`whynot` says:\n%s\nProbe must find out that the chip is there "
                       "(a transfer to it fails)\nand return that error: a driver bound to "
                       "nothing reads garbage." % indent(out_absent))
        g.check("probe follows the bus: binds where a chip answers, fails where none does",
                not why, "\n".join(why))
    return g
