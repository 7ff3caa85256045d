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
import sys

import pytest
import yaml

from qemu.coyote import ROOT
from scriptmod import load_script

sys.path.insert(0, str(ROOT / "tests" / "labs"))
from graders import lab0  # noqa: E402

SOL = ROOT / "tests" / "labs" / "solutions"
TOOL = ROOT / "scripts" / "lab-autograder"


def run(*args, env=None, timeout=300):
    res = subprocess.run([str(a) for a in args], cwd=str(ROOT), capture_output=True,
                         text=True, timeout=timeout, env=dict(os.environ, **(env or {})))
    return res.returncode, res.stdout + res.stderr


@pytest.fixture(scope="module")
def autograder(tmp_path_factory):
    """The lab 0 bundle unpacked as Gradescope does (/autograder/source),
    its setup.sh run: the AUTOGRADER_ROOT."""
    top = tmp_path_factory.mktemp("autograder")
    rc, out = run("make", "-s", "--no-print-directory", "autograder", "LAB=0")
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
        rc, out = run(TOOL, "workflow", lab)
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


def tool_module():
    return load_script(TOOL)


def test_a_grader_that_fails_still_gives_every_check_at_zero():
    r = tool_module().gradescope_results(0, None, "the grader failed: boom", 3)
    check_shape(r)
    assert r["score"] == 0 and r["output"] == "the grader failed: boom", r


def test_the_lab_folder_is_found_in_a_submission(tmp_path):
    found = tool_module().submitted_folder
    assert found(tmp_path, 0) == tmp_path                   # files uploaded as they are
    (tmp_path / "lab0").mkdir()
    assert found(tmp_path, 0) == tmp_path / "lab0"
    (tmp_path / "docs" / "labs" / "lab0").mkdir(parents=True)
    assert found(tmp_path, 0) == tmp_path / "docs" / "labs" / "lab0"   # a repository


def verify_step(lab):
    rc, out = run(TOOL, "workflow", lab)
    assert rc == 0, out
    steps = yaml.safe_load(out)["jobs"]["run-autograding-tests"]["steps"]
    names = [s["name"] for s in steps]
    # The check runs before anything of the repository does.
    assert names.index("Verify the grading files are the hand-out's") == 1, names
    return steps[1]["run"]


def test_classroom_workflow_refuses_an_edited_grader(tmp_path):
    """The workflow's first step, run in a student's repository (lab 0's
    hand-out unpacked): their own lab folder may change; a grader, a kernel
    source or a file added anywhere else refuses the grade, loudly."""
    script = verify_step(0)
    rc, out = run(ROOT / "scripts" / "lab-handout", 0, "-o", tmp_path)
    assert rc == 0, out
    rc, out = run("tar", "-xzf", tmp_path / "coyote-lab0.tar.gz", "-C", tmp_path)
    assert rc == 0, out
    repo = tmp_path / "coyote-lab0"

    def step():
        r = subprocess.run(["bash", "-e", "-c", script], cwd=str(repo), capture_output=True,
                           text=True, timeout=120)
        return r.returncode, r.stdout + r.stderr

    (repo / "docs" / "labs" / "lab0" / "answers.txt").write_text("mine\n")
    (repo / ".github" / "workflows").mkdir(parents=True)
    (repo / ".github" / "workflows" / "classroom.yml").write_text("name: x\n")
    rc, out = step()
    assert rc == 0 and "The grading files are the hand-out's" in out, out
    grader = repo / "tests" / "labs" / "graders" / "lab0.py"
    text = grader.read_text()
    grader.write_text(text.replace("RUBRIC", "RUBRIC", 1) + "\n# one changed line\n")
    rc, out = step()
    assert rc == 1 and "::error::Not graded: files outside docs/labs/lab0 differ" in out, out
    grader.write_text(text)
    assert step()[0] == 0
    (repo / "build").mkdir()
    (repo / "build" / "kernel.bin").write_bytes(b"planted")
    assert step()[0] == 1
