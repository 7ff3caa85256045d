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
    # The student's answers: done.  Part 2 boots a board on Debian's tree,
    # which `make corpus` fetches: the handed-out tree reads this one's.
    for f in (SOL / "lab1").iterdir():
        shutil.copy(f, tree / "docs" / "labs" / "lab1" / f.name)
    corpus = (BUILD / "corpus").resolve()
    if not (corpus / "dtb").is_dir():
        pytest.skip("Debian's armhf trees not fetched (make corpus): lab 1's part 2 waits")
    (tree / "build" / "corpus").symlink_to(corpus)
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


def committed(path):
    return subprocess.run(["git", "show", "HEAD:" + path], cwd=str(ROOT), check=True,
                          capture_output=True).stdout


@pytest.fixture
def solved_in_place():
    """Labs 1 and 10 solved in the working tree, as a student (or an
    instructor trying the answers) does; put back afterwards."""
    saved = {}
    try:
        for lab in (1, 10):
            for f in (SOL / ("lab%d" % lab)).iterdir():
                if f.name == "ANSWERS.md":
                    continue
                dst = ROOT / "docs" / "labs" / ("lab%d" % lab) / f.name
                saved[dst] = dst.read_bytes() if dst.exists() else None
                shutil.copy(f, dst)
        yield saved
    finally:
        for dst, data in saved.items():
            if data is None:
                dst.unlink()
            else:
                dst.write_bytes(data)


def test_handout_holds_the_committed_starters_not_the_working_tree(solved_in_place, tmp_path):
    rc, out = make("lab-handout", "LAB=ALL")
    assert rc == 0, out
    assert "not the working tree" in out and "docs/labs/lab10/widget.c" in out, out
    with tarfile.open(BUILD / "handout" / "coyote-labALL.tar.gz") as t:
        t.extractall(tmp_path)
    tree = tmp_path / "coyote-labALL"
    for dst in solved_in_place:
        rel = str(dst.relative_to(ROOT))
        assert (tree / rel).read_bytes() == committed(rel) != dst.read_bytes(), rel
        kept = tree / "tests" / "labs" / "pristine" / dst.relative_to(ROOT / "docs" / "labs")
        assert kept.read_bytes() == committed(rel), kept


def test_handout_refuses_starters_that_are_not_the_sealed_ones(tmp_path):
    seal = (ROOT / "docs" / "labs" / "starters.sha256").read_text()
    line = next(l for l in seal.splitlines() if l.endswith("docs/labs/lab3/tmp105.c"))
    wrong = tmp_path / "starters.sha256"
    wrong.write_text(seal.replace(line, "0" * 64 + "  docs/labs/lab3/tmp105.c"))
    res = subprocess.run([str(ROOT / "scripts" / "lab-handout"), "3", "-o", str(tmp_path),
                          "--starters", str(wrong)], cwd=str(ROOT), capture_output=True,
                         text=True, timeout=300)
    assert res.returncode == 1, res.stdout + res.stderr
    assert ("docs/labs/lab3/tmp105.c: the committed copy differs from the sealed starter"
            in res.stderr), res.stderr
    assert not (tmp_path / "coyote-lab3.tar.gz").exists()
