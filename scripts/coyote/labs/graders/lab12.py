# SPDX-License-Identifier: BSD-2-Clause
"""Lab 12's grader (docs/labs/lab12/README.md): a Raspberry Pi overlay,
the mini UART (uart1) on GPIO 40/41 with the PL011 console left on 14/15.

What is graded is what the machine shows after `overlay apply miniuart`
on QEMU's raspi2b with Debian's unmodified bcm2836-rpi-2-b.dtb: GPFSEL
read over QEMU's monitor, the pulls of the group the port really uses (in
the live tree: the hardware cannot read a pull back), the divisor the
driver programmed from the clock and the rate, bytes out of QEMU's second
serial port, and everything as before after `overlay rm`.  The rate the
parameter is tested with is drawn for each grade.  A second Pi tree, the
same labels on nodes at other paths, tells a target by label from one by
path."""
import re
import subprocess

from coyote.labs.selfcheck.lab12 import PI_TREE, lab12_host_apply, pi_tree
from coyote.qemu import received
from .common import (QMP, Coyote, Grader, check_overlay, connect_unix, fdtget, have_files,
                     indent, initrd_with)

TITLE = 'a Raspberry Pi overlay: the mini UART on GPIO 40/41'

RUBRIC = {
    'miniuart.dtso exists': 1,
    'miniuart.dtso compiles as an overlay (dtc -@)': 1,
    "its fragments target the base tree's labels: a second Pi tree, the same labels on "
    'nodes at other paths, takes it too (ofdump --overlay)': 1,
    '`overlay apply miniuart` binds the mini UART (ttyS1), the console untouched': 1,
    'GPIO 40 and 41 are ALT5 in GPFSEL4 (read over the monitor), every other pin as before': 1,
    'the pulls of its pin group: none on TXD1 (GPIO 40), up on RXD1 (GPIO 41)': 1,
    'its clock: the divisor (AUX_MU_BAUD) is the 250 MHz VPU clock\'s for 115200 baud': 1,
    "bytes written to ttyS1 come out of QEMU's second serial port": 1,
    '`overlay rm miniuart` gives back the tree, the pins and the devices': 1,
    'baud=N (a rate drawn for this grade) sets the port\'s rate and its divisor': 1,
}

GPFSEL = 0x3f200000          # raspi2b's GPIO block as the CPU sees it (6 registers)
VPU_HZ = 250000000           # the page's clock: the Pi 2's VPU (core) clock
TX, RX = 40, 41
# The pull values of brcm,pull (the binding's numbering).
PULLS = {0: "none", 1: "down", 2: "up"}
# Rates the parameter is tested with: the page's example (9600) and the
# default (115200) are not among them.
RATES = (1200, 2400, 4800, 14400, 19200, 38400, 57600, 76800, 230400, 460800)
# The second Pi tree: the names these labels' nodes get there (the unit
# address kept), the labels and everything else as they were.
RENAMED = (("uart1", "uart"), ("gpio", "pinctrl"))


def labelled(label):
    """The path of the node the Pi 2's tree labels @label (its __symbols__)."""
    return fdtget(PI_TREE, "/__symbols__", label)


def divisor(hz, baud):
    """AUX_MU_BAUD for @baud from a clock of @hz: clock / (8 x rate), to
    the nearest, less one."""
    return (hz + 4 * baud) // (8 * baud) - 1


def renamed_tree(g):
    """The Pi 2's tree with the nodes of RENAMED's labels renamed (their
    paths in __symbols__ and aliases too): the dtb and {label: (path in
    the Pi 2's tree, path in this one)}."""
    dts = subprocess.run(["dtc", "-q", "-I", "dtb", "-O", "dts", str(PI_TREE)], check=True,
                         capture_output=True, text=True, timeout=60).stdout
    paths = {}
    for label, name in RENAMED:
        old = labelled(label)
        leaf = old.rsplit("/", 1)[1]
        new = "%s@%s" % (name, leaf.split("@")[1])
        if dts.count(leaf) < 2:
            raise RuntimeError("lab 12 grader: %s is not in the Pi 2's tree" % leaf)
        dts = dts.replace(leaf, new)
        paths[label] = (old, old.rsplit("/", 1)[0] + "/" + new)
    out = g.out / "rpi2-renamed.dtb"
    subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", str(out), "-"], input=dts,
                   check=True, capture_output=True, text=True, timeout=60)
    return out, paths


