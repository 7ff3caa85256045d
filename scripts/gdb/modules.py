# SPDX-License-Identifier: BSD-2-Clause
"""GDB commands for coyote's loadable modules (sourced by coyote.gdb).

    lsmod      the loaded modules, read from the target's module list
    modsyms    add-symbol-file for each loaded module, with the address of
               every section it has (build/modules/NAME.ko.debug, which
               has the debug info the .ko in the initrd does not): then
               `break ds1307_read_time`, `list`, `bt` work in module code.
"""
import os
import sys

import gdb

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)     # sourced on its own too, not only by coyote.gdb
from coyote import need_target  # noqa: E402
MODULE_DIR = os.path.normpath(os.path.join(HERE, "..", "..", "build", "modules"))


def modules(cmd):
    need_target(cmd)
    head = gdb.parse_and_eval("modules")
    mod_t = gdb.lookup_type("struct module")
    offset = [f.bitpos // 8 for f in mod_t.fields() if f.name == "list"][0]
    node = head["next"]
    while int(node) != int(head.address):
        mod = gdb.Value(int(node) - offset).cast(mod_t.pointer()).dereference()
        yield mod
        node = node["next"]


class LsMod(gdb.Command):
    """List the loaded modules: name, core address, size, refcount."""

    def __init__(self):
        super().__init__("lsmod", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        gdb.write("%-20s %-10s %8s %s\n" % ("module", "core", "size", "refcount"))
        for mod in modules("lsmod"):
            gdb.write("%-20s 0x%08x %8d %d\n" % (mod["name"].string(), int(mod["core"]),
                                                 int(mod["core_size"]), int(mod["refcnt"])))


class ModSyms(gdb.Command):
    """Load the symbols of every loaded module at the addresses it has."""

    def __init__(self):
        super().__init__("modsyms", gdb.COMMAND_FILES)

    def invoke(self, arg, from_tty):
        for mod in modules("modsyms"):
            name = mod["name"].string()
            path = os.path.join(MODULE_DIR, name + ".ko.debug")
            if not os.path.exists(path):
                gdb.write("modsyms: %s: no %s\n" % (name, path))
                continue
            secs = {}
            for i in range(int(mod["nr_sections"])):
                s = mod["sections"][i]
                secs[s["name"].string()] = int(s["addr"])
            text = secs.pop(".text", int(mod["core"]))
            cmd = "add-symbol-file %s 0x%x %s" % (
                path, text, " ".join("-s %s 0x%x" % kv for kv in sorted(secs.items())))
            gdb.execute(cmd, to_string=True)
            gdb.write("modsyms: %s at 0x%08x (%d sections)\n" % (name, text, len(secs) + 1))


LsMod()
ModSyms()
