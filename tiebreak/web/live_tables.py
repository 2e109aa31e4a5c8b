"""The live screen's HTML: the page ``/live`` with the current tables already in it (reading needs no script) and
``/live/tables``, the same tables alone, which the page's script fetches at each new version and swaps in.

The tables are made by :func:`tiebreak.render.live_tables.live_parts` from the version's JSON document, once per
version, language, view (teams or players) and arrows (since the version or the round), in the live reads' own
threads (never on the event loop, never in the threads the rest of the server needs); every viewer of that version
then gets the same bytes.  A version's parts change within the version only when its odds come or its public warning
changes: both are part of the key.  When many viewers ask at once for a version not yet made, one makes it and the
others wait for it (one render per key), and the parts of an event's older versions are dropped when a newer one is
made.
"""

from __future__ import annotations

import asyncio
import gzip
import json
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Annotated, Generic, TypeVar, cast

import anyio
from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.responses import HTMLResponse, Response

from ..live.event import LiveEvent
from ..live.watch import LiveHub
from ..render.i18n import LANGUAGES
from ..render.live_tables import PARTS, history_part, live_parts
from ..render.table_style import TABLE_CSS
from ..render.templating import environment
from ..render.words import LIVE_WORDS, WORDS
from ..site.build import style_sheet
from .errors import ApiError, error_response
from .errors import no_live_event as missing
from .fields import MAX_NAME, EventName, Player, PlayerGiven, QueryWord
from .fields import LiveLang as Lang
from .live_card import LiveCards, card_page_name
from .page_words import translate

#: pages and fragments kept (the newest version's of each event and view; older ones are dropped when made)
KEPT = 96
#: players' histories kept (and the pages that show one), apart from the tables
HISTORIES = 512
T = TypeVar("T")
V = TypeVar("V", covariant=True)
#: a page or a fragment as sent: its bytes and their gzip (:func:`packed`)
Body = tuple[bytes, bytes]
#: a version's parts of the live screen, and the event's title
Parts = tuple[dict[str, str], str]


@dataclass(frozen=True)
class Stamp:
    """What the tables of a version depend on, read on the event loop without reading the document: the event, its
    version, whether its odds have come, its public warning, and whether the players' view of a team event is
    shown."""

    event: str
    version: int
    odds: bool = False
    warning: str | None = None
    players: bool = False


@dataclass(frozen=True)
class Key(Generic[V]):
    """The key of one made thing, typed by what it is (``V``: :data:`Body`, :data:`Parts`, a history's HTML...):
    ``kind`` names it (``parts``, ``page``, ``tables``, ``embed``...), ``stamp`` the version it shows, ``rest`` what
    else it depends on (language, view, player...).  A newer version's thing of a kind drops the older ones of its
    event."""

    kind: str
    stamp: Stamp
    rest: tuple[Hashable, ...] = ()


