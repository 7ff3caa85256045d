# SPDX-License-Identifier: BSD-2-Clause
"""`make lab-handout`: the students' tarball has the starters and pages,
no solution, no grader and no grader's value; unpacked on a clean tree it
builds and runs lab 1's self-check (not the grade)."""
import shutil
import subprocess
import sys
import tarfile

import pytest

from coyote.qemu import ROOT, BUILD
from coyote.labs import handout as tool

from coyote.labs.graders import lab3 as grader3, lab4 as grader4
from coyote.labs.selfcheck import lab3 as self3, lab4 as self4

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
    # No grader, no instructor's tool or page.
    shipped = [n.split("/", 1)[1] for n in names if "/" in n]
    assert not [n for n in shipped if tool.instructors(n)], shipped
    assert not (tree / "scripts" / "coyote" / "labs" / "graders").exists()
    assert (tree / "scripts" / "coyote" / "labs" / "selfcheck" / "lab1.py").exists()
    # The starter: lab-check is the self-check, and it is not done.
    rc, out = make("lab-check", "LAB=1", cwd=tree)
    assert rc != 0 and "SELF-CHECK, NOT THE GRADE" in out, out
    assert "  [todo] answers.txt: each question answered once" in out, out
    assert (tree / "build" / "lab1" / "result.json").exists()
    # The reference answers pass it.
    for f in (SOL / "lab1").iterdir():
        shutil.copy(f, tree / "docs" / "labs" / "lab1" / f.name)
    rc, out = make("lab-check", "LAB=1", cwd=tree)
    assert rc == 0 and "checks of the self-check pass" in out, out
    assert "lab 1 is done" not in out, out


def test_every_grader_has_a_self_check():
    labs = ROOT / "scripts" / "coyote" / "labs"
    assert sorted(p.name for p in (labs / "graders").glob("lab*.py")) == \
        sorted(p.name for p in (labs / "selfcheck").glob("lab*.py"))


def test_self_check_values_are_none_the_grader_draws():
    """The page's examples lie outside every space a grade draws from,
    and are none of the grader's fixed values."""
    fixed = {mdeg for mdeg, _ in grader3.RANGE}
    for mdeg in self3.EXAMPLES:
        assert mdeg not in (set(grader3.WARM) | set(grader3.COLD) | set(grader3.STEPS) |
                            set(grader3.FAULTED) | fixed)
        assert self3.register(mdeg) not in {self3.register(v) for v in fixed}
    fresh = {f + e for f in grader4.FRESH for e in grader4.EIGHTHS}
    assert self4.EXAMPLE not in fresh | set(grader3.STEPS) | fixed
    assert self4.EXAMPLE not in self3.EXAMPLES


def refused(monkeypatch, capsys, tool, plant):
    """lab-handout's main() with @plant(files, keep) changing what HEAD
    holds or what it keeps: (exit status, what it printed)."""
    files, head = tool.committed()
    monkeypatch.setattr(tool, "committed", lambda: (files, head))
    monkeypatch.setattr(sys, "argv", ["lab-handout", "3", "-o", "/nonexistent/handout"])
    plant(files)
    rc = tool.main()
    return rc, capsys.readouterr().err


def test_handout_refuses_a_grader_or_its_values(monkeypatch, capsys):
    keep = tool.keep
    # A grader file kept.
    monkeypatch.setattr(tool, "keep", lambda p, lab, kit=False:
                        p == "scripts/coyote/labs/graders/lab3.py" or keep(p, lab, kit))
    rc, err = refused(monkeypatch, capsys, tool, lambda files: None)
    assert rc == 1 and "scripts/coyote/labs/graders/lab3.py: an instructor's file" in err, err
    monkeypatch.setattr(tool, "keep", keep)

    def copy(files):
        # The grader's bytes under another name, and its draw pasted into
        # the self-check.
        m, data = files["scripts/coyote/labs/graders/lab3.py"]
        files["tests/labs/notes.py"] = (m, data)
        m, mine = files["scripts/coyote/labs/selfcheck/lab3.py"]
        files["scripts/coyote/labs/selfcheck/lab3.py"] = (
            m, mine + b"\nSPACE = range(1000, 60000, 500)\n")
    rc, err = refused(monkeypatch, capsys, tool, copy)
    assert rc == 1, err
    assert "tests/labs/notes.py: the same bytes as scripts/coyote/labs/graders/lab3.py" in err, err
    assert ("scripts/coyote/labs/selfcheck/lab3.py: holds scripts/coyote/labs/graders/lab3.py's WARM "
            "(its value)") in err, err


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
