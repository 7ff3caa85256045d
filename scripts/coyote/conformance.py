# SPDX-License-Identifier: BSD-2-Clause
"""The blob checker against the Devicetree Specification's flat-format
chapter (v0.4, chapter 5) and against libfdt's fdt_check_full.

Every requirement ("shall"/"must") of the chapter is a row below: the
clause, the check in of/fdt.c that enforces it (or why none does), and a
fault: a function that damages a good blob in that one way.  The script

  --blobs DIR [GOOD]   writes one blob per fault into DIR, made from GOOD
                       (default build/host/dts/api.dtb), never by hand;
  --doc FILE           makes the blobs in build/fdt-faults, runs
                       build/host/fdtdiff on them and writes the table with
                       the verdicts both checkers really gave.

Where the two checkers disagree, the row must say which clause makes
coyote right (DISAGREE); the script refuses to write a table with an
unexplained disagreement.  tests/fdt/test_conformance.py imports this file
to judge disagreements on other blobs (the corpus, mutated blobs) by the
same rows.
"""
import os
import re
import struct
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FDTDIFF = os.path.join(ROOT, "build", "host", "fdtdiff")
GOOD = os.path.join(ROOT, "build", "host", "dts", "api.dtb")
FAULT_DIR = os.path.join(ROOT, "build", "fdt-faults")

BEGIN, END_NODE, PROP, NOP, END = 1, 2, 3, 4, 9

# ------------------------------------------------------------ a blob, parsed


class Blob:
    """A blob taken apart: header fields, reservations, tokens, strings.
    build() lays it out again as dtc does (header, map, struct, strings),
    with the gaps and quirks a fault asks for."""

    FIELDS = ("magic", "totalsize", "off_dt_struct", "off_dt_strings",
              "off_mem_rsvmap", "version", "last_comp_version",
              "boot_cpuid_phys", "size_dt_strings", "size_dt_struct")

    def __init__(self, data):
        h = dict(zip(self.FIELDS, struct.unpack(">10I", data[:40])))
        self.version, self.last_comp = h["version"], h["last_comp_version"]
        self.boot_cpuid = h["boot_cpuid_phys"]
        self.rsv = []
        off = h["off_mem_rsvmap"]
        while True:
            a, s = struct.unpack(">QQ", data[off:off + 16])
            off += 16
            if not a and not s:
                break
            self.rsv.append((a, s))
        self.strings = data[h["off_dt_strings"]:h["off_dt_strings"] + h["size_dt_strings"]]
        self.tokens = []
        p, end = h["off_dt_struct"], h["off_dt_struct"] + h["size_dt_struct"]
        while p < end:
            tag = struct.unpack(">I", data[p:p + 4])[0]
            if tag == BEGIN:
                n = data.index(b"\0", p + 4) - p - 4
                self.tokens.append(["B", data[p + 4:p + 4 + n]])
                p += 4 + (n + 4) // 4 * 4
            elif tag == PROP:
                ln, nameoff = struct.unpack(">II", data[p + 4:p + 12])
                self.tokens.append(["P", nameoff, data[p + 12:p + 12 + ln]])
                p += 12 + (ln + 3) // 4 * 4
            else:
                self.tokens.append(["T", tag])
                p += 4
        # layout knobs, all off for the good blob
        self.rsv_pad = 0            # bytes between header and the map
        self.rsv_terminator = True
        self.struct_tail = 0        # free bytes after the struct block
        self.strings_pad = 0        # bytes between struct and strings
        self.name_padding = b"\0"   # the byte that pads node names
        self.poke = {}              # header fields to overwrite at the end

    def name_offset(self, name):
        """Offset of @name in the strings block."""
        return self.strings.index(name.encode() + b"\0")

    def find(self, kind, pred=lambda t: True, start=0):
        for i in range(start, len(self.tokens)):
            t = self.tokens[i]
            if t[0] == kind and pred(t):
                return i
        raise LookupError(kind)

    def build(self):
        st = bytearray()
        for t in self.tokens:
            if t[0] == "B":
                st += struct.pack(">I", BEGIN) + t[1] + b"\0"
                while len(st) % 4:
                    st += self.name_padding
            elif t[0] == "P":
                st += struct.pack(">III", PROP, len(t[2]), t[1]) + t[2]
                while len(st) % 4:
                    st += b"\0"
            else:
                st += struct.pack(">I", t[1])
        off_rsv = 40 + self.rsv_pad
        rsv = b"".join(struct.pack(">QQ", a, s) for a, s in self.rsv)
        if self.rsv_terminator:
            rsv += bytes(16)
        off_struct = off_rsv + len(rsv)
        while off_struct % 4:
            off_struct += 1
        off_strings = off_struct + len(st) + self.struct_tail + self.strings_pad
        total = off_strings + len(self.strings)
        h = {"magic": 0xd00dfeed, "totalsize": total, "off_dt_struct": off_struct,
             "off_dt_strings": off_strings, "off_mem_rsvmap": off_rsv,
             "version": self.version, "last_comp_version": self.last_comp,
             "boot_cpuid_phys": self.boot_cpuid, "size_dt_strings": len(self.strings),
             "size_dt_struct": len(st)}
        self.layout = dict(h)
        h.update({k: (v(h) if callable(v) else v) for k, v in self.poke.items()})
        out = bytearray(total)
        out[0:40] = struct.pack(">10I", *(h[f] for f in self.FIELDS))
        out[off_rsv:off_rsv + len(rsv)] = rsv
        out[off_struct:off_struct + len(st)] = st
        out[off_strings:off_strings + len(self.strings)] = self.strings
        return bytes(out)


