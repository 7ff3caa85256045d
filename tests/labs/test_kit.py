# SPDX-License-Identifier: BSD-2-Clause
"""The instructor kit: lab-check's score and build/labN/result.json, and
scripts/grade-class's CSV of a folder of hand-ins."""
import csv
import json
import re
import shutil
import subprocess

from coyote.qemu import ROOT, BUILD
from coyote.labs import bench

SOL = ROOT / "tests" / "labs" / "solutions"


def test_lab_check_prints_a_score_and_writes_result_json():
    res = subprocess.run(["make", "-s", "--no-print-directory", "lab-check", "LAB=1"],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    assert res.returncode != 0
    assert "Score: 2/14 points (build/lab1/result.json)" in res.stdout, res.stdout
    r = json.loads((BUILD / "lab1" / "result.json").read_text())
    assert (r["lab"], r["score"], r["max"], r["done"]) == (1, 2, 14, False), r
    assert [c["status"] for c in r["checks"]][:3] == ["pass", "pass", "todo"], r
    assert sum(c["points"] for c in r["checks"]) == r["score"]
    assert r["checks"][2]["hint"].startswith("Not answered yet"), r


# Alice's lab-check runs: 40 minutes of work, a night's break (not counted),
# half an hour more to the full score, and a run after it.
ALICE = "".join('{"time": "%s", "score": %d, "max": 14}\n' % r for r in (
    ("2026-10-05T10:00:00Z", 2), ("2026-10-05T10:40:00Z", 5),
    ("2026-10-06T14:00:00Z", 9), ("2026-10-06T14:30:00Z", 14),
    ("2026-10-06T15:00:00Z", 14)))


def test_grade_class_writes_one_csv(tmp_path):
    shutil.copytree(SOL / "lab1", tmp_path / "alice" / "lab1")
    (tmp_path / "alice" / "lab1" / ".history.jsonl").write_text(ALICE)
    shutil.copytree(ROOT / "docs" / "labs" / "lab1", tmp_path / "bob" / "lab1",
                    ignore=shutil.ignore_patterns(".history.jsonl"))
    # Bob hands in the starter with Alice's history: it claims a full score.
    (tmp_path / "bob" / "lab1" / ".history.jsonl").write_text(ALICE)
    shutil.copytree(SOL / "lab2", tmp_path / "bob" / "lab2")
    (tmp_path / "bob" / "notes").mkdir()
    res = subprocess.run([str(ROOT / "scripts" / "grade-class"), str(tmp_path)],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stdout + res.stderr
    with open(tmp_path / "grades.csv") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["student", "lab", "score", "max", "done", "first failing check",
                       "hours (student's own log)", "history"]
    assert rows[1:] == [
        ["alice", "1", "14", "14", "yes", "", "1.17", ""],
        ["bob", "1", "2", "14", "no",
         "uart3_address: the CPU address of /fpga@10000000/serial@9000", "",
         "disagrees: claims a full score (2026-10-06T14:30:00Z), graded 2/14"],
        ["bob", "2", "9", "9", "yes", "", "", "no history"]], rows
    assert ("lab 1: 1.2 h by the students' own logs (median of 1 student(s) with a full "
            "score; 0 without one, 0 without a history, 1 disagreeing with the grade)"
            ) in res.stdout, res.stdout
    assert "its own log disagrees: claims a full score" in res.stdout, res.stdout
    assert "scripts/lab-hours reads the platform's record" in res.stdout
    # The instructor's grading is not the student's work: the history is untouched.
    assert (tmp_path / "alice" / "lab1" / ".history.jsonl").read_text() == ALICE


def test_lab_check_logs_each_run_in_the_lab_folder(tmp_path):
    """What the hours are measured from: each run a student makes appends
    its time and score to the graded folder's .history.jsonl."""
    src = tmp_path / "lab1"
    shutil.copytree(ROOT / "docs" / "labs" / "lab1", src,
                    ignore=shutil.ignore_patterns(".history.jsonl"))
    for _ in range(2):
        subprocess.run(["make", "-s", "--no-print-directory", "lab-check", "LAB=1",
                        "LAB_SRC=" + str(src)], cwd=str(ROOT), capture_output=True,
                       text=True, timeout=900)
    runs = [json.loads(l) for l in (src / ".history.jsonl").read_text().splitlines()]
    assert [(r["score"], r["max"]) for r in runs] == [(2, 14), (2, 14)], runs
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", r["time"]) for r in runs)


def test_grade_class_in_parallel_matches_one_at_a_time(tmp_path):
    """-j 2: the same CSV as -j 1, each hand-in's result.json in its own
    build folder (build/grade/STUDENT/labN/), a refused hand-in among them."""
    import os
    shutil.copytree(SOL / "lab0", tmp_path / "ann" / "lab0")
    shutil.copytree(ROOT / "docs" / "labs" / "lab0", tmp_path / "ben" / "lab0",
                    ignore=shutil.ignore_patterns(".history.jsonl"))
    shutil.copytree(SOL / "lab2", tmp_path / "ben" / "lab2")
    (tmp_path / "cat" / "lab2").mkdir(parents=True)
    os.symlink("/etc/passwd", tmp_path / "cat" / "lab2" / "lab2.dts")
    (tmp_path / "dan" / "lab0").mkdir(parents=True)
    csvs = []
    for jobs in ("1", "2"):
        res = subprocess.run([str(ROOT / "scripts" / "grade-class"), str(tmp_path), "-j", jobs,
                              "-o", str(tmp_path / ("j%s.csv" % jobs))],
                             cwd=str(ROOT), capture_output=True, text=True, timeout=1800)
        assert res.returncode == 0, res.stdout + res.stderr
        assert "graded into" in res.stdout and "(-j %s)" % jobs in res.stdout, res.stdout
        csvs.append((tmp_path / ("j%s.csv" % jobs)).read_text())
    assert csvs[0] == csvs[1]
    rows = list(csv.reader(csvs[0].splitlines()))
    assert [r[:5] for r in rows[1:]] == [
        ["ann", "0", "10", "10", "yes"], ["ben", "0", "2", "10", "no"],
        ["ben", "2", "9", "9", "yes"], ["cat", "2", "0", "9", "no"],
        ["dan", "0", "0", "10", "no"]], rows
    for student, lab in (("ann", 0), ("ben", 0), ("ben", 2), ("cat", 2), ("dan", 0)):
        r = json.loads((BUILD / "grade" / student / ("lab%d" % lab) / "result.json").read_text())
        assert r["lab"] == lab and r["src"] == str(tmp_path / student / ("lab%d" % lab)), r


def test_grade_class_student_folder_names_never_reach_make(tmp_path):
    # (make runs in the tree: a relative marker would land there.)
    marker = ROOT / "pwned-by-a-folder-name"
    student = tmp_path / ("x$(shell touch %s)" % marker.name)
    shutil.copytree(SOL / "lab0", student / "lab0")
    res = subprocess.run([str(ROOT / "scripts" / "grade-class"), str(tmp_path)],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stdout + res.stderr
    assert " 10/10 " in res.stdout, res.stdout
    assert not marker.exists()
    # Contained by the sandbox anyway; but the name never reaches make.
    assert not [p for p in (BUILD / "grade").iterdir() if "$" in p.name]


def test_bench_grading_generates_a_class_of_thirty_hand_ins(tmp_path):
    """make bench-grading's class (scripts/bench/grading.py), generated but
    not graded: at least 30 hand-ins across the labs, laid out as
    grade-class reads them, right and wrong; each wrong one differs from
    its lab's reference answer, each starter is the lab's folder."""
    import filecmp
    made = bench.make_class(tmp_path / "class")
    assert len(made) >= 30, made
    kinds = {m[2] for m in made}
    assert {"right", "wrong", "alt", "starter"} <= kinds, kinds
    assert len({m[1] for m in made}) >= 8, made
    students = sorted(p.name for p in (tmp_path / "class").iterdir())
    assert students == sorted({m[0] for m in made}), students
    for student, lab, kind, what in made:
        folder = tmp_path / "class" / student / ("lab%d" % lab)
        assert folder.is_dir() and [p.name for p in folder.parent.iterdir()] == [folder.name]
        starter = ROOT / "docs" / "labs" / ("lab%d" % lab)
        files = {p.relative_to(folder) for p in folder.rglob("*") if p.is_file()}
        assert files >= {p.relative_to(starter) for p in starter.rglob("*")
                         if p.is_file() and p.name != ".history.jsonl"}, (student, files)
        if kind == "starter":
            cmp = filecmp.dircmp(starter, folder, ignore=[".history.jsonl"])
            assert not cmp.diff_files and not cmp.right_only, (student, cmp.diff_files)
        if kind == "wrong":
            right = next(m for m in made if m[1] == lab and m[2] == "right")
            other = tmp_path / "class" / right[0] / ("lab%d" % lab)
            cmp = filecmp.dircmp(other, folder)
            assert cmp.diff_files, (student, what)
