# SPDX-License-Identifier: BSD-2-Clause
"""Lab 5's grader (docs/labs/lab5/README.md):
an MMIO platform driver: the PL061 GPIO controller."""
import re

from .common import (Coyote, Grader, QMP, build_with_driver, compile_lab_dts, indent, whynot)
from coyote.labs.selfcheck.lab5 import binds

TITLE = 'an MMIO platform driver: the PL061 GPIO controller'

# Every check, in the order reported, and its points: declared once.
RUBRIC = {
    'gpio-pl061.c exists': 1,
    'the kernel builds with gpio-pl061.c (-Wall -Wextra -Werror)': 1,
    'the driver binds to /amba/gpio@101e4000': 1,
    "probe masks each PL061's interrupts (GPIOIE = 0, as QEMU's bus saw it)": 1,
    'the ID check refuses a PL031 whose node says arm,pl061': 1,
    '`gpio` lists the four PL061s, 8 lines each, as lines 0-31': 1,
    '`gpio out 3 1` makes line 3 an output and drives it high (DIR and DATA in the hardware)': 1,
    '`gpio get` reads the line back, and `gpio out 3 0` drives it low': 1,
    "one line's write leaves the others alone (DATA's address mask)": 1,
    '`gpio in 3` makes it an input again': 1,
}

# The grader's own tree (no student wrote it): the board with its PL031
# RTC's node claiming to be a PL061, a right-looking node over the wrong
# chip.
IMPOSTOR = "/amba/rtc@101e8000"
IMPOSTOR_DTS = """#include "versatilepb.dts"

&{%s} {
	compatible = "arm,pl061", "arm,primecell";
};
""" % IMPOSTOR

# The grader drives lines with the `gpio` command and reads the hardware's
# registers through QEMU's monitor (QMP, `xp`), so a driver that only
# remembers values in software does not pass.

GPIO0_BASE = 0x101e4000        # the tree's address: tests may know it
GPIO_DIR, GPIO_DATA_ALL, GPIO_IE = 0x400, 0x3fc, 0x410
PL061S = 4                     # on the board's tree


def ie_cleared(log):
    """How many PL061s had GPIOIE = 0 written, from QEMU's trace of their
    register writes (the chip's side).  QEMU resets GPIOIE to 0, a
    real board's boot loader may leave it set: only the write proves the
    driver masks."""
    text = log.read_text() if log.exists() else ""
    return len(set(re.findall(r"^pl061_write (\S+) offset 0x%x value 0x0$" % GPIO_IE, text,
                              re.M)))


def hw_reg(qmp, addr):
    out = qmp.execute("human-monitor-command", **{"command-line": "xp /1wx 0x%x" % addr})
    return int(out.split(":")[1].split()[0], 16)


def gpio_get(c, n):
    m = re.search(r"^%d: ([01])$" % n, c.run("gpio get %d" % n), re.M)
    return int(m.group(1)) if m else None


def lab5(src):
    g = Grader(5, src)
    kernel = build_with_driver(g, src / "gpio-pl061.c")
    if not kernel:
        return g
    later = ("probe masks each PL061's interrupts (GPIOIE = 0, as QEMU's bus saw it)",
             "`gpio` lists the four PL061s, 8 lines each, as lines 0-31",
             "`gpio out 3 1` makes line 3 an output and drives it high (DIR and DATA in "
             "the hardware)",
             "`gpio get` reads the line back, and `gpio out 3 0` drives it low",
             "one line's write leaves the others alone (DATA's address mask)",
             "`gpio in 3` makes it an input again",
             "the ID check refuses a PL031 whose node says arm,pl061")
    variant = g.out / "lab5-variant.dts"
    variant.write_text(IMPOSTOR_DTS)
    dtb, err = compile_lab_dts(variant, g.out / "lab5-variant.dtb")
    if not dtb:
        raise RuntimeError("the grader's tree does not compile: " + err)
    sock = g.out / "qmp.sock"
    if sock.exists():
        sock.unlink()
    trace = g.out / "pl061.log"
    if trace.exists():
        trace.unlink()
    with Coyote(dtb=dtb, kernel=kernel, extra=["-qmp", "unix:%s,server=on,wait=off" % sock,
                                               "-trace", "pl061_write", "-D", str(trace)]) as c:
        if not binds(g, c):
            g.skip_all(later, "the driver to bind")
            return g
        masked = ie_cleared(trace)
        g.check(later[0], masked == PL061S,
                "QEMU's bus saw GPIOIE = 0 written to %d of the board's %d PL061s.  QEMU\n"
                "resets the mask, a board's boot loader may not: probe writes it (TODO 2)."
                % (masked, PL061S))
        qmp = QMP(sock)
        try:
            out = c.run("gpio")
            chips = re.findall(r"^(\S+) +lines (\d+)-(\d+)", out, re.M)
            g.check(later[1], [(a, int(b), int(e)) for a, b, e in chips] ==
                    [("101e%x000.gpio" % (4 + i), 8 * i, 8 * i + 7) for i in range(4)],
                    "`gpio` printed:\n%s\nEach controller has ngpio = 8 lines." % indent(out))
            c.run("gpio out 3 1")
            d, v = hw_reg(qmp, GPIO0_BASE + GPIO_DIR), hw_reg(qmp, GPIO0_BASE + GPIO_DATA_ALL)
            g.check(later[2], d & 8 and v & 8,
                    "After `gpio out 3 1` the hardware has DIR 0x%02x, DATA 0x%02x: bit 3 "
                    "should be set in both (a PL061 ignores DATA writes to input lines)."
                    % (d, v))
            high = gpio_get(c, 3)
            c.run("gpio out 3 0")
            v0 = hw_reg(qmp, GPIO0_BASE + GPIO_DATA_ALL)
            low = gpio_get(c, 3)
            # Line 3 read alone, with its neighbour high.
            c.run("gpio out 2 1")
            alone = gpio_get(c, 3)
            g.check(later[3], high == 1 and low == 0 and alone == 0 and not v0 & 8,
                    "`gpio get 3` printed %s while high, %s after `gpio out 3 0` (DATA 0x%02x "
                    "then), %s with line 2 high.  Read DATA at offset (mask << 2)."
                    % (high, low, v0, alone))
            c.run("gpio out 2 1")
            c.run("gpio out 3 1")
            c.run("gpio out 3 0")
            v = hw_reg(qmp, GPIO0_BASE + GPIO_DATA_ALL)
            g.check(later[4], (v & 0xc) == 0x4,
                    "Line 2 high, then line 3 high and low: DATA reads 0x%02x, want bit 2 "
                    "only.  Write through the line's own mask." % v)
            c.run("gpio in 3")
            d = hw_reg(qmp, GPIO0_BASE + GPIO_DIR)
            # An input made an input again stays one.
            c.run("gpio in 3")
            d2 = hw_reg(qmp, GPIO0_BASE + GPIO_DIR)
            g.check(later[5], not d & 8 and d & 4 and d2 == d,
                    "After `gpio in 3`, DIR is 0x%02x, after a second `gpio in 3` 0x%02x: "
                    "clear bit 3 only." % (d, d2))
            verdict, out = whynot(c, IMPOSTOR)
            g.check(later[6], verdict == "failed",
                    "The grader's tree says arm,pl061 at %s, where a PL031 RTC sits;\n"
                    "`whynot %s` says:\n%s\nThe ID registers at the top of the page say "
                    "which chip is there:\nprobe must refuse a chip that is not a PL061."
                    % (IMPOSTOR, IMPOSTOR, indent(out)))
        finally:
            qmp.close()
    return g
