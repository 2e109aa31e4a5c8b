"""Typed form and query fields of the API: each kind checks what a browser or a script sends as text (whole numbers
of ASCII digits inside documented bounds, one of a few choices, true/false) and refuses the rest with an error that
:mod:`tiebreak.web.errors` turns into the documented JSON 400.  The same types give the OpenAPI document its
``minimum``/``maximum``/``enum``, so the document and the checks cannot drift apart.

>>> from pydantic import TypeAdapter, ValidationError
>>> TypeAdapter(Annotated[int, whole_number(0, 9)]).validate_python("7")
7
>>> try:
...     TypeAdapter(Annotated[int, whole_number(0, 9)]).validate_python("²")
... except ValidationError as e:
...     print(e.errors()[0]["type"], e.errors()[0]["ctx"])
whole_number {'low': 0, 'high': 9}
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Annotated, Any, Callable

from fastapi import File, UploadFile
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, GetCoreSchemaHandler, GetJsonSchemaHandler, WithJsonSchema
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from ..app.options import EXTENSIONS, HELP, POINTS_FROM, SYSTEMS, Options
from ..arbiter.clubs import MAX_BEST
from ..engine.numbers import MAX_SEED, MAX_UNRATED_RATING
from ..engine.rules import COMPAT_CHOICES, CUMULATIVE_HALF_BYE, RULE_CHOICES
from ..formats.text import MAX_ROUNDS
from ..render.i18n import LANGUAGES

#: start numbers: far above any real event, far below what is slow to read
MAX_START_NO = 999_999
#: the bounds every face shares (command line, page, API): seeds, rounds, the unrated players' rating
MAX_ROUND = MAX_ROUNDS
MAX_RATING = MAX_UNRATED_RATING
#: what the form fields of text may hold (a tie-break list, a category, a prize list, a Varma list)
MAX_TEXT = 100_000
_DIGITS = re.compile(r"[0-9]{1,20}")
_DECIMAL = re.compile(r"-?[0-9]{1,10}(\.[0-9]{1,10})?")


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


@dataclass(frozen=True)
class FormValue:
    """What a form field holds, as pydantic metadata (``Annotated[int | None, whole_number(0, 9, optional=True)]``):
    ``check`` reads the text sent before the field's own type is validated, and ``schema`` is what the OpenAPI
    document says the field holds.  The field's type stays a plain Python type that mypy sees."""

    check: Callable[[object], object]
    schema: dict[str, Any]

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_before_validator_function(self.check, handler(source))

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema,
                                     handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return dict(self.schema)


def whole_number(low: int, high: int, optional: bool = False) -> FormValue:
    """A whole number of ASCII digits from ``low`` to ``high`` (an empty field is ``None`` when ``optional``), for a
    field of type ``int`` (``int | None`` when optional)."""

    def check(value: object) -> int | None:
        if optional and _blank(value):
            return None
        text = value.strip() if isinstance(value, str) else value
        if isinstance(text, int) and not isinstance(text, bool):
            number = text
        elif isinstance(text, str) and _DIGITS.fullmatch(text):
            number = int(text)
        else:
            number = None
        if number is None or not low <= number <= high:
            raise PydanticCustomError("whole_number", "a whole number from {low} to {high}", {"low": low, "high": high})
        return number

    # documented as what a form can send: a number (an optional field is simply left out)
    return FormValue(check, {"type": "integer", "minimum": low, "maximum": high})


def decimal_number(low: float, high: float) -> FormValue:
    """An optional decimal number (ASCII digits, a point, a minus sign) from ``low`` to ``high``: no exponent,
    no ``nan``, no ``inf``; for a field of type ``float | None``."""

    def check(value: object) -> float | None:
        if _blank(value):
            return None
        text = value.strip() if isinstance(value, str) else str(value)
        if not _DECIMAL.fullmatch(text) or not low <= float(text) <= high:
            raise PydanticCustomError("decimal_number", "a number from {low} to {high}", {"low": low, "high": high})
        return float(text)

    return FormValue(check, {"type": "number", "minimum": low, "maximum": high})


def choice(*choices: str, optional: bool = True) -> FormValue:
    """One of ``choices``, for a field of type ``str``; when ``optional`` (type ``str | None``), also absent or empty
    (``""``, as a form sends an unchosen field: ``None``)."""

    def check(value: object) -> str | None:
        if optional and (value is None or value == ""):
            return None
        if not isinstance(value, str) or value not in choices:
            raise PydanticCustomError("choice", "one of {choices}", {"choices": ", ".join(choices)})
        return value

    return FormValue(check, {"type": "string", "enum": [*choices, ""] if optional else list(choices)})


def _flag(value: object) -> bool:
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "on", "yes"):
        return True
    if text in ("0", "false", "off", "no"):
        return False
    raise PydanticCustomError("flag", "true or false", {})


