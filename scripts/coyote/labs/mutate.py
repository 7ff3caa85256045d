# SPDX-License-Identifier: BSD-2-Clause
"""make mutate-labs: the labs' graders proven by wrong answers.

Each lab's catalogue, tests/labs/mutants/labN.txt (scripts/mutate's
format: `[ID] FILE`, find, replace, why; FILE is a file of the reference
answer; <newline> in find and replace is a line break), makes one
wrong answer per mutant from a copy of tests/labs/solutions/labN: the
grader (scripts/lab-check) must score it below full marks (killed),
and the first check that did not pass is the one that caught it.
Every folder of tests/labs/solutions/labN-alt/ is a right answer
written differently (its files laid over the reference's): it must
score full marks.

Usage: scripts/mutate-labs [--lab N[,N...]] [--only ID[,ID...]] [--check]
Writes build/mutate-labs/report.txt; exit status 1 when a mutant survived
or an alternative failed, 2 when a catalogue is bad.
"""
import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import time

from coyote import mutate  # the catalogue reader and find/replace

ROOT = pathlib.Path(__file__).resolve().parents[3]
LABS = ROOT / "docs" / "labs"
SOL = ROOT / "tests" / "labs" / "solutions"
CATALOGUES = ROOT / "tests" / "labs" / "mutants"
OUT = ROOT / "build" / "mutate-labs"
GRADE = ROOT / "scripts" / "lab-check"
PY = "/usr/bin/python3"
NEWLINE = "<newline>"



def catalogue(lab):
    """The mutants of lab @lab's catalogue (a list, empty without one).
    Raises mutate.CatalogueError."""
    path = CATALOGUES / ("lab%d.txt" % lab)
    if not path.exists():
        return []
    mutate.CATALOGUE = path        # named in its error messages
    mutants = mutate.parse_catalogue(path.read_text())
    # An answer's mistake may span lines (a fault log's command and what
    # it printed): <newline> in find and replace is a line break (a C
    # string's \n stays itself).
    for mu in mutants:
        for key in ("find", "replace"):
            mu[key] = mu[key].replace(NEWLINE, "\n")
    return mutants


def alternatives(lab):
    """The right answers written differently: {name: folder}."""
    top = SOL / ("lab%d-alt" % lab)
    return {d.name: d for d in sorted(top.iterdir()) if d.is_dir()} if top.is_dir() else {}


def labs_with_sets():
    return sorted(int(p.stem[3:]) for p in CATALOGUES.glob("lab*.txt")
                  if p.stem[3:].isdigit())


def answer_folder(lab, dst, over=None):
    """@dst: the starter as handed out, the reference answer over it, then
    @over's files (an alternative) over that."""
    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(LABS / ("lab%d" % lab), dst,
                    ignore=shutil.ignore_patterns(".history.jsonl"))
    shutil.copytree(SOL / ("lab%d" % lab), dst, dirs_exist_ok=True)
    if over:
        shutil.copytree(over, dst, dirs_exist_ok=True)
    return dst


def plant(mu, folder):
    """Write mutant @mu into the answer @folder: None, or why it cannot
    be planted (its `find` does not occur once)."""
    target = dict(mu, file=str(folder / mu["file"]))
    path, _, mutated = mutate.apply_mutant(target)
    if path is None:
        return mutated.replace(str(folder) + "/", "")
    path.write_text(mutated)
    return None


def prepare(lab):
    res = subprocess.run([PY, str(GRADE), str(lab), "--prepare"], cwd=str(ROOT),
                         capture_output=True, text=True, timeout=1800)
    return None if res.returncode == 0 else (res.stdout + res.stderr).strip()


def grade(lab, src, folder):
    """Grade @src as an instructor grades a hand-in, in @folder/grade:
    (result dict or None, the grader's output)."""
    out = folder / "grade"
    res = subprocess.run([PY, str(GRADE), str(lab), "--src", str(src), "--out", str(out),
                          "--hand-in", "--prepared"], cwd=str(ROOT), capture_output=True,
                         text=True, timeout=1800)
    try:
        return json.loads((out / "result.json").read_text()), res.stdout + res.stderr
    except (OSError, ValueError):
        return None, res.stdout + res.stderr


def caught_by(result):
    """The first check of the rubric this answer did not pass."""
    return next((c["check"] for c in result["checks"] if c["status"] != "pass"), None)


