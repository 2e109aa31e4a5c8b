"""Prizes (``tiebreak prizes``, the API's ``/api/prizes``): a prize list distributed on the final standings.

>>> from tiebreak.app.options import Options
>>> paid = prizes(Options(tiebreaks="PTS,BH/C1", no_lots=True), "examples/hobsons-bay-cup-2025.trf",
...               "place,1,300\\nplace,2,100", "prizes", "shared", [])
>>> [(a["start_no"], a["amount"], a["left"]) for a in paid.awards]    # nos. 7 and 9 tie on 6 points: 400 shared
[(7, Fraction(200, 1), Fraction(0, 1)), (9, Fraction(200, 1), Fraction(0, 1))]
>>> sorted(paid.to_json_obj("en"))                                    # the awards with the standings' notes
['awards', 'notes', 'said', 'seed', 'warnings']
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..arbiter.prizes import allocate, parse_prizes
from ..engine.errors import InputWarning
from ..engine.messages import Message
from ..engine.model import format_number
from ..engine.ranking import place_texts
from ..render.i18n import message
from ..render.output import worded
from ..render.tools import prizes_html
from ..render.words import PRIZE_WORDS
from .load import event_date
from .options import Options
from .standings import final_standings


@dataclass(frozen=True)
class Prizes:
    """A prize list paid on the standings: the ``awards`` (rank, place, start number, name, prize, amount, pool, left,
    lot: the rank, place and lot as the standings' JSON has them, ``5-9`` a place shared, ``lot`` the lot that
    placed the player, None when none did), the
    ``seed`` of the lots that placed the tied, and the standings' ``notes`` and ``warnings`` (an event in play says
    the round its standings are after and the games still pending; a lot its seed), as every face gives them."""

    awards: list[dict[str, Any]]
    seed: int | None
    notes: list[str]
    warnings: list[InputWarning]
    #: the event's own date, which dates the page (:func:`~tiebreak.app.load.event_date`)
    date: datetime.date | None = None
    #: the event's name, which titles the page as it titles the standings' download (None: the file has none)
    title: str | None = None

    def to_json_obj(self, lang: str = "en") -> dict[str, Any]:
        """The JSON answer (``tiebreak prizes --format json``, ``/api/prizes``): ``awards``, ``seed``, then the notes
        and warnings worded in ``lang`` and as messages (``said``), as the other JSON answers give them."""
        return {"awards": self.awards, "seed": self.seed} | worded(self.notes, self.warnings, lang)


def prizes(o: Options, path: str, text: str, source: str, method: str, warnings: list[InputWarning]) -> Prizes:
    """The prize list ``text`` (lines place,N,amount or category,EXPR,amount; ``source`` names it in errors)
    distributed by ``method``: rank, place, start number, name, prize, amount and, for a shared prize, the pool and
    what is left of it once the shares are rounded down to the cent, and the lot that placed the player; with the
    standings' notes and warnings, and a note for each prize paid to no one."""
    s = final_standings(o, path, warnings)
    allocation = allocate(s, parse_prizes(text, source), method)
    place = place_texts({r.start_no: r.rank for r in s.rows})  # as the standings' JSON writes it (5-9 shared)
    awards = [{"rank": s.row(a.start_no).rank, "place": place[a.start_no], "start_no": a.start_no,
               "name": s.row(a.start_no).name,
               "prize": message(a.prize, o.lang) if isinstance(a.prize, Message) else a.prize,  # else the user's name
               "amount": a.amount, "pool": a.pool, "left": a.left, "lot": s.row(a.start_no).lot,
               "playoff": a.start_no in s.decided}
              for a in allocation.awards]
    unpaid = [Message("{} is not awarded: no eligible player is left for it (each player receives one prize, the best)",
                      p.name) for p in allocation.unpaid]
    return Prizes(awards, s.seed, [*s.notes, *unpaid], list(s.warnings), event_date(s.tournament),
                  s.tournament.name or None)


def prize_rests(awards: list[dict[str, Any]], lang: str = "en") -> list[str]:
    """One line for each shared prize whose shares, rounded down to the cent, leave something over: the share of each
    (shared equally), or each player's in turn under Hort, where the place holders' differ (``27.27, 2.27 × 10``).

    >>> from fractions import Fraction as F
    >>> hort = [{"prize": "place 4 (hort)", "amount": F(2727, 100), "pool": F(50), "left": F(3, 100)}] + 10 * [
    ...     {"prize": "place 4 (hort)", "amount": F(227, 100), "pool": F(50), "left": F(3, 100)}]
    >>> prize_rests(hort)[0].split(": ")[-1]
    '27.27, 2.27 × 10; 0.03 left over (shares are rounded down to the cent)'
    """
    lines: dict[str, str] = {}
    for a in awards:
        if a.get("left") and a["prize"] not in lines:
            shares = [b["amount"] for b in awards if b["prize"] == a["prize"]]
            words = dict(names=a["prize"], pool=format_number(a["pool"], 2), n=len(shares),
                         left=format_number(a["left"], 2))
            if len(set(shares)) == 1:
                lines[a["prize"]] = PRIZE_WORDS.text("left", lang, share=format_number(shares[0], 2), **words)
            else:
                lines[a["prize"]] = PRIZE_WORDS.text("left_hort", lang, shares=_runs(shares), **words)
    return list(lines.values())


def _runs(amounts: list[Any]) -> str:
    """The amounts in turn, a run of equal ones written once with its count: ``27.27, 2.27 × 10``."""
    runs: list[list[Any]] = []
    for x in amounts:
        if runs and runs[-1][0] == x:
            runs[-1][1] += 1
        else:
            runs.append([x, 1])
    return ", ".join(format_number(x, 2) + (f" × {k}" if k > 1 else "") for x, k in runs)


def prizes_page(paid: Prizes, lang: str, path: str) -> str:
    """The prize table of the file at ``path`` as a page (``tiebreak prizes --format html``), titled by the event's
    name (else the file's) and dated by the event, as the standings' download; the standings' notes and warnings
    under it."""
    return prizes_html(paid.awards, prize_rests(paid.awards, lang), lang, paid.title or Path(path).name, paid.date,
                       said(paid, lang), paid.seed)


def said(paid: Prizes, lang: str) -> tuple[list[str], list[str]]:
    """The notes and the warnings of the prizes, worded in ``lang`` (as the standings' page words them)."""
    texts = worded(paid.notes, paid.warnings, lang)
    return texts["notes"], texts["warnings"]
