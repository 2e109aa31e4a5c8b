"""The page (``/``): one HTML document in the language asked for; its script and style are served from ``/static``."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse

from ..app.declared import EXTENSIONS, OPTIONS, SYSTEM_WORDS
from ..arbiter.columns import COLUMNS
from ..engine.presets import PRESETS
from ..engine.specifier import MODIFIER_BOUNDS, MODIFIER_LENGTH, MODIFIER_PATTERN
from ..formats.published import SUFFIXES as PUBLISHED
from ..formats.readers import ACCEPTED
from ..render.i18n import LANGUAGES, message
from ..render.table_style import TABLE_CSS
from ..render.templating import environment
from . import page_words
from .api_tools import catalogue_entries
from .uploads import EXAMPLES

HERE = Path(__file__).parent
router = APIRouter(include_in_schema=False)
_env = environment()


#: what the page's script checks as it is typed, from the engine's own declarations (never a copy in app.js): a
#: modifier's pattern and the bounds of its number
SCRIPT_LIMITS = {"modifier_pattern": MODIFIER_PATTERN, "modifier_bounds": MODIFIER_BOUNDS,
                 "modifier_length": MODIFIER_LENGTH}


#: the groups of words the page's script puts in (its labels, the messages of a modifier typed): the server renders
#: every other text
SCRIPT_WORDS = ("page", "words", "ratings")
#: the page, made once per language (a GET only serves it: nothing is computed on the event loop per request)
_PAGES: dict[str, str] = {}


@router.get("/", response_class=HTMLResponse)
async def page(lang: Annotated[str, Query(max_length=20)] = "en") -> HTMLResponse:
    lang = lang if lang in LANGUAGES else "en"
    if lang not in _PAGES:
        _PAGES[lang] = _page(lang)
    return HTMLResponse(_PAGES[lang])


def _page(lang: str) -> str:
    all_words = page_words.page_words(lang)
    return _env.get_template("index.html").render(
        lang=lang, w=all_words["words"], p=all_words["page"], r=all_words["ratings"], languages=LANGUAGES,
        opts=OPTIONS, player_columns=tuple(COLUMNS), catalogue=catalogue_entries(lang), table_css=TABLE_CSS,
        presets=[replace(pr, source=message(pr.source, lang)) for pr in PRESETS.values()],  # their tooltips
        examples=sorted(p.name for p in EXAMPLES.glob("*.trf")) if EXAMPLES.is_dir() else [],
        formats=[f for f in EXTENSIONS if f != "json"], accept=",".join(ACCEPTED),
        accept_published=",".join(PUBLISHED), system_words=SYSTEM_WORDS,
        words_json=json.dumps({k: all_words[k] for k in SCRIPT_WORDS}, ensure_ascii=False).replace("<", "\\u003c"),
        limits_json=json.dumps(SCRIPT_LIMITS).replace("<", "\\u003c"))
