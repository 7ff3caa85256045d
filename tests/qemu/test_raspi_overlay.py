# SPDX-License-Identifier: BSD-2-Clause
"""A Raspberry Pi overlay the Pi's way on QEMU raspi2b, Debian's
bcm2836-rpi-2-b.dtb: dts/overlays/uart1.dts (fragments on the base's
labels, parameters in __overrides__) applied at run time with `overlay
apply uart1 [param=value...]`, one boot per scenario:

- the mini UART enabled on GPIO 14/15: `pins` and GPFSEL (read over QEMU's
  monitor) show ALT5, a line written to ttyS1 comes out of QEMU's second
  serial port, and `overlay rm` gives back the tree and the pins;
- a parameter (baudrate) changes current-speed and the driver's divisor,
  and ofdump --overlay, the host twin, gives the node the kernel shows;
- bad parameters refused with the kernel's reason, the host twin's the
  same, and the tree unchanged;
- on the Pi 2's own tree the PL011 holds GPIO 14/15: the mini UART's pins
  are refused with both owners named; moved to 32/33 by parameters, the
  mini UART works there, bytes out of the second serial.

The PL011 is on GPIO 14/15 in the Pi 2's tree; the scenarios that need the
pins free move it to 32/33 (uart0_gpio32, as the Pi 3's tree has it)."""
import re
import subprocess

import pytest

from coyote.qemu import BUILD, TEST_BUILD, Coyote, connect_unix, received
from qemu.test_raspi import BOARD, FSEL, edited_tree, pins_table, pi_tree, ttys_row, xp
from qemu.test_virt_extras import Monitor

OFDUMP = BUILD / "host" / "ofdump"
DTBO = BUILD / "overlays" / "uart1.dtbo"
PL011 = "/soc/serial@7e201000"
MINI_UART = "/soc/serial@7e215040"
GPIO = "/soc/gpio@7e200000"
GPFSEL1 = 0x3f200004
GPFSEL3 = 0x3f20000c


def phandle_of(dtb, path):
    out = subprocess.run(["fdtget", "-t", "x", str(dtb), path, "phandle"], check=True,
                         capture_output=True, text=True, timeout=30).stdout
    return out.strip()


def pl011_moved():
    """The Pi 2's tree with the PL011 on GPIO 32/33: 14/15 free."""
    group = phandle_of(pi_tree(), GPIO + "/uart0_gpio32")
    return edited_tree("pl011-gpio32", ["-t", "x", PL011, "pinctrl-0", group])


def boot(dtb, name):
    """raspi2b on @dtb with the monitor and the second serial port (the
    mini UART) on unix sockets; the socket connected before any output."""
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    mon, ser = TEST_BUILD / ("%s-mon.sock" % name), TEST_BUILD / ("%s-uart1.sock" % name)
    for p in (mon, ser):
        if p.exists():
            p.unlink()
    c = Coyote(dtb=dtb, machine=BOARD,
               extra=["-serial", "mon:stdio", "-serial", "unix:%s,server,nowait" % ser,
                      "-monitor", "unix:%s,server,nowait" % mon])
    c.monitor = Monitor(mon)
    c.uart1 = connect_unix(ser)
    return c


def close(c):
    c.uart1.close()
    c.monitor.close()
    c.close()


def node_props(text, path=None):
    """The property lines of one node in DTS @text, indentation dropped:
    node @path of a whole tree (ofdump), else the text's top node (`dt`)."""
    want = ["/"] + path.strip("/").split("/") if path else None
    stack, props = [], []
    for raw in text.splitlines():
        line = raw.strip()
        if line.endswith("{"):
            stack.append(line[:-1].strip().split(":")[-1].strip())
        elif line.startswith("}"):
            stack.pop()
        elif line and (stack == want or (want is None and len(stack) == 1)):
            props.append(line)
    return props


def fsel(regval, pin):
    return FSEL[(regval >> (3 * (pin % 10))) & 7]