#: true/false as forms send it (``1``, ``true``, ``on``, ``yes``; ``0``, ``false``, ``off``, ``no``; absent: false)
Flag = Annotated[bool, BeforeValidator(_flag)]


def _text_or_none(value: object) -> object:
    return None if _blank(value) else value


#: a text field; empty is the same as absent
Text = Annotated[Annotated[str, Field(max_length=MAX_TEXT)] | None, BeforeValidator(_text_or_none),
                 WithJsonSchema({"type": "string", "maxLength": MAX_TEXT})]
Seed = Annotated[int | None, whole_number(0, MAX_SEED, optional=True)]
Lang = Annotated[str | None, choice(*LANGUAGES)]
FORMATS = tuple(EXTENSIONS)
#: the team rankings the API offers (a membership file given by path would read the server's disk)
TEAM_RANKINGS = ("federation", "records")


def multipart(form: type[BaseModel]) -> dict[str, Any]:
    """``openapi_extra`` of a route whose form can carry a file: the body is documented as multipart too (a form
    model alone is documented as url-encoded, which the route also accepts)."""
    return {"requestBody": {"content": {"multipart/form-data": {
        "schema": {"$ref": f"#/components/schemas/{form.__name__}"}}}}}


#: which tournament of a file that holds several (a Sharly Chess event: Sharly's tournament number)
Event = Annotated[int | None, whole_number(1, 10**12, optional=True), Field(description=HELP["event"])]


#: where the points come from (every endpoint that reads a file: the one loader's ``points_from``)
PointsFrom = Annotated[str | None, choice(*POINTS_FROM), Field(description=HELP["points_from"])]
#: which reading of C.07: ours, the reference checker's, or the 2023 text to the letter
Compat = Annotated[str | None, choice(*COMPAT_CHOICES), Field(description=HELP["compat"])]
#: the kind of event, overriding the detection
System = Annotated[str | None, choice(*SYSTEMS)]


class StandingsForm(BaseModel):
    """The options of ``tiebreak standings`` as form fields (the uploaded file is its own field, ``file``)."""

    model_config = ConfigDict(extra="ignore")

    file: UploadFile | None = File(None, description="TRF, Chess-JSON, Chess-Results XML, PGN, CSV, XLSX, or a "
                                                     "pairing program's own file (Swiss-Manager .TUNX .TURX .TUTX .TUMX, "
                                                     "Sharly Chess .sce, Swiss-Chess .swt, Papi .papi)")
    example: Text = Field(None, description="name of a bundled example instead of a file",
                          examples=["hobsons-bay-cup-2025.trf"])
    event: Event = None
    tiebreaks: Text = Field(None, examples=["PTS,BH/C1,BH,SB"])
    preset: Text = None
    rules: Annotated[str | None, choice(*RULE_CHOICES)] = None
    after_round: Annotated[int | None, whole_number(0, MAX_ROUND, optional=True)] = None
    unrated_rating: Annotated[int | None, whole_number(0, MAX_RATING, optional=True)] = None
    seed: Seed = None
    no_lots: Flag = False
    system: System = None
    players: Flag = Field(False, description="team event: rank the individual players")
    format: Annotated[str | None, choice(*FORMATS)] = None
    lang: Lang = None
    details: Flag = False
    columns: Text = Field(None, description="player columns: auto, none, or title,fed,rating,club,sex,birth,perf,change")
    category: list[Annotated[str, Field(max_length=1000)]] = Field([], max_length=50,
                                                                    description="category standings to add")
    team_ranking: Annotated[str | None, choice(*TEAM_RANKINGS)] = Field(
        None, description="a team ranking inside the individual event")
    team_best: Annotated[int | None, whole_number(1, MAX_BEST, optional=True)] = None
    team_tiebreaks: Text = Field(None, examples=["TC,CUM"])
    compat: Compat = None
    points_from: PointsFrom = None
    cumulative_half_bye: Annotated[str | None, choice(*CUMULATIVE_HALF_BYE)] = Field(
        None, description="a half-point bye in US-CUM/RU-CUM: deduct its half point or keep it (default: the rule set's)")
    playoff_results: Text = Field(None, examples=["stage mini-match\n7 9 1-0\n9 7 1/2-1/2"],
                                  description="play-off results: 'stage KIND' lines (mini-match, sudden-death, "
                                              "armageddon, round-robin), each followed by its games 'WHITE BLACK "
                                              "RESULT'; the tied players are placed by them (Arbiters' Manual 13.2)")

    def options(self) -> Options:
        """The options of the standings (:class:`tiebreak.app.options.Options`) for this form."""
        names = {f.name for f in fields(Options)}
        given = self.model_dump(include=names, exclude_none=True)
        given["category"] = [c for c in self.category if c.strip()] or None
        return Options(**given)
