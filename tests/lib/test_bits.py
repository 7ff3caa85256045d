# SPDX-License-Identifier: BSD-2-Clause
"""include/linux/bits.h (BIT(), GENMASK() and friends, Linux's semantics):
tests/lib/bits_test.c's compile-time checks for the target (32-bit long)
and the host (64-bit long), its run-time checks with variable bounds on
the host, and a GENMASK with its bounds swapped that must not compile."""
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "tests" / "lib" / "bits_test.c"
OUT = ROOT / "build" / "tests" / "bits"
FLAGS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-I", str(ROOT / "include")]


def cc(compiler, *args):
    OUT.mkdir(parents=True, exist_ok=True)
    return subprocess.run([compiler, *FLAGS, *args, str(SRC)], capture_output=True,
                          text=True, timeout=120)


def test_bits_on_the_target():
    res = cc("arm-none-eabi-gcc", "-ffreestanding", "-c", "-o", str(OUT / "arm.o"))
    assert res.returncode == 0, res.stderr


def test_bits_on_the_host():
    exe = OUT / "bits_test"
    res = cc("cc", "-DRUN", "-o", str(exe))
    assert res.returncode == 0, res.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "not ok" not in run.stdout, run.stdout


def test_genmask_with_swapped_bounds_does_not_compile():
    for compiler, flags in (("cc", []), ("arm-none-eabi-gcc", ["-ffreestanding"])):
        res = cc(compiler, *flags, "-DWRONG_WAY", "-c", "-o", str(OUT / "wrong.o"))
        assert res.returncode != 0 and "bit-field" in res.stderr, (compiler, res.stderr)
