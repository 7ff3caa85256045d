# SPDX-License-Identifier: BSD-2-Clause
"""The boards the suite boots with coyote's own tree and with the board's
upstream Linux tree (tests/qemu/test_boards.py), and where those trees
come from: the table the boot-time bench and the README's boards
transcript read too."""
import subprocess
from pathlib import Path

import pytest

from coyote.qemu import BUILD, ROOT

RTC_BASE = "2024-02-29T23:59:58"
UPSTREAM_DIR = BUILD / "upstream"
CORPUS_DIR = BUILD / "corpus"

# (machine, own tree, upstream tree's file name, the NIC's module)
BOARDS = [
    ("versatilepb", "versatilepb.dtb", "versatile-pb.dtb", "smc91x"),
    ("realview-eb", "realview-eb.dtb", "arm-realview-eb.dtb", "smc91x"),
    ("vexpress-a9", "vexpress-a9.dtb", "vexpress-v2p-ca9.dtb", "lan9118"),
]
NIC_MODULE = {"smc91x": "smc91x", "lan9118": "smsc911x"}


def fetch(script, outdir):
    """The directory a fetch script prints, or None (why on stderr)."""
    r = subprocess.run([str(ROOT / "scripts" / script), str(outdir)], capture_output=True,
                       text=True, timeout=1200)
    if r.returncode != 0:
        return None, r.stderr.strip()
    return Path(r.stdout.strip().splitlines()[-1]), None


def upstream_dtb(name):
    """vexpress-v2p-ca9 from the corpus when it has it, else built from source."""
    if name == "vexpress-v2p-ca9.dtb":
        d, _ = fetch("fetch-corpus", CORPUS_DIR)
        if d and (d / name).exists():
            return d / name
    d, why = fetch("fetch-upstream-dts", UPSTREAM_DIR)
    if not d:
        pytest.skip("upstream trees not available: %s" % why)
    return d / name


def dtb_of(board, tree):
    machine, own, upstream, _ = board
    return BUILD / "dts" / own if tree == "own" else upstream_dtb(upstream)
