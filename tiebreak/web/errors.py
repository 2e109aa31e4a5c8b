"""The API's one error shape, ``{"error", "file", "line", "column", "field"}`` (+ ``place`` in the request's language),
for every way a request can fail: our own checks, the library's input errors, the typed fields' validation, unknown
paths and methods, and (never expected) a bug, which is a JSON 500 rather than a traceback in plain text."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException

from ..engine.errors import InputError, Place, TiebreakError
from ..render.i18n import LANGUAGES, message, place_text

log = logging.getLogger("tiebreak.web")


class ErrorAnswer(BaseModel):
    """What every failed request answers (status 400, 404, 413, 503)."""

    error: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    field: str | None = None
    place: str | None = None


#: the documented error answers, for ``responses=`` of the routes
ERRORS: dict[int | str, dict] = {
    400: {"model": ErrorAnswer, "description": "bad input: the message names the file, line, column and field"},
    404: {"model": ErrorAnswer, "description": "no such bundled example"},
    413: {"model": ErrorAnswer, "description": "upload too large"},
    503: {"model": ErrorAnswer, "description": "time limit reached, or the server is busy"},
}


class ApiError(Exception):
    """A refusal with its status and where the problem is (``file``, ``line``, ``column``, ``field``)."""

    def __init__(self, status: int, message: str, **place) -> None:
        super().__init__(status, message, place)
        self.status, self.message, self.place = status, message, place

    def __reduce__(self):  # travels back from a worker process
        return _rebuild, (self.status, self.message, self.place)


def _rebuild(status: int, text: str, place: dict) -> ApiError:
    return ApiError(status, text, **place)


def from_tiebreak_error(e: TiebreakError) -> ApiError:
    """Same message as the command line, and the place as fields."""
    if isinstance(e, InputError):
        p = e.place
        return ApiError(400, e.message, file=p.file, line=p.line, column=p.column, field=p.field)
    return ApiError(400, str(e))


def error_response(e: ApiError, lang: str | None = "en") -> JSONResponse:
    """The error as JSON; the message in the language the request asked for (field names stay as they are)."""
    lang = lang if lang in LANGUAGES else "en"
    place = {k: e.place.get(k) for k in ("file", "line", "column", "field")}
    where = {"place": place_text(Place(**{k: v for k, v in place.items() if v is not None}), lang)} \
        if place["file"] else {}
    return JSONResponse({"error": message(e.message, lang), **place, **where}, status_code=e.status)


def shown_value(value) -> str:
    """A refused value as a message quotes it: short, whatever was sent.

    >>> shown_value("9" * 5000)[:6], len(shown_value("9" * 5000))
    ("'99999", 43)
    """
    text = value if isinstance(value, str) else repr(value)
    return repr(text if len(text) <= 40 else text[:40] + "…")


def validation_error(errors) -> ApiError:
    """The first problem pydantic found in a request's fields, as our message naming the field."""
    e = errors[0]
    loc = [str(x) for x in e.get("loc", ()) if not isinstance(x, int)]
    field = loc[-1] if loc and loc[-1] not in ("body", "query") else None
    ctx, value, kind = e.get("ctx") or {}, e.get("input"), e.get("type")
    low, high = ctx.get("low"), ctx.get("high")
    if kind == "missing":
        return ApiError(400, f"the field {field} is missing", field=field)
    if kind == "whole_number":
        return ApiError(400, f"the field {field} must be a whole number from {low} to {high}, not {shown_value(value)}",
                        field=field)
    if kind == "decimal_number":
        return ApiError(400, f"the field {field} must be a number from {low} to {high}, not {shown_value(value)}",
                        field=field)
    if kind == "choice":
        return ApiError(400, f"the field {field} must be one of {ctx['choices']}, not {shown_value(value)}", field=field)
    if kind == "flag":
        return ApiError(400, f"the field {field} must be true or false, not {shown_value(value)}", field=field)
    if kind in ("string_too_long", "too_long"):
        return ApiError(400, f"the field {field} is too long (at most {ctx.get('max_length')})", field=field)
    return ApiError(400, f"the field {field} is not valid: {e.get('msg')}", field=field)


def _lang(request: Request, body=None) -> str | None:
    lang = getattr(request.state, "lang", None) or request.query_params.get("lang")
    if lang is None and hasattr(body, "get"):
        lang = body.get("lang")
    return lang if isinstance(lang, str) else None


def install(app: FastAPI) -> None:
    """Make every failure of ``app`` answer in the error shape."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, e: ApiError):
        return error_response(e, _lang(request))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, e: RequestValidationError):
        return error_response(validation_error(e.errors()), _lang(request, e.body))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, e: HTTPException):
        text = {404: "no such page", 405: "method not allowed"}.get(e.status_code, "the request was refused")
        response = error_response(ApiError(e.status_code, text), _lang(request))
        if e.headers:
            response.headers.update(e.headers)
        return response

    @app.exception_handler(Exception)
    async def bug(request: Request, e: Exception):
        log.exception("internal error on %s", request.url.path)
        return error_response(ApiError(500, "internal error: the server could not answer this request"),
                              _lang(request))
