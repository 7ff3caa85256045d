# SPDX-License-Identifier: BSD-2-Clause
"""The rest of virt's tree: the power button, QEMU's fw_cfg
files, and the nodes no coyote driver serves.  One boot, tests in order,
the power-off last:

- gpio-keys waits for a GPIO controller driver by its link to the PL061
  (the PL061 driver is lab 5 and 7's answer, never the kernel's): deferred
  at the end of boot, `whynot /gpio-keys` names the controller, and
  `system_powerdown` does nothing yet;
- `fwcfg ls` lists the files QEMU was given with -fw_cfg (a string and a
  binary file), `fwcfg cat` prints them (text as is, binary as hex);
- the PCIe host bridge and the flash are unbound, and whynot says no
  driver has their compatible;
- the reference lab 7 module (tests/labs/solutions/lab7, built by `make
  lab7-module`), in the initrd, is insmod'ed: the button binds; rmmod
  unbinds the button first (it holds the controller's line and
  interrupt), insmod binds it again;
- QEMU's monitor `system_powerdown` pulses the PL061's line 3: the kernel
  says why and powers off through PSCI, QEMU exiting with status 0.
"""
import re
import time

import pytest

from coyote.qemu import BUILD, TEST_BUILD, Coyote, connect_unix

from coyote.mkinitrd import write_cpio  # noqa: E402

LAB7_MODULE = BUILD / "tests" / "modules" / "lab7-gpio-pl061.ko"
MODULES = BUILD / "modules"
BINARY = bytes(range(256)) * 2 + b"tail"      # 516 bytes, not text


def initrd_with_lab7():
    """The build's modules (virtio-net among them) and the lab 7 PL061."""
    if not LAB7_MODULE.exists():
        pytest.fail("%s missing: run `make lab7-module`" % LAB7_MODULE)
    files = [("lib/modules/" + p.name, p.read_bytes()) for p in sorted(MODULES.iterdir())
             if p.suffix == ".ko" or p.name == "modules.alias"]
    files.append(("lib/modules/gpio-pl061.ko", LAB7_MODULE.read_bytes()))
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    path = TEST_BUILD / "initrd-virt-extras.cpio"
    path.write_bytes(write_cpio(files))
    return path


class Monitor:
    """QEMU's human monitor on a unix socket: one command at a time."""

    def __init__(self, path, timeout=10):
        self.sock = connect_unix(path, timeout)
        self._until(b"(qemu) ")

    def _until(self, marker):
        buf = b""
        while marker not in buf:
            data = self.sock.recv(4096)
            if not data:
                raise RuntimeError("monitor closed: %r" % buf)
            buf += data
        return buf

    def command(self, cmd):
        self.sock.sendall(cmd.encode() + b"\n")
        return self._until(b"(qemu) ")

    def close(self):
        self.sock.close()


@pytest.fixture(scope="module")
def virt():
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    data = TEST_BUILD / "fw_cfg-binary.bin"
    data.write_bytes(BINARY)
    mon_path = TEST_BUILD / "virt-extras-monitor.sock"
    if mon_path.exists():
        mon_path.unlink()
    c = Coyote(machine="virt", semihosting=False, initrd=initrd_with_lab7(),
               extra=["-fw_cfg", "name=opt/coyote/hello,string=hi",
                      "-fw_cfg", "name=opt/coyote/binary,file=%s" % data,
                      "-monitor", "unix:%s,server,nowait" % mon_path])
    c.monitor = Monitor(mon_path)
    yield c
    c.monitor.close()
    c.close()


def whynot(c, path):
    out = c.run("whynot " + path)
    m = re.search(r"^verdict: (.*)$", out, re.M)
    return (m.group(1) if m else None), out


def test_button_waits_for_a_gpio_controller_driver(virt):
    log = virt.boot_log
    assert "/gpio-keys still deferred at end of boot: waiting for GPIO controller " \
        "/pl061@9030000 (no driver for it)" in log, log
    # Nothing else is deferred: the one device is the students' to free.
    assert re.search(r"driver core: \d+ device\(s\) bound, 1 deferred, 0 failed", log), log
    verdict, out = whynot(virt, "/gpio-keys")
    assert verdict == "deferred", out
    assert "waiting for GPIO controller /pl061@9030000 (no driver for it)" in out, out
    assert re.search(r'/pl061@9030000 \(gpios\).*no driver for "arm,pl061"', out), out


