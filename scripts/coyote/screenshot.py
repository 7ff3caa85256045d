# SPDX-License-Identifier: BSD-2-Clause
"""A picture of an explore page for the docs, taken in headless chromium.

    scripts/explore/screenshot PAGE.html OUT.png [NODE-PATH]

Opens PAGE.html from disk, selects NODE-PATH (its panel shows), and writes
OUT.png with the SHA-256 of the page's data (what ofdump computed) in a
tEXt chunk named coyote-explore-data: tests/explore/test_explore.py makes
the page again and says when the picture is of another tree or kernel.
"""
import hashlib
import re
import shutil
import struct
import sys
import tempfile
import time
import zlib
from pathlib import Path

KEY = b"coyote-explore-data"


def data_digest(html):
    """SHA-256 of the JSON the page carries (its script id="data")."""
    m = re.search(r'<script id="data" type="application/json">(.*?)</script>', html, re.S)
    if not m:
        raise ValueError("no data in the page")
    return hashlib.sha256(m.group(1).encode()).hexdigest()


def png_text(png, key):
    """The tEXt chunk @key of @png (bytes), or None."""
    pos = 8
    while pos + 8 <= len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        body = png[pos + 8:pos + 8 + length]
        if kind == b"tEXt" and body.startswith(key + b"\0"):
            return body[len(key) + 1:].decode("latin-1")
        pos += 12 + length
    return None


def with_text(png, key, value):
    """@png with a tEXt chunk after IHDR."""
    body = key + b"\0" + value.encode("latin-1")
    chunk = struct.pack(">I", len(body)) + b"tEXt" + body + \
        struct.pack(">I", zlib.crc32(b"tEXt" + body))
    ihdr_end = 8 + 12 + struct.unpack(">I", png[8:12])[0]
    return png[:ihdr_end] + chunk + png[ihdr_end:]


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    page, out = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
    node = sys.argv[3] if len(sys.argv) == 4 else None
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="coyote-chromium-")
    opts = Options()
    opts.binary_location = shutil.which("chromium")
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--window-size=1280,800", "--hide-scrollbars",
                "--user-data-dir=" + profile):
        opts.add_argument(arg)
    drv = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)
    try:
        drv.get(page.as_uri())
        deadline = time.monotonic() + 30
        while drv.execute_script("return document.body.dataset.ready") != "1":
            if time.monotonic() > deadline:
                sys.exit("%s: the page's script never finished" % page)
            time.sleep(0.05)
        if node:
            i = drv.execute_script("return N.findIndex(n => n.p === arguments[0])", node)
            if i < 0:
                sys.exit("%s: no node %s" % (page, node))
            drv.execute_script("select(arguments[0])", i)
        png = drv.get_screenshot_as_png()
    finally:
        drv.quit()
        shutil.rmtree(profile, ignore_errors=True)
    out.write_bytes(with_text(png, KEY, data_digest(page.read_text())))
