# SPDX-License-Identifier: BSD-2-Clause
"""The labs' graders proven by wrong answers (scripts/mutate-labs, `make
mutate-labs`): every catalogue still applies to its reference answer and
holds at least ten mutants; for the quick labs, every catalogued wrong
answer fails its grade at a named check and every alternative right
answer passes (make mutate-labs grades every lab)."""
import subprocess

import pytest

from coyote.qemu import ROOT
from coyote.scriptmod import load_script

SCRIPT = ROOT / "scripts" / "mutate-labs"
# Labs whose grade takes a few seconds once its kernel is built: all their
# mutants run in `make test`.
QUICK = (0, 1, 2, 3, 9, 10, 12)


def load():
    return load_script(SCRIPT)


# A change to a reference answer that moves a catalogued line.
@pytest.mark.edit_sensitive
def test_every_lab_mutant_still_applies():
    p = subprocess.run([str(SCRIPT), "--check"], cwd=ROOT, capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0 and "STALE" not in p.stdout, p.stdout + p.stderr


def test_each_catalogue_has_ten_mutants_and_alternatives():
    ml = load()
    labs = ml.labs_with_sets()
    assert set(QUICK) <= set(labs), labs
    for lab in labs:
        mutants = ml.catalogue(lab)
        assert len(mutants) >= 10, "lab %d: %d mutants" % (lab, len(mutants))
        assert ml.alternatives(lab), "lab %d: no right answer written otherwise" % lab


@pytest.mark.parametrize("lab", QUICK)
def test_wrong_answers_fail_and_right_ones_pass(lab):
    ml = load()
    said = []
    rows = ml.run_lab(lab, None, said.append)
    log = "\n".join(said)
    assert rows and all(r[0] != "lab" for r in rows), log
    wrong = [r for r in rows if r[0] == "wrong"]
    right = [r for r in rows if r[0] == "right"]
    assert len(wrong) == len(ml.catalogue(lab)) and right, log
    # Killed by behaviour: a mutant is a mistake that still compiles.
    assert all(r[2] == "killed" and "builds" not in r[3] for r in wrong), log
    assert all(r[2] == "passed" for r in right), log
