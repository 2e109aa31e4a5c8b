"""The live server's defaults and bounds are ``tiebreak serve``'s, declared once (issue 33): the numbers below are the
ones its help promises (docs/reference/command-line.md), written here by hand."""

from __future__ import annotations

import inspect

import pytest


def test_the_live_servers_defaults_are_the_declared_ones():
    pytest.importorskip("sqlalchemy")
    from tiebreak.app.declared import OPTIONS
    from tiebreak.live import guard, history, remote, settings, subscribers
    from tiebreak.web.app import listening

    said = {"hold": 5, "max_file_mb": 16, "keep_versions": 1000, "max_streams": 5000, "max_streams_per_client": 50,
            "poll_seconds": 1}
    assert {k: OPTIONS[k].default for k in said} == said
    assert (settings.HOLD_SECONDS, guard.MAX_FILE_BYTES, history.KEEP) == (5, 16 * 1024 * 1024, 1000)
    assert (subscribers.MAX_STREAMS, subscribers.MAX_STREAMS_PER_CLIENT) == (5000, 50)
    assert (remote.INTERVAL, remote.LEAST_INTERVAL, remote.MOST_INTERVAL) == (1, 0.5, 600)
    assert (OPTIONS["poll_seconds"].low, OPTIONS["poll_seconds"].high) == (0.5, 600)
    # the server's address: the command line's, never a default of its own
    assert all(p.default is inspect.Parameter.empty for k, p in inspect.signature(listening).parameters.items()
               if k in ("host", "port"))
