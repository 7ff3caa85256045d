# SPDX-License-Identifier: BSD-2-Clause
"""Every DTB in Debian's armhf kernel package survives ofdump -> dtc intact.

Skipped, with the reason, only when the package cannot be fetched (no
network, no Debian mirror); a missing ofdump is a failure (`make host`).
"""
import os

import pytest

from coyote import corpus


def test_ofdump_round_trips_every_corpus_blob(capsys):
    assert os.access(corpus.OFDUMP, os.X_OK), \
        "%s missing: run `make host` (make test builds it)" % corpus.OFDUMP
    try:
        directory = corpus.fetch()
    except corpus.FetchError as e:
        pytest.skip("corpus: cannot fetch Debian's armhf kernel package: %s" % e)
    files = corpus.blobs(directory)
    assert files, "no .dtb files under %s" % directory

    failures, same, secs = corpus.run(files)
    with capsys.disabled():
        print("\n" + corpus.summary(len(files), failures, same, secs))
    assert not failures, "\n".join(
        "%s: %s" % (os.path.basename(p), why) for p, why in failures[:20])
