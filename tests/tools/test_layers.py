# SPDX-License-Identifier: BSD-2-Clause
"""No include circle among kernel/module, drivers/base and kernel/irq.

The module loader announces a module's coming and going on the module
notifier; the driver core and the IRQ layer listen and clean up what it
left (issue 26).  So the loader includes neither's headers, the IRQ layer
only the loader's, and the driver core both: an order, not a knot.  The
compiler's own list of every header a file pulls in (-MM, transitive) is
read, each header is mapped to the folder that owns it, and the edges
between folders must have no cycle.
"""
import shutil
import subprocess

import pytest

from qemu.coyote import ROOT

FOLDERS = ("kernel/module", "drivers/base", "kernel/irq")

# The headers each folder implements (its public face).
OWNED = {
    "drivers/base": ("include/linux/device.h", "include/linux/platform_device.h",
                     "include/coyote/whynot.h"),
    "kernel/irq": ("include/linux/interrupt.h", "include/linux/irq.h",
                   "include/linux/irqdomain.h", "include/linux/irqflags.h"),
    "kernel/module": ("include/linux/module.h", "include/coyote/module.h"),
}
CC = "arm-none-eabi-gcc"


def owner(header):
    for folder, headers in OWNED.items():
        if header in headers or header.startswith(folder + "/"):
            return folder
    return None


def folder_edges(root):
    """{(from, to): [header, ...]} for every file of the three folders."""
    gcc_inc = subprocess.run([CC, "-print-file-name=include"], capture_output=True,
                             text=True, check=True).stdout.strip()
    edges = {}
    for folder in FOLDERS:
        for src in sorted((root / folder).glob("*.c")):
            res = subprocess.run([CC, "-MM", "-std=c11", "-nostdinc", "-isystem", gcc_inc,
                                  "-Iinclude", "-D__KERNEL__", str(src.relative_to(root))],
                                 cwd=root, capture_output=True, text=True, timeout=60)
            assert res.returncode == 0, res.stderr
            for word in res.stdout.replace("\\\n", " ").split():
                to = owner(word)
                if word.endswith(".h") and to and to != folder:
                    edges.setdefault((folder, to), set()).add(word)
    return edges


def cycle(edges):
    """A list of folders that leads back to its start, or None."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, []).append(b)

    def walk(node, path):
        if node in path:
            return path[path.index(node):] + [node]
        for nxt in graph.get(node, ()):
            found = walk(nxt, path + [node])
            if found:
                return found
        return None

    for start in FOLDERS:
        found = walk(start, [])
        if found:
            return found
    return None


@pytest.mark.skipif(not shutil.which(CC), reason=CC + " is not installed")
def test_no_include_circle():
    edges = folder_edges(ROOT)
    found = cycle(edges)
    assert found is None, "include circle %s: %s" % (
        " -> ".join(found), {"%s -> %s" % e: sorted(h) for e, h in edges.items()})


@pytest.mark.skipif(not shutil.which(CC), reason=CC + " is not installed")
def test_module_loader_includes_neither():
    """The loader's side of the notifier: it sends, it does not know who listens."""
    edges = folder_edges(ROOT)
    assert not [e for e in edges if e[0] == "kernel/module"], edges