def alt5_pair(c, gpfsel, reg, tx):
    """GPFSEL register @gpfsel (read over the monitor) has ALT5 on pins @tx
    and @tx + 1, and nothing else moved from @reg, its value before."""
    applied = xp(c, gpfsel)
    assert fsel(applied, tx) == fsel(applied, tx + 1) == "alt5", hex(applied)
    pair = 0x3f << (3 * (tx % 10))
    assert applied & ~pair == reg & ~pair, (hex(reg), hex(applied))


def line_out(c, text):
    """@text written to ttyS1 comes out of QEMU's second serial port."""
    assert c.run("ttys write ttyS1 " + text) == ""
    want = text.encode() + b"\r\n"
    got = received(c.uart1, want)
    assert got.endswith(want), got


def ofdump(*args):
    if not OFDUMP.exists():
        pytest.fail("%s missing: run `make ofdump`" % OFDUMP)
    return subprocess.run([str(OFDUMP)] + [str(a) for a in args], capture_output=True,
                          text=True, timeout=60)


def test_uart1_overlay_enables_the_mini_uart_on_gpio14_and_rm_gives_all_back():
    c = boot(pl011_moved(), "uart1-apply")
    try:
        before = {p: c.run("dt " + p) for p in (MINI_UART, GPIO + "/uart0_gpio32")}
        pins = pins_table(c)
        assert pins[14][0] == pins[15][0] == "in" and pins[14][4] == "-", (pins[14], pins[15])
        assert pins[32][0] == "alt3" and pins[32][4] == "3f201000.serial", pins[32]
        reg = xp(c, GPFSEL1)

        out = c.run("overlay apply uart1")
        assert "overlay 1: uart1" in out and "device 3f215040.serial: bcm2835-aux-uart" in out, out
        assert 'pinctrl: state "default" applied: uart1_header (3f200000.gpio)' in out, out
        # 250 MHz / (8 x 115200) = 271.3: AUX_MU_BAUD is one less than 271.
        assert re.search(r"ttyS1: mini UART, virq \d+, 115200 baud \(250000000 Hz clock, "
                         r"AUX_MU_BAUD 270\)", out), out
        pins = pins_table(c)
        assert pins[14] == ["alt5", pins[14][1], pins[14][2], "uart1_header", "3f215040.serial"], \
            pins[14]
        assert pins[15][0] == "alt5" and pins[15][4] == "3f215040.serial", pins[15]
        alt5_pair(c, GPFSEL1, reg, 14)
        line_out(c, "hello from uart1")

        out = c.run("overlay rm uart1")
        assert "3f215040.serial: unbound" in out and "1: uart1 removed" in out, out
        pins = pins_table(c)
        assert pins[14][0] == pins[15][0] == "in" and pins[14][3:] == ["-", "-"], \
            (pins[14], pins[15])
        assert xp(c, GPFSEL1) == reg
        assert {p: c.run("dt " + p) for p in before} == before
        assert not any(r and r[0] == "ttyS1" for r in
                       (l.split() for l in c.run("ttys").splitlines()))
    finally:
        close(c)


def test_baudrate_parameter_and_the_host_twin_agree():
    """baudrate=9600 sets current-speed: the driver's divisor follows
    (250 MHz / (8 x 9600) = 3255.2, AUX_MU_BAUD 3254), and ofdump
    --overlay with the same parameter gives the nodes `dt` shows."""
    dtb = pl011_moved()
    c = boot(dtb, "uart1-baud")
    try:
        out = c.run("overlay apply uart1 baudrate=9600 txd1_pin=14")
        assert re.search(r"ttyS1: mini UART, virq \d+, 9600 baud \(250000000 Hz clock, "
                         r"AUX_MU_BAUD 3254\)", out), out
        assert ttys_row(c, "ttyS1")[3] == "9600"
        host = ofdump("--overlay", dtb, DTBO, "baudrate=9600", "txd1_pin=14")
        assert host.returncode == 0, host.stderr
        for path in (MINI_UART, GPIO + "/uart1_header"):
            kernel = node_props(c.run("dt " + path))
            assert kernel and node_props(host.stdout, path) == kernel, \
                (path, kernel, node_props(host.stdout, path))
        assert "current-speed = <0x2580>;" in node_props(c.run("dt " + MINI_UART))
    finally:
        close(c)


