# SPDX-License-Identifier: BSD-2-Clause
"""The labs' graders proven by wrong answers (scripts/mutate-labs, `make
mutate-labs`): every catalogue still applies to its reference answer and
holds at least ten mutants; for the quick labs, every catalogued wrong
answer fails its grade at a named check and every alternative right
answer passes (make mutate-labs grades every lab)."""
import functools
import subprocess

import pytest

from coyote.qemu import ROOT, WORKER
from coyote.labs import mutate as ML

SCRIPT = ROOT / "scripts" / "mutate-labs"
# Labs whose grade takes a few seconds once its kernel is built: all their
# mutants run in `make test`.
QUICK = (0, 1, 2, 3, 9, 10, 12)


# A change to a reference answer that moves a catalogued line.
@pytest.mark.edit_sensitive
def test_every_lab_mutant_still_applies():
    p = subprocess.run([str(SCRIPT), "--check"], cwd=ROOT, capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0 and "STALE" not in p.stdout, p.stdout + p.stderr


def test_each_catalogue_has_ten_mutants_and_alternatives():
    ml = ML
    labs = ml.labs_with_sets()
    assert set(QUICK) <= set(labs), labs
    for lab in labs:
        mutants = ml.catalogue(lab)
        assert len(mutants) >= 10, "lab %d: %d mutants" % (lab, len(mutants))
        assert ml.alternatives(lab), "lab %d: no right answer written otherwise" % lab


def entries():
    """(lab, kind, name) of every quick lab's alternative right answers
    and catalogued wrong ones: one test each, so the suite's workers
    share a catalogue."""
    return [(lab, "right", name) for lab in QUICK for name in ML.alternatives(lab)] + \
        [(lab, "wrong", mu["id"]) for lab in QUICK for mu in ML.catalogue(lab)]


@functools.lru_cache(maxsize=None)
def prepared(lab):
    """Lab @lab's prepare step, once per worker: None, or what failed."""
    return ML.prepare(lab)


ENTRIES = entries()


@pytest.mark.parametrize("lab, kind, name", ENTRIES,
                         ids=["lab%d-%s-%s" % e for e in ENTRIES])
def test_wrong_answers_fail_and_right_ones_pass(lab, kind, name):
    err = prepared(lab)
    assert err is None, err
    said = []
    # Each worker grades in a folder of its own.
    folder = ML.OUT / ("lab%d" % lab) / (WORKER or "main")
    rows = ML.run_lab(lab, {name}, said.append, folder=folder, prepared=True)
    log = "\n".join(said)
    assert [(r[0], r[1]) for r in rows] == [(kind, name)], log
    verdict, detail = rows[0][2], rows[0][3]
    if kind == "wrong":
        # Killed by behaviour: a mutant is a mistake that still compiles.
        assert verdict == "killed" and "builds" not in detail, log
    else:
        assert verdict == "passed", log
