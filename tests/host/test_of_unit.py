# SPDX-License-Identifier: BSD-2-Clause
"""Runs every host unit test binary (build/host/tests/*, built by
`make host-tests`) and reports each of its KTAP checks as its own test
("test_of_base/..."), through the parser the in-kernel self-tests use
(scripts/coyote/ktap.py).  The binaries run once, when pytest collects."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
from coyote import ktap  # noqa: E402
from coyote.once import once_per_run, parallel_map  # noqa: E402

BIN = ROOT / "build" / "host" / "tests"
SOURCES = sorted(p.stem for p in (ROOT / "tests" / "host").glob("test_*.c"))


def run_binary(name):
    """The binary's cases; a binary that is missing, crashes or prints no
    KTAP is one failed case that says so."""
    exe = BIN / name
    if not exe.exists():
        return [ktap.Case(name + "/build", "not ok",
                          reason="%s is not built: run `make host-tests` first" % exe)]
    env = dict(os.environ, OF_TEST_DTB_DIR=str(ROOT / "build" / "host" / "dts"))
    proc = subprocess.run([str(exe)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    cases = ktap.parse(proc.stdout, prefix=name) or []
    failed = any(c.failed for c in cases)
    if proc.returncode != 0 and not failed:
        cases.append(ktap.Case(name + "/exit", "not ok", proc.stderr[-4000:].splitlines(),
                               "exited %d with no failed check" % proc.returncode))
    if not cases:
        cases.append(ktap.Case(name + "/ktap", "not ok", proc.stdout[-4000:].splitlines(),
                               "no KTAP output"))
    return cases


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        runs = once_per_run("host-unit", lambda: parallel_map(run_binary, SOURCES))
        cases = [c for run in runs for c in run]
        metafunc.parametrize("case", cases, ids=[c.name for c in cases])


def test_unit(case):
    if case.status == "skip":
        pytest.skip(case.reason)
    assert not case.failed, ktap.report(case)
