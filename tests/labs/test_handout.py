# SPDX-License-Identifier: BSD-2-Clause
"""`make lab-handout`: the students' tarball has the starters and pages and
no solution, and unpacked on a clean tree it builds and grades lab 1."""
import shutil
import subprocess
import tarfile

import pytest

from qemu.coyote import ROOT, BUILD

SOL = ROOT / "tests" / "labs" / "solutions"


def make(*args, cwd=ROOT, timeout=900):
    res = subprocess.run(["make", "-s", "--no-print-directory"] + list(args), cwd=str(cwd),
                         capture_output=True, text=True, timeout=timeout)
    return res.returncode, res.stdout + res.stderr


def test_handout_of_all_labs_builds_and_grades_lab1(tmp_path):
    rc, out = make("lab-handout", "LAB=ALL")
    assert rc == 0, out
    tar = BUILD / "handout" / "coyote-labALL.tar.gz"
    with tarfile.open(tar) as t:
        names = t.getnames()
        t.extractall(tmp_path)
    tree = tmp_path / "coyote-labALL"
    assert not any("/tests/labs/solutions/" in n for n in names)
    assert (tree / "docs" / "labs" / "lab1" / "answers.txt").exists()
    # No file handed out is a solution file.
    solutions = {p.read_bytes() for p in SOL.rglob("*") if p.is_file()}
    leaked = [n for n in names if (tmp_path / n).is_file() and
              (tmp_path / n).read_bytes() in solutions]
    assert not leaked, leaked
    # The starter: builds, grades, is not done.
    rc, out = make("lab-check", "LAB=1", cwd=tree)
    assert rc != 0 and "  [todo] uart3_address" in out, out
    assert (tree / "build" / "lab1" / "result.json").exists()
    # The student's answers: done.
    for f in (SOL / "lab1").iterdir():
        shutil.copy(f, tree / "docs" / "labs" / "lab1" / f.name)
    rc, out = make("lab-check", "LAB=1", cwd=tree)
    assert rc == 0 and "lab 1 is done" in out, out


@pytest.mark.parametrize("lab, folders", [
    (4, {"lab3", "lab4"}),      # lab 4 boots lab 3's tree
    (7, {"lab5", "lab7"}),      # lab 7 grows the lab 5 driver
])
def test_handout_of_one_lab_has_only_its_folders(lab, folders):
    rc, out = make("lab-handout", "LAB=%d" % lab)
    assert rc == 0, out
    name = "coyote-lab%d" % lab
    with tarfile.open(BUILD / "handout" / (name + ".tar.gz")) as t:
        labs = {n.split("/")[3] for n in t.getnames()
                if n.startswith(name + "/docs/labs/lab")}
    assert labs == folders, labs
