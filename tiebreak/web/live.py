"""The live face: ``/live`` (the public page), ``/api/live...`` (JSON and Server-Sent Events), as a FastAPI router.

Reading is public; what changes state (an event's tie-break list, rules, whether it is on the list, publishing a
file the watcher held back) needs the arbiter's token in ``Authorization: Bearer TOKEN`` (the dependency
:func:`arbiter`).  A stream takes its place among the caps before it is answered (the dependency :func:`stream_place`,
:mod:`tiebreak.live.subscribers`).  Event names are looked up among the watched events, never used as paths.  The
endpoints are module-level; the server's :class:`Live` (its hub and what the endpoints keep) is in the app's state
(:func:`install`).

>>> from fastapi.testclient import TestClient
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> lines = ["001    1      Alpha, A".ljust(91) + "   2 w 1", "001    2      Beta, B".ljust(91) + "   1 b 0"]
>>> _ = (folder / "open.trf").write_text("\\n".join(lines))
>>> client = TestClient(live_app(LiveHub(folder, database="none", token="s3cret")))
>>> [r["start_no"] for r in client.get("/api/live").json()["standings"]]
[1, 2]
>>> client.post("/api/live/republish", json={"event": "open.trf"}).status_code      # no token
401
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, TypedDict

import anyio
from fastapi import APIRouter, Depends, FastAPI, Header, HTTPException, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from pydantic import BaseModel, Field
from starlette.types import Receive, Scope, Send

from ..app.live import ARBITERS, check_settings
from ..engine.errors import Message, SpecifierError
from ..live.settings import sse
from ..live.subscribers import RETRY_AFTER, Refused, Subscription
from ..live.token import bearer
from ..live.watch import LiveHub
from ..render import output
from ..render.i18n import LANGUAGES, message
from .embed import router as embed_router
from .errors import ApiError, error_response
from .errors import install as errors_install
from .errors import no_live_event as missing
from .fields import MAX_NAME, EventName, Player, declared_form
from .fields import LiveLang as Lang
from .live_tables import install as tables_install
from .page_words import translate

HERE = Path(__file__).parent
#: seconds between two keep-alive comments of an idle stream
KEEPALIVE = 15.0
#: threads the live reads take at once (a crosstable made once per version, a history query): their own, never the
#: threads the rest of the server needs, so many slow reads wait for each other, not for a normal request
LIVE_READS = 4
#: history answers kept (per event, version and player; a GET of one kept is served as bytes); past it they are dropped
HISTORY_ANSWERS = 512
#: seconds the arbiter's change waits for its recomputation (in the hub's single updater); past it the answer is a
#: 503 that says the work goes on, and its version is published (and told) when done
ARBITER_DEADLINE = 10.0


def fail(text: str, status: int, lang: str = "en", field: str | None = None) -> JSONResponse:
    """The error in the API's one shape (:func:`~tiebreak.web.errors.error_response`), in the request's language."""
    return error_response(ApiError(status, text, field=field), lang)


@declared_form("standings", ARBITERS)
class Settings(BaseModel):
    """What the arbiter may change for an event: whether it is published, and every option of ``serve`` that ranks
    it (:data:`tiebreak.app.live.ARBITERS`: the list, the preset, the rules, ``compat``, the system, the unrated
    players' rating, the cumulative score's half-point bye), each a field made from its declaration
    (:mod:`tiebreak.app.declared`) with the bounds and choices of the API's forms; the event's name:
    :data:`tiebreak.web.fields.MAX_NAME`.  A field left out stays as it is; a field sent empty (``""``, ``null``)
    goes back to its default (the file's list, ``auto``...)."""

    event: str = Field(max_length=MAX_NAME)
    published: bool | None = None



class Republish(BaseModel):
    event: str = Field(max_length=MAX_NAME)


class EventListing(TypedDict):
    """One published event in ``/api/live/list``."""

    event: str
    version: int
    time: str
    round: int | None
    pending: int | None
    warning: str | None


@dataclass
class Live:
    """One server's live face: its hub and what the endpoints keep between requests."""

    hub: LiveHub
    #: the live reads' own threads
    reads: anyio.CapacityLimiter = field(default_factory=lambda: anyio.CapacityLimiter(LIVE_READS))
    #: the history answers kept, by (event, version, player)
    answers: dict[tuple[str, int, int | None], bytes] = field(default_factory=dict)
    #: the events whose arbiter's change is being recomputed
    computing: set[str] = field(default_factory=set)


async def current(request: Request) -> Live:
    """(Dependency) the server's live face."""
    live: Live = request.app.state.live
    return live


Current = Annotated[Live, Depends(current)]


async def stream_place(request: Request, live: Current) -> AsyncIterator[Subscription]:
    """(Dependency) a place among the streams for this client, taken at once (:mod:`tiebreak.live.subscribers`:
    counted in the same step as the caps are checked); else a 503 with ``Retry-After`` (the server's bound,
    ``--max-streams``, when no address holds more than its share) or a 429 (one address's share,
    ``--max-streams-per-client``).  A place no stream took (the request refused after all) is given back."""
    try:
        place = live.hub.viewers.open(request.client.host if request.client else "?")
    except Refused as e:
        raise HTTPException(e.status, str(e), headers={"Retry-After": str(RETRY_AFTER)}) from None
    try:
        yield place
    finally:
        if not place.streaming:
            place.close()


class ArbiterRefused(Exception):
    """What :func:`arbiter` answers instead of the endpoint."""

    def __init__(self, response: JSONResponse) -> None:
        self.response = response


async def arbiter(live: Current, authorization: str | None = Header(None)) -> LiveHub:
    """(Dependency) the hub, for the arbiter only: 409 on a follower (the changes go to the leader), 403 without a
    token, 401 with a wrong one."""
    hub = live.hub
    if not hub.leading:
        raise ArbiterRefused(fail("this server follows another server on the database: send the arbiter's changes "
                                  "to the server that watches the file", 409))
    if not hub.token:
        raise ArbiterRefused(fail("this server has no arbiter token: start it with --token to change anything", 403))
    if not hub.token.admits(bearer(authorization)):
        raise ArbiterRefused(fail("the arbiter's token is missing or wrong", 401))
    return hub


Arbiter = Annotated[LiveHub, Depends(arbiter)]
api = APIRouter()


@api.get("/api/live")
async def live_document(live: Current, event: EventName = None, lang: Lang = "en", players: bool = False) -> Response:
    """The standings as they stand (the ``/api/standings`` document) with ``live`` (event, version, time,
    round, warning, ``team_event``, ``view``), ``pairings``, ``pending`` and ``odds``; each standings row also
    has ``settled``, ``playing``, ``moved`` and ``since_round``.  A team event ranks its teams and pairs its
    team matches; ``players`` asks for its players instead."""
    e = live.hub.events.shown(event)
    if e is None:
        return missing(event, lang)
    lang = lang if lang in LANGUAGES else "en"  # (another is worded in English: the English document)
    text = e.text_in(lang, players)
    if text is None:  # a version restored from the database (a follower's): its English text worded again
        text = restored_in(e.players_text if players and e.players_text else e.text, lang)
    return Response(text, media_type="application/json", headers={"cache-control": "no-cache"})


@lru_cache(maxsize=8)  # each version and language once (a str's hash is kept with it: a look-up is cheap)
def restored_in(text: str, lang: str) -> str:
    """A live document kept in the database (written in English) in ``lang``: its ``notes`` and ``warnings`` worded
    from its ``said`` (the messages' identifiers and values), as the server that made it words them, and its public
    warning; the numbers as written (:func:`tiebreak.render.output.loads_exact`), the layout the team documents'.

    >>> said = {"notes": [{"id": "games pending: {} (not yet played: they count nothing until their results are known)",
    ...                    "values": ["4"]}], "warnings": []}
    >>> doc = json.dumps({"standings": [{"points": 1.5}], "notes": ["games pending: 4 (not yet played...)"],
    ...                   "warnings": [], "said": said, "live": {"warning": None}})
    >>> worded = json.loads(restored_in(doc, "uk"))
    >>> worded["notes"], worded["standings"]
    (['партій не дограно: 4 (ще не зіграні: не враховуються, доки не відомі їхні результати)'], [{'points': 1.5}])
    """
    doc, said = output.loads_exact(text), json.loads(text).get("said") or {}
    for key in ("notes", "warnings"):
        if key in doc and key in said:
            doc[key] = [translate(json.dumps(x, ensure_ascii=False), lang) for x in said[key]]
    if doc.get("live", {}).get("warning"):
        doc["live"]["warning"] = message(doc["live"]["warning"], lang)
    return output.dumps_exact(doc)


@api.get("/api/live/list", response_model=list[dict[str, Any]])
async def events(live: Current, lang: Lang = "en") -> list[EventListing]:
    """The published events: name, version, time, round, pending games, warning."""
    return [{"event": e.name, "version": e.version, "time": e.time,
             "round": e.document["live"]["round"] if e.document else None,
             "pending": e.document["live"]["pending"] if e.document else None,
             "warning": message(e.warning, lang) if e.warning and lang in LANGUAGES else e.warning}
            for e in live.hub.events.published()]


@api.get("/api/live/crosstable")
async def crosstable(live: Current, event: EventName = None, lang: Lang = "en", players: bool = False) -> Response:
    """Every player's rounds in standings order (a team event: every team's matches, unless ``players``); made
    once per version, in the live reads' own threads, then served as it is."""
    e = live.hub.events.shown(event)
    if e is None:
        return missing(event, lang)
    body = e.crosstable_cached(players)
    if body is None:
        body = await anyio.to_thread.run_sync(e.crosstable_json, players, limiter=live.reads)
    return Response(body, media_type="application/json")


def history_json(live: Live, name: str, player: int | None) -> bytes:
    """(In a live reads' thread) the history answer of the version served, kept once made."""
    e, store = live.hub.events[name], live.hub.history
    assert store is not None  # asked only of a server that keeps history
    with e.lock:  # a version being published is recorded before the lock is let go
        version = e.version
    if (kept := live.answers.get((name, version, player))) is not None:
        return kept
    doc = ({"event": name, "player": player, "versions": store.player(name, player)} if player is not None
           else {"event": name, "rounds": store.rounds(name)})
    body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if len(live.answers) >= HISTORY_ANSWERS:
        live.answers.clear()
    live.answers[name, version, player] = body
    return body


@api.get("/api/live/history")
async def history(live: Current, event: EventName = None, player: Player = None,
                  lang: Lang = "en") -> Response:
    """A player's rank in every version (``player``), or the last version of every round; queried once per
    version in the live reads' own threads, then served as it is."""
    e = live.hub.events.shown(event)
    if e is None:
        return missing(event, lang)
    if live.hub.history is None:
        return fail("this server keeps no history", 404, lang)
    body = live.answers.get((e.name, e.version, player))
    if body is None:
        body = await anyio.to_thread.run_sync(history_json, live, e.name, player, limiter=live.reads)
    return Response(body, media_type="application/json")


class EventStream(StreamingResponse):
    """A stream of Server-Sent Events that gives its place back however it ends (even when the client is gone
    before it started)."""

    def __init__(self, content: AsyncIterator[bytes], place: Subscription) -> None:
        super().__init__(content, media_type="text/event-stream",
                         headers={"cache-control": "no-cache", "x-accel-buffering": "no"})
        self.place = place
        place.streaming = True  # closed by this response from now on

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.place.close()


@api.get("/api/live/events", response_class=StreamingResponse,
         responses={200: {"content": {"text/event-stream": {}}, "description": "Server-Sent Events"}})
async def stream(live: Current, place: Annotated[Subscription, Depends(stream_place)],
                 event: EventName = None) -> Response:
    """One Server-Sent Event per new version (``update``: event, version, time, round, warning, moved,
    changes); first a ``hello`` with the published events.  Beyond the server's bound of streams: the oldest
    stream of the address holding the most yields, else 503 with ``Retry-After``; beyond one address's share: 429.
    Each update is encoded once for every stream (:meth:`~tiebreak.live.settings.Update.wire`), and an idle
    stream is one waiting coroutine.  ``event`` names a watched event (published or not yet), else 404."""
    hub = live.hub
    if event is not None and event not in hub.events:
        return missing(event, "en")

    async def updates() -> AsyncIterator[bytes]:
        try:
            yield sse("hello", [{"event": e.name, "version": e.version} for e in hub.events.published()], retry=2000)
            while not hub.stopping.is_set():
                try:
                    u = await asyncio.wait_for(place.queue.get(), KEEPALIVE)
                except TimeoutError:  # a comment keeps proxies from closing an idle stream; a gone client fails here
                    yield b": ping\n\n"
                    continue
                if u is None:  # the server stops, or this stream yields its place to a newcomer
                    break
                if (event is None or u.event == event) and hub.events.shown(u.event) is not None:
                    yield u.wire()
        finally:
            place.close()

    return EventStream(updates(), place)


@api.post("/api/live/settings")
async def settings(body: Settings, live: Current, hub: Arbiter, lang: Lang = "en") -> Response:
    """(Arbiter) change an event's ranking options (the list, the preset, the rules, ``compat``, the system, the
    unrated players' rating, the cumulative score's half-point bye) or whether it is published; recomputed at once,
    a value ``standings`` refuses refused the same way (400, the field named, in ``lang``).  Never the lot: it is
    drawn once per event (``serve --seed``/``--no-lots``), so a place it decided stays the same in every version and
    on every face."""
    e = hub.events.get(body.event)
    if e is None:
        return missing(body.event, "en")
    if e.name in live.computing:
        return fail("the arbiter's last change of this event is still being computed; try again when it is "
                    "published", 409, field="event")
    new = replace(e.settings)
    for o in ARBITERS:
        if o.dest in body.model_fields_set:
            value = getattr(body, o.dest)
            setattr(new, o.dest, o.default if value is None else value)
    if body.published is not None:
        new.published = body.published
    try:
        check_settings(new, e.players is not None)  # a team event lists its teams' tie-breaks
    except SpecifierError as err:
        return fail(err.message, 400, lang, field=err.field or None)  # as every face refuses it, in ``lang``
    e.settings = new
    late = await recompute(live, e.name)
    if late is not None:
        return late
    return JSONResponse({"event": e.name, "version": e.version, **{o.dest: getattr(e.settings, o.dest) for o in ARBITERS},
                         "published": e.settings.published, "warning": e.warning})


@api.get("/api/live/arbiter")
async def arbiter_states(hub: Arbiter, lang: Lang = "en") -> Response:
    """(Arbiter) every watched event, published or not, with the version held back and why (never public)."""
    states = [e.state() for e in hub.events.values()]
    for st in states:
        st["warning"] = message(st["warning"], lang) if st["warning"] else None
        if st["held"]:
            st["held"]["reason"] = message(st["held"]["reason"], lang)
    return JSONResponse(states)


@api.post("/api/live/republish")
async def republish(body: Republish, live: Current, hub: Arbiter) -> Response:
    """(Arbiter) read the file again and publish it, even one the watcher held back."""
    if body.event not in hub.events:
        return missing(body.event, "en")
    if body.event in live.computing:
        return fail("the arbiter's last change of this event is still being computed; try again when it is "
                    "published", 409, field="event")
    late = await recompute(live, body.event)
    return late or JSONResponse(hub.events[body.event].state())


async def recompute(live: Live, name: str) -> JSONResponse | None:
    """Read ``name`` again and publish it, in the hub's single updater; None once done (the version told), a
    503 when it takes longer than :data:`ARBITER_DEADLINE` (it goes on, and its version is told when done)."""
    live.computing.add(name)
    work = asyncio.ensure_future(live.hub.updated(name, True))

    def done(f: asyncio.Future[Any]) -> None:
        live.computing.discard(name)
        if not f.cancelled() and f.exception() is None and f.result() is not None:
            live.hub.tell([f.result()])

    work.add_done_callback(done)
    try:
        await asyncio.wait_for(asyncio.shield(work), ARBITER_DEADLINE)
    except TimeoutError:
        return fail(Message("the standings are still being computed after {} s; the new version is published when they "
                            "are", format(ARBITER_DEADLINE, 'g')), 503)
    return None


def install(app: FastAPI, hub: LiveHub) -> None:
    """Add the live face of ``hub`` to ``app``: its state, the endpoints, the page and its tables
    (:mod:`tiebreak.web.live_tables`)."""
    live = app.state.live = Live(hub)

    async def refused(request: Request, e: Exception) -> Response:
        assert isinstance(e, ArbiterRefused)
        return e.response

    app.add_exception_handler(ArbiterRefused, refused)
    app.include_router(api)
    tables_install(app, hub, live.reads)
    app.include_router(embed_router)  # /embed: the view for an organiser's page (tiebreak.web.embed)


@contextlib.asynccontextmanager
async def lifespan(hub: LiveHub) -> AsyncIterator[None]:
    """Watch the files while the server runs."""
    hub.stopping.clear()
    task = asyncio.create_task(hub.watch(hub.stopping))
    try:
        yield
    finally:
        hub.stopping.set()
        hub.viewers.end_all()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 5)
        hub.close()


def live_app(hub: LiveHub) -> FastAPI:
    """A FastAPI app with only the live face (mounted by :func:`tiebreak.web.app.create_app`; the page's script and
    style are the main app's ``/static/live.js`` and ``/static/live.css``)."""
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    errors_install(app)
    install(app, hub)
    return app