class LiveTables:
    """The made pages and fragments of the live screen, and the work of making them (one at a time per key).  What
    is kept under a :class:`Key` was made by the maker given with that key, so it is of the key's type."""

    def __init__(self, hub: LiveHub, reads: anyio.CapacityLimiter) -> None:
        self.hub, self.reads = hub, reads
        self.kept: OrderedDict[Key[object], object] = OrderedDict()
        self.histories: OrderedDict[Key[object], object] = OrderedDict()  # a player's history, the page showing it
        self.making: dict[Key[object], asyncio.Future[object]] = {}
        #: how many times parts were made (each key once while it is kept)
        self.renders = 0
        self.cards = LiveCards()  # the live cards' events (tiebreak.web.live_card)

    @staticmethod
    def stamp(e: LiveEvent, players: bool) -> Stamp:
        """What the tables of ``e`` depend on, read on the event loop without reading the document."""
        doc = e.document
        return Stamp(e.name, e.version, bool(doc and doc.get("odds")), e.warning, players and bool(e.players_text))

    async def get(self, key: Key[T], make: Callable[[], T], player: bool = False) -> T:
        """The thing of ``key``: kept, or being made by another request (waited for), or made now in a live reads'
        thread.  A viewer that goes away does not stop the work the others wait for.  ``player``: what one
        player's history makes, kept apart (at most :data:`HISTORIES`), so that it never pushes out the tables."""
        kept = (self.histories if player else self.kept).get(key)
        if kept is not None:
            return cast(T, kept)  # kept under its key: made by a maker of the key's type
        work = self.making.get(key)
        if work is None:
            maker: Callable[[], object] = make  # kept as the key's type once made
            work = self.making[key] = asyncio.ensure_future(anyio.to_thread.run_sync(maker, limiter=self.reads))
            work.add_done_callback(lambda f: self._done(key, f, self.histories if player else self.kept,
                                                        HISTORIES if player else KEPT))
        return cast(T, await asyncio.shield(work))  # (as above)

    def _done(self, key: Key[object], f: asyncio.Future[object], kept: OrderedDict[Key[object], object],
              most: int) -> None:
        self.making.pop(key, None)
        if f.cancelled() or f.exception() is not None:
            return
        for old in [k for k in kept if k.kind == key.kind and k.stamp.event == key.stamp.event
                    and k.stamp.version < key.stamp.version]:
            del kept[old]  # an older version of the same event
        kept[key] = f.result()
        while len(kept) > most:
            kept.popitem(last=False)

    def parts(self, e: LiveEvent, players: bool, lang: str, arrows: str) -> Parts:
        """(In a live reads' thread) the parts of the version served, and the event's title."""
        with e.lock:  # a version being published is whole before the lock is let go
            text = e.players_text if players and e.players_text else e.text
            warning = e.warning
        doc = json.loads(text, parse_float=str)  # the numbers as the text the API wrote them
        cross = json.loads(e.crosstable_json(players))["rows"]
        self.renders += 1
        said = doc.get("said") or {}  # the notes and warnings as messages, worded in the reader's language
        notes, warnings = ([translate(json.dumps(x, ensure_ascii=False), lang) for x in said.get(k, [])]
                           for k in ("notes", "warnings"))
        parts = {k: str(v) for k, v in live_parts(doc, cross, lang, arrows, warning, self.hub.history is not None,
                                                  (notes, warnings)).items()}
        return parts, str(doc["tournament"].get("name") or e.name)

    async def made(self, e: LiveEvent, players: bool, lang: str, arrows: str) -> tuple[Key[Parts], Parts]:
        """The key of the version's parts and the parts (made once, shared by the page and the fragment)."""
        key = Key[Parts]("parts", self.stamp(e, players), (lang, arrows))
        return key, await self.get(key, lambda: self.parts(e, players, lang, arrows))

    def history(self, e: LiveEvent, player: int, lang: str) -> str:
        """(In a live reads' thread) the history section of ``player`` (a team's number in a team event)."""
        assert self.hub.history is not None  # asked only of a server that keeps history
        versions = self.hub.history.player(e.name, player)
        with e.lock:
            text = e.text
        doc = json.loads(text)
        names = {int(r["start_no"]): str(r["name"]) for r in doc["standings"]}
        team = doc["live"].get("view") == "teams"  # a team event's history is its teams'
        return str(history_part(versions, lang, names.get(player, f"#{player}"), team))

    @staticmethod
    def page(made: Parts | None, lang: str, hall: bool, event: str, players: bool,
             team: bool, events: list[str], history: str | None = None) -> bytes:
        """The whole page around the parts ``made`` (None: no event is published); ``history`` a player's."""
        words = {k: table.text(k, lang) for table in (WORDS, LIVE_WORDS) for k in table}
        parts, title = made if made is not None else (dict.fromkeys(PARTS, ""), "")
        if history is not None:
            parts = parts | {"history": history}
        return environment().get_template("live.html").render(
            lang=lang, w=words, languages=LANGUAGES, table_css=TABLE_CSS, parts=parts, hall=hall, title=title,
            events=events, event=event, players=players, team=team, broadcast=event.lower().endswith(".pgn"),
            words_json=json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")).encode("utf-8")


#: the query's fields (:mod:`tiebreak.web.fields`: an event's name as long as the API takes it; the rest short words)
Arrows = QueryWord
Screen = QueryWord


def packed(body: bytes) -> Body:
    """The bytes and their gzip (made once with them: a 2,000-player event's tables are about 1.3 MB, 0.1 MB
    compressed, sent to every viewer of the version)."""
    return body, gzip.compress(body, 6, mtime=0)


def made_card(body: bytes | None) -> Body | None:
    return packed(body) if body is not None else None


def answer(body: Body, request: Request, status: int = 200) -> Response:
    """The HTML, compressed when the client takes gzip."""
    headers = {"cache-control": "no-cache", "vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(body[1], status, media_type="text/html; charset=utf-8",
                        headers=headers | {"content-encoding": "gzip"})
    return Response(body[0], status, media_type="text/html; charset=utf-8", headers=headers)


async def current_tables(request: Request) -> LiveTables:
    """(Dependency) the live screen's tables of this server (:func:`install` puts them in the app's state)."""
    tables: LiveTables = request.app.state.live_tables
    return tables


Tables = Annotated[LiveTables, Depends(current_tables)]
router = APIRouter()


def install(app: FastAPI, hub: LiveHub, reads: anyio.CapacityLimiter) -> LiveTables:
    """Add ``/live``, ``/live/tables``, ``/live/history`` and ``/live/cards`` to ``app``; the :class:`LiveTables`
    that keeps what they serve (and the embed's parts, :mod:`tiebreak.web.embed`)."""
    tables = app.state.live_tables = LiveTables(hub, reads)
    app.include_router(router)
    return tables


@router.get("/live", response_class=HTMLResponse, include_in_schema=False)
async def page(request: Request, tables: Tables, event: EventName = None, lang: Lang = "en", players: bool = False,
               arrows: Arrows = "version", screen: Screen = "",
               player: Player = None) -> Response:
    """The live screen with the tables of the version served already in it (``player``: that player's history
    shown below them; ``screen=hall``: the screen for a hall's wall)."""
    hub = tables.hub
    lang = lang if lang in LANGUAGES else "en"
    arrows = "round" if arrows == "round" else "version"
    e = hub.events.shown(event)  # none yet (or no such event: 404): the page says no event is published, and waits
    events = [x.name for x in hub.events.published()]
    hall, made, key = screen == "hall", None, Key[Parts]("parts", Stamp("", 0), (lang, arrows))
    if e is not None:
        key, made = await tables.made(e, players, lang, arrows)
    name, team, view = (e.name, e.players is not None, players) if e is not None else ("", False, False)
    shown = None  # a player's history (a link of the tables, without the page's script)
    if e is not None and player is not None and hub.history is not None and not (team and players):
        shown = await tables.get(Key[str]("history", key.stamp, (player, lang)), lambda: tables.history(e, player, lang),
                                 player=True)
    body = await tables.get(Key[Body]("page", key.stamp, (key, hall, tuple(events), player if shown else None)),
                            lambda: packed(tables.page(made, lang, hall, name, view, team, events, shown)),
                            player=shown is not None)
    status = 404 if e is None and event is not None and event not in hub.events else 200
    return answer(body, request, status)


@router.get("/live/tables", response_class=HTMLResponse, include_in_schema=False)
async def fragment(request: Request, tables: Tables, event: EventName = None, lang: Lang = "en",
                   players: bool = False, arrows: Arrows = "version",
                   version: int | None = Query(None, ge=0)) -> Response:
    """The live screen's tables of the version served (``version`` only tells caches apart): each part one
    element with its ``id``, made once per version, language, view and arrows."""
    lang = lang if lang in LANGUAGES else "en"
    arrows = "round" if arrows == "round" else "version"
    e = tables.hub.events.shown(event)
    if e is None:
        return missing(event, lang)
    key, (parts, _) = await tables.made(e, players, lang, arrows)
    body = await tables.get(Key[Body]("tables", key.stamp, (key,)), lambda: packed("\n".join(parts.values()).encode("utf-8")))
    return answer(body, request)


@router.get("/live/history", response_class=HTMLResponse, include_in_schema=False)
async def history(request: Request, tables: Tables, player: PlayerGiven, event: EventName = None,
                  lang: Lang = "en") -> Response:
    """One player's (team's) history as the page shows it: made once per version, player and language."""
    lang = lang if lang in LANGUAGES else "en"
    e = tables.hub.events.shown(event)
    if e is None:
        return missing(event, lang)
    if tables.hub.history is None:
        return error_response(ApiError(404, "this server keeps no history"), lang)
    stamp = tables.stamp(e, False)
    body = await tables.get(Key[Body]("history-html", stamp, (player, lang)),
                            lambda: packed(tables.history(e, player, lang).encode("utf-8")), player=True)
    return answer(body, request)


@router.get("/live/cards/{address:path}", response_class=HTMLResponse, include_in_schema=False)
async def card(request: Request, tables: Tables, address: str) -> Response:
    """A card (``EVENT/LANG/player-N.html``, ``EVENT/LANG/team-N.html``; :mod:`tiebreak.web.live_card`): made
    once per version, language and card."""
    name, lang, page = (["", ""] + address.rsplit("/", 2))[-3:]
    if page == "site.css":
        return Response(style_sheet(), media_type="text/css", headers={"cache-control": "max-age=3600"})
    e = tables.hub.events.shown(name) if len(name) <= MAX_NAME else None
    if e is None:
        return missing(name, "en")
    which = card_page_name(page)
    lang = lang if lang in LANGUAGES else "en"
    if which is None:
        return error_response(ApiError(404, "no such card"), lang)
    body = await tables.get(Key[Body | None]("card", Stamp(e.name, e.version), (lang, page)),
                            lambda: made_card(tables.cards.page(e, lang, *which)), player=True)
    if body is None:
        return error_response(ApiError(404, "no such card"), lang)
    return answer(body, request)
