# SPDX-License-Identifier: BSD-2-Clause
"""The KTAP parser (scripts/coyote/ktap.py) on hand-made documents: what it
must name as passed, failed, skipped, and what it must invent failures for
(a short plan, output that stops, an EXPECT block without its line)."""
from coyote import ktap

NESTED = """\
boot noise
KTAP version 1
1..2
  KTAP version 1
  # Subtest: alpha
  1..3
  ok 1 first
    KTAP version 1
    # Subtest: params
    1..2
    ok 1 p0
    # params: EXPECTATION FAILED at x.c:1: bad
    not ok 2 p1
  not ok 2 params
  ok 3 hw # SKIP no such hardware
# alpha: pass:2 fail:1 skip:1 total:4
not ok 1 alpha
  KTAP version 1
  # Subtest: beta
  1..1
  # EXPECT begin: oops
kernel: oops happened
  # EXPECT end: oops
  ok 1 provoked
ok 2 beta
# Totals: pass:3 fail:1 skip:1 total:5
trailing noise
"""


def by_name(cases):
    return {c.name: c for c in cases}


def test_leaves_named_by_their_path():
    cases = by_name(ktap.parse(NESTED))
    assert list(cases) == ["alpha/first", "alpha/params/p0", "alpha/params/p1",
                           "alpha/hw", "beta/provoked"]
    assert cases["alpha/first"].status == "ok"
    assert cases["alpha/params/p1"].failed
    assert "bad" in "\n".join(cases["alpha/params/p1"].log)
    assert cases["alpha/hw"].status == "skip"
    assert cases["alpha/hw"].reason == "no such hardware"
    assert cases["beta/provoked"].status == "ok"


def test_expect_block_without_its_line_fails_the_case():
    text = NESTED.replace("kernel: oops happened", "kernel: something else")
    cases = by_name(ktap.parse(text))
    assert cases["beta/provoked"].failed
    assert "oops" in cases["beta/provoked"].reason


def test_short_plan_is_a_failure():
    text = NESTED.replace("  1..3\n", "  1..4\n")
    cases = by_name(ktap.parse(text))
    assert cases["alpha/plan"].failed


def test_output_that_stops_is_a_failure():
    text = NESTED.split("  ok 3 hw")[0]
    cases = ktap.parse(text)
    assert cases[-1].failed and cases[-1].name.endswith("/incomplete")


def test_no_document():
    assert ktap.parse("just a boot log\n") is None


def test_host_style_flat_tap():
    text = "KTAP version 1\nok 1 - reads u32\nnot ok 2 - reads u64 # x.c:3 (got 1)\n1..2\n"
    cases = ktap.parse(text, prefix="test_x")
    assert [c.name for c in cases] == ["test_x/reads u32", "test_x/reads u64"]
    assert [c.status for c in cases] == ["ok", "not ok"]


def test_hash_inside_a_name():
    text = "KTAP version 1\n1..2\nok 1 #address-cells of /bus\nok 2 x # SKIP later\n"
    cases = ktap.parse(text)
    assert cases[0].name == "#address-cells of /bus" and cases[0].status == "ok"
    assert cases[1].name == "x" and cases[1].status == "skip"