def merged_props(dts, path):
    """The property lines of node @path in DTS text @dts (None: no node)."""
    want, stack, props, seen = path.strip("/").split("/"), [], [], False
    for raw in dts.splitlines():
        line = raw.strip()
        if line.endswith("{"):
            stack.append(line[:-1].strip().split(":")[-1].strip())
            seen = seen or stack[1:] == want
        elif line.startswith("}"):
            stack.pop()
        elif line and stack[1:] == want:
            props.append(line)
    return props if seen else None


def check_by_label(g, text, dtbo):
    base, paths = renamed_tree(g)
    merged, told = lab12_host_apply(g, base, dtbo)
    port = paths["uart1"][1]
    props = merged_props(merged, port) if merged else None
    stray = merged and any(merged_props(merged, old) is not None for old, _ in paths.values())
    # (Whether what it adds is right, the machine says below.)
    ok = props is not None and not stray
    return g.check(text, ok,
                   "On a Pi tree whose mini UART is %s and whose GPIO block\n"
                   "is %s (the labels uart1 and gpio unchanged), ofdump --overlay said:\n%s\n"
                   "and the mini UART's node there has:\n%s\n"
                   "A fragment names its target by the base tree's label (target = <&...>),\n"
                   "never by a path, which differs from one Pi's tree to another's." %
                   (port, paths["gpio"][1], indent(told or "(nothing)"),
                    indent("\n".join(props or ["(no such node)"]))))


def xp(qmp, addr, words=1):
    out = qmp.execute("human-monitor-command", **{"command-line": "xp /%dwx 0x%x" %
                                                  (words, addr)})
    return [int(v, 16) for v in re.findall(r"0x([0-9a-f]{8})", out.split(":", 1)[1])]


