#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Write a cpio "newc" archive (what Linux's initramfs reads), no cpio binary
(scripts/coyote/mkinitrd.py; --help for usage)."""
import sys

from coyote.mkinitrd import main

sys.exit(main())
