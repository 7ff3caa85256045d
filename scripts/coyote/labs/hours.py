# SPDX-License-Identifier: BSD-2-Clause
"""lab-hours: each lab's median hours from the platform's own record, which
a student cannot write (unlike the .history.jsonl in their lab folder).

    scripts/lab-hours N:EXPORT [N:EXPORT...] [--max N:POINTS]

EXPORT is lab N's record of submissions, every one timestamped by the
server and scored by the autograder (make autograder):

  - Gradescope's "Export Submissions" zip, or the submission_metadata.yml
    inside it: per submission its :submitters: (:sid:, :email:, :name:),
    :created_at: and :score:, the earlier submissions of the same
    students under :history: (each with its :created_at: and :score:);
  - a CSV with a header and the columns student, created_at (ISO 8601,
    with its time zone) and score, one row per submission (another
    platform's log: GitHub's check runs of the Classroom workflow, say).

A student's hours for a lab are the time from their first submission to
their first with the full score (the lab's rubric total, or --max); the
median and the quartiles are over the students who reached it.  A student
whose first submission already has the full score counts 0 h and is
named in a note: the platform saw none of that work (an early empty push
would make it look longer, a last-minute first push shorter).  A git log is not a record:
its dates are the student's clock.  Exit status 0, 2 for bad usage or an
export that cannot be read.
"""
import argparse
import csv
import datetime
import io
import statistics
import sys
import zipfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[3]


class BadExport(Exception):
    pass


def when(value):
    """A server timestamp (YAML's datetime, or text) as an aware datetime."""
    if isinstance(value, datetime.datetime):
        t = value
    else:
        text = str(value).strip()
        # Gradescope writes "2026-10-05 10:00:00.123456789 -07:00".
        date, _, rest = text.replace("T", " ", 1).partition(" ")
        clock, _, zone = rest.strip().partition(" ")
        clock, zone = (clock, zone) if zone else split_zone(clock)
        clock = clock.split(".")[0]
        try:
            t = datetime.datetime.fromisoformat("%s %s%s" % (date, clock,
                                                             zone.replace("Z", "+00:00")))
        except ValueError:
            raise BadExport("%r is not a timestamp" % text)
    if t.tzinfo is None:
        raise BadExport("%s has no time zone" % t)
    return t


def split_zone(clock):
    for sign in "+-Z":
        i = clock.rfind(sign)
        if i > 0:
            return clock[:i], clock[i:]
    return clock, ""


def gradescope(text):
    """{student: [(time, score)]} from submission_metadata.yml's text."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise BadExport("not YAML: %s" % str(e).splitlines()[0])
    if not isinstance(data, dict):
        raise BadExport("not Gradescope's submission_metadata.yml (no submissions)")
    subs = {}
    for key, sub in data.items():
        if not isinstance(sub, dict) or ":submitters" not in sub:
            raise BadExport("%s: no :submitters:" % key)
        people = [p.get(":sid") or p.get(":email") or p.get(":name")
                  for p in sub[":submitters"]]
        runs = [sub] + list(sub.get(":history") or [])
        for r in runs:
            if r.get(":score") is None or r.get(":created_at") is None:
                continue        # not graded (yet): no evidence either way
            for who in people:
                subs.setdefault(str(who), []).append((when(r[":created_at"]),
                                                      float(r[":score"])))
    return subs


def rows(text):
    """{student: [(time, score)]} from the CSV form."""
    subs = {}
    reader = csv.DictReader(io.StringIO(text))
    missing = {"student", "created_at", "score"} - set(reader.fieldnames or [])
    if missing:
        raise BadExport("a CSV without the column(s) %s" % ", ".join(sorted(missing)))
    for n, row in enumerate(reader, 2):
        try:
            subs.setdefault(row["student"], []).append((when(row["created_at"]),
                                                        float(row["score"])))
        except ValueError:
            raise BadExport("line %d: the score %r is not a number" % (n, row["score"]))
    return subs


def read_export(path):
    path = Path(path)
    try:
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as z:
                names = [n for n in z.namelist() if n.endswith("submission_metadata.yml")]
                if len(names) != 1:
                    raise BadExport("%d submission_metadata.yml in the zip, not one" %
                                    len(names))
                return gradescope(z.read(names[0]).decode())
        text = path.read_text()
    except (OSError, UnicodeDecodeError, zipfile.BadZipFile) as e:
        raise BadExport(str(e))
    return rows(text) if path.suffix == ".csv" else gradescope(text)


def hours(subs, full):
    """{student: hours or None}: first submission to first at @full points."""
    out = {}
    for who, runs in subs.items():
        runs.sort(key=lambda r: r[0])
        done = next((t for t, score in runs if score >= full), None)
        out[who] = None if done is None else (done - runs[0][0]).total_seconds() / 3600
    return out


def quartiles(done):
    """(Q1, median, Q3) of the sorted hours @done, by the inclusive method
    (a single value is all three)."""
    if len(done) == 1:
        return done[0], done[0], done[0]
    q1, q2, q3 = statistics.quantiles(done, n=4, method="inclusive")
    return q1, q2, q3


def full_at_first(subs, full):
    """The students whose first graded submission already scores @full."""
    return sorted(who for who, runs in subs.items()
                  if runs and min(runs, key=lambda r: r[0])[1] >= full)


def rubric_total(lab):
    import importlib
    try:
        return sum(importlib.import_module("coyote.labs.graders.lab%d" % lab).RUBRIC.values())
    except ImportError:
        return None


def main():
    ap = argparse.ArgumentParser(description="Lab hours from the platform's submissions.")
    ap.add_argument("exports", nargs="+", metavar="N:EXPORT")
    ap.add_argument("--max", action="append", default=[], metavar="N:POINTS",
                    help="lab N's full score (default: its rubric's total)")
    a = ap.parse_args()
    fulls = {}
    try:
        for m in a.max:
            n, _, p = m.partition(":")
            fulls[int(n)] = float(p)
        jobs = []
        for e in a.exports:
            n, _, path = e.partition(":")
            jobs.append((int(n), path))
    except ValueError:
        ap.error("say N:EXPORT and N:POINTS (a lab number, a colon)")
    print("lab-hours: hours = first submission to first full score, from the platform's "
          "timestamps and scores")
    for lab, path in jobs:
        full = fulls.get(lab, rubric_total(lab))
        if full is None:
            print("lab-hours: lab %d: no grader, say its full score with --max %d:POINTS" %
                  (lab, lab), file=sys.stderr)
            return 2
        try:
            subs = read_export(path)
        except BadExport as e:
            print("lab-hours: %s: %s" % (path, e), file=sys.stderr)
            return 2
        first = full_at_first(subs, full)
        took = hours(subs, full)
        done = sorted(h for h in took.values() if h is not None)
        if done:
            print("lab %d: %.1f h (median of %d student(s) with a full score of %g; "
                  "%d without one) from %s" % (lab, statistics.median(done), len(done),
                                              full, len(took) - len(done), path))
            print("lab %d: quartiles %.1f / %.1f / %.1f h, range %.1f to %.1f h" %
                  ((lab,) + quartiles(done) + (done[0], done[-1])))
            if first:
                print("lab %d: note: %d student(s) scored full at their first submission "
                      "(0 h: the platform saw none of that work): %s" %
                      (lab, len(first), ", ".join(first)))
        else:
            print("lab %d: no student reached %g points (%d student(s)) in %s" %
                  (lab, full, len(took), path))
    return 0
