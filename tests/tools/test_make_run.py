# SPDX-License-Identifier: BSD-2-Clause
"""`make run` as README.md shows it: without a blob (`DTB=`,
QEMU then passes ATAGs and the kernel boots on its built-in tree), and on
the corpus's vexpress-v2p-ca9.dtb, which `make run` fetches first."""
import subprocess

import pexpect
import pytest

from coyote.qemu import BUILD, PROMPT, ROOT

CORPUS_CA9 = "build/corpus/root/usr/lib/linux-image-*/vexpress-v2p-ca9.dtb"


def make_run(*args, timeout=120):
    """`make run ARGS` on a pty; its output up to the prompt, then `reboot`
    and its exit status."""
    child = pexpect.spawn("make", ["-s", "--no-print-directory", "run"] + list(args),
                          cwd=str(ROOT), encoding="utf-8", codec_errors="replace",
                          timeout=timeout)
    try:
        child.expect(PROMPT)
        out = child.before
        child.sendline("reboot")
        child.expect(pexpect.EOF, timeout=30)
        child.close()
        return out.replace("\r", ""), child.exitstatus
    finally:
        if child.isalive():
            child.terminate(force=True)


def test_make_run_without_dtb_boots_on_atags():
    out, status = make_run("DTB=")
    assert "Couldn't open dtb" not in out, out
    assert " -dtb" not in out, out
    assert "using built-in DTB" in out, out
    assert "driver core: 15 device(s) bound" in out, out
    assert status == 0, out


def test_make_run_corpus_dtb_fetches_the_corpus():
    """The corpus is a prerequisite of a DTB under build/corpus: make says
    so (dry run, no network needed), then boots it when it could be fetched."""
    dry = subprocess.run(["make", "-n", "--no-print-directory", "run", "BOARD=vexpress-a9",
                          "DTB=" + CORPUS_CA9], cwd=str(ROOT), capture_output=True,
                         text=True, timeout=300)
    assert "scripts/fetch-corpus" in dry.stdout, dry.stdout + dry.stderr
    if not list((BUILD / "corpus").glob("root/usr/lib/linux-image-*/vexpress-v2p-ca9.dtb")):
        pytest.skip("the corpus could not be fetched here (scripts/fetch-corpus)")
    out, status = make_run("BOARD=vexpress-a9", "DTB=" + CORPUS_CA9)
    assert "fdt: machine: V2P-CA9" in out, out
    assert status == 0, out


def test_make_run_missing_dtb_says_so():
    res = subprocess.run(["make", "-s", "--no-print-directory", "run", "DTB=build/nosuch.dtb"],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=300,
                         stdin=subprocess.DEVNULL)
    assert res.returncode != 0
    assert "run: DTB=build/nosuch.dtb: no such file" in res.stderr, res.stderr
    assert "qemu" not in res.stdout, res.stdout


def test_make_run_in_a_lab_folder_without_its_driver_is_refused(tmp_path):
    """A build folder whose kernel was linked with LAB_DRIVER (a lab's
    folder after lab-check): `make run B=...` without it would link a
    kernel without the student's driver; make refuses and says what to
    give, before building or running anything."""
    (tmp_path / "lab").mkdir()
    (tmp_path / "lab" / "lab_driver.c").write_text(
        '#line 1 "docs/labs/lab5/gpio-pl061.c"\nint lab_driver;\n')
    res = subprocess.run(["make", "-s", "--no-print-directory", "run", "B=%s" % tmp_path],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=300,
                         stdin=subprocess.DEVNULL)
    assert res.returncode != 0
    assert "holds a kernel built with a lab driver (last docs/labs/lab5/gpio-pl061.c)" \
        in res.stderr, res.stderr
    assert "make run B=%s LAB_DRIVER=FILE.c" % tmp_path in res.stderr, res.stderr
    assert "qemu" not in res.stdout and not (tmp_path / "kernel.elf").exists(), res.stdout
