# SPDX-License-Identifier: BSD-2-Clause
"""`make autograder` (scripts/lab-autograder): Gradescope's bundle runs end
to end in a directory laid out like /autograder (AUTOGRADER_ROOT):
setup.sh, then run_autograder on a right and a wrong submission, each
giving results.json with one test per check of the rubric; GitHub
Classroom's workflow has one command-grader step per check."""
import json
import os
import shutil
import subprocess

import pytest
import yaml

from coyote.qemu import ROOT
from coyote.labs import autograder as tool

from coyote.labs.graders import lab0

SOL = ROOT / "tests" / "labs" / "solutions"
TOOL = ROOT / "scripts" / "lab-autograder"
# The instructor's kit repository and the commit a workflow pins.
KIT = ("--kit-repo", "course/coyote-kit", "--kit-commit", "0123456789abcdef" * 2 + "01234567")


def run(*args, env=None, timeout=300):
    res = subprocess.run([str(a) for a in args], cwd=str(ROOT), capture_output=True,
                         text=True, timeout=timeout, env=dict(os.environ, **(env or {})))
    return res.returncode, res.stdout + res.stderr


@pytest.fixture(scope="module")
def autograder(tmp_path_factory):
    """The lab 0 bundle unpacked as Gradescope does (/autograder/source),
    its setup.sh run: the AUTOGRADER_ROOT."""
    top = tmp_path_factory.mktemp("autograder")
    rc, out = run("make", "-s", "--no-print-directory", "autograder", "LAB=0",
                  "KIT_REPO=" + KIT[1], "KIT_COMMIT=" + KIT[3])
    assert rc == 0 and "classroom-lab0.yml" in out, out
    (top / "source").mkdir()
    rc, out = run("unzip", "-q", ROOT / "build" / "autograder" / "coyote-lab0.zip",
                  "-d", top / "source")
    assert rc == 0, out
    rc, out = run("sh", top / "source" / "setup.sh", timeout=1800)
    assert rc == 0, out
    return top


def grade_submission(top, files):
    sub = top / "submission"
    if sub.exists():
        shutil.rmtree(sub)
    shutil.copytree(files, sub, ignore=shutil.ignore_patterns("ANSWERS.md", ".history.jsonl"))
    results = top / "results" / "results.json"
    if results.exists():
        results.unlink()
    rc, out = run(top / "source" / "run_autograder", env={"AUTOGRADER_ROOT": str(top)},
                  timeout=900)
    assert rc == 0, out
    return json.loads(results.read_text()), out


def check_shape(r):
    assert [t["name"] for t in r["tests"]] == [k.strip() for k in lab0.RUBRIC]
    assert [t["max_score"] for t in r["tests"]] == list(lab0.RUBRIC.values())
    assert r["score"] == sum(t["score"] for t in r["tests"])
    assert all(0 <= t["score"] <= t["max_score"] and isinstance(t["output"], str)
               for t in r["tests"])


def test_gradescope_bundle_grades_a_right_answer_full(autograder):
    r, out = grade_submission(autograder, SOL / "lab0")
    check_shape(r)
    assert r["score"] == sum(lab0.RUBRIC.values()), out
    assert all(t["output"] == "passed" for t in r["tests"]), r


def test_gradescope_bundle_grades_the_starter_with_hints(autograder):
    r, out = grade_submission(autograder, ROOT / "docs" / "labs" / "lab0")
    check_shape(r)
    assert 0 < r["score"] < sum(lab0.RUBRIC.values()), r
    first = next(t for t in r["tests"] if t["score"] == 0)
    assert first["output"].startswith("not yet:\n") and len(first["output"]) > 20, first
    assert "Score: %d/" % r["score"] in r["output"]


def test_classroom_workflow_has_one_step_per_check():
    for lab, mod in ((0, lab0),):
        rc, out = run(TOOL, "workflow", lab, *KIT)
        assert rc == 0, out
        steps = yaml.safe_load(out)["jobs"]["run-autograding-tests"]["steps"]
        graders = [s for s in steps
                   if s.get("uses", "").startswith("classroom-resources/autograding-command")]
        assert [(s["with"]["test-name"], s["with"]["max-score"]) for s in graders] == \
            [(k.strip(), v) for k, v in mod.RUBRIC.items()]
        reporter = steps[-1]
        assert reporter["with"]["runners"] == ",".join(s["id"] for s in graders)


def test_passed_reads_one_check_of_a_result(tmp_path):
    result = tmp_path / "result.json"
    result.write_text(json.dumps({"checks": [
        {"check": "a", "status": "pass", "points": 1, "max": 1, "hint": ""},
        {"check": "b", "status": "todo", "points": 0, "max": 2, "hint": "look there"}]}))
    assert run(TOOL, "passed", result, 1)[0] == 0
    rc, out = run(TOOL, "passed", result, 2)
    assert rc == 1 and "look there" in out
    assert run(TOOL, "passed", result, 3)[0] == 1
    assert run(TOOL, "passed", tmp_path / "none.json", 1)[0] == 1


