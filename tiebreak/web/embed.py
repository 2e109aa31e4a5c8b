"""The embeddable live view (``/embed``): the standings' top N, the whole standings, or one player's line, for an
organiser's own page.

An ``<iframe src="https://live.example/embed?top=10&lang=ru">``, or the web component of ``/static/embed.js``
(``<tiebreak-live top="10" lang="ru">``, which makes that iframe), in the organiser's language, sized for a phone.
The page is a small shell: its script (``/static/embed-page.js``) reads ``/api/live`` and follows
``/api/live/events`` as the live page does.  ``player=N`` follows one player: their place, their game (board,
opponent, the position in a broadcast) and their next opponent once paired.  ``mode``: ``top`` (the top N, and the
player followed below them), ``standings`` (every row), ``player`` (the followed player's line alone).
"""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse

from ..live.watch import LiveHub
from ..render.columns import primary_name
from ..render.i18n import LANGUAGES
from ..render.templating import environment
from ..render.words import LIVE_WORDS, WORDS
from .fields import EventName, LiveLang, Player

#: the most rows the embedded top N shows
MAX_TOP = 100
#: what the embedded view shows: the top N, the whole standings, one player's line
MODES = ("top", "standings", "player")


async def watched(request: Request) -> LiveHub:
    """(Dependency) the hub of the server's live face (:func:`tiebreak.web.live.install`)."""
    hub: LiveHub = request.app.state.live.hub
    return hub


router = APIRouter()


@router.get("/embed", response_class=HTMLResponse, include_in_schema=False)
async def embed(hub: Annotated[LiveHub, Depends(watched)],
                event: EventName = None, lang: LiveLang = "en",
                top: Annotated[int, Query(ge=1, le=MAX_TOP)] = 10,
                player: Player = None,
                mode: Annotated[str, Query(pattern=f"^({'|'.join(MODES)})$")] = "top") -> HTMLResponse:
    lang = lang if lang in LANGUAGES else "en"
    e = hub.event(event)
    words = {k: table.text(k, lang) for table in (WORDS, LIVE_WORDS) for k in table}
    words |= {f"primary_{k}": primary_name(k.upper(), lang) for k in ("mp", "gp")}  # a team event's points
    page = environment().get_template("embed.html").render(
        lang=lang, w=words, event=e.name if e is not None else (event or ""), top=top, player=player,
        mode=mode if mode != "player" or player is not None else "top",
        words_json=json.dumps(words, ensure_ascii=False).replace("<", "\\u003c"))
    return HTMLResponse(page, headers={"Cache-Control": "no-cache"})
