# SPDX-License-Identifier: BSD-2-Clause
"""Lab 11's grader (docs/labs/lab11/README.md):
a device from QEMU's command line, bound by its virtio ID.

One boot of the student's kernel on `-M virt`, QEMU writing the tree, with
more virtio devices than the page's example, so the keyboard lands in
another slot: the board's virtio-net (ID 1), a balloon (ID 5) and maybe a
console (ID 3), which nothing in the kernel drives, a tablet and the keyboard (both
virtio-input, ID 18) in an order drawn for the grade, each input device
with a serial number (a name read with the wrong select shows it).  The transport is virtio 1.0 (version 2
registers): on the legacy one, freeing a queue resets the whole device,
which would hide a remove() that forgets to.  Keys go in through QEMU's
machine protocol (input-send-event), more of them than the queue holds."""
import re
import time

import pexpect

from .common import (QMP, Coyote, Grader, build_kernel, check_build, heap_use, indent,
                     makefile_objs, rel, settle, tail)
from coyote.qemu import BOOT_TIMEOUT, PROMPT

TITLE = "a device from QEMU's command line, bound by its virtio ID"

# Every check, in the order reported, and its points: declared once.
RUBRIC = {
    'lab-keyboard.c and Makefile exist': 1,
    'the Makefile builds lab-keyboard.o as a module (obj-m)': 1,
    'the module builds (modpost: only exported symbols)': 1,
    'modules.alias has virtio:d00000012v* for lab-keyboard (MODULE_DEVICE_TABLE)': 1,
    'it autoloads and binds both virtio-input devices (ID 18) in the slots QEMU chose': 1,
    'it binds no other virtio device (the balloon, ID 5, keeps no driver)': 1,
    "the name it reads from configuration space is each device's own": 1,
    'a key pressed through QMP arrives: EV_KEY, its code, value 1 down and 0 up': 1,
    'many keys, more than the queue holds, arrive all and in order': 1,
    'rmmod unbinds both, the devices reset, the heap back where it was': 1,
    'insmod binds them again and keys arrive again': 1,
}

MODULE = "lab-keyboard"
VIRTIO_INPUT = 18
NAMES = {"virtio-tablet-device": "QEMU Virtio Tablet",
         "virtio-keyboard-device": "QEMU Virtio Keyboard"}
EV_SYN, EV_KEY = 0, 1
LINE = re.compile(r"event type \d+ code \d+ value -?\d+")
# QEMU's key names and the Linux key codes it sends for them.
KEYS = {"c": 46, "o": 24, "y": 21, "t": 20, "e": 18, "shift": 42, "1": 2, "spc": 57,
        "ret": 28, "esc": 1, "f1": 59, "kp_7": 71}
CHORD = [("shift", True), ("c", True), ("c", False), ("shift", False)]


class Drawn:
    """This grade's devices and keys, from the grade's seed: the balloon
    and maybe a console, the tablet before or after the keyboard (each device in the
    next slot down, in command-line order, after the board's NIC at
    a003e00), serial numbers (a name read with the wrong select shows
    one), the one key, and 72 taps, 288 events with the SYN after each key
    event: more than the event queue holds (QEMU offers 1024 descriptors,
    the transport takes at most 256), in an order a sorted log would not
    have."""

    def __init__(self, rng):
        inputs = ["virtio-tablet-device", "virtio-keyboard-device"]
        rng.shuffle(inputs)
        # (QEMU takes one balloon; a virtio console, ID 3, nothing drives either.)
        fillers = ["virtio-balloon-device"] + ["virtio-serial-device"] * rng.randint(0, 1)
        rng.shuffle(fillers)
        self.devices = fillers + inputs
        self.serials = {m: "coyote-%s-%04x" % (m.split("-")[1][:3], rng.randrange(0x10000))
                        for m in inputs}
        self.one_key = rng.choice(sorted(KEYS))
        self.many = [rng.choice(sorted(KEYS)) for _ in range(72)]

    def extra_args(self, sock):
        args = ["-global", "virtio-mmio.force-legacy=false"]
        for model in self.devices:
            args += ["-device", model + (",serial=" + self.serials[model]
                                         if model in self.serials else "")]
        return args + ["-qmp", "unix:%s,server=on,wait=off" % sock]

    def inputs(self):
        """The input devices' models, in command-line order."""
        return [m for m in self.devices if m in NAMES]


