#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""The explore page's layout (scripts/explore/page.html) as a C string for
ofdump --html: one page, whatever folder ofdump runs from.

    scripts/explore/embed.py page.html out.c
"""
import sys


def c_line(line):
    # '?' escaped: C11 still reads trigraphs ("??=" in a script is '#')
    s = line.replace("\\", "\\\\").replace('"', '\\"').replace("?", "\\?")
    return '\t"%s\\n"' % s.replace("\t", "\\t")


def main():
    src, out = sys.argv[1], sys.argv[2]
    text = open(src, encoding="ascii").read()
    if text.count("@COYOTE_DATA@") != 1:
        sys.exit("%s: not one @COYOTE_DATA@ mark for the data" % src)
    lines = [c_line(l) for l in text.splitlines()]
    with open(out + ".tmp", "w") as f:
        f.write("/* Generated from %s by %s: edit that file instead. */\n" % (src, sys.argv[0]))
        f.write("extern const char explore_page[];\n")
        f.write("const char explore_page[] =\n%s;\n" % "\n".join(lines))
    import os
    os.replace(out + ".tmp", out)


if __name__ == "__main__":
    main()
