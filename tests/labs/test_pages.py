# SPDX-License-Identifier: BSD-2-Clause
"""The lab pages against the tree: each page lists its grader's rubric and
its self-check's as `scripts/lab-check N --rubric [--self-check]` prints them (a transcript block, rewritten
by `make docs`), docs/teaching.md names every lab, lab 6's page counts
broken.dts's lines."""
import re
import subprocess

import pytest

from coyote.qemu import ROOT

LABS = ROOT / "docs" / "labs"
NUMBERS = sorted(int(p.name[3:]) for p in LABS.glob("lab*") if p.is_dir())


@pytest.mark.parametrize("flags", ["--rubric", "--rubric --self-check"])
@pytest.mark.parametrize("lab", NUMBERS)
def test_page_lists_the_rubric(lab, flags):
    """The grader's rubric, and the self-check's (what the hand-out's
    lab-check runs)."""
    cmd = "scripts/lab-check %d %s" % (lab, flags)
    page = (LABS / ("lab%d" % lab) / "README.md").read_text()
    m = re.search(r"<!-- transcript host: %s -->\n```\n(.*?)\n```\n<!-- /transcript -->"
                  % re.escape(cmd), page, re.S)
    assert m, "docs/labs/lab%d/README.md has no `%s` block" % (lab, cmd)
    now = subprocess.run(cmd.split(), cwd=str(ROOT), capture_output=True, text=True,
                         timeout=60, check=True).stdout.rstrip("\n")
    assert m.group(1) == "$ %s\n%s" % (cmd, now), "run `make docs`: the rubric changed"


def test_teaching_names_every_lab():
    text = (ROOT / "docs" / "teaching.md").read_text()
    # "labs 0 to 11 and 13": a run, then the labs past a gap.
    m = re.search(r"labs 0 to (\d+)((?: and \d+)*)\b", text)
    said = list(range(int(m.group(1)) + 1)) + [int(x) for x in re.findall(r"\d+", m.group(2))] \
        if m else None
    assert said == NUMBERS, (m and m.group(0), NUMBERS)


def test_lab6_page_counts_the_lines_of_broken_dts():
    page = (LABS / "lab6" / "README.md").read_text()
    said = int(re.search(r"about (\d+) lines", page).group(1))
    lines = len((LABS / "lab6" / "broken.dts").read_text().splitlines())
    assert abs(said - lines) <= lines // 10, (said, lines)
