# SPDX-License-Identifier: BSD-2-Clause
"""build/host/ofbench still builds and measures (`make bench` runs it on the
whole corpus).  Figures are printed, never asserted: this only checks that
the benchmark runs to its summary on the board blob, so it cannot rot
between the times someone runs `make bench`.
"""
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OFBENCH = os.path.join(ROOT, "build", "host", "ofbench")
BOARD_DTB = os.path.join(ROOT, "build", "dts", "versatilepb.dtb")


def test_bench_runs_to_its_summary():
    assert os.access(OFBENCH, os.X_OK), "%s missing: make test builds it" % OFBENCH
    r = subprocess.run([OFBENCH, BOARD_DTB], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    row = [l for l in r.stdout.splitlines() if l.startswith("versatilepb.dtb")]
    assert len(row) == 1, r.stdout
    assert "medians over 1 blobs:" in r.stdout
    assert re.search(r"ratio \d+\.\d+", r.stdout), r.stdout
    assert re.search(r"of_find_node_by_phandle [\d.]+ ns/call", r.stdout), r.stdout
