# SPDX-License-Identifier: BSD-2-Clause
"""Right answers the graders once marked wrong: lab 0's status (anything
but "okay" disables a node, as the page and the kernel say) and lab 10
fixed in place, as its page says (the answers' truth is the widget.c
handed out, never the student's copy)."""
import shutil
import subprocess

import pytest

from coyote.qemu import ROOT
from test_answers import grade, sub, first_todo

SOL = ROOT / "tests" / "labs" / "solutions"
UART2_CHECK = "1. UART2 (/amba/serial@101f3000) is disabled"


@pytest.mark.parametrize("status", ["fail", "reserved", "off"])
def test_lab0_any_status_but_okay_disables(status, tmp_path):
    rc, out, _ = grade(0, {"lab0.dts": sub('status = "disabled";',
                                          'status = "%s";' % status)}, tmp_path)
    assert rc == 0 and "lab 0 is done" in out, out


@pytest.mark.parametrize("status", ["okay", "ok"])
def test_lab0_okay_is_not_disabled(status, tmp_path):
    rc, out, _ = grade(0, {"lab0.dts": sub('status = "disabled";',
                                          'status = "%s";' % status)}, tmp_path)
    assert rc != 0 and first_todo(out)[0].startswith(UART2_CHECK), out


def test_lab10_fixed_in_place_passes():
    """The page's way: widget.c fixed where it was handed out
    (docs/labs/lab10), graded with plain `make lab-check LAB=10`."""
    lab10 = ROOT / "docs" / "labs" / "lab10"
    saved = {f: (lab10 / f).read_bytes() for f in ("widget.c", "answers.txt")}
    try:
        for f in saved:
            shutil.copy(SOL / "lab10" / f, lab10 / f)
        res = subprocess.run(["make", "-s", "--no-print-directory", "lab-check", "LAB=10"],
                             cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    finally:
        for f, data in saved.items():
            (lab10 / f).write_bytes(data)
    assert res.returncode == 0 and "lab 10 is done" in res.stdout, res.stdout + res.stderr


def test_lab6_broken_dts_fixed_in_place_is_not_a_fix():
    """Lab 6's faults are graded against the broken.dts handed out: one
    repaired in place (docs/labs/lab6, the page says not to) is named, and
    the faults it hides still count."""
    broken = ROOT / "docs" / "labs" / "lab6" / "broken.dts"
    saved = broken.read_bytes()
    try:
        broken.write_text(broken.read_text().replace(
            "serial@9000 {", "serial@9000 {\n\t\t\tcomment = \"fixed here\";", 1))
        res = subprocess.run(["make", "-s", "--no-print-directory", "lab-check", "LAB=6"],
                             cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    finally:
        broken.write_bytes(saved)
    assert res.returncode != 0
    assert "[todo] broken.dts is the one handed out" in res.stdout, res.stdout