def test_a_grader_that_fails_still_gives_every_check_at_zero():
    r = tool.gradescope_results(0, None, "the grader failed: boom", 3)
    check_shape(r)
    assert r["score"] == 0 and r["output"] == "the grader failed: boom", r


def test_the_lab_folder_is_found_in_a_submission(tmp_path):
    found = tool.submitted_folder
    assert found(tmp_path, 0) == tmp_path                   # files uploaded as they are
    (tmp_path / "lab0").mkdir()
    assert found(tmp_path, 0) == tmp_path / "lab0"
    (tmp_path / "docs" / "labs" / "lab0").mkdir(parents=True)
    assert found(tmp_path, 0) == tmp_path / "docs" / "labs" / "lab0"   # a repository


def workflow_steps(lab):
    rc, out = run(TOOL, "workflow", lab, *KIT)
    assert rc == 0, out
    steps = yaml.safe_load(out)["jobs"]["run-autograding-tests"]["steps"]
    return {s["name"]: s for s in steps}, [s["name"] for s in steps]


def test_classroom_workflow_needs_the_kit_pinned():
    rc, out = run(TOOL, "workflow", 0)
    assert rc == 2 and "--kit-repo OWNER/NAME --kit-commit SHA" in out, out
    rc, out = run(TOOL, "workflow", 0, KIT[0], KIT[1], KIT[2], "main")
    assert rc == 2, out


def unpack(tmp_path, lab, *flags):
    rc, out = run(ROOT / "scripts" / "lab-handout", lab, "-o", tmp_path, *flags)
    assert rc == 0, out
    name = "coyote-lab%d%s" % (lab, "-kit" if flags else "")
    rc, out = run("tar", "-xzf", tmp_path / (name + ".tar.gz"), "-C", tmp_path)
    assert rc == 0, out
    return tmp_path / name


def test_classroom_grades_with_the_instructors_kit(tmp_path):
    """The workflow, run as the runner does: the student's repository (the
    hand-out, which has no grader) in student/, the kit checked out at the
    pinned commit in kit/.  An edited kit refuses the grade, loudly; a
    grader planted in the student's repository is never read: only the
    lab folder's files reach the kit."""
    steps, names = workflow_steps(0)
    fetch = steps["Fetch the grader kit (the instructor's repository, pinned)"]
    assert fetch["with"]["repository"] == KIT[1] and fetch["with"]["ref"] == KIT[3], fetch
    order = [names.index(n) for n in (
        "Fetch the grader kit (the instructor's repository, pinned)", "Verify the grader kit",
        "Take the student's lab folder (docs/labs/lab0), nothing else",
        "Grade lab 0 (make lab-check)")]
    assert order == sorted(order) and order[0] == 1, names
    runner = tmp_path / "runner"
    runner.mkdir()
    (tmp_path / "kit").mkdir()
    (tmp_path / "student").mkdir()
    unpack(tmp_path / "kit", 0, "--kit").rename(runner / "kit")
    unpack(tmp_path / "student", 0).rename(runner / "student")
    kit, student = runner / "kit", runner / "student"
    assert not (student / "scripts" / "coyote" / "labs" / "graders").exists()

    def step(name):
        s = steps[name]
        r = subprocess.run(["bash", "-e", "-c", s["run"]], capture_output=True, text=True,
                           cwd=str(runner / s.get("working-directory", ".")), timeout=120)
        return r.returncode, r.stdout + r.stderr

    verify = "Verify the grader kit"
    rc, out = step(verify)
    assert rc == 0 and "The grader kit is the instructor's" in out, out
    grader = kit / "scripts" / "coyote" / "labs" / "graders" / "lab0.py"
    text = grader.read_text()
    grader.write_text(text + "\n# one changed line\n")
    rc, out = step(verify)
    assert rc == 1 and "::error::Not graded: the grader kit" in out, out
    grader.write_text(text)
    assert step(verify)[0] == 0
    # The student's repository: their answers, and a grader of their own.
    (student / "docs" / "labs" / "lab0" / "answers.txt").write_text("mine\n")
    planted = student / "scripts" / "coyote" / "labs" / "graders" / "lab0.py"
    planted.parent.mkdir(parents=True)
    planted.write_text(text.replace("RUBRIC = {", "RUBRIC = {'free': 99,"))
    (student / "docs" / "labs" / "lab0" / "sub").mkdir()
    rc, out = step("Take the student's lab folder (docs/labs/lab0), nothing else")
    assert rc == 0, out
    assert (kit / "docs" / "labs" / "lab0" / "answers.txt").read_text() == "mine\n"
    assert not (kit / "docs" / "labs" / "lab0" / "sub").exists()
    assert grader.read_text() == text
