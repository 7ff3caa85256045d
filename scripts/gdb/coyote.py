# SPDX-License-Identifier: BSD-2-Clause
"""coyote's gdb-multiarch helpers, loaded by scripts/gdb/coyote.gdb.

    coyote-dt [PATH]            the live tree (or the subtree at PATH) from
                                kernel memory, as DTS-like text
    coyote-devices              every device: node, bus, driver, state, reason
    coyote-drivers              every registered driver: bus, compatibles
    coyote-dmesg                the kernel log ring (also: dmesg)
    coyote-break-probe COMPAT   break in the probe() of the driver whose
                                of_device_id table has COMPAT

They read the same structures the shell's `dt`, `devices`, `drivers` and
`dmesg` print (include/linux/of.h, include/linux/device.h), so they work
when the shell cannot: stopped at a breakpoint, or after a hang.  Without
a live target (QEMU gone, or never connected) they say so instead of
reading the ELF file's initial values; stopped before the kernel built
what they read, they say which boot step they wait for.
"""
import gdb

from gen_catalog import char_array

EPROBE_DEFER = 517          # include/linux/errno.h
# enum device_probe_state, words as dev_state_name() has them.
STATES = {0: "no driver", 1: "bound", 2: "deferred", 3: "failed", 4: "waiting"}
BUS_DRIVERS = {"platform": "platform_driver", "i2c": "i2c_driver"}


def need_target(cmd):
    """Refuse to read memory that is only the ELF file's initial values."""
    try:
        live = gdb.selected_inferior().pid != 0 and gdb.selected_thread() is not None
    except gdb.error:
        live = False
    if not live:
        raise gdb.GdbError("%s: no live target: QEMU is not connected (start it with `make debug`, "
                           "or `target remote 127.0.0.1:1234` to a QEMU run with -s -S)" % cmd)


def need_booted(cmd, ready, step):
    """@ready false: the kernel has not reached @step yet."""
    if not ready:
        raise gdb.GdbError("%s: the kernel is not far enough in boot: %s has not run yet "
                           "(`break shell_run`, `continue`, then try again)" % (cmd, step))


def container_of(ptr, typename, member):
    t = gdb.lookup_type(typename)
    offset = next(f.bitpos // 8 for f in t.fields() if f.name == member)
    addr = int(ptr.cast(gdb.lookup_type("unsigned long"))) - offset
    return gdb.Value(addr).cast(t.pointer())


def list_entries(head, typename, member):
    """Entries of a struct list_head (a Value of the head itself)."""
    if int(head["next"]) == 0:
        return
    pos = head["next"]
    end = int(head.address)
    while int(pos) != end:
        nxt = pos["next"]
        yield container_of(pos, typename, member)
        pos = nxt


def cstr(ptr):
    return ptr.string() if int(ptr) else ""


def node_path(np):
    parts = []
    while int(np) and int(np["parent"]):
        parts.append(cstr(np["full_name"]))
        np = np["parent"]
    return "/" + "/".join(reversed(parts))


def find_node(path):
    np = gdb.parse_and_eval("of_root")
    if path in ("", "/"):
        return np
    for comp in path.strip("/").split("/"):
        child = np["child"]
        while int(child) and cstr(child["full_name"]) != comp and cstr(child["name"]) != comp:
            child = child["sibling"]
        if not int(child):
            raise gdb.GdbError("coyote-dt: no node %s" % path)
        np = child
    return np


def prop_text(prop):
    n = int(prop["length"])
    if n == 0:
        return ""
    data = bytes(gdb.selected_inferior().read_memory(int(prop["value"]), n))
    if data[-1] == 0 and all(32 <= b < 127 or b == 0 for b in data[:-1]) and data[0]:
        return " = " + ", ".join('"%s"' % s.decode() for s in data[:-1].split(b"\0"))
    if n % 4 == 0:
        return " = <%s>" % " ".join("0x%x" % int.from_bytes(data[i:i + 4], "big")
                                   for i in range(0, n, 4))
    return " = [%s]" % " ".join("%02x" % b for b in data)


def print_node(np, depth):
    ind = "\t" * depth
    name = cstr(np["full_name"]) if depth or int(np["parent"]) else "/"
    gdb.write("%s%s {\n" % (ind, name))
    prop = np["properties"]
    while int(prop):
        gdb.write("%s\t%s%s;\n" % (ind, cstr(prop["name"]), prop_text(prop)))
        prop = prop["next"]
    child = np["child"]
    while int(child):
        print_node(child, depth + 1)
        child = child["sibling"]
    gdb.write("%s};\n" % ind)


class Dt(gdb.Command):
    """coyote-dt [PATH]: the live device tree, or the subtree at PATH."""

    def __init__(self):
        super().__init__("coyote-dt", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        need_target("coyote-dt")
        need_booted("coyote-dt", int(gdb.parse_and_eval("of_root")),
                    "unflatten_device_tree() (of_root is NULL)")
        print_node(find_node(arg.strip()), 0)


def errname(err):
    """The kernel's own name for an errno (kernel/lib/errname.c), as printk shows it."""
    e = -err if err < 0 else err
    if e == EPROBE_DEFER:
        return "EPROBE_DEFER"
    table = gdb.parse_and_eval("'errname.c'::names")
    count = table.type.sizeof // table[0].type.sizeof
    if 0 <= e < count and int(table[e]):
        return cstr(table[e])
    return "E???"


def buses(cmd="buses()"):
    """The registered buses; refuses before driver_init() registered one."""
    need_target(cmd)
    head = gdb.parse_and_eval("bus_list")
    need_booted(cmd, int(head["next"]) not in (0, int(head.address)),
                "driver_init() (no bus registered)")
    return list(list_entries(head, "struct bus_type", "node"))


def print_table(header, rows):
    """Columns as wide as their longest entry, the last one free."""
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header) - 1)]
    for r in [header] + rows:
        gdb.write("  ".join(c.ljust(w) for c, w in zip(r, widths)) + "  " + r[-1] + "\n")


