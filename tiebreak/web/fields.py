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
from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Annotated, Any, Callable, TypeVar

from fastapi import File, Query, UploadFile
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    WithJsonSchema,
    create_model,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from ..app.declared import EXTENSIONS, MAX_START_NO, OPTIONS, PAGE_FORMAT, Option, for_form
from ..app.options import Options
from ..engine.numbers import MAX_SEED
from ..render.i18n import LANGUAGES

__all__ = ["MAX_NAME", "MAX_START_NO", "MAX_TEXT", "OWN_FIELDS", "EventName", "Flag", "Lang", "LiveLang",
           "Player", "PlayerGiven", "QueryWord", "Seed", "StandingsForm", "Text", "UploadForm", "choice", "declared_form",
           "declared_number", "declared_text", "decimal_number", "multipart", "whole_number"]
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


def decimal_number(low: float, high: float, below: bool = False) -> FormValue:
    """An optional decimal number (ASCII digits, a point, a minus sign) from ``low`` to ``high`` (``below``: ``high``
    itself refused, the schema's ``exclusiveMaximum``): no exponent, no ``nan``, no ``inf``; for a field of type
    ``float | None``."""

    def check(value: object) -> float | None:
        if _blank(value):
            return None
        text = value.strip() if isinstance(value, str) else str(value)
        if not _DECIMAL.fullmatch(text) or not low <= float(text) <= high or (below and float(text) == high):
            raise PydanticCustomError("decimal_number", "a number from {low} to {high}",
                                      {"low": low, "high": high, "below": below})
        return float(text)

    return FormValue(check, {"type": "number", "minimum": low, "exclusiveMaximum" if below else "maximum": high})


def choice(*choices: str, optional: bool = True, read: Callable[[str], str] | None = None) -> FormValue:
    """One of ``choices``, for a field of type ``str``; when ``optional`` (type ``str | None``), also absent or empty
    (``""``, as a form sends an unchosen field: ``None``).  ``read``: the declaration's reading of the word first, as
    the command line reads it (``swissmanager`` is ``Swiss-Manager``)."""

    def check(value: object) -> str | None:
        if optional and (value is None or value == ""):
            return None
        if read is not None and isinstance(value, str):
            value = read(value)
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
#: the longest event name a live query may give (longer: 422, the field named)
MAX_NAME = 300
#: the live screen's and the live API's query fields: an event's name; a language (another gives English); a short
#: word (``arrows``, ``screen``); a player's (a team's) start number, bounded as on every other face (optional, or
#: required)
EventName = Annotated[str | None, Query(max_length=MAX_NAME)]
LiveLang = Annotated[str, Query(max_length=20)]
QueryWord = Annotated[str, Query(max_length=20)]
Player = Annotated[int | None, Query(ge=1, le=MAX_START_NO)]
PlayerGiven = Annotated[int, Query(ge=1, le=MAX_START_NO)]
#: the command line's output formats, and the page's own answer (:data:`~tiebreak.app.options.PAGE_FORMAT`)
FORMATS = (*EXTENSIONS, PAGE_FORMAT)


def multipart(form: type[BaseModel]) -> dict[str, Any]:
    """``openapi_extra`` of a route whose form can carry a file: the body is documented as multipart too (a form
    model alone is documented as url-encoded, which the route also accepts)."""
    return {"requestBody": {"content": {"multipart/form-data": {
        "schema": {"$ref": f"#/components/schemas/{form.__name__}"}}}}}


Number = int | float


def declared_field(o: Option, form: str) -> tuple[Any, Any]:
    """The field of a declared option (:mod:`tiebreak.app.declared`) in the API's ``form``: its type with the checks
    and the schema of its bounds (the API's own upper bound where the declaration gives one) or choices, and its
    pydantic field (absent: ``None``, which the application layer reads as the declared default, documented as the
    field's ``default``), with the declaration's example."""
    extra: dict[str, Any] = {} if o.default is None else {"default": o.default}
    examples = None if o.example is None else [[o.example] if o.many else o.example]
    described = Field(None, description=o.help or None, examples=examples, json_schema_extra=extra or None)
    if o.kind is bool:
        return Flag, Field(False, description=o.help or None)
    if o.many:  # the declaration's bounds of each value and of their number (the command line has none)
        return (list[Annotated[str, Field(max_length=o.longest)]],
                Field([], max_length=o.most, description=o.help, examples=examples))
    if o.kind is int:
        return Annotated[int | None, declared_number(o, optional=True)], described
    if o.kind is float:
        return Annotated[float | None, decimal_number(o.low or 0, o.high or 0, below=o.below)], described
    if o.offered or o.choices:
        offered = (*(o.offered or o.choices), *o.more_choices.get(form, ()))
        return Annotated[str | None, choice(*offered, read=o.read)], described
    if o.longest is not None:
        return declared_text(o), described
    return Text, described


