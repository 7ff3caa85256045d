# SPDX-License-Identifier: BSD-2-Clause
"""Every counted lookup is counted by a test.

Each function of linux/of.h and linux/of_irq.h that returns a node, and
each for_each_* loop over nodes, gives its caller a reference (Linux's
get/put convention).  The lifetime self-test (of/lifetime_selftest.c)
counts the references on an overlay's (dynamic) nodes before and after
each of them; this test reads the headers and fails when one is added
that the self-test does not call, so a new lookup cannot go uncounted.
"""
import re

from coyote.qemu import ROOT

HEADERS = ("include/linux/of.h", "include/linux/of_irq.h")
SELFTEST = ROOT / "of" / "lifetime_selftest.c"
# Returned nodes that are no lookup: the reference the caller already
# holds, and a changeset's new node (tests/host/test_of_dynamic.c counts it).
NOT_LOOKUPS = {"of_node_get", "of_changeset_create_node"}


def lookups():
    """Node-returning functions, and node loops with the functions each
    calls ({name: set()} for a function)."""
    found = {}
    for header in HEADERS:
        text = (ROOT / header).read_text()
        for name in re.findall(r"^(?:static inline )?struct device_node \*(\w+)\(", text, re.M):
            found[name] = set()
        for name, body in re.findall(r"^#define (for_each_\w+)\([^)]*\)\s*\\\n(.*\n.*)$",
                                     text, re.M):
            if "of_" in body and "->properties" not in body:
                found[name] = set(re.findall(r"\b(of_\w+)\(", body))
    for name in NOT_LOOKUPS:
        found.pop(name, None)
    return found


def test_headers_are_read():
    # A header parse that finds nothing would make the next test pass on nothing.
    found = lookups()
    assert {"of_find_node_by_name", "of_get_next_child", "of_irq_find_parent",
            "for_each_child_of_node", "for_each_of_cpu_node"} <= set(found), found
    assert found["for_each_available_child_of_node"] == {"of_get_next_available_child"}
    assert "for_each_property_of_node" not in found


def code_only(text):
    """C without its comments and string literals: a name in a message is
    no call."""
    text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def test_messages_are_no_calls():
    assert code_only('f("for_each_x(dn)"); /* of_a() */ g(); // of_b()\n') == 'f("");   g();  \n'


def test_every_lookup_is_counted_by_the_lifetime_selftest():
    code = code_only(SELFTEST.read_text())
    found = lookups()
    called = {n for n in found if re.search(r"\b%s\(" % n, code)}
    # A function the self-test runs through a loop it calls is counted too.
    counted = called.union(*(found[n] for n in called))
    missing = sorted(set(found) - counted)
    assert not missing, "not counted in %s: %s" % (SELFTEST.relative_to(ROOT), missing)
