# SPDX-License-Identifier: BSD-2-Clause
"""Replay the fuzzer's saved inputs (and the host test blobs) once each.

Every file in tests/fuzz/regressions/ once crashed the harness; it must run
clean now.  build/fuzz/fuzz_fdt is the libFuzzer binary `make test` builds
(clang, ASan, UBSan); given files instead of directories it runs each one
once and exits, non-zero on the first crash.
"""
import glob
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FUZZ_BIN = os.path.join(ROOT, "build", "fuzz", "fuzz_fdt")
REGRESSIONS = os.path.join(ROOT, "tests", "fuzz", "regressions")


def saved_inputs():
    return sorted(f for f in glob.glob(os.path.join(REGRESSIONS, "*"))
                  if os.path.isfile(f) and not f.endswith(".md"))


def build_blobs():
    out = []
    for sub in ("host", "dts"):
        out += glob.glob(os.path.join(ROOT, "build", sub, "**", "*.dtb"), recursive=True)
    return sorted(out)


def replay(files):
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0",
               UBSAN_OPTIONS="print_stacktrace=1")
    return subprocess.run([FUZZ_BIN] + files, capture_output=True, text=True,
                          env=env, timeout=600)


@pytest.fixture(scope="module")
def fuzz_bin():
    assert os.access(FUZZ_BIN, os.X_OK), \
        "%s missing: run `make fuzz-build` (make test builds it)" % FUZZ_BIN
    return FUZZ_BIN


@pytest.mark.parametrize("path", saved_inputs() or [None],
                         ids=lambda p: os.path.basename(p) if p else "none")
def test_saved_input_runs_clean(fuzz_bin, path):
    if path is None:
        pytest.skip("no saved fuzz inputs yet")
    r = replay([path])
    assert r.returncode == 0, r.stderr[-4000:]


def test_build_blobs_run_clean(fuzz_bin):
    files = build_blobs()
    if not files:
        pytest.skip("no blobs under build/host or build/dts")
    r = replay(files)
    assert r.returncode == 0, r.stderr[-4000:]
    assert "Executed" in r.stderr
