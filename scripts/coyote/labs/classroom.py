# SPDX-License-Identifier: BSD-2-Clause
"""grade-class: grade a folder of student hand-ins into one CSV.

    scripts/grade-class DIR [-o FILE.csv] [--labs 1,3] [-j N]

DIR holds one folder per student, each with the lab folders they handed
in, named as in docs/labs/ (DIR/alice/lab1/, DIR/alice/lab2/, ...).  Each
is graded with scripts/lab-check (`make lab-check LAB=N LAB_SRC=...`)
in a sandbox of its own (scripts/coyote/labs/handin.py), into its own build folder
build/grade/STUDENT/labN/ (its result.json is there); -j N grades N
hand-ins at once, with the same results as one at a time.  The CSV
(default DIR/grades.csv) has a row per student and lab: score, maximum,
done, the first check still failing, the hours the student's own log
gives, and what is wrong with that log.  Exit status 0 when every
hand-in was graded (whatever it scored), 2 for bad usage.

The hours here are the student's own view, not evidence: every `make
lab-check` a student runs appends its time and score to the lab folder's
.history.jsonl, which is handed in with the folder, and which the
student can write.  A lab's hours are the time from the first run to the
first full score, without pauses of more than BREAK_HOURS between two
runs (a night, another day).  A log that disagrees with the grade (it
claims a full score the hand-in does not get, another maximum, a last
run that scored otherwise) is flagged in the "history" column and its
hours are not counted.  After the table, one line per lab gives the
median over the students whose log reached a full score.  Hours an
instructor can put their name to come from the platform's record:
scripts/lab-hours.
"""
import argparse
import concurrent.futures
import csv
import datetime
import hashlib
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
GRADE = ROOT / "scripts" / "lab-check"
BUILD = ROOT / "build"
HISTORY = ".history.jsonl"
BREAK_HOURS = 2.0


def read_history(folder):
    """[(time, score, max)] of @folder's history, in time order; None
    without one.  The self-check's runs (a hand-out's lab-check: another
    rubric, other values) are not grades and are left out."""
    # (A link is not followed: the hand-in is untrusted, and refused.)
    if folder.is_symlink() or (folder / HISTORY).is_symlink():
        return None
    try:
        lines = (folder / HISTORY).read_text().splitlines()
    except OSError:
        return None
    runs = []
    for line in lines:
        try:
            r = json.loads(line)
            if r.get("kind") == "self-check":
                continue
            t = datetime.datetime.strptime(r["time"], "%Y-%m-%dT%H:%M:%SZ")
            runs.append((t, int(r["score"]), int(r["max"])))
        except (ValueError, KeyError, TypeError):
            continue            # a line the student's editor mangled
    return sorted(runs)


def lab_hours(runs):
    """Hours from the first run in @runs to the first full score, pauses
    over BREAK_HOURS left out; None without a full score."""
    hours, prev = 0.0, None
    for t, score, most in runs:
        if prev is not None:
            gap = (t - prev).total_seconds() / 3600
            hours += gap if gap <= BREAK_HOURS else 0
        if score == most:
            return hours
        prev = t
    return None


def history_disagrees(runs, result):
    """What in the student's @runs contradicts the grade's @result
    (result.json): "" when nothing does."""
    if not runs:
        return ""
    said = []
    full = next((t for t, score, most in runs if score == most), None)
    if full and not result["done"]:
        said.append("claims a full score (%s), graded %d/%d" %
                    (full.strftime("%Y-%m-%dT%H:%M:%SZ"), result["score"], result["max"]))
    maxima = sorted({most for _, _, most in runs} - {result["max"]})
    if maxima:
        said.append("runs out of %s points, the rubric has %d" %
                    (", ".join(map(str, maxima)), result["max"]))
    last = runs[-1]
    if last[1] != result["score"] and not said:
        said.append("its last run scored %d/%d, graded %d/%d" %
                    (last[1], last[2], result["score"], result["max"]))
    return "; ".join(said)


def hours_summary(rows):
    """One line per lab: the median hours of those who finished, and who not."""
    out = []
    for lab in sorted({r[1] for r in rows}):
        mine = [r for r in rows if r[1] == lab]
        took = sorted(r[6] for r in mine if r[6] != "")
        no_hist = sum(1 for r in mine if r[7] == "no history")
        flagged = sum(1 for r in mine if r[7].startswith("disagrees"))
        if took:
            med = statistics.median(float(h) for h in took)
            out.append("lab %d: %.1f h by the students' own logs (median of %d student(s) "
                       "with a full score; %d without one, %d without a history, %d "
                       "disagreeing with the grade)" %
                       (lab, med, len(took), len(mine) - len(took) - no_hist - flagged,
                        no_hist, flagged))
        else:
            out.append("lab %d: no hours in the students' own logs (%d hand-in(s), %d "
                       "without a history, %d disagreeing with the grade)" %
                       (lab, len(mine), no_hist, flagged))
    return out


