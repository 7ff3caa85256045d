# SPDX-License-Identifier: BSD-2-Clause
"""Lab 13's grader (docs/labs/lab13/README.md): a driver for a PCI device.

One boot of the student's kernel on `-M virt` with QEMU's `edu` device in a
slot drawn from the grade's seed (so its interrupt line, which the host
bridge's interrupt-map gives that slot, differs from the page's), a
virtio-rng beside it (which the student's driver must leave alone), then
`rmmod` and `insmod` with the seed's `n` and `tag`.  What the driver did is
read from the device itself over QEMU's monitor (`xp` of BAR 0: the
factorial register, the interrupt status, the DMA registers, and the RAM
the device wrote into), not only from what the driver logged.  Hints say
what was checked, never the values drawn."""
import os
import random
import re

from .common import (QMP, Coyote, Grader, build_kernel, check_build, heap_use, indent,
                     makefile_objs, rel, settle, tail)
from coyote.qemu import BOOT_TIMEOUT, PROMPT

TITLE = "a driver for a PCI device: QEMU's edu"

RUBRIC = {
    'lab-edu.c and Makefile exist': 1,
    'the Makefile builds lab-edu.o as a module (obj-m)': 1,
    'the module builds (modpost: only exported symbols)': 1,
    'modules.alias has pci:v00001234d000011E8sv*sd*bc*sc*i* for lab-edu (MODULE_DEVICE_TABLE)': 1,
    'it autoloads and binds the edu device in the slot the grader chose, and no other function': 1,
    "the device computed n! for the grader's n (its register holds it) and the driver logged it": 2,
    'the interrupt is the one the interrupt-map gives the slot, and it is acknowledged': 2,
    "the grader's tag went to the device's buffer and back into RAM by DMA": 2,
    'rmmod: the IRQ freed, BAR 0 given back, the heap as before': 1,
    'insmod binds it again and the device computes again': 1,
}

MODULE = "lab-edu"
EDU_IDS = "1234:11e8"
EDU_ID, EDU_FACT, EDU_STATUS, EDU_IRQ_STATUS = 0x00, 0x08, 0x20, 0x24
EDU_DMA_SRC, EDU_DMA_DST, EDU_DMA_COUNT, EDU_DMA_CMD = 0x80, 0x88, 0x90, 0x98
EDU_DMA_BUF = 0x40000
WORDS = ["lynx", "heron", "marmot", "ibex", "wren", "bison", "otter", "kestrel", "puma", "newt"]


def draw(seed):
    """The grade's hidden values: the edu device's slot, the rng's, n, tag."""
    r = random.Random(seed)
    slot = r.randrange(5, 16)
    rng_slot = r.choice([s for s in range(2, 16) if s != slot])
    n = r.choice([6, 7, 8, 9, 11, 12])     # never the page's default, 10
    tag = "%s-%s-%d" % (r.choice(WORDS), r.choice(WORDS), r.randrange(100, 1000))
    return slot, rng_slot, n, tag


def factorial32(n):
    v = 1
    for i in range(2, n + 1):
        v = v * i & 0xffffffff
    return v


def extra_args(sock, slot, rng_slot):
    return ["-device", "edu,addr=0x%x,dma_mask=0xffffffff" % slot,
            "-device", "virtio-rng-pci,addr=0x%x" % rng_slot,
            "-qmp", "unix:%s,server=on,wait=off" % sock]


def xp(qmp, addr, words=1):
    """@words 32-bit words of physical memory at @addr, through QEMU's monitor."""
    out = qmp.execute("human-monitor-command", **{"command-line": "xp /%dwx 0x%x" %
                                                  (words, addr)})
    return [int(v, 16) for v in re.findall(r"0x([0-9a-f]{8})", out.split(":", 1)[1])]


def xp_bytes(qmp, addr, n):
    out = qmp.execute("human-monitor-command", **{"command-line": "xp /%dbx 0x%x" % (n, addr)})
    return bytes(int(v, 16) for line in out.splitlines()
                 for v in re.findall(r"0x([0-9a-f]{2})\b", line.split(":", 1)[-1]))


def edu_function(c, slot):
    """(name, BAR 0's address, GIC SPI from the route, block) of the edu
    function in `lspci -v`; raises when it is not listed."""
    for block in c.run("lspci -v").strip().split("\n\n"):
        if EDU_IDS in block.splitlines()[0] and block.startswith("00:%02x.0" % slot):
            bar = re.search(r"Region 0: Memory at ([0-9a-f]+)", block)
            spi = re.search(r"-> intc <0 (\d+) \d+>", block)
            return ("0000:00:%02x.0" % slot, int(bar.group(1), 16) if bar else None,
                    int(spi.group(1)) if spi else None, block)
    raise RuntimeError("lab 13 grader: the edu function is not in lspci")


