"""The API's one error shape, ``{"error", "file", "line", "column", "field", "place"}`` (``null`` where unknown;
``place`` is where the problem is, in the request's language, when it is in a file),
for every way a request can fail: our own checks, the library's input errors, the typed fields' validation, unknown
paths and methods, and (never expected) a bug, which is a JSON 500 rather than a traceback in plain text."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from http import HTTPStatus
from typing import Any, Callable, TypedDict, Unpack

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from pydantic_core import ErrorDetails
from starlette.exceptions import HTTPException

from ..engine.errors import InputError, Place, SpecifierError, TiebreakError
from ..engine.messages import Count, Message
from ..render.i18n import LANGUAGES, message, place_text
from .fields import form_field_names

log = logging.getLogger("tiebreak.web")


class ErrorAnswer(BaseModel):
    """What every failed request answers (status 400, 404, 413, 429, 500, 503)."""

    error: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    field: str | None = None
    place: str | None = None


#: the documented error answers, for ``responses=`` of the routes
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorAnswer, "description": "bad input: the message names the file, line, column and field"},
    404: {"model": ErrorAnswer, "description": "no such bundled example"},
    413: {"model": ErrorAnswer, "description": "upload too large"},
    429: {"model": ErrorAnswer, "description": "too many requests at once from one address"},
    500: {"model": ErrorAnswer, "description": "the server could not run the computation (a worker process could "
                                               "not start or crashed); the server's log says why"},
    503: {"model": ErrorAnswer, "description": "time limit reached, or the server is busy"},
}


class ErrorPlace(TypedDict, total=False):
    """Where the problem of a refused request is (the fields of the error answer besides ``error``)."""

    file: str | None
    line: int | None
    column: int | None
    field: str | None
    #: where in the file, when it is not a form field: a Swiss-Manager byte, a TRF record (``place`` only)
    at: str | None
    #: the form field whose text is read as a file (the Varma ``list``): named as the place's file
    text: str | None


class ApiError(Exception):
    """A refusal with its status and where the problem is (``file``, ``line``, ``column``, ``field``)."""

    def __init__(self, status: int, message: str, **place: Unpack[ErrorPlace]) -> None:
        super().__init__(status, message, place)
        self.status, self.message, self.place = status, message, place

    def __reduce__(self) -> tuple[Callable[[int, str, ErrorPlace], ApiError], tuple[int, str, ErrorPlace]]:
        return _rebuild, (self.status, self.message, self.place)  # travels back from a worker process


def _rebuild(status: int, text: str, place: ErrorPlace) -> ApiError:
    return ApiError(status, text, **place)


def from_tiebreak_error(e: TiebreakError) -> ApiError:
    """Same message as the command line, and the place as fields: ``field`` the form field at fault (a place's
    field that is one, ``after round`` being ``after_round``; a form field whose text is read as a file, the prize
    list, the Varma ``list``, the play-off results), a place inside the file only in ``place``.

    >>> from tiebreak.engine.errors import Place
    >>> from_tiebreak_error(InputError("cut", Place("x.TUNX", field="byte 2964 (directory)"))).place
    {'file': 'x.TUNX', 'line': None, 'column': None, 'field': None, 'at': 'byte 2964 (directory)'}
    >>> from_tiebreak_error(InputError("no", Place("x.trf", field="after round"))).place["field"]
    'after_round'
    >>> from_tiebreak_error(InputError("bad", Place("prizes", 2, 3, "amount"))).place
    {'line': 2, 'column': 3, 'field': 'prizes', 'text': 'prizes', 'at': 'amount'}
    """
    if isinstance(e, InputError):
        p = e.place
        known = _form_fields()
        if p.file and p.file in known:
            return ApiError(400, e.message, line=p.line, column=p.column, field=p.file, text=p.file,
                            at=p.field or None)
        name = (p.field or "").replace(" ", "_")
        return ApiError(400, e.message, file=p.file or None, line=p.line, column=p.column,
                        field=name if name in known else None, at=p.field or None)
    if isinstance(e, SpecifierError):
        return ApiError(400, e.message, field=e.field or None)
    return ApiError(400, e.args[0] if e.args and isinstance(e.args[0], str) else str(e))


def _form_fields() -> set[str]:
    return form_field_names() | {"text"}  # /api/translate's


def error_response(e: ApiError, lang: str | None = "en") -> JSONResponse:
    """The error as JSON; the message in the language the request asked for (field names stay as they are)."""
    lang = lang if lang in LANGUAGES else "en"
    file, line, column, field = (e.place.get("file"), e.place.get("line"), e.place.get("column"),
                                 e.place.get("field"))
    source = file or e.place.get("text")
    place = place_text(Place(source, line, column, e.place.get("at") or ""), lang) if source else None
    return JSONResponse({"error": message(e.message, lang), "file": file or None, "line": line, "column": column,
                         "field": field or None, "place": place}, status_code=e.status)


def no_live_event(name: str | None, lang: str) -> JSONResponse:
    """404 from the live face: no watched event ``name`` (None: no event is published yet)."""
    if name is None:
        return error_response(ApiError(404, "no live event is published yet"), lang)
    return error_response(ApiError(404, Message("no live event {}", repr(name)), field="event"), lang)


def shown_value(value: object) -> str:
    """A refused value as a message quotes it: short, whatever was sent.

    >>> shown_value("9" * 5000)[:6], len(shown_value("9" * 5000))
    ("'99999", 43)
    """
    text = value if isinstance(value, str) else repr(value)
    return repr(text if len(text) <= 40 else text[:40] + "…")


def validation_error(errors: Sequence[ErrorDetails]) -> ApiError:
    """The first problem pydantic found in a request's fields, as our message naming the field."""
    e = errors[0]
    loc = [str(x) for x in e.get("loc", ()) if not isinstance(x, int)]
    field = loc[-1] if loc and loc[-1] not in ("body", "query") else None
    ctx, value, kind = e.get("ctx") or {}, e.get("input"), e.get("type")
    if kind == "unknown_field":  # a form field no form has: misspelt, or not this API's
        return ApiError(400, Message("unknown form field {}: not one of the API's fields (docs/reference/web-api.md)",
                                     ctx.get("fields")), field=str(ctx.get("fields")))
    if field is None and tuple(e.get("loc", ())[:1]) == ("body",):  # the body as a whole: not JSON, or not an object
        if kind == "json_invalid":
            return ApiError(400, Message("the request body is not valid JSON: {}", ctx.get('error') or e.get('msg')))
        return ApiError(400, Message("the request body must be a JSON object, not {}", shown_value(value)))
    low, high = ctx.get("low"), ctx.get("high")
    if kind == "missing":
        return ApiError(400, Message("the field {} is missing", field), field=field)
    if kind == "whole_number":
        return ApiError(400, Message("the field {} must be a whole number from {} to {}, not {}",
                                     field, low, high, shown_value(value)),
                        field=field)
    if kind == "decimal_number" and ctx.get("below"):  # the bound itself refused (draw_rate: below 1)
        return ApiError(400, Message("the field {} must be a number at least {} and below {}, not {}",
                                     field, low, high, shown_value(value)), field=field)
    if kind == "decimal_number":
        return ApiError(400, Message("the field {} must be a number from {} to {}, not {}",
                                     field, low, high, shown_value(value)),
                        field=field)
    if kind == "choice":
        return ApiError(400, Message("the field {} must be one of {}, not {}",
                                     field, ctx['choices'], shown_value(value)), field=field)
    if kind == "flag":
        return ApiError(400, Message("the field {} must be true or false, not {}", field, shown_value(value)), field=field)
    return _plain_error(field, kind, ctx, value)


