"""Routes of the web app: the page, the JSON API and its OpenAPI document (see :mod:`tiebreak.web.openapi`)."""

from __future__ import annotations

import json
import tempfile
import typing
from pathlib import Path

import anyio
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import service
from ..arbiter import berger
from ..engine.errors import InputError, InputWarning, Place, TiebreakError
from ..engine.presets import PRESETS
from ..engine.registry import CATALOGUE
from ..engine.rules import COMPAT_CHOICES, CUMULATIVE_HALF_BYE, RULE_CHOICES
from ..formats.readers import READERS
from ..render import output
from ..render.i18n import LANGUAGES, message, place_text
from . import api_odds, words
from .openapi import OPENAPI

HERE = Path(__file__).parent
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MAX_UPLOAD_BYTES = 20 * 1024 * 1024
TIME_LIMIT_SECONDS = 60
#: form field -> type, from the Options dataclass (``int | None`` -> int, ``list[str] | None`` -> list)
_OPTION_FIELDS = {name: bool if hint is bool else int if int in typing.get_args(hint) or hint is int else
                  list if any(typing.get_origin(a) is list for a in typing.get_args(hint)) else str
                  for name, hint in typing.get_type_hints(service.Options).items()}
#: the team rankings the API offers (a membership file given by path would read the server's disk)
_TEAM_RANKINGS = ("federation", "records")


class ApiError(Exception):
    def __init__(self, status: int, message: str, **place) -> None:
        super().__init__(message)
        self.status, self.message, self.place = status, message, place


def _error_response(e: ApiError, lang: str = "en") -> JSONResponse:
    """The error as JSON; the message in the language the request asked for (field names stay as they are)."""
    lang = lang if lang in LANGUAGES else "en"
    where = {"place": place_text(Place(**{k: v for k, v in e.place.items() if v is not None}), lang)} \
        if e.place.get("file") else {}
    return JSONResponse({"error": message(e.message, lang), **e.place, **where}, status_code=e.status)


def _tiebreak_error(e: TiebreakError) -> ApiError:
    """Same message as the command line, and the place as fields (the file name is the upload's own)."""
    if isinstance(e, InputError):
        p = e.place
        return ApiError(400, e.message, file=p.file, line=p.line, column=p.column, field=p.field)
    return ApiError(400, str(e))


