# SPDX-License-Identifier: BSD-2-Clause
"""Figures the pages give in their prose, checked against what the kernel
and QEMU say now.  Most figures live in transcripts (scripts/docs
regenerates them, `make docs-check` compares); these are the ones a
sentence needs: which rtcN the DS1338 becomes, how many virtual IRQs
there are, what QEMU's virt tree holds.  Each check reads the figure off
the page with a pattern, so a page that drops the sentence fails too."""
import re
import subprocess

import pytest

from coyote.qemu import BUILD, ROOT, Coyote
from coyote import dumpdtb



def figure(page, pattern):
    """The figure @pattern's group 1 reads off @page (whitespace as one space)."""
    text = re.sub(r"\s+", " ", (ROOT / page).read_text())
    m = re.search(pattern, text)
    assert m, "%s no longer says %r: update this test with the page" % (page, pattern)
    return m.group(1)


def logged(log, pattern):
    m = re.search(pattern, log, re.M)
    assert m, "the kernel no longer prints %r:\n%s" % (pattern, log)
    return m.group(1)


@pytest.fixture(scope="module")
def versatilepb():
    with Coyote() as c:
        yield c.boot_log


@pytest.fixture(scope="module")
def virt():
    with Coyote(machine="virt") as c:
        yield c.boot_log


@pytest.fixture(scope="module")
def virt_dts(tmp_path_factory):
    """QEMU's own virt tree, as make run's virt gets it, in DTS."""
    blob = dumpdtb.dump("a15", tmp_path_factory.mktemp("virt"))
    dts = subprocess.run(["dtc", "-q", "-I", "dtb", "-O", "dts", str(blob)], capture_output=True,
                         text=True, check=True, timeout=60).stdout
    return blob, dts


def test_the_ds1338_rtc_number(versatilepb):
    """i2c.md: the DS1338 registers rtcN; the PL031, first, is rtc0."""
    ds1338 = logged(versatilepb, r"^rtc: (rtc\d+): DS1338 on 0-0068")
    pl031 = logged(versatilepb, r"^rtc: (rtc\d+): pl031 ")
    assert figure("docs/i2c.md", r"registers `(rtc\d+)` \(`drivers/rtc/class.c`\)") == ds1338
    assert figure("docs/i2c.md", r"`(rtc\d+)` is the PL031, which probed first") == pl031
    assert logged(versatilepb, r"^rtc: (rtc\d+): system clock set") == pl031
    # The overlay's comment, shown on docs/overlays.md.
    for page in ("docs/overlays.md", "dts/overlays/rtc-ds1307-69.dts"):
        assert figure(page, r"\((rtc\d+) is the PL031") == pl031, page
        assert figure(page, r"is the PL031, (rtc\d+) the DS1338 at 0x68") == ds1338, page


def test_virtual_irq_range(versatilepb):
    """driver-core.md: virtual IRQ numbers 1..N."""
    assert figure("docs/driver-core.md", r"Virtual IRQ numbers \(1\.\.(\d+)\)") == \
        logged(versatilepb, r"^irq: (\d+) virtual IRQs")


def test_virtio_mmio_slots(virt_dts):
    """README, virtio.md and lab 11: how many virtio,mmio slots QEMU's
    virt tree has."""
    slots = str(virt_dts[1].count('compatible = "virtio,mmio"'))
    assert figure("README.md", r"with (\d+) `virtio,mmio` slots") == slots
    assert figure("docs/virtio.md", r"the tree has (\d+) nodes like") == slots
    assert figure("docs/labs/lab11/README.md", r"has (\d+) `virtio,mmio` slots") == slots


def test_virt_blob_as_boot_md_describes_it(virt, virt_dts):
    """boot.md: QEMU's virt blob is 1 MiB of which some N KiB is tree,
    with five phandles; vexpress-a9.dtb is 4 KiB; the random seeds are
    40 bytes."""
    blob, dts = virt_dts
    data = blob.read_bytes()
    total = int.from_bytes(data[4:8], "big")
    strings, struct = int.from_bytes(data[32:36], "big"), int.from_bytes(data[36:40], "big")
    assert figure("docs/boot.md", r"`totalsize` is (\d+) MiB") == str(total >> 20)
    assert total == int(logged(virt, r"^fdt: blob at \S+ (\d+) bytes"))
    tree_kib = float(figure("docs/boot.md", r"of which some ([\d.]+) KiB is tree"))
    assert abs(tree_kib - (struct + strings) / 1024) < 0.5, (struct + strings) / 1024
    five = {"five": "5", "four": "4", "six": "6"}[figure("docs/boot.md", r"and only those (\w+):")]
    assert five == logged(virt, r"^of: (\d+) phandles")
    a9 = (BUILD / "dts" / "vexpress-a9.dtb").stat().st_size
    assert figure("docs/boot.md", r"\(vexpress-a9\.dtb: (\d+) KiB\)") == str(round(a9 / 1024))
    seeds = sum(4 * len(m.group(1).split()) for m in
                re.finditer(r"(?:rng-seed|kaslr-seed) = <([0-9a-fx ]+)>", dts))
    assert figure("docs/boot.md", r"differ in those (\d+) bytes") == str(seeds)


def defined(source, name):
    """The value of C macro @name in @source, evaluated when it is a
    product of integers ((16 * 1024))."""
    m = re.search(r"^#define\s+%s\s+(\(?[\d\s*]+\)?)" % name, (ROOT / source).read_text(), re.M)
    assert m, "%s no longer defines %s" % (source, name)
    value = 1
    for factor in m.group(1).strip("() ").split("*"):
        value *= int(factor)
    return value


# A constant a page states, and where the kernel defines it: (page, the
# page's pattern, source, macro, the page's unit as a divisor).
CONSTANTS = [
    ("README.md", r"the last (\d+) lines \(`history`", "kernel/shell.h", "SHELL_HISTORY", 1),
    ("README.md", r"Lines take up to (\d+) characters", "include/coyote/shell.h",
     "SHELL_LINE_MAX", 1),
    ("README.md", r"characters and (\d+) words", "include/coyote/shell.h", "SHELL_ARGS_MAX", 1),
    ("docs/net.md", r"The cache holds (\d+) entries", "include/coyote/net.h", "ARP_CACHE_SIZE", 1),
    ("docs/net.md", r"entries, each kept (\d+) s", "include/coyote/net.h", "ARP_TIMEOUT_MS", 1000),
    ("docs/driver-core.md", r"HZ = (\d+)\.", "include/linux/jiffies.h", "HZ", 1),
    ("docs/driver-core.md", r"`IRQ_NONE` (\d+) times in a row", "include/linux/irq.h",
     "IRQ_UNHANDLED_LIMIT", 1),
    ("docs/driver-core.md", r"interrupt-driven into a (\d+) KiB ring", "include/linux/serial_core.h",
     "UART_RX_RING", 1024),
    ("docs/boot.md", r"goes into a (\d+) KiB ring that `dmesg` prints", "kernel/printk.c",
     "LOG_BUF_LEN", 1024),
]


@pytest.mark.parametrize("page,pattern,source,name,unit", CONSTANTS,
                         ids=["%s:%s" % (c[0], c[3]) for c in CONSTANTS])
def test_constant_in_prose_is_the_kernels(page, pattern, source, name, unit):
    assert int(figure(page, pattern)) * unit == defined(source, name), (
        "%s says %s; %s defines %s as %d" % (page, figure(page, pattern), source, name,
                                              defined(source, name)))