# ----------------------------------------------------------------- the faults
# Each maker damages a fresh Blob in place (or returns raw bytes).

def child(b):
    """Index of the first node below the root."""
    return b.find("B", start=1)


def f_magic(b):
    b.poke["magic"] = 0xd00dfeef


def f_totalsize_small(b):
    b.poke["totalsize"] = 20


def f_totalsize_buffer(b):
    b.poke["totalsize"] = lambda h: h["totalsize"] + 8


def f_version_old(b):
    b.version, b.last_comp = 3, 2


def f_version_later(b):
    b.version = 18


def f_last_comp(b):
    b.version, b.last_comp = 18, 18


def f_boot_cpuid(b):
    b.boot_cpuid = 7


def f_off_struct_header(b):
    b.poke["off_dt_struct"] = 8


def f_off_struct_beyond(b):
    b.poke["off_dt_struct"] = lambda h: (h["totalsize"] + 8) & ~7


def f_struct_misaligned(b):
    b.rsv_pad = 8
    b.poke["off_dt_struct"] = lambda h: h["off_dt_struct"] - 2


def f_off_strings_header(b):
    b.poke["off_dt_strings"] = 12


def f_off_strings_beyond(b):
    b.poke["off_dt_strings"] = lambda h: h["totalsize"] - 8


def f_size_strings(b):
    b.poke["size_dt_strings"] = lambda h: h["size_dt_strings"] + 16


def f_size_struct_big(b):
    b.struct_tail = 8
    b.poke["size_dt_struct"] = lambda h: h["size_dt_struct"] + 8


def f_size_struct_small(b):
    b.poke["size_dt_struct"] = lambda h: h["size_dt_struct"] - 4


def f_struct_over_strings(b):
    b.poke["off_dt_strings"] = lambda h: h["off_dt_struct"] + 64
    b.poke["size_dt_strings"] = lambda h: h["totalsize"] - h["off_dt_struct"] - 64


def f_off_rsv_header(b):
    b.poke["off_mem_rsvmap"] = 16


def f_off_rsv_beyond(b):
    b.poke["off_mem_rsvmap"] = lambda h: (h["totalsize"] - 8) & ~7


def f_rsv_misaligned(b):
    b.rsv_pad = 4


