# SPDX-License-Identifier: BSD-2-Clause
"""A binding is part of every driver: each compatible string in the kernel's
of_device_id tables (the catalogue generated from build/kernel.elf, the one
`ofdump --devices` uses) is named by some dts/bindings/*.yaml, and so are
the labs' drivers' strings."""
import re

import yaml
from pathlib import Path

from coyote.qemu import BUILD, ROOT

CATALOG = BUILD / "host" / "gen" / "driver-catalog.c"
# Drivers built as modules are not in the ELF: their tables are in here.
MODULES_ALIAS = BUILD / "modules" / "modules.alias"


def binding_strings(root=ROOT):
    """Every compatible string the schemas in @root's dts/bindings name."""
    found = set()
    for y in (root / "dts" / "bindings").glob("*.yaml"):
        found.update(re.findall(r"^\s*(?:-\s*)?(?:const:\s*|enum:.*?)?([a-z0-9-]+,[\w.+-]+|"
                                r"fixed-clock|simple-bus|cfi-flash|syscon-reboot)\s*$",
                                y.read_text(), re.M))
        found.update(re.findall(r"const:\s*([\w,.+-]+)", y.read_text()))
        # A string without a vendor prefix (ns16550a) in the compatible's enum.
        compat = ((yaml.safe_load(y.read_text()) or {}).get("properties") or {}).get("compatible")
        if isinstance(compat, dict) and isinstance(compat.get("enum"), list):
            found.update(str(s) for s in compat["enum"])
    return found


def driver_strings(text):
    return set(re.findall(r'\.compatible = "([^"]+)"', text))


def alias_strings(text):
    return set(re.findall(r"^alias of:N\*T\*C([^*\s]+) ", text, re.M))


def test_every_kernel_compatible_has_a_binding():
    assert CATALOG.exists(), "run `make ofdump` first"
    assert MODULES_ALIAS.exists(), "run `make modules` first"
    strings = driver_strings(CATALOG.read_text()) | alias_strings(MODULES_ALIAS.read_text())
    assert "arm,pl011" in strings and "dallas,ds1338" in strings
    missing = sorted(strings - binding_strings())
    assert not missing, "no dts/bindings/*.yaml names: %s" % missing


def test_every_lab_driver_compatible_has_a_binding():
    srcs = list((ROOT / "tests" / "labs" / "solutions").rglob("*.c"))
    assert srcs
    strings = set().union(*(driver_strings(s.read_text()) for s in srcs))
    assert "ti,tmp105" in strings
    missing = sorted(strings - binding_strings())
    assert not missing, "no dts/bindings/*.yaml names: %s" % missing