def test_powerdown_without_a_gpio_driver_does_nothing(virt):
    virt.monitor.command("system_powerdown")
    time.sleep(0.5)     # QEMU's pulse is 100 ms
    assert virt.run("echo still here").strip() == "still here"
    assert virt.child.isalive()


def test_fwcfg_lists_the_command_lines_files(virt):
    out = virt.run("fwcfg ls")
    assert re.search(r"^select\s+size\s+name$", out, re.M), out
    assert re.search(r"^0x[0-9a-f]{4}\s+2\s+opt/coyote/hello$", out, re.M), out
    assert re.search(r"^0x[0-9a-f]{4}\s+%d\s+opt/coyote/binary$" % len(BINARY), out, re.M), out
    # QEMU's own files are there too, in the directory's (sorted) order.
    names = re.findall(r"^0x[0-9a-f]{4}\s+\d+\s+(\S+)$", out, re.M)
    assert "etc/boot-fail-wait" in names and names == sorted(names), out


def test_fwcfg_cat_prints_text_as_is_and_binary_as_hex(virt):
    assert virt.run("fwcfg cat opt/coyote/hello") == "hi\n"
    out = virt.run("fwcfg cat opt/coyote/binary")
    rows = re.findall(r"^([0-9a-f]{8}) ((?: [0-9a-f]{2}){1,16})", out, re.M)
    dumped = b"".join(bytes.fromhex(r[1].replace(" ", "")) for r in rows)
    assert dumped == BINARY, out
    assert rows[-1][0] == "%08x" % (len(BINARY) & ~15), out
    out = virt.run("fwcfg cat opt/coyote/nosuch")
    assert "fwcfg: no file opt/coyote/nosuch" in out and "ENOENT" in out, out


def test_fwcfg_without_the_device_says_so(boot):
    """versatilepb has no fw_cfg: an error, and the shell goes on."""
    c = boot()
    out = c.run("fwcfg ls")
    assert "fwcfg: no fw_cfg device bound" in out and "ENODEV" in out, out
    assert c.run("echo still here").strip() == "still here"


@pytest.mark.parametrize("path, compatible", [("/flash@0", "cfi-flash")])
def test_flash_has_no_driver(virt, path, compatible):
    verdict, out = whynot(virt, path)
    assert verdict == "no driver", out
    assert "no platform driver for any of its compatible strings" in out, out
    assert '"%s"' % compatible in out, out
    row = [l for l in virt.run("devices").splitlines() if l.startswith(path + " ")]
    assert row and row[0].endswith("no driver"), row


def test_lab7_module_binds_the_button(virt):
    out = virt.run("insmod gpio-pl061")
    assert "gpio-pl061 9030000.pl061: bound (arm,pl061)" in out, out
    assert re.search(r"gpio-keys gpio-keys: GPIO Key Poweroff: key 116 on IRQ \d+", out), out
    verdict, why = whynot(virt, "/gpio-keys")
    assert verdict == "bound", why
    links = virt.run("devlinks /gpio-keys")
    assert re.search(r"^/pl061@9030000\s+/gpio-keys\s+gpios\s+active$", links, re.M), links
    irqs = virt.run("irqs")
    assert re.search(r"^pl061@9030000\s+3\s+\d+\s+edge-both\s+GPIO Key Poweroff\s+0$",
                     irqs, re.M), irqs


def test_rmmod_unbinds_the_button_first(virt):
    out = virt.run("rmmod gpio-pl061")
    assert "freed with handler" not in out, out
    assert out.index("gpio-keys gpio-keys: unbound") < \
        out.index("gpio-pl061 9030000.pl061: unbound"), out
    verdict, why = whynot(virt, "/gpio-keys")
    assert verdict == "waiting", why
    assert "GPIO Key Poweroff" not in virt.run("irqs")
    out = virt.run("insmod gpio-pl061")
    assert "gpio-keys gpio-keys: bound (gpio-keys)" in out, out


def test_system_powerdown_powers_off_through_psci(virt):
    virt.monitor.command("system_powerdown")
    assert virt.wait_exit(timeout=20) == 0, virt.output_at_exit
    out = virt.output_at_exit
    assert "GPIO Key Poweroff: KEY_POWER pressed: powering off" in out, out
    assert "psci psci: SYSTEM_OFF" in out, out
