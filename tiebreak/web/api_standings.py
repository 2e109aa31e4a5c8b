"""Endpoints on an uploaded tournament file: standings, explanations, checks of published standings, play-offs and
prizes.  Each reads its form into a typed model (:mod:`tiebreak.web.fields`) and runs the work in a worker process
(:mod:`tiebreak.web.jobs`, :mod:`tiebreak.web.workers`)."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from fastapi import APIRouter, Form, Request, UploadFile
from fastapi.responses import Response
from pydantic import Field

from ..app.declared import MAX_SERIES_EVENTS, OPTIONS, PAGE_FORMAT
from ..app.options import EXTENSIONS, MEDIA_TYPES
from ..engine.messages import Message
from ..formats.published import HTML_SUFFIXES
from ..formats.readers import READERS
from ..render.output import json_schema
from . import jobs
from .errors import ERRORS, ApiError, request_language
from .fields import MAX_TEXT, StandingsForm, declared_form, multipart
from .models import CheckReport, Explanation, PlayoffAnswer, PrizeList, also
from .uploads import client_of, content_disposition, run_on_upload, uploaded_name, wants_html

router = APIRouter(prefix="/api", tags=["standings"], responses=ERRORS)


def _json(answer: tuple[bytes, int | None]) -> Response:
    body, seed = answer
    return Response(body, media_type="application/json", headers=seed_header(seed))


def seed_header(seed: int | None) -> dict[str, str]:
    """The seed the lots were drawn with, on every answer that ranks (the body of a CSV or PDF has no place for it):
    send it back as the form field ``seed`` to get the same order; none with ``no_lots``."""
    return {"x-tiebreak-seed": str(seed)} if seed is not None else {}


#: what the answer of ``format=page`` is
PAGE_ANSWER = ("format html: the download's page; format page: the web page's parts of the standings in the "
               "request's language (each element with data-part fills the page's element of that id: the summary, "
               "the notes and warnings worded, the tie-break list, the table, the category and team sections)")


@router.post("/standings", summary="Standings of an uploaded tournament file", openapi_extra=multipart(StandingsForm),
             responses={200: {
    "description": "the standings: JSON as `tiebreak standings --format json` (the published JSON Schema "
                   "standings-1), other formats as a download",
    "content": {"application/json": {"schema": json_schema()},
                **{kind.split(";")[0]: {"schema": {"type": "string", "format": "binary"}}
                   for kind in MEDIA_TYPES.values() if kind != "application/json"},
                "text/html": {"schema": {"type": "string", "description": PAGE_ANSWER}}}}})
async def standings(request: Request, form: Annotated[StandingsForm, Form()]) -> Response:
    o = form.options()
    if o.format == "pdf":  # at most so many Chromium prints at once, whatever else runs
        async with request.app.state.pdf_prints:
            answer, shown = await run_on_upload(request, form, jobs.standings, pausable=False)
    else:
        answer, shown = await run_on_upload(request, form, jobs.standings)
    if o.format == "json":
        return _json(answer)
    if o.format == PAGE_FORMAT:  # the page's parts, in the request's language (never a download)
        return Response(answer[0], media_type="text/html; charset=utf-8", headers=seed_header(answer[1]))
    name = Path(shown).stem + "." + EXTENSIONS[o.format]
    return Response(answer[0], media_type=MEDIA_TYPES[o.format],
                    headers={"content-disposition": content_disposition(name), **seed_header(answer[1])})


@declared_form("explain")
class ExplainForm(StandingsForm):
    """The standings' fields and the declared options of ``explain`` (``player``, ``player2``)."""

    if TYPE_CHECKING:  # made from the declaration (tiebreak.app.declared): their types for mypy
        player: int | None
        player2: int | None


@router.post("/explain", summary="How each value of a player (in a team event: of a team) was made, or what separated two",
             response_model=Explanation, openapi_extra=multipart(ExplainForm), responses=also("text/html"))
async def explain(request: Request, form: Annotated[ExplainForm, Form()]) -> Response:
    numbers = [n for n in (form.player, form.player2) if n is not None]
    if form.player is None:
        raise ApiError(400, "give the start number of a player (field 'player')", field="player")
    if form.options().format == PAGE_FORMAT:  # the page's standings and its open panel, from one ranking
        (body, seed), _ = await run_on_upload(request, form, jobs.page_explained, numbers)
        return Response(body, media_type="text/html; charset=utf-8", headers=seed_header(seed))
    if form.options().format == "html" or wants_html(request):  # the page's panel, in the request's language
        (body, seed), _ = await run_on_upload(request, form, jobs.explain_html, numbers)
        return Response(body, media_type="text/html; charset=utf-8", headers=seed_header(seed))
    answer, _ = await run_on_upload(request, form, jobs.explain, numbers)
    return _json(answer)



@declared_form("check")
class CheckForm(StandingsForm):
    """The standings' fields, the declared options of ``check`` (``publisher``, and ``rules`` with the reference
    checker's readings and the programs' conventions) and the published standings (an upload or its text)."""

    published: UploadFile | Annotated[str, Field(max_length=MAX_TEXT)] | None = Field(
        None, description="published standings: a CSV/XLSX file, a saved HTML page (chess-results, Vega), or CSV text")

    if TYPE_CHECKING:  # made from the declaration (tiebreak.app.declared): its type for mypy
        publisher: str | None


@router.post("/check", response_model=CheckReport, openapi_extra=multipart(CheckForm), responses=also("text/html"),
             summary="Check published standings: differences under the announced rules, and the rule set that "
                     "reproduces them (the file's own ranks and values, or the export in 'published')")
