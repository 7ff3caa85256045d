#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Grading a class at scale: `make bench-grading`
(scripts/coyote/labs/bench.py; --help for usage)."""
import sys

from coyote.labs.bench import main

sys.exit(main())