def f_rsv_unterminated(b):
    b.rsv_terminator = False


def f_rsv_overlap_entries(b):
    b.rsv = [(0x10000000, 0x4000), (0x10002000, 0x4000)]


def f_rsv_over_struct(b):
    b.poke["off_mem_rsvmap"] = lambda h: h["off_dt_struct"]


def f_padding_nonzero(b):
    b.name_padding = b"\xaa"


def f_name_unterminated(b):
    i = child(b)
    b.tokens[i + 1:] = []
    b.tokens[i][1] = b"abcdefg"       # 7 bytes + NUL: the NUL is cut off
    b.poke["size_dt_struct"] = lambda h: h["size_dt_struct"] - 1
    b.poke["totalsize"] = lambda h: h["totalsize"]


def f_name_slash(b):
    b.tokens[child(b)][1] = b"a/b"


def f_name_empty(b):
    b.tokens[child(b)][1] = b""


def f_root_named(b):
    b.tokens[b.find("B")][1] = b"foo"


def f_begin_then_end(b):
    i = child(b)
    b.tokens[i + 1:] = [["T", END]]


def f_prop_then_end(b):
    i = b.find("P")
    b.tokens[i + 1:] = [["T", END]]


def f_prop_after_subnode(b):
    i = b.find("P")
    prop = b.tokens.pop(i)
    j = b.find("T", lambda t: t[1] == END_NODE)      # end of the first child
    b.tokens.insert(j + 1, prop)


def f_prop_outside(b):
    b.tokens.insert(0, ["P", b.name_offset("model"), b"x\0"])


def f_prop_len(b):
    i = b.find("P")
    b.tokens[i + 1:] = [["T", END]]
    blob = b.build()
    off = b.layout["off_dt_struct"] + 4 * 2 + 4   # root: BEGIN, "" padded
    return blob[:off] + struct.pack(">I", 0x10000) + blob[off + 4:]


def f_prop_nameoff(b):
    b.tokens[b.find("P")][1] = len(b.strings)


def f_prop_name_unterminated(b):
    b.strings += b"vendor,extra"
    b.tokens[b.find("P")][1] = len(b.strings) - 12


def f_prop_name_empty(b):
    b.strings += b"\0"
    b.tokens[b.find("P")][1] = len(b.strings) - 1


def f_bad_token(b):
    b.tokens.insert(child(b), ["T", 7])


def f_nop_anywhere(b):
    for i in (len(b.tokens) - 2, child(b), b.find("P"), 0):
        b.tokens.insert(i, ["T", NOP])


def f_nop_before_end(b):
    b.tokens.insert(len(b.tokens) - 1, ["T", NOP])


def f_nop_after_end(b):
    b.tokens += [["T", NOP], ["T", NOP]]


def f_token_after_end(b):
    b.tokens.append(["T", END_NODE])


def f_end_twice(b):
    b.tokens.append(["T", END])


def f_end_missing(b):
    b.tokens.pop()


def f_end_node_extra(b):
    b.tokens.insert(len(b.tokens) - 1, ["T", END_NODE])


def f_second_root(b):
    b.tokens[-1:] = [["B", b""], ["T", END_NODE], ["T", END]]


def f_no_root(b):
    b.tokens = [["T", NOP], ["T", END]]


def f_depth_65(b):
    i = child(b)
    b.tokens[i:i] = [["B", b"d"]] * 64 + [["T", END_NODE]] * 64


def f_strings_unaligned(b):
    b.strings_pad = 1


# ----------------------------------------------------------------- the rows
# (id, clause, requirement in short, check in of/fdt.c, fault maker, the
#  message coyote must give -- "" when it must accept --, why coyote is
#  right when libfdt disagrees)

