# SPDX-License-Identifier: BSD-2-Clause
"""`make help` lists every target a user may type: each .PHONY target of
the Makefiles is in the list unless a fragment names it in HELP_HIDDEN
(make's own plumbing): corpus, host-tests and others were once
missing."""
import re
import subprocess

from coyote.qemu import ROOT


def make_db():
    res = subprocess.run(["make", "--no-print-directory", "-p", "-n", "help"], cwd=str(ROOT),
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_every_public_phony_target_is_in_help():
    db = make_db()
    phony = set()
    for line in re.findall(r"^\.PHONY: (.*)$", db, re.M):
        phony |= set(line.split())
    hidden = set(re.search(r"^HELP_HIDDEN :?= (.*)$", db, re.M).group(1).split())
    helped = set(re.findall(r"^([A-Za-z0-9_.-]+)\t", db.split("Targets (make TARGET):")[1], re.M))
    assert phony, db[:2000]
    missing = sorted(phony - hidden - helped)
    assert not missing, "not in `make help` (add a HELP line, or HELP_HIDDEN if internal): %s" \
        % " ".join(missing)
    assert not hidden & helped, hidden & helped