def folder_name(student):
    """@student's build folder name: the folder's name when plain (it
    reaches make's command line), else a plain form with a hash of it."""
    if re.fullmatch(r"[A-Za-z0-9._-]+", student) and not student.startswith("."):
        return student
    return "%s-%s" % (re.sub(r"[^A-Za-z0-9_-]", "_", student)[:40],
                      hashlib.sha256(student.encode()).hexdigest()[:8])


def grade_one(student, lab, lab_dir, out):
    """Grade @lab_dir (lab @lab) into its own build folder @out: the CSV
    row, and the line printed for it."""
    res = subprocess.run([sys.executable, str(GRADE), str(lab), "--src", str(lab_dir),
                          "--out", str(out), "--hand-in", "--prepared"],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=3600)
    result = out / "result.json"
    runs = read_history(lab_dir)
    if res.returncode not in (0, 1) or not result.exists():
        why = "grader error: " + ((res.stderr.strip().splitlines() or ["?"])[-1])
        return [student, lab, 0, "", "no", why, "", ""], \
            "%-20s lab %-2d %s" % (student, lab, why)
    r = json.loads(result.read_text())
    todo = next((c["check"] for c in r["checks"] if c["status"] != "pass"), "")
    wrong = history_disagrees(runs, r)
    hours = None if wrong or runs is None else lab_hours(runs)
    hist = "no history" if runs is None else "disagrees: " + wrong if wrong else ""
    line = "%-20s lab %-2d %3d/%-3d %s" % (student, lab, r["score"], r["max"],
                                         "done" if r["done"] else todo)
    if wrong:
        line += "\n%-20s        its own log disagrees: %s" % ("", wrong)
    return ([student, lab, r["score"], r["max"], "yes" if r["done"] else "no", todo,
             "" if hours is None else "%.2f" % hours, hist], line)


def main():
    ap = argparse.ArgumentParser(description="Grade a folder of student trees into a CSV.")
    ap.add_argument("dir")
    ap.add_argument("-o", "--output")
    ap.add_argument("--labs", help="only these labs, comma-separated")
    ap.add_argument("-j", "--jobs", type=int, default=1,
                    help="grade this many hand-ins at once (each in its own build folder)")
    a = ap.parse_args()
    top = Path(a.dir).resolve()
    if not top.is_dir() or a.jobs < 1:
        print("grade-class: %s" % ("%s is not a folder" % a.dir if a.jobs >= 1 else
                                   "-j wants 1 or more"), file=sys.stderr)
        return 2
    only = {int(n) for n in a.labs.split(",")} if a.labs else None
    out = Path(a.output) if a.output else top / "grades.csv"
    todo = []
    for student in sorted(p for p in top.iterdir() if p.is_dir()):
        for lab_dir in sorted(student.iterdir(), key=lambda p: p.name):
            m = re.fullmatch(r"lab(\d+)", lab_dir.name)
            if not m or not lab_dir.is_dir() or (only and int(m.group(1)) not in only):
                continue
            todo.append((student.name, int(m.group(1)), lab_dir,
                         BUILD / "grade" / folder_name(student.name) / lab_dir.name))
    # What every grade of a lab reads from the main build, made once, before
    # the grades run side by side (grade.py --prepare).
    for lab in sorted({t[1] for t in todo}):
        res = subprocess.run([sys.executable, str(GRADE), str(lab), "--prepare"],
                             cwd=str(ROOT), capture_output=True, text=True, timeout=3600)
        if res.returncode:
            print("grade-class: lab %d cannot be graded here:\n%s" % (lab, res.stderr),
                  file=sys.stderr)
            return 2
    start = time.monotonic()
    rows = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for row, line in pool.map(lambda t: grade_one(*t), todo):
            rows.append(row)
            print(line, flush=True)
    took = time.monotonic() - start
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["student", "lab", "score", "max", "done", "first failing check",
                    "hours (student's own log)", "history"])
        w.writerows(rows)
    print("grade-class: %d hand-in(s) graded into %s in %.0f s (-j %d)" %
          (len(rows), out, took, a.jobs))
    for line in hours_summary(rows):
        print("grade-class: " + line)
    print("grade-class: (the students' logs are their own view, not evidence: "
          "scripts/lab-hours reads the platform's record)")
    return 0
