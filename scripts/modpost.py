#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Check modules against the kernel's exports and write modules.alias.

    modpost.py --kernel build/kernel.elf -o build/modules/modules.alias *.ko

For every .ko: each undefined symbol must be exported (EXPORT_SYMBOL) by
the kernel or by one of the modules given, or the build stops, naming it:
the loader would refuse the module anyway, better to learn it now.  Then
each symbol __mod_of__<table>_device_table (MODULE_DEVICE_TABLE(of, table))
is followed into its section, and every struct of_device_id entry with a
compatible string gives two lines in Linux's format:

    alias of:N*T*C<compatible> <module>
    alias of:N*T*C<compatible>C* <module>

and MODULE_DEVICE_TABLE(virtio, table), a struct virtio_device_id table,
one line per entry (vendor VIRTIO_DEV_ANY_ID is "*"):

    alias virtio:d00000004v* <module>

and MODULE_DEVICE_TABLE(pci, table), a struct pci_device_id table, one
line per entry in Linux's form (PCI_ANY_ID is "*"; the class under its
mask gives the bc/sc/i bytes, "*" where the mask leaves a byte out):

    alias pci:v00001234d000011E8sv*sd*bc*sc*i* <module>

struct of_device_id is { char name[32]; char type[32]; char compatible[128];
const void *data; } (include/linux/of.h): the strings are inline, so no
relocation needs applying to read them.
"""
import argparse
import os
import struct
import sys

OF_ID_SIZE = 32 + 32 + 128 + 4
# struct virtio_device_id { u32 device; u32 vendor; } (include/linux/virtio.h)
VIRTIO_ID_SIZE = 8
VIRTIO_DEV_ANY_ID = 0xffffffff
# struct pci_device_id { u32 vendor, device, subvendor, subdevice, class,
# class_mask; unsigned long driver_data; } (include/linux/pci.h)
PCI_ID_SIZE = 28
PCI_ANY_ID = 0xffffffff
SHN_UNDEF = 0
SHN_LORESERVE = 0xff00


class Elf:
    """Just enough of an ELF32 little-endian reader: sections and symbols."""

    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            self.data = f.read()
        d = self.data
        if d[:4] != b"\x7fELF" or d[4] != 1 or d[5] != 1:
            raise ValueError("%s: not an ELF32 little-endian file" % path)
        (self.type, self.machine, _, _, _, shoff, _, _, _, _, shentsize, shnum,
         shstrndx) = struct.unpack_from("<HHIIIIIHHHHHH", d, 16)
        self.sections = []
        for i in range(shnum):
            self.sections.append(struct.unpack_from("<IIIIIIIIII", d, shoff + i * shentsize))
        shstr = self.sections[shstrndx]
        self.names = [self.cstr(shstr[4] + s[0]) for s in self.sections]

    def cstr(self, off):
        end = self.data.index(b"\0", off)
        return self.data[off:end].decode()

    def section_data(self, idx):
        s = self.sections[idx]
        return self.data[s[4]:s[4] + s[5]]

    def symbols(self):
        """(name, value, size, info, shndx) for each symbol."""
        for i, s in enumerate(self.sections):
            if s[1] != 2:  # SHT_SYMTAB
                continue
            strtab = self.sections[s[6]]
            for off in range(s[4] + 16, s[4] + s[5], 16):
                name, value, size, info, _, shndx = struct.unpack_from("<IIIBBH", self.data, off)
                yield self.cstr(strtab[4] + name), value, size, info, shndx


def module_name(ko):
    return os.path.basename(ko)[:-3] if ko.endswith(".ko") else os.path.basename(ko)


def exported(elf):
    """Names EXPORT_SYMBOL put in the image or module (__ksymtab_NAME)."""
    return {n[len("__ksymtab_"):] for n, _, _, _, _ in elf.symbols() if n.startswith("__ksymtab_")}


def virtio_aliases(data, value, size, mod):
    """Linux's form: virtio:d<device>v<vendor>, 8 hex digits each, "*" for
    VIRTIO_DEV_ANY_ID; the table ends at device 0."""
    out = []
    for off in range(value, value + size - VIRTIO_ID_SIZE + 1, VIRTIO_ID_SIZE):
        device, vendor = struct.unpack_from("<II", data, off)
        if not device:
            break
        d = "*" if device == VIRTIO_DEV_ANY_ID else "%08X" % device
        v = "*" if vendor == VIRTIO_DEV_ANY_ID else "%08X" % vendor
        out.append("alias virtio:d%sv%s %s" % (d, v, mod))
    return out


def pci_aliases(data, value, size, mod):
    """Linux's form: pci:v<vendor>d<device>sv<subvendor>sd<subdevice>
    bc<base>sc<sub>i<prog-if>; the table ends at an all-zero entry."""
    out = []
    for off in range(value, value + size - PCI_ID_SIZE + 1, PCI_ID_SIZE):
        vendor, device, subv, subd, cls, mask, _ = struct.unpack_from("<IIIIIII", data, off)
        if not (vendor or subv or mask):
            break
        ids = "".join(p + ("*" if v == PCI_ANY_ID else "%08X" % v)
                      for p, v in (("v", vendor), ("d", device), ("sv", subv), ("sd", subd)))
        cbytes = "".join(p + ("%02X" % (cls >> sh & 0xff) if mask >> sh & 0xff == 0xff else "*")
                         for p, sh in (("bc", 16), ("sc", 8), ("i", 0)))
        out.append("alias pci:%s%s %s" % (ids, cbytes, mod))
    return out


def aliases(elf, mod):
    out = []
    for name, value, size, info, shndx in elf.symbols():
        kind = name[len("__mod_"):].split("__")[0] if name.startswith("__mod_") else None
        if kind not in ("of", "virtio", "pci") or not name.endswith("_device_table"):
            continue
        if shndx == SHN_UNDEF or shndx >= SHN_LORESERVE:
            raise ValueError("%s: %s is not defined in a section" % (elf.path, name))
        data = elf.section_data(shndx)
        if kind == "virtio":
            out += virtio_aliases(data, value, size, mod)
            continue
        if kind == "pci":
            out += pci_aliases(data, value, size, mod)
            continue
        for off in range(value, value + size - OF_ID_SIZE + 1, OF_ID_SIZE):
            ent = data[off:off + OF_ID_SIZE]
            compat = ent[64:192].split(b"\0")[0].decode()
            if not compat:
                continue
            out.append("alias of:N*T*C%s %s" % (compat, mod))
            out.append("alias of:N*T*C%sC* %s" % (compat, mod))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kernel", required=True)
    ap.add_argument("-o", required=True)
    ap.add_argument("modules", nargs="*")
    args = ap.parse_args()

    kernel = Elf(args.kernel)
    avail = exported(kernel)
    mods = [(ko, Elf(ko)) for ko in args.modules]
    for _, elf in mods:
        avail |= exported(elf)
    lines, errors = [], []
    for ko, elf in mods:
        if elf.type != 1 or elf.machine != 40:
            errors.append("%s: not an ARM ELF relocatable" % ko)
            continue
        for name, _, _, info, shndx in elf.symbols():
            if shndx == SHN_UNDEF and name and name not in avail:
                errors.append("%s: undefined symbol %s is not exported by the kernel "
                              "(EXPORT_SYMBOL)" % (ko, name))
        found = aliases(elf, module_name(ko))
        if not found:
            print("modpost: warning: %s has no MODULE_DEVICE_TABLE(of, ...): it loads "
                  "only by insmod, never by autoload" % ko, file=sys.stderr)
        lines += found
    if errors:
        sys.exit("modpost: " + "\nmodpost: ".join(errors))
    with open(args.o + ".tmp", "w") as f:
        f.write("# Aliases from the modules' MODULE_DEVICE_TABLE (scripts/modpost.py)\n")
        f.write("".join(line + "\n" for line in lines))
    os.replace(args.o + ".tmp", args.o)


if __name__ == "__main__":
    main()
