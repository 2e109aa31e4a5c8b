"""The series page of a site of several events (``tiebreak site FILE... -o DIR --series POINTS``): the standings of
the series (:mod:`tiebreak.arbiter.series`) from each event's standings as the site shows them, each event's
contribution linked to the player's card in that event, the events linked from the page's menu; in every language,
``series/<lang>/index.html``, and linked from the site's root page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..arbiter.choices import SERIES_TIEBREAKS
from ..arbiter.series import Series, series
from ..engine.model import format_number
from ..engine.ranking import written_places
from ..render.i18n import LANGUAGES, message
from ..render.templating import environment, rows_html
from ..render.words import SERIES_WORDS
from .cells import Cell, _head, event_name, site_words
from .event import Event
from .team_event import TeamEvent

#: the series pages' folder inside the site
FOLDER = "series"


@dataclass(frozen=True)
class SeriesOptions:
    """``--series POINTS [--series-best K] [--series-tiebreaks LIST]``: how the series is counted."""

    points: str
    best: int | None = None
    tiebreaks: str = SERIES_TIEBREAKS


class Site(Protocol):
    """What the series pages read of a site (:class:`tiebreak.site.build.Site`, which imports this module): its
    events' files in order, the events, the series' options and each event's folder."""

    paths: list[str]
    events: dict[str, Event | TeamEvent]
    series: SeriesOptions | None

    def prefix(self, path: str) -> str: ...


def standings_of(site: Site) -> Series:
    """The series of the site's events, in the order they were given, from the standings each event's pages show."""
    assert site.series is not None, "a site with a series"
    events = []
    for path in site.paths:
        e = site.events[path]
        ind = e.ind
        events.append((event_name(ind), ind.current))
    return series(events, site.series.points, site.series.best, site.series.tiebreaks)


def _cell(site: Site, t: Series, k: int, row: Any, lang: str) -> Cell:
    """One event's contribution: the series points (in brackets when not counted), the place as a small note, a link
    to the player's card in that event."""
    x = row.results[k]
    if x is None:
        return {"text": "-"}
    points = format_number(x.points)
    place = str(x.place[0]) if x.place[0] == x.place[1] else f"{x.place[0]}-{x.place[1]}"
    return {"text": points if k in row.counted else f"({points})", "sub": f" {place}",
            "href": f"../../{site.prefix(site.paths[k])}{lang}/player-{x.start_no}.html"}


def page(site: Site, t: Series, lang: str) -> str:
    """The series page in ``lang``."""
    w, s = SERIES_WORDS, site_words(lang)
    heads = [_head(w.text("rank", lang), "rank"), _head(w.text("name", lang), "name"),
             *(_head(f"{k + 1}", abbr=name) for k, name in enumerate(t.events)), _head(w.text("total", lang), "pts"),
             *(_head(w.text(c.lower(), lang)) for c in t.tiebreaks)]
    rows = [{"cells": [{"text": place, "cls": "rank"}, {"text": r.name, "cls": "name", "head": True},
                       *(_cell(site, t, k, r, lang) for k in range(len(t.events))),
                       {"text": format_number(r.total), "cls": "pts"},
                       *({"text": format_number(-r.values[c] if c == "PLACES" else r.values[c])} for c in t.tiebreaks)]}
            for r, place in zip(t.rows, written_places([r.rank for r in t.rows]))]
    points = t.points.partition(":")[2]
    legend = [w.text("event", lang, n=k + 1, name=name) for k, name in enumerate(t.events)]
    legend.append(w.text("points_place", lang, points=points) if points else w.text("points_score", lang))
    if t.best:
        legend.append(w.text("counted", lang, best=t.best))
    legend += [w.text(c, lang) for c in t.tiebreaks] + [w.text("place_note", lang)]
    legend += [message(a, lang) for a in t.ambiguities]
    title = w.text("title", lang)
    first = f"../../{site.prefix(site.paths[0])}{lang}/"
    menu = [("index.html", title), *((f"../../{site.prefix(p)}{lang}/standings.html", name)
                                     for p, name in zip(site.paths, t.events))]
    return environment().get_template("site_tables.html").render(
        title=title, intro="", pager=[], legend=legend, html_sections="",
        tables=[{"id": "series", "caption": title, "heads": heads, "rows": rows_html(rows), "sticky": True}],
        lang=lang, languages=LANGUAGES, page="index.html", root="../../", s=s, menu=menu, event_name=title,
        footer=s["made_by"], search_action=first + "players.html")


def pages(site: Site) -> dict[str, bytes]:
    """The series pages of every language (site path -> bytes); none without a series."""
    if site.series is None:
        return {}
    t = standings_of(site)
    return {f"{FOLDER}/{lang}/index.html": page(site, t, lang).encode() for lang in LANGUAGES}