def slots(boot_log):
    """{virtioN: (the slot's node, device ID)} as the transport found them."""
    return {m.group(2): ("/virtio_mmio@" + m.group(1), int(m.group(3)))
            for m in re.finditer(r"^virtio-mmio (\w+)\.virtio_mmio: (virtio\d+): .*?\(ID (\d+),",
                                 boot_log, re.M)}


def virtio_rows(c):
    """{virtioN: (driver, state)} from `devices`' virtio bus rows."""
    return {m.group(1): (m.group(2), m.group(3).strip()) for m in
            re.finditer(r"^/\S+ +(virtio\d+) +virtio +(\S+) +\S+ +(.+)$", c.run("devices"), re.M)}


def events(text, dev):
    """The (type, code, value) events @dev's driver logged in @text."""
    return [tuple(int(x) for x in m) for m in
            re.findall(r"^%s %s: event type (\d+) code (\d+) value (-?\d+)$" %
                       (re.escape(MODULE), dev), text, re.M)]


def keys_of(evs):
    """The EV_KEY events of @evs as (code, value)."""
    return [(code, value) for typ, code, value in evs if typ == EV_KEY]


def press(c, qmp, seq, chunk=8, patience=5):
    """(key, down) pairs through QEMU's input layer, one report each, a
    few at a time: each chunk's events logged (or @patience seconds gone)
    before the next, so a guest QEMU runs slowly on a busy host is not
    sent more reports than its queue holds.  A driver that
    logs nothing is waited for once, then only until the console is
    quiet."""
    pos = mark(c)
    for i in range(0, len(seq), chunk):
        for key, down in seq[i:i + chunk]:
            qmp.execute("input-send-event", events=[{"type": "key", "data": {
                "down": down, "key": {"type": "qcode", "data": key}}}])
        # Read straight from the console (as settle() does), never through
        # expect(), whose buffers would hand the lines to the next command.
        end = time.monotonic() + patience
        while len(LINE.findall(c.printed.getvalue()[pos:])) < min(i + chunk, len(seq)):
            if time.monotonic() > end:
                patience = 0.5
                break
            try:
                c.child.read_nonblocking(65536, timeout=0.1)
            except pexpect.TIMEOUT:
                pass
    settle(c)


def taps(keys):
    return [(k, d) for k in keys for d in (True, False)]


def want(seq):
    return [(KEYS[k], 1 if d else 0) for k, d in seq]


def shown(evs, n=8):
    """A short list of events for a hint."""
    return "%s%s" % (evs[:n], " ... (%d in all)" % len(evs) if len(evs) > n else "")


def mark(c):
    """Where the console's output is now (the log ring, 16 KiB, would not
    hold every event the grader presses)."""
    return len(c.printed.getvalue())


def events_since(c, pos, dev):
    """@dev's events printed on the console since mark() said @pos."""
    settle(c)
    return events(c._clean(c.printed.getvalue()[pos:]), dev)


def key_hint(evs, seq):
    if not evs:
        return ("Nothing logged.  The device writes an event only into a buffer the\n"
                "driver has given it on queue 0 (device-writable), and the queue's\n"
                "callback is where the used ones come back.")
    return ("Logged (type, code, value): %s\nwant EV_KEY (1) with %s, each followed by "
            "EV_SYN (0).\nEach event is 8 bytes: le16 type, le16 code, le32 value." %
            (shown(evs, 12), want(seq)))