async def check(request: Request, form: Annotated[CheckForm, Form()]) -> Response:
    upload, published, published_name = form.published, None, ""
    if isinstance(upload, str) and upload.strip():
        published, published_name = ("published.csv", upload.encode("utf-8")), "published"
    elif upload is not None and not isinstance(upload, str):
        given = Path(upload.filename or "").suffix.lower()
        suffix = given if given in (".xlsx", *HTML_SUFFIXES) else ".csv"
        published, published_name = ("published" + suffix, await upload.read()), uploaded_name(upload.filename or "")
    if form.options().format == "html" or wants_html(request):  # the page's check, in the request's language
        body, _ = await run_on_upload(request, form, jobs.check, published, published_name, "html", heavy=True)
        return Response(body, media_type="text/html; charset=utf-8")
    body, _ = await run_on_upload(request, form, jobs.check, published, published_name, heavy=True)
    return _json((body, None))


@declared_form("playoffs")
class PlayoffForm(StandingsForm):
    """The standings' fields and the declared options of ``playoffs`` (``places``)."""

    if TYPE_CHECKING:  # made from the declaration (tiebreak.app.declared): their types for mypy
        places: str | None


@router.post("/playoffs", summary="Play-off groups for tied places (Arbiters' Manual 13.2)",
             response_model=PlayoffAnswer, openapi_extra=multipart(PlayoffForm), responses=also("text/plain"))
async def playoffs(request: Request, form: Annotated[PlayoffForm, Form()]) -> Response:
    raw = form.places or str(OPTIONS["playoff_places"].default)
    items = [x.strip() for x in raw.split(",") if x.strip()]
    if not items or len(items) > 100 or not all(x.isascii() and x.isdigit() and len(x) <= 6 for x in items):
        raise ApiError(400, Message("places must be numbers like 1,2 — not {}", repr(raw[:40])), field="places")
    if form.options().format == "text":  # as `tiebreak playoffs` prints them, in the request's language
        (body, seed), _ = await run_on_upload(request, form, jobs.playoffs, ",".join(items), "text")
        return Response(body, media_type="text/plain; charset=utf-8", headers=seed_header(seed))
    answer, _ = await run_on_upload(request, form, jobs.playoffs, ",".join(items))
    return _json(answer)


@declared_form("prizes")
class PrizeForm(StandingsForm):
    """The standings' fields and the declared options of ``prizes`` (``prizes``, ``method``)."""

    if TYPE_CHECKING:  # made from the declaration (tiebreak.app.declared): their types for mypy
        prizes: str | None
        method: str | None


@router.post("/prizes", summary="Distribute a prize list on the final standings (shared, Hort or by tie-break; 13.2.6)",
             response_model=PrizeList, openapi_extra=multipart(PrizeForm), responses=also("text/html"))
async def prizes(request: Request, form: Annotated[PrizeForm, Form()]) -> Response:
    if not form.prizes:
        raise ApiError(400, "give the prize list (field 'prizes': lines place,N,amount or category,EXPR,amount)",
                       field="prizes")
    method = form.method or str(OPTIONS["method"].default)
    if form.options().format == "html" or wants_html(request):  # the page's prizes, in the request's language
        (body, seed), _ = await run_on_upload(request, form, jobs.prizes, form.prizes, method, "html")
        return Response(body, media_type="text/html; charset=utf-8", headers=seed_header(seed))
    answer, _ = await run_on_upload(request, form, jobs.prizes, form.prizes, method)
    return _json(answer)


@declared_form("series")
class SeriesForm(StandingsForm):
    """The standings' fields, the declared options of ``series`` and the events' files."""

    files: list[UploadFile] = Field([], description="the events' files, in the order they were played")

    if TYPE_CHECKING:  # made from the declaration (tiebreak.app.declared): their types for mypy
        points: str | None
        best: int | None
        series_tiebreaks: str | None
        events: str | None


@router.post("/series", summary="Standings of a series of events: series points by place or score, the best K events",
             openapi_extra=multipart(SeriesForm))
async def series(request: Request, form: Annotated[SeriesForm, Form()]) -> Response:
    request.state.lang = request_language(request, form.lang)  # errors in the language the request asks for
    if form.format not in (None, "json", "text"):
        raise ApiError(400, Message("a series is given as json or text, not {}", repr(form.format)), field="format")
    if not form.points:
        raise ApiError(400, "give the series points (field 'points': place:25,18,15... or score)", field="points")
    if not 1 <= len(form.files) <= MAX_SERIES_EVENTS:
        raise ApiError(400, Message("give 1 to {} event files (field 'files')", MAX_SERIES_EVENTS), field="files")
    o = replace(form.options(), lang=request.state.lang)
    with tempfile.TemporaryDirectory(prefix="tiebreak-series-") as tmp:
        paths, names = [], []
        for i, upload in enumerate(form.files):
            names.append(uploaded_name(upload.filename or "") if upload.filename else f"event {i + 1}")
            suffix = Path(names[-1]).suffix.lower()
            path = Path(tmp) / f"event{i + 1}{suffix if suffix in READERS or suffix in ('.trf', '.tab') else '.trf'}"
            path.write_bytes(await upload.read())
            paths.append(str(path))
        body, _ = await request.app.state.workers.run(jobs.series, o, paths, form.points, form.best,
                                                      form.series_tiebreaks or str(OPTIONS["series_tiebreaks"].default), names,
                                                      form.format or "json", form.events, tmp=tmp,
                                                      client=client_of(request))
    if form.format == "text":
        return Response(body, media_type="text/plain; charset=utf-8")
    return Response(body, media_type="application/json")
