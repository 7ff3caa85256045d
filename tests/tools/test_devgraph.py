# SPDX-License-Identifier: BSD-2-Clause
"""`ofdump --graph` on the host and the kernel agree: the same device links
(supplier, consumer, property, state) and the same probe order, on the board
tree and on the device-link cases tree (a supplier without driver, disabled,
failing, two cycles, a module's supplier).  Both run drivers/base/links.c:
the host with a stand-in driver per catalogue entry and module.

Also: the DOT renders with Graphviz, and docs/ shows the current picture.
"""
import re
import shutil
import subprocess

import pytest

from coyote.qemu import BUILD, BOARD_DTB, ROOT, board_dts_source, compile_dts
from coyote.devlinks import CASES, devices_rows, devlinks_rows, probe_rows

OFDUMP = BUILD / "host" / "ofdump"
DOCS_DOT = ROOT / "docs" / "images" / "versatilepb-devlinks.dot"

NODE = re.compile(r'^\t"([^"]+)" \[label="([^"]*)"(.*)\];$')
EDGE = re.compile(r'^\t"([^"]+)" -> "([^"]+)" \[(.*)\];$')


def graph(dtb):
    res = subprocess.run([str(OFDUMP), "--graph", str(dtb)], capture_output=True, text=True,
                         timeout=60)
    assert res.returncode == 0, res.stderr
    return res.stdout


def parse(dot):
    """({node: probe order or None}, {(supplier, consumer, property, state)})."""
    order, links = {}, set()
    for line in dot.splitlines():
        e = EDGE.match(line)
        if e:
            sup, con, attrs = e.groups()
            style = re.search(r"style=(\w+)", attrs)
            style = style.group(1) if style else None
            red = "color=red" in attrs
            prop = re.search(r'label="([^"]*)"', attrs).group(1)
            if style == "dotted":
                continue        # parent before child: implicit, not a link
            state = "relaxed" if style == "dashed" else \
                "supplier-missing" if red else "active"
            links.add((sup, con, prop, state))
            continue
        n = NODE.match(line)
        if n:
            m = re.search(r"probe #(\d+)", n.group(2))
            order.setdefault(n.group(1), int(m.group(1)) if m else None)
    return order, links


def kernel_view(c):
    """Like parse(), from the kernel; and the nodes whose probe failed (the
    host cannot know a probe will fail: its stand-in drivers bind)."""
    devices = c.run("devices")
    rows = devices_rows(devices)
    order = {p: int(r[1]) if r[1] != "-" else None for p, r in rows.items()}
    name = {l.split()[0]: l.split()[1] for l in devices.splitlines() if l.startswith("/")}
    links = {(s, con, prop, state.split(":")[0])
             for s, con, prop, state in devlinks_rows(c.run("devlinks"))}
    # The timeline agrees with the order column: the Nth bound probe is #N.
    probes = [p[0] for p in probe_rows(c.run("probes")) if p[3] == "bound"]
    by_order = [name[p] for p in sorted((p for p in order if order[p]), key=order.get)]
    assert probes == by_order, (probes, by_order)
    failed = {p for p, r in rows.items() if r[2].startswith("failed")}
    return order, links, failed


def check_agree(c, dtb):
    host_order, host_links = parse(graph(dtb))
    k_order, k_links, failed = kernel_view(c)
    # ...nor when their consumers will probe (the kernel: at the end of boot).
    tainted, grew = set(failed), True
    while grew:
        more = {con for sup, con, _p, _s in k_links if sup in tainted}
        grew = not more <= tainted
        tainted |= more
    host_links = {l for l in host_links if l[0] not in failed}
    k_links = {l for l in k_links if l[0] not in failed}
    assert host_links == k_links, (host_links ^ k_links)
    if failed:
        # A failed probe takes no order number in the kernel: compare the
        # order of the rest.
        rank = lambda d: {p: i for i, p in enumerate(sorted(
            (p for p, o in d.items() if o and p not in tainted), key=d.get))}
        assert rank(host_order) == rank(k_order), (host_order, k_order)
        return
    for path, o in k_order.items():
        assert host_order.get(path) == o, (path, o, host_order.get(path))


def test_board_graph_agrees_with_the_kernel(coyote):
    check_agree(coyote, BOARD_DTB)


def test_cases_graph_agrees_with_the_kernel(boot):
    dtb = compile_dts(board_dts_source() + CASES, "devgraph-cases")
    c = boot(dtb=dtb)
    check_agree(c, dtb)
    _, links = parse(graph(dtb))
    assert ("/clock-cycle-a", "/clock-cycle-b", "power-domains", "relaxed") in links
    assert ("/clock-missing", "/clock-user-a", "clocks", "supplier-missing") in links


def test_dot_renders():
    if not shutil.which("dot"):
        pytest.skip("graphviz's dot is not installed (scripts/install-deps installs it)")
    res = subprocess.run(["dot", "-Tsvg"], input=graph(BOARD_DTB), capture_output=True,
                         text=True, timeout=60)
    assert res.returncode == 0 and "<svg" in res.stdout, res.stderr


def test_docs_picture_is_current():
    """docs/images/ holds what `make graph` makes from today's tree."""
    assert DOCS_DOT.read_text() == graph(BOARD_DTB), "run `make graph` and commit docs/images"

