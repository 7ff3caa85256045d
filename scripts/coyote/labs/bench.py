# SPDX-License-Identifier: BSD-2-Clause
"""Grading a class at scale: `make bench-grading`.

Generates a class of hand-ins across the labs, right and wrong, in a
temporary folder laid out as scripts/grade-class reads it (one folder per
student, lab folders inside): for every lab with a reference answer, the
answer (tests/labs/solutions/labN over the starter) and the untouched
starter; for every lab with a catalogue of wrong answers, one of them
(planted with scripts/mutate-labs' own helpers) and its first right
answer written otherwise (tests/labs/solutions/labN-alt/).  Then grades
it with `scripts/grade-class DIR -j 1` and `-j 2`, each from clean build
folders, and prints the wall time of each, the hand-in count and whether
the two CSVs are identical (exit status 1 when they differ).

A benchmark that prints figures, not a test.

Usage: scripts/bench/grading.py [--keep DIR] [--jobs 1,2]
"""
import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from coyote.labs import mutate as ml  # the catalogues and answer helpers

ROOT = Path(__file__).resolve().parents[3]
GRADE_CLASS = ROOT / "scripts" / "grade-class"
GRADE_BUILD = ROOT / "build" / "grade"
PREFIX = "bench-"       # the class's students: their build folders are ours to clean


def starter(lab, dst):
    shutil.copytree(ml.LABS / ("lab%d" % lab), dst,
                    ignore=shutil.ignore_patterns(".history.jsonl"))


def make_class(top):
    """Write the class into @top (which must not exist yet): a list of
    (student, lab, kind, what) for every hand-in, in order."""
    labs = sorted(int(p.name[3:]) for p in ml.SOL.glob("lab*")
                  if p.is_dir() and p.name[3:].isdigit())
    made = []

    def add(lab, kind, what, fill):
        student = "%s%02d" % (PREFIX, len(made) + 1)
        fill(top / student / ("lab%d" % lab))
        made.append((student, lab, kind, what))

    top.mkdir(parents=True)
    for lab in labs:
        add(lab, "right", "reference", lambda d, lab=lab: ml.answer_folder(lab, d))
        add(lab, "starter", "as handed out", lambda d, lab=lab: starter(lab, d))
        mutants = ml.catalogue(lab)
        if mutants:
            # A different mistake in each lab (and the same on every run).
            mu = mutants[lab % len(mutants)]

            def wrong(d, lab=lab, mu=mu):
                ml.answer_folder(lab, d)
                problem = ml.plant(mu, d)
                if problem:
                    raise RuntimeError("lab %d mutant %s: %s" % (lab, mu["id"], problem))
            add(lab, "wrong", mu["id"], wrong)
        alts = ml.alternatives(lab)
        if alts:
            name, over = next(iter(alts.items()))
            add(lab, "alt", name, lambda d, lab=lab, over=over: ml.answer_folder(lab, d, over))
    return made


def clean_builds(made):
    for student in sorted({m[0] for m in made}):
        shutil.rmtree(GRADE_BUILD / student, ignore_errors=True)


def grade(top, jobs, out):
    """grade-class on @top with -j @jobs into @out: seconds, or raises."""
    t0 = time.monotonic()
    res = subprocess.run([sys.executable, str(GRADE_CLASS), str(top), "-j", str(jobs),
                          "-o", str(out)], cwd=str(ROOT), capture_output=True, text=True)
    took = time.monotonic() - t0
    if res.returncode:
        raise RuntimeError("grade-class -j %d failed (%d):\n%s" %
                           (jobs, res.returncode, res.stdout + res.stderr))
    return took


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep", help="generate the class here and keep it (a new folder)")
    ap.add_argument("--jobs", default="1,2", help="the -j values to time (default 1,2)")
    a = ap.parse_args()
    jobs = [int(j) for j in a.jobs.split(",")]
    tmp = None if a.keep else tempfile.mkdtemp(prefix="coyote-bench-grading-")
    top = Path(a.keep).resolve() if a.keep else Path(tmp) / "class"
    try:
        made = make_class(top)
        kinds = {}
        for m in made:
            kinds[m[2]] = kinds.get(m[2], 0) + 1
        print("bench-grading: a class of %d hand-ins in %d labs (%s) in %s" %
              (len(made), len({m[1] for m in made}),
               ", ".join("%d %s" % (n, k) for k, n in sorted(kinds.items())), top))
        times, csvs = {}, {}
        for j in jobs:
            clean_builds(made)          # every grade builds from nothing
            out = top.parent / ("grades-j%d.csv" % j)
            times[j] = grade(top, j, out)
            csvs[j] = out.read_text()
            # The machine may be shared: its load says what the figures mean.
            print("bench-grading: grade-class -j %d: %.1f s (%.1f s a hand-in; %d CPUs, "
                  "load average %.1f)" % (j, times[j], times[j] / len(made),
                                          os.cpu_count(), os.getloadavg()[0]), flush=True)
        rows = list(csv.reader(csvs[jobs[0]].splitlines()))[1:]
        done = {(r[0], int(r[1])): r[4] == "yes" for r in rows}
        print("bench-grading: %d hand-ins graded; at full marks: %s" % (len(rows), ", ".join(
            "%d of %d %s" % (sum(1 for m in made if m[2] == k and done.get(m[:2])), n, k)
            for k, n in sorted(kinds.items()))))
        same = len(set(csvs.values())) == 1
        print("bench-grading: the CSVs of %s are %s" %
              (" and ".join("-j %d" % j for j in jobs), "identical" if same else "DIFFERENT"))
        if not same:
            for j in jobs:
                print("--- -j %d\n%s" % (j, csvs[j]))
        return 0 if same else 1
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
