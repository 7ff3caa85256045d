# SPDX-License-Identifier: BSD-2-Clause
"""Replay every harness's saved inputs once each, and smoke-run each harness.

Every file in tests/fuzz/regressions/<harness>/ once crashed that harness
(build/fuzz/<harness>, the libFuzzer binaries `make test` builds: clang,
ASan, UBSan); it must run clean now.  Given files instead of directories a
harness runs each one once and exits, non-zero on the first crash.  The
smoke run fuzzes each harness for a few seconds from its seeds
(scripts/fuzz-seeds), so a harness that no longer builds, or crashes at
once on ordinary input, fails here rather than in a long `make fuzz`.
"""
import glob
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FUZZ_DIR = os.path.join(ROOT, "build", "fuzz")
REGRESSIONS = os.path.join(ROOT, "tests", "fuzz", "regressions")
HARNESSES = sorted(os.path.basename(f)[:-2]
                   for f in glob.glob(os.path.join(ROOT, "tests", "fuzz", "fuzz_*.c")))
# Seconds of fuzzing per harness in `make test`: all of them under ~30 s.
SMOKE_TIME = int(os.environ.get("COYOTE_FUZZ_SMOKE", "3"))
ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=0", UBSAN_OPTIONS="print_stacktrace=1")


def saved_inputs():
    out = []
    for h in HARNESSES:
        out += [(h, f) for f in sorted(glob.glob(os.path.join(REGRESSIONS, h, "*")))
                if os.path.isfile(f) and not f.endswith(".md")]
    return out


def build_blobs():
    out = []
    for sub in ("host", "dts"):
        out += glob.glob(os.path.join(ROOT, "build", sub, "**", "*.dtb"), recursive=True)
    return sorted(out)


def harness(name):
    path = os.path.join(FUZZ_DIR, name)
    assert os.access(path, os.X_OK), \
        "%s missing: run `make fuzz-build` (make test builds it)" % path
    return path


def replay(name, files):
    return subprocess.run([harness(name)] + files, capture_output=True, text=True,
                          errors="replace", env=ENV, timeout=600, cwd=ROOT)


@pytest.mark.parametrize("case", saved_inputs() or [None],
                         ids=lambda c: "%s/%s" % (c[0], os.path.basename(c[1])) if c else "none")
def test_saved_input_runs_clean(case):
    if case is None:
        pytest.skip("no saved fuzz inputs yet")
    r = replay(case[0], [case[1]])
    assert r.returncode == 0, r.stderr[-4000:]


@pytest.mark.parametrize("name", ["fuzz_fdt", "fuzz_whynot"])
def test_build_blobs_run_clean(name):
    if name not in HARNESSES:
        pytest.skip("no %s harness" % name)
    files = build_blobs()
    if not files:
        pytest.skip("no blobs under build/host or build/dts")
    r = replay(name, files)
    assert r.returncode == 0, r.stderr[-4000:]
    assert "Executed" in r.stderr


@pytest.mark.parametrize("name", HARNESSES)
def test_smoke(name, tmp_path):
    """A few seconds of fuzzing from the harness's seeds, niced."""
    seeds = tmp_path / "seeds"
    r = subprocess.run([os.path.join(ROOT, "scripts", "fuzz-seeds"), name, str(seeds),
                        os.path.join(ROOT, "build", "corpus")],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    r = subprocess.run(["nice", "-n", "10", harness(name), "-max_total_time=%d" % SMOKE_TIME,
                        "-timeout=10", "-rss_limit_mb=2048", "-max_len=65536",
                        "-print_final_stats=1", "-artifact_prefix=%s/" % tmp_path,
                        str(corpus), str(seeds)],
                       capture_output=True, text=True, errors="replace", env=ENV,
                       cwd=ROOT, timeout=SMOKE_TIME + 120)
    assert r.returncode == 0, r.stderr[-4000:]
    assert "stat::number_of_executed_units" in r.stderr, r.stderr[-2000:]