def declared_text(o: Option) -> Any:
    """The field of a declared text with its own bound (:attr:`~tiebreak.app.declared.Option.longest`): empty is the
    same as absent, as for every :data:`Text`."""
    return Annotated[Annotated[str, Field(max_length=o.longest)] | None, BeforeValidator(_text_or_none),
                     WithJsonSchema({"type": "string", "maxLength": o.longest})]


def declared_number(o: Option, optional: bool = False) -> FormValue:
    """The check of a declared whole number, from its lower bound to the API's own upper bound or its ``high``."""
    high = o.server_high if o.server_high is not None else o.high
    return whole_number(int(o.low or 0), int(high if high is not None else 10**12), optional=optional)


Model = TypeVar("Model", bound=BaseModel)


def declared_form(form: str, options: Iterable[Option] | None = None) -> Callable[[type[Model]], type[Model]]:
    """A form model's decorator: the model with its own fields and those of every option declared for ``form``
    (:func:`tiebreak.app.declared.for_form`; ``options``: those, with the bounds and choices of ``form``), under its
    own name."""

    def made(base: type[Model]) -> type[Model]:
        given = for_form(form) if options is None else options
        fields_: dict[str, Any] = {o.dest: declared_field(o, form) for o in given}
        return create_model(base.__name__, __base__=base, __module__=base.__module__, **fields_)

    return made


#: the fields of the API's forms that are no option of a command, each with the reason (tests/test_declared.py:
#: every other field is declared in tiebreak.app.declared)
OWN_FIELDS = {
    "file": "the uploaded tournament file (the command line names a file on the user's own disk)",
    "example": "a bundled example instead of an upload",
    "lang": "the language of the answer and its errors (the command line's --lang, declared, says it for messages)",
    "format": "the answer's media type, each endpoint's own (JSON by default, where the command line writes text)",
    "published": "the published standings as an upload or its text (check --published names files on disk)",
    "files": "the series' uploaded events (series FILE... on the command line)",
}


class UploadForm(BaseModel):
    """What every form on a file has: the file, or a bundled example instead."""

    model_config = ConfigDict(extra="ignore")

    file: UploadFile | None = File(None, description="TRF, Chess-JSON, Chess-Results XML, PGN, CSV, XLSX, or a "
                                                     "pairing program's own file (Swiss-Manager .TUNX .TURX .TUTX .TUMX, "
                                                     "Sharly Chess .sce, Swiss-Chess .swt, Papi .papi)")
    example: Text = Field(None, description="name of a bundled example instead of a file",
                          examples=["hobsons-bay-cup-2025.trf"])
    lang: Lang = None

    @model_validator(mode="before")
    @classmethod
    def _known_fields(cls, data: Any) -> Any:
        """A field no form of the API has (a misspelt ``categories`` for ``category``) is refused, naming it; a field
        of another form (the page sends one form to every request) is left out, as before."""
        if isinstance(data, dict):
            unknown = sorted(k for k in data if isinstance(k, str) and k not in form_field_names())
            if unknown:
                raise PydanticCustomError("unknown_field", "unknown field {fields}", {"fields": ", ".join(unknown)})
        return data


def form_field_names() -> set[str]:
    """Every field of every form of the API: the forms on a file (:class:`UploadForm` and the forms made from it) and
    every declared option of a form (the Varma draw's ``list``: the page sends one form to every request)."""
    names: set[str] = {o.dest for o in OPTIONS.values() if o.forms}
    todo: list[type[BaseModel]] = [UploadForm]
    while todo:
        form = todo.pop()
        names.update(form.model_fields)
        todo.extend(form.__subclasses__())
    return names


@declared_form("standings")
class StandingsForm(UploadForm):
    """The options of ``tiebreak standings`` as form fields (the uploaded file is its own field, ``file``; the
    declared options of :data:`~tiebreak.app.declared.STANDINGS_FORM`)."""

    format: Annotated[str | None, choice(*FORMATS)] = Field(
        None, description="json (default), a download's format (as --format), or page: the web page's parts of the "
                          "standings as HTML in the request's language (docs/reference/web-api.md)")

    def options(self) -> Options:
        """The options of the standings (:class:`tiebreak.app.options.Options`) for this form."""
        names = {f.name for f in fields(Options)}
        given = self.model_dump(include=names, exclude_none=True)
        given["category"] = [c for c in given.get("category", []) if c.strip()] or None
        return Options(**given)
