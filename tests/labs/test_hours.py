# SPDX-License-Identifier: BSD-2-Clause
"""scripts/lab-hours: each lab's median hours from the platform's record
(Gradescope's submission export, a CSV of submissions), never from the
student's own .history.jsonl."""
import subprocess
import zipfile

from coyote.qemu import ROOT
from coyote.labs import classroom as gc

from coyote.labs.graders import lab0, lab1

TOOL = ROOT / "scripts" / "lab-hours"
# The full scores lab-hours takes by default: the rubrics' totals.
FULL0 = sum(lab0.RUBRIC.values())
FULL1 = sum(lab1.RUBRIC.values())

# Gradescope's submission_metadata.yml for lab 0 (FULL0 points, its
# rubric's total): ann's active submission is her third (full after 2 h,
# then again later), bob never reaches it, cat and dan submit together (full after 4 h 30), eve's first
# submission is still being graded.
GRADESCOPE = """\
---
:submission_1003:
  :submitters:
  - :name: Ann A
    :sid: '1001'
    :email: ann@example.edu
  :created_at: 2026-10-06 09:00:00.000000000 -07:00
  :score: FULL0
  :history:
  - :id: 1001
    :created_at: 2026-10-05 10:00:00.000000000 -07:00
    :score: 3.0
  - :id: 1002
    :created_at: 2026-10-05 12:00:00.123456789 -07:00
    :score: FULL0
:submission_2002:
  :submitters:
  - :name: Bob B
    :sid: '1002'
    :email: bob@example.edu
  :created_at: 2026-10-06 11:00:00.000000000 +02:00
  :score: 8.0
  :history:
  - :id: 2001
    :created_at: 2026-10-06 10:00:00.000000000 +02:00
    :score: 2.0
:submission_3002:
  :submitters:
  - :name: Cat C
    :sid: '1003'
    :email: cat@example.edu
  - :name: Dan D
    :sid: '1004'
    :email: dan@example.edu
  :created_at: 2026-10-07 14:30:00.000000000 +00:00
  :score: FULL0
  :history:
  - :id: 3001
    :created_at: 2026-10-07 10:00:00.000000000 +00:00
    :score: 1.0
:submission_4001:
  :submitters:
  - :name: Eve E
    :sid: '1005'
    :email: eve@example.edu
  :created_at: 2026-10-07 10:00:00.000000000 +00:00
  :score:
"""

# Lab 1 (FULL1 points) from another platform's log: ann full after 1 h, bob after 3 h.
CSV = """student,created_at,score
ann,2026-10-12T10:00:00Z,2
ann,2026-10-12T11:00:00Z,FULL1
bob,2026-10-12T09:00:00+02:00,FULL1
bob,2026-10-12T06:00:00+02:00,4
"""


def hours(*args):
    res = subprocess.run([str(TOOL)] + [str(a) for a in args], cwd=str(ROOT),
                         capture_output=True, text=True, timeout=60)
    return res.returncode, res.stdout + res.stderr


def test_hours_from_a_gradescope_export_and_a_csv(tmp_path):
    meta = tmp_path / "submission_metadata.yml"
    meta.write_text(GRADESCOPE.replace("FULL0", "%d.0" % FULL0))
    log = tmp_path / "lab1.csv"
    log.write_text(CSV.replace("FULL1", str(FULL1)))
    rc, out = hours("0:%s" % meta, "1:%s" % log)
    assert rc == 0, out
    # ann 2 h, cat and dan 4.5 h each: the median is 4.5.
    assert ("lab 0: 4.5 h (median of 3 student(s) with a full score of %d; "
            "1 without one)" % FULL0) in out, out
    assert ("lab 1: 2.0 h (median of 2 student(s) with a full score of %d; 0 without one)"
            % FULL1) in out, out


