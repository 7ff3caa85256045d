# SPDX-License-Identifier: BSD-2-Clause
"""scripts/modules.config selects what is a module, without touching C:
the tests build two other selections into build dirs of their own and boot
them.  All built in: the RTC binds with no initrd.  The I2C controller a
module too: autoload loads it for the i2c node, its probe adds the RTC's
client, and the next autoload pass loads ds1338 for that; rmmod of the
controller unbinds both, insmod binds both again."""
import re
import subprocess

import pytest

from coyote import qemu as coyote
from coyote.qemu import BUILD, ROOT, TEST_BUILD, Coyote


def build(tmp_name, modules):
    # One folder per test, whichever worker runs it: a name is never shared,
    # and the next run rebuilds only what changed.
    out = BUILD / "tests" / tmp_name
    res = subprocess.run(
        ["make", "-j2", "--no-print-directory", "B=" + str(out), "MODULES=" + modules,
         str(out / "kernel.bin"), str(out / "initrd.cpio")],
        cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    return out, res


@pytest.fixture
def kernel_from(monkeypatch):
    def use(build_dir):
        monkeypatch.setattr(coyote, "KERNEL_BIN", build_dir / "kernel.bin")
    return use


def test_all_built_in(kernel_from, boot):
    out, _ = build("b-builtin", "")
    nm = subprocess.run(["arm-none-eabi-nm", str(out / "kernel.elf")], capture_output=True,
                        text=True, check=True).stdout
    assert re.search(r" t ds1307_probe$", nm, re.M), "ds1338 driver not in the image"
    assert not list((out / "modules").glob("*.ko"))
    kernel_from(out)
    c = boot(initrd=None)
    assert "rtc-ds1338 0-0068: bound (dallas,ds1338)" in c.boot_log, c.boot_log
    assert "module: no initrd: nothing to autoload" in c.boot_log, c.boot_log
    assert c.run("lsmod").strip().splitlines()[1:] == []


def test_i2c_controller_as_module_chains_autoload(kernel_from, boot):
    out, res = build("b-i2cmod", "drivers/rtc/rtc-ds1338.o=ds1338 drivers/i2c/busses/i2c-versatile.o")
    alias = (out / "modules" / "modules.alias").read_text()
    assert "alias of:N*T*Carm,versatile-i2c i2c-versatile\n" in alias, alias
    kernel_from(out)
    c = boot(initrd=out / "initrd.cpio")
    log = c.boot_log
    first = log.index("module: 10002000.i2c (arm,versatile-i2c) pulls in i2c-versatile")
    second = log.index("module: 0-0068 (dallas,ds1338) pulls in ds1338")
    assert first < second
    assert "module: autoload: 2 modules loaded" in log, log
    rm = c.run("rmmod i2c-versatile")
    assert "rtc-ds1338 0-0068: unbound" in rm and "versatile-i2c 10002000.i2c: unbound" in rm, rm
    ins = c.run("insmod i2c-versatile")
    assert "rtc-ds1338 0-0068: bound (dallas,ds1338)" in ins, ins
    assert re.search(r"^\d{4}-\d\d-\d\dT", c.run("date"), re.M)


def modpost(*kos):
    out = TEST_BUILD / "modpost.alias"
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    return subprocess.run(
        ["/usr/bin/python3", str(ROOT / "scripts" / "modpost.py"), "--kernel",
         str(ROOT / "build" / "kernel.elf"), "-o", str(out)] + [str(k) for k in kos],
        capture_output=True, text=True, timeout=60), out


def test_modpost_stops_the_build_on_an_unexported_symbol():
    mods = ROOT / "build" / "tests" / "modules"
    res, _ = modpost(mods / "modunexp.ko")
    assert res.returncode != 0
    assert "modunexp.ko: undefined symbol kmem_init is not exported by the kernel" in res.stderr, \
        res.stderr


def test_modpost_resolves_between_modules_and_warns_without_table():
    mods = ROOT / "build" / "tests" / "modules"
    res, out = modpost(mods / "moduse.ko")
    assert res.returncode != 0 and "undefined symbol modexp_value" in res.stderr, res.stderr
    res, out = modpost(mods / "modexp.ko", mods / "moduse.ko", ROOT / "build" / "modules" / "ds1338.ko")
    assert res.returncode == 0, res.stderr
    assert "modexp.ko has no MODULE_DEVICE_TABLE(of, ...)" in res.stderr, res.stderr
    assert "alias of:N*T*Cmaxim,ds1338 ds1338\n" in out.read_text()