def _plain_error(field: str | None, kind: str | None, ctx: dict[str, Any], value: object) -> ApiError:
    """A query's or a field's plain type or bound, pydantic's own (``int`` with ``ge``/``le``), in our words."""
    if kind == "string_too_long":  # a text: its characters counted
        return ApiError(400, Message("the field {} is too long ({} characters; at most {})", field,
                                     Count(len(str(value))), Count(ctx.get("max_length", 0))), field=field)
    if kind == "too_long":  # a repeated field (category): its values counted, never called long
        return ApiError(400, Message("the field {} is given {} values; at most {}", field,
                                     Count(ctx.get("actual_length", 0)), Count(ctx.get("max_length", 0))), field=field)
    if kind in ("greater_than_equal", "less_than_equal"):
        bound = Message("at least {}", ctx.get("ge")) if kind == "greater_than_equal" else Message("at most {}",
                                                                                                  ctx.get("le"))
        return ApiError(400, Message("the field {} must be {}, not {}", field, bound, shown_value(value)), field=field)
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return ApiError(400, Message("the field {} must be a whole number, not {}", field, shown_value(value)),
                        field=field)
    return ApiError(400, Message("the field {} is not valid: {}", field, shown_value(value)), field=field)


def request_language(request: Request, form_lang: object = None) -> str:
    """The language a request asks for, one rule for every answer and every error: the form's (or JSON body's)
    field ``lang``, else the query's ``?lang=``, else English; an unknown language counts as none given."""
    for lang in (form_lang, request.query_params.get("lang")):
        if isinstance(lang, str) and lang in LANGUAGES:
            return lang
    return "en"


def _lang(request: Request, body: object = None) -> str:
    """The language of an error answer: the one the route settled on, else :func:`request_language` (the body is
    the form or JSON object that failed validation)."""
    settled = getattr(request.state, "lang", None)
    if isinstance(settled, str):
        return settled
    return request_language(request, body.get("lang") if isinstance(body, Mapping) else None)


def install(app: FastAPI) -> None:
    """Make every failure of ``app`` answer in the error shape."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, e: ApiError) -> JSONResponse:
        return error_response(e, _lang(request))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, e: RequestValidationError) -> JSONResponse:
        return error_response(validation_error(e.errors()), _lang(request, e.body))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, e: HTTPException) -> JSONResponse:
        text = {404: "no such page", 405: "method not allowed"}.get(e.status_code, "the request was refused")
        if e.status_code in (429, 503) and e.detail and e.detail != HTTPStatus(e.status_code).phrase:
            text = e.detail  # the server's own words: how many, and when to try again
        response = error_response(ApiError(e.status_code, text), _lang(request))
        if e.headers:
            response.headers.update(e.headers)
        return response

    @app.exception_handler(Exception)
    async def bug(request: Request, e: Exception) -> JSONResponse:
        log.exception("internal error on %s", request.url.path)
        return error_response(ApiError(500, "internal error: the server could not answer this request"),
                              _lang(request))
