# SPDX-License-Identifier: BSD-2-Clause
"""kept() (scripts/coyote/labs/harness.py): what a grade computes the same
for every hand-in (lab 1's board boot, lab 10's gdb session on the
planted kernel) is reused by a later grade in the folder only while
every input it was made from is byte for byte the same."""
from types import SimpleNamespace

import pytest

from coyote.labs.harness import kept


def test_reused_only_for_the_same_inputs(tmp_path):
    g = SimpleNamespace(out=tmp_path)
    blob = tmp_path / "kernel.bin"
    blob.write_bytes(b"one")
    made = []

    def compute():
        made.append(1)
        return {"run": len(made), "rows": ["a", "b"]}
    assert kept(g, "truth", [blob, "/node"], compute) == {"run": 1, "rows": ["a", "b"]}
    assert kept(g, "truth", [blob, "/node"], compute)["run"] == 1       # read back
    blob.write_bytes(b"two")                                            # a kernel rebuilt
    assert kept(g, "truth", [blob, "/node"], compute)["run"] == 2
    assert kept(g, "truth", [blob, "/other"], compute)["run"] == 3      # another question
    (tmp_path / "truth.json").write_text("{ not json")                  # a torn write
    assert kept(g, "truth", [blob, "/node"], compute)["run"] == 4


def test_a_failure_keeps_nothing(tmp_path):
    g = SimpleNamespace(out=tmp_path)

    def fails():
        raise RuntimeError("the grader's session failed")
    with pytest.raises(RuntimeError):
        kept(g, "truth", ["x"], fails)
    assert not (tmp_path / "truth.json").exists()
