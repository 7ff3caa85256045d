# SPDX-License-Identifier: BSD-2-Clause
"""Loadable modules under QEMU.

The default build makes the DS1338 driver a module (scripts/modules.config)
and puts it in build/initrd.cpio with modules.alias: booting autoloads it
for the RTC node, `rmmod` unbinds the RTC, `insmod` binds it again, and
load/unload cycles leave the heap as it was.  A second initrd, written
here, adds the test modules of tests/modules/ and broken ones made from
real .ko files: each is refused with its own reason and leaks nothing.
"""
import re
import struct

import pytest

from coyote.qemu import BUILD, TEST_BUILD, Coyote

from coyote.mkinitrd import write_cpio  # noqa: E402

MODULES = BUILD / "modules"
TEST_MODULES = BUILD / "tests" / "modules"
RTC_BASE = "2024-02-29T23:59:58"
ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\s*$", re.M)
HEAP = re.compile(r"^Heap: .*used [\d.]+ \S+ in \d+ allocations.*$", re.M)


def heap(machine):
    """The whole heap line of `mem` (used, allocations, free, largest free
    block, free blocks): a leak or a fragment left behind changes it."""
    out = machine.run("mem")
    m = HEAP.search(out)
    assert m, out
    return m.group(0)


def device_line(machine, node_suffix):
    out = machine.run("devices")
    lines = [l for l in out.splitlines() if l.split() and l.split()[0].endswith(node_suffix)]
    assert len(lines) == 1, out
    return lines[0]


def read(path):
    assert path.exists(), "%s missing: run `make test-prereqs`" % path
    return path.read_bytes()


def relocation_type_changed(ko, new_type):
    """A copy of @ko whose first relocation in .rel.text has type @new_type."""
    d = bytearray(ko)
    shoff, = struct.unpack_from("<I", d, 32)
    shnum, shstrndx = struct.unpack_from("<HH", d, 48)
    sec = [struct.unpack_from("<IIIIIIIIII", d, shoff + 40 * i) for i in range(shnum)]
    names = sec[shstrndx][4]
    for s in sec:
        name = d[names + s[0]:d.index(b"\0", names + s[0])]
        if name == b".rel.text":
            info, = struct.unpack_from("<I", d, s[4] + 4)
            struct.pack_into("<I", d, s[4] + 4, (info & ~0xff) | new_type)
            return bytes(d)
    raise AssertionError("no .rel.text")