def lab11(src):
    g = Grader(11, src)
    drv, mk = src / "lab-keyboard.c", src / "Makefile"
    names = list(RUBRIC)
    if not g.check(names[0], drv.exists() and mk.exists(),
                   "Expected %s and %s." % (rel(drv), rel(mk))):
        return g
    objs, err = makefile_objs(src)
    if objs is None:
        hint = "The grader cannot read your Makefile:\n" + indent(err)
    else:
        hint = ("make reads obj-y %s, obj-m %s from your Makefile; a module is listed\n"
                "with obj-m." % (" ".join(objs["obj-y"]) or "(none)",
                                 " ".join(objs["obj-m"]) or "(none)"))
    if not g.check(names[1], objs and objs["obj-m"] == ["lab-keyboard.o"] and
                   not objs["obj-y"], hint):
        g.skip_all(names[2:], "obj-m")
        return g
    kernel, log = build_kernel(g, src, "LAB_KBUILD")
    if not check_build(g, names[2], kernel, log, names[3:],
                       "\nA module may call only what the kernel exports (EXPORT_SYMBOL)."
                       if "is not exported by the kernel" in log else ""):
        return g
    alias = g.out / "modules" / "modules.alias"
    lines = alias.read_text().splitlines() if alias.exists() else []
    mine = [l for l in lines if l.endswith(" " + MODULE)]
    g.check(names[3], "alias virtio:d%08Xv* %s" % (VIRTIO_INPUT, MODULE) in mine,
            "%s has for %s: %s\nmodpost writes one line per entry of the table that\n"
            "MODULE_DEVICE_TABLE(virtio, your_table) names: the device ID, in hex." %
            (rel(alias), MODULE, indent("\n".join(mine)) if mine else "(no line)"))
    sock = g.out / "qmp.sock"
    if sock.exists():
        sock.unlink()
    # Booted here rather than by Coyote(), which would take what the
    # console said with it when the prompt does not come.
    drawn = Drawn(g.rng)
    c = Coyote(machine="virt", kernel=kernel, extra=drawn.extra_args(sock),
               wait_prompt=False)
    booted = False
    try:
        with c:
            # A driver in a loop with a device it should not drive: the
            # watchdog says so after 10 s, no need to wait for more.
            if c.child.expect_exact([PROMPT, "BUG: soft lockup"], timeout=BOOT_TIMEOUT):
                c.child.expect_exact("Backtrace", timeout=5)
                raise RuntimeError("soft lockup")
            c.boot_log, booted = c._clean(c.child.before), True
            qmp = QMP(sock)
            try:
                run_checks(g, c, qmp, drawn, names[4:])
            finally:
                qmp.close()
    except Exception as e:          # pexpect's TIMEOUT or EOF, most likely
        left = [t for t in names[4:] if t not in g.found]
        if left:
            lines = c._clean(c.printed.getvalue()).splitlines()
            mine = [l for l in lines if MODULE in l and "event type" not in l]
            g.check(left[0], False, "The kernel %s (%s); its last lines:\n%s\nWhat it said "
                    "about your module:\n%s" %
                    ("stopped answering" if booted else "did not reach its prompt",
                     type(e).__name__, indent("\n".join(lines[-16:])),
                     indent("\n".join(mine[-8:]) or "(nothing)")))
            g.skip_all(left[1:], "the kernel to answer again")
    return g


def run_checks(g, c, qmp, drawn, names):
    found = slots(c.boot_log)
    inputs = [d for d, (_, i) in sorted(found.items(), key=lambda x: x[1][0], reverse=True)
              if i == VIRTIO_INPUT]
    # Slots fill from the top down in command-line order.
    if len(inputs) != 2:
        raise RuntimeError("lab 11 grader: QEMU's input devices not found in the boot log:\n"
                           + tail(c.boot_log, 40))
    model = dict(zip(inputs, drawn.inputs()))
    kbd = next(d for d in inputs if model[d] == "virtio-keyboard-device")
    tablet = next(d for d in inputs if d != kbd)
    idle = [d for d, (_, i) in sorted(found.items()) if i in (3, 5)]
    rows = virtio_rows(c)
    pulled = "(virtio:d%08X" % VIRTIO_INPUT
    ok = all(rows.get(d) == (MODULE, "bound") for d in inputs)
    if not g.check(names[0], ok,
                   "The keyboard is %s (%s), the tablet %s (%s); `devices` shows them as\n%s\n"
                   "The boot log about your module:\n%s\nA virtio driver matches by the "
                   "device ID in its id_table, whatever the slot." %
                   (kbd, found[kbd][0], tablet, found[tablet][0],
                    indent("\n".join("%s: %s, %s" % (d, *rows.get(d, ("?", "no row")))
                                     for d in inputs)),
                    indent("\n".join(l for l in c.boot_log.splitlines()
                                     if MODULE in l or pulled in l)[-1200:] or "(nothing)"))):
        g.skip_all(names[1:], "the keyboard to bind")
        return
    others = {d: rows.get(d) for d in found if d not in inputs}
    g.check(names[1], idle and all(rows.get(b, ("?",))[0] == "-" for b in idle) and
            all(r and r[0] != MODULE for r in others.values()),
            "`devices` shows the devices nothing drives (ID 5, ID 3) as %s.  A driver\n"
            "binds only the IDs its id_table lists." % ", ".join("%s: %s" % (b, rows.get(b)) for b in idle))
    log = c.boot_log
    said = {d: re.findall(r'^%s %s: input device "(.*)"$' % (re.escape(MODULE), d), log, re.M)
            for d in inputs}
    named = {d: NAMES[model[d]] for d in inputs}
    g.check(names[2], all(said[d] == [named[d]] for d in inputs),
            "Probe logged %s for the keyboard (want [%r]) and %s for the tablet\n"
            "(want [%r]).  The name is behind one select (the spec's table) and subsel 0:\n"
            "write both, then read `size` and that many bytes of the union." %
            (said[kbd], named[kbd], said[tablet], named[tablet]))
    pos = mark(c)
    seq = taps([drawn.one_key])
    press(c, qmp, seq)
    evs = events_since(c, pos, kbd)
    g.check(names[3], keys_of(evs) == want(seq) and
            all(t in (EV_SYN, EV_KEY) for t, _, _ in evs), key_hint(evs, seq))
    run_many(g, c, qmp, kbd, drawn.many, names[4])
    rmmod_insmod(g, c, qmp, inputs, kbd, drawn.many, names[5:])


