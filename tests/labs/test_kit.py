# SPDX-License-Identifier: BSD-2-Clause
"""The instructor kit: lab-check's score and build/labN/result.json, and
scripts/grade-class's CSV of a folder of hand-ins."""
import csv
import json
import shutil
import subprocess

from qemu.coyote import ROOT, BUILD

SOL = ROOT / "tests" / "labs" / "solutions"


def test_lab_check_prints_a_score_and_writes_result_json():
    res = subprocess.run(["make", "-s", "--no-print-directory", "lab-check", "LAB=1"],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    assert res.returncode != 0
    assert "Score: 2/9 points (build/lab1/result.json)" in res.stdout, res.stdout
    r = json.loads((BUILD / "lab1" / "result.json").read_text())
    assert (r["lab"], r["score"], r["max"], r["done"]) == (1, 2, 9, False), r
    assert [c["status"] for c in r["checks"]][:3] == ["pass", "pass", "todo"], r
    assert sum(c["points"] for c in r["checks"]) == r["score"]
    assert r["checks"][2]["hint"].startswith("Not answered yet"), r


def test_grade_class_writes_one_csv(tmp_path):
    shutil.copytree(SOL / "lab1", tmp_path / "alice" / "lab1")
    shutil.copytree(ROOT / "docs" / "labs" / "lab1", tmp_path / "bob" / "lab1")
    shutil.copytree(SOL / "lab2", tmp_path / "bob" / "lab2")
    (tmp_path / "bob" / "notes").mkdir()
    res = subprocess.run([str(ROOT / "scripts" / "grade-class"), str(tmp_path)],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stdout + res.stderr
    with open(tmp_path / "grades.csv") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["student", "lab", "score", "max", "done", "first failing check"]
    assert rows[1:] == [
        ["alice", "1", "9", "9", "yes", ""],
        ["bob", "1", "2", "9", "no",
         "uart3_address: the CPU address of /fpga@10000000/serial@9000"],
        ["bob", "2", "8", "8", "yes", ""]], rows
