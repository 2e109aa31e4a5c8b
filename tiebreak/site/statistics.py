"""The statistics page of either kind of event, the view of :mod:`tiebreak.views.statistics` in words: results by
colour round by round and overall (with each share of the games played over the board), forfeits and byes, the
players of each federation and of each rating band."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine.model import format_number
from ..render.i18n import percent
from ..views.statistics import BAND, ColourRow, statistics
from .cells import _head, site_words
from .event import Event


def statistics_page(e: Event, lang: str) -> dict[str, Any]:
    """The page's context (``site_tables.html``) of the players' event ``e`` (a team event's board games)."""
    s = site_words(lang)
    st = statistics(e.tournament, e.rounds[:e.last_round])

    def row(r: ColourRow) -> dict[str, Any]:
        def share(n: int) -> str:  # the share of the games played over the board, on the row of all rounds
            if r.round is None and r.played:
                return f"{n} ({percent(format_number(Fraction(100 * n, r.played), 1), lang)})"
            return str(n)

        head = {"text": str(r.round) if r.round else s["all_rounds"], "head": True, "cls": "left"}
        return {"cls": "" if r.round else "total", "cells": [
            head, {"text": share(r.white), "data": "white"}, {"text": share(r.draws), "data": "draws"},
            {"text": share(r.black), "data": "black"}, {"text": str(r.forfeits), "data": "forfeits"},
            {"text": str(r.byes), "data": "byes"}]}

    colours = {"id": "colours", "caption": s["results_by_colour"], "sticky": False,
               "heads": [_head(s["round_n"].format(k="").strip(), "left"), _head(s["white_wins"]), _head(s["draws"]),
                         _head(s["black_wins"]), _head(s["forfeits"]), _head(s["byes"])],
               "rows": [*(row(r) for r in st.rounds), row(st.total)], "after": s["statistics_note"]}
    federations = {"id": "federations", "caption": s["federations"], "sticky": False,
                   "heads": [_head(s["federation"], "left"), _head(s["players"])],
                   "rows": [{"cells": [{"text": fed or s["none_given"], "head": True, "cls": "left"},
                                       {"text": str(n)}]} for fed, n in st.federations]}
    bands = {"id": "bands", "caption": s["rating_bands"], "sticky": False,
             "heads": [_head(s["rating"], "left"), _head(s["players"])],
             "rows": [{"cells": [{"text": f"{low}–{low + BAND - 1}" if low is not None else s["unrated"], "head": True,
                                  "cls": "left"}, {"text": str(n)}]} for low, n in st.bands]}
    return {"title": s["statistics"], "tables": [colours, federations, bands]}
