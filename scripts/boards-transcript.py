#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""The README's boards transcript: boots each board on its own tree and
keeps the lines that tell the story.  scripts/docs runs it for README's
`<!-- transcript script: boards-transcript.py -->` block (`make docs`).

Usage: scripts/boards-transcript.py      (after `make`)
"""

from coyote.boards import BOARDS, dtb_of
from coyote.qemu import Coyote

KEEP = ("fdt: machine", "mem: RAM", "gic ", "vic ", "time: tick", "bound, ", "pulls in")
for b in BOARDS:
    with Coyote(dtb=dtb_of(b, "own"), machine=b[0]) as c:
        lines = c.boot_log.splitlines()
        print("$ make run BOARD=%s" % b[0])
        for l in lines:
            if any(k in l for k in KEEP) and "bound (" not in l:
                print(l)