def test_hours_from_gradescope_zip_and_another_full_score(tmp_path):
    z = tmp_path / "assignment_123_export.zip"
    with zipfile.ZipFile(z, "w") as f:
        f.writestr("assignment_123_export/submission_metadata.yml",
                   GRADESCOPE.replace("FULL0", "%d.0" % FULL0))
        f.writestr("assignment_123_export/submission_1003/lab0.dts", "/dts-v1/;\n")
    # At 8 points bob is done after 1 h too: ann 2 (and a fraction of a second),
    # bob 1, cat and dan 4.5.
    rc, out = hours("0:%s" % z, "--max", "0:8")
    assert rc == 0, out
    assert "lab 0: 3.3 h (median of 4 student(s) with a full score of 8; 0 without one)" \
        in out, out


def test_hours_refuse_what_is_not_an_export(tmp_path):
    bad = tmp_path / "x.csv"
    bad.write_text("name,when\nann,today\n")
    rc, out = hours("0:%s" % bad)
    assert rc == 2 and "without the column(s) created_at, score, student" in out, out
    naive = tmp_path / "y.csv"
    naive.write_text("student,created_at,score\nann,2026-10-12T10:00:00,2\n")
    rc, out = hours("0:%s" % naive)
    assert rc == 2 and "no time zone" in out, out
    rc, out = hours("0:%s" % (tmp_path / "missing.yml"))
    assert rc == 2 and "missing.yml" in out, out


def test_grade_class_flags_a_history_that_disagrees_with_the_grade(tmp_path):
    (tmp_path / ".history.jsonl").write_text(
        '{"time": "2026-10-05T10:00:00Z", "score": 2, "max": 9}\n'
        'not json\n'
        '{"time": "2026-10-05T10:20:00Z", "score": 4, "max": 4, "kind": "self-check"}\n'
        '{"time": "2026-10-05T10:30:00Z", "score": 9, "max": 9}\n')
    runs = gc.read_history(tmp_path)
    assert len(runs) == 2       # the self-check's run is not a grade
    assert gc.lab_hours(runs) == 0.5
    full = {"score": 9, "max": 9, "done": True}
    assert gc.history_disagrees(runs, full) == ""
    assert gc.history_disagrees(runs, {"score": 8, "max": 9, "done": False}) == \
        "claims a full score (2026-10-05T10:30:00Z), graded 8/9"
    assert gc.history_disagrees(runs, {"score": 7, "max": 7, "done": True}) == \
        "runs out of 9 points, the rubric has 7"
    runs[-1] = (runs[-1][0], 5, 9)
    assert gc.history_disagrees(runs, full) == "its last run scored 5/9, graded 9/9"
    assert gc.history_disagrees([], full) == "" and gc.read_history(tmp_path / "no") is None


def test_hours_print_their_definition_quartiles_and_first_push_full(tmp_path):
    """The definition beside the figure, the distribution, and the students
    whose first push already scored full named (their 0 h is no work seen)."""
    log = tmp_path / "lab1.csv"
    log.write_text("student,created_at,score\n"
                   "ann,2026-10-12T10:00:00Z,2\nann,2026-10-12T11:00:00Z,FULL\n"
                   "bob,2026-10-12T09:00:00Z,FULL\n"
                   "cat,2026-10-12T09:00:00Z,1\ncat,2026-10-12T13:00:00Z,FULL\n"
                   "dan,2026-10-12T09:00:00Z,1\ndan,2026-10-12T17:00:00Z,FULL\n"
                   .replace("FULL", str(FULL1)))
    rc, out = hours("1:%s" % log)
    assert rc == 0, out
    assert "hours = first submission to first full score" in out, out
    # ann 1, bob 0, cat 4, dan 8: inclusive quartiles 0.75 / 2.5 / 5.0.
    assert "lab 1: 2.5 h (median of 4 student(s)" in out, out
    assert "lab 1: quartiles 0.8 / 2.5 / 5.0 h, range 0.0 to 8.0 h" in out, out
    assert ("lab 1: note: 1 student(s) scored full at their first submission "
            "(0 h: the platform saw none of that work): bob") in out, out
