# SPDX-License-Identifier: BSD-2-Clause
"""The layers point one way: include circles, exports, who knows which bus;
and no layer asks which board it runs on.

No include circle among kernel/module, drivers/base and kernel/irq, nor
between the pieces the shell, the MMU and the network stack stand on.

The module loader announces a module's coming and going on the module
notifier; the driver core and the IRQ layer listen and clean up what it
left.  So the loader includes neither's headers, the IRQ layer
only the loader's, and the driver core both: an order, not a knot.  The
compiler's own list of every header a file pulls in (-MM, transitive) is
read, each header is mapped to the folder that owns it, and the edges
between folders must have no cycle.
"""
import re
import shutil
import subprocess

import pytest

from coyote.qemu import ROOT

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


def headers_of(root, src):
    """Every header @src pulls in, transitively (the compiler's -MM list)."""
    gcc_inc = subprocess.run([CC, "-print-file-name=include"], capture_output=True,
                             text=True, check=True).stdout.strip()
    res = subprocess.run([CC, "-MM", "-std=c11", "-nostdinc", "-isystem", gcc_inc,
                          "-Iinclude", "-D__KERNEL__", src], cwd=root, capture_output=True,
                         text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    return [w for w in res.stdout.replace("\\\n", " ").split() if w.endswith(".h")]


def folder_edges(root):
    """{(from, to): [header, ...]} for every file of the three folders."""
    edges = {}
    for folder in FOLDERS:
        for src in sorted((root / folder).glob("*.c")):
            for word in headers_of(root, str(src.relative_to(root))):
                to = owner(word)
                if to and to != folder:
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

    for start in sorted(graph):
        found = walk(start, [])
        if found:
            return found
    return None


def assert_no_circle(edges):
    """No cycle among @edges ({(from, to): the includes that make it})."""
    found = cycle(edges)
    assert found is None, "include circle %s: %s" % (
        " -> ".join(found), {"%s -> %s" % e: sorted(h) for e, h in edges.items()})


@pytest.mark.skipif(not shutil.which(CC), reason=CC + " is not installed")
def test_no_include_circle():
    assert_no_circle(folder_edges(ROOT))


@pytest.mark.skipif(not shutil.which(CC), reason=CC + " is not installed")
def test_module_loader_includes_neither():
    """The loader's side of the notifier: it sends, it does not know who listens."""
    edges = folder_edges(ROOT)
    assert not [e for e in edges if e[0] == "kernel/module"], edges


# Exports: Linux's rule, each EXPORT_SYMBOL(x) just after x's definition.
EXPORT = re.compile(r"^EXPORT_SYMBOL(?:_GPL)?\((\w+)\);", re.M)
# Defined outside the tree (libgcc), so exported where the arch declares them.
OUTSIDE_TREE = {"arch/arm/armksyms.c": ("__aeabi_idiv", "__aeabi_uidiv", "__aeabi_idivmod",
                                        "__aeabi_uidivmod", "__aeabi_ldivmod",
                                        "__aeabi_uldivmod")}


def defines(text, name):
    """Does this C text define @name: a function with a body, or a variable?"""
    n = re.escape(name)
    func = r"^(?!extern\b|static\b)[A-Za-z_][^;{}#]*?\b%s\s*\([^;{]*\)[^;{]*\{" % n
    var = r"^(?!extern\b|static\b|typedef\b)[A-Za-z_][^;{}()#]*?\b%s\s*(\[[^\]]*\]\s*)*(=|;)" % n
    return bool(re.search(func, text, re.M) or re.search(var, text, re.M))


def c_files(root):
    for path in sorted(root.rglob("*.c")):
        rel = path.relative_to(root).as_posix()
        if not rel.startswith(("build/", ".git/")):
            yield rel, path.read_text(errors="replace")


def misplaced_exports(root):
    """["file: EXPORT_SYMBOL(x)"] for each export whose file does not define x."""
    bad = []
    for rel, text in c_files(root):
        for name in EXPORT.findall(text):
            if name in OUTSIDE_TREE.get(rel, ()) or defines(text, name):
                continue
            bad.append("%s: EXPORT_SYMBOL(%s)" % (rel, name))
    return bad


def test_defines_reads_c():
    """The reader the export rule stands on: definitions, not declarations."""
    assert defines("int foo(int a,\n\tvoid (*fn)(void *))\n{\n", "foo")
    assert defines("struct bus_type bar_bus = {\n", "bar_bus")
    assert defines("volatile unsigned long jiffies;\n", "jiffies")
    assert not defines("int foo(int a);\n", "foo")
    assert not defines("extern int bar;\n", "bar")
    assert not defines("static int foo(void)\n{\n", "foo")
    assert not defines("\treturn foo(1);\n", "foo")


def test_every_export_beside_its_definition():
    """No EXPORT_SYMBOL of something defined in another file (kernel/ksyms.c is gone)."""
    assert not (ROOT / "kernel/ksyms.c").exists()
    bad = misplaced_exports(ROOT)
    assert not bad, "exported away from the definition:\n" + "\n".join(bad)


def test_outside_tree_exports_really_are():
    """armksyms.c's exception holds only while the tree does not define them."""
    for rel, names in OUTSIDE_TREE.items():
        text = (ROOT / rel).read_text()
        for name in names:
            assert "EXPORT_SYMBOL(%s);" % name in text, (rel, name)
    defined = [(rel, name) for rel, text in c_files(ROOT)
               for names in OUTSIDE_TREE.values() for name in names if defines(text, name)]
    assert not defined, "defined in the tree, so export it there: %s" % defined


# The pieces below the shell, the MMU and the network stack: each unit's
# files and the headers it implements.  Its commands (printk-cmd.c,
# memory-cmd.c) sit above it, beside the shell.
UNITS = {
    "printk": (("kernel/printk.c", "kernel/console.c"),
               ("include/linux/printk.h", "include/linux/console.h",
                "include/coyote/console.h")),
    "shell": (("kernel/shell.c", "kernel/readline.c", "kernel/shell_complete.c"),
              ("include/coyote/shell.h", "kernel/shell.h")),
    "memory": (("kernel/memory.c",), ("include/coyote/memory.h",)),
    "mmu": (("arch/arm/mmu.c",), ("include/asm/mmu.h", "include/asm/set_memory.h")),
    "net/dev": (("kernel/net/dev.c",), ("include/linux/netdevice.h",)),
    "ipv4": (("kernel/net/ipv4.c",), ("include/coyote/net.h",)),
}


def unit_edges(root):
    owners = {h: unit for unit, (_, headers) in UNITS.items() for h in headers}
    edges = {}
    for unit, (files, _) in UNITS.items():
        for src in files:
            for h in headers_of(root, src):
                to = owners.get(h)
                if to and to != unit:
                    edges.setdefault((unit, to), set()).add("%s: %s" % (src, h))
    return edges


@pytest.mark.skipif(not shutil.which(CC), reason=CC + " is not installed")
def test_no_include_circle_below_the_shell():
    """printk <-> shell, mmu <-> memory, net/dev <-> ipv4 were circles."""
    edges = unit_edges(ROOT)
    assert_no_circle(edges)
    # The order that breaks each: the shell prints, the MMU reads the memory
    # map, IPv4 sends on devices.
    for edge in (("shell", "printk"), ("mmu", "memory"), ("ipv4", "net/dev")):
        assert edge in edges, (edge, edges)


def test_headers_at_the_top():
    """No #include after the first line of code: a reader sees them all at once."""
    code = re.compile(r"^[A-Za-z_].*[({;=]")
    late = []
    for path in sorted(ROOT.rglob("*.[ch]")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(("build/", ".git/")):
            continue
        seen = False
        for n, line in enumerate(path.read_text(errors="replace").split("\n"), 1):
            if line.startswith("#include") and seen:
                late.append("%s:%d: %s" % (rel, n, line))
            elif code.match(line):
                seen = True
    assert not late, "included after code:\n" + "\n".join(late)


def defined_symbols(objects):
    out = subprocess.run(["arm-none-eabi-nm", "--defined-only"] + [str(o) for o in objects],
                         capture_output=True, text=True, check=True).stdout
    return {f[2] for f in (line.split() for line in out.splitlines()) if len(f) == 3
            and f[1] in "TDBRC"}


def undefined_symbols(objects):
    out = subprocess.run(["arm-none-eabi-nm", "-u"] + [str(o) for o in objects],
                         capture_output=True, text=True, check=True).stdout
    return {line.split()[-1] for line in out.splitlines() if line.strip() and ":" not in line}


def objects_of(folder):
    """The image's objects built from @folder's sources (none left over from a
    move; modules are built elsewhere, build/mod/)."""
    objs = [ROOT / "build" / src.relative_to(ROOT).with_suffix(".o")
            for src in sorted((ROOT / folder).rglob("*.c"))]
    objs = [o for o in objs if o.exists()]
    if not objs:
        pytest.fail("%s is not built (make all)" % folder)
    return objs


@pytest.mark.skipif(not shutil.which("arm-none-eabi-nm"), reason="binutils are not installed")
def test_arch_below_drivers():
    """arch/ calls nothing drivers/ defines (resource claims are kernel/resource.c)."""
    used = undefined_symbols(objects_of("arch"))
    drivers = defined_symbols(objects_of("drivers"))
    assert not used & drivers, sorted(used & drivers)


def test_whynot_names_no_bus():
    """Each bus tells whynot what it knows (whynot_bus_register()); the core names none."""
    text = (ROOT / "drivers/base/whynot.c").read_text()
    named = sorted(set(re.findall(r"\b(?:i2c|I2C|virtio|VIRTIO)\w*", text)))
    assert not named, named
    for rel in ("drivers/i2c/i2c-core.c", "drivers/virtio/virtio_mmio.c"):
        src = (ROOT / rel).read_text()
        assert "whynot_bus_register(" in src, rel
    assert "whynot_bus_unregister(" in (ROOT / "drivers/virtio/virtio_mmio.c").read_text()


# Device links by concern: what a reader looks for, in the file named for it.
LINKS_CONCERNS = {
    "drivers/base/links.c": ("device_link_add", "device_links_supplier_bound",
                             "fw_devlink_drivers_done", "device_links_explain"),
    "drivers/base/links-cycles.c": ("fw_devlink_break_cycles",),
    "drivers/base/essential.c": ("device_set_essential", "device_links_check_loss"),
    "drivers/base/overlay-veto.c": ("device_links_overlay_notifier_register",),
}


def test_links_split_by_concern():
    for rel, names in LINKS_CONCERNS.items():
        text = (ROOT / rel).read_text()
        for name in names:
            assert defines(text, name), "%s should define %s" % (rel, name)
    links = (ROOT / "drivers/base/links.c").read_text()
    for other in list(LINKS_CONCERNS)[1:]:
        for name in LINKS_CONCERNS[other]:
            assert not defines(links, name), "%s belongs in %s" % (name, other)


# --- no board code ---------------------------------------------------------
# One image for every board: the tree says what is there, never a test of
# which machine this is.  The calls Linux has for asking are not written,
# and no root compatible of a board coyote boots appears in the kernel's
# C (a match table naming one would be board code by another name).
KERNEL_C = ("arch", "block", "drivers", "include", "kernel", "of")
MACHINE_CALLS = re.compile(r"\b(of_machine_is_compatible|of_machine_compatible_match|"
                           r"of_machine_device_match|of_flat_dt_match|machine_is_\w+)\s*\(")


def board_compatibles():
    """Every string of the root compatible of every tree coyote boots: its
    own (build/dts), Debian's for the SoC boards (scripts/qemu-boards.mk),
    and the one QEMU writes for virt."""
    mk = (ROOT / "scripts" / "qemu-boards.mk").read_text()
    dtbs = sorted((ROOT / "build" / "dts").glob("*.dtb"))
    dtbs += [ROOT / "build" / "corpus" / "dtb" / name
             for name in re.findall(r"^QEMU_TREE_\S+ := (\S+\.dtb)$", mk, re.M)]
    found = {"linux,dummy-virt"}
    for dtb in dtbs:
        assert dtb.exists(), "%s missing: make test builds the trees and the corpus" % dtb
        res = subprocess.run(["fdtget", "-t", "s", str(dtb), "/", "compatible"],
                             capture_output=True, text=True, timeout=30)
        assert res.returncode == 0, res.stderr
        found.update(res.stdout.split())
    return found


def kernel_sources():
    for top in KERNEL_C:
        for src in sorted((ROOT / top).rglob("*.[ch]")):
            yield src


def test_no_board_code():
    boards = board_compatibles()
    assert {"arm,versatile-pb", "raspberrypi,2-model-b", "xunlong,orangepi-pc"} <= boards
    quoted = re.compile(r'"(%s)"' % "|".join(re.escape(b) for b in sorted(boards)))
    found = []
    for src in kernel_sources():
        text = src.read_text(errors="replace")
        for n, line in enumerate(text.splitlines(), 1):
            if MACHINE_CALLS.search(line) or quoted.search(line):
                found.append("%s:%d: %s" % (src.relative_to(ROOT), n, line.strip()))
    assert not found, "the kernel asks which machine it runs on:\n" + "\n".join(found)
