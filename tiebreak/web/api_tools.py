"""Endpoints that need no tournament file: the catalogue of tie-breaks, the presets, the bundled examples, Berger
tables and the Varma draw."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import anyio
from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ..app.declared import MAX_BERGER_PLAYERS, OPTIONS
from ..arbiter import berger, varma
from ..engine.errors import TiebreakError
from ..engine.presets import PRESETS
from ..engine.registry import CATALOGUE
from ..render.i18n import message, team_catalogue, tiebreak_name
from ..render.tools import berger_text, varma_text
from .errors import ERRORS, ApiError, from_tiebreak_error, request_language
from .fields import Flag, Lang, choice, declared_form, declared_number, multipart
from .models import BergerSchedule, Preset, TieBreak, VarmaDraw, also
from .uploads import EXAMPLES

router = APIRouter(prefix="/api", tags=["tools"])
#: the players of a Berger table: the declared bounds, the API's own upper bound
_PLAYERS = OPTIONS["berger_players"]


@router.get("/catalogue", summary="Every tie-break, individual and team: code, name, article, type, modifiers, family",
            response_model=list[TieBreak], responses={400: ERRORS[400]})
async def catalogue(lang: Annotated[Lang, Query()] = None) -> list[TieBreak]:
    return catalogue_entries(lang or "en")


def catalogue_entries(lang: str) -> list[TieBreak]:
    """Every tie-break, individual then team, named in ``lang``: the API's catalogue and the page's list of codes."""
    return [TieBreak(code=d.code, name=tiebreak_name(d, lang), article=d.article, type=d.type,
                     modifiers=d.modifiers, family=d.family, team=False) for d in CATALOGUE.values()] + [
        TieBreak(**d) for d in team_catalogue(lang)]


@router.get("/presets", summary="Ready-made tie-break lists", response_model=list[Preset], responses={400: ERRORS[400]})
async def presets(lang: Annotated[Lang, Query()] = None) -> list[Preset]:
    """Each list with its source in ``lang``, as ``tiebreak presets --lang`` and the page's choice of a list say it."""
    return [Preset(name=p.name, tiebreaks=p.tiebreaks, rules=p.rules, team=p.team,
                   source=message(p.source, lang or "en")) for p in PRESETS.values()]


@router.get("/examples", summary="Names of the bundled example tournaments", response_model=list[str])
async def examples() -> list[str]:
    return sorted(p.name for p in EXAMPLES.glob("*.trf")) if EXAMPLES.is_dir() else []


def _berger(players: int, double: bool, text_in: str | None) -> str:
    rounds = berger.schedule(players, double=double)
    return berger_text(rounds, text_in) if text_in else berger.to_json(rounds)


@router.get("/berger", summary=f"Berger round-robin schedule (Arbiters' Manual 13.16), 2 to {MAX_BERGER_PLAYERS} "
                               "players", response_model=BergerSchedule, responses={400: ERRORS[400], **also("text/plain")})
async def berger_tables(players: Annotated[int, declared_number(_PLAYERS), Query(
                            description=_PLAYERS.help, openapi_examples={"example": {"value": _PLAYERS.example}})],
                        double: Annotated[Flag, Query(description=OPTIONS["double"].help)] = False,
                        lang: Annotated[Lang, Query()] = None,
                        format: Annotated[str | None, choice("json", "text"), Query()] = None) -> Response:
    text = format == "text"  # as `tiebreak berger` prints it, in `lang`: the page shows it
    body = await anyio.to_thread.run_sync(_berger, players, double, (lang or "en") if text else None)
    return Response(body, media_type="text/plain; charset=utf-8" if text else "application/json")


@declared_form("varma")
class VarmaForm(BaseModel):
    """The declared options of ``varma`` (``list``, ``seed``, ``variant``) and the answer's language and format."""

    lang: Lang = None
    format: Annotated[str | None, choice("json", "text")] = Field(
        None, description="text: as `tiebreak varma` prints it, in `lang` (the page shows it)")

    if TYPE_CHECKING:  # made from the declaration (tiebreak.app.declared): their types for mypy
        list: str | None
        seed: int | None
        variant: str | None


def _varma(text: str, seed: int, variant: str, text_in: str | None) -> dict[str, Any] | str:
    players = varma.parse_players(text, "list")
    d = varma.draw(players, seed, variant)
    rounds = varma.named_schedule(d, len(players))
    if text_in:
        return varma_text(d, rounds, text_in)
    doc = varma.to_dict(d, seed)
    doc["rounds"] = [{"round": r.number, "pairings": [[by, bl] for by, bl in r.pairings], "bye": r.bye}
                     for r in rounds]
    return doc


@router.post("/varma", summary="Restricted drawing of lots with Varma tables (Arbiters' Manual 13.17)",
             response_model=VarmaDraw, responses={400: ERRORS[400], 413: ERRORS[413], **also("text/plain")},
             openapi_extra=multipart(VarmaForm))
async def varma_draw(request: Request, form: Annotated[VarmaForm, Form()]) -> dict[str, Any] | Response:
    request.state.lang = request_language(request, form.lang)  # errors in the language the request asks for
    if not form.list:
        raise ApiError(400, "give the players (field 'list': lines Name, FED)", field="list")
    if form.seed is None:
        raise ApiError(400, "seed must be a whole number (it makes the draw repeatable)", field="seed")
    try:
        answer = await anyio.to_thread.run_sync(_varma, form.list, form.seed, form.variant or str(OPTIONS["variant"].default),
                                                (form.lang or "en") if form.format == "text" else None)
    except TiebreakError as e:
        raise from_tiebreak_error(e) from None
    return Response(answer, media_type="text/plain; charset=utf-8") if isinstance(answer, str) else answer
