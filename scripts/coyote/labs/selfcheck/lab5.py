# SPDX-License-Identifier: BSD-2-Clause
"""Lab 5's self-check (docs/labs/lab5/README.md): the build, and the
driver bound to the page's first PL061."""
from coyote.labs.harness import Coyote, Grader, build_with_driver, indent, whynot

TITLE = 'an MMIO platform driver: the PL061 GPIO controller'

GPIO0 = "/amba/gpio@101e4000"

RUBRIC = {
    'gpio-pl061.c exists': 1,
    'the kernel builds with gpio-pl061.c (-Wall -Wextra -Werror)': 1,
    'the driver binds to %s' % GPIO0: 1,
}


def binds(g, c):
    """The check that the driver is bound to the page's first PL061."""
    verdict, out = whynot(c, GPIO0)
    return g.check("the driver binds to %s" % GPIO0, verdict == "bound",
                   "`whynot %s` says:\n%s" % (GPIO0, indent(out)))


def lab5(src):
    g = Grader(5, src, "selfcheck")
    kernel = build_with_driver(g, src / "gpio-pl061.c")
    if not kernel:
        return g
    with Coyote(kernel=kernel) as c:
        binds(g, c)
    return g
