# SPDX-License-Identifier: BSD-2-Clause
"""Runs every host unit test binary (build/host/tests/*, built by
`make host-tests`, and build/san/host/tests/*, the same under ASan and
UBSan, built by `make host-tests-san`) and fails with its KTAP output when
any check fails or a sanitizer reports."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = sorted(p.stem for p in (ROOT / "tests" / "host").glob("test_*.c"))
# The plain build and the ASan/UBSan one (`make host-tests-san`).
BUILDS = {"plain": ROOT / "build", "asan-ubsan": ROOT / "build" / "san"}


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("name", SOURCES)
def test_unit(name, build):
    exe = BUILDS[build] / "host" / "tests" / name
    if not exe.exists():
        pytest.fail(f"{exe} is not built: run `make host-tests host-tests-san` first")
    # One set of trees and modules (build/host/dts/../../modules) for both.
    env = dict(os.environ, OF_TEST_DTB_DIR=str(ROOT / "build" / "host" / "dts"),
               ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    proc = subprocess.run([str(exe)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    out = proc.stdout
    failed = [line for line in out.splitlines() if line.startswith("not ok")]
    plan = [line for line in out.splitlines() if line.startswith("1..")]
    assert proc.returncode == 0 and not failed and plan, (
        f"{name} exited {proc.returncode}\n" + "\n".join(failed) +
        f"\n--- stdout ---\n{out}\n--- stderr ---\n{proc.stderr[-4000:]}")
