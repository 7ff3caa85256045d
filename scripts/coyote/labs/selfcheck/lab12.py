# SPDX-License-Identifier: BSD-2-Clause
"""Lab 12's self-check (docs/labs/lab12/README.md): the file, it compiles
as an overlay, and the kernel's own code (ofdump --overlay, on the host)
applies it to the Pi 2's tree with the page's example parameter."""
from coyote.labs.harness import OFDUMP, Grader, check_overlay, handin, have_files, indent, initrd_with, said
from coyote.qemu import board_tree

TITLE = 'a Raspberry Pi overlay: the mini UART on GPIO 40/41'

RUBRIC = {
    'miniuart.dtso exists': 1,
    'miniuart.dtso compiles as an overlay (dtc -@)': 1,
    "ofdump --overlay applies it to the Pi 2's tree with baud=9600": 1,
}

PI_TREE = board_tree("raspi2b")


def pi_tree(g):
    """The Pi 2's tree, copied where the tools' sandbox sees it."""
    tree = g.out / "rpi2.dtb"
    tree.write_bytes(PI_TREE.read_bytes())
    return tree


def lab12_host_apply(g, base, dtbo, *params):
    """`ofdump --overlay @base @dtbo @params`: (the merged tree as DTS or
    None, what ofdump said)."""
    res = handin.run_tool([OFDUMP, "--overlay", base, dtbo] + list(params), g.out, timeout=60)
    return (res.stdout if res.returncode == 0 else None), said(res.stderr)


def lab12(src):
    g = Grader(12, src, "selfcheck")
    if not have_files(g, src, "miniuart.dtso"):
        return g
    dtbo = check_overlay(g, src, "miniuart")
    if not dtbo:
        g.skip("ofdump --overlay", "the overlay to compile")
        return g
    # (For the page's step 4: the board's initrd with the overlay in it.)
    initrd_with(g, [("lib/firmware/miniuart.dtbo", dtbo.read_bytes())])
    merged, told = lab12_host_apply(g, pi_tree(g), dtbo, "baud=9600")
    g.check("ofdump --overlay applies it to the Pi 2's tree with baud=9600", merged,
            "ofdump said:\n%s\nThe parameter is baud, in the overlay's __overrides__." %
            indent(told))
    return g
