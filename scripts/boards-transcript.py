#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Print the real output README.md quotes for the three boards (and the
whynot example): boots each board on its own tree and keeps the lines that
tell the story.  Run it and paste; never edit the quotes by hand.

Usage: scripts/boards-transcript.py      (after `make`)
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from qemu.coyote import Coyote  # noqa: E402
from qemu.test_boards import BOARDS, dtb_of  # noqa: E402

KEEP = ("fdt: machine", "mem: RAM", "gic ", "vic ", "time: tick", "bound, ", "pulls in")
with Coyote() as c:
    print("coyote# whynot /amba/gpio@101e4000")
    print(c.run("whynot /amba/gpio@101e4000"), end="")
for b in BOARDS:
    with Coyote(dtb=dtb_of(b, "own"), machine=b[0]) as c:
        lines = c.boot_log.splitlines()
        print("$ make run BOARD=%s" % b[0])
        for l in lines:
            if any(k in l for k in KEEP) and "bound (" not in l:
                print(l)
