# SPDX-License-Identifier: BSD-2-Clause
"""The labs: the harness every grader and self-check shares, the hand-in
sandbox, the grade (scripts/lab-check runs it), the graders (the
instructor's) and the self-checks (handed out)."""
