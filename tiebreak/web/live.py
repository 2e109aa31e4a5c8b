"""The live face: ``/live`` (the public page), ``/api/live...`` (JSON and Server-Sent Events), as a FastAPI router.

Reading is public; what changes state (an event's tie-break list, rules, whether it is on the list, publishing a
file the watcher held back) needs the arbiter's token in ``Authorization: Bearer TOKEN``.  Event names are looked
up among the watched events, never used as paths.

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
from pathlib import Path
from typing import Annotated, Any, TypedDict

import anyio
from fastapi import APIRouter, Depends, FastAPI, Header, HTTPException, Query, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from pydantic import BaseModel, Field

from ..engine.errors import TiebreakError
from ..engine.messages import Message
from ..engine.rules import RULE_CHOICES
from ..live.watch import LiveHub
from ..render.i18n import LANGUAGES, message
from .errors import ApiError, error_response, install
from .live_tables import MAX_NAME, routes

HERE = Path(__file__).parent
#: the seconds a refused stream is asked to wait before it tries again (``Retry-After``)
RETRY_AFTER = 5
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
#: the longest tie-break list and rule set name a request may give (longer: 422, the field named; the event's name:
#: :data:`tiebreak.web.live_tables.MAX_NAME`)
MAX_TIEBREAKS, MAX_RULES = 500, 40
#: an event's name in a query
EventName = Annotated[str | None, Query(max_length=MAX_NAME)]
Lang = Annotated[str, Query(max_length=20)]


def sse(kind: str, data: object, retry: int | None = None) -> bytes:
    """One Server-Sent Event as it goes on the wire."""
    head = f"retry: {retry}\n" if retry is not None else ""
    return f"{head}event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


def fail(text: str, status: int, lang: str = "en", field: str | None = None) -> JSONResponse:
    """The error in the API's one shape (:func:`~tiebreak.web.errors.error_response`), in the request's language."""
    return error_response(ApiError(status, text, field=field), lang)


class Settings(BaseModel):
    """What the arbiter may change for an event (fields left out stay as they are)."""

    event: str = Field(max_length=MAX_NAME)
    tiebreaks: str | None = Field(None, max_length=MAX_TIEBREAKS)
    rules: str | None = Field(None, max_length=MAX_RULES)
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


def router(hub: LiveHub) -> APIRouter:
    """The routes of the live face, bound to ``hub``."""
    api = APIRouter()
    reads = anyio.CapacityLimiter(LIVE_READS)
    answers: dict[tuple[str, int, int | None], bytes] = {}  # the history answers kept
    computing: set[str] = set()  # the events whose arbiter's change is being recomputed

    def room(request: Request) -> str:
        """The client's address when the server and that client have room for one more stream; else a 503 with
        ``Retry-After`` (the per-process bound, ``--max-streams``) or a 429 (one client's share,
        ``--max-streams-per-client``: one client cannot lock out every viewer)."""
        client = request.client.host if request.client else "?"
        if hub.streams_open() >= hub.max_streams:
            raise HTTPException(503, f"this server has {hub.max_streams} live streams open, as many as it takes; "
                                     f"try again in {RETRY_AFTER} seconds", headers={"Retry-After": str(RETRY_AFTER)})
        if hub.streams_of(client) >= hub.max_streams_per_client:
            raise HTTPException(429, f"this address has {hub.max_streams_per_client} live streams open, as many as "
                                     "one address may; close one first", headers={"Retry-After": str(RETRY_AFTER)})
        return client

    def missing(name: str | None, lang: str) -> JSONResponse:
        if name is None:
            return fail("no live event is published yet", 404, lang)
        return fail(Message("no live event {}", repr(name)), 404, lang, field="event")

    routes(api, hub, reads, missing)  # the page and its tables (tiebreak.web.live_tables)

    @api.get("/api/live")
    async def live(event: EventName = None, lang: Lang = "en", players: bool = False) -> Response:
        """The standings as they stand (the ``/api/standings`` document) with ``live`` (event, version, time,
        round, warning, ``team_event``, ``view``), ``pairings``, ``pending`` and ``odds``; each standings row also
        has ``settled``, ``playing``, ``moved`` and ``since_round``.  A team event ranks its teams and pairs its
        team matches; ``players`` asks for its players instead."""
        e = hub.event(event)
        if e is None:
            return missing(event, lang)
        text = e.players_text if players and e.players_text else e.text
        if e.warning and lang != "en":
            text = text.replace(json.dumps(e.warning, ensure_ascii=False), json.dumps(message(e.warning, lang),
                                                                                     ensure_ascii=False), 1)
        return Response(text, media_type="application/json", headers={"cache-control": "no-cache"})

    @api.get("/api/live/list", response_model=list[dict[str, Any]])
    async def events(lang: Lang = "en") -> list[EventListing]:
        """The published events: name, version, time, round, pending games, warning."""
        return [{"event": e.name, "version": e.version, "time": e.time,
                 "round": e.document["live"]["round"] if e.document else None,
                 "pending": e.document["live"]["pending"] if e.document else None,
                 "warning": message(e.warning, lang) if e.warning and lang in LANGUAGES else e.warning}
                for e in hub.published()]

    @api.get("/api/live/crosstable")
    async def crosstable(event: EventName = None, lang: Lang = "en", players: bool = False) -> Response:
        """Every player's rounds in standings order (a team event: every team's matches, unless ``players``); made
        once per version, in the live reads' own threads, then served as it is."""
        e = hub.event(event)
        if e is None:
            return missing(event, lang)
        body = e.crosstable_cached(players)
        if body is None:
            body = await anyio.to_thread.run_sync(e.crosstable_json, players, limiter=reads)
        return Response(body, media_type="application/json")

    def history_json(name: str, player: int | None) -> bytes:
        """(In a live reads' thread) the history answer of the version served, kept once made."""
        e, store = hub.events[name], hub.history
        assert store is not None  # asked only of a server that keeps history
        with e._lock:  # a version being published is recorded before the lock is let go
            version = e.version
        if (kept := answers.get((name, version, player))) is not None:
            return kept
        doc = ({"event": name, "player": player, "versions": store.player(name, player)} if player is not None
               else {"event": name, "rounds": store.rounds(name)})
        body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        if len(answers) >= HISTORY_ANSWERS:
            answers.clear()
        answers[name, version, player] = body
        return body

    @api.get("/api/live/history")
    async def history(event: EventName = None, player: int | None = Query(None, ge=1, le=99999),
                      lang: Lang = "en") -> Response:
        """A player's rank in every version (``player``), or the last version of every round; queried once per
        version in the live reads' own threads, then served as it is."""
        e = hub.event(event)
        if e is None:
            return missing(event, lang)
        if hub.history is None:
            return fail("this server keeps no history", 404, lang)
        body = answers.get((e.name, e.version, player))
        if body is None:
            body = await anyio.to_thread.run_sync(history_json, e.name, player, limiter=reads)
        return Response(body, media_type="application/json")

    @api.get("/api/live/events", response_class=StreamingResponse,
             responses={200: {"content": {"text/event-stream": {}}, "description": "Server-Sent Events"}})
    async def stream(event: EventName = None, client: str = Depends(room)) -> Response:
        """One Server-Sent Event per new version (``update``: event, version, time, round, warning, moved,
        changes); first a ``hello`` with the published events.  Beyond the server's bound of streams: 503 with
        ``Retry-After``; beyond one address's share: 429.  Each update is encoded once for every stream
        (:meth:`~tiebreak.live.settings.Update.wire`), and an idle stream is one waiting coroutine.  ``event``
        names a watched event (published or not yet), else 404."""
        if event is not None and event not in hub.events:
            return missing(event, "en")

        async def events() -> AsyncIterator[bytes]:
            q = hub.subscribe(client)
            try:
                yield sse("hello", [{"event": e.name, "version": e.version} for e in hub.published()], retry=2000)
                while not hub.stopping.is_set():
                    try:
                        u = await asyncio.wait_for(q.get(), KEEPALIVE)
                    except TimeoutError:  # a comment keeps proxies from closing an idle stream; a gone client fails here
                        yield b": ping\n\n"
                        continue
                    if u is None:  # the server stops
                        break
                    if (event is None or u.event == event) and hub.event(u.event) is not None:
                        yield u.wire()
            finally:
                hub.unsubscribe(q, client)

        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"cache-control": "no-cache", "x-accel-buffering": "no"})

    def check(authorization: str | None) -> JSONResponse | None:
        if not hub.leading:
            return fail("this server follows another server on the database: send the arbiter's changes to the server "
                        "that watches the file", 409)
        if not hub.token:
            return fail("this server has no arbiter token: start it with --token to change anything", 403)
        given = authorization[7:] if authorization and authorization.lower().startswith("bearer ") else None
        if not hub.authorised(given):
            return fail("the arbiter's token is missing or wrong", 401)
        return None

    @api.post("/api/live/settings")
    async def settings(body: Settings, authorization: str | None = Header(None)) -> Response:
        """(Arbiter) change an event's tie-break list, rules or whether it is published; recomputed at once."""
        refused = check(authorization)
        if refused is not None:
            return refused
        e = hub.events.get(body.event)
        if e is None:
            return missing(body.event, "en")
        if e.name in computing:
            return fail("the arbiter's last change of this event is still being computed; try again when it is "
                        "published", 409, field="event")
        if body.rules is not None and body.rules not in RULE_CHOICES:
            return fail(Message("unknown rule set {}; choose from {}", repr(body.rules), ', '.join(RULE_CHOICES)),
                        400, field="rules")
        old = (e.settings.tiebreaks, e.settings.rules, e.settings.published)
        if body.tiebreaks is not None:
            e.settings.tiebreaks = body.tiebreaks.strip() or None
        if body.rules is not None:
            e.settings.rules = body.rules
        if body.published is not None:
            e.settings.published = body.published
        try:
            from ..engine.registry import parse, parse_list
            from ..engine.team_tiebreaks import parse_team

            if e.settings.tiebreaks:  # a team event lists its teams' tie-breaks
                parse_list(e.settings.tiebreaks, parse_team if e.players is not None else parse)
        except TiebreakError as err:
            e.settings.tiebreaks, e.settings.rules, e.settings.published = old
            return fail(str(err), 400, field="tiebreaks")
        late = await recompute(e.name)
        if late is not None:
            return late
        return JSONResponse({"event": e.name, "version": e.version, "tiebreaks": e.settings.tiebreaks,
                             "rules": e.settings.rules, "published": e.settings.published, "warning": e.warning})

    @api.get("/api/live/arbiter")
    async def arbiter(authorization: str | None = Header(None), lang: Lang = "en") -> Response:
        """(Arbiter) every watched event, published or not, with the version held back and why (never public)."""
        refused = check(authorization)
        if refused is not None:
            return refused
        states = [e.state() for e in hub.events.values()]
        for st in states:
            st["warning"] = message(st["warning"], lang) if st["warning"] else None
            if st["held"]:
                st["held"]["reason"] = message(st["held"]["reason"], lang)
        return JSONResponse(states)

    @api.post("/api/live/republish")
    async def republish(body: Republish, authorization: str | None = Header(None)) -> Response:
        """(Arbiter) read the file again and publish it, even one the watcher held back."""
        refused = check(authorization)
        if refused is not None:
            return refused
        if body.event not in hub.events:
            return missing(body.event, "en")
        if body.event in computing:
            return fail("the arbiter's last change of this event is still being computed; try again when it is "
                        "published", 409, field="event")
        late = await recompute(body.event)
        return late or JSONResponse(hub.events[body.event].state())

    async def recompute(name: str) -> JSONResponse | None:
        """Read ``name`` again and publish it, in the hub's single updater; None once done (the version told), a
        503 when it takes longer than :data:`ARBITER_DEADLINE` (it goes on, and its version is told when done)."""
        computing.add(name)
        work = asyncio.ensure_future(hub.updated(name, True))

        def done(f: asyncio.Future[Any]) -> None:
            computing.discard(name)
            if not f.cancelled() and f.exception() is None and f.result() is not None:
                hub.tell([f.result()])

        work.add_done_callback(done)
        try:
            await asyncio.wait_for(asyncio.shield(work), ARBITER_DEADLINE)
        except TimeoutError:
            return fail(Message("the standings are still being computed after {} s; the new version is published when "
                                "they are",
                                format(ARBITER_DEADLINE, 'g')), 503)
        return None

    return api


@contextlib.asynccontextmanager
async def lifespan(hub: LiveHub) -> AsyncIterator[None]:
    """Watch the files while the server runs."""
    hub.stopping.clear()
    task = asyncio.create_task(hub.watch(hub.stopping))
    try:
        yield
    finally:
        hub.stopping.set()
        hub.end_streams()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 5)
        hub.close()


def live_app(hub: LiveHub) -> FastAPI:
    """A FastAPI app with only the live face (mounted by :func:`tiebreak.web.app.create_app`; the page's script and
    style are the main app's ``/static/live.js`` and ``/static/live.css``)."""
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    install(app)
    app.include_router(router(hub))
    return app
