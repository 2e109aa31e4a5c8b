"""The heavy work of the API, run in a worker process (:mod:`tiebreak.web.workers`): plain functions of the
standings options (:class:`tiebreak.service.Options`), the path of the uploaded file and the endpoint's own fields,
answering bytes or JSON text.  Nothing here knows about HTTP; refusals are :class:`~tiebreak.web.errors.ApiError`.

>>> from tiebreak import service
>>> text, seed = standings(service.Options(tiebreaks="PTS,BH/C1", seed=1), "examples/hobsons-bay-cup-2025.trf")
>>> b'"start_no": 7' in text, seed
(True, 1)
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from .. import service
from ..engine.errors import InputWarning
from ..render import output


def _bytes(body: str | bytes) -> bytes:
    return body if isinstance(body, bytes) else body.encode("utf-8")


def standings(o: service.Options, path: str) -> tuple[bytes, int | None]:
    """The standings in ``o.format`` (the command line's JSON, or a download), and the seed of the lots."""
    warnings: list[InputWarning] = []
    body, _notes, s = service.render_standings(o, path, warnings)
    return _bytes(body), s.seed


def explain(o: service.Options, path: str, numbers: list[int]) -> tuple[bytes, int | None]:
    """How each value of one player (in a team event: of a team) was made, or what separated two; the seed."""
    result = service.explain(o, path, numbers, [])
    return _bytes(output.dumps_exact(result)), result["seed"]


def check(o: service.Options, path: str, published: tuple[str, bytes] | None, names: tuple[str, str]) -> bytes:
    """Published standings checked against ours (``published``: file name and bytes of an export, or None);
    ``names``: the tournament file's and the export's names as the user knows them, which the report gives (never
    the server's temporary files)."""
    from ..render.check import to_json_obj

    if published is None:
        report = service.check_published(o, path, None, [])
    else:  # a folder of its own: the tournament may be a bundled example, whose folder is never written to
        with tempfile.TemporaryDirectory(prefix="tiebreak-published-") as tmp:
            target = Path(tmp) / published[0]
            target.write_bytes(published[1])
            report = service.check_published(o, path, str(target), [])
    answer = to_json_obj(report) | {"source": names[0], "published": names[1] if published else names[0]}
    return _bytes(output.dumps_exact(answer))


def playoffs(o: service.Options, path: str, places: list[int]) -> tuple[bytes, int | None]:
    """Play-off groups for the tied ``places`` (Arbiters' Manual 13.2)."""
    from ..arbiter.playoff import plan_playoffs, playoff_lines

    s = service.final_standings(o, path, [])
    team = service.is_team(s)
    groups = [{"places": list(g.places), "players": g.players, "format": g.format, "stages": g.stages,
               "eliminated": g.eliminated, "team": team, "text": playoff_lines(g, team, o.lang)}
              for g in plan_playoffs(s, places)]
    return _bytes(output.dumps_exact(groups)), s.seed


def prizes(o: service.Options, path: str, text: str, method: str) -> tuple[bytes, int | None]:
    """The prizes of ``text`` (lines kind,place,amount) distributed by ``method``."""
    from ..arbiter.prizes import distribute, parse_prizes

    s = service.final_standings(o, path, [])
    awards = distribute(s, parse_prizes(text, "prizes", o.lang), method, lang=o.lang)
    return _bytes(output.dumps_exact([{"rank": s.row(a.start_no).rank, "start_no": a.start_no,
                                       "name": s.row(a.start_no).name, "prize": a.prize, "amount": a.amount}
                                      for a in awards])), s.seed


def translate_all(texts: list[str], lang: str) -> list[str]:
    """Notes and warnings of an answer in ``lang`` (in the handler when short, else in a worker process)."""
    from .words import translate

    return [translate(t, lang) for t in texts]
