# SPDX-License-Identifier: BSD-2-Clause
"""The labs' autograder: `make lab-check LAB=N [LAB_SRC=DIR]`.

    scripts/lab-check N [--src DIR] [--out DIR] [--hand-in] [--self-check]

Grades the student's files for lab N (by default in docs/labs/labN/) and
prints each check of the lab's fixed rubric (graders/labN.py): what passes, and
for what is still missing, a hint that says where to look (never the
answer).  Exit status 0 when every check passes, 1 otherwise, 2 for bad
usage or a grader that failed.

Checks that need an earlier one (booting needs a tree that compiles) are
shown as skipped, with what they wait for, at 0 points: every hand-in has
the same maximum.  A hand-in is untrusted (handin.py): its plain files are
copied into the grade's own build folder (build/labN/, or --out) and
graded there, in a sandbox, by this script again (--sandboxed); the
main build is never touched, and result.json lands in that folder.

The graders stay with the instructor: a student's hand-out has none, and
there (or with --self-check) this runs the lab's self-check
(selfcheck/labN.py): a subset of the checks (the build, the boot, what
the student's own tree and kernel show, the page's example values) with
test values of its own, and says it is not the grade.
"""
import argparse
import compileall
import fcntl
import importlib
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from coyote.labs.harness import (BUILD, HISTORY, ROOT, Grader, build_planted,  # noqa: E402,F401
                                 compile_lab_dts, indent, keep_pristine, rel, show_paths, tail)
from coyote.labs import handin  # noqa: E402

HERE = Path(__file__).resolve().parent


def found(kind):
    """{N: module} of the labs that @kind ("graders", "selfcheck") has,
    each kind/labN.py (its TITLE, its RUBRIC, labN()), found by its file's
    name: adding a lab adds a file, no list to edit (docs/adding-a-lab.md).
    A lab's number is its file's: numbers may skip one not written yet."""
    return {int(p.stem[3:]): importlib.import_module("coyote.labs.%s.%s" % (kind, p.stem)) for p in
            sorted((HERE / kind).glob("lab*.py"), key=lambda p: int(p.stem[3:]))
            if p.stem[3:].isdigit()}


# The graders (the instructor's: the hand-out has none) and the
# self-checks (handed out: a subset of checks, other test values).
# Without graders/ (a student's hand-out) lab-check is the self-check.
KIND = "graders" if (HERE / "graders").is_dir() else "selfcheck"
MODULES = found(KIND)
LABS = {n: getattr(m, "lab%d" % n) for n, m in MODULES.items()}
RUBRICS = {n: m.RUBRIC for n, m in MODULES.items()}
TITLES = {n: m.TITLE for n, m in MODULES.items()}


def use(kind):
    """Grade with @kind's modules from now on (--self-check)."""
    global KIND
    KIND = kind
    MODULES.clear()
    MODULES.update(found(kind))
    for table, attr in ((LABS, None), (RUBRICS, "RUBRIC"), (TITLES, "TITLE")):
        table.clear()
        table.update({n: getattr(m, attr or "lab%d" % n) for n, m in MODULES.items()})


# What a grade reads from the main build, made before the sandbox (where
# build/ is read-only): the kernel, its modules, the board's blobs and
# ofdump for every lab; the bindings' schema where the board's tree is
# checked against it.
SCHEMA = "build/bindings/processed-schema.json"
# Lab 9's grade checks the project's bindings with the student's: the
# main build's verdicts and example blobs for the ones it holds as they
# are (graders/lab9.py seed_checked()).
EXAMPLES = ["build/bindings/%s.example.dtb" % p.stem
            for p in sorted((ROOT / "dts" / "bindings").glob("*.yaml"))]
PREREQS = {2: [SCHEMA], 7: [SCHEMA], 9: [SCHEMA] + EXAMPLES}
# The starters a grade reads as handed out (build/pristine/labN/), never
# the student's copy: lab 6's broken tree; and every lab's answers.txt,
# whose questions a self-check counts the answers of.
KEPT = {6: ["broken.dts"]}


