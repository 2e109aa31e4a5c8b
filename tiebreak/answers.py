"""The arbiter's questions on a file answered as data, one function per question for every face: the command line's
JSON and text, the API's answers and the page (which reads the API) are made from these, so they cannot say different
things.  Standings and explanations are :func:`tiebreak.service.render_standings` and :func:`tiebreak.service.explain`;
here are the check of published standings, the play-offs and the prizes.

>>> from tiebreak.service import Options
>>> awards, seed = prizes(Options(tiebreaks="PTS,BH/C1", no_lots=True), "examples/hobsons-bay-cup-2025.trf",
...                       "place,1,300\\nplace,2,100", "prizes", "shared", [])
>>> [(a["start_no"], a["amount"], a["left"]) for a in awards]    # nos. 7 and 9 tie on 6 points: 400 shared
[(7, Fraction(200, 1), Fraction(0, 1)), (9, Fraction(200, 1), Fraction(0, 1))]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import service
from .engine.errors import InputError, InputWarning, Place
from .engine.messages import Message, said
from .engine.model import format_number
from .render.i18n import Table, message

if TYPE_CHECKING:
    from .arbiter.check import Report
    from .arbiter.series import Series

#: the words of a shared prize's rest (context ``prize:<key>`` in the catalogues)
WORDS = Table("prize", {
    "left": "{names}: {pool} shared by {n}, {share} each; {left} left over (shares are rounded down to the cent)",
})


def check(o: service.Options, path: str, published_path: str | None, warnings: list[InputWarning],
          published_name: str | None = None) -> tuple[Report, dict[str, Any]]:
    """Published standings checked against ours (``tiebreak check``; the API's ``/api/check``): the report's JSON
    with the file names as the user knows them (``o.name``, ``published_name``) and the warnings of reading the
    file (and the report, which the text and HTML are written from).  The announced list is
    ``o.tiebreaks``/``o.preset``, else the published columns."""
    from .render.check import to_json_obj

    report = service.check_published(o, path, published_path, warnings)
    answer = to_json_obj(report, o.lang or "en")
    if published_path is None:
        answer["published"] = answer["source"]
    elif published_name:
        answer["published"] = published_name
    return report, answer | {"warnings": [str(w) for w in warnings], "said": said(report.notes, warnings)}


def playoffs(o: service.Options, path: str, places: str, after: int,
             warnings: list[InputWarning]) -> tuple[list[dict[str, Any]], int | None]:
    """Play-off groups for the tied ``places`` (``1,2``: Arbiters' Manual 13.2), played off after ``after``
    tie-breaks, each with its lines in ``o.lang``; the seed of the lots."""
    from .arbiter.playoff import plan_playoffs
    from .engine.numbers import NumberError, parse_int
    from .render.tools import playoff_lines

    s = service.final_standings(o, path, warnings)
    try:
        asked = [parse_int(x, 1, len(s.rows)) for x in places.split(",") if x.strip()]
    except NumberError as e:
        raise InputError(Message("place: {}", e), Place(field="places")) from None
    if not 0 <= after <= len(s.tiebreaks):
        raise InputError(Message("--after {} is outside 0..{}", after, len(s.tiebreaks)), Place(field="after"))
    team = service.is_team(s)
    return [{"places": list(g.places), "players": g.players, "format": g.format, "stages": g.stages,
             "eliminated": g.eliminated, "team": team, "text": playoff_lines(g, team, o.lang)}
            for g in plan_playoffs(s, asked, after)], s.seed


def prizes(o: service.Options, path: str, text: str, source: str, method: str,
           warnings: list[InputWarning]) -> tuple[list[dict[str, Any]], int | None]:
    """The prize list ``text`` (lines place,N,amount or category,EXPR,amount; ``source`` names it in errors)
    distributed by ``method``:
    rank, start number, name, prize, amount and, for a shared prize, the pool and what is left of it once the shares
    are rounded down to the cent."""
    from .arbiter.prizes import distribute, parse_prizes

    s = service.final_standings(o, path, warnings)
    return [{"rank": s.row(a.start_no).rank, "start_no": a.start_no, "name": s.row(a.start_no).name,
             "prize": message(a.prize, o.lang) if isinstance(a.prize, Message) else a.prize,  # else the user's name
             "amount": a.amount, "pool": a.pool, "left": a.left}
            for a in distribute(s, parse_prizes(text, source), method)], s.seed


def prize_rests(awards: list[dict[str, Any]], lang: str = "en") -> list[str]:
    """One line for each shared prize whose shares, rounded down to the cent, leave something over."""
    lines: dict[str, str] = {}
    for a in awards:
        if a.get("left"):
            n = sum(1 for b in awards if b["prize"] == a["prize"])
            lines[a["prize"]] = WORDS.text("left", lang, names=a["prize"], pool=format_number(a["pool"], 2), n=n,
                                           share=format_number(a["amount"], 2), left=format_number(a["left"], 2))
    return list(lines.values())


def series(o: service.Options, paths: list[str], points: str, best: int | None, tiebreaks: str,
           warnings: list[InputWarning]) -> Series:
    """The standings of the series of the events ``paths`` (each one's players' final standings under ``o``), by
    ``points`` (``place:25,18,15`` or ``score``), the best ``best`` events counted; an event that cannot be read is
    an error naming it."""
    from .arbiter.series import series as series_standings

    events = []
    for path in paths:
        s = service.individual_standings(o, path, warnings)
        events.append((s.tournament.name or path, s))
    return series_standings(events, points, best, tiebreaks)
