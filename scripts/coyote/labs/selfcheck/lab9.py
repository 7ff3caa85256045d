# SPDX-License-Identifier: BSD-2-Clause
"""Lab 9's self-check (docs/labs/lab9/README.md): the files, and the
overlay compiles as dts/overlays are."""
from coyote.labs.harness import Grader, check_overlay, have_files

TITLE = 'overlays: the TMP105 added to the running board'

RUBRIC = {
    'tmp105.dtso and ti,tmp105.yaml exist': 1,
    'tmp105.dtso compiles as an overlay (dtc -@)': 1,
}


def lab9(src):
    g = Grader(9, src, "selfcheck")
    if have_files(g, src, "tmp105.dtso", "ti,tmp105.yaml"):
        check_overlay(g, src, "tmp105")
    return g
