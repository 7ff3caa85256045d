# SPDX-License-Identifier: BSD-2-Clause
"""A KTAP version 1 parser (Linux's Documentation/dev-tools/ktap.rst) for
the in-kernel self-tests (QEMU's serial output) and the host unit tests.

    cases = parse(text)            # one Case per leaf test, in order
    for c in cases: c.name, c.status ("ok", "not ok", "skip"), c.log

A leaf is a result line with no subtest of its own; its name is the path of
the tests it is nested in ("of/phandle_args/index1_one_cell").  Whatever
the output promised and did not deliver becomes a failed case of its own:
a plan whose count is not met ("of/plan"), output that stops inside a test
("of/incomplete"), an "# EXPECT begin: TEXT" block in which TEXT was never
printed ("of/phandle_errors/expect").  Lines that are none of KTAP's four
kinds (kernel log lines printed meanwhile) are kept in the next case's log.
"""
import re
from dataclasses import dataclass, field

VERSION = re.compile(r"^(K?TAP) version (\d+)\s*$")
PLAN = re.compile(r"^1\.\.(\d+)\s*$")
# "ok 3 name # SKIP why": the directive starts at the first " # ".
RESULT = re.compile(r"^(ok|not ok) (\d+)(?: -)?(?: (.*?))?(?: # (.*))?$")
SUBTEST = re.compile(r"^# Subtest: (.*)$")
EXPECT_BEGIN = re.compile(r"^# EXPECT begin: (.*)$")
EXPECT_END = re.compile(r"^# EXPECT end: (.*)$")


@dataclass
class Case:
    name: str
    status: str            # "ok", "not ok" or "skip"
    log: list = field(default_factory=list)
    reason: str = ""       # SKIP reason, or why a synthetic case failed

    @property
    def failed(self):
        return self.status == "not ok"


@dataclass
class _Level:
    indent: int
    name: str = ""
    plan: int = None
    results: int = 0
    has_child: bool = False   # a deeper level closed since the last result


def _indent(line):
    return len(line) - len(line.lstrip(" "))


def parse(text, prefix=""):
    """All leaf cases of the first KTAP document in @text (None when there
    is none).  @prefix names the document ("host/test_of_base")."""
    lines = text.replace("\r", "").split("\n")
    start = next((i for i, l in enumerate(lines) if VERSION.match(l.strip())
                  and _indent(l) == 0), None)
    if start is None:
        return None
    cases, pending = [], []
    stack = [_Level(0, prefix)]
    expect = None          # [text, seen, owner index into cases (next leaf)]
    expect_fail = []

    def path(name):
        parts = [lv.name for lv in stack if lv.name] + [name]
        return "/".join(p for p in parts if p)

    def close_level():
        lv = stack.pop()
        if lv.plan is not None and lv.results != lv.plan:
            cases.append(Case(path_of(lv) + "/plan", "not ok", list(pending),
                              "planned %d tests, got %d" % (lv.plan, lv.results)))
        if stack:
            stack[-1].has_child = True
        return lv

    def path_of(lv):
        names = [x.name for x in stack if x.name] + ([lv.name] if lv.name else [])
        return "/".join(names) or "ktap"

    for raw in lines[start + 1:]:
        line = raw.rstrip()
        ind = _indent(line)
        body = line.strip()
        if expect is not None:
            m = EXPECT_END.match(body)
            if m:
                if not expect[1]:
                    expect_fail.append("EXPECT block without its line: %r" % expect[0])
                expect = None
                pending.append(line)
                continue
            if expect[0] in line:
                expect[1] = True
        m = EXPECT_BEGIN.match(body)
        if m:
            expect = [m.group(1), False]
            pending.append(line)
            continue
        if VERSION.match(body) and ind > stack[-1].indent:
            stack.append(_Level(ind))
            continue
        top = stack[-1]
        if ind != top.indent and (RESULT.match(body) or PLAN.match(body)):
            # A result at a shallower indent ends the deeper levels.
            while len(stack) > 1 and ind < stack[-1].indent:
                close_level()
            top = stack[-1]
        m = SUBTEST.match(body)
        if m and ind == top.indent:
            top.name = m.group(1).strip()
            continue
        m = PLAN.match(body)
        if m and ind == top.indent and top.plan is None:
            top.plan = int(m.group(1))
            continue
        m = RESULT.match(body)
        if m and ind == top.indent:
            status, name, directive = m.group(1), (m.group(3) or "").strip(), (m.group(4) or "")
            top.results += 1
            if top.has_child:
                top.has_child = False      # the parent's own line: not a leaf
            else:
                skip = directive.upper().startswith("SKIP")
                c = Case(path(name), "skip" if skip and status == "ok" else status,
                         pending, directive[4:].strip() if skip else "")
                if expect_fail:
                    c.status, c.reason = "not ok", "; ".join(expect_fail)
                    expect_fail = []
                cases.append(c)
            pending = []
            if len(stack) == 1 and top.plan is not None and top.results >= top.plan:
                break
            continue
        pending.append(line)
    else:
        # The text ended inside the document: name where.
        if len(stack) > 1 or stack[0].plan is None or stack[0].results < stack[0].plan:
            where = "/".join(lv.name for lv in stack if lv.name) or prefix or "ktap"
            cases.append(Case(where + "/incomplete", "not ok", pending[-40:],
                              "output ended inside the test"))
    if expect_fail:
        cases.append(Case(path("expect"), "not ok", pending, "; ".join(expect_fail)))
    return cases


def report(case):
    """The text pytest shows for a failed case."""
    return "\n".join([case.name + ": " + (case.reason or "not ok")] + case.log)


# (title, cases) of every KTAP run this pytest session, for the summary
# tests/conftest.py prints at the end.
SUMMARY = []
# (title, {status: count}) that other processes counted (the workers of
# `make test`: tests/conftest.py passes their counts on).
MERGED = []


def summary_counts():
    """SUMMARY as (title, {status: count}), which can cross processes."""
    out = []
    for title, cases in SUMMARY:
        n = {"ok": 0, "not ok": 0, "skip": 0}
        for c in cases:
            n[c.status] += 1
        out.append((title, n))
    return out


def merge_counts(counts):
    MERGED.extend((title, dict(n)) for title, n in counts)


def summary_lines():
    """One line per KTAP run; a run every worker made (the boots that
    collection makes) is told once."""
    seen = set()
    for title, n in summary_counts() + MERGED:
        if title in seen:
            continue
        seen.add(title)
        yield "%s: %d cases, %d passed, %d failed, %d skipped" % (
            title, sum(n.values()), n["ok"], n["not ok"], n["skip"])
