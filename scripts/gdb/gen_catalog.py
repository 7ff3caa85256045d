# SPDX-License-Identifier: BSD-2-Clause
"""Generate the host's driver catalogue from the kernel ELF (build time).

    gdb-multiarch -batch -nx build/kernel.elf -x scripts/gdb/gen_catalog.py \
        -ex 'coyote-gen-catalog OUT.c'

The kernel registers its drivers from initcalls, in link order; each
module_platform_driver(x) / module_i2c_driver(x) makes `x_init`.  This walks
the initcall table in the image, finds each registration's driver struct by
its debug info, and writes its name, bus and of_device_id table as C for
whynot's catalogue (include/coyote/whynot.h).  Nothing is copied by hand, so
`ofdump --devices` knows exactly the drivers the kernel has, in the order the
kernel registers them (a tie goes to the first).
"""
import gdb

BUSES = {"platform_driver": "platform", "i2c_driver": "i2c"}


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def char_array(val):
    """A char[] (a struct member) as text up to its NUL, read in one
    access: indexing it asks the target once per byte, which over QEMU's
    gdb stub made `coyote-break-probe` take most of a second."""
    if val.address is None:
        data = bytes(int(val[i]) & 0xff for i in range(val.type.sizeof))
    else:
        data = bytes(gdb.selected_inferior().read_memory(int(val.address), val.type.sizeof))
    return data.split(b"\0", 1)[0].decode("ascii", "replace")


def registered_drivers():
    """[(driver struct Value, bus name)] in registration order."""
    start = int(gdb.parse_and_eval("(unsigned long)&__initcall_start"))
    end = int(gdb.parse_and_eval("(unsigned long)&__initcall_end"))
    ptr = gdb.lookup_type("unsigned long").pointer()
    out = []
    for addr in range(start, end, 4):
        fn = int(gdb.Value(addr).cast(ptr).dereference())
        block = gdb.block_for_pc(fn)
        if block is None or block.function is None:
            continue
        name = block.function.name
        if not name.endswith("_init"):
            continue
        want = name[:-len("_init")]
        for sym in block.static_block:
            if sym.name != want or not sym.is_variable:
                continue
            tag = sym.type.strip_typedefs().tag
            if tag in BUSES:
                out.append((sym.value(), BUSES[tag]))
    return out


def table_entries(table):
    """The of_device_id entries up to the empty one, as (name, type, compat)."""
    entries = []
    if int(table) == 0:
        return entries
    i = 0
    while True:
        e = table[i]
        t = (char_array(e["name"]), char_array(e["type"]), char_array(e["compatible"]))
        if not any(t):
            return entries
        entries.append(t)
        i += 1


def generate():
    lines = ["/* Generated from the kernel ELF by scripts/gdb/gen_catalog.py: do not edit. */",
             "#include <linux/of.h>", "#include <coyote/whynot.h>", ""]
    drivers = []
    found = registered_drivers()
    if not found:
        # The registration macros changed shape: say so rather than give
        # the host an empty catalogue that predicts "no driver" everywhere.
        raise gdb.GdbError("gen_catalog: no module_*_driver registration found in the "
                           "initcall table (expected NAME_init -> struct NAME)")
    for n, (drv, bus) in enumerate(found):
        d = drv["driver"]
        name = d["name"].string()
        ents = table_entries(d["of_match_table"])
        lines.append("static const struct of_device_id table%d[] = {" % n)
        for nm, ty, compat in ents:
            lines.append("\t{ .name = %s, .type = %s, .compatible = %s }," %
                         (c_string(nm), c_string(ty), c_string(compat)))
        lines.append("\t{ }")
        lines.append("};")
        drivers.append('\t{ %s, "%s", table%d },' % (c_string(name), bus, n))
    lines.append("")
    lines.append("static const struct whynot_driver drivers[] = {")
    lines += drivers
    lines.append("};")
    lines.append("")
    lines.append("const struct whynot_catalog kernel_driver_catalog = {")
    lines.append("\t.drivers = drivers,")
    lines.append("\t.count = %d," % len(drivers))
    lines.append("};")
    return "\n".join(lines) + "\n"


class GenCatalog(gdb.Command):
    """coyote-gen-catalog OUT.c: write the kernel's driver catalogue as C."""

    def __init__(self):
        super().__init__("coyote-gen-catalog", gdb.COMMAND_USER)

    def invoke(self, arg, from_tty):
        text = generate()
        if not arg:
            raise gdb.GdbError("usage: coyote-gen-catalog OUT.c")
        with open(arg, "w") as f:
            f.write(text)


GenCatalog()