class Devices(gdb.Command):
    """coyote-devices: every device with its node, bus, driver and state."""

    def __init__(self):
        super().__init__("coyote-devices", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        rows = []
        for bus in buses("coyote-devices"):
            for dev in list_entries(bus["devices"], "struct device", "bus_node"):
                drv = dev["driver"] if int(dev["driver"]) else dev["tried"]
                state = STATES.get(int(dev["state"]), "?")
                # dev->driver is set for the whole probe call and kept only
                # when it succeeds: set on a device not bound is one being
                # probed (stopped inside its probe()).
                if int(dev["driver"]) and state != "bound":
                    state = "probing"
                # The same words as the shell's `devices`.
                elif state == "deferred":
                    state += " (%s)" % char_array(dev["defer_reason"])
                elif state == "failed":
                    state += " (%s)" % errname(int(dev["probe_err"]))
                np = dev["of_node"]
                rows.append((node_path(np) if int(np) else "-", char_array(dev["name"]),
                             cstr(bus["name"]), cstr(drv["name"]) if int(drv) else "-", state))
        print_table(("node", "device", "bus", "driver", "state"), rows)


def table_compatibles(table):
    out = []
    if not int(table):
        return out
    i = 0
    while True:
        e = table[i]
        c = char_array(e["compatible"])
        if not (c or char_array(e["name"]) or char_array(e["type"])):
            return out
        if c:
            out.append(c)
        i += 1


class Drivers(gdb.Command):
    """coyote-drivers: every registered driver, its bus and compatibles."""

    def __init__(self):
        super().__init__("coyote-drivers", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        rows = []
        for bus in buses("coyote-drivers"):
            for drv in list_entries(bus["drivers"], "struct device_driver", "bus_node"):
                rows.append((cstr(drv["name"]), cstr(bus["name"]),
                             " ".join(table_compatibles(drv["of_match_table"])) or "-"))
        print_table(("driver", "bus", "compatible"), rows)


class Dmesg(gdb.Command):
    """coyote-dmesg: the kernel log ring (kernel/printk.c)."""

    def __init__(self):
        super().__init__("coyote-dmesg", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        need_target("coyote-dmesg")
        buf = gdb.parse_and_eval("log_buf")
        size = buf.type.sizeof
        first = int(gdb.parse_and_eval("log_first"))
        nxt = int(gdb.parse_and_eval("log_next"))
        data = bytes(gdb.selected_inferior().read_memory(int(buf.address), size))
        out = bytearray()
        i = first
        while i != nxt:
            c = data[i & (size - 1)]
            if c == 1:          # a level marker and its level byte
                i += 1
            else:
                out.append(c)
            i += 1
        gdb.write(out.decode("utf-8", "replace"))


def all_drivers():
    """(name, bus, compatibles, probe address) of every built-in driver, from
    the image's initcalls: works before any driver has registered."""
    import gen_catalog
    for drv, bus in gen_catalog.registered_drivers():
        d = drv["driver"]
        yield (cstr(d["name"]), bus, table_compatibles(d["of_match_table"]),
               int(drv["probe"]))


class BreakProbe(gdb.Command):
    """coyote-break-probe COMPATIBLE: stop in the probe() of the driver whose
    of_device_id table has COMPATIBLE (the driver's probe, for every device
    it probes; `bt` shows which one)."""

    def __init__(self):
        super().__init__("coyote-break-probe", gdb.COMMAND_BREAKPOINTS)

    def invoke(self, arg, from_tty):
        compat = arg.strip()
        if not compat:
            raise gdb.GdbError("usage: coyote-break-probe COMPATIBLE")
        for name, bus, compats, probe in all_drivers():
            if compat in compats:
                fn = gdb.block_for_pc(probe).function
                gdb.Breakpoint("*%#x" % probe)
                gdb.write("coyote: breakpoint in %s (driver %s, %s bus) for \"%s\"\n" %
                          (fn.name if fn else "%#x" % probe, name, bus, compat))
                return
        raise gdb.GdbError("coyote-break-probe: no built-in driver has \"%s\"" % compat)


for cmd in (Dt, Devices, Drivers, Dmesg, BreakProbe):
    cmd()
