#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""QEMU's own device tree for the `virt` board, one blob per configuration
the tests boot
(scripts/coyote/dumpdtb.py; --help for usage)."""
import sys

from coyote.dumpdtb import main

sys.exit(main())
