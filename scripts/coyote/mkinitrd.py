# SPDX-License-Identifier: BSD-2-Clause
"""Write a cpio "newc" archive (what Linux's initramfs reads), no cpio binary.

    mkinitrd.py -o build/initrd.cpio lib/modules/ds1338.ko=build/modules/ds1338.ko ...

Each argument is ARCHIVE-NAME=FILE.  Directories for the names come first.
The tests import write_cpio() to build archives of their own, good or bad.

newc: a 110-byte ASCII header ("070701" and 13 eight-digit hex fields),
the NUL-terminated name, padding to 4 bytes, the data, padding to 4; the
archive ends with an entry named "TRAILER!!!".
"""
import argparse
import sys

MAGIC = b"070701"


def entry(name, data=b"", mode=0o100644, ino=0):
    """One newc entry: header, name, data, each padded to 4 bytes."""
    bname = name.encode() + b"\0"
    fields = [ino, mode, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(bname), 0]
    hdr = MAGIC + b"".join(b"%08X" % f for f in fields)
    out = hdr + bname
    out += b"\0" * (-len(out) % 4)
    out += data + b"\0" * (-len(data) % 4)
    return out


def write_cpio(files):
    """files: list of (archive name, bytes).  Returns the archive's bytes."""
    out = b""
    dirs = []
    for name, _ in files:
        parts = name.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            d = "/".join(parts[:i])
            if d not in dirs:
                dirs.append(d)
    ino = 1
    for d in dirs:
        out += entry(d, mode=0o040755, ino=ino)
        ino += 1
    for name, data in files:
        out += entry(name, data, ino=ino)
        ino += 1
    out += entry("TRAILER!!!")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-o", required=True, help="archive to write")
    ap.add_argument("files", nargs="*", help="NAME=FILE")
    args = ap.parse_args()
    files = []
    for f in args.files:
        name, sep, path = f.partition("=")
        if not sep:
            sys.exit("mkinitrd: %s: expected ARCHIVE-NAME=FILE" % f)
        with open(path, "rb") as fh:
            files.append((name, fh.read()))
    data = write_cpio(files)
    with open(args.o, "wb") as fh:
        fh.write(data)
