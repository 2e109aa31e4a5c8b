"""The team legend and the primary score's name, worded by the team tables of :mod:`tiebreak.render.words`
(``TEAM_WORDS``, ``TEAM_NAMES``), and the catalogue of team tie-breaks in words.

>>> TEAM_NAMES.text("EDE", "ru")
'Расширенная личная встреча'
>>> from tiebreak.engine.team import parse_team
>>> team_legend([parse_team("BH:GP/C1")], "uk")
['BH:GP/C1   Бухгольц, скорочення-1 (C.07 8.1, 16)']
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

from ..engine.specifier import TieBreakSpec
from ..engine.team import TEAM_CATALOGUE, TEAM_MODIFIERS
from ..engine.team_tiebreaks import TEAM_ALIASES
from .columns import key_heading, primary_name
from .output import legend_line
from .words import TEAM_NAMES, TEAM_WORDS

__all__ = ["TEAM_NAMES", "TEAM_WORDS", "key_heading", "primary_name",
           "team_catalogue", "team_legend", "team_modifiers"]


def team_legend(specs: Sequence[TieBreakSpec], lang: str = "en", primary: str | None = None) -> list[str]:
    """One line per team tie-break of the list: specifier, name in ``lang``, cut, source article; with ``primary``
    the primary score (``PTS``, or its own code) is named as its column is headed (:func:`key_heading`)."""
    lines = []
    for spec in specs:
        label = None
        if primary in ("MP", "GP") and spec.code in ("PTS", primary):  # "МО  Матчевые очки (C.07 11.1.1)"
            spec, label = replace(spec, code=primary), key_heading(primary, primary, lang)
        d = TEAM_CATALOGUE.get(spec.code)
        if d is None:
            continue
        lines.append(legend_line(spec, TEAM_NAMES.text(spec.code, lang), d.article, lang, label))
    return lines


def team_modifiers(code: str) -> str:
    """The modifier letters a team code takes (besides R and V, which every code takes)."""
    return TEAM_MODIFIERS.get(code, "")


def team_catalogue(lang: str = "en") -> list[dict[str, Any]]:
    """Every team tie-break as the API lists it (``team`` true): code, name in ``lang``, article, kind (A: among the
    tied teams; B: a value per team), modifiers; ``MPTS``/``GPTS`` are accepted for MP/GP.

    >>> [d for d in team_catalogue() if d["code"] == "EMGSB"][0]["modifiers"]
    'CMPSRV'
    """
    return [{"code": code, "name": TEAM_NAMES.text(code, lang), "article": d.article,
             "type": "A" if d.group is not None else "B", "modifiers": team_modifiers(code) + "RV", "family": "team",
             "team": True, "aliases": [a for a, c in TEAM_ALIASES.items() if c == code]}
            for code, d in TEAM_CATALOGUE.items()]