@pytest.fixture(scope="module")
def test_initrd():
    """The build's modules, the test modules, and broken copies."""
    ds1338 = read(MODULES / "ds1338.ko")
    modexp = read(TEST_MODULES / "modexp.ko")
    wrong_machine = bytearray(modexp)
    struct.pack_into("<H", wrong_machine, 18, 62)  # EM_X86_64
    files = [
        ("lib/modules/ds1338.ko", ds1338),
        ("lib/modules/modules.alias", read(MODULES / "modules.alias")),
        ("lib/modules/truncated.ko", ds1338[:len(ds1338) // 2]),
        ("lib/modules/wrongmachine.ko", bytes(wrong_machine)),
        ("lib/modules/notelf.ko", b"this is text, not an ELF file\n" * 4),
        ("lib/modules/badreloc.ko", relocation_type_changed(modexp, 10)),  # R_ARM_THM_CALL
        ("test/elsewhere.ko", modexp),
    ]
    for name in ("modexp", "moduse", "modunexp", "modinitfail", "modfault", "modparam",
                 "modleftover", "modnull", "modspin"):
        files.append(("lib/modules/%s.ko" % name, read(TEST_MODULES / (name + ".ko"))))
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    path = TEST_BUILD / "initrd-modules.cpio"
    path.write_bytes(write_cpio(files))
    return path


@pytest.fixture(scope="module")
def board():
    """The default boot: build/initrd.cpio, the RTC's clock fixed."""
    machine = Coyote(extra=["-rtc", "base=" + RTC_BASE])
    yield machine
    machine.close()


# --- the default build ---------------------------------------------------------

def test_boot_autoloads_ds1338_and_smc91x(board):
    log = board.boot_log
    assert re.search(r"initrd: \d+ bytes at 0x[0-9a-f]+: cpio newc, \d+ entries", log), log
    assert "module: 0-0068 (dallas,ds1338) pulls in ds1338" in log, log
    assert re.search(r"module: ds1338 loaded at 0x[0-9a-f]{8}, \d+ bytes, \d+ relocations", log), log
    assert "module: 10010000.ethernet (smsc,lan91c111) pulls in smc91x" in log, log
    assert re.search(r"module: smc91x loaded at 0x[0-9a-f]{8}, \d+ bytes, \d+ relocations", log), log
    assert "module: autoload: 2 modules loaded" in log, log
    # The RTC class saw it, then the driver core bound it (after the module's log line).
    assert "rtc-ds1338 0-0068: bound (dallas,ds1338)" in log, log
    assert "rtc-ds1338" in device_line(board, "/rtc@68")


def test_date_works_from_the_module(board):
    out = board.run("date")
    assert ISO.search(out), out
    assert out.startswith("2024-"), out


def test_ping_works_from_the_module_and_after_reload(boot):
    c = boot()
    assert re.search(r"^smc91x\s", c.run("lsmod"), re.M)
    assert "1 packets transmitted, 1 received, 0% packet loss" in c.run("ping -c 1 10.0.2.2")
    # Unloading runs the driver's remove(): the interface goes away.
    c.run("rmmod smc91x")
    assert re.search(r"\s-\s+no driver$", device_line(c, "/ethernet@0,0"))
    assert "no network interface" in c.run("ping -c 1 10.0.2.2")
    c.run("insmod smc91x")
    assert "smc91x" in device_line(c, "/ethernet@0,0")
    assert "1 packets transmitted, 1 received, 0% packet loss" in c.run("ping -c 1 10.0.2.2")
    # From the first reload on: the boot interleaved the module's blocks
    # with other drivers' (ds1338 loads after it), so the first unload may
    # leave a hole in the heap that later cycles reuse.
    before = [l for l in c.run("mem").splitlines() if l.startswith("Heap:")]
    c.run("rmmod smc91x")
    c.run("insmod smc91x")
    c.run("insmod smc91x")
    after = [l for l in c.run("mem").splitlines() if l.startswith("Heap:")]
    assert before == after


def test_lsmod_and_modinfo(board):
    out = board.run("lsmod")
    assert re.search(r"^Module +Size +Refcount +Address +Used by", out, re.M), out
    assert re.search(r"^ds1338 +\d+ +0 +0x[0-9a-f]{8}", out, re.M), out
    info = board.run("modinfo ds1338")
    assert "license:     Dual BSD/GPL" in info, info
    assert "description: Dallas/Maxim DS1338" in info, info
    assert "alias:       of:N*T*Cdallas,ds1338" in info, info
    assert "alias:       of:N*T*Cdallas,ds1307C*" in info, info


def test_ls_lists_the_initrd(board):
    out = board.run("ls")
    assert re.search(r"^- +\d+  lib/modules/ds1338\.ko$", out, re.M), out
    assert re.search(r"^- +\d+  lib/modules/modules\.alias$", out, re.M), out


def test_rmmod_unbinds_and_insmod_binds_again(board):
    out = board.run("rmmod ds1338")
    assert "rtc-ds1338 0-0068: unbound" in out, out
    assert "module: ds1338 unloaded" in out, out
    line = device_line(board, "/rtc@68")
    assert re.search(r"\s-\s+no driver$", line), line
    assert "ds1338" not in board.run("lsmod")
    # modinfo reads a module that is not loaded from its file.
    info = board.run("modinfo ds1338")
    assert "filename:    lib/modules/ds1338.ko" in info, info
    assert "license:     Dual BSD/GPL" in info and "state:       not loaded" in info, info
    assert "alias:       of:N*T*Cmaxim,ds1338" in info, info
    out = board.run("insmod ds1338")
    assert "rtc-ds1338 0-0068: bound (dallas,ds1338)" in out, out
    assert "rtc-ds1338" in device_line(board, "/rtc@68")
    assert ISO.search(board.run("date"))


def test_second_insmod_is_refused(board):
    out = board.run("insmod ds1338")
    assert "ds1338.ko: already loaded" in out, out
    assert "error EEXIST" in out or "EEXIST" in out, out


def uptime_s(machine):
    out = machine.run("uptime")
    m = re.search(r"up ([\d.]+) s", out)
    assert m, out
    return float(m.group(1))


def test_100_unload_load_cycles_leave_the_heap_as_it_was(board):
    before = heap(board)
    t0 = uptime_s(board)
    load_ms = []
    for _ in range(100):
        board.run("rmmod ds1338")
        out = board.run("insmod ds1338")
        m = re.search(r"module: ds1338 loaded at 0x[0-9a-f]+, (\d+) bytes, \d+ relocations, "
                      r"in (\d+\.\d{3}) ms", out)
        assert m, out
        load_ms.append(float(m.group(2)))
    t1 = uptime_s(board)
    assert heap(board) == before
    assert ISO.search(board.run("date"))
    # A figure, not an assertion: the shell round trips over the serial
    # line dominate; the log's "in N ms" is the load alone (ktime_get_ns).
    print("\nmodules: 100 rmmod+insmod cycles of ds1338 in %.2f s of uptime "
          "(%.1f ms per cycle, serial console included); load alone, mean of the "
          "log's readings: %.3f ms" % (t1 - t0, (t1 - t0) * 10, sum(load_ms) / 100))


def test_unknown_module_and_not_loaded(board):
    assert "no lib/modules/nosuch.ko in the initrd" in board.run("insmod nosuch")
    assert "rmmod: nosuch is not loaded" in board.run("rmmod nosuch")


# --- bootargs ------------------------------------------------------------------

def test_autoload_off(boot):
    c = boot(append="console=ttyAMA0,115200 modules.autoload=0")
    assert "module: autoload off (modules.autoload=0)" in c.boot_log, c.boot_log
    assert "pulls in" not in c.boot_log
    assert re.search(r"\s-\s+no driver$", device_line(c, "/rtc@68"))
    assert "bound (dallas,ds1338)" in c.run("insmod ds1338")


def test_blacklist(boot):
    c = boot(append="console=ttyAMA0,115200 module_blacklist=foo,ds1338")
    assert "module: 0-0068 (dallas,ds1338): ds1338 is blacklisted" in c.boot_log, c.boot_log
    # The Ethernet module still loads; only the blacklisted one does not.
    assert "module: autoload: 1 module loaded" in c.boot_log
    assert re.search(r"\s-\s+no driver$", device_line(c, "/rtc@68"))


def test_bad_initrd_is_refused_and_boot_goes_on(boot):
    good = read(BUILD / "initrd.cpio")
    cases = {
        "badmagic": b"071701" + good[6:],
        "truncated": good[:len(good) - 200],
        "badhex": good[:6] + b"zz" + good[8:],
    }
    want = {
        "badmagic": "offset 0: bad magic (not a newc cpio archive)",
        "truncated": "beyond the end of the archive",
        "badhex": "offset 0: header field 0 is not hex",
    }
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    for name, data in cases.items():
        path = TEST_BUILD / ("initrd-%s.cpio" % name)
        path.write_bytes(data)
        c = boot(initrd=path)
        assert re.search(r"initrd: refused \(\d+ bytes at 0x[0-9a-f]+\): .*" + re.escape(want[name]),
                         c.boot_log), (name, c.boot_log)
        assert "ls: no initrd" in c.run("ls")
        assert "coyote" in c.run("version")
        c.close()


def test_autoload_says_when_a_module_does_not_load(boot):
    """A broken ds1338.ko where autoload looks: the RTC's module fails to
    load and autoload says so (device, module, and in its summary)."""
    ds1338 = read(MODULES / "ds1338.ko")
    path = TEST_BUILD / "initrd-broken-ds1338.cpio"
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    path.write_bytes(write_cpio([
        ("lib/modules/ds1338.ko", ds1338[:len(ds1338) // 2]),
        ("lib/modules/modules.alias", read(MODULES / "modules.alias")),
        ("lib/modules/smc91x.ko", read(MODULES / "smc91x.ko")),
    ]))
    c = boot(initrd=path)
    log = c.boot_log
    assert "ds1338.ko: section table outside the file" in log, log
    assert re.search(r"0-0068 \(dallas,ds1338\): ds1338 did not load; the device stays "
                     r"without a driver", log), log
    assert "module: autoload: 1 module loaded, 1 failed (ds1338)" in log, log


# --- test modules and broken ones ------------------------------------------------

@pytest.fixture(scope="module")
def tboard(test_initrd):
    machine = Coyote(initrd=test_initrd)
    yield machine
    machine.close()


@pytest.mark.parametrize("module,message", [
    ("truncated", "truncated.ko: section table outside the file (truncated?) (ENOEXEC)"),
    ("wrongmachine", "wrongmachine.ko: not an ARM ELF relocatable (type 1, machine 62; want 1, 40)"),
    ("notelf", "notelf.ko: not an ELF file (ENOEXEC)"),
    ("badreloc", "badreloc.ko: relocation R_ARM_THM_CALL not supported (.text+0x"),
    ("modunexp", "modunexp.ko: unknown symbol kmem_init (ENOENT)"),
    ("modinitfail", "modinitfail.ko: init returned -19 (ENODEV); unloaded"),
])
def test_broken_module_is_refused_without_leak(tboard, module, message):
    before = heap(tboard)
    out = tboard.run("insmod " + module)
    assert message in out, out
    assert module not in tboard.run("lsmod")
    assert heap(tboard) == before
    assert "coyote" in tboard.run("version")


def test_failed_init_ran_its_code(tboard):
    assert "modinitfail: failing on purpose" in tboard.run("insmod modinitfail")


def test_dependency_blocks_rmmod(tboard):
    before = heap(tboard)
    out = tboard.run("insmod modexp")
    assert "modexp: modexp_value(20) = 41, relocations check out" in out, out
    out = tboard.run("insmod moduse")
    assert "moduse: modexp_value(1) = 3" in out, out
    lsmod = tboard.run("lsmod")
    assert re.search(r"^modexp +\d+ +1 +0x[0-9a-f]{8} moduse$", lsmod, re.M), lsmod
    out = tboard.run("rmmod modexp")
    assert "module: modexp: in use by moduse" in out, out
    assert "module: modexp: cannot remove: 1 reference" in out, out
    assert "modexp" in tboard.run("lsmod")
    assert "moduse: exit" in tboard.run("rmmod moduse")
    assert re.search(r"^modexp +\d+ +0 ", tboard.run("lsmod"), re.M)
    assert "modexp: exit" in tboard.run("rmmod modexp")
    assert heap(tboard) == before


def test_modinfo_of_a_broken_file(tboard):
    out = tboard.run("modinfo wrongmachine")
    assert "modinfo: lib/modules/wrongmachine.ko: not an ARM ELF relocatable" in out, out
    assert "initrd has no lib/modules/nosuch.ko" in tboard.run("modinfo nosuch")


def test_moduse_without_modexp_is_refused(tboard):
    assert "moduse.ko: unknown symbol modexp_value (ENOENT)" in tboard.run("insmod moduse")


def test_insmod_by_path(tboard):
    out = tboard.run("insmod /test/elsewhere.ko")
    assert "modexp: modexp_value(20) = 41" in out, out
    assert re.search(r"^elsewhere +\d+", tboard.run("lsmod"), re.M)
    assert "elsewhere unloaded" in tboard.run("rmmod elsewhere")
    assert "no such file in the initrd" in tboard.run("insmod test/nothere.ko")


def test_module_parameters(tboard):
    before = heap(tboard)
    out = tboard.run("insmod modparam")
    assert "modparam: count=1 mask=0x10 loud=0 who=world" in out, out
    tboard.run("rmmod modparam")
    out = tboard.run("insmod modparam count=-3 mask=0xff loud who=coyote")
    assert "modparam: count=-3 mask=0xff loud=1 who=coyote" in out, out
    info = tboard.run("modinfo modparam")
    assert "parm:        count:how many greetings" in info, info
    assert "parm:        who:whom to greet" in info, info
    tboard.run("rmmod modparam")
    for args, message in [
        ("nosuch=1", "modparam.ko: unknown parameter 'nosuch' (ENOENT)"),
        ("count=abc", "modparam.ko: parameter count: bad value 'abc' (EINVAL)"),
        ("count=4294967296", "modparam.ko: parameter count: bad value '4294967296' (ERANGE)"),
        ("loud=maybe", "modparam.ko: parameter loud: bad value 'maybe' (EINVAL)"),
        ("who", "modparam.ko: parameter who: bad value '' (EINVAL)"),
    ]:
        out = tboard.run("insmod modparam " + args)
        assert message in out, (args, out)
        assert "modparam:" not in out.replace("modparam.ko", ""), out  # init never ran
    assert "modparam" not in tboard.run("lsmod")
    assert heap(tboard) == before


LEFTOVERS = [
    "module: modleftover: {when} left driver modleftover registered on platform; unregistering it",
    "module: modleftover: {when} left device modleftover-dev on platform; unregistering it",
    "module: modleftover: {when} left IRQ {irq} handler modleftover; freeing it",
]


def assert_leftovers_in_order(out, when, irq):
    """Each leftover line, in the module notifier's priority order: the
    driver core (drivers, then devices) before the IRQ layer."""
    at = [out.find(line.format(when=when, irq=irq)) for line in LEFTOVERS]
    assert -1 not in at and at == sorted(at), out


def test_failed_init_leftovers_are_unregistered(tboard):
    """Init registered a driver, a device and an IRQ
    handler, then failed; the driver stayed on the bus pointing into freed
    memory and `drivers` looped forever."""
    before = heap(tboard)
    out = tboard.run("insmod modleftover")
    irq = re.search(r"driver, device and IRQ (\d+) registered; failing", out).group(1)
    assert "modleftover.ko: init returned -19 (ENODEV); unloaded" in out, out
    assert_leftovers_in_order(out, "failed init", irq)
    drivers = tboard.run("drivers")
    assert "modleftover" not in drivers and "rtc-ds1338" in drivers, drivers
    assert "modleftover-dev" not in tboard.run("devices")
    assert heap(tboard) == before


def test_exit_leftovers_are_unregistered(tboard):
    before = heap(tboard)
    out = tboard.run("insmod modleftover fail=0")
    irq = re.search(r"IRQ (\d+) registered; loaded", out).group(1)
    out = tboard.run("rmmod modleftover")
    assert "modleftover: exit takes nothing back" in out, out
    assert_leftovers_in_order(out, "exit", irq)
    assert "modleftover" not in tboard.run("drivers")
    assert heap(tboard) == before


def test_second_driver_with_an_existing_name_is_refused(tboard):
    out = tboard.run("insmod modleftover drvname=uart-pl011")
    assert ("driver core: a driver named uart-pl011 is already registered on platform; "
            "uart-pl011 refused (EBUSY)") in out, out
    assert "driver core: driver core:" not in out, out     # one prefix, from pr_fmt
    assert "modleftover.ko: init returned -16 (EBUSY); unloaded" in out, out
    assert tboard.run("drivers").count("uart-pl011") == 1


def test_fault_in_module_names_module_and_offset(test_initrd, boot):
    c = boot(initrd=test_initrd)
    c.send("insmod modfault\r")
    out = c.expect(r"halted: [^\n]*\n", timeout=30)
    assert re.search(r"pc : \[<[0-9a-f]{8}>\] modfault_crash\+0x[0-9a-f]+/0x[0-9a-f]+ \[modfault\]",
                     out), out
    assert re.search(r"halted: undefined instruction in modfault_crash\+0x[0-9a-f]+/0x[0-9a-f]+ "
                     r"\[modfault\]", out), out


# --- the MMU: a module's NULL write and a write into its own code fault -----------

@pytest.mark.parametrize("args,hint", [
    ("", "at virtual address 00000010: NULL pointer dereference"),
    ("text=1", ": read-only memory (a module's text)"),
])
def test_module_write_through_null_or_into_its_text_faults(test_initrd, boot, args, hint):
    c = boot(initrd=test_initrd)
    c.send("insmod modnull %s\r" % args)
    out = c.expect(r"halted: [^\n]*\n", timeout=30)
    assert "Unable to handle kernel access at virtual address " in out, out
    assert hint in out, out
    assert re.search(r"pc : \[<[0-9a-f]{8}>\] modnull_write\+0x[0-9a-f]+/0x[0-9a-f]+ \[modnull\]",
                     out), out
    assert re.search(r"halted: data abort in modnull_write\+0x[0-9a-f]+/0x[0-9a-f]+ \[modnull\]",
                     out), out


def test_module_that_never_idles_gets_a_soft_lockup_report(test_initrd, boot):
    c = boot(initrd=test_initrd, append="watchdog_thresh=2")
    c.send("insmod modspin\r")
    out = c.expect(r"\] modspin_init\+0x[0-9a-f]+/0x[0-9a-f]+ \[modspin\]", timeout=30)
    assert re.search(r"watchdog: BUG: soft lockup - CPU stuck for [23]s!", out), out
    assert re.search(r"watchdog: stuck in modspin_loop\+0x[0-9a-f]+/0x[0-9a-f]+ \[modspin\]",
                     out), out
