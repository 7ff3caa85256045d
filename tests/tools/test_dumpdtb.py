# SPDX-License-Identifier: BSD-2-Clause
"""scripts/qemu-dumpdtb.py's command line: an option is never taken for
the folder to write the blobs in."""
import subprocess

import pytest

from coyote.qemu import ROOT

PROG = ROOT / "scripts" / "qemu-dumpdtb.py"


@pytest.mark.parametrize("opt", ["--help", "-h"])
def test_help_prints_usage_and_makes_nothing(tmp_path, opt):
    r = subprocess.run(["/usr/bin/python3", str(PROG), opt], cwd=str(tmp_path),
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    assert "OUTDIR" in r.stdout
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_option_is_refused(tmp_path):
    r = subprocess.run(["/usr/bin/python3", str(PROG), "--out", "a15"], cwd=str(tmp_path),
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 2 and "usage:" in r.stderr
    assert list(tmp_path.iterdir()) == []