def run_lab(lab, only, log, folder=None, prepared=False):
    """Grade lab @lab's mutants and alternatives (@only: those named),
    each answer written and graded in @folder (by default
    build/mutate-labs/labN; the test suite's workers have one each);
    @prepared: the lab's prepare step ran already.  Rows of (kind, id,
    verdict, detail, why)."""
    rows = []
    err = None if prepared else prepare(lab)
    if err:
        return [("lab", "lab%d" % lab, "error", "cannot prepare: " + err[-300:], "")]
    folder = folder or OUT / ("lab%d" % lab)
    work = folder / "answer"
    for name, over in alternatives(lab).items():
        if only and name not in only:
            continue
        t0 = time.monotonic()
        result, out = grade(lab, answer_folder(lab, work, over), folder)
        if result is None:
            verdict, detail = "error", out.strip()[-200:]
        elif result["done"]:
            verdict, detail = "passed", "%d/%d" % (result["score"], result["max"])
        else:
            verdict, detail = "FALSE-FAIL", "%d/%d, fails: %s" % (
                result["score"], result["max"], caught_by(result))
        rows.append(("right", name, verdict, detail, ""))
        log("lab%-2d right  %-26s %-10s %6.1fs  %s" % (lab, name, verdict,
                                                      time.monotonic() - t0, detail))
    for mu in catalogue(lab):
        if only and mu["id"] not in only:
            continue
        t0 = time.monotonic()
        answer = answer_folder(lab, work)
        problem = plant(mu, answer)
        if problem:
            rows.append(("wrong", mu["id"], "stale", problem, mu["why"]))
            log("lab%-2d wrong  %-26s stale      %s" % (lab, mu["id"], problem))
            continue
        result, out = grade(lab, answer, folder)
        if result is None:
            verdict, detail = "error", out.strip()[-200:]
        elif result["done"]:
            verdict, detail = "SURVIVED", "%d/%d" % (result["score"], result["max"])
        else:
            verdict, detail = "killed", caught_by(result)
        rows.append(("wrong", mu["id"], verdict, detail, mu["why"]))
        log("lab%-2d wrong  %-26s %-10s %6.1fs  %s" % (lab, mu["id"], verdict,
                                                      time.monotonic() - t0, detail))
    return rows


def report(per_lab, seconds):
    lines = ["%-5s %-5s %-26s %-10s %s" % ("lab", "kind", "id", "verdict",
                                            "caught by (the check) / score")]
    for lab, rows in per_lab.items():
        for kind, ident, verdict, detail, _ in rows:
            lines.append("%-5s %-5s %-26s %-10s %s" % ("lab%d" % lab, kind, ident, verdict,
                                                       detail))
    lines.append("")
    bad = 0
    for lab, rows in per_lab.items():
        wrong = [r for r in rows if r[0] == "wrong"]
        killed = sum(1 for r in wrong if r[2] == "killed")
        right = [r for r in rows if r[0] == "right"]
        passed = sum(1 for r in right if r[2] == "passed")
        bad += len(wrong) - killed + len(right) - passed + \
            sum(1 for r in rows if r[0] == "lab")
        lines.append("lab%-2d kill rate %5.1f%% (%d/%d mutants); right answers passed %d/%d"
                     % (lab, 100.0 * killed / len(wrong) if wrong else 0.0, killed,
                        len(wrong), passed, len(right)))
        for r in wrong:
            if r[2] != "killed":
                lines.append("  %s %s: %s" % (r[2], r[1], r[4]))
    lines.append("in %.1f min" % (seconds / 60))
    text = "\n".join(lines) + "\n"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "report.txt").write_text(text)
    print()
    print(text, end="")
    print("report: %s" % (OUT / "report.txt").relative_to(ROOT))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lab", help="comma-separated lab numbers (default: every catalogue)")
    ap.add_argument("--only", help="comma-separated mutant ids or alternative names")
    ap.add_argument("--check", action="store_true",
                    help="check every mutant still applies to the reference, grade nothing")
    args = ap.parse_args()
    labs = [int(n) for n in args.lab.split(",")] if args.lab else labs_with_sets()
    only = set(args.only.split(",")) if args.only else None
    try:
        sets = {lab: catalogue(lab) for lab in labs}
    except mutate.CatalogueError as e:
        print("mutate-labs: %s" % e, file=sys.stderr)
        return 2
    if args.check:
        bad = 0
        for lab in labs:
            folder = answer_folder(lab, OUT / ("lab%d" % lab) / "check")
            for mu in sets[lab]:
                target = dict(mu, file=str(folder / mu["file"]))
                path, _, problem = mutate.apply_mutant(target)
                status = "ok" if path else "STALE (%s)" % problem.replace(str(folder) + "/", "")
                bad += path is None
                print("%-6s lab%-2d %-26s %-14s %s" % (status, lab, mu["id"], mu["file"],
                                                      mu["why"]))
            print("       lab%-2d %d alternative right answers" % (lab, len(alternatives(lab))))
        return 1 if bad else 0
    t0 = time.monotonic()
    per_lab = {}
    for lab in labs:
        per_lab[lab] = run_lab(lab, only, lambda s: print(s, flush=True))
    return report(per_lab, time.monotonic() - t0)
