#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Print the real output docs/protection.md quotes: the MMU layout `mem`
shows on an ARMv5 and an ARMv7 board, a NULL write's dump, a window the
tree puts over the kernel image.  scripts/docs runs it for the page's
`<!-- transcript script: protection-transcript.py -->` block (`make docs`).

Usage: scripts/protection-transcript.py      (after `make`)
"""
import re


from coyote.qemu import BUILD, Coyote, board_dts_source, compile_dts  # noqa: E402

for machine in ("versatilepb", "vexpress-a9"):
    with Coyote(machine=machine, dtb=BUILD / "dts" / (machine + ".dtb")) as c:
        print("$ make run BOARD=%s" % machine)
        print("coyote# mem")
        out = c.run("mem")
        print(out[out.index("MMU:"):], end="")
with Coyote() as c:
    print("coyote# fault null")
    c.send("fault null\r")
    out = c.expect(r"halted: [^\n]*\n", timeout=30)
    print(out[out.index("Unable"):out.index("sp :")], end="")
    print("...")
src = board_dts_source().replace("reg = <0x101f2000 0x1000>;", "reg = <0x00010000 0x1000>;")
with Coyote(dtb=compile_dts(src, "window-over-image")) as c:
    print("$ (uart1's reg moved over the kernel image)")
    for line in c.boot_log.splitlines():
        if re.search(r"10000\.serial", line):
            print(line)
