#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Regenerates the transcript in docs/testing.md: boots coyote (build/ must
be built, `make`), runs `selftest irq` at the prompt and puts what it
printed between the page's transcript markers.

    /usr/bin/python3 scripts/selftest-transcript.py
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from qemu.coyote import Coyote  # noqa: E402

DOC = ROOT / "docs" / "testing.md"
BEGIN = "<!-- transcript: selftest irq (scripts/selftest-transcript.py) -->\n"
END = "<!-- end of transcript -->\n"


def main():
    with Coyote() as c:
        out = c.run("selftest irq", timeout=120)
    block = "```\ncoyote# selftest irq\n" + out + ("" if out.endswith("\n") else "\n") + "```\n"
    text = DOC.read_text()
    new, n = re.subn(re.escape(BEGIN) + ".*?" + re.escape(END),
                     lambda m: BEGIN + block + END, text, flags=re.S)
    if n != 1:
        sys.exit("%s: transcript markers not found" % DOC)
    DOC.write_text(new)


if __name__ == "__main__":
    main()
