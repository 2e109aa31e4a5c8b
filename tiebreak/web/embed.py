"""The embeddable live view (``/embed``): the standings' top N, the whole standings, or one player's line, for an
organiser's own page.

An ``<iframe src="https://live.example/embed?top=10&lang=ru">``, or the web component of ``/static/embed.js``
(``<tiebreak-live top="10" lang="ru">``, which makes that iframe), in the organiser's language, sized for a phone.
The page comes with its parts made by the server from the version served (:func:`tiebreak.render.live_tables.
embed_parts`: the places and points as the live screen's standings write them); its script (``/static/embed-page.js``)
follows ``/api/live/events`` and swaps in the next version's parts (``/embed/parts``), as the live page does its
tables.  ``player=N`` follows one player: their place, their game (the opponent, the last move in a broadcast) and
their next opponent once paired.  ``mode``: ``top`` (the top N, and the player followed below them), ``standings``
(every row), ``player`` (the followed player's line alone).  The parts are made once per version, language and query
(in the live reads' threads, kept as the live screen's tables are: :class:`tiebreak.web.live_tables.LiveTables`).
"""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from ..live.event import LiveEvent
from ..render.i18n import LANGUAGES
from ..render.live_tables import embed_parts
from ..render.templating import environment
from ..render.words import LIVE_WORDS, WORDS
from .errors import no_live_event as missing
from .fields import EventName, LiveLang, Player
from .live_tables import Body, Key, LiveTables, Tables, answer, packed

#: the most rows the embedded top N shows
MAX_TOP = 100
#: what the embedded view shows: the top N, the whole standings, one player's line
MODES = ("top", "standings", "player")
Top = Annotated[int, Query(ge=1, le=MAX_TOP)]
Mode = Annotated[str, Query(pattern=f"^({'|'.join(MODES)})$")]

router = APIRouter()


def _parts(tables: LiveTables, e: LiveEvent, lang: str, top: int, player: int | None, mode: str) -> dict[str, str]:
    """(In a live reads' thread) the parts of the version served."""
    with e.lock:  # a version being published is whole before the lock is let go
        text = e.text
    doc = json.loads(text, parse_float=str)  # the numbers as the text the API wrote them
    tables.renders += 1
    return {k: str(v) for k, v in embed_parts(doc, lang, top, player, mode).items()}


async def _made(tables: LiveTables, e: LiveEvent, lang: str, top: int, player: int | None,
                mode: str) -> dict[str, str]:
    """The parts of the version served, made once per version, language and query (a player's kept apart, as a
    player's history is)."""
    return await tables.get(Key[dict[str, str]]("embed", tables.stamp(e, False), (lang, top, player, mode)),
                            lambda: _parts(tables, e, lang, top, player, mode), player=player is not None)


@router.get("/embed", response_class=Response, include_in_schema=False)
async def embed(tables: Tables, event: EventName = None, lang: LiveLang = "en", top: Top = 10, player: Player = None,
                mode: Mode = "top") -> Response:
    lang = lang if lang in LANGUAGES else "en"
    mode = mode if mode != "player" or player is not None else "top"
    e = tables.hub.events.shown(event)
    parts = await _made(tables, e, lang, top, player, mode) if e is not None else None
    words = {k: table.text(k, lang) for table in (WORDS, LIVE_WORDS) for k in table}
    page = environment().get_template("embed.html").render(
        lang=lang, w=words, event=e.name if e is not None else (event or ""), top=top, player=player, mode=mode,
        parts=parts)
    return Response(page, media_type="text/html; charset=utf-8", headers={"Cache-Control": "no-cache"})


@router.get("/embed/parts", response_class=Response, include_in_schema=False)
async def embed_fragment(request: Request, tables: Tables, event: EventName = None, lang: LiveLang = "en",
                         top: Top = 10, player: Player = None, mode: Mode = "top") -> Response:
    """The embed's parts of the version served, each one element with its ``id`` (the page's script swaps them)."""
    lang = lang if lang in LANGUAGES else "en"
    mode = mode if mode != "player" or player is not None else "top"
    e = tables.hub.events.shown(event)
    if e is None:
        return missing(event, lang)
    parts = await _made(tables, e, lang, top, player, mode)
    key = Key[Body]("embed-html", tables.stamp(e, False), (lang, top, player, mode))
    body = await tables.get(key, lambda: packed("\n".join(parts.values()).encode("utf-8")), player=player is not None)
    return answer(body, request)
