# SPDX-License-Identifier: BSD-2-Clause
"""QEMU's own device tree for the `virt` board, as QEMU writes it at start
from its command line (`-M virt,dumpdtb=FILE` writes it and exits), once per
configuration the tests boot.  The blob is QEMU's, never edited: -m changes
/memory, -smp the CPU nodes and the PPIs' CPU mask, -cpu the CPUs'
compatible, virtualization=on the PSCI method and the GIC's maintenance
interrupt; /chosen's rng-seed and kaslr-seed are new random bytes at every
start, so two dumps of one configuration differ in those 40 bytes.

    scripts/qemu-dumpdtb.py OUTDIR [NAME...]    # every configuration, or NAMEs

writes OUTDIR/virt-NAME.dtb and prints each path.  tests/qemu/test_virt.py
boots the same configurations (CONFIGS) and compares the kernel with
`ofdump --devices` on these blobs.
"""
import re
import subprocess
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1]


def machine():
    """virt with the options `make run` gives it (QEMU_MACHINE_virt in
    scripts/qemu-boards.mk): the tree depends on them."""
    m = re.search(r"^QEMU_MACHINE_virt\s*:=\s*(\S+)", (SCRIPTS / "qemu-boards.mk").read_text(), re.M)
    return m.group(1) if m else "virt"

# name -> the options QEMU gets besides -M virt (and what the tests boot with)
CONFIGS = {
    "a15": ["-cpu", "cortex-a15", "-m", "128M"],
    "a7": ["-cpu", "cortex-a7", "-m", "128M"],
    "1g": ["-cpu", "cortex-a15", "-m", "1G"],
    "smp2": ["-cpu", "cortex-a15", "-m", "128M", "-smp", "2"],
    # EL2 for the kernel: entered in HYP mode, PSCI through smc
    "hyp": ["-cpu", "cortex-a15", "-m", "128M", "-machine", "virtualization=on"],
}


def dump(name, outdir, qemu="qemu-system-arm", extra=(), stem=None):
    """Dump configuration @name, plus the QEMU options @extra (devices),
    into @outdir/STEM.dtb (stem: virt-NAME); return the path.
    Raises RuntimeError with QEMU's message when QEMU wrote nothing."""
    out = Path(outdir) / ("%s.dtb" % (stem or "virt-%s" % name))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    cmd = [qemu, "-M", "%s,dumpdtb=%s" % (machine(), out)] + CONFIGS[name] + list(extra) + \
        ["-nographic", "-net", "none", "-monitor", "none", "-serial", "none"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if not out.exists():
        raise RuntimeError("%s: no blob (%s)" % (" ".join(cmd), (r.stderr or r.stdout).strip()))
    return out


def main(argv=None):
    argv = sys.argv if argv is None else argv
    if argv[1:2] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    # An option is never a folder to make ("--help" once made one).
    if len(argv) < 2 or argv[1].startswith("-") or any(n not in CONFIGS for n in argv[2:]):
        sys.stderr.write("usage: %s OUTDIR [%s]...\n" % (argv[0], "|".join(CONFIGS)))
        return 2
    try:
        for name in argv[2:] or CONFIGS:
            print(dump(name, argv[1]))
    except (RuntimeError, OSError, subprocess.SubprocessError) as e:
        sys.stderr.write("qemu-dumpdtb: %s\n" % e)
        return 1
    return 0
