# SPDX-License-Identifier: BSD-2-Clause
"""The host tests and host tools again, built by clang under AddressSanitizer
(with LeakSanitizer) and UBSan (`make host-san`, build/san/): every unit
test, ofdump on the test, board, fault and (a tenth of the) corpus blobs,
including a bare root, and fdtdiff on damaged blobs.  Any sanitizer report
fails the test, a leak included."""
import glob
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAN = ROOT / "build" / "san"
SOURCES = sorted(p.stem for p in (ROOT / "tests" / "host").glob("test_*.c"))
REPORTS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:")
ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
           UBSAN_OPTIONS="print_stacktrace=1",
           OF_TEST_DTB_DIR=str(ROOT / "build" / "host" / "dts"))


def run(args, **kw):
    return subprocess.run([str(a) for a in args], cwd=ROOT, env=ENV, capture_output=True,
                          text=True, timeout=600, **kw)


def reports(proc):
    return [line for line in proc.stderr.splitlines() if any(r in line for r in REPORTS)]


def need(path):
    if not os.access(path, os.X_OK):
        pytest.fail("%s is not built: run `make host-san` (make test builds it)" % path)


@pytest.mark.parametrize("name", SOURCES)
def test_unit_under_sanitizers(name):
    exe = SAN / "tests" / name
    need(exe)
    proc = run([exe])
    failed = [line for line in proc.stdout.splitlines() if line.startswith("not ok")]
    assert not reports(proc), proc.stderr[-6000:]
    assert proc.returncode == 0 and not failed, "\n".join(failed) + proc.stderr[-3000:]


def ofdump_inputs(tmp_path):
    bare = tmp_path / "bare-root.dtb"
    subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", str(bare), "-"],
                   input=b"/dts-v1/;\n/ { };\n", check=True)
    files = [str(bare)]
    files += glob.glob(str(ROOT / "build" / "host" / "dts" / "*.dtb"))
    files += glob.glob(str(ROOT / "build" / "dts" / "*.dtb"))
    files += glob.glob(str(ROOT / "build" / "fdt-faults" / "*.dtb"))
    from coyote import corpus
    try:
        files += corpus.blobs(corpus.fetch())[::10]
    except corpus.FetchError:
        pass
    return files


def test_ofdump_under_sanitizers(tmp_path):
    exe = SAN / "ofdump"
    need(exe)
    bad = []
    files = ofdump_inputs(tmp_path)
    for f in files:
        for mode in ([], ["--stats"], ["--devices"]):
            proc = run([exe, "--modules", ""] + mode + [f])
            if reports(proc) or proc.returncode not in (0, 1):
                bad.append("%s %s: exit %d\n%s" % (" ".join(mode), f, proc.returncode,
                                                    proc.stderr[-3000:]))
    assert not bad, "\n".join(bad[:3])
    assert len(files) > 5


def test_fdtdiff_under_sanitizers():
    exe = SAN / "fdtdiff"
    need(exe)
    proc = run([exe, "--mutate", ROOT / "build" / "host" / "dts" / "api.dtb"])
    assert not reports(proc), proc.stderr[-6000:]
    assert proc.returncode == 0
