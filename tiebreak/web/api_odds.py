"""``POST /api/odds``: `tiebreak odds` over HTTP (multipart upload of the tournament file plus the command's options
as typed form fields), run in a killable worker process like every computation on a file.  In a team event the
teams' odds (by the team standings), unless ``players`` asks for the players'.

Answers are the command line's JSON (``format=html`` or ``text`` for the other outputs); errors are the API's error
shape.  The same request gets the same answer on any machine under any load, and the same as every other face (the
command line, the site's odds page, the live screen): the odds' one rule (:mod:`tiebreak.arbiter.odds.run`): every
outcome when there are at most as many as a simulation would draw, else that many (or ``simulations``, at most
:data:`~tiebreak.arbiter.choices.MAX_SIMULATIONS`) drawn with the event's seed or the one given -- chosen by the
count, never cut by a clock.
The work is bounded by the server's time limit: a request still running then is answered 503 and its worker killed
(:mod:`.workers`).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response

from ..app.odds import render_odds
from ..app.options import OddsOptions
from .errors import ERRORS
from .fields import UploadForm, choice, declared_form, multipart
from .uploads import run_on_upload

router = APIRouter(prefix="/api", tags=["odds"], responses=ERRORS)
#: ``page``: the odds as the HTML page and the website show them, without a page around them (the page's own part)
MEDIA_TYPES = {"json": "application/json", "html": "text/html; charset=utf-8", "text": "text/plain; charset=utf-8",
               "page": "text/html; charset=utf-8"}


@declared_form("odds")
class OddsForm(UploadForm):
    """The ``tiebreak odds`` options as form fields (the declared ones: :data:`tiebreak.app.declared.ODDS_FORM`)."""

    format: Annotated[str | None, choice(*MEDIA_TYPES)] = None

    def options(self) -> OddsOptions:
        """The options of the odds (the one rule of every face: the method chosen by the count; the server's time
        limit ends a request that runs past it in an error, never in another answer)."""
        given = self.model_dump(exclude={"file", "example"}, exclude_none=True)
        given["fix"] = [f for f in given.get("fix", []) if f.strip()] or None
        return OddsOptions(**{"format": "json", **given}, exact=False)


def odds_job(o: OddsOptions, path: str) -> bytes:
    """The odds of one file (run in a worker process)."""
    return render_odds(o, path, []).encode("utf-8")


@router.post("/odds", summary="Who can still win: the chance of every place once the pending games are played",
             openapi_extra=multipart(OddsForm), responses={200: {
                 "description": "the command line's JSON, or HTML or text, or the HTML part the page shows",
                 "content": {kind.split(";")[0]: {} for kind in MEDIA_TYPES.values()}}})
async def odds(request: Request, form: Annotated[OddsForm, Form()]) -> Response:
    body, _ = await run_on_upload(request, form, odds_job, heavy=True)
    return Response(body, media_type=MEDIA_TYPES[form.format or "json"])
