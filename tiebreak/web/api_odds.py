"""``POST /api/odds``: `tiebreak odds` over HTTP (multipart upload of the tournament file plus the command's options
as form fields).  An ``APIRouter``: a FastAPI app includes it with ``app.include_router(router)``; :func:`asgi_app`
wraps it for a Starlette route list.

Answers are the command line's JSON (``format=html`` or ``text`` for the other outputs); errors are
``{"error", "file", "line", "column", "field"}`` with status 400 (413 for an upload over 20 MB, 503 past the time
limit).  The exact enumeration gets at most :data:`BUDGET_SECONDS` before simulation takes over, and at most
:data:`MAX_SIMULATIONS` outcomes are simulated.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import anyio
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response

from .. import service
from ..engine.errors import InputError, InputWarning, TiebreakError
from ..formats.readers import READERS
from ..render.i18n import LANGUAGES, message

router = APIRouter(tags=["odds"])
MAX_UPLOAD_BYTES = 20 * 1024 * 1024
TIME_LIMIT_SECONDS = 60
BUDGET_SECONDS = 20.0
MAX_SIMULATIONS = 1_000_000
#: form field -> type (every field is optional)
FIELDS = {"tiebreaks": str, "preset": str, "rules": str, "after_round": int, "unrated_rating": int, "system": str,
          "model": str, "draw_rate": float, "white_advantage": float, "exact": bool, "simulations": int,
          "seed": int, "places": int, "player": int, "format": str, "lang": str}
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


class _Failure(Exception):
    def __init__(self, status: int, text: str, **place) -> None:
        super().__init__(text)
        self.status, self.text, self.place = status, text, place


def _value(name: str, text: str):
    kind = FIELDS[name]
    if kind is bool:
        return text.lower() in ("1", "true", "on", "yes")
    try:
        return kind(text)
    except ValueError:
        raise _Failure(400, f"form field {name}: {text!r} is not a number", field=name) from None


def _options(form) -> service.OddsOptions:
    o = service.OddsOptions(format="json", budget=BUDGET_SECONDS)
    for name in FIELDS:
        text = form.get(name)
        if isinstance(text, str) and text.strip():
            setattr(o, name, _value(name, text.strip()))
    o.fix = [x for x in form.getlist("fix") if isinstance(x, str) and x.strip()] or None
    if o.format not in ("json", "html", "text"):
        raise _Failure(400, f"form field format: {o.format!r} is not json, html or text", field="format")
    if o.lang not in LANGUAGES:
        o.lang = "en"
    if o.simulations is not None and not 1 <= o.simulations <= MAX_SIMULATIONS:
        raise _Failure(400, f"simulations must be between 1 and {MAX_SIMULATIONS}", field="simulations")
    o.exact = False  # the budget decides: a request must not run for hours
    return o


def _error(e: _Failure, lang: str) -> JSONResponse:
    body = {"error": message(e.text, lang), "file": None, "line": None, "column": None, "field": None}
    body.update({k: v for k, v in e.place.items() if v is not None})
    return JSONResponse(body, status_code=e.status)


@router.post("/api/odds", summary="Who can still win: the chance of every place once the pending games are played")
async def odds(request: Request) -> Response:
    """Multipart form: ``file`` (or ``example``), ``tiebreaks``, ``preset``, ``rules``, ``after_round``, ``model``
    (equal/elo), ``draw_rate``, ``white_advantage``, ``fix`` (repeatable, ``12-7=1-0``), ``simulations``, ``seed``,
    ``places``, ``player``, ``format`` (json/html/text), ``lang``."""
    lang = request.query_params.get("lang", "en")
    try:
        if int(request.headers.get("content-length") or 0) > MAX_UPLOAD_BYTES:
            raise _Failure(413, f"the upload is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} MB", field="file")
        form = await request.form(max_part_size=MAX_UPLOAD_BYTES)
        o = _options(form)
        lang = o.lang
        return await _answer(form, o)
    except _Failure as e:
        return _error(e, lang)


async def _answer(form, o: service.OddsOptions) -> Response:
    upload, example = form.get("file"), form.get("example")
    with tempfile.TemporaryDirectory(prefix="tiebreak-odds-") as tmp:
        if upload is not None and not isinstance(upload, str) and upload.filename:
            suffix = Path(upload.filename).suffix.lower()
            path = Path(tmp) / ("upload" + (suffix if suffix in READERS or suffix in (".trf", ".txt", ".tab")
                                           else ".trf"))
            data = await upload.read()
            if len(data) > MAX_UPLOAD_BYTES:
                raise _Failure(413, f"the upload is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} MB", field="file")
            path.write_bytes(data)
            shown = Path(upload.filename).name
        elif isinstance(example, str) and example:
            path = EXAMPLES / Path(example).name
            if not path.is_file():
                raise _Failure(400, f"no bundled example {example!r}", field="example")
            shown = path.name
        else:
            raise _Failure(400, "give a tournament file (field 'file') or a bundled example (field 'example')",
                           field="file")
        warnings: list[InputWarning] = []
        try:
            with anyio.fail_after(TIME_LIMIT_SECONDS):
                text = await anyio.to_thread.run_sync(lambda: service.render_odds(o, str(path), warnings),
                                                      abandon_on_cancel=True)
        except TimeoutError:
            raise _Failure(503, f"the computation took longer than {TIME_LIMIT_SECONDS} s") from None
        except TiebreakError as e:
            if isinstance(e, InputError):
                p = e.place
                raise _Failure(400, e.message.replace(str(path), shown), file=shown if p.file else None,
                               line=p.line, column=p.column, field=p.field or None) from None
            raise _Failure(400, str(e).replace(str(path), shown)) from None
    if o.format == "html":
        return HTMLResponse(text)
    if o.format == "text":
        return PlainTextResponse(text)
    return Response(text, media_type="application/json")


def asgi_app() -> FastAPI:
    """The router as an ASGI app of its own, for a Starlette ``Route("/api/odds", asgi_app())``."""
    app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)
    app.include_router(router)
    return app
