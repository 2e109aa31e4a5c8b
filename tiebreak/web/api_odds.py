"""``POST /api/odds``: `tiebreak odds` over HTTP (multipart upload of the tournament file plus the command's options
as typed form fields), run in a killable worker process like every computation on a file.  In a team event the
teams' odds (by the team standings), unless ``players`` asks for the players'.

Answers are the command line's JSON (``format=html`` or ``text`` for the other outputs); errors are the API's error
shape.  One budget of :data:`BUDGET_SECONDS` bounds all the work of a request (the command line's ``--budget``, the
same mechanism: :mod:`tiebreak.arbiter.odds.budget`): every outcome when they fit, else a simulation of at most
``simulations`` outcomes (at most :data:`MAX_SIMULATIONS`) that stops at the budget with what it has and its margin,
so a request never holds a worker slot much past it.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from ..app.odds import render_odds
from ..app.options import OddsOptions
from ..arbiter.odds.budget import MAX_BUDGET, MAX_SIMULATIONS
from ..engine.rules import RULE_CHOICES
from .errors import ERRORS
from .fields import (
    MAX_RATING,
    MAX_ROUND,
    MAX_START_NO,
    Compat,
    Event,
    Flag,
    Lang,
    PointsFrom,
    Seed,
    System,
    Text,
    choice,
    decimal_number,
    multipart,
    whole_number,
)
from .uploads import run_on_upload

router = APIRouter(prefix="/api", tags=["odds"], responses=ERRORS)
BUDGET_SECONDS = MAX_BUDGET
MEDIA_TYPES = {"json": "application/json", "html": "text/html; charset=utf-8", "text": "text/plain; charset=utf-8"}


class OddsForm(BaseModel):
    """The ``tiebreak odds`` options as form fields."""

    model_config = ConfigDict(extra="ignore")

    file: UploadFile | None = File(None, description="TRF, Chess-JSON, Chess-Results XML, PGN, CSV or XLSX")
    example: Text = Field(None, examples=["hobsons-bay-cup-2025.trf"])
    event: Event = None
    tiebreaks: Text = None
    preset: Text = None
    rules: Annotated[str | None, choice(*RULE_CHOICES)] = None
    compat: Compat = None
    after_round: Annotated[int | None, whole_number(0, MAX_ROUND, optional=True)] = None
    unrated_rating: Annotated[int | None, whole_number(0, MAX_RATING, optional=True)] = None
    system: System = None
    points_from: PointsFrom = None
    model: Annotated[str | None, choice("equal", "elo")] = Field(
        None, description="equal: every result 1/3; elo: Davidson's draw model")
    draw_rate: Annotated[float | None, decimal_number(0, 1)] = None
    white_advantage: Annotated[float | None, decimal_number(-1000, 1000)] = None
    fix: list[Annotated[str, Field(max_length=100)]] = Field([], max_length=1000, examples=[["12-7=1-0"]],
                                                             description="a pending game's result, repeatable")
    simulations: Annotated[int | None, whole_number(1, MAX_SIMULATIONS, optional=True)] = None
    seed: Seed = None
    places: Annotated[int | None, whole_number(1, MAX_START_NO, optional=True)] = None
    player: Annotated[int | None, whole_number(1, MAX_START_NO, optional=True)] = Field(
        None, description="start number (a team's number in a team event): the minimal sets of results for first place")
    players: Flag = Field(False, description="in a team event, the players' odds instead of the teams'")
    format: Annotated[str | None, choice(*MEDIA_TYPES)] = None
    lang: Lang = None

    def options(self) -> OddsOptions:
        """The options of the odds; the budget bounds all the work (never hours of work, whatever is asked)."""
        given = self.model_dump(exclude={"file", "example", "fix"}, exclude_none=True)
        return OddsOptions(**{"format": "json", **given}, fix=[f for f in self.fix if f.strip()] or None,
                                   budget=BUDGET_SECONDS, exact=False)


def odds_job(o: OddsOptions, path: str) -> bytes:
    """The odds of one file (run in a worker process)."""
    return render_odds(o, path, []).encode("utf-8")


@router.post("/odds", summary="Who can still win: the chance of every place once the pending games are played",
             openapi_extra=multipart(OddsForm), responses={200: {
                 "description": "the command line's JSON, or HTML or text",
                 "content": {kind.split(";")[0]: {} for kind in MEDIA_TYPES.values()}}})
async def odds(request: Request, form: Annotated[OddsForm, Form()]) -> Response:
    body, _ = await run_on_upload(request, form, odds_job, heavy=True)
    return Response(body, media_type=MEDIA_TYPES[form.format or "json"])