ROWS = [
    # 5.1 Versioning
    ("version-old", "5.1", "a client shall accept versions backwards compatible with 17, and may accept others",
     "of_fdt_check_counts(): version", f_version_old,
     "blob format version 3 is too old",
     "5.1 asks a client to accept versions compatible with 17 and leaves others "
     "optional (\"may\"); coyote reads 16 and 17 only, and says so in words"),
    ("version-later", "5.1", "a later version readable as 17 shall be accepted",
     "of_fdt_check_counts(): version", f_version_later, "", None),
    ("last-comp", "5.1, 5.2", "last_comp_version: the oldest version able to read the blob",
     "of_fdt_check_counts(): last_comp_version", f_last_comp,
     "needs a reader of version 18 or later", None),
    # 5.2 Header
    ("magic", "5.2", "magic shall be 0xd00dfeed",
     "of_fdt_check_counts(): magic", f_magic, "bad magic 0xd00dfeef", None),
    ("totalsize-small", "5.2", "totalsize shall encompass the header and all blocks",
     "of_fdt_check_counts(): totalsize", f_totalsize_small,
     "totalsize 20 smaller than the header", None),
    ("totalsize-buffer", "5.2", "totalsize: the blob's size in bytes",
     "of_fdt_check_counts(): totalsize against the buffer", f_totalsize_buffer,
     "exceeds buffer", None),
    ("off-struct-header", "5.2", "off_dt_struct: the structure block's offset",
     "check_block()", f_off_struct_header, "struct block at 8 overlaps the header", None),
    ("off-struct-beyond", "5.2", "totalsize shall encompass the structure block",
     "check_block()", f_off_struct_beyond, "exceeds totalsize", None),
    ("off-strings-header", "5.2", "off_dt_strings: the strings block's offset",
     "check_block()", f_off_strings_header, "strings block at 12 overlaps the header", None),
    ("off-strings-beyond", "5.2", "totalsize shall encompass the strings block",
     "check_block()", f_off_strings_beyond, "exceeds totalsize", None),
    ("off-rsvmap-header", "5.2", "off_mem_rsvmap: the reservation block's offset",
     "check_block()", f_off_rsv_header,
     "memory reservation block at 16 overlaps the header", None),
    ("off-rsvmap-beyond", "5.2", "totalsize shall encompass the reservation block",
     "check_block()", f_off_rsv_beyond, "exceeds totalsize", None),
    ("size-strings", "5.2", "size_dt_strings: the strings block's length",
     "check_block()", f_size_strings, "strings block", None),
    ("size-struct-big", "5.2, 5.4.1", "size_dt_struct: the structure block ends right after FDT_END",
     "check_struct(): FDT_END", f_size_struct_big, "FDT_END not last in struct block", 
     "5.4.1: the byte after FDT_END is at offset size_dt_struct; a larger "
     "size leaves bytes nobody can say are free space or a lost tail"),

    ("size-struct-small", "5.2, 5.4.1", "size_dt_struct covers every token up to FDT_END",
     "check_struct()", f_size_struct_small, "missing FDT_END", None),
    ("struct-over-strings", "5, 5.2", "header, reservation map, structure and strings blocks are separate sections",
     "of_fdt_check_counts(): overlaps()", f_struct_over_strings,
     "struct block overlaps strings block",
     "chapter 5 lays a blob out as a header and three sections, each with its "
     "own offset and size (5.2); a name that is also a token is no tree"),
    ("boot-cpuid", "5.2", "boot_cpuid_phys shall equal the boot CPU node's reg",
     "not checked: a property of the tree's content, not of its format; coyote "
     "reads the CPU from its ID register", f_boot_cpuid, "", None),
    # 5.3 Memory reservation block
    ("rsvmap-unterminated", "5.3.2", "the list shall end with an entry of address 0 and size 0",
     "check_rsvmap()", f_rsv_unterminated, "memory reservation map not terminated",
     "5.3.2: the list \"shall be terminated\" by a zero entry; without one the "
     "kernel would reserve whatever bytes follow"),
    ("rsvmap-overlap-entries", "5.3.2", "reserved regions shall not overlap each other",
     "not checked: the kernel reserves the union, so an overlap loses nothing",
     f_rsv_overlap_entries, "", None),
    ("rsvmap-misaligned", "5.3.2, 5.6", "the reservation block shall be 8-byte aligned",
     "check_block()", f_rsv_misaligned,
     "memory reservation block at 44 not 8-byte aligned",
     "5.3.2 and 5.6: each entry \"shall be located at an 8-byte aligned offset\""),
    ("rsvmap-over-struct", "5, 5.3.2", "the reservation block is a section of its own",
     "check_rsvmap()", f_rsv_over_struct, "memory reservation map overlaps struct block",
     "chapter 5: the map is its own section (5.2 gives it an offset of its own); "
     "tokens read as reservations would reserve garbage"),
    # 5.4 Structure block
    ("struct-misaligned", "5.4, 5.6", "the structure block shall be 4-byte aligned",
     "check_block()", f_struct_misaligned, "not 4-byte aligned", None),
    ("padding-nonzero", "5.4.1", "padding after names and values shall be zero",
     "not checked: no reader looks at padding, and Linux does not check it either",
     f_padding_nonzero, "", None),
    ("name-unterminated", "5.4.1", "FDT_BEGIN_NODE: the name, NUL-terminated",
     "check_struct(): FDT_BEGIN_NODE", f_name_unterminated, "unterminated node name", None),
    ("name-slash", "5.4.1, 2.2.1", "FDT_BEGIN_NODE: the node's unit name (a '/' separates names)",
     "check_struct(): FDT_BEGIN_NODE", f_name_slash, "node name with '/'", 
     "2.2.1: '/' is not among a node name's characters; such a name "
     "would make a path that finds another node"),

    ("name-empty", "5.4.1, 2.2.1", "a node name is 1 to 31 characters",
     "check_struct(): FDT_BEGIN_NODE", f_name_empty, "empty node name",
     "2.2.1: a node name has at least one character; an empty one would make "
     "the child's path its parent's"),
    ("root-named", "5.4.2, 2.2.1", "the root node has no name (it is /)",
     "check_struct(): FDT_BEGIN_NODE at depth 0", f_root_named,
     "root node named \"foo\": the root's name must be empty", None),
    ("begin-then-end", "5.4.1", "after FDT_BEGIN_NODE any token but FDT_END",
     "check_struct(): FDT_END", f_begin_then_end, "FDT_END inside node", None),
    ("prop-after-subnode", "5.4.1, 5.4.2", "after FDT_END_NODE any token but FDT_PROP; properties before subnodes",
     "check_struct(): FDT_PROP", f_prop_after_subnode, "property after subnode", 
     "5.4.2: \"all property definitions for a particular node precede "
     "any subnode definitions\""),

    ("prop-then-end", "5.4.1", "after FDT_PROP any token but FDT_END",
     "check_struct(): FDT_END", f_prop_then_end, "FDT_END inside node", None),
    ("prop-outside", "5.4.2", "the structure block is the root node's representation, then FDT_END",
     "check_struct(): FDT_PROP", f_prop_outside, "property outside any node", 
     "5.4.2: the structure block is the root node's representation "
     "followed by FDT_END; a property before the root belongs to no node"),

    ("prop-len", "5.4.1", "FDT_PROP: len bytes of value follow",
     "check_struct(): FDT_PROP", f_prop_len, "beyond struct block", None),
    ("prop-nameoff", "5.4.1", "FDT_PROP: nameoff is an offset into the strings block",
     "check_struct(): FDT_PROP", f_prop_nameoff, "property name offset out of range", None),
    ("prop-name-unterminated", "5.4.1, 5.5", "the property's name is a NUL-terminated string in the strings block",
     "check_struct(): FDT_PROP", f_prop_name_unterminated,
     "property name not terminated in strings block", None),
    ("prop-name-empty", "5.4.1, 2.2.4", "a property name is 1 to 31 characters",
     "check_struct(): FDT_PROP", f_prop_name_empty, "empty property name",
     "2.2.4: a property name has at least one character; an empty one cannot "
     "be looked up or written back as DTS"),
    ("bad-token", "5.4.1", "the five token types",
     "check_struct(): default", f_bad_token, "bad token 0x7", None),
    ("nop-anywhere", "5.4.1, 5.4.2", "FDT_NOP is ignored wherever it stands",
     "check_struct(): FDT_NOP", f_nop_anywhere, "", None),
    ("nop-before-end", "5.4.1, 5.4.2", "the root node's representation, then FDT_END",
     "check_struct(): FDT_NOP", f_nop_before_end, "",
     "5.4.1: FDT_NOP \"will be ignored by any program parsing the device "
     "tree\" and may be followed by any valid token; a NOP between the root's "
     "FDT_END_NODE and FDT_END changes nothing a reader sees"),
    ("nop-after-end", "5.4.1", "FDT_END shall be the last token",
     "check_struct(): only_nops(); unflatten warns", f_nop_after_end, "",
     "5.4.1 makes FDT_END the last token, so refusing is right by the letter; "
     "but FDT_NOP is ignored by every reader (5.4.1), Linux and libfdt accept "
     "the padding, and a kernel that fell back to its built-in blob where "
     "Linux boots would serve its users worse. coyote accepts and warns, "
     "naming the clause"),
    ("token-after-end", "5.4.1", "FDT_END shall be the last token",
     "check_struct(): FDT_END", f_token_after_end, "FDT_END not last in struct block", 
     "5.4.1: FDT_END \"shall be the last token in the structure block\""),

    ("end-twice", "5.4.1", "there shall be only one FDT_END",
     "check_struct(): FDT_END", f_end_twice, "FDT_END not last in struct block", 
     "5.4.1: \"there shall be only one FDT_END token\""),

    ("end-missing", "5.4.1, 5.4.2", "the structure block ends with FDT_END",
     "check_struct()", f_end_missing, "missing FDT_END", None),
    ("end-node-extra", "5.4.2", "FDT_BEGIN_NODE and FDT_END_NODE nest",
     "check_struct(): FDT_END_NODE", f_end_node_extra, "unexpected FDT_END_NODE", None),
    ("second-root", "5.4.2", "one root node, then FDT_END",
     "check_struct(): FDT_BEGIN_NODE", f_second_root, "second root node", None),
    ("no-root", "5.4.2", "the structure block holds the root node",
     "check_struct(): FDT_END", f_no_root, "no root node", 
     "5.4.2: the structure block holds the root node's representation; "
     "a tree without a root is no tree"),

    ("depth-65", "(none)", "no limit in the spec",
     "check_struct(): OF_FDT_MAX_DEPTH", f_depth_65, "nesting deeper than 64",
     "no clause: an implementation limit, Linux's own (FDT_MAX_DEPTH is 64 in "
     "drivers/of/fdt.c); unflatten's stack is sized by it"),
    # 5.5 Strings block
    ("strings-unaligned", "5.5", "the strings block has no alignment constraint",
     "check_block(): alignment 1 for strings", f_strings_unaligned, "", None),
]


