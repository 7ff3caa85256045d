# SPDX-License-Identifier: BSD-2-Clause
"""The kernel's symbol table (scripts/kallsyms.py), linked once and then
filled in (scripts/Makefile.kernel): the image must hold, byte for byte,
the table its own symbols give, and a table of another layout must be
refused rather than written over a section it does not fit."""
import shutil
import subprocess
import sys

from coyote.qemu import KERNEL_ELF, ROOT

KALLSYMS = ROOT / "scripts" / "kallsyms.py"
CROSS = "arm-none-eabi-"


def section(lines):
    """(bytes, None) the build step writes for nm's @lines, as the build
    runs it, or (None, its complaint) when it refuses them."""
    r = subprocess.run([sys.executable, str(KALLSYMS), "--section"],
                       input="\n".join(lines).encode() + b"\n", capture_output=True)
    if r.returncode:
        return None, r.stderr.decode()
    return r.stdout, None


def last_address(lines):
    return max(int(l.split()[0], 16) for l in lines if len(l.split()) == 3)


def nm_lines():
    return subprocess.run([CROSS + "nm", "-n", str(KERNEL_ELF)], check=True,
                          capture_output=True, text=True).stdout.splitlines()


def image_section(tmp_path):
    out = tmp_path / "kallsyms.img"
    subprocess.run([CROSS + "objcopy", "-O", "binary", "-j", ".kallsyms", str(KERNEL_ELF),
                    str(out)], check=True)
    return out.read_bytes()


def test_the_image_holds_the_table_its_symbols_give(tmp_path):
    lines = nm_lines()
    data, why = section(lines)
    assert why is None, why
    assert data == image_section(tmp_path)
    # Real symbols, at their addresses: the table is not empty.
    assert b"kallsyms_lookup" in data and len(lines) > 1000, len(lines)


def test_a_wrong_address_differs_from_the_image(tmp_path):
    lines = nm_lines()
    i = next(i for i, l in enumerate(lines) if l.endswith(" kallsyms_lookup"))
    addr, kind, name = lines[i].split()
    lines[i] = "%08x %s %s" % (int(addr, 16) + 4, kind, name)
    data, why = section(lines)
    assert why is None, why
    assert data != image_section(tmp_path)


def test_a_table_of_another_layout_is_refused():
    lines = nm_lines()
    last = last_address(lines)
    # One symbol more moves the labels after kallsyms_addrs.
    more = lines + ["%08x T a_symbol_the_image_lacks" % last]
    data, why = section(more)
    assert data is None, "one symbol more fits the image"
    # A page more of names than the section holds.
    long = lines + ["%08x t %s%d" % (last, "x" * 100, i) for i in range(100)]
    data, why = section(long)
    assert data is None and "bytes" in why, why


def into(image, lines):
    """kallsyms.py --into @image as the build runs it: (status, stderr)."""
    r = subprocess.run([sys.executable, str(KALLSYMS), "--into", str(image)],
                       input="\n".join(lines).encode() + b"\n", capture_output=True)
    return r.returncode, r.stderr.decode()


def test_into_fills_the_section_in_place(tmp_path):
    """The build's step: a copy of the image with its table zeroed gets,
    at the section's place in the file, what objcopy reads back as it."""
    lines = nm_lines()
    data, why = section(lines)
    assert why is None, why
    image = tmp_path / "kernel.elf"
    shutil.copyfile(KERNEL_ELF, image)
    zeros = tmp_path / "zeros.bin"
    zeros.write_bytes(bytes(len(data)))
    subprocess.run([CROSS + "objcopy", "--update-section", ".kallsyms=%s" % zeros, str(image)],
                   check=True)
    before = image.stat().st_size
    status, said = into(image, lines)
    assert status == 0, said
    out = tmp_path / "kallsyms.img"
    subprocess.run([CROSS + "objcopy", "-O", "binary", "-j", ".kallsyms", str(image), str(out)],
                   check=True)
    assert out.read_bytes() == data
    assert image.stat().st_size == before


def test_into_refuses_another_layout_and_writes_nothing(tmp_path):
    lines = nm_lines()
    image = tmp_path / "kernel.elf"
    shutil.copyfile(KERNEL_ELF, image)
    more = lines + ["%08x T a_symbol_the_image_lacks" % last_address(lines)]
    status, said = into(image, more)
    assert status == 2 and "link again" in said, said
    assert image.read_bytes() == KERNEL_ELF.read_bytes()


def test_into_a_file_without_the_section_says_so(tmp_path):
    lines = nm_lines()
    other = tmp_path / "not-an-image"
    other.write_bytes(b"\x7fELF" + bytes(100))
    status, said = into(other, lines)
    assert status == 1 and "not a little-endian 32-bit ELF" in said, said
    assert other.read_bytes() == b"\x7fELF" + bytes(100)