def lab13(src, seed=None):
    g = Grader(13, src)
    drv, mk = src / "lab-edu.c", src / "Makefile"
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
    if not g.check(names[1], objs and objs["obj-m"] == ["lab-edu.o"] and not objs["obj-y"],
                   hint):
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
    g.check(names[3], "alias pci:v00001234d000011E8sv*sd*bc*sc*i* %s" % MODULE in mine,
            "%s has for %s: %s\nmodpost writes one line per entry of the table that\n"
            "MODULE_DEVICE_TABLE(pci, your_table) names: vendor and device, in hex;\n"
            "PCI_DEVICE() leaves the subsystem IDs and the class open." %
            (rel(alias), MODULE, indent("\n".join(mine)) if mine else "(no line)"))
    if seed is None:
        seed = int(os.environ.get("COYOTE_GRADE_SEED") or random.SystemRandom().randrange(1 << 30))
    values = draw(seed)
    sock = g.out / "qmp.sock"
    if sock.exists():
        sock.unlink()
    c = Coyote(machine="virt", kernel=kernel,
               extra=extra_args(sock, values[0], values[1]), wait_prompt=False)
    booted = False
    try:
        with c:
            if c.child.expect_exact([PROMPT, "BUG: soft lockup"], timeout=BOOT_TIMEOUT):
                c.child.expect_exact("Backtrace", timeout=5)
                raise RuntimeError("soft lockup")
            c.boot_log, booted = c._clean(c.child.before), True
            qmp = QMP(sock)
            try:
                run_checks(g, c, qmp, names[4:], values)
            finally:
                qmp.close()
    except Exception as e:          # pexpect's TIMEOUT or EOF, most likely
        left = [t for t in names[4:] if t not in g.found]
        if left:
            lines = c._clean(c.printed.getvalue()).splitlines()
            mine = [l for l in lines if MODULE in l]
            g.check(left[0], False, "The kernel %s (%s); its last lines:\n%s\nWhat it said "
                    "about your module:\n%s" %
                    ("stopped answering" if booted else "did not reach its prompt",
                     type(e).__name__, indent("\n".join(lines[-16:])),
                     indent("\n".join(mine[-8:]) or "(nothing)")))
            g.skip_all(left[1:], "the kernel to answer again")
    return g


def pci_rows(c):
    """{device name: (driver, state)} for the PCI bus's rows of `devices`."""
    return {m.group(1): (m.group(2), m.group(3).strip()) for m in
            re.finditer(r"^\S+ +(0000:\S+) +pci +(\S+) +\S+ +(.+)$", c.run("devices"), re.M)}


def irq_row(c):
    """(hwirq, count) of the line whose handler is lab-edu, or None."""
    m = re.search(r"^\S+\s+(\d+)\s+\d+\s+\S+\s+\S*%s\S*\s+(\d+)$" % re.escape(MODULE),
                  c.run("irqs"), re.M)
    return (int(m.group(1)), int(m.group(2))) if m else None


def insmod(c, n, tag):
    """insmod with the grader's n and tag: what the console said since."""
    pos = len(c.printed.getvalue())
    c.run("insmod %s n=%d tag=%s" % (MODULE, n, tag), timeout=30)
    settle(c)
    return c._clean(c.printed.getvalue()[pos:])


def run_checks(g, c, qmp, names, values):
    slot, rng_slot, n, tag = values
    name, bar, spi, block = edu_function(c, slot)
    rows = pci_rows(c)
    rng = "0000:00:%02x.0" % rng_slot
    others = {d: r for d, r in rows.items() if d != name and r[0] == MODULE}
    if not g.check(names[0], rows.get(name) == (MODULE, "bound") and not others,
                   "`devices` shows the edu function (%s) as %s%s.\nThe boot log about "
                   "your module:\n%s\nA PCI driver matches by the vendor and device IDs "
                   "in its id_table,\nwhatever the slot." %
                   (name, rows.get(name, "no row"),
                    "; your driver also has %s" % ", ".join(others) if others else "",
                    indent("\n".join(l for l in c.boot_log.splitlines()
                                     if MODULE in l)[-1200:] or "(nothing)"))):
        g.skip_all(names[1:], "the edu device to bind")
        return
    if rows.get(rng, ("?",))[0] != "virtio-pci":
        raise RuntimeError("lab 13 grader: the virtio-rng at %s is %s" % (rng, rows.get(rng)))
    # The grader's own n and tag, in a fresh probe.
    c.run("rmmod " + MODULE)
    said = insmod(c, n, tag)
    check_factorial(g, c, qmp, names[1], bar, n, said)
    check_irq(g, c, qmp, names[2], bar, spi)
    check_dma(g, qmp, names[3], bar, tag, said)
    check_rmmod(g, c, names[4:], name, bar, n, tag, qmp)


