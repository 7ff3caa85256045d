# SPDX-License-Identifier: BSD-2-Clause
"""Which dependency files a build reads: every .d of its own objects (a
header edit must rebuild what includes it) and none of the builds made
inside its folder (a grade's B=build/lab3, a test's B=build/tests/...,
each with its own include/generated).  Those once numbered 4,400 of the
4,855 .d files under build/ and cost every `make` a second.

Each test plants a .d that is not make syntax in a build folder of its
own and asks `make -n`: make stops on it exactly when it reads it."""
import subprocess

from coyote.qemu import ROOT

NOT_MAKE = "this line is not make syntax\n"


def make_n(b):
    return subprocess.run(["make", "-n", "--no-print-directory", "B=" + str(b), "all"],
                          cwd=str(ROOT), capture_output=True, text=True, timeout=300)


def plant(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(NOT_MAKE)


def test_the_builds_own_dependency_files_are_read(tmp_path):
    b = tmp_path / "b"
    plant(b / "kernel" / "probe.d")
    plant(b / "include" / "generated" / "probe.d")
    res = make_n(b)
    assert res.returncode != 0 and "probe.d" in res.stderr, res.stderr[-2000:]


def test_a_nested_builds_dependency_files_are_not(tmp_path):
    b = tmp_path / "b"
    for nested in (b / "lab3", b / "tests" / "lab3-seed-1", b / "mutate-labs" / "lab3" / "gw0"):
        (nested / "include" / "generated").mkdir(parents=True)
        plant(nested / "kernel" / "probe.d")
        plant(nested / "probe.d")
    res = make_n(b)
    assert res.returncode == 0, res.stderr[-2000:]


def test_a_folder_without_its_own_include_is_not_a_nested_build(tmp_path):
    """Only include/generated marks a build of its own: a folder of
    objects (mod/, host/) stays this build's."""
    b = tmp_path / "b"
    (b / "mod" / "include").mkdir(parents=True)
    plant(b / "mod" / "drivers" / "probe.d")
    res = make_n(b)
    assert res.returncode != 0 and "probe.d" in res.stderr, res.stderr[-2000:]


def test_a_goal_that_builds_nothing_reads_none(tmp_path):
    """`make lab-check` only starts the grade (whose own makes read what
    they build): it skips the walk of build/ that every grade paid for."""
    b = tmp_path / "b"
    plant(b / "kernel" / "probe.d")
    for goal in ("lab-check", "help"):
        res = subprocess.run(["make", "-n", "--no-print-directory", "B=" + str(b), goal],
                             cwd=str(ROOT), capture_output=True, text=True, timeout=300)
        assert res.returncode == 0 and "probe.d" not in res.stderr, (goal, res.stderr[-2000:])
