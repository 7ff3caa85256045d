# SPDX-License-Identifier: BSD-2-Clause
"""The 8250/16550 driver's reading of the tree's register layout.

QEMU's boards fix their UARTs, so the layouts that work (reg-shift 2 with
4-byte registers on the Allwinner boards, 1-byte registers on Aspeed) are
tested by booting those boards (test_soc_boards.py, whose probe line is
checked here too).  What a tree can get wrong is tested on versatilepb's
own tree with a 16550 node added: stdout-path names it, the early console
refuses it with the reason, the console comes from the next candidate
(console= in bootargs), and the platform driver refuses it with the same
reason, which whynot shows.
"""
import pytest

from coyote.qemu import Coyote, board_dts_source, board_tree, compile_dts
from coyote.boards import fetch
from coyote.qemu import CORPUS_DTB

BAD_LAYOUTS = [
    ("io-width-3", "<0x101f4000 0x1000>", "reg-shift = <2>; reg-io-width = <3>;",
     "reg-io-width = <3>: an 8250 register is 1, 2 or 4 bytes"),
    ("beyond-reg", "<0x101f4000 0x10>", "reg-shift = <2>; reg-io-width = <4>;",
     "reg-shift = <2> and reg-io-width = <4> put the registers up to 0x20, "
     "beyond reg's 0x10 bytes"),
]


@pytest.mark.parametrize("name,reg,layout,why", BAD_LAYOUTS, ids=[b[0] for b in BAD_LAYOUTS])
def test_bad_layout_is_refused_with_its_reason(boot, name, reg, layout, why):
    src = board_dts_source()
    chosen = 'stdout-path = "serial0:115200n8";'
    assert chosen in src
    src = src.replace(chosen, 'stdout-path = "/amba/serial@101f4000:115200n8";', 1)
    src += '&{/amba} { serial@101f4000 { compatible = "ns16550a"; reg = %s; %s }; };\n' % (
        reg, layout)
    c = boot(dtb=compile_dts(src, "uart8250-" + name))
    # The early console: refused with the reason, the next candidate taken.
    assert "stdout-path: ns16550a at 0x101f4000 refused: " + why in c.boot_log, c.boot_log
    assert "console [ttyAMA0] enabled" in c.boot_log
    # The platform driver: the same reason, in the log and in whynot.
    out = c.run("whynot /amba/serial@101f4000")
    assert "probe by driver of_serial failed: EINVAL: " + why in out, out


@pytest.mark.parametrize("board,layout", [
    ("orangepi-pc", "reg-shift 2, 4-byte registers"),
    ("cubieboard", "reg-shift 2, 4-byte registers"),
])
def test_soc_board_console_layout(board, layout):
    """The SoC boards' trees give reg-shift 2 and reg-io-width 4: the
    console answers only if the driver spaces and sizes its accesses so."""
    d, why = fetch("fetch-corpus", CORPUS_DTB.parent)
    if not d:
        pytest.skip("Debian's armhf trees not available: %s" % why)
    c = Coyote(dtb=board_tree(board), machine=board)
    try:
        assert "ttyS0: DesignWare, %s" % layout in c.boot_log, c.boot_log
        assert "console [ttyS0] enabled, bootconsole [uart] disabled" in c.boot_log
        assert "hello-8250" in c.run("echo hello-8250")
        rows = [l for l in c.run("ttys").splitlines() if l.startswith("ttyS0 ")]
        assert rows and rows[0].split()[-1] == "yes" and int(rows[0].split()[4]) > 0, rows
    finally:
        c.close()
