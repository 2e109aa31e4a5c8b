"""The headings of the standings table (:mod:`tiebreak.views.standings` orders its columns, :mod:`tiebreak.arbiter.columns`
computes the player columns): one set of words for every face, the players' and the teams'.

>>> headings(["title", "fed", "rating"], "en")
['Tit', 'Fed', 'Rtg']
>>> from tiebreak.views.standings import column_order
>>> standings_headings(column_order(["fed", "title"], ["BH/C1"]), "ru")
['Место', '№', 'Зв', 'Участник', 'Фед', 'Очки', 'BH/C1']
>>> standings_headings(column_order([], ["GP", "MPVGP"]), "uk", team=("PTS", "MP"))
['Місце', '№', 'Команда', 'МО', 'ІО', 'MPVGP']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .words import COLUMN_HEADINGS, TEAM_WORDS, WORDS

if TYPE_CHECKING:
    from ..views.standings import Column


def headings(names: list[str], lang: str = "en") -> list[str]:
    """The headings of the player columns ``names`` in ``lang``."""
    return [COLUMN_HEADINGS.text(n, lang) for n in names]


def primary_name(primary: str, lang: str = "en") -> str:
    """The primary score as every face names it, so one page never says both: a team event's by the glossary's term
    (``MP`` / ``МО``, ``GP`` / ``ИО``), a players' event's points (``PTS``) as their column is headed.

    >>> primary_name("MP", "ru"), primary_name("PTS", "en"), primary_name("PTS", "uk")
    ('МО', 'Pts', 'Очки')
    """
    if primary == "PTS":
        return WORDS.text("points", lang)
    return TEAM_WORDS.text(primary.lower(), lang) if primary in ("MP", "GP") else primary


def key_heading(key: str, primary: str, lang: str = "en") -> str:
    """A team standings column's heading: the primary score (``PTS``, or its own code) and the match or game points
    by the glossary's name (``МО``, ``ИО``), as every face heads them; another column by its key (the JSON keys stay
    the codes).

    >>> key_heading("PTS", "MP", "ru"), key_heading("MP", "MP", "uk"), key_heading("PTS", "GP", "en")
    ('МО', 'МО', 'GP')
    >>> key_heading("BH", "MP", "ru"), key_heading("GP", "MP", "ru"), key_heading("GP", "MP", "uk")
    ('BH', 'ИО', 'ІО')
    """
    return primary_name(primary if key == "PTS" else key, lang)


def list_headings(codes: Sequence[str], primary: str = "PTS", lang: str = "en") -> list[str]:
    """A tie-break list as the standings table heads its columns: the primary score by its heading (``Pts`` /
    «Очки» for players; a team event's MP / «МО»), every other specifier as it is.

    >>> list_headings(["PTS", "BH/C1", "BH"], "PTS", "ru"), list_headings(["PTS", "MPVGP"], "MP", "uk")
    (['Очки', 'BH/C1', 'BH'], ['МО', 'MPVGP'])
    """
    if primary == "PTS":
        return [WORDS.text("points", lang) if c == "PTS" else c for c in codes]
    return [key_heading(c, primary, lang) for c in codes]


def standings_headings(columns: Sequence[Column], lang: str = "en", team: tuple[str, str] | None = None) -> list[str]:
    """The heading of each column of the standings table (:func:`tiebreak.views.standings.column_order`) in
    ``lang``; ``team``: a team event's first key and primary score (the points column is then the primary score,
    headed by its name: «МО»; the name column is the team's)."""
    fixed = {"rank": WORDS.text("rank", lang), "number": WORDS.text("number", lang),
             "name": WORDS.text("team" if team else "name", lang),
             "points": key_heading(*team, lang) if team else WORDS.text("points", lang)}
    return [COLUMN_HEADINGS.text(c.key, lang) if c.kind == "player"
            else (key_heading(c.key, team[1], lang) if team else c.key) if c.kind == "value" else fixed[c.kind]
            for c in columns]