def check_factorial(g, c, qmp, text, bar, n, said):
    want = factorial32(n)
    reg = xp(qmp, bar + EDU_FACT)[0]
    logged = re.findall(r"^%s \S+: %d! = (\d+)$" % (re.escape(MODULE), n), said, re.M)
    hint = []
    if reg != want:
        hint.append("The device's factorial register does not hold n! for the n the grader\n"
                    "loaded the module with: the device computes only what is written to\n"
                    "it (offset 0x08), and n comes from the module parameter.")
    if not logged or int(logged[-1]) != want:
        hint.append("The log has no right \"<n>! = <value>\" line for the grader's n (the\n"
                    "value read from the device once it is done: the status register says\n"
                    "when).")
    g.check(text, not hint, "\n".join(hint))


def check_irq(g, c, qmp, text, bar, spi):
    row = irq_row(c)
    status = xp(qmp, bar + EDU_IRQ_STATUS)[0]
    hint = []
    if row is None:
        hint.append("`irqs` has no line with lab-edu as its handler: request the function's\n"
                    "interrupt (the PCI core found its number through the interrupt-map).")
    elif row[0] != spi + 32:
        hint.append("Your handler is on GIC interrupt %d, but the edu function's INTA is\n"
                    "routed (lspci -v) to another line: use pdev->irq, never a number\n"
                    "seen on one boot." % row[0])
    elif row[1] < 1:
        hint.append("Your handler never ran: the device interrupts when n! is ready only\n"
                    "if the status register's bit 0x80 was set before n was written.")
    if status:
        hint.append("The device's interrupt status still reads non-zero: the handler must\n"
                    "write the bits it handled to the acknowledge register, or the line\n"
                    "stays raised.")
    g.check(text, not hint, "\n".join(hint))


def check_dma(g, qmp, text, bar, tag, said):
    src, _, dst, _, count, _, cmd, _ = xp(qmp, bar + EDU_DMA_SRC, 8)
    want = tag.encode() + b"\0"
    hint = []
    if count != len(want):
        hint.append("The last transfer moved %d bytes; the tag with its terminating NUL is\n"
                    "what the page asks for." % count)
    elif cmd & 1:
        hint.append("The last transfer never finished (the command's bit 0 is still set).")
    elif src != EDU_DMA_BUF or (cmd & 2) == 0:
        hint.append("The last transfer was not from the device's buffer back into RAM.")
    elif xp_bytes(qmp, dst, len(want)) != want:
        hint.append("The RAM the device wrote to does not hold the tag: the address given\n"
                    "to the device is a bus address (dma_map_single()), of a buffer you\n"
                    "keep until remove().")
    elif not re.search(r"^%s \S+: dma: %d bytes through the device, back equal$" %
                       (re.escape(MODULE), len(want)), said, re.M):
        hint.append("No \"dma: <L> bytes through the device, back equal\" line.")
    g.check(text, not hint, "\n".join(hint))


def check_rmmod(g, c, names, name, bar, n, tag, qmp):
    c.run("rmmod " + MODULE)
    first = heap_use(c)
    insmod(c, n, tag)
    c.run("rmmod " + MODULE)
    second = heap_use(c)
    iomem = c.run("iomem")
    row = irq_row(c)
    claimed = [l for l in iomem.splitlines() if "%08x" % bar in l and name in l]
    hint = []
    if row:
        hint.append("After rmmod, `irqs` still shows a lab-edu handler.")
    if claimed:
        hint.append("After rmmod, `iomem` still shows BAR 0 claimed:\n%s" %
                    indent("\n".join(claimed)))
    if first != second or first == "?":
        hint.append("`mem` after rmmod, insmod, rmmod:\n  %s\n  %s\nremove() (or devm) frees "
                    "all that probe allocated." % (first, second))
    g.check(names[0], not hint, "\n".join(hint))
    said = insmod(c, n, tag)
    rows = pci_rows(c)
    again = rows.get(name) == (MODULE, "bound") and re.search(
        r"^%s \S+: %d! = %d$" % (re.escape(MODULE), n, factorial32(n)), said, re.M)
    g.check(names[1], again,
            "After insmod, `devices` shows %s for the edu function; the log:\n%s" %
            (rows.get(name), indent(tail(said, 8))))
