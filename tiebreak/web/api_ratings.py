"""``POST /api/ratings``: `tiebreak ratings` over HTTP — the rating change (FIDE, Russian) or the performance
(Harkness, USCF ±400) of every player after any round, run in a killable worker process like every computation on
a file.  In a team event the players of every board are listed.

The answer is the command line's JSON (``tiebreak ratings --format json``) plus the reader's warnings: the change
exact, ``rounded`` by the system's rule, which ``rule`` and ``article`` name in the request's language.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ..app.options import RatingsOptions
from ..app.ratings import ratings as rating_report_of
from ..app.ratings import render_ratings
from ..engine.errors import InputWarning
from ..render import ratings
from ..render.output import dumps_exact, worded
from .errors import ERRORS
from .fields import UploadForm, declared_form, multipart
from .models import Number
from .uploads import run_on_upload, wants_html

router = APIRouter(prefix="/api", tags=["ratings"], responses=ERRORS)


@declared_form("ratings")
class RatingsForm(UploadForm):
    """The ``tiebreak ratings`` options as form fields (the declared ones: :data:`tiebreak.app.declared.RATINGS_FORM`)."""

    def options(self) -> RatingsOptions:
        given = self.model_dump(exclude={"file", "example"}, exclude_none=True)
        return RatingsOptions(**given)


class RatingRow(BaseModel):
    """One player; the fields of a performance system (harkness, uscf) are start_no, name, rating, games, score and
    performance."""

    start_no: int
    name: str
    rating: int | None
    k: int | None = None
    games: int = Field(description="rated games: over the board against a rated opponent")
    score: Number = Field(description="points of the rated games")
    expected: Number | None = Field(None, description="Σ PD, exact")
    change: Number | None = Field(None, description="K × (score − expected), exact")
    rounded: int | None = Field(None, description="the change rounded by the system's rule")
    performance: int | None


class RatingReport(BaseModel):
    system: str
    after_round: int = Field(description="the rounds counted")
    rule: str = Field(description="how the change or performance is computed and rounded")
    article: str = Field(description="where the rule is written")
    players: list[RatingRow]
    warnings: list[str] = Field(description="the reader's warnings, in the request's language")
    said: dict[str, Any] = Field(description="the same warnings as messages (identifier and values), as the "
                                             "standings' JSON has them")


def ratings_job(o: RatingsOptions, path: str) -> bytes:
    """The report of one file (run in a worker process)."""
    warnings: list[InputWarning] = []
    answer = ratings.to_json_obj(rating_report_of(o, path, warnings), o.lang)
    answer |= worded(None, warnings, o.lang)
    return dumps_exact(answer).encode("utf-8")


def ratings_page(o: RatingsOptions, path: str) -> bytes:
    """The report of one file as the command line's HTML, the reader's warnings among its heading lines."""
    return render_ratings(o, path, "html", [], warnings_shown=True).encode("utf-8")


@router.post("/ratings", summary="Rating change (FIDE, Russian) or performance (Harkness, USCF) of every player",
             response_model=RatingReport, openapi_extra=multipart(RatingsForm))
async def rating_report(request: Request, form: Annotated[RatingsForm, Form()]) -> Response:
    if wants_html(request):  # the report as `tiebreak ratings --format html` prints it (the page shows its table)
        body, _ = await run_on_upload(request, form, ratings_page)
        return Response(body, media_type="text/html; charset=utf-8")
    body, _ = await run_on_upload(request, form, ratings_job)
    return Response(body, media_type="application/json")