def make_blobs(outdir, good=GOOD):
    """One blob per row in @outdir; returns [(row, path)]."""
    data = open(good, "rb").read()
    os.makedirs(outdir, exist_ok=True)
    for f in os.listdir(outdir):
        if f.endswith(".dtb"):
            os.remove(os.path.join(outdir, f))
    out = []
    for row in ROWS:
        b = Blob(data)
        raw = row[4](b)
        blob = raw if isinstance(raw, bytes) else b.build()
        path = os.path.join(outdir, row[0] + ".dtb")
        with open(path, "wb") as fp:
            fp.write(blob)
        out.append((row, path))
    return out


def fdtdiff(args):
    """{name: (coyote verdict, libfdt verdict)} from build/host/fdtdiff."""
    r = subprocess.run([FDTDIFF] + args, capture_output=True, text=True, check=True)
    out = {}
    for line in r.stdout.splitlines():
        if line.startswith("#"):
            continue
        name, coyote, libfdt = line.split("\t")
        out[name] = (coyote, libfdt)
    return out


def coyote_ok(verdict):
    return verdict.startswith("ok")


def verdicts(outdir=FAULT_DIR, good=GOOD):
    """[(row, coyote, libfdt)] for every generated blob; raises when a
    blob does not trip its row's check (the fault maker is wrong)."""
    made = make_blobs(outdir, good)
    got = fdtdiff([p for _, p in made])
    out = []
    for row, path in made:
        coyote, libfdt = got[path]
        want = row[5]
        if want and (coyote_ok(coyote) or want not in coyote):
            raise AssertionError("%s: coyote said \"%s\", the row wants \"%s\""
                                 % (row[0], coyote, want))
        if not want and not coyote_ok(coyote):
            raise AssertionError("%s: coyote said \"%s\", the row wants it accepted"
                                 % (row[0], coyote))
        out.append((row, coyote, libfdt))
    return out


