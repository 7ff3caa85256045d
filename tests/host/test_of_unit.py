# SPDX-License-Identifier: BSD-2-Clause
"""Runs every host unit test binary (build/host/tests/*, built by
`make host-tests`) and fails with its KTAP output when any check fails."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = ROOT / "build" / "host" / "tests"
SOURCES = sorted(p.stem for p in (ROOT / "tests" / "host").glob("test_*.c"))


@pytest.mark.parametrize("name", SOURCES)
def test_unit(name):
    exe = BIN / name
    if not exe.exists():
        pytest.fail(f"{exe} is not built: run `make host-tests` first")
    env = dict(os.environ, OF_TEST_DTB_DIR=str(ROOT / "build" / "host" / "dts"))
    proc = subprocess.run([str(exe)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    out = proc.stdout
    failed = [line for line in out.splitlines() if line.startswith("not ok")]
    plan = [line for line in out.splitlines() if line.startswith("1..")]
    assert proc.returncode == 0 and not failed and plan, (
        f"{name} exited {proc.returncode}\n" + "\n".join(failed) +
        f"\n--- stdout ---\n{out}\n--- stderr ---\n{proc.stderr[-4000:]}")