def gpfsel(qmp):
    regs = xp(qmp, GPFSEL, 4) + xp(qmp, GPFSEL + 16, 2)
    return {pin: (regs[pin // 10] >> (3 * (pin % 10))) & 7 for pin in range(54)}


def pins_rows(c):
    return {int(f[0]): f[1:] for f in (l.split() for l in c.run("pins").splitlines()[1:])
            if len(f) == 6 and f[0].isdigit()}


def cells(text, prop):
    """The cells of property @prop in `dt` output @text ([]: none)."""
    m = re.search(r"^\s*%s = <([^>]*)>;" % re.escape(prop), text, re.M)
    return [int(v, 0) for v in m.group(1).split()] if m else []


def group_pulls(c, rows):
    """The pull each of GPIO 40/41 gets from the group `pins` says it is
    in, read from the live tree (one brcm,pull value is every pin's, else
    one per pin; none: no pull set): {pin: name}, and the group's text."""
    out, shown = {}, []
    for pin in (TX, RX):
        group = rows[pin][3]
        text = c.run("dt %s/%s" % (labelled("gpio"), group))
        shown.append(text)
        pins, pull = cells(text, "brcm,pins"), cells(text, "brcm,pull")
        if pin not in pins:
            out[pin] = "?"
        elif not pull:
            out[pin] = "not set"
        else:
            v = pull[0] if len(pull) == 1 else pull[pins.index(pin)] if len(pull) == len(pins) \
                else None
            out[pin] = PULLS.get(v, "?")
    return out, "\n".join(dict.fromkeys(shown))


def port_line(text):
    """(baud, clock Hz, AUX_MU_BAUD) from the driver's line, else None."""
    m = re.search(r"ttyS1: mini UART, virq \d+, (\d+) baud \((\d+) Hz clock, AUX_MU_BAUD (\d+)\)",
                  text)
    return tuple(int(v) for v in m.groups()) if m else None


def state(c, qmp):
    return {"pins": pins_rows(c), "gpfsel": gpfsel(qmp), "devices": c.run("devices"),
            "tree": {p: c.run("dt " + p) for p in (labelled("uart1"), labelled("gpio"),
                                                   "/__symbols__")}}


def lab12(src):
    g = Grader(12, src)
    names = list(RUBRIC)
    if not have_files(g, src, "miniuart.dtso"):
        return g
    dtbo = check_overlay(g, src, "miniuart")
    if not dtbo:
        return g
    baud = g.rng.choice(RATES)
    text = "miniuart-%08x" % g.rng.getrandbits(32)
    check_by_label(g, names[2], dtbo)

    qsock, ssock = g.out / "qmp.sock", g.out / "uart1.sock"
    for p in (qsock, ssock):
        if p.exists():
            p.unlink()
    with Coyote(dtb=pi_tree(g), machine="raspi2b",
                initrd=initrd_with(g, [("lib/firmware/miniuart.dtbo", dtbo.read_bytes())]),
                extra=["-serial", "mon:stdio", "-serial", "unix:%s,server=on,wait=off" % ssock,
                       "-qmp", "unix:%s,server=on,wait=off" % qsock]) as c:
        qmp, serial = QMP(qsock), connect_unix(ssock)
        try:
            before = state(c, qmp)
            applied = c.run("overlay apply miniuart")
            rows = pins_rows(c)
            bound = "bound (brcm,bcm2835-aux-uart)" in applied and rows[14][4] == \
                before["pins"][14][4] and rows[15][4] == before["pins"][15][4]
            if not g.check(names[3], bound,
                           "`overlay apply miniuart` said:\n%s\nThe port must be enabled, with "
                           "its pins as its default state; the\nPL011 console keeps GPIO 14/15."
                           % indent(applied)):
                g.skip_all(names[4:], "the mini UART to bind")
                return g
            fsel = gpfsel(qmp)
            moved = sorted(p for p in range(54) if p not in (TX, RX) and
                           fsel[p] != before["gpfsel"][p])
            g.check(names[4], fsel[TX] == fsel[RX] == 2 and not moved,
                    "GPFSEL reads %s for GPIO 40, %s for 41%s.\nThe BCM2835's ALT table: "
                    "which function number is ALT5, and which pins\nhave TXD1/RXD1 there?" %
                    (fsel[TX], fsel[RX], "; other pins changed: %s" %
                     ", ".join(map(str, moved)) if moved else ""))
            pulls, groups = group_pulls(c, rows)
            g.check(names[5], pulls == {TX: "none", RX: "up"},
                    "The group the port uses gives GPIO 40 %s and GPIO 41 %s:\n%s\n"
                    "The page says which line is driven and which must idle high." %
                    (pulls[TX], pulls[RX], indent(groups)))
            got = port_line(applied)
            g.check(names[6], got == (115200, VPU_HZ, divisor(VPU_HZ, 115200)),
                    "The driver said:\n%s\nQEMU's clock for the aux block reads 0 Hz: the "
                    "port's node must say\nwhich rate its clock runs at, and its default rate "
                    "is the page's." % indent("\n".join(l for l in applied.splitlines()
                                                         if "3f215040" in l)))
            c.run("ttys write ttyS1 " + text)
            data = received(serial, text.encode())
            g.check(names[7], text.encode() in data,
                    "A line written to ttyS1 brought %r to QEMU's second serial port." %
                    data[-80:])
            removed = c.run("overlay rm miniuart")
            after = state(c, qmp)
            diff = [k for k in before if before[k] != after[k]]
            g.check(names[8], "removed" in removed and not diff,
                    "`overlay rm miniuart` said:\n%s\nNot as before: %s." %
                    (indent(removed), ", ".join(diff) or "-"))
            applied = c.run("overlay apply miniuart baud=%d" % baud)
            got = port_line(applied)
            rate = [r for r in c.run("ttys").splitlines() if r.startswith("ttyS1 ")]
            ok = got == (baud, VPU_HZ, divisor(VPU_HZ, baud)) and rate and \
                rate[0].split()[3] == str(baud)
            g.check(names[9], ok,
                    "`overlay apply miniuart baud=N` (N drawn for this grade) said:\n%s\n"
                    "The parameter must write the rate, as a 32-bit cell, into the property\n"
                    "the driver reads it from." % indent(applied))
            c.run("overlay rm miniuart")
        finally:
            serial.close()
            qmp.close()
    return g
