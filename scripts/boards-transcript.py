#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""The README's boards transcript: boots each board on its own tree and
keeps the lines that tell the story.  scripts/docs runs it for README's
`<!-- transcript script: boards-transcript.py -->` block (`make docs`).

Usage: scripts/boards-transcript.py      (after `make`)
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from coyote.qemu import Coyote  # noqa: E402
from qemu.test_boards import BOARDS, dtb_of  # noqa: E402

KEEP = ("fdt: machine", "mem: RAM", "gic ", "vic ", "time: tick", "bound, ", "pulls in")
for b in BOARDS:
    with Coyote(dtb=dtb_of(b, "own"), machine=b[0]) as c:
        lines = c.boot_log.splitlines()
        print("$ make run BOARD=%s" % b[0])
        for l in lines:
            if any(k in l for k in KEEP) and "bound (" not in l:
                print(l)