# Each bad parameter and what the kernel and ofdump both say of it.
BAD = {
    "bogus=1": "no parameter 'bogus' in the overlay's __overrides__ "
               "(its parameters: baudrate, txd1_pin, rxd1_pin)",
    "baudrate=fast": "parameter 'baudrate': /fragment@1/__overlay__ (/soc/serial@7e215040): "
                     "property current-speed wants a number, not 'fast'",
    "rxd1_pin=0x100000000": "parameter 'rxd1_pin': /fragment@0/__overlay__/uart1_header "
                            "(/soc/gpio@7e200000/uart1_header): property brcm,pins: "
                            "0x100000000 does not fit in 32 bits",
    "baudrate=": "parameter 'baudrate=': not name=value",
}


def test_bad_parameters_are_refused_and_the_tree_is_unchanged():
    dtb = pl011_moved()
    c = boot(dtb, "uart1-bad")
    try:
        before = {p: c.run("dt " + p) for p in (MINI_UART, GPIO, "/__symbols__")}
        pins = c.run("pins")
        for param, reason in BAD.items():
            # A good parameter first: a later bad one still refuses all.
            out = c.run("overlay apply uart1 baudrate=9600 " + param)
            assert "uart1 refused, tree unchanged: %s (EINVAL)" % reason in out, (param, out)
            host = ofdump("--overlay", dtb, DTBO, "baudrate=9600", param)
            assert host.returncode == 1 and reason in host.stderr, (param, host.stderr)
        assert c.run("overlay list").strip() == "no overlays applied"
        assert {p: c.run("dt " + p) for p in before} == before
        assert c.run("pins") == pins
        assert "3f215040.serial" not in c.run("devices")
    finally:
        close(c)


def test_on_the_pi2_tree_the_pl011_keeps_gpio14_and_uart1_goes_to_32():
    """The PL011 console owns GPIO 14/15 (ALT0): the mini UART's default
    state is refused with both owners named, its probe fails with EBUSY,
    the pins stay the PL011's; `overlay rm` takes the device away again.
    With txd1_pin=32 rxd1_pin=33 the mini UART works on this tree."""
    c = boot(pi_tree(), "uart1-owned")
    try:
        out = c.run("overlay apply uart1")
        assert "/soc/gpio@7e200000/uart1_header: pin 14 is 3f201000.serial's: 3f215040.serial " \
            "cannot have it" in out, out
        assert "probe of 3f215040.serial failed: EBUSY" in out, out
        pins = pins_table(c)
        assert pins[14][0] == "alt0" and pins[14][4] == "3f201000.serial", pins[14]
        assert fsel(xp(c, GPFSEL1), 14) == "alt0"
        out = c.run("overlay rm uart1")
        assert "1: uart1 removed" in out, out
        assert pins_table(c)[14] == pins[14]
        # The mini UART's other ALT5 pair, 32/33, is free on the Pi 2's own
        # tree: the same overlay, its pins moved by parameters, works there.
        reg = xp(c, GPFSEL3)
        out = c.run("overlay apply uart1 txd1_pin=32 rxd1_pin=33")
        assert "device 3f215040.serial: bcm2835-aux-uart" in out, out
        assert "probe of 3f215040.serial failed" not in out, out
        pins = pins_table(c)
        assert pins[32][0] == pins[33][0] == "alt5" and pins[32][4] == "3f215040.serial", \
            (pins[32], pins[33])
        assert pins[14][0] == "alt0" and pins[14][4] == "3f201000.serial", pins[14]
        alt5_pair(c, GPFSEL3, reg, 32)
        line_out(c, "uart1 on the Pi 2 tree")
        out = c.run("overlay rm uart1")
        assert "2: uart1 removed" in out and xp(c, GPFSEL3) == reg, out
    finally:
        close(c)