def prepare(lab):
    """Build what lab @lab's grade reads (PREREQS; lab 10's planted
    kernel): None, or what failed."""
    # Graders side by side (grade-class -j, the test suite's workers) share
    # the main build, the starters kept and lab 10's planted kernel: one
    # prepare at a time, or two would link one kernel.elf.
    BUILD.mkdir(exist_ok=True)
    with open(BUILD / ".main-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return prepare_locked(lab)


def prepare_locked(lab):
    res = subprocess.run(["make", "-s", "-j2", "--no-print-directory", "all", "ofdump"] +
                         PREREQS.get(lab, []), cwd=str(ROOT), capture_output=True,
                         text=True, timeout=1800)
    if res.returncode:
        return "the kernel itself does not build:\n" + res.stdout + res.stderr
    try:
        for name in KEPT.get(lab, []):
            keep_pristine(lab, name)
        try:
            keep_pristine(lab, "answers.txt")
        except RuntimeError:
            pass            # a lab without written questions
    except RuntimeError as e:
        return str(e)
    # The grade's own processes run in the sandbox, where nothing is
    # written: its modules compiled here, once, where a cache may be kept.
    if not sys.dont_write_bytecode:
        compileall.compile_dir(str(HERE.parent), quiet=2)
    if lab == 10:
        kernel, log = build_planted()
        if not kernel:
            return "the planted widget.c (lab 10's starter) does not build:\n" + log
    return None


def log_run(src, result, selfcheck=False):
    """Append this run's time and score to @src's .history.jsonl (the
    student's own record of the lab; a self-check's run says so, and
    scripts/grade-class compares only grades with the grade); a folder
    that cannot be written (a read-only hand-in) keeps none."""
    run = {"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
           "score": result["score"], "max": result["max"]}
    if selfcheck:
        run["kind"] = "self-check"
    try:
        with open(Path(src) / HISTORY, "a") as f:
            f.write(json.dumps(run) + "\n")
    except OSError:
        return False
    return True


def grade(lab, src, out, seed=None):
    """Grade the hand-in in @src into @out: staged (handin.stage()), then
    graded in the sandbox by this script with --sandboxed.  Prints the
    report; (exit status, the result's dict or None)."""
    Grader.OUT = out
    out.mkdir(parents=True, exist_ok=True)
    result = out / "result.json"
    if result.exists():
        result.unlink()
    try:
        staged = handin.stage(src, out / "handin")
    except handin.Refused as e:
        print("lab-check: the hand-in is refused:\n" + indent(str(e)))
        g = Grader(lab, src, KIND)
        g.held = "a hand-in the grader accepts (refused, see above)"
        return g.report(shown=rel(src)), json.loads(result.read_text())
    argv = ["/usr/bin/python3", str(ROOT / "scripts" / "lab-check"), str(lab), "--src", str(staged),
            "--out", str(out), "--sandboxed", "--shown-as", rel(src)]
    if seed is not None:
        argv += ["--seed", str(seed)]
    if KIND == "selfcheck":
        argv.append("--self-check")
    # Hidden from the grade: the solutions (and git's history of them),
    # the catalogues of wrong answers, and other hand-ins' build folders.
    # (The tools the grader runs on the hand-in see less still:
    # handin.tool_command().)
    rc, stdout, stderr = handin.sandbox(argv, out, hide=[ROOT / "tests" / "labs" / "solutions",
                                                        ROOT / "tests" / "labs" / "mutants",
                                                        ROOT / ".git", BUILD / "grade",
                                                        BUILD / "mutate-labs"] +
                                   # (A self-check sees no grader, as in the hand-out.)
                                   ([HERE / "graders"] if KIND == "selfcheck" else []))
    sys.stdout.write(show_paths(stdout, staged, out, rel(src)))
    if rc is None or rc not in (0, 1) or not result.exists():
        why = ("the grade took longer than %d s (the time limit)" % handin.TIME_LIMIT
               if rc is None else "the grader failed (exit status %s):\n%s" %
               (rc, show_paths(tail(stderr, 20), staged, out, rel(src))))
        print("lab-check: " + why, file=sys.stderr)
        if rc is None:
            g = Grader(lab, src, KIND)
            g.held = why
            g.report(shown=rel(src))
            return 1, json.loads(result.read_text())
        return 2, None
    sys.stderr.write(stderr)
    return rc, json.loads(result.read_text())


def rubric_text(lab):
    """Lab @lab's checks as its page lists them: each with its points."""
    rubric = RUBRICS[lab]
    lines = ["Lab %d%s: %s: %d checks, %d points" % (
        lab, " self-check (not the grade)" if KIND == "selfcheck" else "", TITLES[lab],
        len(rubric), sum(rubric.values()))]
    lines += ["  %s  (%d point%s)" % (text, points, "" if points == 1 else "s")
              for text, points in rubric.items()]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description="Grade a coyote lab.")
    ap.add_argument("lab", type=int)
    ap.add_argument("--src", help="the student's files (default docs/labs/labN)")
    ap.add_argument("--out", help="the grade's build folder, where result.json goes "
                    "(default build/labN)")
    ap.add_argument("--hand-in", action="store_true",
                    help="an instructor grading a hand-in: leave its history alone")
    ap.add_argument("--prepare", action="store_true",
                    help="only build what lab N's grades read (scripts/grade-class, "
                    "before grading hand-ins side by side with --prepared)")
    ap.add_argument("--prepared", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, help="draw the test values from SEED (a grade's "
                    "result.json records its own): grade again as that grade did")
    ap.add_argument("--rubric", action="store_true",
                    help="print lab N's checks and their points (its page shows them), "
                    "grade nothing")
    ap.add_argument("--self-check", action="store_true",
                    help="run lab N's self-check (what a student's hand-out runs: a subset "
                    "of the checks, with other test values), not the grade")
    # The grade itself, in the sandbox, on the staged copy (grade()).
    ap.add_argument("--sandboxed", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--shown-as", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.self_check:
        use("selfcheck")
    if a.lab not in LABS:
        print("lab-check: no %s for lab %d (labs: %s)" %
              ("grader" if KIND == "graders" else "self-check", a.lab,
               ", ".join(str(n) for n in sorted(LABS))), file=sys.stderr)
        return 2
    if a.rubric:
        print(rubric_text(a.lab))
        return 0
    out = Path(a.out).resolve() if a.out else BUILD / ("lab%d" % a.lab)
    # The build folder reaches make's command line (B=...), where $ and
    # spaces mean something: plain names only.
    if not re.fullmatch(r"[A-Za-z0-9/._,+-]+", str(out)):
        print("lab-check: --out %s: use letters, digits and /._,+- only" % out,
              file=sys.stderr)
        return 2
    Grader.SEED = a.seed
    if a.sandboxed:
        Grader.OUT = out
        return LABS[a.lab](Path(a.src)).report(shown=a.shown_as)
    if KIND == "selfcheck":
        print(rubric_text(a.lab) + "\n")
    # Grading boots the main kernel with its modules (lab 1's RTC driver is
    # one) and asks ofdump: build them first, whatever ran before.
    err = None if a.prepared else prepare(a.lab)
    if err:
        print("lab-check: " + err, file=sys.stderr)
        return 2
    if a.prepare:
        return 0
    # (Not resolved: a hand-in folder that is a link is refused, not followed.)
    src = Path(os.path.abspath(a.src)) if a.src else ROOT / "docs" / "labs" / ("lab%d" % a.lab)
    rc, result = grade(a.lab, src, out, a.seed)
    if result and not a.hand_in and log_run(src, result, KIND == "selfcheck"):
        print("This run is logged in %s: hand it in with your files." %
              rel(src / HISTORY))
    return rc


if __name__ == "__main__":
    sys.exit(main())