async def _read_form(request: Request, limit: int):
    """The multipart form, refused with 413 once more than ``limit`` bytes arrive (whatever Content-Length says)."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise ApiError(413, f"upload too large: more than {limit // 2**20} MB")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ApiError(413, f"upload too large: more than {limit // 2**20} MB")
    request._body = bytes(body)  # Starlette's form parser reads a body already received from here
    try:
        form = await request.form(max_files=2, max_fields=50)
    except Exception as e:  # the multipart parser's own errors
        raise ApiError(400, f"the form could not be read: {e}") from None
    if form.get("lang") in LANGUAGES:
        request.state.lang = form.get("lang")
    return form


def _options(form) -> service.Options:
    values = {}
    for name, kind in _OPTION_FIELDS.items():
        if kind is list:
            items = [x for x in form.getlist(name) if isinstance(x, str) and x.strip()]
            if items:
                values[name] = items
            continue
        raw = form.get(name)
        if raw is None or raw == "" or not isinstance(raw, str):
            continue
        if kind is bool:
            values[name] = raw.lower() in ("1", "true", "on", "yes")
        elif kind is int:
            try:
                values[name] = int(raw)
            except ValueError:
                raise ApiError(400, f"{name} must be a whole number, not {raw!r}", field=name) from None
        else:
            values[name] = raw
    o = service.Options(**values)
    if o.rules not in RULE_CHOICES:
        raise ApiError(400, f"unknown rule set {o.rules!r}; choose from {', '.join(RULE_CHOICES)}", field="rules")
    if o.compat not in COMPAT_CHOICES:
        raise ApiError(400, f"unknown compatibility {o.compat!r}; choose from {', '.join(COMPAT_CHOICES)}",
                       field="compat")
    if o.cumulative_half_bye is not None and o.cumulative_half_bye not in CUMULATIVE_HALF_BYE:
        raise ApiError(400, "cumulative_half_bye must be deduct or keep", field="cumulative_half_bye")
    if o.format not in service.EXTENSIONS:
        raise ApiError(400, f"unknown format {o.format!r}; choose from {', '.join(service.EXTENSIONS)}", field="format")
    if o.lang not in LANGUAGES:
        raise ApiError(400, f"unknown language {o.lang!r}; choose from {', '.join(LANGUAGES)}", field="lang")
    if o.team_ranking is not None and o.team_ranking not in _TEAM_RANKINGS:
        raise ApiError(400, f"team_ranking must be one of {', '.join(_TEAM_RANKINGS)}", field="team_ranking")
    return o


async def _with_upload(request: Request, work, stage=None):
    """Put the uploaded file (or the chosen example) in a temporary folder, run ``work(options, path, form,
    warnings)`` in a worker thread under the time limit, and delete the folder.  ``stage(form)`` reads what else
    the form uploads before the work starts (its answer is in ``form["_published_staged"]``)."""
    app = request.app
    form = await _read_form(request, app.state.max_upload)
    o = _options(form)
    if stage is not None:
        form = _Staged(form, await stage(form))
    upload, example = form.get("file"), form.get("example")
    with tempfile.TemporaryDirectory(prefix="tiebreak-upload-") as tmp:
        if upload is not None and not isinstance(upload, str) and upload.filename:
            suffix = Path(upload.filename).suffix.lower()
            path = Path(tmp) / ("upload" + (suffix if suffix in READERS or suffix in (".trf", ".txt", ".tab")
                                           else ".trf"))
            path.write_bytes(await upload.read())
            shown = Path(upload.filename).name
        elif isinstance(example, str) and example:
            path = EXAMPLES / Path(example).name
            if not path.is_file() or path.parent != EXAMPLES:
                raise ApiError(404, f"no bundled example {example!r}", field="example")
            shown = path.name
        else:
            raise ApiError(400, "give a tournament file (field 'file') or a bundled example (field 'example')",
                           field="file")
        warnings: list[InputWarning] = []
        try:
            with anyio.fail_after(app.state.time_limit):
                result = await anyio.to_thread.run_sync(lambda: work(o, str(path), form, warnings), abandon_on_cancel=True)
        except TimeoutError:
            raise ApiError(503, f"the computation took longer than {app.state.time_limit} s") from None
        except TiebreakError as e:
            err = _tiebreak_error(e)
            if err.place.get("file") == str(path):
                err.place["file"] = shown
            err.message = err.message.replace(str(path), shown)
            raise err from None
    return result, o, shown


class _Staged(dict):
    """A form with the second upload already read (``_published_staged``)."""

    def __init__(self, form, staged) -> None:
        super().__init__({k: v for k, v in form.multi_items()})
        self._form, self["_published_staged"] = form, staged

    def getlist(self, key):
        return self._form.getlist(key)


def _api(handler):
    async def endpoint(request: Request) -> Response:
        try:
            return await handler(request)
        except ApiError as e:
            return _error_response(e, getattr(request.state, "lang", None) or request.query_params.get("lang", "en"))
    return endpoint


async def standings(request: Request) -> Response:
    def work(o, path, form, warnings):
        return service.render_standings(o, path, warnings)

    (body, _notes, s), o, shown = await _with_upload(request, work)
    if o.format == "json":
        return Response(body, media_type="application/json", headers=_seed_header(s.seed))
    name = Path(shown).stem + "." + service.EXTENSIONS[o.format]
    return Response(body, media_type=service.MEDIA_TYPES[o.format],
                    headers={"content-disposition": f'attachment; filename="{name}"', **_seed_header(s.seed)})


def _seed_header(seed: int | None) -> dict[str, str]:
    """The seed the lots were drawn with, on every answer that ranks (the body of a CSV or PDF has no place for it):
    send it back as the form field ``seed`` to get the same order; none with ``no_lots``."""
    return {"x-tiebreak-seed": str(seed)} if seed is not None else {}


async def explain(request: Request) -> Response:
    def work(o, path, form, warnings):
        numbers = []
        for key in ("player", "player2"):
            raw = form.get(key)
            if isinstance(raw, str) and raw.strip():
                if not raw.strip().isdigit():
                    raise ApiError(400, f"no player with start number {raw!r}", field=key)
                numbers.append(int(raw))
        if not numbers:
            raise ApiError(400, "give the start number of a player (field 'player')", field="player")
        return service.explain(o, path, numbers, warnings)

    result, _, _ = await _with_upload(request, work)
    return Response(output.dumps_exact(result), media_type="application/json", headers=_seed_header(result["seed"]))


async def check(request: Request) -> Response:
    """Published standings checked against ours: the file's own ranks and values, or the export in ``published``
    (an uploaded CSV/XLSX file, or CSV text)."""
    from ..render.check import to_json_obj

    async def staged(form):
        upload = form.get("published")
        if upload is None or (isinstance(upload, str) and not upload.strip()):
            return None
        if isinstance(upload, str):
            return "published.csv", upload.encode("utf-8")
        suffix = ".xlsx" if Path(upload.filename or "").suffix.lower() == ".xlsx" else ".csv"
        return "published" + suffix, await upload.read()

    def work(o, path, form, warnings):
        published = form.get("_published_staged")
        target = None
        if published is not None:
            target = Path(path).parent / published[0]
            target.write_bytes(published[1])
        return to_json_obj(service.check_published(o, path, str(target) if target else None, warnings))

    result, _, _ = await _with_upload(request, work, staged)
    return Response(output.dumps_exact(result), media_type="application/json")


async def playoffs(request: Request) -> Response:
    from ..arbiter.playoff import plan_playoffs

    def work(o, path, form, warnings):
        s = service.final_standings(o, path, warnings)
        raw = form.get("places") or "1"
        try:
            places = [int(x) for x in str(raw).split(",") if x.strip()]
        except ValueError:
            raise ApiError(400, f"places must be numbers like 1,2 — not {raw!r}", field="places") from None
        return s.seed, [{"places": list(g.places), "players": g.players, "format": g.format, "stages": g.stages,
                         "team": service.is_team(s)} for g in plan_playoffs(s, places)]

    (seed, result), _, _ = await _with_upload(request, work)
    return JSONResponse(result, headers=_seed_header(seed))


async def prizes(request: Request) -> Response:
    from ..arbiter.prizes import METHODS, distribute, parse_prizes

    def work(o, path, form, warnings):
        method = form.get("method") or "shared"
        if method not in METHODS:
            raise ApiError(400, f"unknown prize method {method!r}; choose from {', '.join(METHODS)}", field="method")
        text = form.get("prizes")
        if not isinstance(text, str) or not text.strip():
            raise ApiError(400, "give the prize list (field 'prizes': lines kind,place,amount)", field="prizes")
        s = service.final_standings(o, path, warnings)
        awards = distribute(s, parse_prizes(text, "prizes"), method)
        return s.seed, [{"rank": s.row(a.start_no).rank, "start_no": a.start_no, "name": s.row(a.start_no).name,
                         "prize": a.prize, "amount": a.amount} for a in awards]

    (seed, result), _, _ = await _with_upload(request, work)
    return Response(output.dumps_exact(result), media_type="application/json", headers=_seed_header(seed))


async def varma_draw(request: Request) -> Response:
    from ..arbiter import varma

    form = await _read_form(request, request.app.state.max_upload)
    seed, variant, text = form.get("seed") or "", form.get("variant") or "s000", form.get("list")
    if not isinstance(text, str) or not text.strip():
        raise ApiError(400, "give the players (field 'list': lines Name, FED)", field="list")
    if not str(seed).strip().isdigit():
        raise ApiError(400, "seed must be a whole number (it makes the draw repeatable)", field="seed")
    if variant not in ("s000", "fide"):
        raise ApiError(400, f"unknown variant {variant!r}; choose from s000, fide", field="variant")
    try:
        players = varma.parse_players(text, "list")
    except TiebreakError as e:
        raise _tiebreak_error(e) from None
    d = varma.draw(players, int(seed), variant)
    doc = varma.to_dict(d, int(seed))
    doc["rounds"] = [{"round": r.number, "pairings": [[by, bl] for by, bl in r.pairings], "bye": r.bye}
                     for r in varma.named_schedule(d, len(players))]
    return JSONResponse(doc)


async def catalogue(request: Request) -> Response:
    lang = request.query_params.get("lang", "en")
    from ..render.team_words import team_catalogue

    return JSONResponse([{"code": d.code, "name": d.names.get(lang) or d.names["en"], "article": d.article,
                          "type": d.type, "modifiers": d.modifiers, "family": d.family, "team": False}
                         for d in CATALOGUE.values()] + team_catalogue(lang))


async def page_words(request: Request) -> Response:
    """Every word of the page in ``lang`` (the page asks again when the reader changes the language)."""
    return JSONResponse(words.page_words(request.query_params.get("lang", "en")))


async def translate(request: Request) -> Response:
    """The notes and warnings of an answer (``text``, repeated) in ``lang``: the JSON answers stay English."""
    form = await _read_form(request, 256 * 1024)
    lang = form.get("lang") if form.get("lang") in LANGUAGES else "en"
    return JSONResponse([words.translate(t, lang) for t in form.getlist("text") if isinstance(t, str)])


async def presets(request: Request) -> Response:
    return JSONResponse([{"name": p.name, "tiebreaks": p.tiebreaks, "rules": p.rules, "team": p.team,
                          "source": p.source} for p in PRESETS.values()])


async def berger_tables(request: Request) -> Response:
    raw = request.query_params.get("players", "")
    if not raw.isdigit() or not 2 <= int(raw) <= 1000:
        return _error_response(ApiError(400, "players must be a whole number from 2 to 1000", field="players"))
    double = request.query_params.get("double", "").lower() in ("1", "true", "on", "yes")
    return Response(berger.to_json(berger.schedule(int(raw), double=double)), media_type="application/json")


async def examples(request: Request) -> Response:
    return JSONResponse(sorted(p.name for p in EXAMPLES.glob("*.trf")) if EXAMPLES.is_dir() else [])


async def openapi(request: Request) -> Response:
    return JSONResponse(OPENAPI)


def create_app(max_upload: int = MAX_UPLOAD_BYTES, time_limit: float = TIME_LIMIT_SECONDS, live=None) -> Starlette:
    """The app; ``live`` (a :class:`~tiebreak.live.watch.LiveHub`) adds the live face (:mod:`tiebreak.web.live`)."""
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]))

    async def page(request: Request) -> Response:
        lang = request.query_params.get("lang", "en")
        lang = lang if lang in LANGUAGES else "en"
        all_words = words.page_words(lang)
        html = env.get_template("index.html").render(
            lang=lang, w=all_words["words"], p=all_words["page"], languages=LANGUAGES, rules=RULE_CHOICES,
            presets=PRESETS.values(),
            examples=sorted(p.name for p in EXAMPLES.glob("*.trf")) if EXAMPLES.is_dir() else [],
            formats=[f for f in service.EXTENSIONS if f != "json"],
            words_json=json.dumps(all_words, ensure_ascii=False).replace("<", "\\u003c"))
        return HTMLResponse(html)

    app = Starlette(routes=[
        Route("/", page),
        Route("/api/standings", _api(standings), methods=["POST"]),
        Route("/api/explain", _api(explain), methods=["POST"]),
        Route("/api/playoffs", _api(playoffs), methods=["POST"]),
        Route("/api/check", _api(check), methods=["POST"]),
        Route("/api/prizes", _api(prizes), methods=["POST"]),
        Route("/api/varma", _api(varma_draw), methods=["POST"]),
        Route("/api/odds", api_odds.asgi_app(), methods=["POST"]),
        Route("/api/catalogue", catalogue),
        Route("/api/presets", presets),
        Route("/api/words", page_words),
        Route("/api/translate", _api(translate), methods=["POST"]),
        Route("/api/berger", berger_tables),
        Route("/api/examples", examples),
        Route("/openapi.json", openapi),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ] + _live_routes(live), lifespan=_live_lifespan(live))
    app.state.max_upload, app.state.time_limit = max_upload, time_limit
    return app


def _live_routes(live) -> list:
    if live is None:
        return []
    from .live import live_app

    return [Mount("", live_app(live))]


def _live_lifespan(live):
    if live is None:
        return None
    from .live import lifespan

    return lambda app: lifespan(live)


def serve(host: str = "127.0.0.1", port: int = 8000, live=None) -> None:
    import uvicorn

    # event streams stay open: give them 2 s to end when the server stops
    uvicorn.run(create_app(live=live), host=host, port=port, log_level="info", timeout_graceful_shutdown=2)
