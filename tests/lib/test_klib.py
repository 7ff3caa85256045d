# SPDX-License-Identifier: BSD-2-Clause
"""Host unit test of the kernel's own vsnprintf, string functions and heap:
kernel/lib/vsprintf.c, kernel/lib/string.c and kernel/slab.c compiled with
the host compiler and checked against the C library and a stress run."""
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "build" / "tests" / "klib"

RENAMES = ["snprintf", "vsnprintf", "scnprintf", "vscnprintf", "memcpy", "memmove",
           "memset", "memcmp", "memchr", "strlen", "strnlen", "strcmp", "strncmp",
           "strchr", "strrchr", "strncpy", "strscpy"]


def build():
    OUT.mkdir(parents=True, exist_ok=True)
    exe = OUT / "klib_test"
    flags = ["-std=c11", "-O1", "-g", "-Wall", "-Wextra", "-Werror", "-Wno-unused-parameter",
             "-fno-builtin", "-DCOYOTE_HOST", "-D__KERNEL__"]
    renames = ["-D%s=k_%s" % (n, n) for n in RENAMES]
    inc = ["-I", str(ROOT / "tests" / "lib" / "include"), "-I", str(ROOT / "include")]
    objs = []
    for src in ["kernel/lib/vsprintf.c", "kernel/lib/string.c", "kernel/lib/kstrtox.c",
                "kernel/slab.c"]:
        obj = OUT / (Path(src).stem + ".o")
        subprocess.run(["cc", *flags, *renames, *inc, "-c", str(ROOT / src), "-o", str(obj)],
                       check=True, capture_output=True, text=True, timeout=120)
        objs.append(str(obj))
    subprocess.run(["cc", "-std=c11", "-O1", "-g", "-D_DEFAULT_SOURCE", "-Wall",
                    "-Wno-format-truncation", "-Wno-format-zero-length",
                    str(ROOT / "tests" / "lib" / "klib_test.c"), *objs, "-o", str(exe)],
                   check=True, capture_output=True, text=True, timeout=120)
    return exe


def test_kernel_lib_on_host():
    try:
        exe = build()
    except subprocess.CalledProcessError as e:
        raise AssertionError("build failed:\n" + e.stderr)
    for args in ([], ["heap-debug"]):     # the debug mode on a heap of its own
        res = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=120)
        failed = [l for l in res.stdout.splitlines() if l.startswith("not ok")]
        assert res.returncode == 0 and not failed, res.stdout + res.stderr
        assert "ok " in res.stdout