def pattern(verdict):
    """A coyote verdict with its numbers and node paths made wild."""
    p = re.escape(verdict)
    p = re.sub(r"0x[0-9a-f]+", "0x[0-9a-f]+", p)
    p = re.sub(r"(?<![a-z])\d+", r"\\d+", p)
    p = re.sub(r"/(?:\\.|[^ \\])*", r"/\\S*", p)
    return re.compile("^" + p + "$")


def explained(rows, coyote, libfdt):
    """The row that explains a disagreement, or None.  A disagreement is
    explained by a row whose own blob disagrees the same way and whose
    verdict has the same shape (numbers and paths aside)."""
    for row, rc, rl in rows:
        if row[6] and coyote_ok(rc) != (rl == "ok") and coyote_ok(rc) == coyote_ok(coyote) \
                and (rl == "ok") == (libfdt == "ok") and pattern(rc).match(coyote):
            return row
    return None


def table(rows):
    lines = [
        "| id | DT spec | requirement | check in of/fdt.c | coyote says | libfdt 1.6 |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for row, coyote, libfdt in rows:
        mark = " **differs**" if coyote_ok(coyote) != (libfdt == "ok") else ""
        lines.append("| `%s` | %s | %s | %s | `%s` | `%s`%s |" % (
            row[0], row[1], row[2], row[3], coyote.replace("|", "\\|"), libfdt, mark))
    return "\n".join(lines)


def document(rows):
    differ = [(r, c, l) for r, c, l in rows if coyote_ok(c) != (l == "ok")]
    for row, c, l in differ:
        if not row[6]:
            raise AssertionError("%s: coyote \"%s\", libfdt %s, and the row does not "
                                 "say which clause makes coyote right" % (row[0], c, l))
    out = [
        "# The flat-blob checker against the DT specification",
        "",
        "<!-- Generated by scripts/fdt-conformance --doc; do not edit. -->",
        "",
        "Every requirement (\"shall\", \"must\") of chapter 5 of the Devicetree",
        "Specification (v0.4, *Flattened Devicetree (DTB) Format*), plus the",
        "chapter 2 rules about names the flat format carries, with the check in",
        "`of/fdt.c` that enforces it. Each row has a test blob,",
        "`build/fdt-faults/ID.dtb`, made by `scripts/fdt-conformance` from",
        "`build/host/dts/api.dtb` with that one fault (none is stored); the last",
        "two columns are what `of_fdt_check()` and libfdt's `fdt_check_full()`",
        "really said about it (`build/host/fdtdiff`). A blob that should pass",
        "shows `ok`: those rows are requirements coyote does not check, or",
        "freedoms the spec gives.",
        "",
        table(rows),
        "",
        "## Where coyote and libfdt disagree",
        "",
        "`tests/fdt/test_conformance.py` runs both checkers on these blobs, on",
        "every DTB of Debian's armhf kernel package and on every one-byte damage",
        "of the test and board blobs (as `test_fdt_check` makes them); a",
        "disagreement fails the test unless it has the shape of one of the rows",
        "below, each with the clause that makes coyote right.",
        "",
    ]
    for row, c, l in differ:
        out.append("- `%s` (coyote: %s; libfdt: %s): %s." % (row[0], c, l, row[6]))
    out += [
        "",
        "## Decisions",
        "",
        "- **A named root** is refused, naming it: the root is `/` (2.2.1), and a",
        "  name on it would make every full path wrong.",
        "- **`FDT_NOP` after `FDT_END`** passes; `of_fdt_unflatten()` warns",
        "  `N FDT_NOP token(s) after FDT_END ignored (DT spec 5.4.1: FDT_END",
        "  shall be the last token)`. Anything else after `FDT_END` is refused.",
        "- **Versions**: 16 and 17 are read, and a later version whose",
        "  `last_comp_version` is 17 or less (5.1). An older blob is refused in",
        "  words: `blob format version 3 is too old: coyote reads versions 16",
        "  and 17 (rebuild it with a dtc from after 2007)`. (libfdt 1.6.1's",
        "  `fdt_check_full()` dies of SIGSEGV on the `version-old` blob;",
        "  `fdtdiff` runs libfdt in a child process for blobs older than 16.)",
        "",
    ]
    return "\n".join(out)


OFDUMP = os.path.join(ROOT, "build", "host", "ofdump")


def unwritable_examples(good=GOOD):
    """[(what, ofdump's message)] for blobs the kernel accepts and DTS
    cannot write, made from @good like the fault blobs."""
    data = open(good, "rb").read()
    out = []

    def twin_property(b):
        i = b.find("P")
        b.tokens.insert(i + 1, list(b.tokens[i]))

    def twin_phandle(b):
        ph = b.name_offset("phandle")
        first = b.find("P", lambda t: t[1] == ph)
        second = b.find("P", lambda t: t[1] == ph, first + 1)
        b.tokens[second][2] = b.tokens[first][2]

    def odd_name(b):
        b.tokens[child(b)][1] = b"my node"

    for what, fault in (("twin properties", twin_property),
                        ("a phandle on two nodes", twin_phandle),
                        ("a space in a node name", odd_name)):
        b = Blob(data)
        fault(b)
        path = os.path.join(FAULT_DIR, "unwritable.dtb")
        os.makedirs(FAULT_DIR, exist_ok=True)
        with open(path, "wb") as fp:
            fp.write(b.build())
        r = subprocess.run([OFDUMP, "--modules", "", path], capture_output=True, text=True)
        os.remove(path)
        msg = [line for line in r.stderr.splitlines() if line.startswith("ofdump:")]
        if r.returncode != 1 or r.stdout or len(msg) != 1:
            raise AssertionError("ofdump printed a tree DTS cannot write (%s)" % what)
        out.append((what, msg[0].replace(path, "unwritable.dtb")))
    return out


def unwritable_section(examples):
    out = [
        "## What ofdump will not print",
        "",
        "The kernel takes these trees; DTS cannot write them, so `ofdump` prints",
        "nothing and says why (blobs made from `api.dtb` by this script):",
        "",
    ]
    for what, msg in examples:
        out += ["- %s:" % what, "", "      " + msg, ""]
    return "\n".join(out)


def main(argv=None):
    argv = sys.argv if argv is None else argv
    if len(argv) >= 3 and argv[1] == "--blobs":
        made = make_blobs(argv[2], argv[3] if len(argv) > 3 else GOOD)
        print("fdt-conformance: %d blobs in %s" % (len(made), argv[2]))
        return 0
    if len(argv) == 3 and argv[1] == "--doc":
        text = document(verdicts()) + "\n" + unwritable_section(unwritable_examples())
        with open(argv[2], "w") as fp:
            fp.write(text)
        print("fdt-conformance: wrote %s" % argv[2])
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2