def run_many(g, c, qmp, kbd, many, name):
    pos = mark(c)
    seq = taps(many) + CHORD
    press(c, qmp, seq)
    got = keys_of(events_since(c, pos, kbd))
    wanted = want(seq)
    if got == wanted:
        g.check(name, True)
        return
    if got == wanted[:len(got)]:
        why = ("The first %d key events arrived, then none: the device has only the\n"
               "buffers the driver gives it, and drops an event it has no buffer for.\n"
               "Give each used buffer back to the queue." % len(got))
    else:
        why = "Logged key events (code, value): %s\nwant %s" % (shown(got, 12),
                                                                  shown(wanted, 12))
    g.check(name, False, "%d key events pressed, %d logged.\n%s" % (len(wanted), len(got), why))


def rmmod_insmod(g, c, qmp, inputs, kbd, many, names):
    """rmmod: both unbound, no complaint from the bus, the heap as before
    the module was loaded; insmod: bound again, keys arrive again.  The
    heap is compared between two unloaded states (rmmod, insmod, rmmod):
    what the first probe allocated is gone by then either way."""
    pos = mark(c)
    c.run("rmmod " + MODULE)
    first = heap_use(c)
    c.run("insmod " + MODULE)
    settle(c)
    c.run("rmmod " + MODULE)
    second = heap_use(c)
    rows = virtio_rows(c)
    said = c._clean(c.printed.getvalue()[pos:])
    lsmod = c.run("lsmod")
    complaints = [l for l in said.splitlines()
                  if "did not reset the device" in l or "left its queues" in l]
    unbound = all(rows.get(d, ("?",))[0] == "-" for d in inputs)
    loaded = re.search(r"^%s\b" % re.escape(MODULE), lsmod, re.M)
    hint = []
    if not unbound or loaded:
        hint.append("After rmmod, `devices` shows %s; `lsmod` says:\n%s" %
                    (", ".join("%s: %s" % (d, rows.get(d)) for d in inputs), indent(lsmod)))
    if complaints:
        hint.append("The virtio bus said, after your remove():\n%s\nremove() resets the "
                    "device first (it stops writing into your buffers),\nthen frees the "
                    "queues and what it allocated." % indent("\n".join(complaints)))
    if first != second or first == "?":
        hint.append("`mem` after rmmod, insmod, rmmod:\n  %s\n  %s\nremove() frees all "
                    "that probe allocated." % (first, second))
    g.check(names[0], unbound and not loaded and not complaints and first == second != "?",
            "\n".join(hint))
    out = c.run("insmod " + MODULE)
    settle(c)
    rows = virtio_rows(c)
    if not all(rows.get(d) == (MODULE, "bound") for d in inputs):
        g.check(names[1], False, "`insmod %s` printed:\n%s\n`devices` shows %s." %
                (MODULE, indent(out), ", ".join("%s: %s" % (d, rows.get(d)) for d in inputs)))
        return
    pos = mark(c)
    seq = taps(many)
    press(c, qmp, seq)
    got = keys_of(events_since(c, pos, kbd))
    g.check(names[1], got == want(seq),
            "After insmod, %d key events pressed, %d logged: %s\nA second probe starts "
            "from nothing: what state outlives the first?" %
            (len(seq), len(got), shown(got, 12)))
